"""The organiser's pages on a 1366×768 laptop: the event page's seating boxes never overlap (long
names wrap), the event form shows only the chosen kind's fields, no control's words are cut off,
the desk says who is here, and a new club's home page says what to do first (#16.3, #16.5)."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import HALL_LAPTOP, db_quiet, log_in, serious_violations
from tests.factories import give_access, make_club, make_event, make_member, make_user, started_event
from whistdrive.engines.formats import Format
from whistdrive.evening import running

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAMES = [
    "Bartholomew Featherstonehaugh-Cholmondeley",
    "Zoë Łukasiewicz-Wojciechowska",
    "Marjoribanks Throckmorton",
    "Wilhelmina Kittredge-Abernathy",
]


def _organiser(hall):
    page = hall.device(HALL_LAPTOP)
    log_in(page, "olive", "correct horse battery")
    return page


@pytest.fixture
def club():
    club = make_club()
    give_access(make_user("olive"), club)
    return club


def _overlaps(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_event_pages_seating_boxes_never_overlap_with_long_names(hall, live_server, club):
    with db_quiet(live_server):
        event = make_event(club, Format(hands=4, interval_after=None), name="Long names drive")
        for i in range(8):
            name = LONG_NAMES[i % 4] + ("" if i < 4 else " Junior")
            running.register(event, name=name, role="lady" if i % 2 == 0 else "gent")
        running.start_event(event, seed=3)
    page = _organiser(hall)
    page.goto(f"/events/{event.pk}/")
    cards = page.locator(".seat-cards .card")
    expect(cards).to_have_count(2)
    for c in range(2):
        card = cards.nth(c)
        outer = card.bounding_box()
        boxes = [card.locator(f".seats .{seat}").bounding_box() for seat in "NESW"]
        for i, box in enumerate(boxes):
            assert box["x"] >= outer["x"] and box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5
            for other in boxes[i + 1 :]:
                assert not _overlaps(box, other), (box, other)
        # The words stay inside their box: nothing runs out under a neighbour.
        spill = card.locator(".seats > div").evaluate_all(
            "els => els.filter(e => e.scrollWidth > e.clientWidth).length"
        )
        assert spill == 0
    hall.shot(page, "event-page-long-names")
    assert serious_violations(page) == []


def test_the_event_form_shows_only_the_fields_of_the_chosen_kind(hall, live_server, club):
    page = _organiser(hall)
    page.goto(f"/clubs/{club.pk}/events/new/")
    kind = page.locator("#id_kind")
    expect(kind).to_have_value("drive")
    for name in ("rubber", "target", "revoke_penalty", "honours"):
        expect(page.locator(f"#id_{name}")).to_be_hidden()
    expect(page.locator("#id_movers")).to_be_visible()
    hall.shot(page, "event-form-drive")
    kind.select_option("games")
    expect(page.locator("#id_rubber")).to_be_visible()
    expect(page.locator("#id_movers")).to_be_hidden()
    hall.shot(page, "event-form-games")
    kind.select_option("drive")
    page.locator("#id_name").fill("Friday drive")
    page.locator("#id_date").fill("2026-12-04")
    page.get_by_role("button", name="Create the event").click()
    page.get_by_text("Friday drive created.").wait_for()
    expect(page.get_by_text("A progressive drive of 24 hands")).to_be_visible()


def test_no_choice_or_hint_on_the_organisers_forms_is_cut_off(hall, live_server, club):
    with db_quiet(live_server):
        event = make_event(club, Format(hands=4, interval_after=2), name="Friday drive")
        drive = started_event(club, name="Tuesday drive")
    page = _organiser(hall)
    cut = []
    pages = [f"/events/{event.pk}/prizes/", f"/clubs/{club.pk}/events/new/", f"/events/{event.pk}/desk/"]
    pages += [f"/events/{drive.pk}/{tab}/" for tab in ("live", "paper", "standings", "desk", "edit")]
    pages += [f"/clubs/{club.pk}/members/", f"/clubs/{club.pk}/seasons/add/"]
    for url in pages:
        page.goto(url)
        # Each select is at least as wide as its longest choice (plus its arrow).
        cut += page.locator("select:visible").evaluate_all(
            """selects => selects.flatMap(select => {
                const probe = document.createElement('span');
                probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:' + getComputedStyle(select).font;
                document.body.appendChild(probe);
                const widest = Math.max(...[...select.options].map(o => { probe.textContent = o.text; return probe.offsetWidth; }));
                probe.remove();
                const room = select.clientWidth - parseFloat(getComputedStyle(select).paddingLeft) - 20;
                return widest > room ? [location.pathname + ' ' + (select.name || select.id) + ': ' + widest + ' > ' + room] : [];
            })"""
        )
        # Each box's hint fits the box.
        cut += page.locator("input[placeholder]:visible").evaluate_all(
            """inputs => inputs.flatMap(input => {
                const probe = document.createElement('span');
                probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:' + getComputedStyle(input).font;
                probe.textContent = input.placeholder;
                document.body.appendChild(probe);
                const wide = probe.offsetWidth;
                probe.remove();
                const style = getComputedStyle(input);
                const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                return wide > room ? [location.pathname + ' ' + (input.name || input.id) + ' hint: ' + wide + ' > ' + room] : [];
            })"""
        )
    hall.shot(page, "desk")
    assert cut == [], "\n".join(cut)


def test_the_desk_says_someone_searched_for_is_here_with_their_card(hall, live_server, club):
    with db_quiet(live_server):
        make_member(club, "Agnes Smith", "lady")
        event = make_event(club, Format(hands=4, interval_after=None), name="Friday drive")
    page = _organiser(hall)
    page.goto(f"/events/{event.pk}/desk/")
    page.locator("#desk-q").fill("agnes")
    page.locator("#matches li").filter(has_text="Agnes Smith").wait_for()
    # The next name arrives at once, as from a card scanner: typed in the same moment the added card
    # is swapped in (before htmx's default 20 ms settle would have wired up the new search field).
    page.evaluate(
        """() => document.body.addEventListener("htmx:afterSwap", (swapped) => {
             if (swapped.detail.target.id !== "desk") return;
             setTimeout(() => {
               const q = document.getElementById("desk-q");
               q.value = "agn";
               q.dispatchEvent(new Event("input", {bubbles: true}));
             }, 0);
           })"""
    )
    page.locator("#desk-q").press("Enter")
    expect(page.locator(".card.added")).to_contain_text("Card 1")
    expect(page.locator("#matches")).to_contain_text("Agnes Smith is here: card 1")
    expect(page.locator("#matches")).not_to_contain_text("as a guest")
    hall.shot(page, "desk-agnes-is-here")
    assert serious_violations(page) == []


def test_a_new_clubs_home_page_says_what_to_do_first_with_links_that_work(hall, live_server, club):
    page = _organiser(hall)
    page.goto("/")
    expect(page.get_by_role("heading", name="What to do first")).to_be_visible()
    hall.shot(page, "home-first-steps")
    assert serious_violations(page) == []
    page.get_by_role("link", name="import them from a spreadsheet (CSV)").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Import")
    page.go_back()
    page.get_by_role("link", name="new event").click()
    expect(page.locator("#id_kind")).to_be_visible()
