"""The prize list editor: every change through the form, checked by the prizes engine."""

import pytest
from django.urls import reverse

from tests.factories import add_entrants, make_cast, make_event
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db


def post_prizes(client, event, rows: list[dict], *, initial: int | None = None):
    data = {
        "prize-TOTAL_FORMS": str(len(rows)),
        "prize-INITIAL_FORMS": str(len(rows) if initial is None else initial),
        "prize-MIN_NUM_FORMS": "0",
        "prize-MAX_NUM_FORMS": "40",
    }
    for index, row in enumerate(rows):
        for name, value in row.items():
            if value is True:
                value = "on"
            data[f"prize-{index}-{name}"] = "" if value is None else str(value)
    return client.post(reverse("event_prizes", args=[event.pk]), data)


def row(kind, role="", places=1, order="", label="", target=None, delete=False):
    values = {"kind": kind, "role": role, "places": places, "ORDER": order, "label": label, "target": target}
    if delete:
        values["DELETE"] = True
    return values


@pytest.fixture
def setting():
    club_a, _, olive, sam, _ = make_cast()
    event = make_event(club_a)
    add_entrants(event, 4, 4)
    return event, olive, sam


def test_an_empty_prize_list_is_offered_the_ladies_and_gents_defaults(client, setting):
    event, olive, _ = setting
    client.force_login(olive)

    response = client.get(reverse("event_prizes", args=[event.pk]))

    formset = response.context["formset"]
    assert [(f.initial["kind"], f.initial["role"], f.initial["places"]) for f in formset.forms[:4]] == [
        ("top", "lady", 3), ("top", "gent", 3), ("booby", "lady", 1), ("booby", "gent", 1),
    ]  # fmt: skip
    assert "no prize list of its own yet" in response.content.decode()


def test_a_scorer_saves_prizes_in_the_order_numbers_given_leaving_out_removed_ones(client, setting):
    event, _, sam = setting
    client.force_login(sam)

    response = post_prizes(
        client,
        event,
        [
            row("top", "lady", 3, order=2),
            row("booby", "gent", order=3, delete=True),
            row("half_time", order=1),
            row("mystery", order=4, target=150),
        ],
        initial=3,
    )

    assert response.status_code == 302
    event.refresh_from_db()
    assert event.prizes == [
        {"kind": "half_time", "role": None},
        {"kind": "top", "role": "lady", "places": 3},
        {"kind": "mystery", "role": None, "target": 150},
    ]
    assert event.mystery_target == 150


def test_a_mystery_prize_without_its_number_is_refused_with_the_engines_message(client, setting):
    event, olive, _ = setting
    client.force_login(olive)

    response = post_prizes(client, event, [row("top", "lady", 3, order=1), row("mystery", order=2)])

    assert response.status_code == 200
    assert "needs the announced score" in response.content.decode()
    event.refresh_from_db()
    assert event.prizes == []


def test_a_number_of_places_out_of_range_is_refused_by_the_form(client, setting):
    event, olive, _ = setting
    client.force_login(olive)

    response = post_prizes(client, event, [row("top", "gent", 0, order=1)])

    assert response.status_code == 200
    assert response.context["formset"].forms[0].errors["places"]
    event.refresh_from_db()
    assert event.prizes == []


def test_the_saved_list_decides_the_winners_shown_on_the_standings(client, setting):
    event, olive, _ = setting
    client.force_login(olive)
    post_prizes(client, event, [row("tens", order=1, label="Tens prize")])
    event.refresh_from_db()
    event.status = Event.Status.FINISHED
    event.save()

    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()

    assert "<h3>Tens prize</h3>" in html
    assert "default prizes" not in html
