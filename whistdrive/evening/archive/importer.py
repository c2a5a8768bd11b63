"""A checked archive written as an event, in one transaction."""

from __future__ import annotations

from django.db import transaction

from clubs.models import Club
from whistdrive.engines import duplicate, movements
from whistdrive.engines.formats import Format
from whistdrive.engines.rules import (
    HandEntry,
)
from whistdrive.evening import double_dummy
from whistdrive.store.models import Board, Entrant, Event, Partnership, Result, Seating, Submission, Table, TableBoard

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
    if fmt.is_duplicate and any(b.deal is not None for b in read["boards"].values()):
        event.boards_dealt = Event.BoardsDealt.RECORDS
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
    if fmt.is_duplicate:
        _import_boards(event, fmt, read, by_id, tables)
    return event


def _substitutes(read: dict, by_id: dict[str, Entrant]) -> dict[str, str]:
    """A duplicate evening's substitutes, each entrant marked with the pair member whose seat they took;
    returns each pair member's id -> the id of who holds their seat at the last slot of the file."""
    hands = read["hands"]
    stands = duplicate.substitutes_of([hand["raw"] for hand in hands]).stands
    for sub, original in stands.items():
        by_id[sub].stands_in_for = by_id[original]
        by_id[sub].save(update_fields=["stands_in_for"])
    last = hands[-1]["seating"] if hands else None
    there = set(last.seated()) | set(last.sitting_out) if last is not None else set()
    return {original: sub for sub, original in stands.items() if sub in there}


def _import_boards(event: Event, fmt: Format, read: dict, by_id: dict[str, Entrant], tables: dict) -> None:
    """A duplicate evening's boards, its pairs (numbered from round 1, as the movement starts them) and
    which board each table played in each slot. A part-played evening gets the rest of the movement's
    slots too, so it can be played on."""
    boards = {
        b.number: Board.objects.create(
            event=event,
            number=b.number,
            dealer=b.dealer,
            trump=b.trump or "",
            deal=b.to_dict()["deal"],
        )  # fmt: skip
        for b in sorted(read["boards"].values(), key=lambda b: b.number)
    }
    double_dummy.solve_boards(boards.values())  # the boards with deals, solved once as they arrive
    hands = read["hands"]
    if not hands:
        return
    holds = _substitutes(read, by_id)  # a pair member -> the substitute in their seat now
    first = hands[0]["seating"]
    players = len(first.seated()) + len(first.sitting_out)
    plan = duplicate.plan_duplicate(fmt, players // 2)
    ids: dict[str, tuple[str, str]] = {}
    for played in plan.rounds[0].tables:
        seats = first.tables[played.table]
        ids[played.ns], ids[played.ew] = (seats["N"], seats["S"]), (seats["E"], seats["W"])
    for pair in plan.rounds[0].sitting_out:
        ids[pair] = tuple(first.sitting_out)
    pairs = [
        movements.Pair(int(pair.lstrip("NSEWP")), two, pair.rstrip("0123456789").replace("P", "") or None)
        for pair, two in ids.items()
    ]
    Partnership.objects.bulk_create(
        Partnership(
            event=event, number=p.number, direction=p.direction or "", first=by_id[p.ids[0]], second=by_id[p.ids[1]]
        )  # fmt: skip
        for p in pairs
    )
    slots = [
        TableBoard(table=tables[t["table"]], hand=hand["number"], board=boards[t["board"]])
        for hand in hands
        for t in hand["raw"]["tables"]
    ]
    # The slots not played yet, as the movement gives them: the evening can be played on.
    for later in duplicate.hands_of(plan, pairs)[len(hands) :]:
        for number in later.seating.tables:
            if number not in tables:
                tables[number] = Table.objects.create(event=event, number=number)
        Seating.objects.bulk_create(
            [Seating(event=event, hand=later.number, entrant=by_id[holds.get(pid, pid)], table=tables[number], seat=seat)
             for number, seats in later.seating.tables.items() for seat, pid in seats.items()]
            + [Seating(event=event, hand=later.number, entrant=by_id[holds.get(pid, pid)])
               for pid in later.seating.sitting_out]
        )  # fmt: skip
        slots += [TableBoard(table=tables[t], hand=later.number, board=boards[b]) for t, b in later.boards.items()]
    TableBoard.objects.bulk_create(slots)
