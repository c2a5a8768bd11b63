"""One member's data: everything kept about them, for them to take away (JSON and CSV), and erasing it.

A member's name is copied onto each evening they played (``Entrant.name``: the scorecards, the boards, the
archive and the results read it there, so an evening reads the same after the member's record changes).
Erasing a member therefore renames those entrants too, to what the club chose ("Former member" or the
initials), and keeps every row that a result or a season's table adds up: the results stay right and
nobody can read the name from them (docs/privacy.md).
"""

from __future__ import annotations

import csv
import io

from django.db import transaction
from django.utils import timezone

from clubs.models import Member
from whistdrive.engines.spreadsheets import safe_row
from whistdrive.evening import scores
from whistdrive.evening.archive import results_rows
from whistdrive.store.models import Entrant, Event, ResultEmail

MEMBER_FIELDS = ("name", "role", "membership_number", "email", "results_by_email", "phone", "active", "is_guest")
EVENING_COLUMNS = ["event", "date", "club", "card", "role", "joined at hand", "left after hand", "result"]


def member_record(member: Member) -> dict:
    """Everything kept about ``member``: their membership, every evening they entered and their result in it."""
    entries = Entrant.objects.filter(member=member).select_related("event", "event__club").order_by("event__date")
    return {
        "membership": {
            "club": member.club.name,
            **{name: getattr(member, name) for name in MEMBER_FIELDS},
            "joined": member.created.isoformat(),
        },
        "evenings": [
            {
                "event": entrant.event.name,
                "date": entrant.event.date.isoformat(),
                "club": entrant.event.club.name,
                "name on the evening": entrant.name,
                "card": entrant.card_number,
                "role": entrant.role,
                "joined at hand": entrant.joined_hand,
                "left after hand": entrant.left_after_hand,
                "result": result_of(entrant.event, entrant),
            }
            for entrant in entries
        ],
        # The results emails sent them (docs/publishing.md): which evening, and whether and when it went.
        "results emails": [
            {"evening": event_public_id, "status": status, "sent": sent.isoformat() if sent else None}
            for event_public_id, status, sent in ResultEmail.objects.filter(member=member)
            .order_by("claimed")
            .values_list("event_public_id", "status", "sent")
        ],
    }


def member_csv(member: Member) -> str:
    """``member_record`` as one spreadsheet: the membership's fields, a blank line, then one row an evening."""
    record = member_record(member)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    membership = record["membership"]
    writer.writerow(list(membership))
    writer.writerow(safe_row([membership[name] for name in membership]))
    writer.writerow([])
    writer.writerow(EVENING_COLUMNS)
    for evening in record["evenings"]:
        result = "; ".join(f"{key} {value}" for key, value in evening["result"].items())
        writer.writerow(safe_row([evening[name] for name in EVENING_COLUMNS[:-1]] + [result]))
    return out.getvalue()


def result_of(event: Event, entrant: Entrant) -> dict:
    """The entrant's line of the evening's results: their standing in a drive; in a game night or a duplicate
    evening, the line of the results spreadsheet that names them (their table's side, their pair)."""
    if not event.started:
        return {}
    if not (event.format.is_games or event.format.is_duplicate):
        for standing in scores.standings_now(event).standings:
            if standing.id == entrant.player_id:
                return {
                    "rank": standing.rank,
                    "total": standing.total,
                    "hands played": standing.hands_played,
                    "sat out": standing.hands_sat_out,
                }
        return {}
    header, *rows = results_rows(event)
    for row in rows:
        if any(entrant.name in str(cell).split(" & ") for cell in row):
            return dict(zip(header, row, strict=True))
    return {}


def erase_member(member: Member) -> Member:
    """Erase ``member``'s details: their name becomes the club's choice on the record and on every evening they
    played; their number, email and phone are emptied. Their evenings' rows stay, so every result stands."""
    shown = member.club.erased_name(member.name)
    with transaction.atomic():
        events = list(Event.objects.filter(entrants__member=member).distinct())
        Entrant.objects.filter(member=member).update(name=shown)
        member.name = shown
        member.membership_number = ""
        member.email = ""
        member.results_by_email = False
        member.phone = ""
        member.active = False
        member.erased = timezone.now()
        member.save()
        for event in events:
            event.bump()  # every page of those evenings shows the new name (whistdrive/store/cache.py)
    return member
