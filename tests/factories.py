"""Hand-written factories. The cast: Olive organises club A, Sam scores for club A,
Bea organises club B. Permission tests read as prose with them."""

import datetime
import itertools

from django.contrib.auth.models import Permission, User

from clubs.models import Club, ClubAccess, Member
from whistdrive.formats import Format
from whistdrive.models import Entrant, Event

_numbers = itertools.count(1)

LADIES = ["Ann Smith", "Zoë Łukasiewicz", "Siobhán O'Brien", "Mary Jones", "Joan Hill", "Edna Price",
          "Rita Moss", "Ivy Lane", "Olga Berry", "Pam Cole", "Nora Wade", "Vera Holt"]  # fmt: skip
GENTS = ["Bob Jones", "Łukasz Nowak", "Fred Bloggs", "Arthur Dent", "Cyril Webb", "Dennis Ford",
         "Ernest Gale", "Frank Hope", "Harold Ince", "Ian Judd", "Ken Kirk", "Len Lamb"]  # fmt: skip


def make_user(username: str, *, password: str = "correct horse battery", staff: bool = True) -> User:
    user = User.objects.create_user(username=username, password=password, is_staff=staff)
    if staff:
        # Staff with model permissions: what an organiser needs to use the admin for their own club.
        user.user_permissions.set(Permission.objects.filter(content_type__app_label__in=["clubs", "whistdrive"]))
    return user


def make_club(name: str = "Nether Wallop Whist Club", **fields) -> Club:
    return Club.objects.create(name=name, **fields)


def give_access(user: User, club: Club, role: str = ClubAccess.Role.ORGANISER) -> ClubAccess:
    return ClubAccess.objects.create(user=user, club=club, role=role)


def make_cast():
    """Two clubs and three people: (club_a, club_b, olive, sam, bea)."""
    club_a = make_club("Nether Wallop Whist Club")
    club_b = make_club("Over Wallop Whist Club")
    olive = make_user("olive")
    sam = make_user("sam")
    bea = make_user("bea")
    give_access(olive, club_a, ClubAccess.Role.ORGANISER)
    give_access(sam, club_a, ClubAccess.Role.SCORER)
    give_access(bea, club_b, ClubAccess.Role.ORGANISER)
    return club_a, club_b, olive, sam, bea


def make_member(club: Club, name: str | None = None, role: str = "", **fields) -> Member:
    number = next(_numbers)
    return Member.objects.create(club=club, name=name or f"Member {number}", role=role, **fields)


def make_event(club: Club, fmt: Format | None = None, **fields) -> Event:
    event = Event(club=club, name=fields.pop("name", "Tuesday drive"), date=fields.pop("date", datetime.date(2026, 12, 1)))
    event.set_format(fmt or Format())
    for name, value in fields.items():
        setattr(event, name, value)
    event.full_clean()
    event.save()
    return event


def add_entrants(event: Event, ladies: int, gents: int, others: int = 0) -> list[Entrant]:
    """Entrants with card numbers 1..n: ladies first, then gents, then people without a role."""
    people = [(n, "lady") for n in LADIES[:ladies]] + [(f"Lady {i}", "lady") for i in range(ladies - len(LADIES))]
    people += [(n, "gent") for n in GENTS[:gents]] + [(f"Gent {i}", "gent") for i in range(gents - len(GENTS))]
    people += [(f"Player {i + 1}", "") for i in range(others)]
    start = event.entrants.count()
    return [
        Entrant.objects.create(event=event, name=name, role=role, card_number=start + i + 1)
        for i, (name, role) in enumerate(people)
    ]
