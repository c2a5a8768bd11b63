import pytest


@pytest.fixture(autouse=True)
def _a_phones_address(settings):
    """The documents are fetched at the laptop's LAN address, as an organiser printing table cards
    does; in hosted mode (the suite on PostgreSQL) only listed hosts are served, so list it."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20", "testserver"]
