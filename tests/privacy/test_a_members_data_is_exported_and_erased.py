"""Eve asks for her data, then to be forgotten: she gets every evening and result; erased, her name leaves every
evening (the results, the archive, the admin's delete too) while every result stays as it was."""

import csv
import io
import json

import pytest
from django.urls import reverse

from clubs.models import Club, Member
from tests.factories import make_cast, make_member, two_table_evening
from whistdrive.evening import scores
from whistdrive.evening.archive import export_event
from whistdrive.store.models import Entrant

pytestmark = pytest.mark.django_db


@pytest.fixture
def eve(client):
    club_a, _, olive, _, _ = make_cast()
    eve = make_member(club_a, "Eve Adams", "lady", membership_number="A7", email="eve@example.org", phone="0123")
    event = two_table_evening(club_a)
    Entrant.objects.filter(event=event, name="Eve").update(member=eve, name="Eve Adams")
    client.force_login(olive)
    return eve, event


def _totals(event):
    return sorted((s.id, s.total, s.rank) for s in scores.standings_now(event).standings)


def test_her_data_as_json_holds_her_membership_every_evening_and_her_result(client, eve):
    member, event = eve
    response = client.get(reverse("member_data_json", args=[member.club_id, member.pk]))
    record = json.loads(response.content)
    assert record["membership"]["email"] == "eve@example.org"
    assert record["membership"]["membership_number"] == "A7"
    [evening] = record["evenings"]
    assert evening["event"] == event.name and evening["card"] == 5
    assert evening["result"] == {"rank": 1, "total": 23, "hands played": 2, "sat out": 1}


def test_her_data_as_csv_reads_in_a_spreadsheet(client, eve):
    member, event = eve
    response = client.get(reverse("member_data_csv", args=[member.club_id, member.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[1][rows[0].index("email")] == "eve@example.org"
    evening = dict(zip(rows[3], rows[4], strict=True))
    assert evening["event"] == event.name and "rank 1; total 23" in evening["result"]


def test_erased_she_is_a_former_member_everywhere_and_every_result_stands(client, eve):
    member, event = eve
    before = _totals(event)
    url = reverse("member_erase", args=[member.club_id, member.pk])
    assert client.post(url, {"name": "Eve"}).status_code == 400
    assert Member.objects.get(pk=member.pk).name == "Eve Adams"
    assert client.post(url, {"name": "Eve Adams"}).status_code == 302
    member.refresh_from_db()
    assert (member.name, member.email, member.phone, member.membership_number) == ("Former member", "", "", "")
    assert member.erased is not None
    assert _totals(event) == before
    assert "Eve Adams" not in json.dumps(export_event(event))
    assert "Former member" in [p["name"] for p in export_event(event)["players"]]
    standings = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "Eve Adams" not in standings and "Former member" in standings


def test_the_club_may_choose_initials_instead(client, eve):
    member, event = eve
    client.post(reverse("club_running", args=[member.club_id]), {"erased_shown_as": "initials"})
    assert Club.objects.get(pk=member.club_id).erased_shown_as == "initials"
    client.post(reverse("member_erase", args=[member.club_id, member.pk]), {"name": "Eve Adams"})
    assert Entrant.objects.get(member=member).name == "E. A."


def test_deleting_her_in_the_admin_erases_her_the_same_way(client, eve):
    member, event = eve
    before = _totals(event)
    client.post(reverse("admin:clubs_member_delete", args=[member.pk]), {"post": "yes"})
    member.refresh_from_db()
    assert member.name == "Former member" and member.email == ""
    assert Entrant.objects.get(member=member).name == "Former member"
    assert _totals(event) == before


def test_bea_cannot_read_or_erase_club_as_members(client, eve):
    member, _ = eve
    from django.contrib.auth.models import User

    client.force_login(User.objects.get(username="bea"))
    for name in ("member_data_json", "member_data_csv", "member_erase"):
        assert client.get(reverse(name, args=[member.club_id, member.pk])).status_code == 404
    assert (
        client.post(reverse("member_erase", args=[member.club_id, member.pk]), {"name": "Eve Adams"}).status_code == 404
    )
    assert Member.objects.get(pk=member.pk).name == "Eve Adams"
