"""Setting up a duplicate evening: the event form, the desk's advice, and what cannot change once started."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import duplicate_event, give_access, make_cast, make_user
from whistdrive.evening import running
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive_at_a(client):
    club_a, _club_b, olive, _sam, _bea = make_cast()
    client.force_login(olive)
    return client, club_a


def duplicate_form(**changes) -> dict:
    data = dict(
        name="Duplicate night", date="2026-12-04", kind="duplicate", movement="mitchell", scoring="matchpoints",
        trumps="HDSC", boards="24", boards_per_round="3", boards_dealt="records",
    )  # fmt: skip
    return {**data, **changes}


def test_a_duplicate_evening_is_created_from_its_boards_and_boards_per_round(olive_at_a):
    client, club = olive_at_a
    client.post(reverse("event_new", args=[club.pk]), duplicate_form(movement="howell", scoring="tricks_vs_average"))
    event = club.events.get()
    assert event.format.to_dict() == {
        "kind": "duplicate", "boards": 24, "boards_per_round": 3, "movement": "howell",
        "scoring": "tricks_vs_average", "trumps": "HDSC",
    }  # fmt: skip
    assert event.interval_after is None and event.boards_dealt == "records"


@pytest.mark.parametrize(
    "changes, field, words",
    [
        ({"boards": "20"}, "boards_per_round", "20 boards cannot be played in rounds of 3"),
        ({"boards": ""}, "boards", "Give the number"),
        ({"movement": "progressive"}, "movement", "moves by a Mitchell"),
        ({"scoring": "tricks"}, "scoring", "matchpoints"),
        ({"trumps": "cut"}, "trumps", "same trumps at every table"),
    ],
)
def test_a_duplicate_format_that_cannot_be_played_is_refused_at_its_field(olive_at_a, changes, field, words):
    client, club = olive_at_a
    response = client.post(reverse("event_new", args=[club.pk]), duplicate_form(**changes))
    assert words in " ".join(response.context["form"].errors.get(field, [])), response.context["form"].errors
    assert not Event.objects.exists()


def test_a_started_duplicate_evening_keeps_its_boards():
    event = duplicate_event(pairs=6, boards=6, boards_per_round=2)
    olive = make_user("olive")
    give_access(olive, event.club)
    client = Client()
    client.force_login(olive)
    data = duplicate_form(boards="8", boards_per_round="2", name=event.name, date="2026-12-01")
    response = client.post(reverse("event_edit", args=[event.pk]), data)
    assert "The format is locked" in response.content.decode()
    event.refresh_from_db()
    assert event.hands == 6


def test_the_desk_says_how_the_pairs_are_made_and_how_many_boards_are_in_play():
    event = duplicate_event(pairs=7, boards=12, boards_per_round=3, start=False)
    advice = running.advice_for(event)
    assert not advice.problems
    assert any("consecutive cards" in note for note in advice.notes)
    assert any("boards in play" in note for note in advice.notes)


def test_an_odd_player_or_a_pair_of_two_ladies_is_refused_at_the_start():
    event = duplicate_event(pairs=6, boards=6, boards_per_round=2, start=False)
    event.entrants.filter(card_number=2).update(role="lady")
    with pytest.raises(running.EveningError, match="Pair 1 is not a lady and a gent"):
        running.start_event(event)
    event.entrants.filter(card_number=2).delete()
    event.entrants.exclude(role="lady").update(role="lady")
    with pytest.raises(running.EveningError, match="11 players cannot all play in pairs"):
        running.start_event(event)
    assert not event.tables.exists() and not event.partnerships.exists()


def test_a_late_arrival_or_a_leaver_is_refused_once_the_pairs_are_fixed():
    event = duplicate_event(pairs=6, boards=6, boards_per_round=2)
    with pytest.raises(running.EveningError, match="late pair cannot join"):
        running.register(event, name="Late Larry", role="gent")
    with pytest.raises(running.EveningError, match="seat a substitute in their place for the boards left"):
        running.withdraw(event, event.entrants.first())


def test_the_event_page_describes_the_duplicate_format_not_a_game_night(olive_at_a):
    client, club = olive_at_a
    client.post(reverse("event_new", args=[club.pk]), duplicate_form())
    page = client.get(reverse("event", args=[club.events.get().pk])).content.decode()
    assert "Duplicate whist: 24 boards a pair, 8 rounds of 3, by a Mitchell" in page
    assert "Scored by matchpoints." in page and "Trumps by board number, H D S C." in page
    assert "Boards made up beforehand from printed hand records." in page
    assert "game night" not in page and "rubbers" not in page
