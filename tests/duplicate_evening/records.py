"""Hand records read back from a printed PDF: what a test compares with the boards stored and played."""

import io
import re

from pypdf import PdfReader

from whistdrive.engines.vocabulary import SEAT_NAMES

SEAT_OF = {name: seat for seat, name in SEAT_NAMES.items()}
SUIT_OF = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
TRUMP_WORDS = {"H": "Hearts", "D": "Diamonds", "S": "Spades", "C": "Clubs", "N": "trumps"}


def records_in(pdf: bytes) -> dict[int, dict]:
    """Board number -> {"dealer", "trump", "deal": seat -> sorted card names}, as the sheets print them.

    A board's diagram prints North and West, then the board's number, dealer and trump, then East and
    South: every four hands read belong to the boards in the order their numbers appear."""
    lines = [line.strip() for page in PdfReader(io.BytesIO(pdf)).pages for line in page.extract_text().splitlines()]
    hands: list[tuple[str, list[str]]] = []
    boards: list[dict] = []
    for i, line in enumerate(lines):
        heading = re.fullmatch(r"(North|East|South|West)( \(dealer\))?", line)
        if heading:
            cards = []
            for suit_line in lines[i + 1 : i + 5]:
                symbol, *ranks = suit_line.split()
                cards += [f"{rank}{SUIT_OF[symbol]}" for rank in ranks if rank != "–"]
            hands.append((SEAT_OF[heading.group(1)], sorted(cards)))
        if number := re.fullmatch(r"Board (\d+)", line):
            dealer = re.fullmatch(r"Dealer (\w+)", lines[i + 1]).group(1)
            trump = lines[i + 2].split()[-1]
            boards.append({"number": int(number.group(1)), "dealer": SEAT_OF[dealer], "trump": trump})
    assert len(hands) == 4 * len(boards), "every board prints four hands"
    for k, board in enumerate(boards):
        board["deal"] = dict(hands[4 * k : 4 * k + 4])
    return {board.pop("number"): board for board in boards}


def stored_records(event) -> dict[int, dict]:
    """The event's boards as stored, in the shape ``records_in`` reads from a sheet."""
    return {
        b.number: {
            "dealer": b.dealer,
            "trump": TRUMP_WORDS[b.trump],
            "deal": {seat: sorted(cards) for seat, cards in b.deal.items()},
        }
        for b in event.boards.all()
    }
