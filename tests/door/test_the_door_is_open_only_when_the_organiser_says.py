"""Check-in is open from the organiser opening the door until the start, and after it only while late arrivals
are let in; otherwise a phone is told plainly, and nothing is saved."""

from django.test import Client
from django.urls import reverse

from tests.door.conftest import door_url, here
from tests.factories import add_entrants
from whistdrive.evening import door, running


def test_before_the_door_opens_a_phone_is_told_to_wait_and_nothing_is_saved(evening, members):
    door.set_door(evening, open=False, late=False)
    assert "Check-in is not open yet" in Client().get(door_url(evening)).content.decode()
    response = here(Client(), evening, members["Agnes Smith"])
    assert response.status_code == 409 and "Check-in is not open yet" in response.content.decode()
    assert not evening.entrants.exists()


def test_after_the_start_a_phone_is_sent_to_the_desk_unless_late_arrivals_are_let_in(evening, members):
    add_entrants(evening, 4, 4)
    running.start_event(evening, seed=1)
    evening.refresh_from_db()
    response = here(Client(), evening, members["Agnes Smith"], members["Albert Smith"])
    assert "The evening has started: please see the desk" in response.content.decode()
    door.set_door(evening, open=True, late=True)
    here(Client(), evening, members["Agnes Smith"], members["Albert Smith"])
    late = evening.entrants.filter(member__isnull=False)
    assert sorted(late.values_list("name", "joined_hand")) == [("Agnes Smith", 2), ("Albert Smith", 2)]


def test_the_organiser_opens_and_shuts_the_door_from_the_desk(evening, olive):
    olive.post(reverse("door_set", args=[evening.pk]), {"late": "on"})
    evening.refresh_from_db()
    assert evening.door_opened is None and evening.door_late
    olive.post(reverse("door_set", args=[evening.pk]), {"open": "on"})
    evening.refresh_from_db()
    assert evening.door_opened is not None and not evening.door_late


def test_a_scorer_may_not_open_the_door(evening, cast):
    sam = Client()
    sam.force_login(cast["sam"])
    assert sam.post(reverse("door_set", args=[evening.pk]), {}).status_code == 403
    evening.refresh_from_db()
    assert evening.door_opened is not None
