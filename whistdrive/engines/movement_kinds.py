"""The movements an evening can use, each saying what it is and what it needs (plain Python, no Django).

``MOVEMENTS`` maps each movement's archive key (``Format.movement``, a public contract of the event
archive: docs/archive-format.md) to its ``MovementKind``; ``Format.movement_kind`` gives an
evening's. Code that asks "do the pairs stay together?" or "do the results move anyone?" reads the
answer here instead of testing the name, so the lists of names are written once. Who sits where,
hand by hand, is the movement engine's (whistdrive.engines.movements, whistdrive.engines.duplicate).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MovementKind:
    name: str
    """The archive key: "progressive", "semi_partner", "mitchell", "howell", "individual", "stationary"."""
    title: str
    """The movement's name for people, as the setup form lists it."""
    evenings: tuple[str, ...]
    """The kinds of evening (``Format.kind``) that may use it."""
    moves: bool
    """Players change tables during the evening (not a stationary one)."""
    result_driven: bool
    """Who moves depends on the last round's results, so the seating cannot be planned ahead."""
    movers_chosen: bool
    """The organiser chooses whether the winners or the losers move (``Format.movers``)."""
    fixed_pairs: bool
    """Players enter pair by pair and partners play every hand together, wherever they move."""
    two_fields: bool
    """N–S pairs stay and E–W pairs move: two fields of pairs, which a duplicate evening ranks apart."""
    individual: bool
    """Each player follows a printed schedule of their own and is scored alone."""
    ladies_and_gents: bool
    """Each partnership is usually a lady and a gent (a simulated evening gives its players roles)."""
    card_words: str
    """Where the players go next, for the table card: ``after`` ("After each hand"), ``word`` ("winning"),
    ``up`` and ``down`` (the tables above and below) are filled in."""
    duplicate_words: str = ""
    """The movement in a duplicate evening's description, when duplicate evenings may use it."""

    @property
    def words(self) -> str:
        """The name as a sentence writes it: "semi-partner"."""
        return self.name.replace("_", "-")


PROGRESSIVE = MovementKind(
    name="progressive",
    title="Progressive",
    evenings=("drive",),
    moves=True,
    result_driven=True,
    movers_chosen=True,
    fixed_pairs=False,
    two_fields=False,
    individual=False,
    ladies_and_gents=True,
    card_words="{after}: {word} lady → table {up} · {word} gent → table {down}",
)
SEMI_PARTNER = MovementKind(
    name="semi_partner",
    title="Semi-partner",
    evenings=("drive",),
    moves=True,
    result_driven=True,
    movers_chosen=False,
    fixed_pairs=False,
    two_fields=False,
    individual=False,
    ladies_and_gents=True,
    card_words="{after}: {word} lady → table {up} · {word} gent → table {down}",
)
MITCHELL = MovementKind(
    name="mitchell",
    title="Partners (Mitchell)",
    evenings=("drive", "games", "duplicate"),
    moves=True,
    result_driven=False,
    movers_chosen=False,
    fixed_pairs=True,
    two_fields=True,
    individual=False,
    ladies_and_gents=True,
    # Without boards a Mitchell has no skip (movements.engine._mitchell_shift): one table every round.
    card_words="{after}: East–West pair → table {up}; North–South stay",
    duplicate_words="a Mitchell (N–S pairs stay, E–W pairs and the boards move)",
)
HOWELL = MovementKind(
    name="howell",
    title="Partners (Howell: every pair meets every other)",
    evenings=("drive", "games", "duplicate"),
    moves=True,
    result_driven=False,
    movers_chosen=False,
    fixed_pairs=True,
    two_fields=False,
    individual=False,
    ladies_and_gents=True,
    card_words="{after}: each pair goes to the table and direction its card gives",
    duplicate_words="a Howell (every pair moves and meets every other)",
)
INDIVIDUAL = MovementKind(
    name="individual",
    title="Individual",
    evenings=("drive",),
    moves=True,
    result_driven=False,
    movers_chosen=False,
    fixed_pairs=False,
    two_fields=False,
    individual=True,
    ladies_and_gents=False,
    card_words="Your next table and seat are on your scorecard",
)
STATIONARY = MovementKind(
    name="stationary",
    title="Stationary",
    evenings=("drive", "games"),
    moves=False,
    result_driven=False,
    movers_chosen=False,
    fixed_pairs=False,
    two_fields=False,
    individual=False,
    ladies_and_gents=False,
    card_words="Nobody moves: stay at this table all evening",
)

MOVEMENTS: dict[str, MovementKind] = {
    kind.name: kind for kind in (PROGRESSIVE, SEMI_PARTNER, MITCHELL, HOWELL, INDIVIDUAL, STATIONARY)
}


def movements_for(evening: str) -> tuple[str, ...]:
    """The names of the movements a kind of evening ("drive", "games", "duplicate") may use."""
    return tuple(name for name, kind in MOVEMENTS.items() if evening in kind.evenings)
