"""Make a started evening in the data folder of a real `rundrive`, as the organiser would at the desk.

    WHISTDRIVE_DATA_DIR=/tmp/x python tests/faults/make_evening.py TABLES HANDS [EVENINGS]

Prints one JSON object: {"event": pk, "board": board token, "tables": {number: token}}; with EVENINGS, a list of
that many (one process makes them all: a process's start costs more than an evening).
"""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from tests.factories import add_entrants, make_club, make_event  # noqa: E402
from whistdrive.engines.formats import Format  # noqa: E402
from whistdrive.evening import running  # noqa: E402


def main(tables: int, hands: int) -> dict:
    event = make_event(make_club("Fault Club"), Format(hands=hands, interval_after=None))
    add_entrants(event, 2 * tables, 2 * tables)
    running.start_event(event, seed=5)
    return {"event": event.pk, "board": event.board_token, "tables": {t.number: t.token for t in event.tables.all()}}


if __name__ == "__main__":
    tables, hands = int(sys.argv[1]), int(sys.argv[2])
    if len(sys.argv) > 3:
        print(json.dumps([main(tables, hands) for _ in range(int(sys.argv[3]))]))
    else:
        print(json.dumps(main(tables, hands)))
