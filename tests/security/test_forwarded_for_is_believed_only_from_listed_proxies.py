"""X-Forwarded-For is believed only from a proxy listed in WHISTDRIVE_TRUSTED_PROXIES (whistdrive/server/addresses.py).

Found by trying: a hosted install with no proxy in front believed the last X-Forwarded-For entry of any
request, so a guesser who wrote a new address in it on every request dodged every per-address limit (the
wrong-link limit, the wrong-password lockout).
"""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.security.test_logins_are_throttled import PASSWORD, attempt
from whistdrive.engines.tokens import new_token
from whistdrive.server import addresses

NGINX = "127.0.0.1"


@pytest.fixture(autouse=True)
def _fresh_counts(settings):
    settings.HOSTED = True
    settings.TOKEN_RATE_LIMIT = 2
    cache.clear()
    yield
    cache.clear()


def scanner_forging(n: int, *, via: str = "203.0.113.40") -> Client:
    """A client connecting from ``via`` that names a new address of its own in X-Forwarded-For each time."""
    return Client(REMOTE_ADDR=via, HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")


def test_with_no_proxy_listed_a_forged_header_is_ignored_and_wrong_links_are_counted_at_the_peer(running, settings):
    settings.WHISTDRIVE_TRUSTED_PROXIES = []
    answers = [scanner_forging(n).get(f"/t/{new_token()}/").status_code for n in range(4)]
    assert answers == [404, 404, 404, 429]
    # Another device is not held up by the scanner's count...
    assert Client(REMOTE_ADDR="203.0.113.41").get(f"/t/{new_token()}/").status_code == 404
    # ...and the scanner's right link still opens its table.
    assert scanner_forging(9).get(reverse("table", args=[running["table"].token])).status_code == 200


def test_a_header_from_an_address_that_is_not_a_listed_proxy_is_ignored(running, settings):
    settings.WHISTDRIVE_TRUSTED_PROXIES = [NGINX]
    answers = [scanner_forging(n).get(f"/t/{new_token()}/").status_code for n in range(4)]
    assert answers[-1] == 429


def test_from_a_listed_proxy_the_address_it_saw_is_counted(running, settings):
    settings.WHISTDRIVE_TRUSTED_PROXIES = [NGINX]
    # Two devices behind nginx: each is counted on its own.
    answers = [scanner_forging(n % 2, via=NGINX).get(f"/t/{new_token()}/").status_code for n in range(6)]
    assert answers == [404] * 6
    assert scanner_forging(0, via=NGINX).get(f"/t/{new_token()}/").status_code == 429
    assert scanner_forging(7, via=NGINX).get(f"/t/{new_token()}/").status_code == 404


def test_wrong_passwords_from_forged_addresses_lock_out_the_peer(cast, settings):
    settings.WHISTDRIVE_TRUSTED_PROXIES = []
    for n in range(10):
        attempt(scanner_forging(n), "/login/", "olive", "no")
    assert attempt(scanner_forging(11), "/login/", "olive", PASSWORD).status_code == 429
    assert attempt(Client(REMOTE_ADDR="203.0.113.42"), "/login/", "olive", PASSWORD).status_code == 302


@pytest.mark.parametrize(
    ("peer", "forwarded", "proxies", "counted"),
    [
        ("203.0.113.5", "10.0.0.1", [], "203.0.113.5"),
        ("203.0.113.5", "10.0.0.1", ["127.0.0.1"], "203.0.113.5"),
        ("127.0.0.1", "10.0.0.1, 203.0.113.6", ["127.0.0.1"], "203.0.113.6"),
        # Two proxies of one's own (a load balancer, then nginx): the first address neither of them is.
        ("127.0.0.1", "6.6.6.6, 203.0.113.7, 10.1.2.3", ["127.0.0.1", "10.0.0.0/8"], "203.0.113.7"),
        ("127.0.0.1", "", ["127.0.0.1"], "127.0.0.1"),
        ("127.0.0.1", "not an address", ["127.0.0.0/8"], "not an address"),
    ],
)
def test_the_address_counted(peer, forwarded, proxies, counted, settings):
    settings.WHISTDRIVE_TRUSTED_PROXIES = proxies
    assert addresses.forwarded_address(peer, forwarded) == counted


def test_a_bad_list_stops_the_server_saying_what_to_write(tmp_path):
    import subprocess
    import sys

    from tests.foundation.drive_process import REPO, laptop_env

    env = laptop_env(tmp_path, WHISTDRIVE_TRUSTED_PROXIES="127.0.0.1, nginx")
    code = "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'whistdrive.settings'); django.setup()"
    ran = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert ran.returncode != 0
    assert "WHISTDRIVE_TRUSTED_PROXIES must be addresses or networks separated by commas" in ran.stderr
