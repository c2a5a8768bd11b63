"""A hall's end of hand, every table's, one after the other in one process: the work the server does for
it, counted in CPU instructions, which do not vary with what else the machine is doing.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null \\
        python bench/hand_end_instructions.py --tables 60 --callgrind
    python bench/hand_end_instructions.py --tables 300          # CPU seconds instead (noisy)
    ... --postgres postgres://postgres@127.0.0.1:5432/wd_hand_end  # an empty PostgreSQL database instead
    ... --processes 2                                           # as rundrive --workers 2's two processes
    ... --queries                                               # the database statements it makes, counted
    ... --profile FILE                                          # cProfile's statistics of the counted part

Builds the hall's evening as ``bench/hall.py`` does (``bench/_event.py``: progressive, winners move, 11
hands played; its tokens drawn from a seeded generator, so that two runs do the same work), seats North's
and East's phones at every table, and then plays the hand's end: at each table North's phone submits its
tricks and, some twenty tables later, East's agrees (``django.test.Client``, as the pages' htmx sends
them, each tap with its idempotency key as the page's script adds it), while every eighth request the pushed updates' hub looks at the hall and draws the pages of each
table that changed for its four players (``push.Hub._changes``, ``push._pages``), as the server's hub does
four times a second. With ``--processes N``, as ``rundrive --workers N`` serves it: N hubs, each holding
the streams of a seeded random share of the players, each request served by one of N processes at random,
each process with its own kept values (the cache they share is the real one, in the data folder); every
hub looks in turn. Only that part is counted: with ``--callgrind``, valgrind's instrumentation is
switched on for it alone (``callgrind_control``), and valgrind prints the count ("Collected") as it ends.

The server's real peak (``bench/hall.py``) adds HTTP, the event loop and threads taking turns at Python's
lock; this counts the work underneath, the same from run to run (within a few parts in a thousand), so a
change of a few per cent shows where the hall's figures on a shared machine cannot.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import cProfile
import gc
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

HTMX = {"HTTP_HX_REQUEST": "true"}


def same_tokens_every_run() -> None:
    """Table tokens (and every other secret) from a seeded generator: the same hall, hashed the same."""
    rng = random.Random(5)
    secrets.token_bytes = lambda n=32: bytes(rng.getrandbits(8) for _ in range(n or 32))
    secrets.token_urlsafe = lambda n=32: base64.urlsafe_b64encode(secrets.token_bytes(n)).rstrip(b"=").decode()
    secrets.token_hex = lambda n=32: secrets.token_bytes(n).hex()


def callgrind(switch: str) -> None:
    subprocess.run(["callgrind_control", "-i", switch, str(os.getpid())], check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--look-every", type=int, default=8, help="requests between the hub's looks")
    parser.add_argument("--callgrind", action="store_true", help="count under valgrind's callgrind (see above)")
    parser.add_argument(
        "--postgres", metavar="URL", help="a fresh PostgreSQL database to build the hall in, not SQLite"
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes (rundrive --workers N): each with its own kept values and hub; each phone's "
        "stream held by one of them and each request served by one, at random (seeded)",
    )
    parser.add_argument(
        "--queries", action="store_true", help="count the statements the counted part sends the database"
    )
    parser.add_argument("--profile", metavar="FILE", help="write cProfile's statistics of the counted part to FILE")
    args = parser.parse_args()
    if args.callgrind and os.environ.get("PYTHONHASHSEED") != "0":
        parser.error("run it with PYTHONHASHSEED=0, so that every run hashes (and so orders) the same")
    os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="hand-end-")
    os.environ.pop("DATABASE_URL", None)
    os.environ["WHISTDRIVE_WORKERS"] = str(args.processes)  # their shared cache, as rundrive --workers N has
    if args.postgres:
        os.environ.update(
            DATABASE_URL=args.postgres,  # hosted mode, as bench/hall.py --db postgres runs it
            DJANGO_SECURE_SSL_REDIRECT="0",
            DJANGO_ALLOWED_HOSTS="testserver",
            DJANGO_SECRET_KEY="bench-only-secret-key-" + "x" * 40,
        )
    same_tokens_every_run()
    import _event

    built = _event.build(args.tables, 11)
    from django.conf import settings
    from django.db import connection
    from django.test import Client

    from whistdrive.evening.phones import versions
    from whistdrive.server import push
    from whistdrive.store import cache
    from whistdrive.store.models import Seating

    hand = built["hand"]
    players: dict[str, set[int]] = {}
    for s in Seating.objects.filter(event_id=built["event"], hand=hand, table__isnull=False).select_related("table"):
        players.setdefault(s.table.token, set()).add(s.entrant_id)
    # Each process's own kept values: the first is this one's, the others as many more of the same cache.
    keeps = [cache.kept()] + [
        cache.InProcessCache(f"whistdrive-kept-{n}", settings.CACHES[cache.KEPT]) for n in range(1, args.processes)
    ]

    def serve_in(process: int) -> None:
        cache.kept = lambda: keeps[process]
        cache.PROCESS = f"process {process}"  # whose claims are whose (cache.claim)
        push.hub = hubs[process]  # the streams that process holds

    hubs = [push.Hub() for _ in keeps]
    held_by = random.Random(7)  # which process holds each stream
    phones_of = {}
    for t in built["tables"]:
        token = t["token"]
        for player in sorted(players[token]):  # a stream per player
            hubs[held_by.randrange(len(hubs))].listeners.setdefault(token, {})[object()] = player
        north, east = Client(), Client()
        north.post(f"/t/{token}/seat/", {"seat": "N"}, **HTMX)
        east.post(f"/t/{token}/seat/", {"seat": "E"}, **HTMX)
        phones_of[token] = (north, east)
    for process, hub in enumerate(hubs):
        serve_in(process)
        hub._changes(list(hub.listeners))  # the hub's first look: everything as it stands
        for token in hub.listeners:
            hub.told[token] = versions.load(token, set()).shared
    served_by = random.Random(11)  # which process serves each request
    rng = random.Random(3)
    steps: list[tuple[str, str, int]] = []
    agreeing: list[tuple[str, str, int]] = []
    for t in rng.sample(built["tables"], len(built["tables"])):
        tricks = rng.randint(0, 13)
        steps.append(("enter", t["token"], tricks))
        agreeing.append(("agree", t["token"], tricks))
        if len(agreeing) > 20:
            steps.append(agreeing.pop(0))
    steps += agreeing
    pushed = 0

    def look() -> None:
        """Every hub looks in turn, as ``push.Hub._tell`` does: a table another process has claimed waits, and
        is taken (or drawn) once every hub has looked."""
        nonlocal pushed
        awaiting = []
        for process, hub in enumerate(hubs):
            serve_in(process)
            for token, (now, loaded) in hub._changes(list(hub.listeners)).items():
                drawn = push._pages(token, now, set(hub.listeners[token].values()), loaded, len(hubs) > 1)
                if drawn is None:
                    awaiting.append((process, token, now, loaded))
                elif drawn[0] is not None:
                    hub.told[token] = drawn[0].version
                    pushed += 1
        for process, token, now, loaded in awaiting:
            serve_in(process)
            drawn = push._pages(token, now, set(hubs[process].listeners[token].values()), loaded)
            if drawn is not None and drawn[0] is not None:
                hubs[process].told[token] = drawn[0].version
                pushed += 1

    statements = 0

    def counted(execute, sql, params, many, context):
        nonlocal statements
        statements += 1
        return execute(sql, params, many, context)

    gc.collect()
    gc.freeze()  # as the server's start does (whistdrive.server.asgi.settle_the_heap)
    counting = connection.execute_wrapper(counted) if args.queries else contextlib.nullcontext()
    counting.__enter__()
    profiling = cProfile.Profile() if args.profile else None
    if args.callgrind:
        callgrind("on")
    if profiling:
        profiling.enable()
    started = time.process_time()
    for i, (action, token, tricks) in enumerate(steps):
        north, east = phones_of[token]
        if len(hubs) > 1:
            serve_in(served_by.randrange(len(hubs)))
        key = f"{i:032x}"  # each tap's idempotency key, as the page's script (kept.js) sends it
        if action == "enter":
            answer = north.post(f"/t/{token}/enter/", {"hand": hand, "tricks": tricks, "key": key}, **HTMX)
        else:
            answer = east.post(
                f"/t/{token}/agree/", {"hand": hand, "seat": "E", "tricks_ns": tricks, "key": key}, **HTMX
            )
        assert answer.status_code == 200 and b'role="alert"' not in answer.content, answer.content[:300]
        if i % args.look_every == args.look_every - 1:
            look()
    look()
    look()
    spent = time.process_time() - started
    if profiling:
        profiling.disable()
        profiling.dump_stats(args.profile)
    if args.callgrind:
        callgrind("off")
    counting.__exit__(None, None, None)
    print(
        f"{args.tables} tables, {len(steps)} entries, {pushed} tables' pages pushed: "
        f"{spent:.2f} s of CPU ({spent / args.tables * 1000:.1f} ms a table)"
        + (f", {statements} database statements" if args.queries else "")
    )


if __name__ == "__main__":
    main()
