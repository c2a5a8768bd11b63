"""The organiser's live page on a 1366×768 laptop: how long each table has been playing or waiting,
and a table's call rings and flashes (switchable), not only in the list (#16.5)."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import HALL_LAPTOP, HALL_PHONE, db_quiet, log_in, serious_violations
from tests.factories import give_access, make_user, started_event, table_of
from whistdrive.evening import entry
from whistdrive.store.models import Event, Result
from whistdrive.store.rows import bump_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def event():
    event = started_event(ladies=6, gents=6, name="Friday drive")
    give_access(make_user("olive"), event.club)
    return event


def test_each_table_shows_how_long_it_has_been_playing_or_waiting(hall, live_server, event):
    with db_quiet(live_server):
        Event.objects.filter(pk=event.pk).update(hand_started=timezone.now() - datetime.timedelta(minutes=7))
        one = table_of(event, 1)
        entry.submit(one, hand=1, seat="N", tricks_ours=8)
        entry.agree(one, hand=1, seat="E")
        Result.objects.filter(table=one).update(created=timezone.now() - datetime.timedelta(minutes=3))
        # History rewritten: a result agreed three minutes ago. Its store bumped the table (Result.save), and
        # the server keeps the table's state by its revision (entry.kept_state): the rewrite bumps it too.
        bump_table(one.pk)
    organiser = hall.device(HALL_LAPTOP)
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/events/{event.pk}/live/")
    expect(organiser.locator('.live-table[data-table="1"] .clock')).to_have_text("waiting 3 min")
    expect(organiser.locator('.live-table[data-table="2"] .clock')).to_have_text("playing 7 min")
    hall.shot(organiser, "live-clocks")
    assert serious_violations(organiser) == []


def _call_from_a_phone(hall, table, reason: str) -> None:
    phone = hall.device(HALL_PHONE)
    phone.goto(table.get_absolute_url())
    phone.locator("details.call summary").click()
    phone.get_by_role("button", name=reason).click()
    phone.get_by_text("The organiser has been called").wait_for()


def _after_the_next_poll(page) -> None:
    """Returns once the live page's next poll has been swapped in and its calls checked: live.js checks them on
    htmx's afterSettle, and this listener, added after its own on the same node, runs after it."""
    page.evaluate(
        "() => new Promise(done => document.addEventListener('htmx:afterSettle', () => done(), {once: true}))"
    )


def test_a_tables_call_rings_and_flashes_on_the_live_page(hall, live_server, event):
    organiser = hall.device(HALL_LAPTOP)
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/events/{event.pk}/live/")
    organiser.get_by_text("0 of 3 tables agreed").wait_for()
    assert organiser.locator("body").get_attribute("data-calls-rung") is None
    _call_from_a_phone(hall, table_of(event, 2), "Misdeal")
    call = organiser.locator(".call-item").filter(has_text="Table 2")
    expect(call).to_have_class("call-item call-flash")
    expect(organiser.locator('.live-table[data-table="2"]')).to_have_class("card live-table waiting call-flash")
    expect(organiser.locator("body")).to_have_attribute("data-calls-rung", "1")
    hall.shot(organiser, "live-call-flashing")
    # The same call does not ring again on the next poll, nor after a reload (and its next poll).
    _after_the_next_poll(organiser)
    expect(organiser.locator("body")).to_have_attribute("data-calls-rung", "1")
    organiser.reload()
    organiser.locator(".call-item").first.wait_for()
    _after_the_next_poll(organiser)
    assert organiser.locator("body").get_attribute("data-calls-rung") is None


def test_the_organiser_may_switch_the_sound_and_flash_off(hall, live_server, event):
    organiser = hall.device(HALL_LAPTOP)
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/events/{event.pk}/live/")
    organiser.get_by_label("Sound and flash when a table calls the organiser").uncheck()
    organiser.reload()  # the choice is kept on this laptop
    expect(organiser.get_by_label("Sound and flash when a table calls the organiser")).not_to_be_checked()
    _call_from_a_phone(hall, table_of(event, 3), "A player is missing")
    call = organiser.locator(".call-item").filter(has_text="Table 3")
    call.wait_for()
    _after_the_next_poll(organiser)
    expect(call).not_to_have_class("call-item call-flash")
    assert organiser.locator("body").get_attribute("data-calls-rung") is None
