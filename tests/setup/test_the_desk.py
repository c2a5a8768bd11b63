"""The registration desk: find, add, guests, roles, card numbers, removal, late arrivals."""

import pytest
from django.urls import reverse

from clubs.models import Member
from tests.factories import add_entrants, make_cast, make_club, make_event, make_member

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def desk(client):
    club_a, club_b, olive, sam, bea = make_cast()
    make_member(club_a, "Ann Smith", "lady")
    make_member(club_a, "Andrew Annan", "gent")
    make_member(club_a, "Joan Hill", "lady")
    event = make_event(club_a)
    client.force_login(olive)
    return client, club_a, event


def test_two_letters_find_the_member_and_names_starting_with_them_come_first(desk):
    client, _, event = desk
    response = client.get(reverse("event_desk", args=[event.pk]), {"q": "an"}, headers=HTMX)
    page = response.content.decode()
    assert 'id="matches"' in page and "<html" not in page
    assert page.index("Andrew Annan") < page.index("Ann Smith") and "Joan Hill" in page


def test_enter_adds_the_first_match_with_the_next_card_number_shown_big(desk):
    client, _, event = desk
    client.post(reverse("desk_add", args=[event.pk]), {"q": "joan"}, headers=HTMX)
    response = client.post(reverse("desk_add", args=[event.pk]), {"q": "ann s"}, headers=HTMX)
    page = response.content.decode()
    assert "Card 2" in page and "Ann Smith" in page
    assert list(event.entrants.values_list("name", "role", "card_number")) == [
        ("Joan Hill", "lady", 1),
        ("Ann Smith", "lady", 2),
    ]


def test_a_member_already_here_is_not_added_twice(desk):
    client, club, event = desk
    ann = club.members.get(name="Ann Smith")
    client.post(reverse("desk_add", args=[event.pk]), {"member": ann.pk})
    response = client.post(reverse("desk_add", args=[event.pk]), {"member": ann.pk}, headers=HTMX)
    assert "Ann Smith is here: card 1" in response.content.decode()
    assert event.entrants.count() == 1


def test_a_member_of_another_club_cannot_be_added_by_id(desk):
    client, _, event = desk
    stranger = make_member(make_club("Elsewhere"), "Stranger")
    response = client.post(reverse("desk_add", args=[event.pk]), {"member": stranger.pk}, headers=HTMX)
    assert "not in this club" in response.content.decode() and not event.entrants.exists()


def test_a_walk_in_guest_can_be_kept_on_the_books(desk):
    client, club, event = desk
    client.post(reverse("desk_guest", args=[event.pk]), {"name": "Wally  Walker", "role": "gent", "keep": "on"})
    client.post(reverse("desk_guest", args=[event.pk]), {"name": "Passing Through", "role": "lady"})
    kept = Member.objects.get(name="Wally Walker")
    assert kept.is_guest and kept.club == club and kept.role == "gent"
    assert not Member.objects.filter(name="Passing Through").exists()
    assert [(e.name, e.member_id) for e in event.entrants.all()] == [
        ("Wally Walker", kept.pk),
        ("Passing Through", None),
    ]


def test_the_role_for_tonight_can_differ_from_the_preferred_one(desk):
    client, club, event = desk
    client.post(reverse("desk_add", args=[event.pk]), {"q": "ann s"})
    entrant = event.entrants.get()
    client.post(reverse("desk_role", args=[event.pk, entrant.pk]), {"role": "gent"})
    entrant.refresh_from_db()
    assert entrant.role == "gent" and club.members.get(name="Ann Smith").role == "lady"


def test_an_entry_removed_before_the_start_is_gone(desk):
    client, _, event = desk
    client.post(reverse("desk_add", args=[event.pk]), {"q": "ann s"})
    entrant = event.entrants.get()
    client.post(reverse("desk_remove", args=[event.pk, entrant.pk]))
    assert not event.entrants.exists()


def test_the_desk_counts_ladies_gents_tables_and_spares(desk):
    client, _, event = desk
    add_entrants(event, 5, 4)
    page = client.get(reverse("event_desk", args=[event.pk])).content.decode()
    counts = page.split('class="counts"')[1].split("</dl>")[0]
    assert [c.split("<dd>")[1].split("<")[0] for c in counts.split("<div>")[1:]] == ["9", "5", "4", "2", "1"]
    assert "1 player sits out each hand in turn" in page


def test_a_start_the_numbers_do_not_allow_shows_why(desk):
    client, _, event = desk
    add_entrants(event, 2, 1)
    response = client.post(reverse("desk_start", args=[event.pk]), {"by": "card"}, follow=True)
    assert "cannot fill a table" in response.content.decode()
    event.refresh_from_db()
    assert not event.started


def test_after_the_start_late_arrivals_and_leavers_count_from_the_next_hand(desk):
    client, _, event = desk
    add_entrants(event, 4, 4)
    client.post(reverse("desk_start", args=[event.pk]), {"by": "card"})
    client.post(reverse("desk_add", args=[event.pk]), {"q": "joan"})
    late = event.entrants.get(name="Joan Hill")
    assert (late.card_number, late.joined_hand) == (9, 2)
    leaver = event.entrants.get(card_number=1)
    client.post(reverse("desk_remove", args=[event.pk, leaver.pk]))
    leaver.refresh_from_db()
    assert leaver.left_after_hand == 1 and event.entrants.count() == 9


def test_starting_twice_does_not_draw_again(desk):
    client, _, event = desk
    add_entrants(event, 4, 4)
    client.post(reverse("desk_start", args=[event.pk]), {"by": "random"})
    event.refresh_from_db()
    seed = event.seed
    response = client.post(reverse("desk_start", args=[event.pk]), {"by": "random"}, follow=True)
    assert "already started" in response.content.decode()
    event.refresh_from_db()
    assert event.seed == seed and event.seatings.filter(hand=1).count() == 8


def test_a_name_with_a_non_ascii_capital_is_found_typing_in_lower_case(desk):
    client, club, event = desk
    make_member(club, "Łukasz Nowak", "gent")
    client.post(reverse("desk_add", args=[event.pk]), {"q": "łuk"})
    assert event.entrants.get().name == "Łukasz Nowak"
