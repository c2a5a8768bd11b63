"""Eve's data (docs/privacy.md) says she agreed to results emails and which were sent her; erased, she is emailed
nothing more, and what was sent keeps no address of hers."""

import json

import pytest
from django.urls import reverse

from tests.factories import give_access, make_club, make_member, make_user, two_table_evening
from whistdrive.evening.privacy import erase_member
from whistdrive.store.models import Entrant, ResultEmail

pytestmark = pytest.mark.django_db


def test_her_results_emails_are_in_her_data_and_erasing_stops_them(client, smtp_server, publish):
    club = make_club()
    olive = make_user("olive")
    give_access(olive, club)
    client.force_login(olive)
    eve = make_member(club, "Eve Adams", email="eve@example.org", results_by_email=True)
    first = two_table_evening(club)
    Entrant.objects.filter(event=first, name="Eve").update(member=eve, name="Eve Adams")
    publish(first)
    record = json.loads(client.get(reverse("member_data_json", args=[club.pk, eve.pk])).content)
    assert record["membership"]["results_by_email"] is True
    [sent] = record["results emails"]
    assert sent["evening"] == first.public_id and sent["status"] == "sent" and sent["sent"]
    erase_member(eve)
    second = two_table_evening(club, name="Next drive")
    Entrant.objects.filter(event=second, name="Eve").update(member=eve)
    publish(second)
    assert smtp_server.recipients == ["eve@example.org"]  # the first evening's only
    eve.refresh_from_db()
    assert not eve.results_by_email and eve.email == ""
    assert not any("eve@example.org" in str(value) for value in ResultEmail.objects.values().get().values())
