"""A walk-in types their name and waits for the desk; the desk sees every check-in as it happens, confirms a
walk-in as a guest, and can undo any check-in."""

from django.test import Client
from django.urls import reverse

from tests.door.conftest import door_url, here
from whistdrive.store.models import CheckIn

HTMX = {"HX-Request": "true"}


def test_a_walk_in_waits_for_the_desk_and_is_not_entered_yet(evening):
    page = Client().post(door_url(evening, "walk-in"), {"name": "  Peggy   Sue "}, follow=True).content.decode()
    assert "Thank you, Peggy Sue: the desk will welcome you" in page
    waiting = CheckIn.objects.get()
    assert (waiting.name, waiting.status, waiting.entrant) == ("Peggy Sue", "waiting", None)
    assert not evening.entrants.exists()


def test_a_walk_in_with_no_name_is_refused(evening):
    response = Client().post(door_url(evening, "walk-in"), {"name": " '- "})
    assert response.status_code == 400 and "Type your name" in response.content.decode()
    assert not CheckIn.objects.exists()


def test_the_desk_confirms_a_walk_in_as_a_guest_with_the_next_card(evening, members, olive):
    here(Client(), evening, members["Agnes Smith"])
    Client().post(door_url(evening, "walk-in"), {"name": "Peggy Sue"})
    waiting = CheckIn.objects.get(status="waiting")
    olive.post(reverse("door_confirm", args=[evening.pk, waiting.pk]), {"role": "lady"})
    guest = evening.entrants.get(name="Peggy Sue")
    assert (guest.card_number, guest.role, guest.member) == (2, "lady", None)
    waiting.refresh_from_db()
    assert waiting.status == "confirmed" and waiting.entrant == guest


def test_the_desk_undoes_a_members_check_in_and_the_entry_goes(evening, members, olive):
    here(Client(), evening, members["Agnes Smith"])
    arrival = CheckIn.objects.get()
    olive.post(reverse("door_undo", args=[evening.pk, arrival.pk]))
    arrival.refresh_from_db()
    assert arrival.status == "undone" and not evening.entrants.exists()
    # Undone, the member may check in again (it was the wrong Agnes, say).
    here(Client(), evening, members["Agnes Smith"])
    assert evening.entrants.count() == 1


def test_the_desk_sees_arrivals_as_they_happen(evening, members, olive):
    url = reverse("door_arrivals", args=[evening.pk])
    evening.refresh_from_db()
    assert olive.get(url, {"seen": evening.revision}, headers=HTMX).status_code == 204
    here(Client(), evening, members["Zoë Łukasiewicz"])
    fragment = olive.get(url, {"seen": evening.revision}, headers=HTMX).content.decode()
    assert "Zoë Łukasiewicz" in fragment and "card 1" in fragment and "<html" not in fragment
    desk = olive.get(reverse("event_desk", args=[evening.pk])).content.decode()
    assert 'id="arrivals"' in desk and "Zoë Łukasiewicz" in desk


def test_the_desks_poll_brings_its_list_of_entrants_too(evening, members, olive):
    evening.refresh_from_db()
    here(Client(), evening, members["Zoë Łukasiewicz"])
    url = reverse("door_arrivals", args=[evening.pk])
    fragment = olive.get(url, {"seen": evening.revision, "desk": "1"}, headers=HTMX).content.decode()
    entrants = fragment[fragment.index('<div id="entrants" hx-swap-oob="true">') :]
    assert "Here tonight (1)" in entrants and "Zoë Łukasiewicz" in entrants


def test_a_walk_in_waiting_stays_on_the_desks_list_however_many_arrive_after_them(evening, members, olive):
    Client().post(door_url(evening, "walk-in"), {"name": "Peggy Sue"})
    for n in range(31):
        Client().post(door_url(evening, "walk-in"), {"name": f"Visitor {n}"})
    for arrival in CheckIn.objects.exclude(name="Peggy Sue"):
        arrival.status = CheckIn.Status.CONFIRMED  # the desk has seen to everyone after her
        arrival.save(update_fields=["status"])
    listed = olive.get(reverse("door_arrivals", args=[evening.pk])).content.decode()
    assert "Visitor 30" in listed and "Visitor 0<" not in listed  # the latest 30, newest first
    assert (
        "Peggy Sue" in listed
        and reverse("door_confirm", args=[evening.pk, CheckIn.objects.get(name="Peggy Sue").pk]) in listed
    )
