"""The club's public results in Chromium, on a phone and a laptop: long and non-Latin names wrap inside their
tables, the grade chart draws, a duplicate board shows its hand record, and nothing leaves the site (#51)."""

import datetime

import pytest

from tests.browser.conftest import HALL_LAPTOP, HALL_PHONE
from tests.factories import (
    WORKED_GENTS,
    WORKED_LADIES,
    as_members,
    duplicate_event,
    make_club,
    make_member,
    publish,
    two_table_evening,
)
from whistdrive.evening import double_dummy, simulate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = {
    "Ann": "Bartholomew Featherstonehaugh-Cholmondeley",
    "Bet": "Zoë Łukasiewicz-Wojciechowska",
    "Cat": "王秀英",
    "Dot": "Αλέξανδρος Παπαδόπουλος",
    "Eve": "Nguyễn Thị Minh Khai",
    "Fred": "Siobhán O'Brien",
    "Gus": "Дмитрий Шостакович",
    "Hal": "Wilhelmina Kittredge-Abernathy",
    "Ian": "Ólafur Ragnar Grímsson",
}


@pytest.fixture
def club():
    club = make_club("Llanfairpwllgwyngyll & District Whist Club")
    members = {short: make_member(club, full) for short, full in NAMES.items()}
    members["Hal"].online = "initials"
    members["Hal"].save()
    for week, name in enumerate(["Autumn drive", "Harvest drive", "Martinmas drive"]):
        event = two_table_evening(club, name=name, date=datetime.date(2026, 10, 6) + datetime.timedelta(weeks=week))
        for entrant in event.entrants.all():
            entrant.name = NAMES[entrant.name]
            entrant.save(update_fields=["name"])
        as_members(event, {m.name: m for m in members.values()})
        publish(event)
    duplicate = duplicate_event(club, pairs=6, boards=6, boards_per_round=2)
    simulate.play(duplicate)
    double_dummy.solve_event(duplicate)
    publish(duplicate)
    assert set(WORKED_LADIES + WORKED_GENTS) == set(NAMES)
    club.members_by_short = members
    club.duplicate = duplicate
    return club


def _fits(page) -> bool:
    """Nothing wider than the screen (a wide table scrolls inside its own box)."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_player_finds_their_evening_history_and_grade_on_a_phone(hall, club):
    phone = hall.device(HALL_PHONE)
    phone.goto(f"/results/{club.public_id}/")
    hall.shot(phone, "club-phone")
    assert _fits(phone)
    phone.get_by_role("link", name="Martinmas drive").click()
    phone.get_by_role("heading", name="Martinmas drive").wait_for()
    hall.shot(phone, "evening-phone")
    assert _fits(phone)
    assert phone.get_by_text("W. K. A.").count() >= 1  # Hal chose initials
    phone.get_by_role("link", name="Nguyễn Thị Minh Khai").first.click()
    phone.get_by_role("heading", name="Nguyễn Thị Minh Khai").wait_for()
    assert phone.locator("figure.grade-chart svg circle").count() == 3
    hall.shot(phone, "player-phone")
    assert _fits(phone)
    assert hall.foreign_requests() == []
    assert hall.csp_violations == []


def test_the_pages_on_a_laptop_and_a_duplicate_board(hall, club):
    laptop = hall.device(HALL_LAPTOP)
    laptop.goto(f"/results/{club.public_id}/players/{club.members_by_short['Bet'].public_id}/")
    laptop.get_by_role("heading", name="Zoë Łukasiewicz-Wojciechowska").wait_for()
    hall.shot(laptop, "player-laptop")
    laptop.goto(f"/results/{club.public_id}/evenings/{club.duplicate.public_id}/")
    hall.shot(laptop, "duplicate-laptop")
    laptop.get_by_role("link", name="Board 1", exact=True).click()
    laptop.get_by_role("heading", name="Board 1").wait_for()
    assert laptop.get_by_text("were there").count() >= 1 or laptop.get_by_text("was there").count() >= 1
    hall.shot(laptop, "board-laptop")
    phone = hall.device(HALL_PHONE)
    phone.goto(laptop.url)
    hall.shot(phone, "board-phone")
    assert _fits(phone)
    assert hall.csp_violations == []


def test_the_public_pages_have_no_serious_accessibility_violation(hall, club):
    from tests.browser.conftest import serious_violations

    page = hall.device(HALL_LAPTOP)
    found = {}
    for name, url in [
        ("club", f"/results/{club.public_id}/"),
        ("evening", f"/results/{club.public_id}/evenings/{club.duplicate.public_id}/"),
        ("board", f"/results/{club.public_id}/evenings/{club.duplicate.public_id}/boards/1/"),
        ("player", f"/results/{club.public_id}/players/{club.members_by_short['Eve'].public_id}/"),
    ]:
        page.goto(url)
        found[name] = serious_violations(page)
    assert found == {name: [] for name in found}
