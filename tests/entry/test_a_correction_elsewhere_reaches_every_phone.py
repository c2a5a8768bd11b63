"""A correction at one table changes the totals shown at another: the phones must see it at once.

24 players; hand 1 agreed everywhere; hand 2 agreed at a table whose North sat at another table in
hand 1. The organiser corrects that other table's hand 1. North's true total falls, and North's
phone (a poll, and a fresh page) must show the new total, not the one it was drawn with.
"""

import pytest
from django.test import Client

from tests.factories import add_entrants, make_club, make_event
from whistdrive.engines.formats import Format
from whistdrive.engines.rules import HandEntry
from whistdrive.evening import entry, running, scores
from whistdrive.store.models import Seating

pytestmark = pytest.mark.django_db


def test_a_correction_at_another_table_changes_the_total_on_this_tables_phones():
    event = make_event(make_club(), Format(hands=6, interval_after=None))
    add_entrants(event, 12, 12)
    running.start_event(event, seed=4, by="card")
    event.refresh_from_db()
    for table in event.tables.all():
        entry.submit(table, hand=1, seat="N", tricks_ours=8)
        entry.agree(table, hand=1, seat="E")
    event.refresh_from_db()
    assert event.current_hand == 2
    # A table of hand 2 whose North played hand 1 at another table.
    north = next(
        s
        for s in Seating.objects.filter(event=event, hand=2, seat="N").select_related("entrant", "table")
        if Seating.objects.get(event=event, hand=1, entrant=s.entrant).table_id != s.table_id
    )
    before = Seating.objects.get(event=event, hand=1, entrant=north.entrant)
    here = north.table
    entry.submit(here, hand=2, seat="N", tricks_ours=8)
    entry.agree(here, hand=2, seat="E")

    phone = Client()
    phone.post(f"{here.get_absolute_url()}seat/", {"seat": "N"})
    page = phone.get(here.get_absolute_url(), headers={"HX-Request": "true"})
    version = page["ETag"].strip('"').rsplit("-", 1)[0]
    total = scores.totals_for(event, [north.entrant])[north.entrant.player_id]
    assert f"total {total}" in page.content.decode()

    # The organiser corrects hand 1 at the table North sat at then: North's side took 3, not 8.
    side_ns = before.seat in "NS"
    corrected = HandEntry(3 if side_ns else 10, 10 if side_ns else 3, "H")
    entry.set_result(before.table, hand=1, entry=corrected, user=None, reason="recount")
    true_total = scores.totals_for(event, [north.entrant])[north.entrant.player_id]
    assert true_total == total - 5

    poll = phone.get(f"{here.get_absolute_url()}?v={version}", headers={"HX-Request": "true"})
    assert poll.status_code == 200, "the poll must not answer 'unchanged' after a correction that changes a total"
    assert f"total {true_total}" in poll.content.decode()
    fresh = Client()
    fresh.post(f"{here.get_absolute_url()}seat/", {"seat": "N"})
    assert f"total {true_total}" in fresh.get(here.get_absolute_url()).content.decode()


def test_a_result_changed_in_the_admin_reaches_the_phones_too(admin_client):
    # An individual drive: the next hand is planned, so an agreed page waits on no other table.
    event = make_event(make_club(), Format(movement="individual", hands=6, interval_after=None))
    add_entrants(event, 0, 0, others=16)
    running.start_event(event, seed=2, by="card")
    for table in event.tables.all():
        entry.submit(table, hand=1, seat="N", tricks_ours=9)
        entry.agree(table, hand=1, seat="E")
    event.refresh_from_db()
    north = next(
        s
        for s in Seating.objects.filter(event=event, hand=2, seat="N").select_related("entrant", "table")
        if Seating.objects.get(event=event, hand=1, entrant=s.entrant).table_id != s.table_id
    )
    entry.submit(north.table, hand=2, seat="N", tricks_ours=7)
    entry.agree(north.table, hand=2, seat="E")
    phone = Client()
    phone.post(f"{north.table.get_absolute_url()}seat/", {"seat": "N"})
    version = phone.get(north.table.get_absolute_url(), headers={"HX-Request": "true"})["ETag"].strip('"')[:-2]
    played = Seating.objects.get(event=event, hand=1, entrant=north.entrant)
    result = played.table.results.get(hand=1)
    form = {
        "table": result.table_id, "hand": 1, "trump": result.trump, "tricks_ns": 13 - result.tricks_ns,
        "tricks_ew": result.tricks_ns, "revoke": "", "source": "organiser", "reason": "fixed in the admin",
    }  # fmt: skip
    response = admin_client.post(f"/admin/whistdrive/result/{result.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    poll = phone.get(f"{north.table.get_absolute_url()}?v={version}", headers={"HX-Request": "true"})
    assert poll.status_code == 200
    total = scores.totals_for(event, [north.entrant])[north.entrant.player_id]
    assert f"total {total}" in poll.content.decode()
