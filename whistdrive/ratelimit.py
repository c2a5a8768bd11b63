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

Counts live in Django's cache. With the default in-process cache each worker process counts
on its own, so with N workers a client gets at most N times the limit: still hopeless for guessing.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

TOKEN_PATH = re.compile(r"^/(?P<kind>t|p|board|c)/(?P<token>[^/]+)/")
MESSAGE = "Too many wrong table or player links from this address."


def limit() -> int:
    return int(getattr(settings, "TOKEN_RATE_LIMIT", 0) or 0)


def window() -> int:
    return int(getattr(settings, "TOKEN_RATE_WINDOW", 600) or 600)


def client_address(request: HttpRequest) -> str:
    """The address every per-address limit counts (wrong links, logins, event streams): the one that
    connected, unless it is a proxy listed in ``settings.WHISTDRIVE_TRUSTED_PROXIES`` (``forwarded_address``)."""
    return forwarded_address(request.META.get("REMOTE_ADDR") or "unknown", request.META.get("HTTP_X_FORWARDED_FOR", ""))


def forwarded_address(peer: str, forwarded_for: str) -> str:
    """The client's address, from the one that connected (``peer``) and the X-Forwarded-For header.

    The header is read only when ``peer`` is a listed proxy: anyone else could write anything in it (a hosted
    install with no proxy in front, a guest on the laptop's Wi-Fi) and dodge every per-address limit. A proxy
    appends the address it saw (nginx's $proxy_add_x_forwarded_for), so the entries are read from the last:
    the first that is not itself a listed proxy is the client's."""
    proxies = trusted_proxies()
    if not proxies or not _is_in(peer, proxies):
        return peer
    entries = [part.strip() for part in forwarded_for.split(",") if part.strip()]
    for entry in reversed(entries):
        if not _is_in(entry, proxies):
            return entry
    return entries[0] if entries else peer


def trusted_proxies() -> tuple:
    listed = getattr(settings, "WHISTDRIVE_TRUSTED_PROXIES", ()) or ()
    return tuple(ipaddress.ip_network(n, strict=False) if isinstance(n, str) else n for n in listed)


def _is_in(address: str, networks: tuple) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def _key(address: str) -> str:
    # Hashed: the cache key holds no address, and any address (IPv6, "unknown") makes a valid key.
    return "whistdrive:token-guesses:" + hashlib.sha256(address.encode()).hexdigest()[:32]


def _wrong_tokens(address: str) -> tuple[list[str], float]:
    """The hashes of the wrong tokens seen from ``address`` in the current window, and its end."""
    value = cache.get(_key(address))
    if not value or value[1] <= time.time():
        return [], time.time() + window()
    return value[0], value[1]


def blocked(address: str) -> bool:
    if limit() <= 0:
        return False
    seen, _ = _wrong_tokens(address)
    return len(seen) > limit()


def note_wrong_token(address: str, token: str) -> None:
    seen, ends = _wrong_tokens(address)
    digest = hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()[:16]
    if digest in seen or len(seen) > limit():
        return
    seen.append(digest)
    cache.set(_key(address), (seen, ends), timeout=max(1, int(ends - time.time()) + 1))


def is_a_link(kind: str, token: str) -> bool:
    """Whether ``token`` opens a table, player, board or club table card page (or is a table's old QR code)."""
    from clubs.models import ClubTable
    from whistdrive.models import Entrant, Event, RetiredTableToken, Table

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


def _table_key(token: str, hand: int) -> str:
    return f"whistdrive:table-posts:{hashlib.sha256(token.encode()).hexdigest()[:32]}:{hand}"


def table_post_allowed(token: str, hand: int) -> bool:
    """Count one post from a table's link in ``hand``; False once the table is past its limit."""
    if table_post_limit() <= 0:
        return True
    key = _table_key(token, hand)
    cache.add(key, 0, timeout=6 * 3600)  # longer than any evening
    try:
        count = cache.incr(key)
    except ValueError:  # evicted between add and incr: start again
        cache.set(key, 1, timeout=6 * 3600)
        count = 1
    return count <= table_post_limit()


def tables_past_post_limit(tokens: list[str], hand: int) -> set[str]:
    """Which of these tables' links have gone past the limit in ``hand`` (for the live page)."""
    if table_post_limit() <= 0 or not tokens:
        return set()
    counts = cache.get_many([_table_key(token, hand) for token in tokens])
    return {token for token in tokens if counts.get(_table_key(token, hand), 0) > table_post_limit()}


def too_many(request: HttpRequest) -> HttpResponse:
    from whistdrive.views.errors import too_many as page

    return page(request, MESSAGE, window())


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
