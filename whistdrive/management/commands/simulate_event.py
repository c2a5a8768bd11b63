"""Create and play a whole evening with computer players: ``whistdrive simulate_event``.

Every hand is a real deal played by the rules engine's heuristic players; each table's
result is entered and agreed through the same path as the phones. Prints the event's id.
"""

import argparse
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from whistdrive.engines.formats import (
    DUPLICATE_SCORINGS,
    KINDS,
    MOVERS,
    REVOKE_PENALTIES,
    RUBBERS,
    SCORINGS,
    SITOUT_SCORES,
    Format,
)
from whistdrive.engines.movement_kinds import MOVEMENTS
from whistdrive.evening.archive import export_event
from whistdrive.evening.simulate import SimulationError, simulate_event


def _yes_no(text: str) -> bool:
    if text.lower() in ("yes", "true", "1", "on"):
        return True
    if text.lower() in ("no", "false", "0", "off"):
        return False
    raise ValueError(text)


def _interval(text: str):
    return None if text.lower() in ("none", "null", "") else int(text)


class Command(BaseCommand):
    help = "Create players and an event of any kind, movement and size, and play it out."

    def add_arguments(self, parser):
        parser.add_argument("--club", type=int, help="Club id (default: a new club).")
        parser.add_argument("--tables", type=int, default=3)
        parser.add_argument("--spares", type=int, default=0, help="Players beyond four a table.")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--stop-after", type=int, help="Stop after this hand, leaving the event part-played.")
        parser.add_argument("--late", type=int, default=0, help="Players arriving at hands after the first.")
        parser.add_argument("--leave", type=int, default=0, help="Players leaving before the last hand.")
        parser.add_argument("--json", help="Also write the event's archive to this file.")
        parser.add_argument("--name", help="The event's name.")
        parser.add_argument("--kind", choices=KINDS)
        parser.add_argument("--movement", choices=MOVEMENTS)
        parser.add_argument("--hands", type=int)
        parser.add_argument("--hands-per-round", type=int)
        parser.add_argument(
            "--interval-after", type=_interval, default=argparse.SUPPRESS, help="A hand number, or none."
        )
        parser.add_argument("--trumps", help="A rotation such as HDSC or HDSCN, or turned or cut.")
        parser.add_argument("--scoring", choices=(*SCORINGS, *DUPLICATE_SCORINGS))
        parser.add_argument("--boards", type=int, help="Duplicate: boards each pair plays (default 24).")
        parser.add_argument(
            "--boards-per-round", type=int, help="Duplicate: boards a table plays before the pairs move (default 3)."
        )
        parser.add_argument(
            "--boards-dealt", choices=("records", "table"), default="records",
            help="Duplicate: boards made up from hand records (default), or dealt at the table.",
        )  # fmt: skip
        parser.add_argument("--movers", choices=MOVERS)
        parser.add_argument("--sitout-score", choices=SITOUT_SCORES)
        parser.add_argument("--sitout-fixed", type=int)
        parser.add_argument("--target", type=int)
        parser.add_argument("--honours", type=_yes_no, help="yes or no")
        parser.add_argument("--honours-can-win", type=_yes_no, help="yes or no")
        parser.add_argument("--revoke-penalty", choices=REVOKE_PENALTIES)
        parser.add_argument("--rubber", choices=RUBBERS)
        parser.add_argument("--tie-breaks", help="Comma list from second_half, last_hand, hands_won, countback.")

    def handle(self, *args, **options):
        fmt = format_from_options(options)
        club = None
        if options["club"] is not None:
            club = Club.objects.filter(pk=options["club"]).first()
            if club is None:
                raise CommandError(f"There is no club {options['club']}.")
        try:
            event = simulate_event(
                fmt=fmt, tables=options["tables"], spares=options["spares"], seed=options["seed"], club=club,
                stop_after=options["stop_after"], name=options["name"], late=options["late"],
                leave=options["leave"], boards_dealt=options["boards_dealt"],
            )  # fmt: skip
        except SimulationError as exc:
            raise CommandError(str(exc)) from exc
        if options["json"]:
            text = json.dumps(export_event(event), ensure_ascii=False, indent=2) + "\n"
            Path(options["json"]).write_text(text, encoding="utf-8")
        self.stdout.write(str(event.pk))


FLAGS = (
    "kind", "movement", "hands", "hands_per_round", "interval_after", "trumps", "scoring", "movers", "sitout_score",
    "sitout_fixed", "target", "honours", "honours_can_win", "revoke_penalty", "rubber",
)  # fmt: skip


def format_from_options(options) -> Format:
    """The format from the flags given; a game night defaults to fixed tables playing rubbers, a duplicate
    evening to 24 boards in rounds of 3, a Mitchell, matchpoints and trumps HDSC."""
    if options.get("kind") == "duplicate":
        given = {name: options.get(name) for name in ("boards", "boards_per_round", "movement", "scoring", "trumps")}
        fmt = Format.duplicate(**{name: value for name, value in given.items() if value is not None})
        problems = fmt.problems()
        if problems:
            raise CommandError("The format cannot be played: " + "; ".join(problems))
        return fmt
    changes = {name: options[name] for name in FLAGS if options.get(name) is not None}
    if "interval_after" in options:  # given, perhaps as "none"
        changes["interval_after"] = options["interval_after"]
    if options.get("tie_breaks"):
        changes["tie_breaks"] = tuple(t.strip() for t in options["tie_breaks"].split(",") if t.strip())
    base = Format()
    if changes.get("kind") == "games":
        hands = changes.get("hands", 12)
        base = Format(
            kind="games", hands=hands, hands_per_round=1, interval_after=None, trumps="turned",
            movement="stationary",
        )  # fmt: skip
    fmt = base.with_changes(**changes)
    if "hands" in changes and "interval_after" not in changes and fmt.is_drive:
        half = fmt.hands // 2
        fmt = fmt.with_changes(interval_after=half if half % fmt.hands_per_round == 0 and half >= 1 else None)
    if fmt.movement_kind.moves and fmt.is_games and "hands_per_round" not in changes:
        fmt = fmt.with_changes(hands_per_round=4 if fmt.hands % 4 == 0 else 1)
    problems = fmt.problems()
    if problems:
        raise CommandError("The format cannot be played: " + "; ".join(problems))
    return fmt
