"""A hosted site at scale (#51): 100 clubs × 40 published evenings of about 40 players (4,000 evenings), and one
club of 500 members with three years of weekly evenings; then the public pages and the grades are timed.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/wt_online_bench python bench/hosted_site.py
(create the database first: createdb -h 127.0.0.1 -U postgres wt_online_bench). Building takes minutes and is
kept: a second run finds the site built and only measures (``--fresh`` builds it again).

The evenings are real simulated drives (``whistdrive.evening.simulate``: deals played by the rules engine's
players, entered as phones do), a few of them, copied into every club by bulk import (``bulk_create`` of the
entrants, tables, seatings and results, each copy with its own members drawn from the club's), not 4,000
archive imports. ``build_site(...)`` is the function another bench can call (the publishing bench, say).

Every evening's grade lines are worked first, as publishing does (the ``published`` signal's listener,
``grades.work_lines``), each timed: that is what a publish now adds.

What is measured, each request through Django's test client with no conditional header (a first visit):
- an evening's public page with nothing kept (the standings worked out from the rows);
- a member's page, the club's grades kept (as after the club's first visitor since an evening counted);
- a member's page with nothing kept in the process (a new worker's first visitor: the club's grades worked out from
  the evenings' grade lines);
- a member's page the first time ever (no grade lines either, as for evenings published before they existed: the
  club's 40 evenings' standings worked out and their lines kept);
- the 500-member club's grades worked out from its grade lines, and from nothing (no lines).
Figures go into docs/benchmarks.md under "Results online at scale (issue #51)".
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/wt_online_bench")
os.environ["DJANGO_SETTINGS_MODULE"] = "whistdrive.settings"
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
os.environ.pop("DJANGO_DEBUG", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, reset_queries, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402

from clubs.models import Club, Member  # noqa: E402
from whistdrive.engines.formats import Format  # noqa: E402
from whistdrive.evening import grades, simulate  # noqa: E402
from whistdrive.store import cache  # noqa: E402
from whistdrive.store.models import Entrant, Event, GradedEvening, GradeLine, Result, Seating, Table  # noqa: E402

CLUBS = 100
EVENINGS = 40
TABLES = 10  # 40 players
MEMBERS = 60  # each club's members; about 40 come to each evening
BIG_MEMBERS = 500
BIG_EVENINGS = 156  # three years of weekly evenings
TEMPLATES = 3  # simulated evenings, copied into every club
FIRST_NAMES = ["Ada", "Zoë", "Siobhán", "Łukasz", "Dmitri", "王", "Αλέξανδρος", "Nguyễn", "Ólafur", "Bartholomew",
               "Edna", "Cyril", "Mary", "Fred", "Ivy", "Ken", "Rita", "Len", "Joan", "Basil"]  # fmt: skip
SURNAMES = ["Smith", "Łukasiewicz", "O'Brien", "Шостакович", "秀英", "Παπαδόπουλος", "Thị Minh", "Grímsson",
            "Featherstonehaugh-Cholmondeley", "Jones", "Hill", "Price", "Moss", "Lane", "Berry", "Cole"]  # fmt: skip
PLAIN_STATIC = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


@dataclass(frozen=True)
class Template:
    """A simulated evening as plain rows to copy: entrants by position, seatings and results by table number."""

    roles: list[str]
    seatings: list[tuple[int, int | None, str, int]]  # (hand, table number or None, seat, entrant position)
    results: list[tuple[int, int, str, int, int, str]]  # (table number, hand, trump, N-S, E-W, revoke)


def _template(seed: int) -> Template:
    club = Club.objects.create(name=f"Template club {seed}")
    event = simulate.simulate_event(fmt=Format(hands=24, interval_after=12), tables=TABLES, seed=seed, club=club)
    entrants = list(event.entrants.order_by("card_number").values_list("pk", "role"))
    position = {pk: i for i, (pk, _role) in enumerate(entrants)}
    numbers = dict(event.tables.values_list("pk", "number"))
    seatings = [
        (hand, numbers.get(table), seat, position[entrant])
        for hand, table, seat, entrant in Seating.objects.filter(event=event).values_list(
            "hand", "table_id", "seat", "entrant_id"
        )
    ]
    results = [
        (numbers[table], hand, trump, ns, ew, revoke)
        for table, hand, trump, ns, ew, revoke in Result.objects.filter(table__event=event).values_list(
            "table_id", "hand", "trump", "tricks_ns", "tricks_ew", "revoke"
        )
    ]
    club.delete()
    return Template([role or "" for _pk, role in entrants], seatings, results)


def _members(club: Club, count: int, rng: random.Random) -> list[Member]:
    made = [
        Member(
            club=club,
            name=f"{rng.choice(FIRST_NAMES)} {rng.choice(SURNAMES)} {n}",
            email=f"member{club.pk}-{n}@example.org",
            online=rng.choice(["full", "full", "full", "initials", "hidden"]),
        )
        for n in range(count)
    ]
    return Member.objects.bulk_create(made)


def _evenings(club: Club, members: list[Member], count: int, templates: list[Template], rng: random.Random) -> None:
    """``count`` published drives for ``club``, weekly back from a month ago, each a template's copy with its own
    40 of the club's members."""
    fmt = Format(hands=24, interval_after=12)
    published = timezone.now() - datetime.timedelta(days=30)
    events = []
    for n in range(count):
        event = Event(
            club=club,
            name=f"Drive {n + 1}",
            date=datetime.date.today() - datetime.timedelta(weeks=count - n + 4),
            status=Event.Status.FINISHED,
            current_hand=24,
            published_at=published,
        )
        event.set_format(fmt)
        events.append(event)
    events = Event.objects.bulk_create(events)
    chosen = [(event, templates[rng.randrange(len(templates))], rng.sample(members, TABLES * 4)) for event in events]
    entrants = Entrant.objects.bulk_create(
        Entrant(event=event, member=member, name=member.name, role=template.roles[i], card_number=i + 1)
        for event, template, players in chosen
        for i, member in enumerate(players)
    )
    tables = Table.objects.bulk_create(
        Table(event=event, number=number) for event, _t, _p in chosen for number in range(1, TABLES + 1)
    )
    seatings, results = [], []
    for k, (event, template, _players) in enumerate(chosen):
        people = entrants[k * TABLES * 4 : (k + 1) * TABLES * 4]
        at = tables[k * TABLES : (k + 1) * TABLES]
        for hand, number, seat, who in template.seatings:
            table = at[number - 1] if number else None
            seatings.append(Seating(event=event, hand=hand, entrant=people[who], table=table, seat=seat))
        for number, hand, trump, ns, ew, revoke in template.results:
            results.append(
                Result(table=at[number - 1], hand=hand, trump=trump, tricks_ns=ns, tricks_ew=ew, revoke=revoke)
            )
    Seating.objects.bulk_create(seatings, batch_size=5000)
    Result.objects.bulk_create(results, batch_size=5000)


def build_site(clubs: int = CLUBS, evenings: int = EVENINGS, *, big: bool = True, seed: int = 51) -> dict:
    """Build the site: ``clubs`` clubs of MEMBERS members with ``evenings`` published drives each, and (``big``) a
    club of BIG_MEMBERS members with BIG_EVENINGS evenings. Returns what was built and how long it took."""
    rng = random.Random(seed)
    start = time.perf_counter()
    templates = [_template(seed + n) for n in range(TEMPLATES)]
    simulated = time.perf_counter() - start
    for number in range(1, clubs + 1):
        with transaction.atomic():
            club = Club.objects.create(name=f"Bench club {number:03d}", provisional_days=7)
            _evenings(club, _members(club, MEMBERS, rng), evenings, templates, rng)
        if number % 10 == 0:
            print(f"  {number} clubs built, {time.perf_counter() - start:.0f} s", flush=True)
    if big:
        with transaction.atomic():
            club = Club.objects.create(name="Bench club 500 members", provisional_days=7)
            _evenings(club, _members(club, BIG_MEMBERS, rng), BIG_EVENINGS, templates, rng)
    # Statistics for the planner, as autovacuum would gather them soon after a load this size: without them
    # PostgreSQL joined an evening's results to its tables by reading every result (about 30 ms a query, so a
    # cold standings 140 ms and the big club's grades 22 s; with them 10 ms and a second or two).
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return {"simulated": simulated, "seconds": time.perf_counter() - start}


def _ms(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return (
        f"median {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, worst {ordered[-1] * 1000:.0f} ms"
    )


def work_grade_lines() -> dict[str, str]:
    """Work the grade lines of every bench evening that has none, as the ``published`` listener does after each
    publish; each evening timed (what a publish now adds to its request)."""
    missing = Event.objects.filter(club__name__startswith="Bench club ", graded__isnull=True).select_related("club")
    took = []
    for event in missing.iterator():
        cache.clear()  # a publish has just stored the evening: nothing of it is kept yet
        begin = time.perf_counter()
        grades.work_lines(event)
        took.append(time.perf_counter() - begin)
    if not took:
        return {}
    return {f"grade lines worked on publishing, per evening ({len(took):,} evenings, {sum(took):.0f} s)": _ms(took)}


def _forget_lines(club: Club) -> None:
    """As if the club's evenings had been published before grade lines existed."""
    GradedEvening.objects.filter(event__club=club).delete()
    GradeLine.objects.filter(event__club=club).delete()


def measure(samples: int = 40, seed: int = 7) -> dict[str, str]:
    rng = random.Random(seed)
    client = Client()
    clubs = list(Club.objects.filter(name__startswith="Bench club ").exclude(name__endswith="members"))
    big = Club.objects.get(name="Bench club 500 members")

    def get(url: str) -> float:
        begin = time.perf_counter()
        response = client.get(url)
        took = time.perf_counter() - begin
        assert response.status_code == 200, (url, response.status_code)
        return took

    # One visit of each page first: the process's own start (templates compiled, connections opened) is not a
    # visitor's wait. Every figure below starts from nothing kept but for what it says.
    first = Event.objects.filter(club=clubs[0]).first()
    get(reverse("public_evening", args=[first.club.public_id, first.public_id]))
    evenings = []
    for _ in range(samples):
        event = Event.objects.filter(club=rng.choice(clubs)).order_by("?").first()
        cache.clear()
        evenings.append(get(reverse("public_evening", args=[event.club.public_id, event.public_id])))

    def member_url(club: Club) -> str:
        member = club.members.exclude(online="hidden").filter(entries__isnull=False).order_by("?").first()
        return reverse("public_player", args=[club.public_id, member.public_id])

    get(member_url(clubs[0]))
    kept, cold, first_ever = [], [], []
    for _ in range(samples):
        club = rng.choice(clubs)
        url = member_url(club)
        grades.club_grades(club)  # the club's grades kept, as after its first visitor
        kept.append(get(url))
        cache.clear()
        cold.append(get(member_url(club)))
        _forget_lines(club)
        cache.clear()
        first_ever.append(get(member_url(club)))  # works the club's evenings' lines again, as they were

    from_lines, from_nothing = [], []
    for _ in range(3):
        cache.clear()
        begin = time.perf_counter()
        worked = grades.club_grades(big)
        from_lines.append(time.perf_counter() - begin)
    for _ in range(3):
        _forget_lines(big)
        cache.clear()
        begin = time.perf_counter()
        grades.club_grades(big)
        from_nothing.append(time.perf_counter() - begin)
    with override_settings(DEBUG=True):
        club = rng.choice(clubs)
        grades.club_grades(club)
        url = member_url(club)
        reset_queries()
        get(url)
        member_queries = len(connection.queries)
        cache.clear()
        reset_queries()
        get(url)
        cold_queries = len(connection.queries)
    graded = f"({BIG_EVENINGS} evenings, {len(worked.worked.played)} members graded)"
    return {
        "evening page, nothing kept": _ms(evenings),
        "member page, the club's grades kept": _ms(kept),
        f"member page, nothing kept in the process (the club's {EVENINGS} evenings' grade lines read)": _ms(cold),
        f"member page, the first ever (the club's {EVENINGS} evenings' standings worked, lines kept)": _ms(first_ever),
        f"member page queries: {member_queries} (grades kept), {cold_queries} (nothing kept in the process)": "",
        f"500-member club's grades from its grade lines {graded}": ", ".join(f"{t:.2f} s" for t in from_lines),
        f"500-member club's grades from nothing, lines worked too {graded}": ", ".join(
            f"{t:.2f} s" for t in from_nothing
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="build the site again from nothing")
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    setup_test_environment()
    call_command("migrate", verbosity=0)
    built = Event.objects.filter(club__name__startswith="Bench club ").count()
    if args.fresh or built != CLUBS * EVENINGS + BIG_EVENINGS:
        Club.objects.filter(name__startswith="Bench club ").delete()
        print("building the site...", flush=True)
        report = build_site()
        print(f"built in {report['seconds']:.0f} s (simulating {TEMPLATES} evenings: {report['simulated']:.0f} s)")
    print(
        f"{platform.system()} {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"PostgreSQL {connection.cursor().connection.info.server_version}, load {os.getloadavg()[0]:.1f}"
    )
    counts = {
        "clubs": Club.objects.filter(name__startswith="Bench club ").count(),
        "evenings": Event.objects.filter(club__name__startswith="Bench club ").count(),
        "seatings": Seating.objects.filter(event__club__name__startswith="Bench club ").count(),
    }
    print(", ".join(f"{count:,} {name}" for name, count in counts.items()))
    for name, figure in work_grade_lines().items():
        print(f"{name}: {figure}", flush=True)
    with override_settings(STORAGES=PLAIN_STATIC, SECURE_SSL_REDIRECT=False, ALLOWED_HOSTS=["testserver"]):
        for name, figure in measure(args.samples).items():
            print(f"{name}: {figure}" if figure else name)


if __name__ == "__main__":
    main()
