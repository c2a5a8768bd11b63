"""How far an evening has got, asked of its rows: who plays in a hand, the seatings so far and the
rounds' results as the movement engine's values, and which hands are complete.

Read only, and shared by the adapters: the evening (``whistdrive.evening.running``) moves it on from these
answers, and the phones, the pairs, the archive and the simulation ask the same questions here, below
the module that moves the evening, so that none of them has to import it.
"""

from __future__ import annotations

from collections import defaultdict

from whistdrive.engines import movements
from whistdrive.store import cache, rows
from whistdrive.store.models import Event, Seating, counted_tricks, player_id


def players_for(event: Event, hand: int, *, revision: int | None = None) -> list[movements.Player]:
    """The engine's players for hand ``hand``: those present, in card-number order, each in the
    role they play in that hand. With the event's ``revision`` (read before), kept under it."""
    if revision is None:
        return event.entrants.players_for(hand)
    return cache.get_or_make(cache.players_key(event.pk, hand, revision), lambda: event.entrants.players_for(hand))


def history_of(event: Event, up_to: int | None = None, *, revision: int | None = None) -> list[movements.SeatingPlan]:
    """The seatings of hands 1..up_to (default: the current hand) as engine values. With the event's
    ``revision`` (read before), kept under it: seatings change only with it, and a big hall's pages
    all ask for the same history while a hand is played."""
    up_to = event.current_hand if up_to is None else up_to
    if revision is not None:
        return cache.get_or_make(cache.history_key(event.pk, up_to, revision), lambda: history_of(event, up_to))
    rows = (
        Seating.objects.of_event(event)
        .up_to(up_to)
        .order_by("hand", "table__number", "seat", "entrant__card_number")
        .values_list("hand", "table__number", "seat", "entrant__archive_id", "entrant__card_number")
    )
    tables: dict[int, dict[int, dict[str, str]]] = defaultdict(lambda: defaultdict(dict))
    sitting_out: dict[int, list[str]] = defaultdict(list)
    for hand, number, seat, archive_id, card in rows:
        if number is not None:
            tables[hand][number][seat] = player_id(archive_id, card)
        else:
            sitting_out[hand].append(player_id(archive_id, card))
    return [
        movements.SeatingPlan(tables=dict(tables[hand]), sitting_out=tuple(sitting_out[hand]))
        for hand in range(1, up_to + 1)
    ]


def round_results(event: Event, last_hand: int, tables: list[int] | None = None) -> dict[int, movements.RoundResult]:
    """Each table's result over the round that ends with ``last_hand`` (tricks after revokes);
    only the tables numbered ``tables`` when given."""
    fmt = event.format
    first_hand = last_hand - ((last_hand - 1) % fmt.hands_per_round)
    entries = rows.round_entries(event.pk, first_hand, last_hand, tables)
    played = ((hand, number, tricks) for hand, _id, number, tricks in counted_tricks(entries, fmt))
    return movements.round_results(fmt, played, last_hand)


def tables_to_go(event: Event, hand: int) -> int | None:
    """How many tables seated for ``hand`` have no result yet; None when nobody is seated for it."""
    seated, done = rows.seated_and_done(event, hand)
    if not seated:
        return None
    return seated - done


def hand_complete(event: Event, hand: int) -> bool:
    """Every table seated for ``hand`` has the result that counts (the one place this is decided)."""
    return tables_to_go(event, hand) == 0


def last_complete_hand(event: Event) -> int:
    """The last hand H such that every hand 1..H is complete (what an archive of the evening holds)."""
    last = 0
    for hand in range(1, event.hands + 1):
        if not hand_complete(event, hand):
            break
        last = hand
    return last
