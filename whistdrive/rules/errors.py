"""The one error a person at a whist table can cause and put right."""

from __future__ import annotations

SIDE_NAMES = {"NS": "North–South", "EW": "East–West"}
SIDES = ("NS", "EW")
SEATS = ("N", "E", "S", "W")  # clockwise
SIDE_OF_SEAT = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
OTHER_SIDE = {"NS": "EW", "EW": "NS"}


class RuleError(ValueError):
    """A mistake a player or organiser made, with a message they can act on.

    Anything else that goes wrong in the rules engine is a bug and fails loudly.
    """
