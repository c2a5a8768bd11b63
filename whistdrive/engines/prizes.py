"""Prizes: who wins what, from an event's standings and the organiser's list of prizes.

Each prize is a small dict the organiser configures, in the order the prizes are given out:

    {"kind": "top", "role": "lady", "places": 3, "label": "Ladies' prizes"}
    {"kind": "half_time"}            {"kind": "second_half"}
    {"kind": "booby", "role": "gent"} {"kind": "tens"}
    {"kind": "low_second_half"}      {"kind": "low_half_time"}     {"kind": "hands_won"}
    {"kind": "mystery", "target": 150}
    {"kind": "top", "field": "NS", "places": 2}   # a pairs evening ranked in two fields

In a pairs evening the standings are pairs (``standings.PairStanding``, or a duplicate evening's
``duplicate.PairResult``, judged on its percentage): a prize goes to a pair, described as
"1st pair" ("N–S 1st pair" in a field), and a prize by role does not apply.
One prize per person (per pair) by default: prizes are awarded in the organiser's order and a winner
is left out of the later ones, so the next in line takes them. A tie for the last place of a
prize is never settled here: the Award lists everyone tied and says how to settle it.
No Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from whistdrive.engines.standings import PairStanding, Standing
from whistdrive.engines.vocabulary import is_whole_number

KINDS = ("top", "half_time", "second_half", "booby", "tens", "low_second_half", "low_half_time", "hands_won", "mystery")
# The special prizes a club may choose to give at every evening, beside the places and the booby: each is judged
# on the evening's standings alone, so a club ticks them once and every evening's default prize list has them.
SPECIAL = ("tens", "hands_won", "low_second_half", "low_half_time")
# Prizes for the lowest score: like the booby, only those who played every hand may win them (``Qualification``).
LOW_KINDS = ("booby", "low_second_half", "low_half_time")
# Prizes for a count of hands: only someone with at least one such hand wins them.
COUNTED_KINDS = ("tens", "hands_won")
_NOBODY_EARNED = {"tens": "nobody took ten tricks in a hand", "hands_won": "nobody won a hand"}
ROLES = ("lady", "gent", None)
FIELDS = ("NS", "EW", None)
KEYS = {"kind", "role", "places", "label", "target", "field"}
MAX_PLACES = 20

_ROLE_WORDS = {"lady": ("Ladies'", "ladies"), "gent": ("Gents'", "gents")}
_FIELD_WORDS = {"NS": "N–S", "EW": "E–W"}
_KIND_WORDS = {
    "half_time": "Highest at half-time",
    "second_half": "Highest second half",
    "booby": "Booby",
    "tens": "Most tens",
    "low_second_half": "Lowest second half",
    "low_half_time": "Lowest at half-time",
    "hands_won": "Most hands won",
    "mystery": "Mystery score",
}
# The special prizes as a club's page lists them.
SPECIAL_WORDS = {
    "tens": "Most hands of ten or more tricks",
    "hands_won": "Most hands won (seven tricks or more)",
    "low_second_half": "Lowest score of the second half",
    "low_half_time": "Lowest score at half-time",
}


# The list an event has until the organiser gives its own: the standings page, the board and the
# printed results sheet all name the same winners from it.
_DEFAULT_WITH_ROLES = (
    {"kind": "top", "role": "lady", "places": 3},
    {"kind": "top", "role": "gent", "places": 3},
    {"kind": "booby", "role": "lady"},
    {"kind": "booby", "role": "gent"},
)
_DEFAULT_WITHOUT_ROLES = ({"kind": "top", "role": None, "places": 3}, {"kind": "booby", "role": None})
# A pairs evening gives its prizes to pairs, never Ladies' 1st and Gents' 1st to the two halves of one.
_DEFAULT_PAIRS = ({"kind": "top", "role": None, "places": 2},)
_DEFAULT_TWO_FIELDS = (
    {"kind": "top", "role": None, "places": 2, "field": "NS"},
    {"kind": "top", "role": None, "places": 2, "field": "EW"},
)


def default_prizes(
    roles_used: bool,
    *,
    pairs: bool = False,
    two_fields: bool = False,
    special: Sequence[str] = (),
    halves: bool = True,
) -> list[dict[str, Any]]:
    """The prize list an event has until the organiser gives its own.

    Players: ladies' and gents' 1st–3rd and both boobies; top 3 and a booby overall without roles.
    Pairs (``pairs``: the standings are ``PairStanding``): 1st and 2nd pair, in each field when the
    N–S and E–W pairs are ranked apart (``two_fields``).
    ``special``: the club's special prizes (``SPECIAL``), one each for the whole room, after the others (one
    prize per person: the winners of places are not also the winners of these). A prize for a half is left
    out of an evening without an interval (``halves`` false): it would only repeat the total.
    """
    chosen: Sequence[Mapping[str, object]]
    if pairs:
        chosen = _DEFAULT_TWO_FIELDS if two_fields else _DEFAULT_PAIRS
    else:
        chosen = _DEFAULT_WITH_ROLES if roles_used else _DEFAULT_WITHOUT_ROLES
    extra = []
    for kind in dict.fromkeys(special):
        if kind not in SPECIAL:
            raise PrizeError(f"{kind!r} is not a special prize; they are {', '.join(SPECIAL)}")
        if halves or kind not in ("low_second_half", "low_half_time"):
            extra.append({"kind": kind})
    return [dict(p) for p in chosen] + extra


BASES = ("total", "average")


@dataclass(frozen=True)
class Qualification:
    """Who may win what, and why the others may not (the prize list shows the reasons).

    The rules a club would use, unless it changes them: a prize needs the event's qualifying number of
    hands taken part in (a hand sat out counts: the movement, not the player, chose it), and at least
    one hand played; the booby needs every hand, because a late arrival's low total from fewer hands
    is not the evening's worst score.
    """

    prizes: frozenset[str]  # ids who may win a prize other than the booby
    booby: frozenset[str]  # ids who may win the booby
    reasons: Mapping[str, str]  # id -> why they are left out of a prize ("took part in 4 of 12 hands: …")


def qualification(
    standings: Sequence[Standing],
    *,
    hands: int,
    need: int,
    still_to_come: Mapping[str, int] | None = None,
) -> Qualification:
    """The qualification of each standing over an evening of ``hands`` hands, ``need`` to qualify.

    ``still_to_come``: hands a player present can still take part in (provisional prizes do not leave
    out everyone still playing); empty once the evening is over.
    """
    to_come = still_to_come or {}
    prizes_ok: set[str] = set()
    booby_ok: set[str] = set()
    reasons: dict[str, str] = {}
    for s in standings:
        done = s.hands_played + s.hands_sat_out
        taken = done + to_come.get(s.id, 0)
        if s.hands_played < 1:
            reasons[s.id] = "has played no hand: no prize"
            continue
        if taken >= need:
            prizes_ok.add(s.id)
        else:
            reasons[s.id] = f"took part in {done} of {hands} hands: a prize needs {need}"
        if taken >= hands:
            booby_ok.add(s.id)
        elif s.id not in reasons:
            missed = hands - taken
            reasons[s.id] = (
                f"missed {missed} hand{'s' if missed != 1 else ''}: the booby goes only to those who played every hand"
            )
    return Qualification(frozenset(prizes_ok), frozenset(booby_ok), reasons)


class PrizeError(ValueError):
    """A prize list an organiser must correct; the message names the prize and the fault."""


@dataclass(frozen=True)
class Winner:
    id: str
    name: str
    score: int | float  # what the prize is judged on: total, a half, the count of tens, a percentage


@dataclass(frozen=True)
class Award:
    prize: int  # index of the prize in the organiser's list
    kind: str
    label: str  # the organiser's heading for the prize ("Ladies' prizes")
    place: int  # 1 for the first (or only) place of the prize
    description: str  # in words for pages: "Ladies' 1st", "Booby (gents)"
    winners: tuple[Winner, ...]  # one, or everyone tied for it; empty when nobody is eligible
    tie: bool = False  # True when the winners are tied and the prize must be settled by hand
    message: str = ""
    why: str = ""  # why a place is not awarded ("nobody left to win it"); empty when it is


def validate_prizes(prizes: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The prize list with defaults filled in, or a PrizeError naming the first faulty prize."""
    if not isinstance(prizes, (list, tuple)):
        raise PrizeError("the prizes must be a list")
    checked = []
    for index, prize in enumerate(prizes):
        where = f"prize {index + 1}"
        if not isinstance(prize, dict):
            raise PrizeError(f"{where} must be a set of settings such as {{'kind': 'top'}}")
        if isinstance(prize.get("label"), str) and prize["label"].strip():
            where = f"prize {index + 1} ({prize['label'].strip()!r})"
        unknown = sorted(set(prize) - KEYS)
        if unknown:
            raise PrizeError(
                f"{where}: unknown setting {', '.join(unknown)}; the settings are {', '.join(sorted(KEYS))}"
            )
        kind = prize.get("kind")
        if kind not in KINDS:
            raise PrizeError(f"{where}: the kind must be one of {', '.join(KINDS)}, not {kind!r}")
        role = prize.get("role")
        if role not in ROLES:
            raise PrizeError(f"{where}: the role must be lady, gent or none, not {role!r}")
        places = prize.get("places", 1)
        if not is_whole_number(places) or not 1 <= places <= MAX_PLACES:
            raise PrizeError(f"{where}: places must be a whole number from 1 to {MAX_PLACES}, not {places!r}")
        label = prize.get("label")
        if label is not None and not isinstance(label, str):
            raise PrizeError(f"{where}: the label must be text")
        field = prize.get("field")
        if field not in FIELDS:
            raise PrizeError(f"{where}: the field must be NS, EW or none, not {field!r}")
        if field is not None and role is not None:
            raise PrizeError(f"{where}: a prize for a field goes to pairs, which have no role: leave the role empty")
        target = prize.get("target")
        if kind == "mystery":
            if not is_whole_number(target) or target < 0:
                raise PrizeError(f"{where}: a mystery score prize needs the announced score as a whole number 'target'")
        elif target is not None:
            raise PrizeError(f"{where}: only a mystery score prize has a target")
        checked.append(
            {
                "kind": kind,
                "role": role,
                "places": places,
                "label": (label or "").strip() or describe(kind, role, field=field),
                "target": target,
                "field": field,
            }
        )
    return checked


def award_prizes(
    prizes: list[dict[str, Any]],
    standings: Sequence[Standing | PairStanding],
    *,
    one_per_person: bool = True,
    qualified: Collection[str] | None = None,
    booby_qualified: Collection[str] | None = None,
    basis: str = "total",
) -> list[Award]:
    """Awards in the order of the prize list: one per place of each prize (to players, or to pairs).

    ``qualified``: the ids of those who may win (the club's "qualify after N hands" rule, worked out
    by the caller, as ``qualification`` does); by default everyone who has played a hand. Nobody who
    has played no hand wins. ``booby_qualified``: who may win the booby and the other prizes for the lowest
    score (``LOW_KINDS``; by default the same).
    ``basis``: "total" judges the top places on the evening's total (its rank, with the tie-breaks);
    "average" on the average per hand taken part in, so that someone who missed hands is judged on
    what they scored a hand (the board's ranks are unchanged).
    """
    if basis not in BASES:
        raise PrizeError(f"prizes are judged on the total or the average per hand, not {basis!r}")
    checked = validate_prizes(prizes)
    pairs = any(getattr(s, "is_pair", False) for s in standings)
    winners_so_far: set[str] = set()
    awards: list[Award] = []
    entered = [s for s in standings if s.hands_played >= 1 and (qualified is None or s.id in qualified)]
    for index, prize in enumerate(checked):
        order, measure = _judging(prize, basis)
        eligible = [
            s
            for s in entered
            if (prize["kind"] not in LOW_KINDS or booby_qualified is None or s.id in booby_qualified)
            and (prize["role"] is None or s.role == prize["role"])
            and (prize["field"] is None or getattr(s, "field", None) == prize["field"])
            # Most tens with no ten taken is nobody's prize, not a tie of the whole room on nothing.
            and (prize["kind"] not in COUNTED_KINDS or measure(s) > 0)
        ]
        words = dict(target=prize["target"], field=prize["field"], pairs=pairs)
        place = 1
        while place <= prize["places"]:
            remaining = [s for s in eligible if s.id not in winners_so_far]
            description = describe(prize["kind"], prize["role"], place, prize["places"], **words)
            if not remaining:
                why = "nobody left to win it"
                if prize["kind"] in COUNTED_KINDS and not any(measure(s) > 0 for s in entered):
                    why = _NOBODY_EARNED[prize["kind"]]
                awards.append(
                    Award(
                        index,
                        prize["kind"],
                        prize["label"],
                        place,
                        description,
                        (),
                        message=f"{description}: {why}",
                        why=why,
                    )
                )
                place += 1
                continue
            best = min(order(s) for s in remaining)
            group = sorted((s for s in remaining if order(s) == best), key=lambda s: (s.name, s.id))
            people = tuple(Winner(s.id, s.name, measure(s)) for s in group)
            places_left = prize["places"] - place + 1
            if len(group) > places_left:
                # More people equally placed than places to give: the organiser settles it. The
                # award names every place they tie for ("2nd and 3rd"), not only the first of them.
                names = _names([w.name for w in people])
                if places_left > 1:
                    every = _names([ordinal(p) for p in range(place, prize["places"] + 1)])
                    description = description.replace(ordinal(place), every, 1)
                awards.append(
                    Award(
                        index,
                        prize["kind"],
                        prize["label"],
                        place,
                        description,
                        people,
                        tie=True,
                        message=f"Tie for {_the(description)} between {names} on {people[0].score}: settle by a cut of cards",
                    )
                )
                # Nobody has won it yet, so the tied people stay free for the later prizes.
                place = prize["places"] + 1
                continue
            # Everyone in the group gets a place of this prize; they are equally placed, so the
            # award says so rather than ranking them silently (alphabetical order is only for print).
            for offset, person in enumerate(people):
                shared = ""
                if len(people) > 1:
                    others = _names([w.name for w in people if w is not person])
                    shared = f"equal with {others} on {person.score}"
                awards.append(
                    Award(
                        index,
                        prize["kind"],
                        prize["label"],
                        place + offset,
                        describe(prize["kind"], prize["role"], place + offset, prize["places"], **words),
                        (person,),
                        message=shared,
                    )
                )
                if one_per_person:
                    winners_so_far.add(person.id)
            place += len(people)
    return awards


def describe(
    kind: str,
    role: str | None,
    place: int = 1,
    places: int = 1,
    target: int | None = None,
    *,
    field: str | None = None,
    pairs: bool = False,
) -> str:
    """A prize place in words: "Ladies' 1st", "2nd", "Booby (gents)", "Mystery score (150)";
    for pairs "1st pair", "N–S 2nd pair"."""
    prefix = f"{_FIELD_WORDS[field]} " if field else ""
    if kind == "top":
        if role:
            return f"{_ROLE_WORDS[role][0]} {ordinal(place)}"
        if pairs or field:
            return f"{prefix}{ordinal(place)} pair"
        return ordinal(place) if places > 1 else "Highest score"
    words = prefix + _KIND_WORDS[kind] if not prefix else prefix + _KIND_WORDS[kind].lower()
    if kind == "mystery" and target is not None:
        words = f"{words} ({target})"
    if role:
        words = f"{words} ({_ROLE_WORDS[role][1]})"
    if places > 1:
        words = f"{words}, {ordinal(place)}"
    return words


def ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def average_per_hand(s: Standing | PairStanding) -> float:
    """A score per hand taken part in (a sit-out counts, as it scored), to two places."""
    return round(s.total / max(1, s.hands_played + s.hands_sat_out), 2)


def _judging(
    prize: dict[str, Any], basis: str = "total"
) -> tuple[Callable[[Standing | PairStanding], tuple[Any, ...]], Callable[[Standing | PairStanding], int | float]]:
    """How to order standings for a prize (smallest first wins) and the score shown with it."""
    kind = prize["kind"]
    if kind == "top" and basis == "average":
        # Equal averages fall back on the event's rank (its tie-breaks).
        return (lambda s: (-average_per_hand(s), s.rank)), average_per_hand
    if kind == "top":
        # The event's rank already holds the club's tie-breaks.
        return (lambda s: (s.rank,)), (lambda s: s.total)
    if kind == "half_time":
        return (lambda s: (-s.first_half,)), (lambda s: s.first_half)
    if kind == "second_half":
        return (lambda s: (-s.second_half,)), (lambda s: s.second_half)
    if kind == "booby":
        # The worst rank: equal totals separated by the tie-breaks are not a booby tie.
        return (lambda s: (-s.rank,)), (lambda s: s.total)
    if kind == "tens":
        return (lambda s: (-s.tens,)), (lambda s: s.tens)
    if kind == "hands_won":
        return (lambda s: (-s.hands_won,)), (lambda s: s.hands_won)
    if kind == "low_second_half":
        return (lambda s: (s.second_half,)), (lambda s: s.second_half)
    if kind == "low_half_time":
        return (lambda s: (s.first_half,)), (lambda s: s.first_half)
    if kind == "mystery":
        target = prize["target"]
        return (lambda s: (abs(s.total - target),)), (lambda s: s.total)
    raise AssertionError(kind)


def _the(description: str) -> str:
    if description.startswith("Booby"):
        return "the booby prize" + description[len("Booby") :]
    return description


def _names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
