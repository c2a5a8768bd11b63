"""Loads an event's rows as the plain values the standings engine takes.

Three queries whatever the size of the event (entrants, seatings, results), so the
organiser's standings, the projector board and each player's page cost the same for
5 tables or 300. Totals are always derived here from `Result` rows, never stored.
"""

from __future__ import annotations

import threading

from whistdrive import standings
from whistdrive.models import Event, Result, Seating, Submission
from whistdrive.rules import HandEntry, tricks_after_revoke


def _entrant_rows(event: Event) -> list[tuple]:
    return list(event.entrants.order_by("card_number").values_list("pk", "archive_id", "card_number", "name", "role"))


def _player_id(archive_id: str, card_number: int) -> str:
    # The same as Entrant.player_id, from plain values.
    return archive_id or f"p{card_number}"


def entrants_of(event: Event) -> list[standings.Entrant]:
    return [
        standings.Entrant(id=_player_id(archive_id, card), name=name, role=role or None)
        for _, archive_id, card, name, role in _entrant_rows(event)
    ]


# Per process: each event's seatings as plain ids, the bulk of what the loader reads (28,800 rows at
# 300 tables), kept while the caller's key says no seating or entrant was added or changed. A new
# result, the common change mid-evening, then costs a read of the results only.
_seatings_cache: dict[int, tuple[tuple, dict, dict]] = {}
_seatings_lock = threading.Lock()


def _seatings_of(event: Event, key: tuple | None) -> tuple[dict, dict]:
    """((hand, table_id) -> ((seat, entrant pk), ...), hand -> [entrant pk sitting out])."""
    if key is not None:
        with _seatings_lock:
            held = _seatings_cache.get(event.pk)
        if held and held[0] == key:
            return held[1], held[2]
    seated: dict[tuple[int, int], list] = {}
    sitting_out: dict[int, list[int]] = {}
    rows = Seating.objects.filter(event=event).order_by().values_list("hand", "table_id", "seat", "entrant_id")
    for hand, table_id, seat, entrant_id in rows:
        if table_id is None:
            sitting_out.setdefault(hand, []).append(entrant_id)
        else:
            seated.setdefault((hand, table_id), []).append((seat, entrant_id))
    if key is not None:
        with _seatings_lock:
            if len(_seatings_cache) >= 8:
                _seatings_cache.clear()
            _seatings_cache[event.pk] = (key, seated, sitting_out)
    return seated, sitting_out


def hand_records(
    event: Event,
    *,
    up_to: int | None = None,
    player_ids: dict[int, str] | None = None,
    seatings_key: tuple | None = None,
) -> list[standings.HandRecord]:
    """Every hand with at least one result: its tables (tricks after revokes) and its sit-outs.

    A table without a result yet is left out, so its players simply have no score for that
    hand; a sit-out counts in any hand that has a result at some table.

    Speed (a 300-table evening has 28,800 seatings): the seatings are read as plain ids, without
    joins or ordering, and mapped through dicts (``player_ids``: entrant pk -> player id, read
    here when not given); only the results join their table for its number.
    """
    fmt = event.format
    if player_ids is None:
        player_ids = {pk: _player_id(archive_id, card) for pk, archive_id, card, _, _ in _entrant_rows(event)}
    results = (
        Result.objects.for_event(event)
        .order_by()
        .values_list("hand", "table_id", "table__number", "tricks_ns", "tricks_ew", "revoke", "trump")
    )
    if up_to is not None:
        results = results.filter(hand__lte=up_to)
    seated, out = _seatings_of(event, seatings_key)

    tables: dict[int, list[standings.TableHand]] = {}
    for hand, table_id, number, ns, ew, revoke, trump in results:
        if revoke:
            entry = HandEntry(tricks_ns=ns, tricks_ew=ew, trump=trump, revoke=revoke)
            tricks = tricks_after_revoke(entry, fmt)
        else:
            tricks = {"NS": ns, "EW": ew}
        seats = {seat: player_ids[pk] for seat, pk in seated.get((hand, table_id), ())}
        tables.setdefault(hand, []).append(standings.TableHand(table=number, seats=seats, tricks=tricks))
    sitting_out = {hand: [player_ids[pk] for pk in out.get(hand, ())] for hand in tables}

    return [
        standings.HandRecord(
            number=hand,
            tables=tuple(sorted(tables[hand], key=lambda t: t.table)),
            sitting_out=tuple(sitting_out.get(hand, ())),
        )
        for hand in sorted(tables)
    ]


def standings_input(
    event: Event, *, seatings_key: tuple | None = None
) -> tuple[list[standings.Entrant], list[standings.HandRecord]]:
    """Entrants and hand records; ``seatings_key`` (what the seatings and entrants are made of, e.g.
    their counts and latest rows) lets an unchanged seating plan be reused from the last call."""
    rows = _entrant_rows(event)
    entrants = [
        standings.Entrant(id=_player_id(archive_id, card), name=name, role=role or None)
        for _, archive_id, card, name, role in rows
    ]
    player_ids = {pk: entrant.id for (pk, *_), entrant in zip(rows, entrants, strict=True)}
    return entrants, hand_records(event, player_ids=player_ids, seatings_key=seatings_key)


def event_standings(event: Event) -> list[standings.Standing]:
    """The drive's standings now: provisional until the event is finished."""
    entrants, hands = standings_input(event)
    return standings.drive_standings(event.format, entrants, hands, final=event.status == Event.Status.FINISHED)


def totals_for(event: Event, entrants) -> dict[str, int]:
    """The running totals of a few entrants (a table's four), without loading the whole event.

    A phone shows its table's totals after every result; the whole event's standings would be
    re-worked for each of 1,200 phones while results pour in. Instead only these entrants'
    seatings and their tables' results are read (three queries), and the standings engine
    ranks them among stand-ins for the other players at those tables, so sit-out awards and
    revokes count exactly as in the full standings.
    """
    fmt = event.format
    wanted = {e.pk: e.player_id for e in entrants}
    own = list(
        Seating.objects.filter(event=event, entrant_id__in=wanted).values_list("hand", "table_id", "seat", "entrant_id")
    )
    tables = {table for _, table, _, _ in own if table}
    results = {
        (table, hand): (ns, ew, revoke, trump)
        for hand, table, ns, ew, revoke, trump in Result.objects.filter(table_id__in=tables).values_list(
            "hand", "table_id", "tricks_ns", "tricks_ew", "revoke", "trump"
        )
    }
    scored_hands = set(Result.objects.for_event(event).order_by().values_list("hand", flat=True).distinct())
    people = [standings.Entrant(id=pid, name="", role=None) for pid in wanted.values()]
    by_hand: dict[int, tuple[list, list]] = {hand: ([], []) for hand in scored_hands}
    for hand, table, seat, entrant_id in own:
        if hand not in by_hand:
            continue
        if table is None:
            by_hand[hand][1].append(wanted[entrant_id])
        elif (table, hand) in results:
            ns, ew, revoke, trump = results[table, hand]
            tricks = tricks_after_revoke(HandEntry(tricks_ns=ns, tricks_ew=ew, trump=trump, revoke=revoke or None), fmt)
            by_hand[hand][0].append((table, seat, wanted[entrant_id], tricks))
    records = []
    for hand, (played, out) in sorted(by_hand.items()):
        at: dict[int, tuple[dict, dict]] = {}
        for table, seat, pid, tricks in played:
            at.setdefault(table, ({}, tricks))[0][seat] = pid
        for table, (seats, _) in at.items():
            for seat in standings.SEATS:  # the other players at the table: stand-ins, never shown
                if seat not in seats:
                    seats[seat] = f"-{hand}-{table}-{seat}"
                    people.append(standings.Entrant(id=seats[seat], name="", role=None))
        tables_here = tuple(
            standings.TableHand(table=t, seats=seats, tricks=tricks) for t, (seats, tricks) in at.items()
        )
        records.append(standings.HandRecord(number=hand, tables=tables_here, sitting_out=tuple(out)))
    ranked = standings.drive_standings(fmt, people, records, final=False)
    return {s.id: s.total for s in ranked if s.id in wanted.values()}


def entry_of(result: Result | Submission) -> HandEntry:
    """A stored result, or a phone's claim in the log, as the rules engine's HandEntry
    (tricks as played, before any revoke); both rows hold the same fields."""
    return HandEntry(
        tricks_ns=result.tricks_ns,
        tricks_ew=result.tricks_ew,
        trump=result.trump,
        honours_ns=result.honours_ns,
        honours_ew=result.honours_ew,
        revoke=result.revoke or None,
    )


def qualified_for_prizes(event: Event, standings_now: list[standings.Standing], *, up_to: int | None = None) -> set[str]:
    """Who may win a prize: present for at least the event's qualifying number of hands (a sit-out
    counts) and with at least one hand played. Until the evening is over, those who can still reach
    the number by the end qualify, so provisional prizes do not leave out everyone still playing.
    ``up_to`` judges at that hand instead (the half-time prize, at the interval)."""
    need = event.prize_qualifying_hands
    last = up_to if up_to is not None else max((h.number for s in standings_now for h in s.hands), default=0)
    if up_to is not None:
        need = max(1, -(-need * up_to // event.hands))
        still_to_come = {}
    elif event.status == Event.Status.FINISHED:
        still_to_come = {}
    else:
        left = dict(
            (_player_id(archive_id, card), after)
            for archive_id, card, after in event.entrants.values_list("archive_id", "card_number", "left_after_hand")
        )
        still_to_come = {
            pid: max(0, (event.hands if after is None else min(after, event.hands)) - last) for pid, after in left.items()
        }
    return {
        s.id
        for s in standings_now
        if s.hands_played >= 1 and s.hands_played + s.hands_sat_out + still_to_come.get(s.id, 0) >= need
    }
