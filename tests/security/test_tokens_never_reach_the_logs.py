"""Table, player and board tokens never reach the console log, whatever the request did."""

import io
import logging

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from clubs.models import ClubTable
from whistdrive.server.logging import HideTokens, QuietRepeats


@pytest.fixture
def console():
    """What the site's own console handler (with its token filter) writes, captured."""
    handlers = [h for h in logging.getLogger().handlers if any(isinstance(f, HideTokens) for f in h.filters)]
    assert handlers, "the console handler of settings.LOGGING lost its token filter"
    stream = io.StringIO()
    old = [h.setStream(stream) for h in handlers]
    for quiet in (f for h in handlers for f in h.filters if isinstance(f, QuietRepeats)):
        quiet.reset()  # a fresh log: other tests' "Not Found" lines of the last minute do not count
    cache.clear()
    yield stream
    for handler, was in zip(handlers, old, strict=True):
        handler.setStream(was)
    cache.clear()


def test_404s_405s_429s_refusals_and_errors_log_no_token(running, settings, console):
    settings.TOKEN_RATE_LIMIT = 2
    event, table = running["event"], running["table"]
    person = event.entrants.first()
    phone = Client(REMOTE_ADDR="203.0.113.50")
    phone.get(reverse("table_enter", args=[table.token]))  # 405: GET on a POST-only page
    phone.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 20})  # refused: no seat
    phone.get(reverse("table", args=[table.token + "x"]))  # a near miss, 404
    phone.get(reverse("player", args=[person.token[:-2]]))
    phone.get(reverse("board", args=[event.board_token[:-2]]))
    phone.get(reverse("player", args=[person.token[:-3]]))  # 429 with a near miss in the path
    phone.get(reverse("player", args=[person.token]))  # the right token is served all the same
    card = ClubTable.objects.create(club=event.club, number=9)
    Client(REMOTE_ADDR="198.51.100.51").get(f"/c/{card.token[:-2]}/")  # a club table card's near miss
    logging.getLogger("waitress").warning("Exception while serving /t/%s/agree/", table.token)
    try:
        raise ValueError(f"no page at /p/{person.token}/")
    except ValueError:
        logging.getLogger("django.request").exception("Internal Server Error: %s", f"/t/{table.token}/")
    text = console.getvalue()
    assert "Not Found" in text and "ValueError: no page at /p/[token]/" in text
    assert "Not Found" in text and "Too Many Requests" in text and "Method Not Allowed" in text
    for token in (table.token, person.token, event.board_token, card.token):
        assert token[:20] not in text
    assert "/t/[token]" in text and "/p/[token]" in text and "/board/[token]" in text and "/c/[token]" in text
