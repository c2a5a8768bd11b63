"""Make the pictures of docs/printing.md: one page of each printed document, from real evenings.

Run from the project folder:  python bench/printing_pages.py  [--out docs/printing] [--dpi 40]

It builds a throwaway SQLite database in a temporary folder (never your data folder), plays
evenings with the simulator (a 40-player progressive drive stopped after hand 14 with a late
arrival, its door poster and treasurer's sheet, a 20-player individual drive, a Mitchell game night, a duplicate Mitchell of five tables), prints every document through the
same adapter and functions as the Print page, and renders the first page of each with
``pdftoppm -r DPI -png`` (poppler-utils) into the output folder, small enough to commit.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="whistdrive-pages-")
os.environ.pop("DATABASE_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from clubs.models import Club, Season  # noqa: E402
from whistdrive import printing  # noqa: E402
from whistdrive.engines.formats import Format  # noqa: E402
from whistdrive.evening import money, running  # noqa: E402
from whistdrive.evening.simulate import play, simulate_event  # noqa: E402
from whistdrive.printing import from_models  # noqa: E402
from whistdrive.store.models import Entrant, Event  # noqa: E402
from whistdrive.web.views.club_tables import tables_of  # noqa: E402
from whistdrive.web.views.season import season_sheet  # noqa: E402

BASE = "http://192.168.1.20:8000"
NAMES = ["王芳", "田中 さくら", "Łukasz Żółkiewski-Brzęczyszczykiewicz", "Siobhán O'Brien-Fitzgerald", "Zoë Brontë"]


def evenings() -> dict[str, Event]:
    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Nether Wallop Whist Club")
    date = datetime.date(2026, 12, 1)
    drive = simulate_event(fmt=Format(hands=24, interval_after=12), tables=10, seed=3, club=club,
                           stop_after=13, name="Christmas charity drive", date=date)  # fmt: skip
    Event.objects.filter(pk=drive.pk).update(venue="St Andrew's Village Hall")
    for entrant, name in zip(drive.entrants.order_by("card_number"), NAMES, strict=False):
        Entrant.objects.filter(pk=entrant.pk).update(name=name)
    drive.refresh_from_db()
    # Two late arrivals, who play from the next hand; the evening then goes on one more hand.
    for name, role in (("Kath Late", "lady"), ("Len Late", "gent")):
        running.register(drive, name=name, role=role)
    drive = play(Event.objects.get(pk=drive.pk), stop_after=14)
    # The evening's money, for the treasurer's sheet: most entries paid at the door, the raffle and the hall.
    Club.objects.filter(pk=club.pk).update(fee_member=Decimal("3.00"), fee_guest=Decimal("4.00"))
    for entrant in drive.entrants.order_by("card_number")[:36]:
        money.pay_entry(drive, entrant, method="card" if entrant.card_number % 4 == 0 else "cash")
    raffle = money.add_line(drive, kind="raffle", amount=Decimal("45.00"), method="cash", note="Blue and pink books")
    money.correct(drive, raffle, amount=Decimal("44.00"), reason="A ticket sold twice")
    money.add_line(drive, kind="hall", amount=Decimal("25.00"), note="Village hall, 7 to 10 pm")
    individual = simulate_event(fmt=Format(movement="individual", hands=20, interval_after=10), tables=5, seed=4,
                                club=club, stop_after=0, name="Friday individual", date=date)  # fmt: skip
    games = simulate_event(
        fmt=Format(kind="games", movement="mitchell", hands=6, hands_per_round=3, interval_after=None, trumps="cut"),
        tables=2, seed=5, club=club, stop_after=0, name="Mitchell rubbers", date=date,
    )  # fmt: skip
    duplicate = simulate_event(fmt=Format.duplicate(15, 3, "mitchell", "matchpoints", "HDSC"), tables=5, seed=6,
                               club=club, name="Duplicate pairs", date=date)  # fmt: skip
    season = Season.objects.create(club=club, name="Winter 2026", starts=datetime.date(2026, 9, 1),
                                   ends=datetime.date(2026, 12, 31), counting="best", best=8)  # fmt: skip
    return {"drive": Event.objects.get(pk=drive.pk), "individual": individual, "games": games, "season": season,
            "club": club, "duplicate": duplicate}  # fmt: skip


def documents(found: dict) -> dict[str, bytes]:
    drive, individual, games = found["drive"], found["individual"], found["games"]
    late = sorted(drive.entrants.filter(joined_hand__gt=1).values_list("card_number", flat=True))
    last = drive.entrants.order_by("-card_number").values_list("card_number", flat=True).first()
    return {
        "scorecards": printing.scorecards_pdf(from_models.scorecard_sheet(drive, BASE)),
        "scorecards-individual": printing.scorecards_pdf(from_models.scorecard_sheet(individual, BASE)),
        "reprint-late-arrivals": printing.scorecards_pdf(from_models.scorecard_sheet(drive, BASE, cards=set(late))),
        "blank-scorecards": printing.scorecards_pdf(
            from_models.blank_scorecard_sheet(drive, list(range(last + 1, last + 5)))
        ),
        "table-cards": printing.table_cards_pdf(from_models.table_card_sheet(drive, BASE)),
        "club-table-cards": printing.club_table_cards_pdf(
            from_models.club_table_card_sheet(found["club"], tables_of(found["club"], 2), BASE)
        ),
        "result-slips": printing.result_slips_pdf(from_models.result_slip_sheet(drive, 15, 15)),
        "progression": printing.progression_sheet_pdf(from_models.progression_sheet(individual)),
        "wall-sheet": printing.wall_sheet_pdf(from_models.progression_sheet(individual)),
        "find-your-table": printing.find_your_table_pdf(from_models.progression_sheet(drive)),
        "results": printing.results_pdf(from_models.results_sheet(drive)),
        "prize-list": printing.prize_list_pdf(from_models.results_sheet(drive)),
        "score-pads": printing.score_pads_pdf(from_models.score_pad_sheet(games)),
        "season-table": printing.season_pdf(season_sheet(found["season"])),
        "pair-cards": printing.pair_cards_pdf(from_models.pairs_sheet(found["duplicate"])),
        "movement-cards": printing.movement_cards_pdf(from_models.pairs_sheet(found["duplicate"])),
        "hand-records": printing.hand_records_pdf(from_models.pairs_sheet(found["duplicate"])),
        "hand-records-results": printing.hand_records_pdf(
            from_models.pairs_sheet(found["duplicate"]), with_results=True
        ),
        "travellers": printing.travellers_pdf(from_models.pairs_sheet(found["duplicate"])),
        "duplicate-results": printing.duplicate_results_pdf(from_models.pairs_sheet(found["duplicate"])),
        "door-poster": printing.door_poster_pdf(from_models.door_poster(drive, BASE)),
        "treasurers-sheet": printing.treasurers_sheet_pdf(from_models.treasurers_sheet(drive)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "printing"), help="folder for the PNG pages")
    parser.add_argument("--dpi", type=int, default=40, help="resolution of the pictures (default 40)")
    parser.add_argument("--keep-pdfs", action="store_true", help="also write the PDFs beside the pictures")
    args = parser.parse_args()
    if shutil.which("pdftoppm") is None:
        sys.exit("pdftoppm is needed to render the pages (apt-get install poppler-utils)")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for name, pdf in documents(evenings()).items():
            source = Path(folder) / f"{name}.pdf"
            source.write_bytes(pdf)
            if args.keep_pdfs:
                shutil.copy(source, out / source.name)
            subprocess.run(["pdftoppm", "-r", str(args.dpi), "-png", "-singlefile", "-f", "1", "-l", "1",
                            str(source), str(out / name)], check=True)  # fmt: skip
            print(f"{out / name}.png")


if __name__ == "__main__":
    main()
