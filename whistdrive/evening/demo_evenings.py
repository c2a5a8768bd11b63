"""The demo's evenings, so a new user sees every page with real data: `rundrive --demo`.

A finished drive, a game night and a drive stopped at the interval, all played by the
simulator (real deals, results entered and agreed as phones do) in the demo club.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from clubs.models import Club
from whistdrive.engines.formats import Format
from whistdrive.evening.simulate import simulate_event
from whistdrive.store.models import Event


def add_demo_evenings(club: Club, stdout) -> list[Event]:
    """Play three evenings in ``club`` (its members take part); returns them, oldest first."""
    today = timezone.localdate()
    season = club.seasons.first()
    evenings = [
        (
            "Autumn progressive drive",
            today - datetime.timedelta(days=14),
            Format(hands=12, interval_after=6),
            5,
            2,
            None,
        ),
        (
            "Rubbers night",
            today - datetime.timedelta(days=7),
            Format(
                kind="games",
                hands=12,
                hands_per_round=1,
                interval_after=None,
                trumps="turned",
                movement="stationary",
                honours=True,
                rubber="classic",
            ),  # fmt: skip
            2,
            0,
            None,
        ),
        ("Tonight's drive", today, Format(hands=24, interval_after=12), 6, 0, 12),
    ]
    made = []
    for seed, (name, date, fmt, tables, spares, stop_after) in enumerate(evenings, start=1):
        event = simulate_event(
            fmt=fmt, tables=tables, spares=spares, seed=seed, club=club, stop_after=stop_after, name=name, date=date
        )
        if season is not None:
            Event.objects.filter(pk=event.pk).update(season=season)
        stdout.write(f"Demo: {name} ({event.get_status_display().lower()}, hand {event.current_hand}).\n")
        made.append(event)
    return made
