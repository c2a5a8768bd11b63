"""Started evenings of club A for the printing views, with long and accented names.

Results are set as the organiser would from the paper (``entry.set_result``), so the evening
moves on hand by hand through the real movement engine; the tests then read the rows back
(Seating, Result) to know what each document must say.
"""

from __future__ import annotations

from collections import defaultdict

from tests.factories import make_event
from whistdrive.engines.formats import Format
from whistdrive.engines.rules import HandEntry, trump_for_hand
from whistdrive.evening import entry, running
from whistdrive.store.models import Entrant, Event, Result, Seating

LADIES = ["Zoë Łukasiewicz", "Siobhán O'Brien-Fitzgerald", "Maximiliana Wilhelmina Featherstonehaugh-Cholmondeley",
          "Renée Dupont", "Ægir Ødegård", "Ann Smith", "Mary Jones", "Joan Hill"]  # fmt: skip
GENTS = ["Łukasz Żółkiewski-Brzęczyszczykiewicz", "Seán Ó Súilleabháin", "François Lefèvre", "Bob Jones",
         "Fred Bloggs", "Arthur Dent"]  # fmt: skip


def add_people(event: Event, ladies: int, gents: int) -> list[Entrant]:
    names = [(n, "lady") for n in LADIES[:ladies]] + [(f"Lady {i + 1}", "lady") for i in range(ladies - len(LADIES))]
    names += [(n, "gent") for n in GENTS[:gents]] + [(f"Gent {i + 1}", "gent") for i in range(gents - len(GENTS))]
    return [
        Entrant.objects.create(event=event, name=name, role=role, card_number=number)
        for number, (name, role) in enumerate(names, start=1)
    ]


def north_south_tricks(table: int, hand: int) -> int:
    """A made-up but varied result for each table and hand (never a 13–0)."""
    return (table * 5 + hand * 3) % 11 + 1


def play(event: Event, hands: int, user=None) -> Event:
    """Set the result of every table for the next ``hands`` hands; the evening advances itself."""
    for _ in range(hands):
        event.refresh_from_db()
        hand = event.current_hand
        for table in event.tables.filter(seatings__hand=hand).distinct().order_by("number"):
            ns = north_south_tricks(table.number, hand)
            trump = trump_for_hand(event.trumps, hand) or "S"
            entry.set_result(table, hand=hand, entry=HandEntry(tricks_ns=ns, tricks_ew=13 - ns, trump=trump), user=user)
    event.refresh_from_db()
    return event


def progressive_evening(club, *, played: int = 3, **fields) -> Event:
    """40 players (20 ladies, 20 gents) at 10 tables, a 24-hand progressive drive, interval after 12."""
    event = make_event(club, Format(hands=24, interval_after=12), **fields)
    add_people(event, 20, 20)
    running.start_event(event, seed=7)
    return play(event, played)


def individual_evening(club, *, played: int = 2, **fields) -> Event:
    """20 players (10 ladies, 10 gents) at 5 tables, a 20-hand individual drive, interval after 10."""
    event = make_event(
        club, Format(movement="individual", hands=20, interval_after=10), name="Friday individual", **fields
    )
    add_people(event, 10, 10)
    running.start_event(event, seed=3)
    return play(event, played)


def expected_scores(event: Event) -> dict[int, list[tuple[int, int]]]:
    """Card number -> [(tricks, running total)] per hand with a result, worked from the rows.

    Neither of these evenings has sit-outs or revokes, so a player's score is their side's tricks.
    """
    results = {(r.hand, r.table_id): r for r in Result.objects.filter(table__event=event)}
    scored: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for seating in Seating.objects.filter(event=event).select_related("entrant").order_by("hand"):
        result = results.get((seating.hand, seating.table_id))
        if result is None:
            continue
        tricks = result.tricks_ns if seating.seat in "NS" else result.tricks_ew
        runs = scored[seating.entrant.card_number]
        runs.append((tricks, (runs[-1][1] if runs else 0) + tricks))
    return scored
