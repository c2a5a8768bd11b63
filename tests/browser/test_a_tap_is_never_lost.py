"""A tap is never lost, and never silently (#16.1): a phone that has no Wi-Fi when a player taps keeps
the entry in its own storage, says "Not sent yet — will send when the Wi-Fi is back", keeps it through a
reload, and sends it by itself once the laptop answers again; the server takes it once. If the hand
has moved on meanwhile, the phone says so in words.

The network is cut with Playwright's offline mode; "the laptop cannot be reached" after the Wi-Fi is
back is a route that aborts the phone's posts.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import db_quiet
from tests.factories import started_event, table_of
from whistdrive.engines.rules import HandEntry
from whistdrive.engines.vocabulary import SIDE_OF_SEAT
from whistdrive.evening import entry
from whistdrive.store.models import Event, Submission

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NOT_SENT = "Not sent yet — will send when the Wi-Fi is back: your 8 tricks for hand 1."


def seated_phone(hall, token: str):
    """A phone at the table that picked the first seat offered; returns the page and its seat."""
    page = hall.phone()
    page.goto(f"/t/{token}/")
    button = page.locator(".pick-seats button").first
    seat = button.get_attribute("value")
    button.click()
    expect(page.locator('button[name="tricks"]').first).to_be_visible()
    return page, seat


def entries(table, hand=1):
    return list(
        Submission.objects.filter(table=table, hand=hand, action="enter").values_list("tricks_ns", "outcome", "resent")
    )


def test_a_tap_without_wifi_is_kept_through_a_reload_and_sent_once_when_the_laptop_answers(hall, live_server):
    with db_quiet(live_server):
        event = started_event(tables=2)
        table = table_of(event)
    page, seat = seated_phone(hall, table.token)
    ns = 8 if SIDE_OF_SEAT[seat] == "NS" else 5

    page.context.set_offline(True)
    page.locator('button[name="tricks"][value="8"]').click()
    expect(page.locator("#wd-kept")).to_have_text(NOT_SENT)
    hall.shot(page, "not-sent-yet")

    # The Wi-Fi is back but the laptop cannot be reached: the phone is reloaded meanwhile.
    page.route("**/enter/", lambda route: route.abort())
    page.context.set_offline(False)
    page.reload()
    expect(page.locator("#wd-kept")).to_have_text(NOT_SENT)
    with db_quiet(live_server):
        assert entries(table) == []

    # The laptop answers again: the next poll finds it, and the kept tap goes by itself.
    page.unroute("**/enter/")
    expect(page.locator("#wd-kept")).to_have_text("Sent when the Wi-Fi came back: your 8 tricks for hand 1.")
    expect(page.locator("#state")).to_contain_text(f"You said North–South {ns}, East–West {13 - ns}")
    hall.shot(page, "sent-when-the-wifi-came-back")
    page.reload()
    expect(page.locator("#state")).to_contain_text(f"You said North–South {ns}")
    expect(page.locator("#wd-kept")).to_have_count(0)
    with db_quiet(live_server):
        assert entries(table) == [(ns, "pending", True)]


def test_a_tap_kept_while_the_hand_moved_on_is_refused_in_words(hall, live_server):
    with db_quiet(live_server):
        event = started_event(tables=2)
        one, two = table_of(event, 1), table_of(event, 2)
    page, _ = seated_phone(hall, one.token)

    page.context.set_offline(True)
    page.locator('button[name="tricks"][value="8"]').click()
    expect(page.locator("#wd-kept")).to_have_text(NOT_SENT)

    # Meanwhile the table told the organiser, who set its result; the other table agreed; hand 2 began.
    with db_quiet(live_server):
        entry.set_result(one, hand=1, entry=HandEntry(7, 6, "H"), user=None, reason="told by the table")
        entry.submit(two, hand=1, seat="N", tricks_ours=6)
        entry.agree(two, hand=1, seat="E")
        assert Event.objects.get(pk=event.pk).current_hand == 2

    page.context.set_offline(False)
    expect(page.locator("#wd-kept")).to_have_text(
        "Sent when the Wi-Fi came back, but not taken: your 8 tricks for hand 1. The reason is below."
    )
    state = page.locator("#state")
    expect(state).to_contain_text(
        "Table 1, hand 1: This hand is already agreed (North–South 7, East–West 6). To change it, call the organiser."
    )
    expect(state).to_contain_text("Hand 2")
    hall.shot(page, "the-hand-had-moved-on")
    with db_quiet(live_server):
        refused = entries(one)
        assert [(outcome.startswith("refused"), resent) for _, outcome, resent in refused] == [(True, True)]
        assert one.results.get(hand=1).tricks_ns == 7
