"""Scoring duplicate whist: each pair compared only with the pairs that held the same cards.

The spec (docs/archive-format.md, "Duplicate whist", Scoring), board by board on the
tricks after any revoke transfer:

- **matchpoints**: 2 for every pair in the same direction with fewer tricks on the board, 1 for
  every pair with the same number. A board played fewer times than the most-played board
  (``expected`` plays) is scaled by Neuberg's formula, ``(mp + 1) × expected / played − 1``, so
  every board has the same top, 2 × (expected − 1). A pair's percentage is its matchpoints over
  that top on the boards it played, to two decimals.
- **tricks_vs_average** (compass whist): a pair's tricks on each board minus the average tricks of
  its direction on that board, summed, to two decimals.

Fields: a Mitchell ranks its N–S pairs and its E–W pairs apart; a Howell ranks every pair together
(each board is still compared only between the pairs that held the same cards: the N–S results
among themselves, the E–W among themselves). Ranks are shared on equal results ("1, 2, 2, 4"),
each field on its own. With matchpoints pairs are ranked on their percentage, which is the
matchpoints order whenever the pairs played the same number of boards and is fair to an E–W pair
that sat out a round at a half table; with tricks_vs_average on the score.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from whistdrive.engines.formats import Format
from whistdrive.engines.rules import HandEntry, RuleError, tricks_after_revoke

from .substitutes import substitutes_of


@dataclass(frozen=True)
class BoardPlay:
    """One table's play of one board: the two pairs (N then S, E then W) and the tricks as played."""

    board: int
    table: int
    ns: tuple[str, str]
    ew: tuple[str, str]
    tricks_ns: int
    tricks_ew: int
    revoke: str | None = None  # the side that revoked: three tricks pass (all it took, if fewer)


@dataclass(frozen=True)
class BoardScore:
    """A table's result on a board: tricks that count (after any revoke) and each side's score."""

    table: int
    tricks_ns: int
    tricks_ew: int
    ns: float  # matchpoints after Neuberg, or tricks against the N–S average
    ew: float


@dataclass(frozen=True)
class BoardResult:
    number: int
    trump: str | None
    scores: tuple[BoardScore, ...]  # by table

    @property
    def played(self) -> int:
        return len(self.scores)


@dataclass(frozen=True)
class PairResult:
    ids: tuple[str, str]
    direction: str | None  # the field: "NS" or "EW" in a Mitchell, None in a Howell
    rank: int
    tied: bool
    score: float  # matchpoints (after Neuberg) or the sum of tricks against the average
    percentage: float | None  # matchpoints only; None before any board has a comparison
    boards_played: int
    by_board: tuple[tuple[int, float], ...]  # (board, score on it), in board order: for charts
    name: str = ""  # "Ann Smith & Bob Jones" when score_duplicate was given the names
    exact: tuple[Fraction, ...] = field(default=(), repr=False, compare=False)  # by_board unrounded

    role = None  # a pair has no lady/gent role: prizes by role do not apply
    is_pair = True  # prizes.award_prizes describes its places as "1st pair"

    @property
    def total(self) -> float:
        """What the pair is ranked on (percentage, or score): ``prizes.award_prizes`` shows it."""
        return self.percentage if self.percentage is not None else self.score

    @property
    def id(self) -> str:
        return "+".join(self.ids)

    @property
    def field(self) -> str | None:
        return self.direction

    @property
    def hands_played(self) -> int:
        """Boards played: ``prizes.award_prizes`` gives nothing to a pair that played none."""
        return self.boards_played


@dataclass(frozen=True)
class DuplicateResults:
    scoring: str
    pairs: tuple[PairResult, ...]  # best first; in a Mitchell the N–S field, then the E–W field
    boards: tuple[BoardResult, ...]
    expected: int  # plays of the most-played board
    top: int  # matchpoints: 2 × (expected − 1) on every board

    def running(self, ids: tuple[str, str]) -> list[tuple[int, float, float | None]]:
        """A pair's evening board by board, for its chart: (board, its percentage on the board, its
        percentage so far); with compass scoring (board, its score on the board, its score so far).
        Before any board has a comparison (top 0) the percentages are None."""
        line = next(p for p in self.pairs if p.ids == tuple(ids))
        out: list[tuple[int, float, float | None]] = []
        total = Fraction(0)
        for count, ((board, _shown), value) in enumerate(zip(line.by_board, line.exact, strict=True), start=1):
            total += value
            if self.scoring != "matchpoints":
                out.append((board, two_decimals(value), two_decimals(total)))
            elif self.top:
                out.append(
                    (board, two_decimals(value * 100 / self.top), two_decimals(total * 100 / (self.top * count)))
                )
            else:
                out.append((board, two_decimals(value), None))
        return out

    def to_dict(self) -> dict[str, list[dict[str, object]]]:
        """The archive's ``results``: ``{"pairs": [...], "boards": [...]}`` as the spec writes them."""
        matchpoints = self.scoring == "matchpoints"
        ns_key, ew_key = ("ns_mp", "ew_mp") if matchpoints else ("ns_vs_average", "ew_vs_average")
        return {
            "pairs": [
                {
                    "ids": list(p.ids),
                    "direction": p.direction,
                    "rank": p.rank,
                    "score": p.score,
                    "percentage": p.percentage,
                    "boards_played": p.boards_played,
                }
                for p in self.pairs
            ],
            "boards": [
                {
                    "number": b.number,
                    "trump": b.trump,
                    "scores": [
                        {"table": s.table, "NS": s.tricks_ns, "EW": s.tricks_ew, ns_key: s.ns, ew_key: s.ew}
                        for s in b.scores
                    ],
                }
                for b in self.boards
            ],
        }


def two_decimals(value: Fraction | int) -> float:
    """Half up, from an exact fraction: the same figure on every machine."""
    exact = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, Fraction) else Decimal(value)
    return float(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def matchpoints(tricks: int, others: Sequence[int]) -> int:
    """2 for each other result with fewer tricks, 1 for each with the same number."""
    return sum(2 if other < tricks else 1 if other == tricks else 0 for other in others)


def neuberg(mp: Fraction | int, played: int, expected: int) -> Fraction:
    """Matchpoints on a board played ``played`` times, scaled to ``expected`` plays."""
    return (Fraction(mp) + 1) * expected / played - 1


# A pair's line before ranking: field, pair, score, percentage and (board, score) by board.
_PairLine = tuple[str | None, tuple[str, str], float, float | None, list[tuple[int, Fraction]]]


def score_duplicate(
    fmt: Format,
    plays: Sequence[BoardPlay],
    trumps: Mapping[int, str | None] | None = None,
    *,
    two_fields: bool | None = None,
    names: Mapping[str, str] | None = None,
) -> DuplicateResults:
    """Every pair's result and every board's scores from the plays entered so far.

    ``trumps`` (board number -> trump) lists the boards of the evening; boards not yet played are
    then given with no scores. ``two_fields`` defaults to the movement: a Mitchell's two fields,
    a Howell's one. Mid-evening the scores are as far as the plays go: ``expected`` is the
    most-played board so far. ``names`` (player id -> name) names each pair "Ann & Bob".
    """
    if fmt.scoring not in ("matchpoints", "tricks_vs_average"):
        raise ValueError(f"a duplicate evening scores by matchpoints or tricks_vs_average, not {fmt.scoring!r}")
    if two_fields is None:
        two_fields = fmt.movement_kind.two_fields
    by_board: dict[int, list[tuple[BoardPlay, dict[str, int]]]] = defaultdict(list)
    # A board may come back to a table in a later round of a Howell, with other pairs: what may not
    # happen is a pair playing it twice (below).
    for play in plays:
        entry = HandEntry(play.tricks_ns, play.tricks_ew, "N", revoke=play.revoke)
        if entry.tricks_ns + entry.tricks_ew != 13 or min(entry.tricks_ns, entry.tricks_ew) < 0:
            raise RuleError(f"board {play.board} at table {play.table}: tricks {play.tricks_ns} + {play.tricks_ew}")
        by_board[play.board].append((play, tricks_after_revoke(entry, fmt)))

    expected = max((len(v) for v in by_board.values()), default=0)
    top = 2 * (expected - 1) if expected else 0
    matchpointed = fmt.scoring == "matchpoints"

    pair_direction: dict[tuple[str, str], str] = {}
    pair_scores: dict[tuple[str, str], list[tuple[int, Fraction]]] = defaultdict(list)
    boards: list[BoardResult] = []
    numbers = sorted(set(by_board) | set(trumps or {}))
    for number in numbers:
        rows = sorted(by_board.get(number, []), key=lambda row: row[0].table)
        ns_tricks = [tricks["NS"] for _play, tricks in rows]
        played = len(rows)
        scores = []
        for i, (play, tricks) in enumerate(rows):
            if matchpointed:
                others = ns_tricks[:i] + ns_tricks[i + 1 :]
                ns_mp = Fraction(matchpoints(tricks["NS"], others))
                ew_mp = Fraction(2 * (played - 1)) - ns_mp
                if played < expected:
                    ns_mp, ew_mp = neuberg(ns_mp, played, expected), neuberg(ew_mp, played, expected)
                ns_score, ew_score = ns_mp, ew_mp
            else:
                average = Fraction(sum(ns_tricks), played)
                ns_score = tricks["NS"] - average
                ew_score = -ns_score  # E–W tricks are 13 − N–S: their average is 13 − the N–S average
            for pair, direction, value in ((play.ns, "NS", ns_score), (play.ew, "EW", ew_score)):
                if two_fields and pair_direction.setdefault(pair, direction) != direction:
                    raise RuleError(f"the pair {' & '.join(pair)} changed direction: a Mitchell pair keeps its own")
                pair_scores[pair].append((number, value))
            scores.append(
                BoardScore(play.table, tricks["NS"], tricks["EW"], two_decimals(ns_score), two_decimals(ew_score))
            )
        boards.append(BoardResult(number, (trumps or {}).get(number), tuple(scores)))

    lines: list[_PairLine] = []
    for pair, results in pair_scores.items():
        counted: dict[int, Fraction] = {}
        for board, value in results:
            if board in counted:
                raise RuleError(f"the pair {' & '.join(pair)} played board {board} twice")
            counted[board] = Fraction(value)
        total = sum(counted.values(), Fraction(0))
        percentage = two_decimals(total * 100 / (top * len(counted))) if matchpointed and top else None
        group = pair_direction.get(pair) if two_fields else None
        lines.append((group, pair, two_decimals(total), percentage, sorted(counted.items())))

    def measure(line: _PairLine) -> float:
        return line[3] if line[3] is not None else line[2]

    order = {"NS": 0, "EW": 1, None: 2}
    lines.sort(key=lambda line: (order[line[0]], -measure(line), line[1]))
    sharing = Counter((line[0], measure(line)) for line in lines)
    ranked = []
    for line in lines:
        group, pair, score, percentage, per_board = line
        ahead = sum(1 for other in lines if other[0] == group and measure(other) > measure(line))
        ranked.append(
            PairResult(
                ids=pair,
                direction=group,
                rank=ahead + 1,
                tied=sharing[group, measure(line)] > 1,
                score=score,
                percentage=percentage,
                boards_played=len(per_board),
                by_board=tuple((board, two_decimals(value)) for board, value in per_board),
                name=" & ".join((names or {}).get(pid, pid) for pid in pair),
                exact=tuple(value for _board, value in per_board),
            )
        )
    return DuplicateResults(fmt.scoring, tuple(ranked), tuple(boards), expected, top)


def plays_from_hands(hands: Sequence[Mapping[str, Any]]) -> list[BoardPlay]:
    """The plays of the archive's ``hands`` (each table's board, seats, tricks as played and revoke); a
    substitute plays as the pair member whose seat they took, so the results stay the pair's."""
    plays = []
    for hand in substitutes_of(hands).hands(hands):
        for table in hand["tables"]:
            seats, tricks, revoke = table["seats"], table["tricks"], table.get("revoke")
            plays.append(
                BoardPlay(
                    board=table["board"],
                    table=table["table"],
                    ns=(seats["N"], seats["S"]),
                    ew=(seats["E"], seats["W"]),
                    tricks_ns=tricks["NS"],
                    tricks_ew=tricks["EW"],
                    revoke=revoke["side"] if revoke else None,
                )
            )
    return plays
