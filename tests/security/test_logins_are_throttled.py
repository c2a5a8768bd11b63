"""Logins are throttled per address, and hashing passwords never takes the phones' threads.

Found by trying: 4-7 password guesses a second on /login/ and /admin/login/, for ever; 32 parallel
login posts slowed phone pages from 8 ms to 2.5 s (each hash takes a core for a third of a second).
The cost is measured in bench/login_flood.py (docs/benchmarks.md), not here.
"""

import html
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from whistdrive.web import logins

PASSWORD = "correct horse battery"  # tests/factories.make_user's


@pytest.fixture(autouse=True)
def _fresh():
    cache.clear()


def attempt(client, url, username, password):
    return client.post(url, {"username": username, "password": password})


@pytest.mark.parametrize("url", ["/login/", "/admin/login/"])
def test_an_address_past_ten_wrong_passwords_is_locked_out_for_a_while(cast, url, settings):
    guesser = Client(REMOTE_ADDR="203.0.113.60")
    answers = [attempt(guesser, url, "olive", f"guess {n}").status_code for n in range(12)]
    assert answers[:9] == [200] * 9  # the form again, "enter a correct username and password"
    assert answers[9:] == [429] * 3
    locked = attempt(guesser, url, "olive", PASSWORD)
    assert locked.status_code == 429  # even the right password, from there, for now
    page = html.unescape(locked.content.decode())
    assert "Too many wrong passwords from this device." in page
    assert "Players never need to log in" in page
    assert "_auth_user_id" not in guesser.session
    # Olive, at her own laptop, logs in as usual.
    olive = Client(REMOTE_ADDR="198.51.100.61")
    assert attempt(olive, url, "olive", PASSWORD).status_code == 302


def test_guessing_other_names_counts_against_the_address_too(cast):
    guesser = Client(REMOTE_ADDR="203.0.113.62")
    for n in range(10):
        attempt(guesser, "/login/", f"someone{n}", "password")
    assert attempt(guesser, "/login/", "olive", PASSWORD).status_code == 429


def test_a_right_password_clears_the_count(cast):
    olive = Client(REMOTE_ADDR="198.51.100.63")
    for _ in range(9):
        attempt(olive, "/login/", "olive", "typo")
    assert attempt(olive, "/login/", "olive", PASSWORD).status_code == 302
    olive.logout()
    for _ in range(9):
        assert attempt(olive, "/login/", "olive", "typo").status_code == 200


def test_a_login_while_a_password_is_being_hashed_is_told_to_try_again_at_once(cast, running):
    assert logins._hashing.acquire(blocking=False)  # a password is being hashed
    try:
        with mock.patch("django.contrib.auth.backends.ModelBackend.authenticate") as hashing:
            # From another device of the hall: the laptop itself has a slot of its own
            # (test_the_organiser_is_never_locked_out_by_a_login_flood.py).
            busy = attempt(Client(REMOTE_ADDR="192.168.1.66"), "/login/", "olive", PASSWORD)
        assert not hashing.called  # no password hashed, no thread held waiting for the slot
        assert busy.status_code == 503 and busy["Retry-After"]
        assert "Someone else is logging in at this moment" in html.unescape(busy.content.decode())
        # The phones are served meanwhile.
        assert Client().get(reverse("table", args=[running["table"].token])).status_code == 200
    finally:
        logins._hashing.release()
    assert attempt(Client(), "/login/", "olive", PASSWORD).status_code == 302


def test_the_count_is_kept_per_address_behind_a_proxy(cast, settings):
    settings.HOSTED = True
    settings.WHISTDRIVE_TRUSTED_PROXIES = ["127.0.0.1"]  # nginx, as the hosted set-up lists it
    # A guesser forging the first X-Forwarded-For entry is still counted at the address the proxy saw.
    for n in range(10):
        Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}, 203.0.113.64").post(
            "/login/", {"username": "olive", "password": "no"}
        )
    assert (
        Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.64")
        .post("/login/", {"username": "olive", "password": PASSWORD})
        .status_code
        == 429
    )
    assert (
        Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.65")
        .post("/login/", {"username": "olive", "password": PASSWORD})
        .status_code
        == 302
    )
