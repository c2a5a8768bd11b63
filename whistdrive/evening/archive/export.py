"""Writing an event as its archive document, with ``results`` derived fresh."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from whistdrive.engines import duplicate, standings
from whistdrive.engines.formats import Format
from whistdrive.engines.rules import (
    HandEntry,
    score_games,
    tricks_after_revoke,
    trump_for_hand,
)
from whistdrive.engines.vocabulary import SEATS
from whistdrive.evening import progress
from whistdrive.store.models import Entrant, Event, Result, Seating, TableBoard

from .errors import SCHEMA

# -- export ------------------------------------------------------------------------------------


def export_event(event: Event) -> dict:
    """The archive document of ``event``: its complete hands, with ``results`` derived now."""
    fmt = event.format
    entrants = list(event.entrants.select_related("member").order_by("card_number"))
    player_id = {e.pk: e.player_id for e in entrants}
    card = {e.pk: e.card_number for e in entrants}
    last = progress.last_complete_hand(event)

    seats: dict[tuple[int, int], dict[str, str]] = defaultdict(dict)
    out: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for hand, number, seat, entrant_id in (
        Seating.objects.of_event(event).up_to(last).values_list("hand", "table__number", "seat", "entrant_id")
    ):
        if number is None:
            out[hand].append((card[entrant_id], player_id[entrant_id]))
        else:
            seats[hand, number][seat] = player_id[entrant_id]
    results = {
        (r.hand, r.table.number): r
        for r in Result.objects.for_event(event).filter(hand__lte=last).select_related("table")
    }
    if fmt.is_duplicate:
        return _duplicate_document(event, fmt, entrants, last, seats, out, results)
    turned = fmt.trump_rotation is None
    counts_honours = fmt.is_games and fmt.honours

    hands = []
    for hand in range(1, last + 1):
        numbers = sorted(number for (h, number) in seats if h == hand)
        tables = []
        for number in numbers:
            result = results[hand, number]
            table = {
                "table": number,
                "seats": {s: seats[hand, number][s] for s in SEATS},
                "tricks": {"NS": result.tricks_ns, "EW": result.tricks_ew},
            }
            if counts_honours:
                table["honours"] = {"NS": result.honours_ns or 0, "EW": result.honours_ew or 0}
            table["revoke"] = {"side": result.revoke} if result.revoke else None
            if turned:
                table["trump"] = result.trump
            tables.append(table)
        trump = trump_for_hand(fmt.trumps, hand) or results[hand, numbers[0]].trump
        hands.append(
            {
                "number": hand,
                "trump": trump,
                "tables": tables,
                "sitting_out": [pid for _card, pid in sorted(out[hand])],
            }
        )

    document: dict[str, Any] = {
        "schema": SCHEMA,
        "club": {"name": event.club.name, "public_id": event.club.public_id},
        "event": {
            "name": event.name,
            "date": event.date.isoformat(),
            "format": fmt.to_dict(),
            "public_id": event.public_id,
        },
        "players": [_player(e) for e in entrants],
        "hands": hands,
    }
    document["results"] = derive_results(fmt, document["players"], hands)
    return document


def _duplicate_document(event: Event, fmt: Format, entrants, last: int, seats, out, results) -> dict:
    """A duplicate evening: its boards (deal null for a board dealt at the table), and each board slot's
    tables with the board played; no trump a hand, as each board carries its own (spec, "Duplicate whist")."""
    played = {
        (hand, number): board
        for hand, number, board in TableBoard.objects.filter(table__event=event, hand__lte=last).values_list(
            "hand", "table__number", "board__number"
        )
    }
    hands = []
    for hand in range(1, last + 1):
        tables = []
        for number in sorted(number for (h, number) in seats if h == hand):
            result = results[hand, number]
            tables.append(
                {
                    "table": number,
                    "board": played[hand, number],
                    "seats": {s: seats[hand, number][s] for s in SEATS},
                    "tricks": {"NS": result.tricks_ns, "EW": result.tricks_ew},
                    "revoke": {"side": result.revoke} if result.revoke else None,
                }
            )
        hands.append({"number": hand, "tables": tables, "sitting_out": [pid for _card, pid in sorted(out[hand])]})
    boards = [
        {"number": b.number, "dealer": b.dealer, "trump": b.trump or None, "deal": b.deal}
        for b in event.boards.order_by("number")
    ]
    players = [_player(e) for e in entrants]
    document: dict = {
        "schema": SCHEMA,
        "club": {"name": event.club.name, "public_id": event.club.public_id},
        "event": {
            "name": event.name,
            "date": event.date.isoformat(),
            "format": fmt.to_dict(),
            "public_id": event.public_id,
        },
        "players": players,
        "boards": boards,
        "hands": hands,
    }
    document["results"] = derive_results(fmt, players, hands, boards)
    return document


def _player(entrant: Entrant) -> dict:
    """A player of the archive: the role of their first hand, and ``role_from`` when it changed later."""
    player: dict[str, object] = {
        "id": entrant.player_id,
        "name": entrant.name,
        "role": entrant.role_at(entrant.joined_hand) or None,
        # The member's results online (a guest has none): the hosted site matches players to members by it.
        "public_id": entrant.member.public_id if entrant.member is not None else None,
    }
    if entrant.role_from_hand is not None:
        player["role_from"] = {"hand": entrant.role_from_hand, "role": entrant.role}
    return player


def derive_results(fmt: Format, players: list[dict], hands: list[dict], boards: list[dict] | None = None) -> dict:
    """The archive's ``results`` from its players and hands (the file's own results are never read);
    a duplicate evening's from its boards and hands."""
    if fmt.is_duplicate:
        trumps = {b["number"]: b["trump"] for b in boards or []}
        names = {p["id"]: p["name"] for p in players}
        return duplicate.score_duplicate(fmt, duplicate.plays_from_hands(hands), trumps, names=names).to_dict()
    if fmt.is_games:
        return {"tables": games_tables(fmt, hands)}
    entrants = [
        standings.Person(id=p["id"], name=p["name"], role=p.get("role_from", {}).get("role", p["role"]))
        for p in players
    ]
    records = []
    for hand in hands:
        tables = tuple(
            standings.TableHand(
                table=t["table"], seats=dict(t["seats"]), tricks=tricks_after_revoke(_entry(hand, t), fmt)
            )
            for t in sorted(hand["tables"], key=lambda t: t["table"])
        )
        records.append(
            standings.HandRecord(number=hand["number"], tables=tables, sitting_out=tuple(hand["sitting_out"]))
        )
    final = len(hands) == fmt.hands
    return {"players": standings.results_players(standings.drive_standings(fmt, entrants, records, final=final))}


def games_tables(fmt: Format, hands: list[dict]) -> list[dict]:
    """Each table's hands, games and rubbers; a change of partnerships at a table starts afresh."""
    played: dict[int, list[standings.SeatedHand]] = defaultdict(list)
    for hand in hands:
        for t in hand["tables"]:
            played[t["table"]].append(standings.SeatedHand(hand["number"], t["seats"], _entry(hand, t)))
    return [
        {"table": number, **score_games(fmt, standings.game_hands(played[number])).to_results_dict()}
        for number in sorted(played)
    ]


def _entry(hand: dict, table: dict) -> HandEntry:
    honours = table.get("honours") or {}
    revoke = table.get("revoke")
    return HandEntry(
        tricks_ns=table["tricks"]["NS"],
        tricks_ew=table["tricks"]["EW"],
        trump=table.get("trump") or hand["trump"],
        honours_ns=honours.get("NS"),
        honours_ew=honours.get("EW"),
        revoke=revoke["side"] if revoke else None,
    )
