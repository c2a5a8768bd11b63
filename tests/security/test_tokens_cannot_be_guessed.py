"""Tokens are 256-bit secrets; a wrong one is a plain 404; hosted installs limit wrong guesses per address."""

import base64
import json
import re
import subprocess
import sys

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.foundation.drive_process import REPO, laptop_env
from whistdrive.engines.tokens import new_token
from whistdrive.web import ratelimit

URLSAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@pytest.fixture(autouse=True)
def _fresh_counts():
    cache.clear()
    yield
    cache.clear()


def _wrong():
    return new_token()


def test_every_token_carries_256_random_bits(running):
    event = running["event"]
    tokens = [t.token for t in event.tables.all()] + list(event.entrants.values_list("token", flat=True))
    tokens.append(event.board_token)
    assert len(set(tokens)) == len(tokens)
    for token in tokens:
        assert set(token) <= URLSAFE
        assert len(base64.urlsafe_b64decode(token + "=")) == 32


def test_a_wrong_token_is_a_plain_404_that_gives_no_hint(running):
    table = running["table"]
    near_miss = table.token[:-1] + ("A" if table.token[-1] != "A" else "B")
    bodies = set()
    for url in (f"/t/{near_miss}/", f"/t/{_wrong()}/", "/t/x/", f"/p/{near_miss}/", f"/board/{_wrong()}/",
                f"/t/{_wrong()}/enter/", "/no-such-page/"):  # fmt: skip
        response = Client().get(url)
        assert response.status_code in (404, 405), url
        if response.status_code == 404:
            # The page's own form token is masked afresh for every page: it is not a hint.
            bodies.add(re.sub(rb'"X-CSRFToken": "[^"]*"', b"", response.content))
    # A near miss, a random token and a page that does not exist at all look the same.
    assert len(bodies) == 1
    assert table.token[:8].encode() not in bodies.pop()


def test_on_a_laptop_wrong_tokens_are_not_limited(running, settings):
    settings.TOKEN_RATE_LIMIT = 0
    phone = Client()
    assert all(phone.get(f"/t/{_wrong()}/").status_code == 404 for _ in range(40))
    assert phone.get(reverse("table", args=[running["table"].token])).status_code == 200


def test_past_the_limit_of_wrong_tokens_an_address_gets_429_with_a_clear_message(running, settings):
    settings.TOKEN_RATE_LIMIT = 5
    scanner = Client(REMOTE_ADDR="203.0.113.9")
    assert [scanner.get(f"/t/{_wrong()}/").status_code for _ in range(5)] == [404] * 5
    assert scanner.get(f"/p/{_wrong()}/").status_code == 404  # the sixth wrong token, on another kind of link
    blocked = scanner.get(f"/board/{_wrong()}/")
    assert blocked.status_code == 429
    assert "Too many wrong table or player links" in blocked.content.decode()
    assert blocked["Retry-After"] == "600"
    # A right link is still served, even from this address: a hall's phones share one address, and
    # guessing is hopeless anyway (256 bits; see docs/robustness.md).
    assert scanner.get(reverse("table", args=[running["table"].token])).status_code == 200
    assert scanner.get(f"/t/{_wrong()}/enter/").status_code == 429
    # Another phone in the hall is not held up by the scanner.
    assert Client(REMOTE_ADDR="198.51.100.7").get(reverse("table", args=[running["table"].token])).status_code == 200


def test_a_phone_polling_an_old_qr_code_counts_once(running, settings):
    settings.TOKEN_RATE_LIMIT = 5
    phone = Client(REMOTE_ADDR="203.0.113.10")
    stale = _wrong()
    assert all(phone.get(f"/t/{stale}/", headers={"HX-Request": "true"}).status_code == 404 for _ in range(50))
    assert phone.get(reverse("table", args=[running["table"].token])).status_code == 200


def test_the_limit_ends_with_its_window(running, settings, monkeypatch):
    settings.TOKEN_RATE_LIMIT = 2
    now = [1_000_000.0]
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    scanner = Client(REMOTE_ADDR="203.0.113.11")
    for _ in range(3):
        scanner.get(f"/t/{_wrong()}/")
    assert scanner.get(f"/t/{_wrong()}/").status_code == 429
    now[0] += settings.TOKEN_RATE_WINDOW + 1
    assert scanner.get(reverse("table", args=[running["table"].token])).status_code == 200


def test_hosted_behind_a_proxy_the_address_the_proxy_saw_is_counted(running, settings):
    settings.TOKEN_RATE_LIMIT = 2
    settings.HOSTED = True
    proxy = "127.0.0.1"
    settings.WHISTDRIVE_TRUSTED_PROXIES = [proxy]  # nginx, as the hosted set-up lists it
    # The scanner forges a first X-Forwarded-For entry; the proxy appends the real address last.
    scanner = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="10.9.9.9, 203.0.113.12")
    for _ in range(3):
        scanner.get(f"/t/{_wrong()}/")
    assert scanner.get(f"/t/{_wrong()}/").status_code == 429
    other = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.12, 198.51.100.20")
    assert other.get(reverse("table", args=[running["table"].token])).status_code == 200


def test_organiser_pages_are_not_counted(cast, running, settings):
    settings.TOKEN_RATE_LIMIT = 1
    olive = Client(REMOTE_ADDR="203.0.113.13")
    olive.force_login(cast["olive"])
    for _ in range(5):
        assert olive.get("/events/999999/").status_code == 404
    assert olive.get(reverse("table", args=[running["table"].token])).status_code == 200


def _setting_in(data_dir, **env) -> int:
    code = "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'whistdrive.settings'); django.setup();"
    code += "from django.conf import settings; import json; print(json.dumps(settings.TOKEN_RATE_LIMIT))"
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=laptop_env(data_dir, **env),
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.mark.slow
def test_the_limit_is_30_when_hosted_off_on_a_laptop_and_the_setting_overrides_both(tmp_path):
    assert _setting_in(tmp_path) == 0
    assert _setting_in(tmp_path, WHISTDRIVE_HOSTED="1") == 30
    assert _setting_in(tmp_path, WHISTDRIVE_HOSTED="1", WHISTDRIVE_TOKEN_RATE_LIMIT="0") == 0
    assert _setting_in(tmp_path, WHISTDRIVE_TOKEN_RATE_LIMIT="12") == 12
