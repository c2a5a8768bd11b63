"""People type what they hear: no accents, no apostrophes, no capitals, the second half of a double-barrelled
name, a membership number without its leading zeros. The members page and the desk find them all."""

import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from clubs.models import Member
from tests.factories import make_cast, make_event, make_member
from whistdrive.engines import search_keys

HTMX = {"HX-Request": "true"}


@pytest.mark.parametrize(
    ("name", "folded"),
    [
        ("Zoë Łukasiewicz", "zoe lukasiewicz"),
        ("ZOË", "zoe"),
        ("Siobhán O'Brien", "siobhan obrien"),
        ("Siobhán O’Brien", "siobhan obrien"),
        ("Anne Smith-Jones", "anne smith jones"),
        ("  Renée   Whitfield ", "renee whitfield"),
        ("Søren Straße", "soren strasse"),
    ],
)
def test_names_fold_to_lower_case_letters_without_accents_or_punctuation(name, folded):
    assert search_keys.fold(name) == folded


def test_a_membership_number_folds_without_its_leading_zeros():
    assert [search_keys.fold_number(n) for n in ("0042", "42", "000", "", "A-07")] == ["42", "42", "0", "", "a07"]


@pytest.fixture
def club_with_members(db, client):
    club_a, club_b, olive, sam, bea = make_cast()
    for name, number in [("Zoë Hargreaves", "001"), ("Siobhán O'Brien", "0042"), ("Anne Smith-Jones", "7"),
                         ("Bob Jones", "8"), ("Mary Price", "142")]:  # fmt: skip
        make_member(club_a, name, membership_number=number)
    make_member(club_b, "Zoe Elsewhere")
    client.force_login(olive)
    return client, club_a


def _found_on_members_page(client, club, q: str) -> str:
    return client.get(reverse("members", args=[club.pk]), {"q": q}, headers=HTMX).content.decode()


@pytest.mark.parametrize(
    ("typed", "finds", "misses"),
    [
        ("zoe", "Zoë Hargreaves", "Bob Jones"),
        ("ZOË", "Zoë Hargreaves", "Zoe Elsewhere"),
        ("obrien", "Siobhán O&#x27;Brien", "Zoë"),
        ("brien", "Siobhán O&#x27;Brien", "Zoë"),
        ("o'brien", "Siobhán O&#x27;Brien", "Zoë"),
        ("siobhan", "Siobhán O&#x27;Brien", "Zoë"),
        ("jones", "Anne Smith-Jones", "Zoë"),
        ("smith jones", "Anne Smith-Jones", "Bob Jones"),
        ("42", "Siobhán O&#x27;Brien", "Mary Price"),
        ("0042", "Siobhán O&#x27;Brien", "Mary Price"),
        ("1", "Zoë Hargreaves", "Mary Price"),
    ],
)
def test_the_members_page_finds_what_people_type(club_with_members, typed, finds, misses):
    client, club = club_with_members
    page = _found_on_members_page(client, club, typed)
    assert finds in page and misses not in page


def test_the_desk_finds_an_accented_member_typed_plainly_and_adds_them_by_enter(club_with_members):
    client, club = club_with_members
    event = make_event(club)
    page = client.get(reverse("event_desk", args=[event.pk]), {"q": "zoe"}, headers=HTMX).content.decode()
    assert "Zoë Hargreaves" in page
    client.post(reverse("desk_add", args=[event.pk]), {"q": "obrien"}, headers=HTMX)
    assert event.entrants.get().member.name == "Siobhán O'Brien"
    page = client.get(reverse("event_desk", args=[event.pk]), {"q": "brien"}, headers=HTMX).content.decode()
    assert "Siobhán O&#x27;Brien is here: card 1" in page


def test_a_member_renamed_or_imported_is_found_by_the_new_name(club_with_members):
    client, club = club_with_members
    bob = club.members.get(name="Bob Jones")
    bob.name = "Robért Jones"
    bob.save(update_fields=["name"])
    Member.objects.bulk_create([Member(club=club, name="Chloë Barraclough", membership_number="0099")])
    assert "Robért Jones" in _found_on_members_page(client, club, "robert")
    assert "Chloë Barraclough" in _found_on_members_page(client, club, "99")


def test_the_migration_folds_the_members_already_on_the_books(club_with_members):
    _, club = club_with_members
    Member.objects.update(name_key="", number_key="")
    migration = importlib.import_module("clubs.migrations.0007_member_search_keys")
    migration.fill_search_keys(apps, None)
    assert club.members.search("obrien").get().name == "Siobhán O'Brien"
    assert club.members.search("42").get().name == "Siobhán O'Brien"


def test_a_guest_added_twice_under_one_name_is_warned_about(club_with_members):
    client, club = club_with_members
    event = make_event(club)
    client.post(reverse("desk_guest", args=[event.pk]), {"name": "Wally Walker", "role": "gent"}, headers=HTMX)
    page = client.post(
        reverse("desk_guest", args=[event.pk]), {"name": "wally  walker", "role": "gent"}, headers=HTMX
    ).content.decode()
    assert "Wally Walker is already entered tonight (card 1)" in page
    assert event.entrants.count() == 2
