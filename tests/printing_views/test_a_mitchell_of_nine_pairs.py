"""A Mitchell drive of nine pairs: four tables and a half table, and the last table's card says so."""

import pytest

from tests.factories import make_cast, make_event
from whistdrive.engines.formats import Format
from whistdrive.evening import running
from whistdrive.printing import from_models
from whistdrive.store.models import Entrant, Seating


@pytest.fixture
def cast(db):
    return make_cast()


def test_the_last_tables_card_sends_its_east_west_pair_to_the_half_table_not_to_table_one(cast):
    club_a, *_ = cast
    event = make_event(club_a, Format(movement="mitchell", hands=20, hands_per_round=4, interval_after=12))
    for number in range(1, 19):  # nine pairs, a lady and a gent each
        Entrant.objects.create(event=event, name=f"Player {number}", role="lady" if number % 2 else "gent",
                               card_number=number)  # fmt: skip
    running.start_event(event, seed=9)
    sheet = from_models.table_card_sheet(event, "http://192.168.1.20:8000")
    assert [card.table for card in sheet.cards] == [1, 2, 3, 4]
    assert Seating.objects.filter(event=event, hand=1, table__isnull=True).count() == 2  # the half table's pair
    assert sheet.cards[-1].movers == (
        "After every 4 hands: East–West pair sits out a round (the half table), then → table 1; North–South stay"
    )
    assert sheet.cards[0].movers == "After every 4 hands: East–West pair → table 2; North–South stay"
