"""Scoring: checking what a table entered, drive scores, and games, honours and rubbers.

Exactly the "Scoring rules" of the archive spec (docs/archive-format.md);
docs/rules.md explains each choice. A table's whole history is scored from its raw entries
every time (``score_games``): a game night has at most a few dozen hands, and recomputing
means there are no stored running totals to drift.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from whistdrive.engines.formats import Format
from whistdrive.engines.vocabulary import OTHER_SIDE, SIDE_NAMES, SIDES, SUIT_WORDS, TRUMP_LETTERS, is_whole_number

from .errors import RuleError
from .trumps import trump_for_hand

_NUMBER_WORDS = {4: "four", 6: "six", 8: "eight", 9: "nine"}


@dataclass(frozen=True)
class HandEntry:
    """What a table enters for one hand: tricks as played (before any revoke penalty)."""

    tricks_ns: int
    tricks_ew: int
    trump: str  # "H", "D", "S", "C" or "N"
    honours_ns: int | None = None
    honours_ew: int | None = None
    revoke: str | None = None  # the side that revoked

    @property
    def tricks(self) -> dict[str, int]:
        return {"NS": self.tricks_ns, "EW": self.tricks_ew}

    @property
    def honours(self) -> dict[str, int]:
        """Honours held; not entered counts as none."""
        return {"NS": self.honours_ns or 0, "EW": self.honours_ew or 0}


def entry_problems(fmt: Format, entry: HandEntry) -> list[str]:
    """Every mistake in one table's entry for a hand, in a player's words."""
    found: list[str] = []
    tricks_ok = True
    for side, tricks in entry.tricks.items():
        if not is_whole_number(tricks) or not 0 <= tricks <= 13:
            found.append(f"{SIDE_NAMES[side]}'s tricks must be a whole number from 0 to 13, not {tricks!r}")
            tricks_ok = False
    if tricks_ok and entry.tricks_ns + entry.tricks_ew != 13:
        found.append(
            f"North–South {entry.tricks_ns} and East–West {entry.tricks_ew} make "
            f"{entry.tricks_ns + entry.tricks_ew} tricks; a hand has 13"
        )
    if not isinstance(entry.trump, str) or len(entry.trump) != 1 or entry.trump not in TRUMP_LETTERS:
        found.append(f"trumps are H, D, S, C or N (no trumps), not {entry.trump!r}")
    given = {side: h for side, h in (("NS", entry.honours_ns), ("EW", entry.honours_ew)) if h is not None}
    if given:
        counted = fmt.honours and fmt.is_games
        honours_ok = True
        for side, held in given.items():
            if not is_whole_number(held) or not 0 <= held <= 4:
                found.append(
                    f"{SIDE_NAMES[side]} cannot hold {held!r} honours: honours are A K Q J of trumps, from 0 to 4"
                )
                honours_ok = False
            elif held and not counted:
                found.append(
                    f"this {'drive' if fmt.is_drive else 'format'} does not count honours: "
                    f"leave {SIDE_NAMES[side]}'s honours blank"
                )
                honours_ok = False
            elif held and entry.trump == "N":
                found.append(f"a no-trump hand has no honours, but {SIDE_NAMES[side]} are given {held}")
                honours_ok = False
        if honours_ok and sum(given.values()) > 4:
            found.append(
                f"North–South {entry.honours_ns or 0} and East–West {entry.honours_ew or 0} honours make "
                f"{sum(given.values())}; there are only four (A K Q J of trumps)"
            )
    if entry.revoke is not None and entry.revoke not in SIDES:
        found.append(f"a revoke is by North–South (NS) or East–West (EW), not {entry.revoke!r}")
    return found


def check_entry(fmt: Format, entry: HandEntry) -> None:
    """Raise RuleError naming every mistake in ``entry`` (joined by "; ")."""
    found = entry_problems(fmt, entry)
    if found:
        raise RuleError("; ".join(found))


def tricks_after_revoke(entry: HandEntry, fmt: Format | None = None) -> dict[str, int]:
    """Each side's tricks after the revoke penalty.

    Three tricks pass from the revoking side to the other (all it took, if fewer). Drives always
    transfer; a game night transfers only when its revoke penalty is "tricks" (with "points" the
    penalty is scored by ``score_games`` instead). Without ``fmt`` the transfer is made.
    """
    tricks = entry.tricks
    transfers = fmt is None or fmt.is_drive or fmt.revoke_penalty == "tricks"
    if entry.revoke in SIDES and transfers:
        moved = min(3, tricks[entry.revoke])
        tricks[entry.revoke] -= moved
        tricks[OTHER_SIDE[entry.revoke]] += moved
    return tricks


def odd_tricks(tricks: int) -> int:
    """Tricks over the book of six; never negative."""
    return max(0, tricks - 6)


def drive_score(fmt: Format, tricks: int) -> int:
    """A player's score for a hand of a drive from their side's tricks (after any revoke transfer)."""
    if not is_whole_number(tricks) or not 0 <= tricks <= 13:
        raise RuleError(f"a side takes from 0 to 13 tricks, not {tricks!r}")
    return odd_tricks(tricks) if fmt.scoring == "odd_tricks" else tricks


def honours_points(held: int) -> int:
    """Four honours held score 4, three score 2, fewer nothing."""
    return 4 if held == 4 else 2 if held == 3 else 0


def game_value(fmt: Format, losers_points: int) -> int:
    """3 (treble) if the losers have 0, 2 (double) if twice their points is below target, else 1 (single).

    Written for every game whatever the rubber rule; only classic rubbers add the values up
    (``rubber_points``): "simple" counts games won, "none" has no rubbers.
    """
    if losers_points == 0:
        return 3
    return 2 if 2 * losers_points < fmt.target else 1


# -- a table's games and rubbers -----------------------------------------------------------


@dataclass(frozen=True)
class GameHand:
    number: int
    entry: HandEntry
    fresh: bool = False  # partnerships at the table changed at this hand


@dataclass(frozen=True)
class ScoredHand:
    number: int
    points: dict[str, int]
    score_before: dict[str, int]
    score: dict[str, int]  # after the hand (the finished game's score when it ends the game)
    game_won_by: str | None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameResult:
    won_by: str
    score: dict[str, int]
    value: int


@dataclass(frozen=True)
class RubberResult:
    won_by: str
    games: tuple[str, ...]  # winner of each game, in order
    points: int
    ended_at: int = 0  # the number of the hand that finished it


@dataclass(frozen=True)
class SideTotals:
    rubber_points: int
    games_won: int
    points: int  # every point scored on hands: tricks, honours and revoke penalties


@dataclass(frozen=True)
class TableScore:
    hands: tuple[ScoredHand, ...] = ()
    games: tuple[GameResult, ...] = ()
    rubbers: tuple[RubberResult, ...] = ()
    score: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})  # the game in progress
    rubber_games: tuple[GameResult, ...] = ()  # games of the rubber in progress
    plays_rubbers: bool = True  # False with rubber "none": the state then counts all games

    @property
    def games_in_rubber(self) -> dict[str, int]:
        won = {"NS": 0, "EW": 0}
        for game in self.rubber_games:
            won[game.won_by] += 1
        return won

    @property
    def totals_of_games(self) -> dict[str, int]:
        return {side: sum(1 for g in self.games if g.won_by == side) for side in SIDES}

    @property
    def last_number(self) -> int:
        return self.hands[-1].number if self.hands else 0

    @property
    def totals(self) -> dict[str, SideTotals]:
        """Per side, for standings."""
        return {
            side: SideTotals(
                rubber_points=sum(r.points for r in self.rubbers if r.won_by == side),
                games_won=sum(1 for g in self.games if g.won_by == side),
                points=sum(h.points[side] for h in self.hands),
            )
            for side in SIDES
        }

    @property
    def state(self) -> str:
        """The game in progress and the rubber in progress, as a player would say it."""
        games = self.games_in_rubber if self.plays_rubbers else self.totals_of_games
        if not self.plays_rubbers and not self.games:
            part = "No games yet"
        elif self.plays_rubbers and not self.rubber_games:
            part = "No games yet" if not self.games else "A new rubber"
        elif games["NS"] == games["EW"]:
            part = f"Games level at {games['NS']}–{games['EW']}"
        else:
            lead = max(SIDES, key=lambda side: games[side])
            part = f"{SIDE_NAMES[lead]} lead {games[lead]}–{games[OTHER_SIDE[lead]]}"
        score = self.score
        if score["NS"] == score["EW"]:
            if score["NS"] == 0:
                return part
            return f"{part}; this game level at {score['NS']}–{score['EW']}"
        lead = max(SIDES, key=lambda side: score[side])
        return f"{part}; {SIDE_NAMES[lead]} lead this game {score[lead]}–{score[OTHER_SIDE[lead]]}"

    def to_results_dict(self) -> dict[str, list[dict[str, Any]]]:
        """The archive spec's ``results.tables`` entry, without its "table" key."""
        return {
            "hands": [
                {"number": h.number, "points": dict(h.points), "score": dict(h.score), "game_won_by": h.game_won_by}
                for h in self.hands
            ],
            "games": [{"won_by": g.won_by, "score": dict(g.score), "value": g.value} for g in self.games],
            "rubbers": [{"won_by": r.won_by, "games": list(r.games), "points": r.points} for r in self.rubbers],
        }


def _score_of(score: dict[str, int]) -> str:
    return f"North–South {score['NS']}, East–West {score['EW']}"


def rubber_points(fmt: Format, games: Sequence[GameResult], won_by: str) -> int:
    lost = sum(1 for g in games if g.won_by != won_by)
    if fmt.rubber == "simple":
        return 3 if lost == 0 else 2
    return sum(g.value for g in games if g.won_by == won_by) + 2 - sum(g.value for g in games if g.won_by != won_by)


def check_next_entry(fmt: Format, table: TableScore, entry: HandEntry, number: int | None = None) -> int:
    """Raise RuleError when ``entry`` cannot be the table's next hand; return its hand number.

    The next hand is the one after the last scored (hand 1 at a new table), it must be within
    the evening's ``fmt.hands``, its trump must match a fixed rotation, and the entry itself must
    be possible. A finished game or rubber never blocks a next hand: while the evening has hands
    left, the next hand starts a new game (and, after a finished rubber, a new rubber).
    """
    expected = table.last_number + 1
    _check_hand(fmt, expected if number is None else number, entry, expected)
    return expected


def _check_hand(fmt: Format, number: int, entry: HandEntry, expected: int | None) -> None:
    if not fmt.is_games:
        raise RuleError("a drive scores each player's tricks: games and rubbers are for game nights")
    found = []
    if not is_whole_number(number) or number < 1:
        found.append(f"hands are numbered from 1, not {number!r}")
    elif expected is not None and number != expected:
        found.append(
            f"hand {number} cannot be entered here: "
            + (
                f"the table's last hand was {expected - 1}, so hand {expected} comes next"
                if expected > 1
                else "the first hand is hand 1"
            )
        )
    elif number > fmt.hands:
        found.append(f"the evening has {fmt.hands} hands, so there is no hand {number}")
    else:
        rotation_trump = trump_for_hand(fmt.trumps, number)
        if rotation_trump is not None and entry.trump != rotation_trump:
            found.append(
                f"hand {number} is played with {SUIT_WORDS[rotation_trump]}"
                f"{' as trumps' if rotation_trump != 'N' else ''}, not {SUIT_WORDS.get(entry.trump, repr(entry.trump))}"
            )
    found.extend(entry_problems(fmt, entry))
    if found:
        raise RuleError(f"hand {number}: " + "; ".join(found))


def score_hand(
    fmt: Format, before: dict[str, int], entry: HandEntry
) -> tuple[dict[str, int], dict[str, int], str | None, list[str]]:
    """One hand of a game from the score ``before`` it: (points, score after, side reaching game, notes).

    Order: revoke penalty points, then tricks, then honours. Once a side reaches the target on
    the hand, the other side scores nothing more on it; the notes say what did not count and why.
    """
    target = fmt.target
    stop = target - 1
    score = dict(before)
    points = {"NS": 0, "EW": 0}
    notes: list[str] = []
    game_to: str | None = None  # the first side to reach the target on this hand

    def add(side: str, amount: int, what: str, cap: int | None = None, why: str = "") -> None:
        nonlocal game_to
        if amount <= 0:
            return
        if game_to is not None and game_to != side:
            notes.append(
                f"{SIDE_NAMES[game_to]} reached game first on this hand, so {SIDE_NAMES[side]}'s "
                f"{amount} for {what} do not count"
            )
            return
        if entry.revoke == side:
            cap, why = stop, f"{SIDE_NAMES[side]} revoked and cannot reach game on this hand"
        if cap is not None and score[side] + amount > cap:
            kept = max(0, cap - score[side])
            notes.append(f"{why}: {SIDE_NAMES[side]} score {kept} of their {amount} for {what}, stopping at {cap}")
            amount = kept
        score[side] += amount
        points[side] += amount
        if game_to is None and score[side] >= target:
            game_to = side

    if entry.revoke in SIDES and fmt.revoke_penalty == "points":
        add(OTHER_SIDE[entry.revoke], 3, "the revoke")
    for side, tricks in tricks_after_revoke(entry, fmt).items():
        add(side, odd_tricks(tricks), "tricks")
    if fmt.honours:
        for side, held in entry.honours.items():
            value = honours_points(held)
            if not value:
                continue
            if before[side] == stop:
                notes.append(
                    f"{SIDE_NAMES[side]} were at {stop}: a side at the score of "
                    f"{_NUMBER_WORDS.get(stop, stop)} cannot score honours"
                )
                continue
            add(
                side,
                value,
                "honours",
                None if fmt.honours_can_win else stop,
                "honours cannot win the game in this format",
            )
    return points, score, game_to, notes


def score_games(fmt: Format, hands: Sequence[GameHand]) -> TableScore:
    """Score a table's hands, in order, into games and rubbers (see docs/rules.md)."""
    score = {"NS": 0, "EW": 0}
    rubber_games: list[GameResult] = []
    scored: list[ScoredHand] = []
    games: list[GameResult] = []
    rubbers: list[RubberResult] = []
    last = 0
    for hand in hands:
        if is_whole_number(hand.number) and hand.number <= last:
            raise RuleError(f"hand {hand.number} is entered after hand {last}: hands are scored in order")
        _check_hand(fmt, hand.number, hand.entry, None)
        last = hand.number
        entry = hand.entry
        notes: list[str] = []

        if hand.fresh and scored:
            if score["NS"] or score["EW"]:
                notes.append(f"partnerships changed: the unfinished game at {_score_of(score)} scores nothing more")
            if rubber_games and fmt.rubber != "none":
                won = {side: sum(1 for g in rubber_games if g.won_by == side) for side in SIDES}
                notes.append(
                    f"partnerships changed: the unfinished rubber (games {won['NS']}–{won['EW']}) "
                    "scores no rubber points; its games still count"
                )
            score = {"NS": 0, "EW": 0}
            rubber_games = []

        before = dict(score)
        points, score, won_by, hand_notes = score_hand(fmt, before, entry)
        notes.extend(hand_notes)
        scored.append(ScoredHand(hand.number, points, before, dict(score), won_by, tuple(notes)))
        if won_by is not None:
            game = GameResult(won_by, dict(score), game_value(fmt, score[OTHER_SIDE[won_by]]))
            games.append(game)
            score = {"NS": 0, "EW": 0}
            if fmt.rubber != "none":
                rubber_games.append(game)
                if sum(1 for g in rubber_games if g.won_by == won_by) == 2:
                    rubbers.append(
                        RubberResult(
                            won_by,
                            tuple(g.won_by for g in rubber_games),
                            rubber_points(fmt, rubber_games, won_by),
                            hand.number,
                        )
                    )
                    rubber_games = []
    return TableScore(tuple(scored), tuple(games), tuple(rubbers), score, tuple(rubber_games), fmt.rubber != "none")
