"""150 people checking themselves in within 10 minutes from their own phones, with the desk's page open (#50).

    python bench/door_bench.py                    # 150 people over 10 minutes, SQLite, the real server
    python bench/door_bench.py --minutes 1        # the same 150 in one minute: ten times the rate
    python bench/door_bench.py --db postgres      # on PostgreSQL (the database ``wd_door_bench``)

Needs aiohttp (``pip install -e ".[bench]"``). It makes a fresh database, a club of 400 members and an evening
with the door open (``--setup``, run in the server's environment), starts ``manage.py rundrive`` and loads it
from this one asyncio process, each phone with its own connection and cookies:

* 120 phones arrive at random moments of the window: 30 couples (one phone for two), 75 members alone and 15
  walk-ins. A member's phone opens the poster's page, searches for its name (as typed: three letters of the
  first name and the surname) and posts "I'm here" with the form's token; a walk-in's posts its name;
* the desk's page (the organiser, logged in) polls the arrivals every 3 s as its page does, sending back the
  revision it drew (204 until something moved; with the desk's list of entrants when it did);
* afterwards the database is counted (``--counts``): every member entered once with a card of their own, every
  walk-in waiting for the desk, nothing lost or doubled.

Printed: the check-in post's p50/p95/p99, the phone's whole visit (page, search, post), the desk's refresh
(a poll that brings a new drawing) and its 204s, how long after a phone's "I'm here" the desk's list showed
them, and the counts. The figures go into docs/benchmarks.md under "## Self check-in at the door (issue #50)".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MEMBERS = 400
COUPLES, SINGLES, WALK_INS = 30, 75, 15  # 150 people on 120 phones
FIRSTS = ["Agnes", "Albert", "Zoë", "Siobhán", "Bob", "Mary", "Seán", "Chloë", "Pat", "Renée",
          "Łukasz", "Fred", "Edna", "Cyril", "Doris", "Harold", "Ivy", "Jack", "Kath", "Len"]  # fmt: skip
LASTS = ["Smith", "O'Brien", "Jones", "Łukasiewicz", "Price", "D'Arcy", "Nowak", "Hargreaves", "Webb", "Bloggs",
         "Ó Briain", "Wiśniewska", "Brown", "Taylor", "Evans", "Hughes", "Walker", "Wood", "Hall", "Green"]  # fmt: skip
INPUT_CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SEEN_RE = re.compile(r"seen=(\d+)")
POLL_SECONDS = 3.0  # the desk's arrivals poll (templates/whistdrive/_arrivals.html)


# -- in the server's environment: the club, the evening, the counts ---------------------------------------------


def setup(out: Path) -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    django.setup()
    import datetime

    from django.contrib.auth.models import User
    from django.core.management import call_command

    from bench._event import ORGANISER, PASSWORD
    from clubs.models import Club, ClubAccess, Member
    from whistdrive.engines.formats import Format
    from whistdrive.evening import door
    from whistdrive.store.models import Event

    call_command("migrate", interactive=False, verbosity=0)
    user = User.objects.filter(username=ORGANISER).first() or User.objects.create_superuser(
        username=ORGANISER, email="", password=PASSWORD
    )
    club = Club.objects.create(name="Door bench club")
    ClubAccess.objects.create(club=club, user=user, role=ClubAccess.Role.ORGANISER)
    Member.objects.bulk_create(
        Member(club=club, name=f"{FIRSTS[i % 20]} {LASTS[i // 20]}", role="lady" if i % 2 else "gent",
               membership_number=f"{i:04d}")
        for i in range(MEMBERS)
    )  # fmt: skip
    # bulk_create skips save(): the folded search keys are made as the members' pages make them.
    for member in Member.objects.filter(club=club):
        member.save()
    event = Event(club=club, name="Door bench drive", date=datetime.date(2026, 12, 1))
    event.set_format(Format(hands=24, interval_after=12))
    event.full_clean()
    event.save()
    door.set_door(event, open=True, late=False)
    members = list(Member.objects.filter(club=club).order_by("membership_number").values_list("pk", "name"))
    out.write_text(json.dumps({"event": event.pk, "code": event.door_code, "members": members,
                               "organiser": ORGANISER, "password": PASSWORD}))  # fmt: skip


def counts(event_pk: int, out: Path) -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    django.setup()
    from whistdrive.store.models import CheckIn, Entrant

    entrants = list(Entrant.objects.filter(event_id=event_pk).values_list("member_id", "card_number"))
    check_ins = CheckIn.objects.filter(event_id=event_pk)
    out.write_text(json.dumps({
        "members_entered": sorted(member for member, _ in entrants if member),
        "cards": sorted(card for _, card in entrants),
        "check_ins": check_ins.count(),
        "waiting": check_ins.filter(status=CheckIn.Status.WAITING).count(),
    }))  # fmt: skip


# -- the load: phones and the desk --------------------------------------------------------------------------------


async def phone_visit(client, code: str, people: list[tuple[int, str]] | None, walk_in: str, arrived: dict) -> None:
    """One phone at the door: the poster's page, the search, "I'm here" (or a walk-in's name)."""
    began = time.perf_counter()
    _, body, _ = await client.request("door page", "GET", f"/door/{code}/")
    if not body:
        return
    token = INPUT_CSRF_RE.search(body).group(1)
    if people:
        first, *rest = people[0][1].split(" ")
        await client.request(
            "door search", "GET", f"/door/{code}/?" + urlencode({"q": f"{first[:3]} {' '.join(rest)}"})
        )
        data = [("csrfmiddlewaretoken", token)] + [("member", str(pk)) for pk, _ in people]
        status, _, _ = await client.request("check-in post", "POST", f"/door/{code}/here/", data=data, ok=(302,))
        names = [name for _, name in people]
    else:
        data = [("csrfmiddlewaretoken", token), ("name", walk_in)]
        status, _, _ = await client.request("walk-in post", "POST", f"/door/{code}/walk-in/", data=data, ok=(302,))
        names = [walk_in]
    if status == 302:
        done = time.perf_counter()
        client.stats.add("phone's whole visit", (done - began) * 1000)
        for name in names:
            arrived[name] = done


async def desk(client, setup_data: dict, stop: asyncio.Event, arrived: dict, seen_at: dict) -> None:
    _, body, _ = await client.request("desk login", "GET", "/login/")
    token = INPUT_CSRF_RE.search(body).group(1)
    await client.request("desk login", "POST", "/login/", ok=(302,),
                         data={"username": setup_data["organiser"], "password": setup_data["password"],
                               "csrfmiddlewaretoken": token})  # fmt: skip
    pk = setup_data["event"]
    _, body, _ = await client.request("desk page", "GET", f"/events/{pk}/desk/")
    seen = SEEN_RE.search(body[body.index('id="arrivals"') :]).group(1)
    while not stop.is_set():
        started = time.perf_counter()
        url = f"/events/{pk}/door/arrivals/?seen={seen}&desk=1"
        status, body, _ = await client.request("desk poll", "GET", url, headers={"HX-Request": "true"}, ok=(200, 204))
        now = time.perf_counter()
        if status == 200:
            client.stats.add("desk refresh (a new drawing)", (now - started) * 1000)
            seen = SEEN_RE.search(body).group(1)
            for name, at in list(arrived.items()):
                if name not in seen_at and name.replace("'", "&#x27;") in body:
                    seen_at[name] = now - at
        elif status == 204:
            client.stats.add("desk poll, nothing new (204)", (now - started) * 1000)
        await asyncio.sleep(max(0.0, POLL_SECONDS - (time.perf_counter() - started)))


async def run(args, setup_data: dict, base: str) -> dict:
    from bench.hall import Client, Stats, pct

    stats = Stats()
    rng = random.Random(args.seed)
    members = [tuple(m) for m in setup_data["members"]]
    rng.shuffle(members)
    visits: list[tuple[list | None, str]] = []
    for n in range(COUPLES):
        visits.append(([members[2 * n], members[2 * n + 1]], ""))
    for n in range(SINGLES):
        visits.append(([members[2 * COUPLES + n]], ""))
    for n in range(WALK_INS):
        visits.append((None, f"Visitor {n + 1} Walk-In"))
    window = args.minutes * 60
    times = sorted(rng.uniform(0, window) for _ in visits)
    rng.shuffle(visits)
    arrived: dict[str, float] = {}
    seen_at: dict[str, float] = {}
    stop = asyncio.Event()
    desk_client = Client(base, stats)
    desk_task = asyncio.create_task(desk(desk_client, setup_data, stop, arrived, seen_at))
    start = time.perf_counter()
    phones = []

    async def arrive(at: float, people, walk_in: str) -> None:
        await asyncio.sleep(max(0.0, at - (time.perf_counter() - start)))
        client = Client(base, stats)
        phones.append(client)
        await phone_visit(client, setup_data["code"], people, walk_in, arrived)

    await asyncio.gather(*(arrive(at, people, walk_in) for at, (people, walk_in) in zip(times, visits, strict=True)))
    # Two more polls: the last arrivals reach the desk.
    await asyncio.sleep(2 * POLL_SECONDS + 1)
    stop.set()
    await desk_task
    for client in [desk_client, *phones]:
        await client.close()
    delays = sorted(seen_at.values())
    summary = stats.summary()
    summary["arrival to the desk's list (s)"] = {
        "n": len(delays), "p50": round(pct(delays, 50), 2), "p95": round(pct(delays, 95), 2),
        "max": round(delays[-1], 2) if delays else None,
    }  # fmt: skip
    expected = sorted(pk for people, _ in visits if people for pk, _ in people)
    return {"times": summary, "errors": stats.errors, "expected_members": expected,
            "people": sum(len(p) if p else 1 for p, _ in visits), "phones": len(visits),
            "never_seen_on_desk": sorted(set(arrived) - set(seen_at))}  # fmt: skip


def main() -> None:
    from bench.hall import fresh_postgres, machine_speed, server_env, start_rundrive

    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=10.0, help="the window in which everyone arrives")
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--seed", type=int, default=50)
    parser.add_argument("--setup", metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument("--counts", nargs=2, metavar=("EVENT", "FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.setup:
        return setup(Path(args.setup))
    if args.counts:
        return counts(int(args.counts[0]), Path(args.counts[1]))
    speed = machine_speed()
    data_dir = tempfile.mkdtemp(prefix="wd-door-")
    env = server_env(args.db, data_dir)
    if args.db == "postgres":
        env["DATABASE_URL"] = env["DATABASE_URL"].replace("wd_hall_bench", "wd_door_bench")
        import bench.hall

        bench.hall.PG_DB = "wd_door_bench"
        fresh_postgres()
    # Every simulated phone comes from this one machine's address: no per-device share here.
    env["WHISTDRIVE_CONNECTIONS_PER_ADDRESS"] = "0"
    env["WHISTDRIVE_STREAMS_PER_ADDRESS"] = "0"
    me = str(Path(__file__).resolve())
    setup_file = Path(data_dir) / "setup.json"
    subprocess.run([sys.executable, me, "--setup", str(setup_file)], env=env, check=True, cwd=ROOT)
    setup_data = json.loads(setup_file.read_text())
    server, base, log = start_rundrive(env, data_dir)
    try:
        started = time.perf_counter()
        out = asyncio.run(run(args, setup_data, base))
        out["run_s"] = round(time.perf_counter() - started, 1)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
    counts_file = Path(data_dir) / "counts.json"
    subprocess.run([sys.executable, me, "--counts", str(setup_data["event"]), str(counts_file)],
                   env=env, check=True, cwd=ROOT)  # fmt: skip
    found = json.loads(counts_file.read_text())
    expected = out.pop("expected_members")
    out["database"] = {
        "members entered": len(found["members_entered"]),
        "every member once, none doubled": found["members_entered"] == expected,
        "cards 1..n, none shared": found["cards"] == list(range(1, len(found["cards"]) + 1)),
        "walk-ins waiting for the desk": found["waiting"],
        "check-ins": found["check_ins"],
    }
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    header = {"db": args.db, "minutes": args.minutes, "members": MEMBERS, "date": time.strftime("%Y-%m-%d %H:%M"),
              "machine_loop_s": speed, "loadavg_after": load}  # fmt: skip
    print(json.dumps(header | out, indent=1, ensure_ascii=False))
    shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
