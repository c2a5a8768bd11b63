"""Shared helpers for the archive tests: simulated events and row counts."""

import copy
import json

from clubs.models import Club, Member
from whistdrive.engines.formats import Format
from whistdrive.evening import archive
from whistdrive.evening.simulate import simulate_event
from whistdrive.store.models import Entrant, Event, Result, Seating, Submission, Table

MODELS = (Club, Member, Event, Entrant, Table, Seating, Result, Submission)


def row_counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


def simulated_document(fmt: Format, tables: int, spares: int = 0, seed: int = 3) -> dict:
    event = simulate_event(fmt=fmt, tables=tables, spares=spares, seed=seed)
    return json.loads(json.dumps(archive.export_event(event)))


def small_drive(**changes) -> Format:
    return Format(hands=8, interval_after=4).with_changes(**changes)


def changed(document: dict, edit) -> dict:
    """A deep copy of ``document`` with ``edit`` applied to it."""
    copy_ = copy.deepcopy(document)
    edit(copy_)
    return copy_


def without_public_ids(document: dict) -> dict:
    """``document`` without the ids of its pages online (the evening's, the club's, its members'): an imported
    copy is an evening of its own, with ids of its own, and its players are no club's members until someone
    links them (docs/archive-format.md, "Public ids"), so a round trip compares the rest."""
    copy_ = copy.deepcopy(document)
    copy_["club"].pop("public_id", None)
    copy_["event"].pop("public_id", None)
    for player in copy_["players"]:
        player.pop("public_id", None)
    return copy_
