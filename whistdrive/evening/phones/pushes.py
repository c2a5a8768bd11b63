"""What the pushed updates' hub (``whistdrive.server.push``) sends a table's phones: the page itself, drawn
once for each seat at the table's version (``pushed_pages``, ``seat_page``: the same fragment answers that
seat's own fetch) and, where several server processes share a cache, drawn by one of them and taken by the
others; and the player a phone's stream names, signed by the page (``push_as``, ``pushed_player``).
"""

from __future__ import annotations

import functools

from django.core import signing
from django.template.loader import render_to_string

from whistdrive.evening.phones.drawing import for_phone, kept_drawing
from whistdrive.evening.phones.versions import Loaded, load, phone_version, revisions_of
from whistdrive.store import cache
from whistdrive.store.models import Event

# A phone's stream names its player (signed: `?as=` on the page's data-push), so that the server can push
# the page itself, drawn once for each seat, instead of the version the phone would then fetch.

_PUSH_SIGNER = signing.Signer(salt="whistdrive.server.push.player")


@functools.lru_cache(maxsize=4096)
def push_as(player: int | None) -> str:
    """The player a page's stream names, signed: the same every time (no timestamp), so signed once a player
    rather than on each page drawn for them."""
    return _PUSH_SIGNER.sign(str(player)) if player is not None else ""


def pushed_player(signed: str) -> int | None:
    """The player a stream's ``as`` names; None when it names none or was not signed here."""
    try:
        return int(_PUSH_SIGNER.unsign(signed))
    except (signing.BadSignature, ValueError):
        return None


DRAWN_ELSEWHERE = "drawn elsewhere"  # pushed_pages' answer: another process is drawing the pages


def pushed_pages(
    token: str, players: set[int], loaded: Loaded | None = None, version: str = "", *, leave_to_others: bool = False
) -> tuple[str, str, dict[int, str]] | str | None:
    """The table's page now, for the hub to push (whistdrive.server.push): its shared version, its revisions, and
    for each of ``players`` who sits at it, the fragment that player's phone would fetch (drawn once a
    seat). A player who does not sit here, or a table with no hand being played, gets no page: their
    phones are told the version and fetch their own. None when no table has the token.

    ``loaded``: the table as the hub has just loaded it (``load(token, set())``) to learn its version.
    ``version``: the version the hub's look worked out instead; when the table's kept drawing is of it (the
    answer to the entry that made it drew it), the pages are drawn from that, without reading the table.

    Where the server runs in several processes that share a cache (``cache.between_processes``), each
    process's hub pushes the pages to the phones whose streams it holds, and a table's four phones are
    mostly held by more than one: one process draws the table's pages at a version, every seated player's,
    and publishes them, and the others take them from there, without reading the table. Which one: the first
    to claim the version (``cache.claim``): the process that answered the entry that made it (it holds the
    drawing, ``drawing.keep_drawing``), or else the first hub to look. With ``leave_to_others``, a version another
    process has claimed and not yet published answers ``DRAWN_ELSEWHERE``, and the caller asks again soon
    (drawn at once by both hubs, a third of a busy hall's pages were drawn twice: docs/benchmarks.md)."""
    sharing = cache.between_processes()
    at = loaded.shared if loaded else version
    if sharing and at:
        drawn = cache.published(cache.pushed_key(token))
        if drawn is not None and drawn[0] == at:
            return drawn[0], drawn[1], {player: page for player, page in drawn[2].items() if player in players}
        if leave_to_others and not cache.claim(cache.drawer_key(token, at)):
            return DRAWN_ELSEWHERE
    if loaded is None and version:
        held = cache.get(cache.drawing_key(token))
        if held is not None and held[0] == version:
            loaded = Loaded(held[1]["table"], None, version, phone_version(version, None))
    loaded = loaded or load(token, set())
    if loaded is None:
        return None
    table = loaded.table
    revisions = revisions_of(table.event.revision, table.revision)
    pages: dict[int, str] = {}
    if loaded.shared and table.event.current_hand and table.event.status != Event.Status.FINISHED:
        shared = kept_drawing(loaded)
        seat_of = {person.pk: seat for seat, person in shared["state"].seats.items()} if shared["state"] else {}
        pages = {
            player: seat_page(shared, loaded.shared, seat)
            for player, seat in seat_of.items()
            if sharing or player in players  # the other processes' phones are these players' too
        }
        if sharing:
            cache.publish(cache.pushed_key(token), (loaded.shared, revisions, pages))
    return loaded.shared, revisions, {player: page for player, page in pages.items() if player in players}


def seat_page(shared: dict, shared_version: str, seat: str) -> str:
    """The state fragment the phones in ``seat`` are shown at the table's ``shared_version`` (``shared`` its
    drawing), as their own fetch would draw it: drawn once a seat and version, for the page the hub pushes
    and the answer to the phone's own entry alike, and kept (the latest only, ``latest_or_make``)."""
    version = phone_version(shared_version, seat)
    player = shared["state"].seats[seat].pk  # the player whose phone this is (its stream's ``as``)

    def draw() -> str:
        context = for_phone(shared, seat, player)
        context.update(
            version=version,
            shared_version=shared_version,
            part_version=shared_version,  # the parts every seat is shown alike: drawn once for the four
            push_as=push_as(player),
        )  # no ``whole_page``: drawn as htmx's fragment, as the phone's own fetch would be
        return render_to_string("whistdrive/table.html#state", context)

    return cache.latest_or_make(cache.page_key(shared["table"].token, seat), version, draw)
