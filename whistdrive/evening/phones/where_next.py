"""Where each player at a table goes next, in words: the movement's answer for an agreed table (kept under
the event's revision with the results it was worked out from), and each player's next seat, table and
partner as the table's page and the player's own phone say them (``moves``)."""

from __future__ import annotations

from typing import NamedTuple

from django.db.models import Q

from whistdrive.engines import movements
from whistdrive.engines.vocabulary import PARTNER_SEAT, SEAT_NAMES, SEATS, seat_phrase
from whistdrive.evening import progress
from whistdrive.evening.phones.seats import seated
from whistdrive.store import cache, rows
from whistdrive.store.models import Entrant, Event, Table

LEAVES = "that was their last hand tonight: thank you for playing"
YOU_LEAVE = "that was your last hand tonight: thank you for playing"
WAIT_FOR_THE_HALL = "players are joining or leaving: your next seat shows here when every table has finished"


def where_next(event: Event, table: Table, hand: int) -> dict[str, movements.NextPlace]:
    """The movement's answer for an agreed table, kept under the event's revision with the results it
    was worked out from. Its contract: the next tables follow from this table's result alone, and a
    mover's seat from the result of the table they go to; so a kept answer stands while those tables'
    results stand, and is checked against them only (not the whole hall's round)."""
    revision = event.revision
    key = cache.where_next_key(event.pk, hand, table.number, revision)
    held = cache.get(key)
    read: set[int] = set()  # the tables whose round has been read (``results`` holds those with a result)
    results: dict[int, movements.RoundResult] = {}
    if held is not None:
        inputs, answer = held
        read = {table.number, *_went(answer)}
        results = progress.round_results(event, hand, tables=sorted(read))
        if inputs == _inputs(results, table, answer):
            return answer
    history = progress.history_of(event, hand, revision=revision)
    players = progress.players_for(event, hand + 1, revision=revision)
    if table.number not in read:
        results = progress.round_results(event, hand, tables=[table.number])
        read.add(table.number)

    def results_of(tables: set[int] | None) -> dict[int, movements.RoundResult]:
        # The movement asks for the tables its answer turns on: most often the two neighbours, whose
        # results a kept answer was just checked against when it no longer stood.
        if tables is not None and tables <= read:
            return {t: results[t] for t in tables if t in results}
        asked = progress.round_results(event, hand, tables=None if tables is None else sorted(tables))
        results.update(asked)
        read.update(tables if tables is not None else asked)
        return asked

    # Whether anyone came, left or changed role looks at the whole hall: once a hand, not once a table.
    changed = cache.get_or_make(
        cache.players_changed_key(event.pk, hand, revision), lambda: movements.players_changed(players, history[-1])
    )
    answer = movements.where_next(
        event.format, players, history, table.number, results[table.number], results_of, changed=changed
    )
    if unread := [t for t in _went(answer) if t not in read]:
        results.update(progress.round_results(event, hand, tables=unread))  # what the kept answer is checked against
    cache.put(key, (_inputs(results, table, answer), answer))
    return answer


def _went(answer: dict[str, movements.NextPlace]) -> list[int]:
    return sorted({place.table for place in answer.values() if place.table is not None})


def _inputs(results: dict, table: Table, answer: dict) -> tuple:
    return tuple((t, results.get(t)) for t in [table.number, *_went(answer)])


def moves(event: Event, table: Table, hand: int, seats: dict[str, Entrant]) -> list[dict]:
    """Where each player of ``hand`` at ``table`` goes next, in words, with partners when known."""
    fmt = event.format
    if hand >= fmt.hands:
        return [_row(e, s, "That was the last hand.", "that was the last hand") for s, e in _in_order(seats)]
    leaving = {e.pk for e in seats.values() if e.left_after_hand == hand}
    # Only these players' next seats and the tables they go to, not the whole hall's seating; nobody's
    # before the hall has moved on (a drive whose winners move is seated a hand at a time).
    following = _places_of([e.pk for e in seats.values()], hand + 1) if seated(event, hand + 1) else {}
    if all(e.pk in following or e.pk in leaving for e in seats.values()):
        # Duplicate: who takes a leaver's seat from the next board (pair member's entrant pk -> name).
        substitutes = (
            dict(
                Entrant.objects.filter(event=event, joined_hand=hand + 1, stands_in_for__isnull=False).values_list(
                    "stands_in_for_id", "name"
                )
            )
            if leaving and event.is_duplicate
            else {}
        )
        names = _names_at(event, hand + 1, {nxt.table_id for nxt in following.values() if nxt.table_id})
        going = []
        for seat, person in _in_order(seats):
            nxt = following.get(person.pk)
            partner = None
            if nxt is None:
                text, you = LEAVES, YOU_LEAVE
                taker = substitutes.get(person.stands_in_for_id or person.pk)
                if taker is not None:
                    text = f"that was their last board tonight: {taker} takes the seat for the boards left"
                    you = f"that was your last board tonight: {taker} takes your seat. Thank you for playing"
            elif nxt.table_id is None:
                text, you = f"sit out hand {hand + 1}", _you_go_to(table, seat, None)
            else:
                partner = names.get((nxt.table_id, PARTNER_SEAT[nxt.seat]))
                place = movements.NextPlace(nxt.number, (nxt.seat,))
                text, you = _go_to(table, seat, place, hand + 1), _you_go_to(table, seat, place)
            going.append(_row(person, seat, text, you, partner))
        return going
    if not fmt.ends_round(hand) and not _players_change_after(event, hand):
        return [
            _row(e, s, f"stay here for hand {hand + 1}", f"stay in your seat ({SEAT_NAMES[s]})")
            for s, e in _in_order(seats)
        ]
    try:
        answer = where_next(event, table, hand)
    except movements.WaitForTheHall:
        # Players join or leave at this hand's end: any table's result may decide anyone's seat.
        return [
            _row(e, s, LEAVES, YOU_LEAVE) if e.pk in leaving else _row(e, s, WAIT_FOR_THE_HALL, WAIT_FOR_THE_HALL)
            for s, e in _in_order(seats)
        ]
    going = []
    for seat, person in _in_order(seats):
        if person.pk in leaving:
            going.append(_row(person, seat, LEAVES, YOU_LEAVE))
            continue
        # A bug, not the organiser's to put right, if the movement has no place for someone here.
        place = answer[person.player_id]
        if place.table is None:
            going.append(_row(person, seat, f"sit out hand {hand + 1}", _you_go_to(table, seat, None)))
        else:
            going.append(_row(person, seat, _go_to(table, seat, place, hand + 1), _you_go_to(table, seat, place)))
    return going


class _Place(NamedTuple):
    seat: str
    table_id: int | None  # None: sitting out
    number: int | None


# A page shows where its four go once the next hand is seated: read by the four players and the tables
# they go to (not the whole hall's seating), in statements written out once a shape, as ``versions.load``'s is.
def _places_of(entrants: list[int], hand: int) -> dict[int, _Place]:
    """Where each of ``entrants`` sits for ``hand``, when seated for it."""
    if not entrants:
        return {}
    return {
        entrant: _Place(seat, table_id, number) for entrant, seat, table_id, number in rows.places_of(entrants, hand)
    }


def _names_at(event: Event, hand: int, tables: set[int]) -> dict[tuple[int, str], str]:
    """Who sits where at ``tables`` (ids) for ``hand``: (table id, seat) -> name."""
    if not tables:
        return {}
    return rows.names_at(event, hand, tables)


def _row(person: Entrant, seat: str, text: str, you: str, partner: str | None = None) -> dict:
    """One player's next place: ``text`` as the table reads it, ``you`` as their own phone says it."""
    return {"name": person.name, "text": text, "you": you, "seat": seat, "partner": partner}


def _players_change_after(event: Event, hand: int) -> bool:
    """Whether anyone arrives, leaves or changes role between ``hand`` and the next."""
    return event.entrants.filter(
        Q(joined_hand=hand + 1) | Q(left_after_hand=hand) | Q(role_from_hand=hand + 1)
    ).exists()


def _go_to(table: Table, seat: str, place: movements.NextPlace, next_hand: int) -> str:
    seats = " or ".join(place.seats)
    if table.event.kind == Event.Kind.DUPLICATE:
        # Boards, not hands: the pairs move only between rounds.
        fmt = table.event.format
        when = f"round {fmt.round_of(next_hand)}" if fmt.ends_round(next_hand - 1) else "the next board"
        if place.table == table.number and place.seats == (seat,):
            return f"stay in your seat ({SEAT_NAMES[seat]}) for {when}"
        return f"go to table {place.table}, seat {seat_phrase(seats)}, for {when}"
    if place.table == table.number and place.seats == (seat,):
        return f"stay in your seat ({SEAT_NAMES[seat]}) for hand {next_hand}"
    if place.table == table.number:
        return f"stay at this table, move to {seat_phrase(seats)}{_until(place)}"
    return f"go to table {place.table}, seat {seat_phrase(seats)}{_until(place)}"


def _until(place: movements.NextPlace) -> str:
    """Why a seat is "North or East" yet: the page redraws itself when that table's result is in."""
    if place.decided:
        return ""
    return f" — the table will say when table {place.table} has finished"


def _you_go_to(table: Table, seat: str, place: movements.NextPlace | None) -> str:
    """The same move said to the player themselves, shortest first: "go to table 3, North"."""
    if place is None:
        return "sit out the next hand"
    seats = seat_phrase(" or ".join(place.seats))
    if place.table == table.number and place.seats == (seat,):
        return f"stay in your seat ({SEAT_NAMES[seat]})"
    if place.table == table.number:
        return f"stay: move to {seats}{_until(place)}"
    return f"go to table {place.table}, {seats}{_until(place)}"


def _in_order(seats: dict[str, Entrant]):
    return [(s, seats[s]) for s in SEATS if s in seats]
