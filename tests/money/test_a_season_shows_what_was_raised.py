"""A season's page adds up what each of its evenings raised: the net proceeds of each, and the season's sum."""

import datetime
from decimal import Decimal

from django.urls import reverse

from clubs.models import Season
from tests.factories import add_entrants, make_event
from whistdrive.engines.formats import Format
from whistdrive.evening import money, running


def test_a_season_shows_each_evenings_net_proceeds_and_the_sum(olive, cast):
    club = cast["club_a"]
    season = Season.objects.create(
        club=club, name="Winter", starts=datetime.date(2026, 9, 1), ends=datetime.date(2027, 3, 31)
    )
    evenings = []
    for day in (1, 8):
        event = make_event(club, Format(hands=4, interval_after=None), date=datetime.date(2026, 12, day))
        add_entrants(event, 4, 4)
        running.start_event(event, seed=1)
        evenings.append(event)
    money.add_line(evenings[0], kind="raffle", amount=Decimal("40.00"), method="cash")
    money.add_line(evenings[0], kind="hall", amount=Decimal("15.50"))
    money.add_line(evenings[1], kind="donation", amount=Decimal("100.00"), method="card")
    page = olive.get(reverse("season", args=[club.pk, season.pk])).content.decode()
    assert "£24.50" in page and "£100.00" in page
    assert 'Raised over the season (net proceeds)</th><th class="num">£124.50' in page
