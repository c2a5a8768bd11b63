"""Late arrivals and early leavers from the live page, and a new QR code for a table."""

import pytest

from tests.factories import make_cast, started_event, table_of
from tests.live.helpers import url
from whistdrive.store.models import Entrant

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    return started_event(club_a, tables=3, interval_after=3, seed=1)


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


def test_a_late_arrival_plays_from_the_next_hand(client, event):
    response = client.post(url("event_live_late_arrival", event), {"name": "Gwen Late", "role": "lady"}, follow=True)
    late = Entrant.objects.get(event=event, name="Gwen Late")
    assert (late.role, late.joined_hand, late.card_number) == ("lady", 2, 13)
    assert "Gwen Late (card 13) joins at hand 2: their seat is drawn when hand 1 is complete." in messages_of(response)
    assert not late.seatings.filter(hand=1).exists()


def test_a_late_arrival_without_a_name_is_refused_with_a_message(client, event):
    response = client.post(url("event_live_late_arrival", event), {"name": "", "role": "lady"}, follow=True)
    assert "This field is required." in messages_of(response)
    assert event.entrants.count() == 12


def test_a_player_leaving_keeps_their_hand_and_is_not_seated_after_it(client, event):
    leaver = event.entrants.get(name="Bob Jones")
    client.post(url("event_live_withdraw", event), {"entrant": leaver.pk})
    leaver.refresh_from_db()
    assert leaver.left_after_hand == 1
    assert leaver.seatings.filter(hand=1).exists()


def test_someone_of_another_event_cannot_be_withdrawn(client, event):
    other = started_event(event.club, name="Another drive", interval_after=3, seed=1)
    stranger = other.entrants.first()
    response = client.post(url("event_live_withdraw", event), {"entrant": stranger.pk}, follow=True)
    assert "Select a valid choice" in messages_of(response)
    stranger.refresh_from_db()
    assert stranger.left_after_hand is None


def test_a_new_qr_code_replaces_the_old_one(client, event):
    old = table_of(event, 2).token
    client.post(url("event_live_new_token", event, 2))
    assert table_of(event, 2).token != old
    page = client.get(url("event_live_result", event, 2, 1)).content.decode()
    assert old not in page


def test_a_member_who_arrives_late_stays_a_member_found_by_name_or_number(client, event):
    club = event.club
    agnes = club.members.create(name="Agnes O'Hara", role="lady", membership_number="0031")
    bert = club.members.create(name="Bert Lyle", role="gent", membership_number="0032")
    client.post(url("event_live_late_arrival", event), {"name": "agnes ohara", "role": ""})
    client.post(url("event_live_late_arrival", event), {"name": "32", "role": ""})
    late = {e.name: e for e in event.entrants.filter(joined_hand=2)}
    assert late["Agnes O'Hara"].member == agnes and late["Agnes O'Hara"].role == "lady"
    assert late["Bert Lyle"].member == bert and late["Bert Lyle"].role == "gent"
    assert not club.members.filter(is_guest=True).exists()
    page = client.get(url("event_live", event)).content.decode()
    offered = page.split('<datalist id="members-not-here">')[1].split("</datalist>")[0]
    assert "Bert Lyle" not in offered  # members already here are not offered again


def test_a_member_already_here_is_not_entered_twice_from_the_live_page(client, event):
    event.club.members.create(name="Agnes O'Hara", role="lady")
    client.post(url("event_live_late_arrival", event), {"name": "Agnes O'Hara", "role": "lady"})
    response = client.post(url("event_live_late_arrival", event), {"name": "Agnes O'Hara", "role": "lady"}, follow=True)
    assert "Agnes O&#x27;Hara is here: card 13" in response.content.decode()
    assert event.entrants.filter(name="Agnes O'Hara").count() == 1
