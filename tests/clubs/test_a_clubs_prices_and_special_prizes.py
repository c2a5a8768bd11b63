"""A club's own page for what its evenings start with: the entry prices and currency (an evening may set its own)
and the special prizes chosen from the list, which every evening's default prize list then ends with (#50)."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import make_cast, make_event, two_table_evening
from tests.security.snapshot import changed, snapshot
from whistdrive.evening import scores

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    club_a, club_b, olive, sam, bea = make_cast()
    return club_a, club_b, olive, sam, bea


def save(client, club, **data):
    fields = {"currency": "£", "fee_member": "", "fee_guest": "", "fee_concession": "", "board_hides_last": "0", **data}
    return client.post(reverse("club_evenings", args=[club.pk]), fields, follow=True)


def test_an_organiser_sets_the_clubs_prices_and_an_evening_without_its_own_uses_them(client, cast):
    club, _, olive, _, _ = cast
    client.force_login(olive)
    page = save(client, club, currency="€", fee_member="3", fee_guest="£4.50", fee_concession="2.5")
    assert "prices and prizes are saved" in page.content.decode()
    club.refresh_from_db()
    assert (club.currency, club.fee_member, club.fee_guest, club.fee_concession) == (
        "€", Decimal("3.00"), Decimal("4.50"), Decimal("2.50"),
    )  # fmt: skip
    event = make_event(club, fee_guest=Decimal("5.00"))
    assert (event.fee("member"), event.fee("guest"), event.fee("concession")) == (
        Decimal("3.00"), Decimal("5.00"), Decimal("2.50"),
    )  # fmt: skip
    money_page = client.get(reverse("event_money", args=[event.pk])).content.decode()
    assert "€3.00" in money_page


def test_the_page_shows_the_prices_and_the_list_of_special_prizes(client, cast):
    club, _, olive, _, _ = cast
    club.fee_member = Decimal("3.50")
    club.special_prizes = ["tens"]
    club.save()
    client.force_login(olive)
    page = client.get(reverse("club_evenings", args=[club.pk])).content.decode()
    assert 'value="3.50"' in page
    assert "Most hands of ten or more tricks" in page and "Lowest score of the second half" in page
    assert re.search(r'value="tens"[^>]* checked', page)
    assert not re.search(r'value="low_second_half"[^>]* checked', page)


def test_the_special_prizes_chosen_end_every_evenings_default_prize_list(client, cast):
    club, _, olive, _, _ = cast
    client.force_login(olive)
    save(client, club, special_prizes=["low_second_half", "tens"])
    club.refresh_from_db()
    assert club.special_prizes == ["tens", "low_second_half"]  # the list's order, not the boxes'
    event = two_table_evening(club)
    kinds = [prize["kind"] for prize in scores.standings_now(event).prize_list]
    assert kinds == ["top", "top", "booby", "booby", "tens", "low_second_half"]
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "Lowest second half" in page and "Most tens" in page


def test_an_evening_without_an_interval_leaves_out_the_prizes_for_a_half(client, cast):
    club, _, _, _, _ = cast
    club.special_prizes = ["tens", "low_second_half", "low_half_time"]
    club.save()
    event = two_table_evening(club)
    event.set_format(event.format.__class__(hands=3, interval_after=None))
    event.save()
    assert [prize["kind"] for prize in scores.standings_now(event).prize_list][-1:] == ["tens"]


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"fee_member": "3.505"}, "more than two decimal places"),
        ({"fee_guest": "-4"}, "without a minus sign"),
        ({"fee_concession": "two pounds"}, "is not an amount of money"),
        ({"currency": "  "}, "Type the symbol amounts are shown with"),
        ({"currency": "£\u0007"}, "control character"),
        ({"special_prizes": ["most_sevens"]}, "Select a valid choice"),
    ],
)
def test_bad_input_is_refused_with_a_reason_and_nothing_is_saved(client, cast, data, says):
    club, _, olive, _, _ = cast
    client.force_login(olive)
    before = snapshot()
    page = save(client, club, **{"fee_member": "3", **data})
    assert page.status_code == 400 and says in page.content.decode()
    assert changed(before, snapshot()) == []


def test_a_scorer_and_another_clubs_organiser_cannot_change_the_prices(client, cast):
    club, _, _, sam, bea = cast
    before = snapshot()
    for person in (sam, bea):
        client.force_login(person)
        assert save(client, club, fee_member="9").status_code in (403, 404)
    assert changed(before, snapshot()) == []


def new_event(client, club, **format_fields):
    page = client.get(reverse("event_new", args=[club.pk]))
    data = {k: v for k, v in page.context["form"].initial.items() if v is not None and k != "tie_breaks"}
    data.update({"name": "Spring drive", "date": "2026-04-07", "season": "", **format_fields})
    client.post(reverse("event_new", args=[club.pk]), data)
    return club.events.get(name="Spring drive")


def test_the_clubs_suspense_is_every_new_evenings_and_never_more_hands_than_it_has(client, cast):
    club, _, olive, _, _ = cast
    client.force_login(olive)
    save(client, club, board_hides_last="3")
    club.refresh_from_db()
    assert club.board_hides_last == 3
    assert new_event(client, club).board_hides_last == 3
    club.events.all().delete()
    assert new_event(client, club, hands="2", interval_after="").board_hides_last == 2


def test_a_suspense_of_more_hands_than_any_evening_has_is_refused(client, cast):
    club, _, olive, _, _ = cast
    client.force_login(olive)
    page = save(client, club, board_hides_last="61")
    assert page.status_code == 400 and "less than or equal to 60" in page.content.decode()
