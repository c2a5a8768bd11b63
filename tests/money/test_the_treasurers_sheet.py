"""The treasurer's sheet (PDF) and the ledger for a spreadsheet (CSV) say the same net proceeds as the page."""

import csv
import io
from decimal import Decimal

from django.urls import reverse

from tests.printing.helpers import pages_text
from whistdrive.evening import money


def _an_evenings_money(evening):
    money.pay_entry(evening, evening.entrants.get(name="Ann Member"), method="cash")
    money.pay_entry(evening, evening.entrants.get(card_number=2), method="card")
    raffle = money.add_line(evening, kind="raffle", amount=Decimal("45.00"), method="cash", note="=HYPERLINK(x)")
    money.correct(evening, raffle, amount=Decimal("44.00"), reason="A forged ticket")
    money.add_line(evening, kind="hall", amount=Decimal("25.00"))


def test_the_treasurers_sheet_shows_takings_costs_and_net_proceeds(olive, evening):
    _an_evenings_money(evening)
    response = olive.get(reverse("money_pdf", args=[evening.pk]))
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(" ".join(pages_text(response.content)).split())
    for words in ("Treasurer's sheet: Tuesday drive", "Total takings £51.00", "Total costs £25.00",
                  "Net proceeds £26.00", "Cash £47.00", "Card £4.00", "−£1.00", "A forged ticket", "8 Ann Member",
                  "1 December 2026"):  # fmt: skip
        assert words in text, words


def test_the_csv_has_every_line_and_the_net_with_typed_notes_kept_as_text(olive, evening):
    _an_evenings_money(evening)
    response = olive.get(reverse("money_csv", args=[evening.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:4] == ["Line", "Time", "Kind", "Amount"]
    assert [row[3] for row in rows[1:6]] == ["3.00", "4.00", "45.00", "-1.00", "25.00"]
    assert rows[3][6] == "'=HYPERLINK(x)"
    assert rows[-1][2:] == ["Net proceeds", "26.00"]
