"""Build a hall's evening in the database the server will use: helpers for bench/hall.py.

Run as a script with the same environment as the server (WHISTDRIVE_DATA_DIR, or DATABASE_URL):

    python bench/_event.py --tables 300 --played 11 --out event.json

It migrates, makes an organiser ("bench", password "bench-password-1") and a club, registers
``tables * 4`` entrants (half ladies, half gents), starts the evening with the real movement
(progressive, winners move), plays ``played`` hands by writing their results and moving on with
``running.advance`` exactly as the organiser's button does, and writes the tokens the load
generator needs as JSON. The hand after that is left running, with no result yet.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

ORGANISER = "bench"
PASSWORD = "bench-password-1"


def build(tables: int, played: int, seed: int = 1) -> dict:
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from clubs.models import Club, ClubAccess
    from whistdrive.engines.formats import Format
    from whistdrive.evening import running
    from whistdrive.store.models import Entrant, Event, Result, Seating

    call_command("migrate", interactive=False, verbosity=0)
    user = User.objects.filter(username=ORGANISER).first()
    if user is None:
        user = User.objects.create_superuser(username=ORGANISER, email="", password=PASSWORD)
    club = Club.objects.create(name=f"Bench club {tables}")
    ClubAccess.objects.create(club=club, user=user, role=ClubAccess.Role.ORGANISER)
    event = Event(club=club, name=f"Hall of {tables} tables", date=__import__("datetime").date(2026, 12, 1))
    event.set_format(Format(hands=24, interval_after=12))
    # The bench measures the hand's last minute, not the automatic move to the next hand.
    event.auto_advance = False
    event.full_clean()
    event.save()
    people = tables * 4
    Entrant.objects.bulk_create(
        Entrant(event=event, name=f"{'Lady' if i < people // 2 else 'Gent'} {i + 1}",
                role="lady" if i < people // 2 else "gent", card_number=i + 1)
        for i in range(people)
    )  # fmt: skip
    started = time.perf_counter()
    running.start_event(event, seed=seed)
    rng = random.Random(seed)
    for hand in range(1, played + 1):
        event.refresh_from_db()
        table_ids = Seating.objects.filter(event=event, hand=hand, table__isnull=False).values_list(
            "table_id", flat=True
        )
        trump = "HDSC"[(hand - 1) % 4]
        Result.objects.bulk_create(
            Result(table_id=t, hand=hand, trump=trump, tricks_ns=(ns := rng.randint(0, 13)), tricks_ew=13 - ns,
                   source=Result.Source.AGREED)
            for t in sorted(set(table_ids))
        )  # fmt: skip
        running.advance(event, expected_hand=hand)
        event.refresh_from_db()
        if event.status == Event.Status.INTERVAL:
            event.status = Event.Status.RUNNING
            event.save(update_fields=["status"])
    event.refresh_from_db()
    hand = event.current_hand
    seats = {}
    for s in Seating.objects.filter(event=event, hand=hand, table__isnull=False).select_related("table"):
        seats.setdefault(s.table.token, {})[s.seat] = s.entrant_id
    return {
        "event": event.pk,
        "hand": hand,
        "board_token": event.board_token,
        "tables": [{"token": token, "seats": by_seat} for token, by_seat in sorted(seats.items())],
        "organiser": ORGANISER,
        "password": PASSWORD,
        "setup_seconds": round(time.perf_counter() - started, 1),
    }


def counts(event_pk: int) -> dict:
    """Results and submissions of the event's current hand, read straight from the database."""
    import django

    django.setup()
    from whistdrive.store.models import Event, Result, Submission

    event = Event.objects.get(pk=event_pk)
    hand = event.current_hand
    subs = Submission.objects.filter(table__event=event, hand=hand)
    return {
        "hand": hand,
        "results": Result.objects.filter(table__event=event, hand=hand).count(),
        "submissions": subs.count(),
        "enter": subs.filter(action="enter").exclude(outcome__startswith="refused").count(),
        "agree": subs.filter(action="agree").exclude(outcome__startswith="refused").count(),
        "refused": subs.filter(outcome__startswith="refused").count(),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--played", type=int, default=11, help="hands already played before the bench's hand")
    parser.add_argument("--out", required=True)
    parser.add_argument("--counts", type=int, metavar="EVENT", help="print the counts for this event and stop")
    args = parser.parse_args()
    if args.counts:
        Path(args.out).write_text(json.dumps(counts(args.counts)))
    else:
        Path(args.out).write_text(json.dumps(build(args.tables, args.played)))
