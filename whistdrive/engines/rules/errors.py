"""The one error a person at a whist table can cause and put right."""

from __future__ import annotations


class RuleError(ValueError):
    """A mistake a player or organiser made, with a message they can act on.

    Anything else that goes wrong in the rules engine is a bug and fails loudly.
    """
