"""Error pages in the site's style that say what to do, for a player on a phone and an organiser at
the laptop; a busy or read-only database answers 503 "try again in a moment", never a bare 500;
a table's old QR code says the table has a new code."""

import re
from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from clubs.models import ClubAccess
from tests.factories import give_access, make_user

HX = {"HX-Request": "true"}


def _in_site_style(page: str) -> None:
    assert "/static/whistdrive/site.css" in page and "♠ WhistDrive" in page
    assert "Playing at a table?" in page and "Running the evening?" in page


def _alert(page: str) -> str:
    """The first sentence, which site.js shows in the page when htmx gets this answer."""
    return re.search(r"data-alert>([^<]*)<", page).group(1)


@pytest.mark.django_db
def test_an_unknown_page_says_what_to_do():
    response = Client().get("/no-such-page/")
    page = response.content.decode()
    assert response.status_code == 404
    _in_site_style(page)
    assert _alert(page) == "This page is not here."
    assert "Scan the QR code on your table again" in page and 'href="/"' in page


def test_a_page_the_user_may_not_open_says_what_to_do(cast, running):
    scorer = make_user("sid")
    give_access(scorer, cast["club_a"], ClubAccess.Role.SCORER)
    sid = Client()
    sid.force_login(scorer)
    response = sid.get(reverse("member_add", args=[cast["club_a"].pk]))
    page = response.content.decode()
    assert response.status_code == 403
    _in_site_style(page)
    assert _alert(page) == "You cannot open this page."


def test_a_post_from_a_page_left_open_too_long_says_reload(running):
    phone = Client(enforce_csrf_checks=True)
    response = phone.post(reverse("table_enter", args=[running["table"].token]), {"hand": 1, "tricks": 7})
    page = response.content.decode()
    assert response.status_code == 403
    _in_site_style(page)
    assert _alert(page) == "This page was open too long to send: reload it and try again."
    assert "Nothing was entered" in page


@pytest.mark.django_db
def test_a_request_for_another_host_on_a_server_says_which_setting(settings):
    settings.ALLOWED_HOSTS = ["whist.example.org"]
    response = Client().get("/login/", HTTP_HOST="elsewhere.example.com")
    page = response.content.decode()
    assert response.status_code == 400
    _in_site_style(page)
    assert "DJANGO_ALLOWED_HOSTS" in page


def test_a_bug_is_a_friendly_500(running):
    phone = Client(raise_request_exception=False)
    with mock.patch("whistdrive.evening.phones.drawing.drawing", side_effect=ValueError("a bug")):
        response = phone.get(reverse("table", args=[running["table"].token]))
    page = response.content.decode()
    assert response.status_code == 500
    _in_site_style(page)
    assert _alert(page) == "Something went wrong in WhistDrive."
    assert "is safe" in page


@pytest.mark.parametrize(
    "error",
    [
        OperationalError("database is locked"),
        OperationalError("attempt to write a readonly database"),
        OperationalError("database or disk is full"),
    ],
)
def test_a_busy_or_read_only_database_is_a_503_that_says_try_again_in_a_moment(running, error):
    phone = Client(raise_request_exception=False)
    table = running["table"]
    phone.post(reverse("table_seat", args=[table.token]), {"seat": "N"})
    with mock.patch("whistdrive.evening.entry.submit", side_effect=error):
        response = phone.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 7}, headers=HX)
    page = response.content.decode()
    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    _in_site_style(page)
    assert _alert(page) == "WhistDrive is busy: try again in a moment."
    assert "Nothing is lost" in page


def test_a_table_s_old_qr_code_says_the_table_has_a_new_code(cast, running):
    table, event = running["table"], running["event"]
    phone = Client()
    phone.post(reverse("table_seat", args=[table.token]), {"seat": "N"})
    old = table.token
    olive = Client()
    olive.force_login(cast["olive"])
    olive.post(reverse("event_live_new_token", args=[event.pk, table.number]))
    # The phone's next poll (htmx) and a reload both say so, in words, with 410 Gone.
    for response in (phone.get(reverse("table", args=[old]), headers=HX), phone.get(reverse("table", args=[old]))):
        page = response.content.decode()
        assert response.status_code == 410
        assert _alert(page) == "This table has a new code: scan the card on the table."
        assert "Not Found" not in page
    # Only a table's last few old codes are kept.
    for _ in range(5):
        olive.post(reverse("event_live_new_token", args=[event.pk, table.number]))
    assert table.retired_tokens.count() == 3
    assert Client().get(reverse("table", args=[old])).status_code == 404
