"""Time one publish: a 40-player evening sent to the hosted site's POST /api/publish/ and stored.

Run on a hosted site's database (an already filled one, say the 4,000-evening scale fill, or an empty one):

    DATABASE_URL=postgres://…/site python bench/publish.py [--runs 5]

Without DATABASE_URL it uses a throwaway SQLite database, hosted mode (WHISTDRIVE_HOSTED=1). It migrates,
adds a club of its own ("Bench publishing club") with a publishing key, and times, through Django's request
handling (the view, the key, the JSON, the import in one transaction, the members): new evenings (10 tables,
40 players, 24 hands, each from its own seed), one correction of the last (replaces it), and the same
evening again (unchanged). Its club, and everything in it, is deleted at the end: a filled site is left as
it was. The figures go into docs/benchmarks.md under "Publishing one evening"; the target is under 2 s.

``--fill N`` first publishes N evenings (untimed) for clubs of their own ("Bench fill club 1", … 40 evenings
each, the same 40 members evening after evening, as a club's are): a site to time on when no filled one is at
hand. Those clubs are kept, so that a second run times on top of them.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
if not os.environ.get("DATABASE_URL"):
    os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="wd-bench-publish-")
    os.environ["WHISTDRIVE_HOSTED"] = "1"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-publish-" + "k" * 40)
os.environ["WHISTDRIVE_STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from clubs.models import Club, PublishingKey  # noqa: E402
from whistdrive.engines.formats import Format  # noqa: E402
from whistdrive.engines.tokens import new_public_id  # noqa: E402
from whistdrive.evening import publishing  # noqa: E402
from whistdrive.evening.simulate import simulate_event  # noqa: E402
from whistdrive.store.models import Event  # noqa: E402

TABLES = 10
HANDS = 24


def payload(club: Club, seed: int) -> dict:
    """A laptop's body for a new evening of ``club``: made, exported, and its rows deleted again (they would
    otherwise hold the evening's and the members' public ids, which the publish is to store)."""
    event = simulate_event(fmt=Format(hands=HANDS, interval_after=12), tables=TABLES, seed=seed, club=club)
    body = json.loads(json.dumps(publishing.payload_of(event)))
    members = [e.member_id for e in event.entrants.all() if e.member_id]
    Event.objects.filter(pk=event.pk).delete()
    club.members.filter(pk__in=members).delete()
    return body


def fill(evenings: int) -> None:
    """``evenings`` published for clubs of 40 evenings each, through ``publishing.receive`` (untimed)."""
    start = time.perf_counter()
    already = Club.objects.filter(name__startswith="Bench fill club").count()
    template_club = Club.objects.create(name="Bench fill template")
    template = payload(template_club, 99)
    template_club.delete()
    club, key, members = None, None, {}
    for number in range(evenings):
        if number % 40 == 0:
            club = Club.objects.create(name=f"Bench fill club {already + number // 40 + 1}")
            key, _ = PublishingKey.objects.make(club, None)
            members = {p["public_id"]: new_public_id() for p in template["archive"]["players"] if p["public_id"]}
        assert club is not None and key is not None
        body = copy.deepcopy(template)
        body["archive"]["club"]["public_id"] = club.public_id
        body["archive"]["event"]["public_id"] = new_public_id()
        body["archive"]["event"]["date"] = (
            datetime.date(2026, 1, 1) + datetime.timedelta(days=number % 40 * 7)
        ).isoformat()
        for player in body["archive"]["players"]:
            player["public_id"] = members.get(player["public_id"])
        body["members"] = {members[old]: given for old, given in body["members"].items()}
        publishing.receive(key, body)
    print(f"filled {evenings} evenings in {time.perf_counter() - start:.0f} s")


def timed_post(client: Client, key: str, body: dict) -> tuple[float, int]:
    text = json.dumps(body)
    start = time.perf_counter()
    answer = client.post(
        "/api/publish/", text, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}", secure=True
    )
    took = time.perf_counter() - start
    if answer.status_code not in (200, 201):
        raise SystemExit(f"the publish was refused: {answer.status_code} {answer.content[:500]!r}")
    return took, answer.status_code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="New evenings published (default 5).")
    parser.add_argument("--fill", type=int, default=0, metavar="N", help="First publish N evenings, untimed.")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    if args.fill:
        fill(args.fill)
    evenings_before = Event.objects.count()
    club = Club.objects.create(name="Bench publishing club")
    _row, key = PublishingKey.objects.make(club, None)
    client = Client()
    try:
        times = []
        body: dict = {}
        for seed in range(1, args.runs + 1):
            body = payload(club, seed)
            took, status = timed_post(client, key, body)
            assert status == 201
            times.append(took)
        corrected = copy.deepcopy(body)
        tables = corrected["archive"]["hands"][0]["tables"]
        table = next(t for t in tables if min(t["tricks"].values()) >= 1)
        # One more trick to the side that won: who moves next (the movement) is unchanged, so still an evening.
        ns, ew = table["tricks"]["NS"], table["tricks"]["EW"]
        table["tricks"] = {"NS": ns + 1, "EW": ew - 1} if ns > ew else {"NS": ns - 1, "EW": ew + 1}
        correction, _ = timed_post(client, key, corrected)
        unchanged, _ = timed_post(client, key, corrected)
        size = len(json.dumps(body))
    finally:
        club.delete()
    print(
        f"publish bench, {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, Python {platform.python_version()}"
    )
    print(f"database: {connection.vendor}, {evenings_before} evenings before the bench")
    print(f"evening: {TABLES} tables, {TABLES * 4} players, {HANDS} hands; body {size / 1024:.0f} KB")
    print(
        f"new evening: median {statistics.median(times):.3f} s, best {min(times):.3f} s, worst {max(times):.3f} s "
        f"({len(times)} runs: {', '.join(f'{t:.3f}' for t in times)})"
    )
    print(f"correction (replaces it): {correction:.3f} s; the same again (unchanged): {unchanged:.3f} s")
    try:
        print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    except OSError:
        pass


if __name__ == "__main__":
    main()
