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
    assert "Gwen Late (card 13) plays from hand 2: seated when hand 1 is complete." in messages_of(response)
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
