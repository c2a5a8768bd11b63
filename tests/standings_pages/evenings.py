"""Evenings for the standings pages, written as rows directly (no phones, no movement engine).

``two_table_evening`` is worked by hand in its docstring; the tests check the pages against it.
"""

from __future__ import annotations

from tests.factories import make_event
from whistdrive.formats import Format
from whistdrive.models import Entrant, Event, Result, Seating, Table

LADIES = ["Ann", "Bet", "Cat", "Dot", "Eve"]
GENTS = ["Fred", "Gus", "Hal", "Ian"]
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
    for number, name in enumerate(LADIES + GENTS, start=1):
        role = "lady" if name in LADIES else "gent"
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
