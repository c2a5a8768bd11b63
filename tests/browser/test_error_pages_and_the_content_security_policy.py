"""The error pages as a player's phone (390×844) and the organiser's laptop (1366×768) show them, an
htmx tap that gets one says so in the page, and every page (the organiser's, the admin's, the
phones', the board) keeps to the Content-Security-Policy: the ``hall`` fixture fails any browser
test in which the browser refused something.

Screenshots go to artifacts/browser/<test>/ for a person to look at.
"""

import re
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError

from tests.browser.conftest import db_quiet, log_in
from tests.factories import add_entrants, give_access, make_club, make_event
from whistdrive.engines.formats import Format
from whistdrive.evening import running
from whistdrive.store.models import Seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture
def evening_on(live_server):
    club = make_club()
    olive = get_user_model().objects.create_superuser("olive", "", "correct horse battery")
    give_access(olive, club)
    event = make_event(club, Format(hands=4, interval_after=2), name="Tuesday drive")
    add_entrants(event, 4, 4)
    running.start_event(event, seed=7)
    return event


def _seat(page, live_server, table, seat="N"):
    with db_quiet(live_server):
        name = Seating.objects.get(table=table, hand=1, seat=seat).entrant.name
    page.get_by_role("button", name=name).click()
    page.get_by_role("button", name="we took 7, they took 6").wait_for()


def test_the_error_pages_on_a_phone_and_a_laptop(hall, live_server, evening_on, settings):
    event = evening_on
    table = event.tables.get(number=1)
    pages = {
        "404": "/no-such-page/",
        "400": f"/board/{event.board_token}/?" + "&".join(f"x{n}=1" for n in range(1200)),
    }
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        device = hall.device(viewport)
        for code, url in pages.items():
            response = device.goto(url)
            assert response.status == int(code)
            assert device.locator("[data-alert]").is_visible()
            hall.shot(device, f"{code}-{size}")
        with mock.patch("whistdrive.evening.phones.drawing.drawing", side_effect=ValueError("a bug")):
            assert device.goto(table.get_absolute_url()).status == 500
        hall.shot(device, f"500-{size}")
        with mock.patch(
            "whistdrive.evening.phones.drawing.drawing", side_effect=OperationalError("database is locked")
        ):
            response = device.goto(table.get_absolute_url())
            assert response.status == 503 and response.headers["retry-after"] == "10"
        hall.shot(device, f"503-{size}")

    settings.TOKEN_RATE_LIMIT = 1
    settings.HOSTED = False
    phone = hall.device(PHONE)
    phone.goto("/t/not-a-table-at-all/")
    phone.goto("/t/nor-is-this-one/")
    assert phone.goto("/p/or-this/").status == 429
    hall.shot(phone, "429-phone")

    organiser = hall.device(LAPTOP)
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/clubs/{event.club_id}/members/add/")
    with db_quiet(live_server):
        scorer = get_user_model().objects.create_user("sid", password="correct horse battery")
        give_access(scorer, event.club, "scorer")
    other = hall.device(LAPTOP)
    log_in(other, "sid", "correct horse battery")
    assert other.goto(f"/clubs/{event.club_id}/members/add/").status == 403
    hall.shot(other, "403-laptop")


def test_a_tap_that_gets_an_error_says_so_on_the_phone(hall, live_server, evening_on):
    event = evening_on
    table = event.tables.get(number=1)
    phone = hall.device(PHONE)
    phone.goto(table.get_absolute_url())
    _seat(phone, live_server, table)
    seven = phone.get_by_role("button", name="we took 7, they took 6")

    # The laptop's database is busy past its wait: the tap says "try again"; the keypad stays.
    with mock.patch("whistdrive.evening.entry.submit", side_effect=OperationalError("database is locked")):
        seven.click()
        alert = phone.locator("#wd-alert")
        alert.wait_for()
        assert alert.inner_text() == "WhistDrive is busy: try again in a moment."
    hall.shot(phone, "busy-tap")

    # A page whose cookies are gone (open for days, or cleared) cannot post: it says to reload.
    phone.context.clear_cookies()
    seven.click()
    phone.get_by_text("This page was open too long to send: reload it and try again.").wait_for()
    hall.shot(phone, "csrf-tap")

    # Reloaded, the phone chooses its seat again and its tap works; the alert is gone.
    phone.reload()
    _seat(phone, live_server, table)
    phone.get_by_role("button", name="we took 7, they took 6").click()
    phone.get_by_text("You said North–South 7, East–West 6").wait_for()
    assert phone.locator("#wd-alert").count() == 0


def test_a_phone_holding_a_tables_old_code_is_told_it_has_a_new_one(hall, live_server, evening_on):
    event = evening_on
    table = event.tables.get(number=2)
    phone = hall.device(PHONE)
    phone.goto(table.get_absolute_url())
    _seat(phone, live_server, table)
    organiser = hall.device(LAPTOP)
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/events/{event.pk}/live/tables/2/hands/1/")
    organiser.get_by_role("button", name="Issue a new QR code for table 2").click()
    organiser.get_by_text("Table 2 has a new QR code").wait_for()
    # The phone's next poll says so in the page; a reload shows the whole page.
    alert = phone.locator("#wd-alert")
    alert.wait_for(timeout=15_000)
    assert alert.inner_text() == "This table has a new code: scan the card on the table."
    hall.shot(phone, "old-code-poll")
    assert phone.reload().status == 410
    hall.shot(phone, "old-code-page")


def test_the_organiser_and_admin_pages_keep_to_the_policy(hall, live_server, evening_on):
    event = evening_on
    organiser = hall.device(LAPTOP)
    log_in(organiser, "olive", "correct horse battery")
    club = event.club_id
    for url in (
        "/",
        f"/clubs/{club}/",
        f"/clubs/{club}/members/",
        f"/clubs/{club}/members/add/",
        f"/clubs/{club}/seasons/add/",
        f"/clubs/{club}/leagues/",
        f"/clubs/{club}/events/new/",
        f"/events/{event.pk}/",
        f"/events/{event.pk}/desk/",
        f"/events/{event.pk}/live/",
        f"/events/{event.pk}/standings/",
        f"/events/{event.pk}/prizes/",
        f"/events/{event.pk}/archive/",
        f"/board/{event.board_token}/",
        "/admin/",
        "/admin/clubs/member/add/",
        "/admin/clubs/clubaccess/add/",
        "/admin/whistdrive/event/",
        f"/admin/whistdrive/event/{event.pk}/change/",
    ):
        assert organiser.goto(url).status == 200, url
    # The admin's own scripts run: its date shortcut ("Today") is drawn by admin JavaScript.
    organiser.goto(f"/admin/whistdrive/event/{event.pk}/change/")
    organiser.get_by_role("link", name="Today").first.wait_for()
    hall.shot(organiser, "admin-event")
    # The members search (htmx) still narrows the list as the organiser types.
    organiser.goto(f"/clubs/{club}/members/")
    hall.shot(organiser, "members")


def test_the_live_page_shows_one_phone_at_both_sides_of_a_table(hall, live_server, evening_on):
    event = evening_on
    table = event.tables.get(number=1)
    phone = hall.device(PHONE)
    phone.goto(table.get_absolute_url())
    _seat(phone, live_server, table)
    phone.get_by_role("button", name="we took 13, they took 0").click()
    phone.get_by_role("button", name=re.compile(r"\(E\): agree")).click()
    phone.get_by_text("Agreed: North–South 13, East–West 0").wait_for()
    organiser = hall.device(LAPTOP)
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/events/{event.pk}/live/")
    organiser.get_by_text("Entered and agreed on one phone").wait_for()
    hall.shot(organiser, "live-one-phone")
    organiser.goto(f"/events/{event.pk}/live/tables/1/hands/1/")
    hall.shot(organiser, "result-history")
