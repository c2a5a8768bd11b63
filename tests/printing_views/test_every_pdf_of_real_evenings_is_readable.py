"""Every PDF the organiser can print, from the evenings #48 measured and a 50-table one, keeps to the limits.

The evenings are played by the simulator through the real movement engines, with the awkward names of
`tests.printing.factories.hostile_names` (up to 120 characters, double-barrelled, accented, Greek,
Cyrillic, Vietnamese, Chinese), part-played, with late arrivals and a leaver where the movement allows:
a 30-table progressive drive, a 7-table Mitchell drive with spares, a 9-table duplicate evening and a
50-table progressive drive, with an individual drive and a Howell (a partner on every scorecard row)
and a game night for its score pads, and two evenings before their start (a planned drive's scorecards,
a duplicate evening's movement cards and hand records). Every document the event's Print page offers is downloaded as the organiser
would (its link, or its form with the values the page suggests), with the door poster, the treasurer's
sheet, the season table and the club's reusable table cards; each must have every character at least
5 mm from the paper's edge, none under 7 pt, at most 3 % under 9 pt, no word cut by an ellipsis and no name
shrunk below 8 pt, and no blank page, on A4 and, for three of the evenings, on US Letter.
"""

from __future__ import annotations

import datetime
import io
from decimal import Decimal
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.urls import reverse
from pypdf import PdfReader

from clubs.models import Season
from tests.factories import make_cast
from tests.printing import factories
from tests.printing.helpers import blank_pages, characters_under, readability_faults, words_cut_inside
from whistdrive.engines.formats import Format
from whistdrive.evening import money, running
from whistdrive.evening.simulate import Comings, create_event, play
from whistdrive.store.models import Club, Entrant, Event

pytestmark = pytest.mark.slow

HOST = "192.168.1.20:8000"

# Evenings whose club prints on US Letter (shorter and narrower than A4): every paper is held to the limits.
ON_LETTER = {"7-table Mitchell with spares", "5-table individual drive", "8-table game night"}

EVENINGS = {
    # name: (format, tables, spares, hands played, late arrivals, leavers)
    "30-table progressive": (Format(hands=24, interval_after=12), 30, 0, 13, 2, 1),
    "7-table Mitchell with spares": (Format(movement="mitchell", hands=20, hands_per_round=4, interval_after=12),
                                     7, 2, 9, 0, 0),
    "9-table duplicate": (Format.duplicate(27, 3, "mitchell", "matchpoints", "HDSC"), 9, 0, 12, 0, 0),
    "50-table progressive": (Format(hands=24, interval_after=12), 50, 0, 2, 2, 0),
    # The kinds with a partner on every row of the scorecard, where names once shrank to 3.1 pt.
    "5-table individual drive": (Format(movement="individual", hands=20, interval_after=10), 5, 0, 4, 0, 0),
    "4-table Howell": (Format(movement="howell", hands=21, hands_per_round=3, interval_after=12), 4, 0, 6, 0, 0),
    # Before the start (None played): what the Print page offers then, a planned drive's scorecards with
    # every partner, a duplicate evening's movement cards and hand records.
    "5-table individual drive, before the start": (Format(movement="individual", hands=20, interval_after=10), 5, 0,
                                                   None, 0, 0),
    "9-table duplicate, before the start": (Format.duplicate(27, 3, "mitchell", "matchpoints", "HDSC"), 9, 0, None,
                                            0, 0),
    # And a game night, whose score pads are printed from its pairs and rounds.
    "8-table game night": (Format(kind="games", movement="mitchell", hands=6, hands_per_round=3, interval_after=None,
                                  trumps="turned"), 8, 0, 3, 0, 0),
}  # fmt: skip


class _PrintPage(HTMLParser):
    """The downloads a Print page offers: each link's address, and each form's action with its fields' values."""

    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "download" in attrs:
            self.links.append(attrs["href"])
        elif tag == "form" and attrs.get("action", "").endswith(".pdf"):
            self.forms.append((attrs["action"], {}))
        elif self.forms and tag == "input" and attrs.get("name"):
            self.forms[-1][1][attrs["name"]] = attrs.get("value") or ""
        elif self.forms and tag == "select":
            self._select = attrs.get("name")
        elif self.forms and tag == "option" and self._select:
            fields = self.forms[-1][1]
            if self._select not in fields or "selected" in attrs:
                fields[self._select] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def _evening(club: Club, name: str) -> Event:
    fmt, tables, spares, played, late, leave = EVENINGS[name]
    event = create_event(fmt=fmt, tables=tables, spares=spares, seed=48, club=club, name=factories.LONG_EVENT,
                         date=factories.DATE)  # fmt: skip
    names = factories.hostile_names(4 * tables + spares, seed=tables)
    for entrant, hostile in zip(event.entrants.order_by("card_number"), names, strict=True):
        Entrant.objects.filter(pk=entrant.pk).update(name=hostile)
    Event.objects.filter(pk=event.pk).update(venue=factories.hostile_names(3, seed=tables)[2])
    event = Event.objects.get(pk=event.pk)
    if played is not None:
        event = running.start_event(event, by="random", seed=48)
        comings = Comings.drawn(48, fmt.hands, late, leave) if late or leave else None
        event = play(event, stop_after=played, comings=comings)
    # The evening's money: entry fees taken, a raffle with a long note, a correction and a cost.
    for entrant in event.entrants.order_by("card_number")[:6]:
        money.pay_entry(event, entrant, method="cash")
    raffle = money.add_line(event, kind="raffle", amount=Decimal("45.00"), method="cash", note=names[2])
    money.correct(event, raffle, amount=Decimal("44.00"), reason=f"A forged ticket from {names[7]}")
    money.add_line(event, kind="hall", amount=Decimal("25.00"))
    return event


def _print_page_pdfs(client, event: Event) -> dict[str, bytes]:
    """Every document of the event's Print page, downloaded as the organiser would."""
    page = client.get(reverse("event_print", args=[event.pk]), HTTP_HOST=HOST)
    assert page.status_code == 200
    found = _PrintPage()
    found.feed(page.content.decode())
    # The one field the page leaves for the organiser to fill in: which cards to reprint (a late arrival's,
    # or the first three), and which table's card (the last).
    late = event.entrants.filter(joined_hand__gt=1).order_by("card_number").first()
    blanks = {"cards": str(late.card_number) if late else "1–3", "table": str(event.tables.count())}
    addresses = list(found.links)
    for action, fields in found.forms:
        fields = {name: value or blanks.get(name, "") for name, value in fields.items()}
        addresses.append(f"{action}?{urlencode(fields)}")
    pdfs = {}
    for address in addresses:
        response = client.get(address, HTTP_HOST=HOST)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", (address, response)
        pdfs[address.split("/print/")[1].split(".pdf")[0]] = response.content
    return pdfs


@pytest.mark.parametrize("evening", sorted(EVENINGS))
def test_every_pdf_the_organiser_can_print_is_readable(client, db, settings, evening):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]
    club, _, olive, *_ = make_cast()
    Club.objects.filter(pk=club.pk).update(paper_size="letter" if evening in ON_LETTER else "A4")
    Club.objects.filter(pk=club.pk).update(name=factories.LONG_CLUB, fee_member=Decimal("3.00"), fee_guest=Decimal("4.00"),
                                           fee_concession=Decimal("2.00"))  # fmt: skip
    club.refresh_from_db()
    season = Season.objects.create(club=club, name="Winter 2026 (the long season before the hall's roof is mended)",
                                   starts=datetime.date(2026, 9, 1), ends=datetime.date(2026, 12, 31))  # fmt: skip
    event = _evening(club, evening)
    Event.objects.filter(pk=event.pk).update(season=season)
    client.force_login(olive)

    pdfs = _print_page_pdfs(client, event)
    offered = set(pdfs)
    if not event.started:
        assert (
            {"movement-cards", "hand-records"} <= offered
            if event.kind == Event.Kind.DUPLICATE
            else ({"scorecards", "blank-scorecards"} <= offered)
        )
    elif event.kind == Event.Kind.DUPLICATE:
        assert {"pair-cards", "movement-cards", "travellers", "hand-records", "duplicate-results"} <= offered
    elif event.kind == Event.Kind.GAMES:
        assert {"score-pads", "pair-cards", "result-slips", "results", "table-cards"} <= offered
    else:
        assert {"scorecards", "reprint-scorecards", "blank-scorecards", "table-cards", "reprint-table-card",
                "result-slips", "progression", "wall-sheet", "find-your-table", "results", "prize-list"} <= offered  # fmt: skip
    for name, address in (
        ("door poster", reverse("door_poster", args=[event.pk])),
        ("treasurer's sheet", reverse("money_pdf", args=[event.pk])),
        ("season table", reverse("season_pdf", args=[club.pk, season.pk])),
        ("club table cards", f"{reverse('club_table_cards_pdf', args=[club.pk])}?tables=12&paper={club.paper_size}"),
    ):
        response = client.get(address, HTTP_HOST=HOST)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", (name, response)
        pdfs[name] = response.content

    for name, pdf in pdfs.items():
        width = float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width)
        assert round(width) in ((612, 792) if evening in ON_LETTER else (595, 842)), (name, width)
    faults = {
        name: problems
        for name, pdf in pdfs.items()
        if (
            problems := readability_faults(pdf)
            + [f"cut inside a word: {w}" for w in words_cut_inside(pdf)]
            + [f"under 8 pt: {small[:60]!r}" for small in [characters_under(pdf)] if small]
            + [f"page {number} is blank" for number in blank_pages(pdf)]
        )
    }
    assert faults == {}
