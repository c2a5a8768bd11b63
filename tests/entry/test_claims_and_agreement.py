"""A phone's claim waits for the other side; matching claims agree; different ones dispute."""

import pytest

from tests.factories import started_event, table_of
from whistdrive.evening import entry
from whistdrive.store.models import Result, Submission

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    event = started_event()
    event.auto_advance = False
    event.save()
    return table_of(event)


def test_a_table_with_nothing_entered_is_waiting(table):
    state = entry.table_state(table, 1)
    assert state.status == "waiting"
    assert state.claims == {"NS": None, "EW": None}
    assert state.trump == "H"
    assert sorted(state.seats) == ["E", "N", "S", "W"]


def test_one_sides_claim_is_pending_and_does_not_count(table):
    state = entry.submit(table, hand=1, seat="N", tricks_ours=8)
    assert state.status == "pending"
    assert state.pending_side == "NS"
    assert state.claims["NS"].entry.tricks_ns == 8 and state.claims["NS"].entry.tricks_ew == 5
    assert not Result.objects.exists()


def test_the_other_side_agreeing_makes_the_result_count(table):
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    state = entry.agree(table, hand=1, seat="E")
    assert state.status == "agreed"
    result = Result.objects.get()
    assert (result.tricks_ns, result.tricks_ew, result.source, result.trump) == (8, 5, "agreed", "H")


def test_the_other_side_entering_the_same_result_agrees_it(table):
    entry.submit(table, hand=1, seat="S", tricks_ours=8)
    state = entry.submit(table, hand=1, seat="W", tricks_ours=5)
    assert state.status == "agreed"
    assert Result.objects.get().tricks_ns == 8


def test_a_different_result_from_the_other_side_is_a_dispute_showing_both(table):
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    state = entry.submit(table, hand=1, seat="E", tricks_ours=6)
    assert state.status == "disputed"
    assert state.claims["NS"].entry.tricks_ns == 8
    assert state.claims["EW"].entry.tricks_ns == 7
    assert not Result.objects.exists()


def test_either_side_changing_its_claim_to_match_ends_a_dispute(table):
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    entry.submit(table, hand=1, seat="E", tricks_ours=6)
    state = entry.submit(table, hand=1, seat="S", tricks_ours=7)
    assert state.status == "agreed"
    assert Result.objects.get().tricks_ns == 7


def test_agreeing_during_a_dispute_accepts_the_other_sides_version(table):
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    entry.submit(table, hand=1, seat="E", tricks_ours=6)
    entry.agree(table, hand=1, seat="W")
    assert Result.objects.get().tricks_ns == 8


def test_a_side_cannot_agree_its_own_claim(table):
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    with pytest.raises(entry.EntryError, match="East–West must agree it"):
        entry.agree(table, hand=1, seat="S")
    assert entry.table_state(table, 1).status == "pending"
    assert Submission.objects.filter(outcome__startswith="refused").count() == 1


def test_agreeing_with_nothing_entered_is_refused(table):
    with pytest.raises(entry.EntryError, match="have not entered a result yet"):
        entry.agree(table, hand=1, seat="E")


def test_agreeing_a_version_that_changed_meanwhile_is_refused(table):
    first = entry.submit(table, hand=1, seat="N", tricks_ours=8).claims["NS"].entry
    entry.submit(table, hand=1, seat="N", tricks_ours=9)
    with pytest.raises(entry.EntryError, match="changed their result to North–South 9"):
        entry.agree(table, hand=1, seat="E", expected=first)
    assert not Result.objects.exists()


def test_a_new_claim_replaces_the_sides_earlier_one_and_both_are_kept(table):
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    state = entry.submit(table, hand=1, seat="S", tricks_ours=9)
    assert state.claims["NS"].entry.tricks_ns == 9
    assert [s.tricks_ns for s in entry.history(table, 1)] == [8, 9]


def test_every_submission_records_seat_side_device_and_address(table):
    entry.submit(table, hand=1, seat="W", tricks_ours=4, device="abc", address="192.168.1.20")
    row = Submission.objects.get()
    assert (row.seat, row.side, row.device, row.address, row.outcome) == ("W", "EW", "abc", "192.168.1.20", "pending")
    assert (row.tricks_ns, row.tricks_ew, row.trump) == (9, 4, "H")
