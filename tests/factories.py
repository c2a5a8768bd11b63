"""Hand-written factories. The cast: Olive organises club A, Sam scores for club A,
Bea organises club B. Permission tests read as prose with them."""

import contextlib
import datetime
import itertools

from django.contrib.auth.models import Permission, User
from django.db import transaction
from django.test import Client
from django.urls import reverse

from clubs.models import Club, ClubAccess, Member
from whistdrive.engines.formats import Format
from whistdrive.evening import running
from whistdrive.store import cache
from whistdrive.store.models import Entrant, Event, Result, Seating, Table

_numbers = itertools.count(1)


@contextlib.contextmanager
def kept_for_the_module(django_db_blocker):
    """Rows a module's tests only read, made once outside any test: in a transaction rolled back when the block
    ends. Each test's own transaction (pytest-django's `db`) is inside it, so what a test writes is still undone
    after it. Values kept in the cache are dropped before (an earlier test's, for rows rolled back) and after (the
    block's own): rows made next may take the same ids, and must not be read through values kept for these."""
    with django_db_blocker.unblock():
        cache.clear()
        with transaction.atomic():
            yield
            transaction.set_rollback(True)
        cache.clear()


LADIES = ["Ann Smith", "Zoë Łukasiewicz", "Siobhán O'Brien", "Mary Jones", "Joan Hill", "Edna Price",
          "Rita Moss", "Ivy Lane", "Olga Berry", "Pam Cole", "Nora Wade", "Vera Holt"]  # fmt: skip
GENTS = ["Bob Jones", "Łukasz Nowak", "Fred Bloggs", "Arthur Dent", "Cyril Webb", "Dennis Ford",
         "Ernest Gale", "Frank Hope", "Harold Ince", "Ian Judd", "Ken Kirk", "Len Lamb"]  # fmt: skip


def make_user(username: str, *, password: str = "correct horse battery", staff: bool = True) -> User:
    user = User.objects.create_user(username=username, password=password, is_staff=staff)
    if staff:
        # Staff with model permissions: what an organiser needs to use the admin for their own club.
        # Written as rows of the join table: `user_permissions.set()` of 120 Permission objects was 8.6 ms a user,
        # and the suite makes thousands.
        granted = User.user_permissions.through
        permissions = Permission.objects.filter(content_type__app_label__in=["clubs", "whistdrive"])
        granted.objects.bulk_create(
            granted(user_id=user.pk, permission_id=pk) for pk in permissions.values_list("pk", flat=True)
        )
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
    event = Event(
        club=club, name=fields.pop("name", "Tuesday drive"), date=fields.pop("date", datetime.date(2026, 12, 1))
    )
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


def started_event(
    club: Club | None = None,
    *,
    tables: int | None = None,
    ladies: int = 6,
    gents: int = 6,
    hands: int = 6,
    interval_after: int | None = None,
    seed: int = 7,
    name: str = "Tuesday drive",
    **format_changes,
) -> Event:
    """A started evening: ``ladies`` and ``gents`` (or two of each at ``tables`` tables) in a drive of
    ``hands`` hands, seated by a random draw from ``seed``; in a new club unless ``club`` is given."""
    if tables is not None:
        ladies = gents = 2 * tables
    fmt = Format(hands=hands, interval_after=interval_after, **format_changes)
    event = make_event(club or make_club(), fmt, name=name)
    add_entrants(event, ladies, gents)
    running.start_event(event, seed=seed)
    event.refresh_from_db()
    return event


def table_of(event: Event, number: int = 1) -> Table:
    return event.tables.get(number=number)


def seated_phone(table: Table, seat: str, client_class=Client, **request) -> Client:
    """A phone (a client of its own) that tapped ``seat`` at the table, as a player does once: it then
    remembers its player for the evening. ``request``: the tap's extras (``headers=``, ``secure=``)."""
    phone = client_class()
    phone.post(reverse("table_seat", args=[table.token]), {"seat": seat}, **request)
    return phone


# -- evenings written as rows directly (no phones, no movement engine), for the standings pages --


# The hand-worked evening of the standings pages (tests/standings_pages): its people and trumps.
WORKED_LADIES = ["Ann", "Bet", "Cat", "Dot", "Eve"]
WORKED_GENTS = ["Fred", "Gus", "Hal", "Ian"]
TRUMPS = "HDSC"


def seat_hand(event: Event, hand: int, tables: list[tuple[list[str], int]], out: list[str], people: dict) -> None:
    """Seat one hand and record its results: each table is ([N, E, S, W] names, N-S tricks)."""
    for number, (names, ns) in enumerate(tables, start=1):
        table, _ = Table.objects.get_or_create(event=event, number=number)
        for seat, name in zip("NESW", names, strict=True):
            Seating.objects.create(event=event, hand=hand, entrant=people[name], table=table, seat=seat)
        if ns is not None:
            Result.objects.create(table=table, hand=hand, trump=TRUMPS[(hand - 1) % 4], tricks_ns=ns, tricks_ew=13 - ns)
    for name in out:
        Seating.objects.create(event=event, hand=hand, entrant=people[name])


def two_table_evening(club, *, status: str = Event.Status.FINISHED, hands_scored: int = 3, **fields) -> Event:
    """Nine players (five ladies, four gents) at two tables, three hands, interval after hand 2.

    Ladies sit N and E, gents S and W; one lady sits out each hand; sit-outs score their own average.

      hand 1: t1 Ann Bet Fred Gus  NS 8 | t2 Cat Dot Hal Ian NS 6 | Eve out
      hand 2: t1 Eve Bet Fred Gus  NS 7 | t2 Cat Dot Hal Ian NS 9 | Ann out
      hand 3: t1 Ann Eve Fred Gus  NS 5 | t2 Cat Dot Hal Ian NS 7 | Bet out

    Worked by hand (total = 1st half + 2nd half):
      Eve  out(avg 7,8 = 7.5 -> 8) + 7 + 8 = 23 (15 + 8)   1
      Cat  6 + 9 + 7 = 22 (15 + 7)                          =2
      Hal  6 + 9 + 7 = 22 (15 + 7)                          =2
      Ann  8 + out(avg 8,5 = 6.5 -> 7) + 5 = 20 (15 + 5)    =4
      Fred 8 + 7 + 5 = 20 (15 + 5)                          =4
      Gus  5 + 6 + 8 = 19 (11 + 8)                           6
      Bet  5 + 6 + out(avg 5.5 -> 6) = 17 (11 + 6)          =7
      Dot  7 + 4 + 6 = 17 (11 + 6)                          =7
      Ian  7 + 4 + 6 = 17 (11 + 6)                          =7
    """
    event = make_event(club, Format(hands=3, interval_after=2), **fields)
    people = {}
    for number, name in enumerate(WORKED_LADIES + WORKED_GENTS, start=1):
        role = "lady" if name in WORKED_LADIES else "gent"
        people[name] = Entrant.objects.create(event=event, name=name, role=role, card_number=number)
    plan = [
        ([(["Ann", "Bet", "Fred", "Gus"], 8), (["Cat", "Dot", "Hal", "Ian"], 6)], ["Eve"]),
        ([(["Eve", "Bet", "Fred", "Gus"], 7), (["Cat", "Dot", "Hal", "Ian"], 9)], ["Ann"]),
        ([(["Ann", "Eve", "Fred", "Gus"], 5), (["Cat", "Dot", "Hal", "Ian"], 7)], ["Bet"]),
    ]
    for hand, (tables, out) in enumerate(plan[:hands_scored], start=1):
        seat_hand(event, hand, tables, out, people)
    event.status = status
    event.current_hand = hands_scored
    event.save()
    return event


def big_evening(club, tables: int, hands: int = 24, *, status: str = Event.Status.RUNNING, **fields) -> Event:
    """``tables`` full tables and ``hands`` hands of results, bulk-created: for counting queries and timing.

    Each hand the ladies (N, E) move up a table and the gents (S, W) stay, which is enough variety
    for the standings; the results follow a fixed pattern so runs are comparable.
    """
    fmt = Format(hands=max(hands, 2), interval_after=max(hands, 2) // 2)
    event = make_event(club, fmt, **fields)
    count = tables * 4
    Entrant.objects.bulk_create(
        Entrant(
            event=event,
            name=f"{'Lady' if i % 4 < 2 else 'Gent'} {i + 1}",
            role="lady" if i % 4 < 2 else "gent",
            card_number=i + 1,
        )
        for i in range(count)
    )
    people = list(event.entrants.order_by("card_number"))
    Table.objects.bulk_create(Table(event=event, number=n) for n in range(1, tables + 1))
    table_rows = list(event.tables.order_by("number"))
    seatings, results = [], []
    for hand in range(1, hands + 1):
        for t, table in enumerate(table_rows):
            ladies = people[((t + hand - 1) % tables) * 4 : ((t + hand - 1) % tables) * 4 + 2]
            gents = people[t * 4 + 2 : t * 4 + 4]
            for seat, person in zip("NESW", [ladies[0], ladies[1], gents[0], gents[1]], strict=True):
                seatings.append(Seating(event=event, hand=hand, entrant=person, table=table, seat=seat))
            ns = (t * 7 + hand * 5) % 14
            ns = min(ns, 13)
            results.append(
                Result(table=table, hand=hand, trump=TRUMPS[(hand - 1) % 4], tricks_ns=ns, tricks_ew=13 - ns)
            )
    Seating.objects.bulk_create(seatings, batch_size=2000)
    Result.objects.bulk_create(results, batch_size=2000)
    event.status = status
    event.current_hand = hands
    event.save()
    return event


# -- duplicate evenings ----------------------------------------------------------------------------


def duplicate_event(
    club: Club | None = None,
    *,
    pairs: int = 8,
    boards: int = 8,
    boards_per_round: int = 2,
    movement: str = "mitchell",
    scoring: str = "matchpoints",
    trumps: str = "HDSC",
    boards_dealt: str = Event.BoardsDealt.RECORDS,
    start: bool = True,
    seed: int = 7,
) -> Event:
    """A duplicate evening of ``pairs`` pairs (a lady and a gent each), started from ``seed`` by card
    number unless ``start`` is False: pair k is cards 2k − 1 and 2k."""
    fmt = Format.duplicate(boards, boards_per_round, movement, scoring, trumps)
    event = make_event(club or make_club(), fmt, name="Duplicate night", boards_dealt=boards_dealt, board_seed=seed)
    ladies = LADIES + [f"Lady {i}" for i in range(pairs)]
    gents = GENTS + [f"Gent {i}" for i in range(pairs)]
    for k in range(pairs):
        Entrant.objects.create(event=event, name=ladies[k], role="lady", card_number=2 * k + 1)
        Entrant.objects.create(event=event, name=gents[k], role="gent", card_number=2 * k + 2)
    if start:
        running.start_event(event, by="card", seed=seed)
        event.refresh_from_db()
    return event


# -- results online (#51) ----------------------------------------------------------------------------


def as_members(event: Event, members: dict[str, Member]) -> None:
    """Link the evening's entrants to the club's members of the same name (a guest has none)."""
    for entrant in event.entrants.all():
        if entrant.name in members:
            entrant.member = members[entrant.name]
            entrant.save(update_fields=["member"])


def publish(event: Event, at: datetime.datetime | None = None, corrected: datetime.datetime | None = None) -> Event:
    """Put an evening online as a publish does (the publish itself is tests/publish's): set when it arrived."""
    from django.utils import timezone

    Event.objects.filter(pk=event.pk).update(
        published_at=at or timezone.now() - datetime.timedelta(days=30), corrected_at=corrected
    )
    event.refresh_from_db()
    return event
