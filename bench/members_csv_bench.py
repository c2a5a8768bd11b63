"""Time a club's biggest member import: parse, preview and save 2,000 members from CSV.

Run: python bench/members_csv_bench.py
Uses a throwaway SQLite database in a temporary folder. The figure goes into
docs/benchmarks.md under "## Member CSV import"; the target is a few seconds at most.
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
# Plain static names: the manifest storage needs `collectstatic`, which a benchmark should not run.
os.environ["WHISTDRIVE_STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.template.loader import render_to_string  # noqa: E402

from clubs import csv_members  # noqa: E402
from clubs.models import Club, Member  # noqa: E402
from clubs.views import _preview, import_rows  # noqa: E402

MEMBERS = 2000
EXISTING = 500
RUNS = 3


def csv_bytes() -> bytes:
    lines = ["name;role;membership_number;email;phone;active"]
    for i in range(MEMBERS):
        role = "lady" if i % 2 else "gent"
        lines.append(f"Zoë Łukasiewicz-Smith {i};{role};N{i:05};member{i}@example.org;01234 {i:06};yes")
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode()


def one_run(raw: bytes) -> tuple[float, float, float]:
    club = Club.objects.create(name="Bench club")
    Member.objects.bulk_create(
        Member(club=club, name=f"Existing {i}", membership_number=f"E{i}") for i in range(EXISTING)
    )
    start = time.perf_counter()
    text, _ = csv_members.decode(raw)
    preview = _preview(club, text)
    parsed = time.perf_counter()
    render_to_string(
        "clubs/members_import_preview.html",
        {"club": club, "preview": preview, "confirm": None, "shown": preview.rows[:500]},
    )
    previewed = time.perf_counter()
    preview = _preview(club, text)  # confirmation checks the file again against the club
    import_rows(club, preview.good)
    saved = time.perf_counter()
    assert club.members.count() == MEMBERS + EXISTING
    club.delete()
    return parsed - start, previewed - parsed, saved - previewed


def main() -> None:
    call_command("migrate", verbosity=0)
    raw = csv_bytes()
    runs = [one_run(raw) for _ in range(RUNS)]
    totals = [sum(r) for r in runs]
    print(f"{datetime.date.today()} Python {platform.python_version()} {platform.system()}")
    print(f"{MEMBERS} members ({len(raw) / 1024:.0f} KB, BOM and ';'), {EXISTING} already in the club, {RUNS} runs")
    for label, index in (("decode + parse + checks", 0), ("render preview page", 1), ("re-check + save", 2)):
        print(f"  {label}: median {statistics.median(r[index] for r in runs):.3f} s")
    print(f"  total: best {min(totals):.2f} s, median {statistics.median(totals):.2f} s")


if __name__ == "__main__":
    main()
