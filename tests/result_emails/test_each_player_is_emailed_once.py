"""An evening published again (the same archive twice, or a correction) emails nobody twice: those told were told
the results were provisional and their page shows the correction. Someone not told yet (they agreed since) is
told, and their email says the results were corrected."""

import pytest

from tests.factories import make_club, make_member, two_table_evening
from tests.result_emails.conftest import text_of
from whistdrive.engines.formats import Format
from whistdrive.evening.archive.export import export_event
from whistdrive.evening.archive.importer import import_event
from whistdrive.evening.simulate import simulate_event
from whistdrive.store.models import Entrant, Event, ResultEmail

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive():
    event = two_table_evening(make_club())
    for name in ("Ann", "Cat"):
        member = make_member(event.club, name, email=f"{name.lower()}@example.org", results_by_email=name == "Ann")
        Entrant.objects.filter(event=event, name=name).update(member=member)
    return event


def test_publishing_the_same_evening_again_sends_nothing_more(smtp_server, publish, drive):
    publish(drive)
    publish(drive)
    publish(drive, replaced=True)
    assert smtp_server.recipients == ["ann@example.org"]
    [row] = ResultEmail.objects.all()
    assert row.status == "sent" and row.attempts == 1


def test_a_member_who_agreed_since_is_told_by_the_correction_which_says_so(smtp_server, publish, drive):
    publish(drive)
    Event.objects.filter(pk=drive.pk).update(name="Tuesday drive")
    drive.club.members.filter(name="Cat").update(results_by_email=True)
    corrected = publish(drive, replaced=True)
    assert smtp_server.recipients == ["ann@example.org", "cat@example.org"]
    [first] = smtp_server.to("ann@example.org")
    [cat] = smtp_server.to("cat@example.org")
    assert "corrected" not in text_of(first)
    assert f"These results were corrected on {corrected.corrected_at:%-d %B %Y}." in text_of(cat)


def test_a_correction_that_replaces_the_evenings_rows_sends_nothing_again(smtp_server, publish):
    """The hosted site may store a correction as a new copy of the evening with the same public id: what was sent
    is kept by that id, not by the old rows."""
    club = make_club()
    evening = simulate_event(fmt=Format(hands=4, interval_after=None), tables=2, club=club, seed=3)
    for entrant in evening.entrants.filter(card_number__in=[1, 2]):
        member = make_member(club, entrant.name, email=f"card{entrant.card_number}@example.org", results_by_email=True)
        Entrant.objects.filter(pk=entrant.pk).update(member=member)
    publish(evening)
    assert smtp_server.recipients == ["card1@example.org", "card2@example.org"]
    archive, public_id = export_event(evening), evening.public_id
    evening.delete()
    copy = import_event(archive, club)
    Event.objects.filter(pk=copy.pk).update(public_id=public_id)
    for member in club.members.all():
        Entrant.objects.filter(event=copy, name=member.name).update(member=member)
    publish(copy, replaced=True)
    assert smtp_server.recipients == ["card1@example.org", "card2@example.org"]
    assert ResultEmail.objects.filter(event_public_id=public_id, status="sent").count() == 2
