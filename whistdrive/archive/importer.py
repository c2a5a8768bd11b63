"""A checked archive written as an event, in one transaction."""

from __future__ import annotations

from django.db import transaction

from clubs.models import Club
from whistdrive.formats import Format
from whistdrive.models import Entrant, Event, Result, Seating, Submission, Table
from whistdrive.rules import (
    HandEntry,
)

from .reader import check_document


@transaction.atomic
def import_event(data, club: Club | None = None) -> Event:
    """Create the event the archive ``data`` describes; ArchiveError (and nothing saved) if it has problems."""
    read = check_document(data, club)
    fmt: Format = read["event"]["format"]
    hands = read["hands"]
    if club is None:
        club = Club.objects.create(name=read["club_name"])
    last = len(hands)
    if last == 0:
        status, current = Event.Status.SETUP, 0
    elif last == fmt.hands:
        status, current = Event.Status.FINISHED, last
    else:
        status, current = Event.Status.RUNNING, last
    event = Event(
        club=club,
        name=read["event"]["name"].strip(),
        date=read["event"]["date"],
        status=status,
        current_hand=current,
        seating_by=Event.SeatingBy.CARD,
        auto_advance=True,
    )
    event.set_format(fmt)
    event.save()

    presence = read.get("presence", {})
    entrants = []
    for card, (player, name) in enumerate(read["players"], start=1):
        first, gone = presence.get(player.id, (1, None))
        left = gone if gone is not None and gone < last else None
        since, later_role = read["role_changes"].get(player.id, (None, None))
        entrants.append(
            Entrant(
                event=event,
                name=name.strip(),
                role=later_role or player.role or "",
                earlier_role=player.role if since else "",
                role_from_hand=since,
                card_number=card,
                archive_id=player.id,
                joined_hand=first,
                left_after_hand=left,
            )
        )
    Entrant.objects.bulk_create(entrants)
    by_id = {e.archive_id: e for e in event.entrants.all()}
    most = max((len(h["tables"]) for h in hands), default=0)
    Table.objects.bulk_create(Table(event=event, number=n) for n in range(1, most + 1))
    tables = {t.number: t for t in event.tables.all()}

    seatings, results, submissions = [], [], []
    for hand in hands:
        number = hand["number"]
        for t, table in hand["tables"].items():
            for seat, pid in table["seats"].items():
                seatings.append(Seating(event=event, hand=number, entrant=by_id[pid], table=tables[t], seat=seat))
            entry: HandEntry = table["entry"]
            values = Result.fields_of(entry)
            results.append(Result(table=tables[t], hand=number, source=Result.Source.IMPORT, **values))
            submissions.append(
                Submission(
                    table=tables[t],
                    hand=number,
                    action=Submission.Action.IMPORT,
                    outcome="imported",
                    reason="imported from an event archive",
                    **values,
                )  # fmt: skip
            )
        for pid in hand["seating"].sitting_out:
            seatings.append(Seating(event=event, hand=number, entrant=by_id[pid]))
    Seating.objects.bulk_create(seatings)
    Result.objects.bulk_create(results)
    Submission.objects.bulk_create(submissions)
    return event
