"""Issue 50's "done when", end to end: a new organiser runs a 20-table fundraising evening. The club's prices are
set on its page; half the players check themselves in by phone (couples from one phone, walk-ins confirmed and
paid at the door), the other half at the desk; everyone pays; the raffle and the mystery card number are drawn on
the projector; the evening is played to the end; and the treasurer's sheet shows the right net proceeds.

The pictures of docs/organising.md ("A fundraising evening of 20 tables") are this test's screenshots.

What is taken, worked by hand:
  entry      60 members × £3 cash, 8 × £3 card, 3 × £3 already paid, 5 concessions × £2 cash,
             4 walk-ins as guests × £4 cash                                            £239.00
  raffle     150 tickets at 50p, cash                                                   £75.00
  teas       £42.50 cash, corrected to £40.50 (two teas given away)                     £40.50
  donation   card                                                                       £20.00
             takings                                                                  £374.50
  costs      prizes £45.00, the hall £30.00                                             £75.00
             net proceeds                                                             £299.50
"""

import subprocess
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest

from tests.browser.conftest import db_quiet, log_in
from tests.factories import give_access, make_club, make_event, make_member, make_user
from tests.printing.helpers import pages_text
from whistdrive.engines.formats import Format
from whistdrive.evening import door, draws, money, running, simulate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_fundraising_evening_of_twenty_tables_ends_with_the_right_net_proceeds(hall, live_server):
    club = make_club("Nether Wallop Whist Club")
    give_access(make_user("olive"), club)
    members = [make_member(club, f"{'Lady' if n % 2 else 'Gent'} Member {n + 1}", "lady" if n % 2 else "gent")
               for n in range(76)]  # fmt: skip
    event = make_event(club, Format(hands=12, interval_after=6), name="Church roof drive", seed=50)
    laptop = hall.laptop()
    log_in(laptop, "olive", "correct horse battery")

    # Before the evening: the club's prices, once, on its own page.
    laptop.goto(f"/clubs/{club.pk}/evenings/")
    laptop.get_by_label("Member").fill("3")
    laptop.get_by_label("Guest").fill("4.00")
    laptop.get_by_label("Concession").fill("£2")
    laptop.get_by_label("Lowest score of the second half").check()
    laptop.get_by_role("button", name="Save").click()
    laptop.get_by_text("prices and prizes are saved").wait_for()
    hall.shot(laptop, "club-prices")

    with db_quiet(live_server):
        door.set_door(event, open=True, late=False)
        # Half the hall by phone: 18 couples and 2 members alone (38), and 4 walk-ins the desk confirms and
        # takes a guest's price from at the door.
        for n in range(0, 36, 2):
            door.check_in(event, members[n : n + 2], device=f"couple-{n}")
        door.check_in(event, [members[36]], device="alone-36")
        door.check_in(event, [members[37]], device="alone-37")
        for n in range(4):
            waiting = door.walk_in(event, f"Visitor {n + 1}", device=f"walk-in-{n}")
            door.confirm(event, waiting, role="lady" if n % 2 else "gent", method="cash", fee="guest")
        # The other half at the desk.
        for member in members[38:]:
            running.register(event, name=member.name, role=member.role, member=member)
        entrants = list(event.entrants.filter(member__isnull=False).order_by("card_number"))
        assert event.entrants.count() == 80 and len(entrants) == 76
        for number, entrant in enumerate(entrants):
            if number < 5:
                money.pay_entry(event, entrant, method="cash", fee="concession")
            elif number < 65:
                money.pay_entry(event, entrant, method="cash")
            elif number < 73:
                money.pay_entry(event, entrant, method="card")
            else:
                money.pay_entry(event, entrant, method="prepaid")
        money.add_line(event, kind="raffle", amount=Decimal("75.00"), method="cash", note="Pink 1–100, blue 1–50")
        teas = money.add_line(event, kind="refreshments", amount=Decimal("42.50"), method="cash")
        money.add_line(event, kind="donation", amount=Decimal("20.00"), method="card", note="In memory of Ivy")
        money.add_line(event, kind="prizes", amount=Decimal("45.00"), note="Sherry, chocolates, a hamper")
        money.add_line(event, kind="hall", amount=Decimal("30.00"))
        money.correct(event, teas, amount=Decimal("40.50"), reason="Two teas given to the helpers")

    laptop.goto(f"/events/{event.pk}/desk/")
    laptop.locator("#arrivals").get_by_text("Visitor 4").wait_for()
    hall.shot(laptop, "desk-twenty-tables")

    # The raffle, drawn on the projector.
    projector = hall.device({"width": 1280, "height": 720})
    log_in(projector, "olive", "correct horse battery")
    projector.goto(f"/events/{event.pk}/draws/show/")
    laptop.goto(f"/events/{event.pk}/draws/")
    laptop.get_by_label("Tickets sold").fill("pink 1-100, blue 1-50")
    laptop.get_by_role("button", name="Save the tickets").click()
    for prize in ("Bottle of sherry", "Box of chocolates", "The hamper"):
        laptop.get_by_label("For the prize").fill(prize)
        laptop.get_by_role("button", name="Draw a raffle ticket").click()
        laptop.get_by_text(f"Raffle: {prize}").first.wait_for()
    projector.get_by_text("The hamper").first.wait_for(timeout=20_000)
    hall.shot(projector, "raffle-on-the-projector")

    with db_quiet(live_server):
        running.start_event(event, by="random", seed=50)
        event.refresh_from_db()
        assert event.tables.count() == 20
        simulate.play(event)  # every table's result entered as the phones do; the last one ends the evening
        event.refresh_from_db()
        assert event.status == event.Status.FINISHED
        draws.draw(event, "mystery_card", prize="Mystery card number")
        lines = draws.audit(event)
        assert [line.checked for line in lines] == [True] * 4

    laptop.goto(f"/events/{event.pk}/money/")
    laptop.get_by_text("Net proceeds").first.wait_for()
    hall.shot(laptop, "money-twenty-tables")
    assert "£299.50" in laptop.locator("[data-net]").inner_text()

    sheet = laptop.request.get(f"{hall.base_url}/events/{event.pk}/money/treasurer.pdf")
    assert sheet.ok
    text = " ".join(" ".join(pages_text(sheet.body())).split())
    for words in ("Net proceeds £299.50", "£374.50", "£75.00", "Two teas given to the helpers"):
        assert words in text, words
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "treasurer.pdf"
        pdf.write_bytes(sheet.body())
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf),
                        str(hall.artifacts / "99-treasurers-sheet")], check=True)  # fmt: skip

    # The prize list the MC reads from ends with the draws, the club's special prize among the prizes.
    prizes = laptop.request.get(f"{hall.base_url}/events/{event.pk}/print/prize-list.pdf")
    assert prizes.ok
    listed = " ".join(" ".join(pages_text(prizes.body())).split())
    assert "Lowest second half" in listed and "Mystery card number" in listed and "The hamper" in listed
