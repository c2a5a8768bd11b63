"""Choosing "Deal by deal" for a league match opens the grid of 24 deals and sets the totals aside: it
stayed closed, under totals no longer asked for, and the organiser thought it did not open (#47)."""

import pytest
from playwright.sync_api import expect

from clubs.models import League
from tests.browser.conftest import HALL_LAPTOP, db_quiet, log_in
from tests.factories import give_access, make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_choosing_deal_by_deal_opens_the_grid(hall, live_server):
    with db_quiet(live_server):
        olive = make_user("olive")
        home, away = make_club("Nether Wallop Whist Club"), make_club("Over Wallop Whist Club")
        give_access(olive, home)
        league = League.objects.create(name="Wallops League")
        league.clubs.add(home, away)
    page = hall.device(HALL_LAPTOP)
    log_in(page, "olive", "correct horse battery")
    page.goto(f"/clubs/leagues/{league.pk}/")
    grid = page.locator("details.match-deals")
    expect(grid).not_to_have_attribute("open", "")
    page.get_by_label("Deal by deal").check()
    expect(grid).to_have_attribute("open", "")
    expect(page.get_by_label("Deal 24 away tricks")).to_be_visible()
    expect(page.locator("fieldset.match-totals")).to_be_hidden()
    page.get_by_label("Total tricks", exact=True).check()
    expect(page.locator("fieldset.match-totals")).to_be_visible()
