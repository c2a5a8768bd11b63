"""A limit on guessing table, player, board and club table card links (hosted installs).

Tokens are 256-bit secrets, so guessing one is hopeless; the limit keeps a scanner from
trying anyway and tells it so. Each client address may present at most
``settings.TOKEN_RATE_LIMIT`` *different* wrong tokens within ``settings.TOKEN_RATE_WINDOW``
seconds; after that its wrong tokens answer 429 until the window ends. A right link is always
served: every phone in a hall shares the router's address, and one player's guesses (or a web page
of image links a phone opened) once locked the whole hall out of its tables for 10 minutes.
Distinct tokens are counted, not 404s, so a repeated wrong link counts once; a table's old QR
code (after "Issue a new QR code") answers 410 and is not counted at all.
A limit of 0 turns it off (the laptop default: the hall's own network).

Counts live in Django's cache, through the one door (``whistdrive.store.cache``: ``count``, ``first_time``,
``started``), each step atomic: an address's window is begun by the first wrong link, each different link
is marked once in it, and a link newly marked adds one to the window's count. So wrong links taken by
several threads or processes at once are each counted once, and a link sent again is not counted again.
Where the processes share the ``default`` cache (``rundrive --workers N``, or hosted with Redis) they
count together; with each its own memory, a client gets at most N times the limit: still hopeless for
guessing.
"""

from __future__ import annotations

import re
import time

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from clubs.models import ClubTable
from whistdrive.server.addresses import client_address
from whistdrive.store import cache
from whistdrive.store.models import Entrant, Event, RetiredTableToken, Table
from whistdrive.web.errors import too_many as too_many_page

TOKEN_PATH = re.compile(r"^/(?P<kind>t|p|board|c)/(?P<token>[^/]+)/")
MESSAGE = "Too many wrong table or player links from this address."


def limit() -> int:
    return int(getattr(settings, "TOKEN_RATE_LIMIT", 0) or 0)


def window() -> int:
    return int(getattr(settings, "TOKEN_RATE_WINDOW", 600) or 600)


def blocked(address: str) -> bool:
    """Whether ``address`` has sent more different wrong links than the limit in its window."""
    if limit() <= 0:
        return False
    began = cache.began(cache.token_guesses_key(address))
    return began is not None and cache.counted(cache.token_guesses_count_key(address, began)) > limit()


def note_wrong_token(address: str, token: str) -> None:
    """Count ``token`` as a wrong link from ``address``, once in its window (the first begins the window)."""
    began = cache.started(cache.token_guesses_key(address), window(), time.time())
    counted = cache.token_guesses_count_key(address, began)
    if cache.counted(counted) > limit():
        return  # blocked already: no more marks kept for it, however many links it tries
    # The marks and the count outlive the window's start by a second: the next window has keys of its own.
    if cache.first_time(cache.token_guess_key(address, began, token), window() + 1):
        cache.count(counted, window() + 1)


def is_a_link(kind: str, token: str) -> bool:
    """Whether ``token`` opens a table, player, board or club table card page (or is a table's old QR code)."""
    if kind == "t":
        return Table.objects.filter(token=token).exists() or RetiredTableToken.objects.filter(token=token).exists()
    if kind == "p":
        return Entrant.objects.filter(token=token).exists()
    if kind == "c":
        return ClubTable.objects.filter(token=token).exists()
    return Event.objects.filter(board_token=token).exists()


# -- posts from a table's link ---------------------------------------------------------------------
#
# A table's link is on its card and known to everyone who sat there, so it cannot be a secret from a
# hostile player. Its posts (seat, entry, agreement, call) are limited per table and hand: a real
# table needs a dozen or so; past the limit the table is told to ask the organiser, who can set the
# result and issue a new QR code. Counted under the token, so a new QR code starts afresh.

TABLE_POSTS_MESSAGE = "Too many taps from this table's link this hand."
TABLE_POSTS_PLAYER = "Ask the organiser to enter your table's result for this hand. The next hand is taken as usual."
TABLE_POSTS_ORGANISER = (
    "Enter the table's result from the live page. If someone else is using the table's link, issue a new "
    "QR code for it (on the table's result page): the old link stops working."
)


def table_post_limit() -> int:
    return int(getattr(settings, "TABLE_POST_LIMIT", 60) or 0)


def table_post_allowed(token: str, hand: int) -> bool:
    """Count one post from a table's link in ``hand``; False once the table is past its limit."""
    if table_post_limit() <= 0:
        return True
    return cache.count(cache.table_posts_key(token, hand), 6 * 3600) <= table_post_limit()  # longer than any evening


def tables_past_post_limit(tokens: list[str], hand: int) -> set[str]:
    """Which of these tables' links have gone past the limit in ``hand`` (for the live page)."""
    if table_post_limit() <= 0 or not tokens:
        return set()
    counts = cache.counted_many([cache.table_posts_key(token, hand) for token in tokens])
    return {token for token in tokens if counts[cache.table_posts_key(token, hand)] > table_post_limit()}


def too_many(request: HttpRequest) -> HttpResponse:
    return too_many_page(request, MESSAGE, window())


class TokenGuessLimit:
    """Middleware: counts wrong tokens on /t/, /p/ and /board/ per client address; 429 over the limit."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        match = TOKEN_PATH.match(request.path_info)
        if match is None or limit() <= 0:
            return self.get_response(request)
        address = client_address(request)
        if blocked(address) and not is_a_link(match.group("kind"), match.group("token")):
            return too_many(request)
        response = self.get_response(request)
        if response.status_code == 404:
            note_wrong_token(address, match.group("token"))
        return response
