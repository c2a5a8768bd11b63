"""Event standings: totals, halves, ranks and tie-breaks for a drive.

The contract is the archive spec (docs/archive-format.md, "Scoring rules" and
"Results"). Everything here is plain Python working on the dataclasses below, so the
same code serves the live board mid-evening, the final results, an import of an archive
(which recomputes ``results`` from the raw hands) and the simulations.

No Django import: an adapter loads rows, builds these values and calls ``drive_standings``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from whistdrive.engines.formats import Format
from whistdrive.engines.movements.pairs import Pair
from whistdrive.engines.rules import GameHand, HandEntry, drive_score, score_games
from whistdrive.engines.vocabulary import SEATS, SIDE_OF_SEAT


@dataclass(frozen=True)
class Person:
    id: str
    name: str
    role: str | None


@dataclass(frozen=True)
class TableHand:
    table: int
    seats: dict[str, str]  # "N"/"E"/"S"/"W" -> entrant id
    tricks: dict[str, int]  # {"NS": .., "EW": ..} AFTER any revoke transfer


@dataclass(frozen=True)
class HandRecord:
    number: int
    tables: tuple[TableHand, ...]
    sitting_out: tuple[str, ...] = ()


class CardHand(NamedTuple):
    """One hand on an entrant's scorecard; a plain (number, score, sat_out) triple with names."""

    number: int
    score: int
    sat_out: bool


@dataclass(frozen=True)
class Standing:
    id: str
    name: str
    role: str | None
    rank: int
    tied: bool  # shares its rank with at least one other entrant
    total: int
    first_half: int
    second_half: int
    hands_played: int
    hands_sat_out: int
    hands_won: int  # hands on the side with more tricks
    tens: int  # hands in which the entrant's side took 10 or more tricks
    hands: tuple[CardHand, ...]  # one per hand with a score, in hand order
    running: tuple[int, ...]  # running total after each entry of ``hands``
    last_hand: int | None  # score on the event's last hand, None when the entrant has none
    provisional: bool = False  # True while the evening is still being played


def drive_standings(
    fmt: Format,
    entrants: Sequence[Person],
    hands: Sequence[HandRecord],
    *,
    final: bool = True,
) -> list[Standing]:
    """Every entrant's standing, best first.

    ``hands`` are the hands with results so far; a hand may have only some of its tables
    (mid-evening). An entrant whose table has no result yet simply has no score for it;
    a sit-out in an included hand is always awarded.

    With ``final=False`` the standings are provisional: equal totals share a rank and the
    tie-breaks are not applied, since "last hand" and "second half" mean nothing until the
    evening is over (and a board that reorders equal totals on half the evidence misleads).
    """
    if not fmt.is_drive:
        raise ValueError(f"drive_standings needs a drive format, not kind {fmt.kind!r}; see event_standings")
    by_id = {entrant.id: entrant for entrant in entrants}
    if len(by_id) != len(entrants):
        raise ValueError("entrant ids must be unique")

    # Plain loops over plain values: a big hall's evening has tens of thousands of scores, so the
    # per-score work is kept to a dict lookup and an append (docs/benchmarks.md, "Standings and board").
    played: dict[str, list[CardHand]] = {eid: [] for eid in by_id}
    won = dict.fromkeys(by_id, 0)
    tens = dict.fromkeys(by_id, 0)
    sat_out: dict[str, list[int]] = {eid: [] for eid in by_id}
    numbers = sorted(hand.number for hand in hands)
    if len(set(numbers)) != len(numbers):
        raise ValueError("each hand number may be given only once")
    score_of = [drive_score(fmt, tricks) for tricks in range(14)]
    seats_needed = set(SEATS)

    for hand in sorted(hands, key=lambda h: h.number):
        number = hand.number
        present: set[str] = set()
        for table in hand.tables:
            ns, ew = table.tricks.get("NS"), table.tricks.get("EW")
            if not isinstance(ns, int) or not isinstance(ew, int) or ns < 0 or ew < 0 or ns + ew != 13:
                raise ValueError(f"hand {number} table {table.table}: tricks {table.tricks} do not total 13")
            seats = table.seats
            if len(seats) != 4 or seats.keys() != seats_needed:
                raise ValueError(f"hand {number} table {table.table}: seats must be N, E, S and W")
            for seat, eid in seats.items():
                if eid not in by_id:
                    raise ValueError(f"hand {number}: unknown entrant {eid!r}")
                if eid in present:
                    raise ValueError(f"hand {number}: entrant {eid!r} appears twice")
                present.add(eid)
                if seat == "N" or seat == "S":
                    ours, theirs = ns, ew
                else:
                    ours, theirs = ew, ns
                played[eid].append(CardHand(number, score_of[ours], False))
                if ours > theirs:
                    won[eid] += 1
                if ours >= 10:
                    tens[eid] += 1
        for eid in hand.sitting_out:
            if eid not in by_id:
                raise ValueError(f"hand {number}: unknown entrant {eid!r}")
            if eid in present:
                raise ValueError(f"hand {number}: entrant {eid!r} appears twice")
            present.add(eid)
            sat_out[eid].append(number)

    last_number = numbers[-1] if numbers else None
    half = {number: fmt.half_of(number) for number in numbers}
    tie_breaks = tuple(fmt.tie_breaks) if final else ()
    for rule in tie_breaks:
        if rule not in ("second_half", "last_hand", "hands_won", "countback"):
            raise ValueError(f"unknown tie-break {rule!r}")
    reversed_numbers = numbers[::-1]
    keyed = []
    for eid, entrant in by_id.items():
        scores = played[eid]
        hands_played = len(scores)
        scores = card_of(fmt, scores, sat_out[eid])
        first = second = total = 0
        running = []
        for number, score, _ in scores:
            if half[number] == 1:
                first += score
            else:
                second += score
            total += score
            running.append(total)
        last_hand = None
        if last_number is not None and scores and scores[-1].number == last_number:
            last_hand = scores[-1].score
        row: dict[str, Any] = dict(
            id=eid,
            name=entrant.name,
            role=entrant.role,
            total=total,
            first_half=first,
            second_half=second,
            hands_played=hands_played,
            hands_sat_out=len(sat_out[eid]),
            hands_won=won[eid],
            tens=tens[eid],
            hands=tuple(scores),
            running=tuple(running),
            last_hand=last_hand,
            provisional=not final,
        )
        # Higher is better: every part negated, so one ascending sort puts the best first.
        key: list[Any] = [-total]
        for rule in tie_breaks:
            if rule == "second_half":
                key.append(-second)
            elif rule == "last_hand":
                key.append(-(last_hand or 0))
            elif rule == "hands_won":
                key.append(-won[eid])
            else:  # countback: hand scores from the event's last hand backwards; no score counts 0
                by_hand = {number: score for number, score, _ in scores}
                key.append(tuple(-by_hand.get(number, 0) for number in reversed_numbers))
        keyed.append((tuple(key), row))

    keyed.sort(key=lambda pair: (pair[0], pair[1]["id"]))
    # Counted once: comparing every key with every other was 1.4 million comparisons for 1,200 players.
    sharing = Counter(row_key for row_key, _ in keyed)
    result: list[Standing] = []
    for position, (row_key, row) in enumerate(keyed):
        # Competition ranking: 1 + the number of entrants strictly ahead ("1, 2, 2, 4").
        rank = position + 1
        if position and keyed[position - 1][0] == row_key:
            rank = result[-1].rank
        tied = sharing[row_key] > 1
        result.append(Standing(rank=rank, tied=tied, **row))
    return result


def event_standings(
    fmt: Format, entrants: Sequence[Person], hands: Sequence[HandRecord], *, final: bool = True
) -> list[Standing]:
    """Standings for any kind of event: the one entry point the pages call."""
    if fmt.is_drive:
        return drive_standings(fmt, entrants, hands, final=final)
    # HandRecord holds tricks only; a game night needs honours and revokes per table and hand.
    raise ValueError("game nights are ranked by games_standings(fmt, entrants, tables), from each table's hands")


def results_players(standings: Sequence[Standing]) -> list[dict[str, Any]]:
    """The archive's ``results.players``: best first, equal ranks ordered by id for stability."""
    ordered = sorted(standings, key=lambda s: (s.rank, s.id))
    return [
        {
            "id": s.id,
            "rank": s.rank,
            "total": s.total,
            "first_half": s.first_half,
            "second_half": s.second_half,
            "hands_played": s.hands_played,
            "hands_sat_out": s.hands_sat_out,
        }
        for s in ordered
    ]


def card_of(fmt: Format, played: list[CardHand], sat_out: Sequence[int]) -> list[CardHand]:
    """An entrant's card: the hands they played and, for each hand they sat out, the format's award (nothing,
    a fixed score, or the mean of the hands played), in hand order. Its scores add up to their total."""
    if not sat_out:
        return played
    award = _sitout_award(fmt, [row.score for row in played])
    return sorted(played + [CardHand(number, award, True) for number in sat_out])


def _sitout_award(fmt: Format, scores: list[int]) -> int:
    if fmt.sitout_score == "zero":
        return 0
    if fmt.sitout_score == "fixed":
        return fmt.sitout_fixed
    if fmt.sitout_score == "average":
        return mean_half_up(scores)
    raise ValueError(f"unknown sit-out score {fmt.sitout_score!r}")


def mean_half_up(scores: Sequence[int]) -> int:
    """The mean of non-negative whole scores, rounded half up (6.5 -> 7), in integers.

    Integer arithmetic because round() rounds halves to even (round(6.5) == 6) and floats
    would make the same evening score differently on another machine. No scores: 0.
    """
    if not scores:
        return 0
    return (2 * sum(scores) + len(scores)) // (2 * len(scores))


# -- game nights ---------------------------------------------------------------------------------
#
# A game night is scored table by table (whistdrive.engines.rules.score_games); a player's night is what
# their side won at each table they sat at: rubber points, then games won, then points.


@dataclass(frozen=True)
class SeatedHand:
    """One hand at one table of a game night: who sat where and what the table entered."""

    number: int
    seats: dict[str, str]  # "N"/"E"/"S"/"W" -> entrant id
    entry: HandEntry  # tricks as played, honours, revoke


@dataclass(frozen=True)
class GamesStanding:
    id: str
    name: str
    role: str | None
    rank: int
    tied: bool
    rubber_points: int
    games_won: int
    points: int
    rubbers_won: int
    hands_played: int
    provisional: bool = False


def _partnerships(seats: dict[str, str]) -> frozenset[frozenset[str | None]]:
    return frozenset((frozenset((seats.get("N"), seats.get("S"))), frozenset((seats.get("E"), seats.get("W")))))


def game_hands(hands: Sequence[SeatedHand]) -> list[GameHand]:
    """A table's hands for ``score_games``, each marked ``fresh`` when the partnerships changed.

    Partnerships are compared as pairs, not seats: a pair that swaps N–S for E–W (or a Mitchell
    round that brings back the same two pairs) plays on in the same game and rubber.
    """
    out: list[GameHand] = []
    previous = None
    for hand in sorted(hands, key=lambda h: h.number):
        out.append(
            GameHand(hand.number, hand.entry, previous is not None and partnerships_changed(previous, hand.seats))
        )
        previous = hand.seats
    return out


def partnerships_changed(before: dict[str, str], after: dict[str, str]) -> bool:
    """Whether a table's partnerships differ between two seatings (seat -> player id): the one rule for
    when a game night's game and rubber start afresh. Pairs are compared, not seats."""
    return _partnerships(before) != _partnerships(after)


@dataclass
class _Tally:
    """One player's running totals on a game night, in the order they rank by."""

    rubber_points: int = 0
    games_won: int = 0
    points: int = 0
    rubbers_won: int = 0
    hands: set[int] = field(default_factory=set)

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.rubber_points, self.games_won, self.points)


def games_standings(
    fmt: Format,
    entrants: Sequence[Person],
    tables: Mapping[int, Sequence[SeatedHand]],
    *,
    final: bool = True,
) -> list[GamesStanding]:
    """Every entrant's game night, best first: rubber points, then games won, then points.

    A player is credited with what their side scored at the table they sat at for that hand:
    the hand's points, a game when the hand won it, a rubber (and its points) when the hand
    finished it. Ranks are shared when all three are equal ("1, 2, 2, 4").
    """
    if not fmt.is_games:
        raise ValueError(f"games_standings needs a game-night format, not kind {fmt.kind!r}")
    by_id = {entrant.id: entrant for entrant in entrants}
    tally = {eid: _Tally() for eid in by_id}
    for number in sorted(tables):
        hands = sorted(tables[number], key=lambda h: h.number)
        played = game_hands(hands)
        table = score_games(fmt, played)
        ends = {rubber.ended_at: index for index, rubber in enumerate(table.rubbers)}
        for hand, scored in zip(hands, table.hands, strict=True):
            for seat, eid in hand.seats.items():
                if eid not in tally:
                    raise ValueError(f"table {number} hand {hand.number}: unknown entrant {eid!r}")
                row = tally[eid]
                if hand.number in row.hands:
                    raise ValueError(f"hand {hand.number}: entrant {eid!r} sits at two tables")
                side = SIDE_OF_SEAT[seat]
                row.hands.add(hand.number)
                row.points += scored.points[side]
                if scored.game_won_by == side:
                    row.games_won += 1
                if hand.number in ends and table.rubbers[ends[hand.number]].won_by == side:
                    row.rubbers_won += 1
                    row.rubber_points += table.rubbers[ends[hand.number]].points
    keyed = sorted(by_id.values(), key=lambda e: (tuple(-v for v in tally[e.id].key), e.id))
    sharing = Counter(tally[e.id].key for e in keyed)
    result: list[GamesStanding] = []
    for position, entrant in enumerate(keyed):
        rank = position + 1
        row = tally[entrant.id]
        if position and tally[keyed[position - 1].id].key == row.key:
            rank = result[-1].rank
        result.append(
            GamesStanding(
                id=entrant.id,
                name=entrant.name,
                role=entrant.role,
                rank=rank,
                tied=sharing[row.key] > 1,
                rubber_points=row.rubber_points,
                games_won=row.games_won,
                points=row.points,
                rubbers_won=row.rubbers_won,
                hands_played=len(row.hands),
                provisional=not final,
            )
        )
    return result


# -- pairs evenings ------------------------------------------------------------------------------
#
# In a Mitchell, a Howell or a game night of fixed tables the partners play every hand together,
# so their lines in the players' standings are equal: a pairs evening reads as one line per pair.


@dataclass(frozen=True)
class PairStanding:
    """One pair's line: its number and names, its place in its field, and the pair's results.

    ``field`` is "NS" or "EW" when the two directions are ranked apart, else None. ``standing``
    is the partners' common line from ``drive_standings`` or ``games_standings`` (totals, halves,
    hands; rubber points and games). ``id``, ``name``, ``role`` and the totals below let the pair
    be given prizes like a player (``prizes.award_prizes``).
    """

    pair: Pair
    name: str  # "Ann Smith & Bob Jones"
    names: tuple[str, str]
    field: str | None
    rank: int
    tied: bool  # shares its rank with another pair of its field
    standing: Standing | GamesStanding

    role = None  # pairs are not ladies or gents: a prize by role does not apply
    is_pair = True  # prizes.award_prizes describes its places as "1st pair"

    @property
    def id(self) -> str:
        return self.pair.id

    @property
    def total(self) -> int:
        return self.standing.total  # type: ignore[union-attr]

    @property
    def first_half(self) -> int:
        return self.standing.first_half  # type: ignore[union-attr]

    @property
    def second_half(self) -> int:
        return self.standing.second_half  # type: ignore[union-attr]

    @property
    def tens(self) -> int:
        return self.standing.tens  # type: ignore[union-attr]

    @property
    def hands_won(self) -> int:
        return self.standing.hands_won  # type: ignore[union-attr]

    @property
    def hands_played(self) -> int:
        return self.standing.hands_played

    @property
    def hands_sat_out(self) -> int:
        return self.standing.hands_sat_out if isinstance(self.standing, Standing) else 0


def pair_standings(
    pairs: Sequence[Pair], standings: Sequence[Standing | GamesStanding], *, two_fields: bool = False
) -> list[PairStanding]:
    """One line per pair, best first; with ``two_fields`` the N–S pairs, then the E–W pairs.

    Pairs are ranked by their players' rank, which already holds the format's order and
    tie-breaks; ranks are shared on equal results within a field ("1, 2, 2, 4"). Two fields need
    every pair to keep one direction (a Mitchell). Partners whose lines differ were not a pair all
    evening (a ValueError: show the players' standings instead).
    """
    by_id = {s.id: s for s in standings}
    lines: list[tuple[str | None, int, Pair, Standing | GamesStanding, tuple[str, str]]] = []
    for pair in pairs:
        missing = [pid for pid in pair.ids if pid not in by_id]
        if missing:
            raise ValueError(f"{pair.label}: {missing[0]} has no line in the standings")
        first, second = (by_id[pid] for pid in pair.ids)
        if _line(first) != _line(second):
            raise ValueError(f"{pair.label}: {first.name} and {second.name} have different results, so were not a pair")
        if two_fields and pair.direction is None:
            raise ValueError(
                f"{pair.label} changes direction: only pairs that keep N–S or E–W are ranked in two fields"
            )
        field = pair.direction if two_fields else None
        lines.append((field, first.rank, pair, first, (first.name, second.name)))
    order = {"NS": 0, "EW": 1, None: 2}
    # Fields in order (N–S first), best first within a field; equal ranks in pair order.
    lines.sort(key=lambda line: (order[line[0]], line[1], order[line[2].direction], line[2].number))
    sharing = Counter((field, rank) for field, rank, *_ in lines)
    result: list[PairStanding] = []
    for field, player_rank, pair, standing, names in lines:
        # Competition ranking within the field: 1 + the pairs of the field strictly ahead.
        ahead = sum(1 for f, r, *_ in lines if f == field and r < player_rank)
        result.append(
            PairStanding(
                pair=pair,
                name=f"{names[0]} & {names[1]}",
                names=names,
                field=field,
                rank=ahead + 1,
                tied=sharing[field, player_rank] > 1,
                standing=standing,
            )
        )
    return result


def _line(standing: Standing | GamesStanding) -> tuple[Any, ...]:
    """What partners who played every hand together must share: everything but their names."""
    if isinstance(standing, Standing):
        return (standing.rank, standing.total, standing.first_half, standing.second_half, standing.hands_played,
                standing.hands_sat_out, tuple(standing.hands))  # fmt: skip
    return (standing.rank, standing.rubber_points, standing.games_won, standing.points, standing.hands_played)
