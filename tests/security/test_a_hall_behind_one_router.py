"""Hosted: every phone in a hall shares its router's address. One phone (or a web page with 31
image links) presenting wrong table links must not lock the hall out of its own tables.

Found by trying: 62 GETs of /t/<random>/ from the hall's address, and every table page and entry
from that hall answered 429 for 10 minutes. Now the address's wrong guesses are still limited (a
scanner gets 429 for them), but a right table, player or board link is always served.
"""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from clubs.models import ClubTable
from whistdrive.engines.tokens import new_token

HALL = "203.0.113.50"  # the hall router's one public address


@pytest.fixture(autouse=True)
def _fresh_counts(settings):
    settings.TOKEN_RATE_LIMIT = 30  # the hosted default
    cache.clear()
    yield
    cache.clear()


def test_wrong_links_from_the_hall_do_not_lock_its_tables_out(running):
    event, table = running["event"], running["table"]
    guesser = Client(REMOTE_ADDR=HALL)
    answers = [guesser.get(f"/t/{new_token()}/").status_code for _ in range(62)]
    assert answers[:30] == [404] * 30 and answers[-1] == 429  # the guesses are limited...
    # ...but every phone in the hall still reaches its table, its player page and the board.
    phone = Client(REMOTE_ADDR=HALL)
    assert phone.get(reverse("table", args=[table.token])).status_code == 200
    assert phone.post(reverse("table_seat", args=[table.token]), {"seat": "N"}).status_code == 302
    entered = phone.post(
        reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 7}, headers={"HX-Request": "true"}
    )
    assert entered.status_code == 200 and "refused" not in entered.content.decode().lower()
    assert table.submissions.filter(outcome="pending").exists()
    player = event.entrants.first()
    assert phone.get(reverse("player", args=[player.token])).status_code == 200
    assert phone.get(reverse("board", args=[event.board_token])).status_code == 200
    card = ClubTable.objects.create(club=event.club, number=table.number)
    assert phone.get(f"/c/{card.token}/").status_code == 302  # a club's laminated card: to tonight's table
    # The guesser's own next wrong guesses are still refused, club table card codes too.
    assert guesser.get(f"/p/{new_token()}/").status_code == 429
    assert guesser.get(f"/c/{new_token()}/").status_code == 429


def test_a_web_page_of_image_links_does_not_lock_out_the_phones_that_open_it(running):
    # 31 <img src="https://whist.example.org/t/…"> on a page a player opens: the phone's browser
    # fetches them all (with the player's own cookies) from the hall's address.
    phone = Client(REMOTE_ADDR=HALL)
    for _ in range(31):
        phone.get(f"/t/{new_token()}/", HTTP_ACCEPT="image/avif,image/webp,*/*")
    assert phone.get(reverse("table", args=[running["table"].token])).status_code == 200
