"""The organiser enters, resolves, corrects; paper results; a new table token."""

import pytest
from django.urls import reverse

from tests.factories import make_user, started_event, table_of
from whistdrive.engines.rules import HandEntry
from whistdrive.evening import entry
from whistdrive.store.models import Result, Submission

pytestmark = pytest.mark.django_db

EIGHT_FIVE = HandEntry(tricks_ns=8, tricks_ew=5, trump="H")
SEVEN_SIX = HandEntry(tricks_ns=7, tricks_ew=6, trump="H")


@pytest.fixture
def event():
    event = started_event()
    event.auto_advance = False
    event.save()
    return event


@pytest.fixture
def olive():
    return make_user("olive")


def test_the_organiser_can_set_a_result_nobody_entered(event, olive):
    result = entry.set_result(table_of(event), hand=1, entry=EIGHT_FIVE, user=olive, reason="")
    assert (result.tricks_ns, result.source) == (8, "organiser")
    row = Submission.objects.get()
    assert (row.action, row.user, row.outcome) == ("organiser", olive, "set")


def test_resolving_a_dispute_needs_a_reason(event, olive):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    entry.submit(table, hand=1, seat="E", tricks_ours=6)
    with pytest.raises(entry.EntryError, match="say why"):
        entry.set_result(table, hand=1, entry=SEVEN_SIX, user=olive, reason="")
    result = entry.set_result(table, hand=1, entry=SEVEN_SIX, user=olive, reason="Counted the tricks with them")
    assert result.reason == "Counted the tricks with them"
    assert entry.table_state(table, 1).status == "agreed"


def test_correcting_an_agreed_result_needs_a_reason_and_leaves_a_trace(event, olive):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    entry.agree(table, hand=1, seat="E")
    with pytest.raises(entry.EntryError, match="counting now is North–South 8"):
        entry.set_result(table, hand=1, entry=SEVEN_SIX, user=olive, reason=" ")
    entry.set_result(table, hand=1, entry=SEVEN_SIX, user=olive, reason="Card miscounted")
    result = Result.objects.get()
    assert (result.tricks_ns, result.source, result.reason) == (7, "organiser", "Card miscounted")
    assert [s.outcome for s in entry.history(table, 1)][-1] == "corrected"
    assert [s.tricks_ns for s in entry.history(table, 1)] == [8, 8, 7, 7]


def test_a_paper_result_is_marked_as_keyed_from_paper(event, olive):
    entry.set_result(table_of(event), hand=1, entry=EIGHT_FIVE, user=olive, reason="", source="paper")
    assert Result.objects.get().source == "paper"
    assert Submission.objects.get().action == "paper"


def test_the_organiser_cannot_set_a_hand_not_yet_played(event, olive):
    with pytest.raises(entry.EntryError, match="Only hands 1 to 1"):
        entry.set_result(table_of(event), hand=2, entry=SEVEN_SIX, user=olive)


def test_the_organisers_entry_is_checked_by_the_rules(event, olive):
    with pytest.raises(entry.EntryError, match="make 14 tricks"):
        entry.set_result(table_of(event), hand=1, entry=HandEntry(8, 6, "H"), user=olive)


def test_a_new_token_shuts_out_the_old_qr_code(event, client):
    table = table_of(event)
    old = table.get_absolute_url()
    assert client.get(old).status_code == 200
    entry.new_table_token(table)
    assert client.get(old).status_code == 410  # "This table has a new code: scan the card on the table"
    assert client.get(reverse("table", args=[table.token])).status_code == 200
