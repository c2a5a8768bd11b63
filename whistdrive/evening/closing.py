"""Closing a club, and deleting an evening played by mistake: the archive first, then everything.

An evening's submissions are append-only evidence (``Submission``): nothing edits or deletes one on its own,
and the admin refuses to (``SubmissionAdmin``), which is why the admin could not delete a club or an event.
They go only here, with the whole evening they are evidence of, after the organiser typed its name; a club's
evenings go after its archive was downloaded (``club_archive``).
"""

from __future__ import annotations

import io
import json
import zipfile

from django.db import transaction
from django.utils.text import slugify

from clubs import csv_members
from clubs.models import Club, Match
from whistdrive.evening.archive import export_event
from whistdrive.store.models import Event


class CannotClose(Exception):
    """What keeps a club from being closed, in words the organiser can act on."""


def archive_name(event: Event) -> str:
    """An evening's file name in a club's archive: its date, its name and its id (two evenings may share both)."""
    return f"{event.date:%Y-%m-%d}-{slugify(event.name) or 'event'}-{event.pk}.json"


def club_archive(club: Club) -> bytes:
    """A zip of everything the club keeps that can be taken away: each evening's archive (whistdrive.event/1,
    which ``import_event`` reads back) and the members' CSV (which the members' import reads back)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for event in club.events.order_by("date", "pk"):
            document = json.dumps(export_event(event), ensure_ascii=False, indent=2) + "\n"
            archive.writestr(f"events/{archive_name(event)}", document)
        members = club.members.order_by("name", "pk").values(*csv_members.COLUMNS)
        archive.writestr("members.csv", csv_members.write_members(members))
    return buffer.getvalue()


def close_club(club: Club) -> None:
    """Delete the club and everything of it: evenings (their submissions with them), members, seasons, table
    cards, organisers' access. Refused while a league match stands against it, since the match is the other
    club's result too."""
    matches = Match.objects.filter(home=club) | Match.objects.filter(away=club)
    if matches.exists():
        leagues = sorted({match.league.name for match in matches.select_related("league")})
        raise CannotClose(
            f"{club.name} has {matches.count()} league match(es) in {', '.join(leagues)}: they are the other "
            "clubs' results too. Leave or close the league's matches first."
        )
    with transaction.atomic():
        club.delete()
