"""Time emailing an evening's players their results: a simulated 10-table drive of 24 hands (40 players, every one
a member who agreed), each email composed (their card, the evening's results) and sent to an SMTP server on this
machine (aiosmtpd), over one connection, as `whistdrive.evening.result_emails.tell_players` does after a publish.

Run: python bench/result_emails_bench.py
Builds the evening in a throwaway SQLite database (WHISTDRIVE_DATA_DIR is a temporary folder). Each run is a new
copy of the evening's public id, so every run sends all 40. The figures go into docs/benchmarks.md under
"## Emailing the players".
"""

from __future__ import annotations

import os
import platform
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="wd-emails-bench-")
os.environ["DJANGO_SETTINGS_MODULE"] = "whistdrive.settings"

import django  # noqa: E402

django.setup()

from aiosmtpd.controller import Controller  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.utils import timezone  # noqa: E402

from whistdrive.engines.formats import Format  # noqa: E402
from whistdrive.engines.tokens import new_public_id  # noqa: E402
from whistdrive.evening import result_emails  # noqa: E402
from whistdrive.evening.simulate import simulate_event  # noqa: E402
from whistdrive.store.models import Event  # noqa: E402

TABLES, HANDS, RUNS = 10, 24, int(os.environ.get("RUNS", "5"))


class Inbox:
    def __init__(self):
        self.count = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name for the hook
        self.count += 1
        return "250 OK"


def main() -> None:
    call_command("migrate", verbosity=0)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.HOSTED = settings.EMAIL_CONFIGURED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", port, False
    settings.WHISTDRIVE_SITE_URL = "https://whist.example.org"
    event = simulate_event(fmt=Format(hands=HANDS, interval_after=HANDS // 2), tables=TABLES, seed=1)
    event.club.members.update(results_by_email=True)
    for member in event.club.members.all():
        member.email = f"member{member.pk}@example.org"
        member.save(update_fields=["email"])
    walls, cpus = [], []
    try:
        for _ in range(RUNS):
            Event.objects.filter(pk=event.pk).update(public_id=new_public_id(), published_at=timezone.now())
            fresh = Event.objects.select_related("club").get(pk=event.pk)
            before = inbox.count
            wall, cpu = time.perf_counter(), time.process_time()
            tally = result_emails.tell_players(fresh)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            assert tally.sent == 4 * TABLES and inbox.count - before == 4 * TABLES, (tally, inbox.count - before)
    finally:
        controller.stop()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{4 * TABLES} players, {HANDS} hands, {RUNS} runs; Python {platform.python_version()}, load {load:.1f}")
    print(f"wall: median {statistics.median(walls):.2f} s, best {min(walls):.2f} s, worst {max(walls):.2f} s")
    print(f"CPU (the process, the SMTP server's thread included): median {statistics.median(cpus):.2f} s")


if __name__ == "__main__":
    main()
