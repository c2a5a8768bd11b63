"""The evening's draws: rows in, the draws engine (``whistdrive.engines.draws``), a ``Draw`` row back.

The seed and what is in the hat are written with the winner in one transaction, the event's row locked, so two
clicks of "Draw" make two draws one after the other (the second ticket drawn from a hat without the first), never
the same ticket twice. Each draw bumps the event's revision: the projector's page draws again when it moved.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from whistdrive.engines import draws
from whistdrive.engines.draws import DrawError, Ticket, TicketRange
from whistdrive.store.models import Draw, Event


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


@transaction.atomic
def set_raffle_tickets(event: Event, ranges: list[TicketRange]) -> Event:
    """The tickets sold (more books may be sold after a draw: the tickets drawn stay out of the hat)."""
    event = _locked(event)
    draws.check_ranges(ranges)
    event.raffle_tickets = [r.as_dict() for r in ranges]
    event.save(update_fields=["raffle_tickets"])
    event.bump()
    return event


def _ticket(winner: dict) -> Ticket:
    return Ticket(str(winner["colour"]), int(winner["number"]))


def _hat_and_winner(kind: str, hat: dict, seed: int) -> dict:
    """The winner of a draw of ``kind`` from ``hat`` with ``seed``: how a draw is made, and how it is checked."""
    if kind == Draw.Kind.RAFFLE:
        ranges = [TicketRange.from_dict(r) for r in hat["ranges"]]
        ticket = draws.draw_ticket(ranges, [Ticket(c, n) for c, n in hat["drawn"]], seed)
        return {"colour": ticket.colour, "number": ticket.number}
    if kind == Draw.Kind.MYSTERY_CARD:
        return {"card": draws.draw_one(hat["cards"], seed)}
    return {"table": draws.draw_one(hat["tables"], seed)}


@transaction.atomic
def draw(event: Event, kind: str, *, prize: str = "", user=None, seed: int | None = None) -> Draw:
    """The next draw of ``kind``, from a fresh seed (or ``seed``, for a test), recorded with what was in the hat."""
    event = _locked(event)
    earlier = list(event.draws.all())
    if kind == Draw.Kind.RAFFLE:
        if not event.raffle_tickets:
            raise DrawError("Type the raffle tickets sold first, such as “pink 1–100, blue 1–50”.")
        drawn = [_ticket(d.winner) for d in earlier if d.kind == Draw.Kind.RAFFLE]
        hat: dict = {"ranges": event.raffle_tickets, "drawn": [[t.colour, t.number] for t in drawn]}
    elif kind == Draw.Kind.MYSTERY_CARD:
        cards = sorted(event.entrants.values_list("card_number", flat=True))
        if not cards:
            raise DrawError("Nobody has entered yet: the mystery card is drawn from tonight's card numbers.")
        hat = {"cards": cards}
    elif kind == Draw.Kind.LUCKY_TABLE:
        tables = sorted(event.tables.values_list("number", flat=True))
        if not tables:
            raise DrawError("The tables are set at the start: draw the lucky table once the evening has started.")
        hat = {"tables": tables}
    else:
        raise ValueError(f"not a kind of draw: {kind!r}")
    seed = draws.new_seed() if seed is None else seed
    winner = _hat_and_winner(kind, hat, seed)
    made = Draw.objects.create(event=event, number=max((d.number for d in earlier), default=0) + 1, kind=kind,
                               prize=prize, seed=seed, hat=hat, winner=winner, user=user)  # fmt: skip
    event.bump()
    return made


@dataclass(frozen=True)
class DrawLine:
    """A draw as the audit trail, the projector and the prize list say it."""

    draw: Draw
    winner: str  # "Pink 42", "Card 17: Ann Smith", "Table 3: Ann Smith, Bob Jones, ..."
    checked: bool  # drawn again from its seed and hat, it gives the same winner

    @property
    def title(self) -> str:
        kind = self.draw.get_kind_display()
        return f"{kind}: {self.draw.prize}" if self.draw.prize else kind


def _winner_words(event: Event, found: Draw, names: dict[int, str], tables: dict[int, list[str]]) -> str:
    winner = found.winner
    if found.kind == Draw.Kind.RAFFLE:
        return str(_ticket(winner))
    if found.kind == Draw.Kind.MYSTERY_CARD:
        name = names.get(winner["card"])
        return f"Card {winner['card']}" + (f": {name}" if name else "")
    seated = tables.get(winner["table"], [])
    return f"Table {winner['table']}" + (f": {', '.join(seated)}" if seated else "")


def audit(event: Event) -> list[DrawLine]:
    """Every draw of the evening in order, each drawn again from its recorded seed and hat to check it.

    One query for an evening without draws (the standings page asks on every visit); the names of the mystery
    card's holder and of the lucky table's four only when such a draw was made."""
    found_draws = list(event.draws.all())
    kinds = {found.kind for found in found_draws}
    names: dict[int, str] = {}
    if Draw.Kind.MYSTERY_CARD in kinds:
        names = dict(event.entrants.values_list("card_number", "name"))
    tables: dict[int, list[str]] = {}
    if Draw.Kind.LUCKY_TABLE in kinds and event.started:
        hand = max(event.current_hand, 1)
        rows = event.seatings.filter(hand=hand, table__isnull=False).order_by("table__number", "seat")
        for number, name in rows.values_list("table__number", "entrant__name"):
            tables.setdefault(number, []).append(name)
    lines = []
    for found in found_draws:
        try:
            checked = _hat_and_winner(found.kind, found.hat, found.seed) == found.winner
        except (DrawError, KeyError, TypeError, ValueError):
            checked = False  # a hat that cannot be read back is a draw that cannot be checked: said, not hidden
        lines.append(DrawLine(found, _winner_words(event, found, names, tables), checked))
    return lines
