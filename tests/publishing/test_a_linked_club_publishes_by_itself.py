"""Once a club is linked, nobody need press "Publish results": the laptop's loop queues each evening played
since the link when its last hand is in, and an evening corrected since it was sent, and leaves alone what was
played before the link and what the hosted site refused and has not changed since."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from clubs.models import PublishingLink
from tests.factories import make_club
from tests.publishing.helpers import laptop_evening
from whistdrive.engines.rules import HandEntry
from whistdrive.evening import entry, publishing
from whistdrive.store.models import Event, Publication, Result, Table

pytestmark = pytest.mark.django_db


def _link(club) -> PublishingLink:
    return PublishingLink.objects.create(club=club, site="https://results.example.org/", hosted_name=club.name)


def _sent(event: Event) -> Publication:
    """The evening as the hosted site took it: sent at its revision of that moment."""
    event.refresh_from_db()
    return Publication.objects.create(
        event=event, state=Publication.State.SENT, asked=timezone.now(), sent=timezone.now(), revision=event.revision
    )


def _queued() -> set[int]:
    return {p.event_id for p in publishing.queue_by_themselves()}


def test_an_evening_finished_after_the_link_is_queued_without_anyone_pressing():
    club = make_club()
    _link(club)
    event = laptop_evening(club)
    assert event.status == Event.Status.FINISHED
    assert _queued() == {event.pk}
    assert Publication.objects.get(event=event).state == Publication.State.WAITING
    assert _queued() == set()  # queued once: it waits for the loop to send it


def test_evenings_played_before_the_link_wait_for_the_organiser():
    club = make_club()
    before = laptop_evening(club)
    link = _link(club)
    # Linked a day after the evening was made and played: it is the club's history, not tonight's.
    Event.objects.filter(pk=before.pk).update(
        created=link.linked - datetime.timedelta(days=1), hand_started=link.linked - datetime.timedelta(days=1)
    )
    assert _queued() == set()
    assert not Publication.objects.filter(event=before).exists()


def test_an_evening_not_finished_is_not_queued():
    club = make_club()
    _link(club)
    event = laptop_evening(club)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    assert _queued() == set()


def test_an_unlinked_clubs_evenings_are_not_queued():
    laptop_evening(make_club())
    assert _queued() == set()


def test_a_correction_after_the_evening_was_sent_is_sent_again():
    club = make_club()
    _link(club)
    event = laptop_evening(club)
    _sent(event)
    assert _queued() == set()  # sent, and nothing changed since

    result = Result.objects.filter(table__event=event, hand=1).select_related("table").first()
    corrected = HandEntry(result.tricks_ew, result.tricks_ns, result.trump)  # 13 is odd: never the same
    entry.set_result(Table.objects.get(pk=result.table_id), hand=1, entry=corrected, user=None, reason="recount")

    assert _queued() == {event.pk}
    assert Publication.objects.get(event=event).state == Publication.State.WAITING


def test_a_refused_evening_is_not_queued_again_until_it_changes():
    club = make_club()
    _link(club)
    event = laptop_evening(club)
    publication = _sent(event)
    publication.state = Publication.State.REFUSED
    publication.message = "This publishing key was revoked."
    publication.save()
    assert _queued() == set()

    result = Result.objects.filter(table__event=event, hand=2).first()
    corrected = HandEntry(result.tricks_ew, result.tricks_ns, result.trump)
    entry.set_result(Table.objects.get(pk=result.table_id), hand=2, entry=corrected, user=None, reason="swapped")
    assert _queued() == {event.pk}
