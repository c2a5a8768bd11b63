import pytest


@pytest.fixture(autouse=True)
def _plain_http(settings):
    # The PostgreSQL runs are in hosted mode, which redirects plain http to https.
    settings.SECURE_SSL_REDIRECT = False
