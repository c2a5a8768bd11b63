"""An event's format: every setting of the archive spec, as plain Python.

The keys and values are the public contract of ``whistdrive.event/1``
(docs/archive-format.md): ``Format.from_dict`` reads them,
``Format.to_dict`` writes them back unchanged, and ``Format.problems`` lists,
in words an organiser can act on, every combination that cannot be played.
No Django import: the rules, movement and standings engines all take a Format.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from whistdrive.engines.movement_kinds import MOVEMENTS, MovementKind, movements_for
from whistdrive.engines.vocabulary import TRUMP_LETTERS, is_whole_number

KINDS = ("drive", "games", "duplicate")
SCORINGS = ("tricks", "odd_tricks")
MOVERS = ("winners", "losers")
SITOUT_SCORES = ("average", "zero", "fixed")
TARGETS = (5, 7, 9, 10)
REVOKE_PENALTIES = ("tricks", "points")
RUBBERS = ("classic", "simple", "none")
TIE_BREAKS = ("second_half", "last_hand", "hands_won", "countback")
TRUMP_MODES = ("turned", "cut")
# Duplicate whist: the archive's format holds exactly these keys (spec, "Duplicate whist").
DUPLICATE_KEYS = ("kind", "boards", "boards_per_round", "movement", "scoring", "trumps")
DUPLICATE_SCORINGS = ("matchpoints", "tricks_vs_average")


class FormatError(ValueError):
    """A format that cannot be played; ``problems`` holds one message per fault."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class Format:
    kind: str = "drive"
    hands: int = 24
    hands_per_round: int = 1
    interval_after: int | None = 12
    trumps: str = "HDSC"
    scoring: str = "tricks"
    movement: str = "progressive"
    movers: str = "winners"
    sitout_score: str = "average"
    sitout_fixed: int = 7
    target: int = 5
    honours: bool = False
    honours_can_win: bool = True
    revoke_penalty: str = "tricks"
    rubber: str = "classic"
    tie_breaks: tuple[str, ...] = field(default_factory=tuple)

    # -- reading and writing the archive's "format" object ------------------

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Format:
        """Build a format from archive keys; unknown keys are a FormatError.

        A duplicate evening has its own keys (``DUPLICATE_KEYS``); drive and game-night formats
        read and write exactly as before.
        """
        if isinstance(data, dict) and data.get("kind") == "duplicate":
            unknown = sorted(set(data) - set(DUPLICATE_KEYS))
            if unknown:
                raise FormatError(
                    [
                        f"{name!r} is not a setting of a duplicate evening (its settings are "
                        f"{', '.join(DUPLICATE_KEYS[1:])})"
                        for name in unknown
                    ]
                )
            return cls.duplicate(**{k: v for k, v in data.items() if k != "kind"})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise FormatError([f"unknown format setting {name!r}" for name in unknown])
        values = dict(data)
        if "tie_breaks" in values:
            values["tie_breaks"] = tuple(values["tie_breaks"] or ())
        return cls(**values)

    @classmethod
    def duplicate(
        cls,
        boards: int = 24,
        boards_per_round: int = 3,
        movement: str = "mitchell",
        scoring: str = "matchpoints",
        trumps: str = "HDSC",
    ) -> Format:
        """A duplicate whist evening (spec, "Duplicate whist").

        ``boards`` is how many boards each pair plays, in rounds of ``boards_per_round``: the
        evening's hands, as ``hands`` is a drive's, so a board slot is a hand (``round_of``,
        ``ends_round`` work unchanged). The movement puts as many boards in play as the tables
        need (whistdrive.engines.duplicate). The drive and game-night settings keep their defaults.
        """
        return cls(
            kind="duplicate",
            hands=boards,
            hands_per_round=boards_per_round,
            interval_after=None,
            trumps=trumps,
            scoring=scoring,
            movement=movement,
        )

    def to_dict(self) -> dict[str, Any]:
        if self.kind == "duplicate":
            return {
                "kind": "duplicate",
                "boards": self.hands,
                "boards_per_round": self.hands_per_round,
                "movement": self.movement,
                "scoring": self.scoring,
                "trumps": self.trumps,
            }
        data = asdict(self)
        data["tie_breaks"] = list(self.tie_breaks)
        return data

    def with_changes(self, **changes: Any) -> Format:
        return replace(self, **changes)

    # -- questions the engines ask -------------------------------------------

    @property
    def is_drive(self) -> bool:
        return self.kind == "drive"

    @property
    def is_games(self) -> bool:
        return self.kind == "games"

    @property
    def is_duplicate(self) -> bool:
        return self.kind == "duplicate"

    @property
    def boards(self) -> int:
        """Duplicate: the boards each pair plays (the evening's hands)."""
        return self.hands

    @property
    def boards_per_round(self) -> int:
        """Duplicate: boards a table plays before the pairs move (the hands of a round)."""
        return self.hands_per_round

    @property
    def rounds(self) -> int:
        return -(-self.hands // self.hands_per_round)

    @property
    def trump_rotation(self) -> str | None:
        """The rotation string ("HDSC", "HDSCN"), or None when trumps are turned or cut."""
        return None if self.trumps in TRUMP_MODES else self.trumps

    @property
    def movement_kind(self) -> MovementKind:
        """The movement's entry in the registry: what it is and what it needs (whistdrive.engines.movement_kinds)."""
        return MOVEMENTS[self.movement]

    @property
    def result_driven(self) -> bool:
        """True when the next seating depends on the results (cannot be planned ahead)."""
        return self.movement_kind.result_driven

    @property
    def winners_move(self) -> bool:
        """A result-driven movement: whether the winning pair moves (else the losing pair)."""
        return self.movement_kind.movers_chosen and self.movers == "winners"

    def round_of(self, hand: int) -> int:
        """The round (1-based) that hand number ``hand`` belongs to."""
        return (hand - 1) // self.hands_per_round + 1

    def ends_round(self, hand: int) -> bool:
        return hand % self.hands_per_round == 0 or hand == self.hands

    def half_of(self, hand: int) -> int:
        """1 for the first half (up to and including interval_after), else 2."""
        if self.interval_after is None or hand <= self.interval_after:
            return 1
        return 2

    # -- validation -----------------------------------------------------------

    def problems(self) -> list[str]:
        """Every reason this format cannot be played, as sentences for an organiser."""
        if self.kind == "duplicate":
            return self._duplicate_problems()
        found: list[str] = []

        def choice(name: str, value: Any, allowed: Any) -> bool:
            if value not in allowed:
                options = ", ".join(str(a) for a in allowed)
                found.append(f"{name} must be one of {options}, not {value!r}")
                return False
            return True

        choice("kind", self.kind, KINDS)
        choice("scoring", self.scoring, SCORINGS)
        choice("movement", self.movement, tuple(MOVEMENTS))
        choice("movers", self.movers, MOVERS)
        choice("sit-out score", self.sitout_score, SITOUT_SCORES)
        choice("target", self.target, TARGETS)
        choice("revoke penalty", self.revoke_penalty, REVOKE_PENALTIES)
        choice("rubber", self.rubber, RUBBERS)
        for name in ("honours", "honours_can_win"):
            if not isinstance(getattr(self, name), bool):
                found.append(f"{name.replace('_', ' ')} must be true or false")

        if not is_whole_number(self.hands) or not 1 <= self.hands <= 60:
            found.append(f"the number of hands must be a whole number from 1 to 60, not {self.hands!r}")
        if not is_whole_number(self.hands_per_round) or not 1 <= self.hands_per_round <= 12:
            found.append(f"hands per round must be a whole number from 1 to 12, not {self.hands_per_round!r}")
        elif is_whole_number(self.hands) and self.hands >= 1 and self.hands % self.hands_per_round:
            found.append(
                f"{self.hands} hands cannot be played in rounds of {self.hands_per_round}: "
                f"choose a number of hands that is a multiple of {self.hands_per_round}"
            )
        if self.interval_after is not None:
            if not is_whole_number(self.interval_after) or not (
                is_whole_number(self.hands) and 1 <= self.interval_after < self.hands
            ):
                found.append(
                    f"the interval must come after a hand from 1 to {self.hands - 1 if is_whole_number(self.hands) else '…'}, "
                    f"not after hand {self.interval_after!r}"
                )
            elif (
                is_whole_number(self.hands_per_round)
                and self.hands_per_round >= 1
                and self.interval_after % self.hands_per_round
            ):
                found.append(
                    f"the interval after hand {self.interval_after} falls in the middle of a round of "
                    f"{self.hands_per_round} hands"
                )
        if not is_whole_number(self.sitout_fixed) or not 0 <= self.sitout_fixed <= 13:
            found.append(f"the fixed sit-out score must be from 0 to 13, not {self.sitout_fixed!r}")

        found.extend(_trump_problems(self.trumps))

        tie_breaks = self.tie_breaks if isinstance(self.tie_breaks, (list, tuple)) else ()
        if not isinstance(self.tie_breaks, (list, tuple)):
            found.append("tie-breaks must be a list")
        for rule in tie_breaks:
            choice("a tie-break", rule, TIE_BREAKS)
        if len(set(tie_breaks)) != len(tuple(tie_breaks)):
            found.append("each tie-break may be listed only once")

        if self.kind == "games":
            if self.movement not in movements_for("games"):
                found.append(
                    f"a game night keeps partnerships at a table: its movement must be stationary, mitchell or howell, "
                    f"not {self.movement}"
                )
        if self.kind == "drive":
            if self.honours:
                found.append("honours count only on game nights; a drive scores tricks")
            if self.revoke_penalty != "tricks":
                found.append("a drive always moves three tricks for a revoke; the points penalty is for game nights")
            if self.movement == "mitchell" and self.hands_per_round < 1:
                found.append("a Mitchell movement needs at least one hand per round")
        if self.honours and self.trumps == "N":
            found.append("honours are A K Q J of trumps: they cannot count when every hand is no trumps")
        return found

    def _duplicate_problems(self) -> list[str]:
        found: list[str] = []
        if self.movement not in movements_for("duplicate"):
            found.append(
                f"a duplicate evening moves by a Mitchell (mitchell) or a Howell (howell), not {self.movement!r}"
            )
        if self.scoring not in DUPLICATE_SCORINGS:
            found.append(
                "a duplicate evening scores by matchpoints (matchpoints) or by tricks against the average "
                f"(tricks_vs_average), not {self.scoring!r}"
            )
        boards, per_round = self.hands, self.hands_per_round
        if not is_whole_number(boards) or not 1 <= boards <= 60:
            found.append(f"the number of boards must be a whole number from 1 to 60, not {boards!r}")
        if not is_whole_number(per_round) or not 1 <= per_round <= 12:
            found.append(f"boards per round must be a whole number from 1 to 12, not {per_round!r}")
        elif is_whole_number(boards) and boards >= 1 and boards % per_round:
            found.append(
                f"{boards} boards cannot be played in rounds of {per_round}: "
                f"choose a number of boards that is a multiple of {per_round}"
            )
        if self.trumps == "cut":
            found.append(
                "a board is played with the same trumps at every table: trumps are a rotation such as HDSC "
                "(by board number) or 'turned' (the dealer's last card, kept with the board), not 'cut'"
            )
        else:
            found.extend(_trump_problems(self.trumps))
        defaults = Format.duplicate(self.hands, self.hands_per_round, self.movement, self.scoring, self.trumps)
        for name in (f.name for f in fields(self)):
            if getattr(self, name) != getattr(defaults, name):
                found.append(f"{name.replace('_', ' ')} is not a setting of a duplicate evening")
        return found

    def validate(self) -> Format:
        found = self.problems()
        if found:
            raise FormatError(found)
        return self


def _trump_problems(trumps: Any) -> list[str]:
    if not isinstance(trumps, str) or not trumps:
        return ["trumps must be a rotation such as HDSC, or 'turned' or 'cut'"]
    if trumps in TRUMP_MODES:
        return []
    bad = sorted(set(trumps) - set(TRUMP_LETTERS))
    if bad:
        return [
            f"trumps {trumps!r} has {', '.join(bad)}: a rotation uses H, D, S, C and N (no trumps), "
            "or is 'turned' or 'cut'"
        ]
    if len(set(trumps)) != len(trumps):
        return [f"trumps {trumps!r} names a suit twice: each of H, D, S, C, N at most once in a rotation"]
    return []


PRESETS: dict[str, tuple[str, Format]] = {
    "progressive": ("Progressive drive, 24 hands", Format()),
    "semi_partner": ("Semi-partner drive", Format(movement="semi_partner")),
    "mitchell": (
        "Partners drive (Mitchell)",
        Format(movement="mitchell", hands=24, hands_per_round=4, interval_after=12),
    ),
    "howell": (
        "Partners drive (Howell, every pair meets every other)",
        Format(movement="howell", hands=21, hands_per_round=3, interval_after=12),
    ),
    "individual": ("Individual drive", Format(movement="individual", hands=20, interval_after=10)),
    "rubbers": (
        "5-point whist, rubbers",
        Format(
            kind="games",
            hands=24,
            hands_per_round=1,
            interval_after=None,
            trumps="turned",
            movement="stationary",
            target=5,
            honours=False,
            revoke_penalty="tricks",
            rubber="classic",
        ),
    ),
    "duplicate": ("Duplicate whist, 24 boards in rounds of 3 (Mitchell, matchpoints)", Format.duplicate()),
}
