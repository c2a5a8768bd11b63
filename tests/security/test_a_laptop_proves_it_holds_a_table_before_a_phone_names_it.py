"""#44, attack 2 (the server's side): a phone whose laptop has gone asks the devices it finds whether they
replaced it at a token-free address, with a fresh nonce and nothing else. A laptop answers with a proof for
each table it plays (HMAC-SHA256 of the nonce keyed by the table's token), naming none. The table page may
connect to the addresses the phone asks and no others. A phone arriving from the old laptop keeps its player.
The phone's side, with a rogue device answering, is tests/browser/test_a_phone_tells_a_rogue_laptop_nothing.py."""

import hashlib
import hmac
import secrets

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, started_event, table_of
from whistdrive.engines import tokens
from whistdrive.server import lan

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _a_laptop(settings):
    # A laptop answers the phones at whatever address the hall's Wi-Fi gives it, over plain HTTP.
    settings.ALLOWED_HOSTS = ["*"]


def _connect_src(response) -> list[str]:
    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    return policy["connect-src"].split()


def test_a_laptop_answers_a_nonce_with_a_proof_for_each_table_it_plays_and_names_none():
    event = started_event(tables=2)
    make_event(event.club)  # an evening not started: nobody is looking for its laptop
    nonce = secrets.token_hex(16)
    response = Client().get(reverse("laptop_here"), {"nonce": nonce})
    assert response.status_code == 200 and response["Access-Control-Allow-Origin"] == "*"
    table_tokens = list(event.tables.values_list("token", flat=True))
    expected = sorted(hmac.new(t.encode(), nonce.encode(), hashlib.sha256).hexdigest()[:32] for t in table_tokens)
    assert response.json() == {"proofs": expected}
    assert not any(token in response.content.decode() for token in table_tokens)


def test_a_proof_is_the_hmac_of_the_nonce_keyed_by_the_tables_token():
    # RFC 4231, test case 2, as every phone works it out (static/whistdrive/hmac.js).
    assert tokens.laptop_proof("Jefe", "what do ya want for nothing?") == "5bdcc146bf60754e6a042426089575c7"


@pytest.mark.parametrize("query", [{}, {"nonce": "short"}, {"nonce": "g" * 32}])
def test_an_ask_without_a_fresh_nonce_is_refused_in_words(query):
    started_event(tables=2)
    response = Client().get(reverse("laptop_here"), query)
    assert response.status_code == 400 and response.json() == {
        "proofs": [],
        "message": "Ask with a nonce: 32 hex digits.",
    }


def test_no_address_answers_a_question_carrying_a_tables_token():
    table = table_of(started_event(tables=2))
    assert Client().get(f"/t/{table.token}/here/").status_code == 404


def test_the_table_page_may_connect_only_to_the_addresses_its_phone_asks():
    table = table_of(started_event(tables=2))
    phone = Client()
    page = phone.get(reverse("table", args=[table.token]), HTTP_HOST="192.168.1.20:8000")
    allowed = _connect_src(page)
    assert allowed == ["'self'", *lan.other_laptops("http", "192.168.1.20", 8000)]
    assert "http:" not in allowed and "https:" not in allowed and "*" not in " ".join(allowed)
    assert {"http://192.168.1.20:8001", "http://192.168.1.21:8000", "http://192.168.1.254:8000"} <= set(allowed)
    assert "http://192.168.1.20:8000" not in allowed and "http://192.168.2.20:8000" not in allowed
    # Each poll answers with the site's own policy: the list is the page's alone.
    poll = phone.get(reverse("table", args=[table.token]), HTTP_HOST="192.168.1.20:8000", HTTP_HX_REQUEST="true")
    assert _connect_src(poll) == ["'self'"]


def test_a_laptop_reached_by_name_lets_its_page_ask_only_its_own_other_ports():
    table = table_of(started_event(tables=2))
    page = Client().get(reverse("table", args=[table.token]), HTTP_HOST="whist.local:8000")
    allowed = _connect_src(page)
    assert allowed[0] == "'self'" and all(origin.startswith("http://whist.local:") for origin in allowed[1:])


def test_a_phone_arriving_from_the_old_laptop_is_still_its_player_there():
    event = started_event(tables=2)
    table = table_of(event)
    east = event.seatings.get(hand=1, table=table, seat="E").entrant
    phone = Client()
    arrived = phone.get(reverse("table", args=[table.token]), {"player": east.pk})
    assert arrived.status_code == 302 and arrived["Location"] == reverse("table", args=[table.token])
    page = phone.get(arrived["Location"]).content.decode()
    assert "Which seat are you?" not in page and 'data-seat="E"' in page


def test_a_player_who_does_not_sit_at_the_table_is_not_taken_from_the_address():
    event = started_event(tables=2)
    elsewhere = event.seatings.get(hand=1, table__number=2, seat="N").entrant
    phone = Client()
    arrived = phone.get(reverse("table", args=[table_of(event).token]), {"player": elsewhere.pk})
    assert arrived.status_code == 302 and "wd_player" not in phone.session
