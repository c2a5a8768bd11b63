"""Each document loads the evening in a fixed number of queries, whatever its size."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_cast
from tests.printing_views.evenings import individual_evening, progressive_evening
from whistdrive.printing import from_models

ADAPTERS = {
    "scorecards": lambda event: from_models.scorecard_sheet(event, "http://192.168.1.20:8000"),
    "table cards": lambda event: from_models.table_card_sheet(event, "http://192.168.1.20:8000"),
    "progression": from_models.progression_sheet,
    "results": from_models.results_sheet,
}


def queries(build, event) -> int:
    with CaptureQueriesContext(connection) as captured:
        build(event)
    return len(captured.captured_queries)


@pytest.mark.django_db
def test_twenty_and_forty_players_cost_the_same_queries():
    club_a, *_ = make_cast()
    small = individual_evening(club_a, played=1)
    large = progressive_evening(club_a, played=1)
    for name, build in ADAPTERS.items():
        # The scorecards ask one thing more: whether the club publishes to a hosted site (the members' QR codes).
        assert queries(build, small) == queries(build, large) <= (9 if name == "scorecards" else 8), name
