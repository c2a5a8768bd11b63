"""A table's token is the key to that table and its current hand, and to nothing else."""

import re

from django.test import Client
from django.urls import reverse

from tests.factories import seated_phone
from whistdrive.store.models import Entrant, Result, Submission

HX = {"HX-Request": "true"}
TOKEN = re.compile(r"[A-Za-z0-9_\-]{43}")


def _other_tokens(event, *, keep: set[str]) -> set[str]:
    tokens = {t.token for t in event.tables.all()} | set(event.entrants.values_list("token", flat=True))
    return tokens - keep


def test_a_table_page_shows_only_its_own_table_and_the_seated_players_own_link(running):
    event, table = running["event"], running["table"]
    phone = seated_phone(table, "N")
    page = phone.get(reverse("table", args=[table.token])).content.decode()
    north = table.seatings.get(hand=1, seat="N").entrant
    assert north.token in page  # "your own page" for the player who chose North
    for token in _other_tokens(event, keep={table.token, north.token}):
        assert token not in page
    assert "Table 1" in page and "Table 2" not in page


def test_posting_with_one_tables_token_changes_only_that_table(running):
    event = running["event"]
    one, two = event.tables.get(number=1), event.tables.get(number=2)
    north = seated_phone(one, "N")
    north.post(reverse("table_enter", args=[one.token]), {"hand": 1, "tricks": 9}, headers=HX)
    east = seated_phone(one, "E")
    east.post(reverse("table_agree", args=[one.token]), {"hand": 1, "seat": "E", "tricks_ns": 9}, headers=HX)
    assert list(Result.objects.filter(table__event=event).values_list("table__number", "tricks_ns")) == [(1, 9)]
    assert not Submission.objects.filter(table=two).exists()
    # A phone that chose a seat at table 1 is nobody at table 2: its entry there is refused.
    response = north.post(reverse("table_enter", args=[two.token]), {"hand": 1, "tricks": 9}, headers=HX)
    assert "Choose your seat" in response.content.decode()
    assert not Result.objects.filter(table=two).exists()


def test_a_table_token_cannot_write_another_hand(running):
    table = running["table"]
    phone = seated_phone(table, "N")
    for hand in (0, 2, 6, -1, 99):
        response = phone.post(reverse("table_enter", args=[table.token]), {"hand": hand, "tricks": 8}, headers=HX)
        assert response.status_code == 200
        assert "Nothing was entered" in response.content.decode() or "not" in response.content.decode()
    assert not Submission.objects.filter(table=table).exclude(outcome__startswith="refused").exists()
    assert not Result.objects.filter(table=table).exists()


def test_a_new_qr_code_locks_the_old_token_out(cast, running):
    table, event = running["table"], running["event"]
    old = table.token
    olive = Client()
    olive.force_login(cast["olive"])
    olive.post(reverse("event_live_new_token", args=[event.pk, 1]))
    table.refresh_from_db()
    assert table.token != old
    # The old code opens nothing: its phones are told the table has a new one (410 Gone).
    for response in (
        Client().get(reverse("table", args=[old])),
        Client().post(reverse("table_enter", args=[old]), {"hand": 1, "tricks": 8}),
    ):
        assert response.status_code == 410
        assert "This table has a new code: scan the card on the table" in response.content.decode()
    assert not table.submissions.exists()
    assert Client().get(reverse("table", args=[table.token])).status_code == 200


def test_a_players_page_shows_only_that_player(running):
    event = running["event"]
    person = event.entrants.get(card_number=1)
    page = Client().get(reverse("player", args=[person.token])).content.decode()
    assert person.name in page or person.name.replace("'", "&#x27;") in page
    others = _other_tokens(event, keep={person.token}) | {event.board_token}
    assert set(TOKEN.findall(page)) & others == set()
    # Other players' links are never on it, whatever they are called.
    for other in Entrant.objects.filter(event=event).exclude(pk=person.pk):
        assert reverse("player", args=[other.token]) not in page


def test_the_public_board_carries_no_table_or_player_token(running):
    event = running["event"]
    page = Client().get(reverse("board", args=[event.board_token])).content.decode()
    for token in _other_tokens(event, keep=set()):
        assert token not in page
