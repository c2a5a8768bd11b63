"""After a hand each phone tells its own player first where to go ("YOU: go to table 3, North"), a
phone whose player has moved on says where they are now (never this table's seats to tap), and a
partner's change to your entry is said in so many words (#16.2)."""

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from tests.factories import seated_phone, started_event, table_of
from whistdrive.evening import entry
from whistdrive.store.models import Seating

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@pytest.fixture
def event():
    return started_event(ladies=6, gents=6)  # three tables, progressive: the winning lady and gent move


def _page(phone: Client, table) -> str:
    return phone.get(reverse("table", args=[table.token]), headers=HX).content.decode().replace("&#x27;", "'")


def _agree_all(event, ns: int = 9) -> None:
    for table in event.tables.all():
        entry.submit(table, hand=1, seat="N", tricks_ours=ns)
        entry.agree(table, hand=1, seat="E")


def test_after_a_hand_the_phone_says_its_own_players_next_place_first_and_large(event):
    table = table_of(event, 1)
    north = seated_phone(table, "N", headers=HX)
    entry.submit(table, hand=1, seat="N", tricks_ours=9)
    entry.agree(table, hand=1, seat="E")
    page = _page(north, table)
    you = re.search(r'<p class="you-next" role="status"><b>YOU</b>: ([^<]*)', page)
    assert you, page
    # North-South won: the lady at North moves up one table, and the phone says so to her.
    assert re.fullmatch(r"go to table 2, (North|East)( or (North|East) — the table will say when table 2 has "
                        r"finished)?[.,].*", you.group(1).strip().splitlines()[0]), you.group(1)  # fmt: skip
    assert page.index("you-next") < page.index('<ul class="moves">')
    # The list names all four, drawn once for the table's phones; this phone's own row (said above) carries
    # its seat, which the fragment's data-seat hides (site.css), so the phone shows the other three.
    rows = dict(re.findall(r'<li class="([NESW])"><b>([^<]+)</b>: ', page))
    seats = {s.seat: s.entrant.name for s in Seating.objects.filter(table=table, hand=1).select_related("entrant")}
    assert rows == seats
    assert '<div id="state" data-seat="N"' in page
    css = Path(finders.find("whistdrive/site.css")).read_text()
    assert re.search(r"\[data-seat=N\] \.moves \.N[^{]*\{ display: none; \}", css)


def test_a_seat_that_waits_on_another_table_names_that_table_and_the_page_redraws_when_it_finishes(event):
    event.auto_advance = False
    event.save()
    table = table_of(event, 1)
    north = seated_phone(table, "N", headers=HX)
    entry.submit(table, hand=1, seat="N", tricks_ours=9)
    entry.agree(table, hand=1, seat="E")
    _page(north, table)  # drawn once: it notes the tables its movers wait on
    page = _page(north, table)
    assert "North or East — the table will say when table 2 has finished" in page
    version = re.search(r"\?v=([0-9a-f]+)", page).group(1)
    entry.submit(table_of(event, 2), hand=1, seat="N", tricks_ours=4)
    entry.agree(table_of(event, 2), hand=1, seat="E")
    poll = north.get(reverse("table", args=[table.token]) + f"?v={version}", headers=HX)
    assert poll.status_code == 200
    you = re.search(r"<b>YOU</b>: ([^<]*)", poll.content.decode()).group(1)
    assert re.match(r"go to table 2, (North|East)[.,]", you), you


def test_a_phone_whose_player_moved_on_shows_their_new_table_not_this_tables_seats(event):
    table = table_of(event, 1)
    north = seated_phone(table, "N", headers=HX)
    lady = Seating.objects.get(table=table, hand=1, seat="N").entrant
    _agree_all(event)
    event.refresh_from_db()
    assert event.current_hand == 2
    now = Seating.objects.get(entrant=lady, hand=2)
    assert now.table.number == 2
    page = _page(north, table)
    assert f"<b>YOU</b>: go to table 2, {SEAT_WORDS[now.seat]}." in page
    assert "Scan the card on table 2" in page
    # Not this table's "Which seat are you?" with strangers' names a tap would take over.
    assert "Which seat are you?" not in page and 'name="seat"' not in page
    assert f"I'm not {lady.name}" in page
    # At the new table's own code the phone knows its player at once.
    assert f'<div id="state" data-seat="{now.seat}"' in _page(north, now.table)  # its seat marked (site.css)


def test_a_phone_that_is_not_that_player_forgets_them_and_may_choose_a_seat(event):
    table = table_of(event, 1)
    north = seated_phone(table, "N", headers=HX)
    _agree_all(event)
    north.post(reverse("table_forget_seat", args=[table.token]), headers=HX)
    page = _page(north, table)
    assert "Which seat are you?" in page and "<b>YOU</b>" not in page


def test_when_a_partners_entry_replaces_yours_your_phone_says_so(event):
    table = table_of(event, 1)
    north, south = seated_phone(table, "N", headers=HX), seated_phone(table, "S", headers=HX)
    north.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 7}, headers=HX)
    south.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8}, headers=HX)
    assert "South changed it to 8 (you said 7)." in _page(north, table)
    assert "changed it" not in _page(south, table)
    # North enters again: the claim is North's own once more, and nothing is said.
    north.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8}, headers=HX)
    assert "changed it" not in _page(north, table)


def test_an_east_west_partner_change_is_said_in_east_wests_tricks(event):
    table = table_of(event, 1)
    east, west = seated_phone(table, "E", headers=HX), seated_phone(table, "W", headers=HX)
    east.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 5}, headers=HX)
    west.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 6}, headers=HX)
    assert "West changed it to 6 (you said 5)." in _page(east, table)
