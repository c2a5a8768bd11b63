"""Club A's Friday drive with members on the club's list, a poster's code, and phones (clients) at the door."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_cast, make_event, make_member
from whistdrive.engines.formats import Format
from whistdrive.evening import door


@pytest.fixture
def cast(db):
    club_a, club_b, olive, sam, bea = make_cast()
    return {"club_a": club_a, "club_b": club_b, "olive": olive, "sam": sam, "bea": bea}


@pytest.fixture
def members(cast):
    club = cast["club_a"]
    names = [("Agnes Smith", "lady"), ("Albert Smith", "gent"), ("Zoë Łukasiewicz", "lady"), ("Siobhán O'Brien", "lady"),
             ("Bob Jones", "gent"), ("Fred Bloggs", "gent"), ("Mary Jones", "lady"), ("Cyril Webb", "gent")]  # fmt: skip
    return {name: make_member(club, name, role) for name, role in names}


@pytest.fixture
def evening(cast, members):
    event = make_event(cast["club_a"], Format(hands=4, interval_after=None), name="Friday drive")
    return door.set_door(event, open=True, late=False)


@pytest.fixture
def olive(cast):
    client = Client()
    client.force_login(cast["olive"])
    return client


def door_url(event, action: str = "") -> str:
    return reverse({"": "door", "here": "door_here", "walk-in": "door_walk_in"}[action], args=[event.door_code])


def here(phone, event, *members):
    return phone.post(door_url(event, "here"), {"member": [m.pk for m in members]}, follow=True)
