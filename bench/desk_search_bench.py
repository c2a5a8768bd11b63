"""Time the desk's answer to a keystroke with 2,000 members: the whole htmx request, view and fragment included.

Run: python bench/desk_search_bench.py            (a throwaway SQLite database in a temporary folder)
     DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_desk python bench/desk_search_bench.py
The figures go into docs/benchmarks.md under "## The desk's search, folded (issue #47)"; the target is under
50 ms a keystroke.
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="wd-bench-")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
os.environ["WHISTDRIVE_STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from clubs.models import Club, ClubAccess, Member  # noqa: E402
from whistdrive.engines.formats import Format  # noqa: E402
from whistdrive.store.models import Event  # noqa: E402

MEMBERS = 2000
ROUNDS = 20
# What an organiser types for one arrival, a key at a time, and some finished words.
KEYSTROKES = ["z", "zo", "zoe", "o", "ob", "obr", "obrien", "brien", "jones", "smith jones", "42", "0042", "zzz"]
FIRSTS = ["Zoë", "Siobhán", "Anne", "Łukasz", "Renée", "Bob", "Mary", "Seán", "Chloë", "Pat"]
LASTS = ["O'Brien", "Smith-Jones", "Hargreaves", "D'Arcy", "Nowak", "Price", "Ó Briain", "Wiśniewska"]


def make_club() -> tuple[Client, Event]:
    club = Club.objects.create(name="Bench club")
    Member.objects.bulk_create(
        Member(club=club, name=f"{FIRSTS[i % 10]} {LASTS[i % 8]} {i}", membership_number=f"{i:04d}")
        for i in range(MEMBERS)
    )
    event = Event(club=club, name="Bench drive", date=datetime.date(2026, 12, 1))
    event.set_format(Format())
    event.save()
    user = User.objects.create_user("bench", password="x", is_staff=True)
    ClubAccess.objects.create(user=user, club=club)
    client = Client()
    client.force_login(user)
    return client, event


def main() -> None:
    setup_test_environment()  # the test client's host is allowed
    call_command("migrate", verbosity=0)
    client, event = make_club()
    try:
        measure(client, event)
    finally:
        Club.objects.filter(pk=event.club_id).delete()
        User.objects.filter(username="bench").delete()


def measure(client: Client, event: Event) -> None:
    # secure: hosted settings (a DATABASE_URL) send plain HTTP to HTTPS.
    url = reverse("event_desk", args=[event.pk])
    for q in KEYSTROKES:  # warm the templates and the database's caches
        client.get(url, {"q": q}, headers={"HX-Request": "true"}, secure=True)
    times: list[float] = []
    for _ in range(ROUNDS):
        for q in KEYSTROKES:
            start = time.perf_counter()
            response = client.get(url, {"q": q}, headers={"HX-Request": "true"}, secure=True)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, (response.status_code, response.content[:300])
    found = client.get(url, {"q": "obrien"}, headers={"HX-Request": "true"}, secure=True).content.decode()
    assert "O&#x27;Brien" in found
    times.sort()
    ms = [t * 1000 for t in times]
    print(f"{datetime.date.today()} Python {platform.python_version()} {platform.system()} {connection.vendor}")
    print(f"{MEMBERS} members, {len(KEYSTROKES)} keystrokes x {ROUNDS} rounds, htmx fragment through the test client")
    print(
        f"  per keystroke: median {statistics.median(ms):.1f} ms, p95 {ms[int(len(ms) * 0.95)]:.1f} ms, "
        f"max {ms[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
