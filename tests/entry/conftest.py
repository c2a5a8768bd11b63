import pytest


@pytest.fixture(autouse=True)
def _plain_http(settings):
    # Hosted mode (DATABASE_URL set, as in the PostgreSQL runs) redirects http to https;
    # the phone tests speak plain http like a laptop in a village hall.
    settings.SECURE_SSL_REDIRECT = False
