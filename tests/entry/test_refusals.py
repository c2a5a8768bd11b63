"""Entries that cannot be taken are refused with a message, logged, and never applied elsewhere."""

import pytest

from tests.factories import started_event, table_of
from whistdrive.evening import entry, running
from whistdrive.store.models import Event, Result, Submission

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = started_event()
    event.auto_advance = False
    event.save()
    return event


def test_a_submission_for_a_hand_that_is_not_current_is_refused_and_not_moved(event):
    with pytest.raises(entry.EntryError, match="the evening is on hand 1"):
        entry.submit(table_of(event), hand=2, seat="N", tricks_ours=8)
    assert not Result.objects.exists()
    assert Submission.objects.get().outcome.startswith("refused")
    assert entry.table_state(table_of(event), 1).status == "waiting"


def test_a_late_submission_for_the_previous_hand_is_refused(event):
    for number in (1, 2, 3):
        entry.submit(table_of(event, number), hand=1, seat="N", tricks_ours=7)
        entry.agree(table_of(event, number), hand=1, seat="E")
    running.advance(event, expected_hand=1)
    with pytest.raises(entry.EntryError, match="Table 1, hand 1: This hand is already agreed .*call the organiser"):
        entry.submit(table_of(event), hand=1, seat="E", tricks_ours=5)
    # The same result again is no refusal: the phone is told it is agreed (a tap that crossed another).
    assert entry.submit(table_of(event), hand=1, seat="E", tricks_ours=6).status == "agreed"
    assert entry.table_state(table_of(event), 2).status == "waiting"


def test_a_submission_for_a_hand_not_yet_agreed_after_the_evening_moved_on_is_refused(event):
    for number in (1, 2, 3):
        entry.submit(table_of(event, number), hand=1, seat="N", tricks_ours=7)
        entry.agree(table_of(event, number), hand=1, seat="E")
    running.advance(event, expected_hand=1)
    with pytest.raises(entry.EntryError, match="Table 1, hand 3: .*evening is on hand 2"):
        entry.submit(table_of(event), hand=3, seat="N", tricks_ours=6)


def test_a_different_result_for_an_agreed_hand_is_refused(event):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    entry.agree(table, hand=1, seat="E")
    with pytest.raises(entry.EntryError, match="already agreed .*call the organiser"):
        entry.submit(table, hand=1, seat="N", tricks_ours=9)
    assert Result.objects.get().tricks_ns == 8


def test_a_double_tap_changes_nothing_and_raises_nothing(event):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    again = entry.submit(table, hand=1, seat="N", tricks_ours=8)
    assert again.status == "pending"
    entry.agree(table, hand=1, seat="E")
    assert entry.agree(table, hand=1, seat="E").status == "agreed"
    assert entry.submit(table, hand=1, seat="N", tricks_ours=8).status == "agreed"
    assert Result.objects.count() == 1
    assert Submission.objects.count() == 5


def test_a_bad_trick_count_is_refused_in_the_number_the_phone_sent(event):
    with pytest.raises(entry.EntryError, match="14 is not a number of tricks: a side takes from 0 to 13"):
        entry.submit(table_of(event), hand=1, seat="N", tricks_ours=14)
    assert Submission.objects.get().outcome.startswith("refused: 14 is not a number of tricks")


def test_a_negative_trick_count_is_refused_as_typed_not_as_the_other_sides_tricks(event):
    with pytest.raises(entry.EntryError) as refused:
        entry.submit(table_of(event), hand=1, seat="E", tricks_ours=-1)
    assert "\u22121 is not a number of tricks" in str(refused.value)
    assert "East–West \u22121" not in str(refused.value) and "-1" not in str(refused.value)


def test_honours_in_a_drive_are_refused_with_the_rules_message(event):
    with pytest.raises(entry.EntryError, match="does not count honours"):
        entry.submit(table_of(event), hand=1, seat="N", tricks_ours=8, honours_ours=4)


def test_a_trump_other_than_the_rotations_is_refused(event):
    with pytest.raises(entry.EntryError, match="played with hearts as trumps, not spades"):
        entry.submit(table_of(event), hand=1, seat="N", tricks_ours=8, trump="S")


def test_turned_trumps_must_be_named(db):
    event = started_event(trumps="turned")
    with pytest.raises(entry.EntryError, match="Say which suit was trumps"):
        entry.submit(table_of(event), hand=1, seat="N", tricks_ours=8)
    state = entry.submit(table_of(event), hand=1, seat="N", tricks_ours=8, trump="C")
    assert state.claims["NS"].entry.trump == "C"


def test_no_seat_chosen_is_refused(event):
    with pytest.raises(entry.EntryError, match="Choose your seat"):
        entry.submit(table_of(event), hand=1, seat="", tricks_ours=8)


def test_nothing_is_taken_during_the_interval_or_after_the_end(event):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.INTERVAL)
    with pytest.raises(entry.EntryError, match="interval"):
        entry.submit(table_of(event), hand=1, seat="N", tricks_ours=8)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(entry.EntryError, match="evening is over"):
        entry.agree(table_of(event), hand=1, seat="N")
    assert Submission.objects.filter(outcome__startswith="refused").count() == 2
