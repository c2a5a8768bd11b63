"""The draws' winners are on the paper the MC reads from and the results sheet pinned up afterwards, as the prize
page lists them (#50): the raffle's tickets in the order drawn, the mystery card with its holder, the lucky table."""

import pytest

from tests.factories import make_cast
from tests.printing_views.evenings import progressive_evening
from tests.printing_views.test_paper_for_the_hall import flat, get
from whistdrive.evening import draws


@pytest.fixture
def cast(db):
    return make_cast()


def test_the_prize_list_and_the_results_sheet_end_with_the_draws_winners(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=12)
    draws.set_raffle_tickets(event, [draws.TicketRange("pink", 1, 100), draws.TicketRange("blue", 1, 50)])
    draws.draw(event, "raffle", prize="Bottle of sherry", seed=11)
    draws.draw(event, "raffle", prize="Box of chocolates", seed=12)
    draws.draw(event, "mystery_card", prize="Mystery card", seed=13)
    draws.draw(event, "lucky_table", seed=14)
    lines = draws.audit(event)
    client.force_login(olive)
    results, prize_list = flat(get(client, event, "results")), flat(get(client, event, "prize-list"))
    for text in (results, prize_list):
        assert "The draws" in text
        at = [text.index(line.title, text.index("The draws")) for line in lines]
        assert at == sorted(at), "the draws are printed in the order drawn"
        for line in lines:
            assert line.winner in text
    assert lines[2].winner.startswith("Card ") and ": " in lines[2].winner  # the holder's name is printed
    assert lines[3].winner.startswith("Table ") and ", " in lines[3].winner  # and the lucky table's four


def test_an_evening_without_draws_prints_no_draws_heading(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=12)
    client.force_login(olive)
    assert "The draws" not in flat(get(client, event, "results"))
    assert "The draws" not in flat(get(client, event, "prize-list"))
