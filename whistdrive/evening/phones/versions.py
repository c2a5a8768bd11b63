"""What version a phone's page is: what it depends on, read before anything is drawn.

A version is what a page depends on: the event's revision (seatings, players, corrections, the
evening's state), the table's revision (its entries, result and calls), and for an agreed table
whose players' next seats wait on other tables' results, those tables' results (not their revisions:
a claim there changes nothing here). ``load`` reads them all, with the table and its event, in one
query. The pushed updates' hub (``whistdrive.server.push``) works out the same versions from its look
at the hall's tables (``tables_of_evenings``, ``agreed_version``), without reading each table.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from whistdrive.engines import movements
from whistdrive.evening import running
from whistdrive.evening.phones.seats import seat_at, seated
from whistdrive.evening.phones.where_next import where_next
from whistdrive.store import cache, rows
from whistdrive.store.models import Table

# The version of a page that answers an entry and leaves where everyone goes to the poll fired on
# its load: never a real version, so that poll draws the whole page.
MOVES_LATER = "moves"


@dataclass(frozen=True)
class Waits:
    """The other tables an agreed table's page waits on (their results decide its movers' seats),
    as worked out at a hand and revisions; kept by token, so ``load`` can read their revisions with
    the table's own."""

    hand: int
    event_revision: int
    table_revision: int
    ids: tuple[int, ...]

    def stand_at(self, revisions: tuple) -> bool:
        """Whether these waits are the table's at ``revisions`` (``Seen.revisions``: the table's, the event's,
        its hand and state)."""
        revision, event_revision, hand, _ = revisions
        return (self.hand, self.event_revision, self.table_revision) == (hand, event_revision, revision)


@dataclass(frozen=True)
class Loaded:
    """A table, its event, and this phone's version of its page (``shared`` for all four phones)."""

    table: Table
    my_seat: str | None
    shared: str
    version: str


def load(token: str, remembered: set[int], *, learn_waits: bool = True) -> Loaded | None:
    """The table with the token, and the version of its page for a phone that remembers the entrants
    ``remembered``, in one query (two when an agreed table's waits must be worked out afresh).

    None when no table has the token. With ``learn_waits`` False, an agreed table whose waits are not
    known yet comes with no version ("") rather than the movement worked out to find them.
    """
    waits: Waits | None = cache.get(cache.waits_key(token))
    waited_ids = waits.ids if waits else ()
    mine = sorted(remembered)
    page = rows.table_page(token, mine, waited_ids)
    if page is None:
        return None
    table, my_seat, agreed, waited = page
    if table.event.is_duplicate and mine:
        # The seat at the board the table plays now: in a duplicate round a substitute may take a seat
        # from a board after the current hand (a table ahead), so the current hand's seat may be another's.
        my_seat = seat_at(table, running.playing_hand(table), mine)
    return _versions(table, waits, learn_waits, my_seat=my_seat or None, agreed=agreed, waited=waited)


def written(table: Table, my_seat: str | None, *, agreed: bool) -> Loaded:
    """The page's version as an entry left it, worked out from the table and event it read under the table's
    lock, with the revision its write gave the table: what ``load`` would read just after, without reading.
    An agreed table comes with no version (as from ``load`` with ``learn_waits`` False): its page waits on
    where everyone goes, which its answer leaves to the page pushed or fetched next."""
    return _versions(table, None, False, my_seat=my_seat, agreed=agreed, waited=None)


def _versions(
    table: Table, waits: Waits | None, learn_waits: bool, *, my_seat: str | None, agreed: bool, waited: str | None
) -> Loaded:
    event = table.event
    hand = event.current_hand
    revisions = (table.revision, event.revision, hand, event.status)
    if not agreed:
        shared = _shared_of(table.pk, revisions)
    else:
        # Only an agreed table shows anything of the other tables (where everyone goes next, which may
        # wait on another table's result). Before that, another table's result changes nothing here:
        # covering the hall would draw every phone again on every result in it.
        if waits is None or not waits.stand_at(revisions):
            if not learn_waits:
                return Loaded(table, my_seat, "", "")
            waits = _learn_waits(table)
            waited = rows.waited_results(waits.ids)
        shared = _shared_of(table.pk, revisions, waits.ids, waited)
    return Loaded(table, my_seat, shared, phone_version(shared, my_seat))


def _shared_of(pk: int, revisions: tuple, waited_ids: tuple[int, ...] | None = None, waited: str | None = None) -> str:
    """The version of a table's page for all four phones: the table (its id), its ``revisions`` (its own, its
    event's, the event's hand and state: ``Seen.revisions``), and for an agreed table the tables its page waits
    on and their results (``rows.table_page``). Worked out here only, from a phone's read (``load``) and from the
    hub's look alike (``tables_of_evenings``, ``agreed_version``): the same table gives both the same version."""
    revision, event_revision, hand, status = revisions
    parts: list = [pk, event_revision, hand, status, revision]
    if waited_ids is not None:
        parts += [waited_ids, waited or 0]
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:20]


def phone_version(shared: str, my_seat: str | None) -> str:
    """The version of the page a phone in ``my_seat`` (None: no seat here) sees at the ``shared`` version."""
    return hashlib.sha256(f"{shared}|{my_seat}".encode()).hexdigest()[:20]


def _learn_waits(table: Table) -> Waits:
    """The tables an agreed table's page waits on, worked out (and kept) before its version is read,
    so the first drawing can be shared with the table's other phones. Where several server processes
    share a cache (``cache.between_processes``), worked out by the first of them and taken by the others:
    the same waits give the same version, whose pages are then drawn once (``pushes.pushed_pages``)."""
    event = table.event
    hand = event.current_hand
    sharing = cache.between_processes()
    if sharing and (published := _published_waits(table.token, (table.revision, event.revision, hand, event.status))):
        return published
    numbers: set[int] = set()
    fmt = event.format
    if fmt.is_duplicate:
        # The traveller on the page: of the board this table plays now once agreed, or of the board it
        # played before (a table ahead of the hall shows its next board at once): every table that plays
        # either board.
        playing = running.playing_hand(table)
        numbers = set(
            Table.objects.filter(
                event=event,
                table_boards__board__table_boards__table=table,
                table_boards__board__table_boards__hand__in=(playing - 1, playing),
            ).values_list("number", flat=True)
        )
    elif hand < fmt.hands and fmt.ends_round(hand) and not seated(event, hand + 1):
        try:
            answer = where_next(event, table, hand)
        except movements.WaitForTheHall:
            answer = {}  # wait for the hall: the next hand's seating changes the event's revision
        numbers = {place.table for place in answer.values() if not place.decided and place.table is not None}
    ids = rows.table_ids(event, numbers)
    waits = Waits(hand, event.revision, table.revision, ids)
    cache.put(cache.waits_key(table.token), waits)
    if sharing:
        cache.publish(cache.published_waits_key(table.token), waits)
    return waits


def _published_waits(token: str, revisions: tuple) -> Waits | None:
    """The table's waits at ``revisions`` as another server process published them (and now kept in this
    one too); None when none has."""
    published = cache.published(cache.published_waits_key(token))
    if published is None or not published.stand_at(revisions):
        return None
    cache.put(cache.waits_key(token), published)
    return published


# -- what a pushed update asks (whistdrive.server.push) --------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """A table as a pushed update's look at the hall finds it (``tables_of_evenings``)."""

    pk: int
    revisions: tuple  # what moves its version: its own and its evening's revisions, hand and state
    results: str  # its results (how many, the latest change): what a page waiting on it reads
    shared: str | None  # its version, when it is not agreed (an agreed page's waits are ``load``'s to read)


def tables_of_evenings(evenings: list[int], before: dict[str, Seen] | None = None) -> dict[str, Seen]:
    """Every table of these evenings (event ids), by token: one query for the hall, and one for the results
    of the tables whose revision moved since ``before`` (the last look; every table, without one).
    A table's results never change without its revision moving (``Result.save``, ``Result.delete``), so
    the others' are as ``before`` found them: a look no longer adds up every table's results."""
    before = before or {}
    tables = rows.tables_of(evenings)
    moved = {
        pk
        for token, pk, revision, *_ in tables
        if token not in before or before[token].pk != pk or before[token].revisions[0] != revision
    }
    results = rows.results_of_tables(sorted(moved)) if moved else {}
    out = {}
    for token, pk, revision, event_revision, hand, status, agreed in tables:
        revisions = (revision, event_revision, hand, status)
        if pk not in moved and before[token].revisions == revisions and (before[token].shared is None) == bool(agreed):
            out[token] = before[token]  # as the last look found it: most of a hall, at most looks
            continue
        shared = None if agreed else _shared_of(pk, revisions)
        state = results.get(pk, rows.NO_RESULTS) if pk in moved else before[token].results
        out[token] = Seen(pk, revisions, state, shared)
    return out


def agreed_version(token: str, seen: Seen, looked: dict[int, Seen]) -> str | None:
    """An agreed table's version worked out from the hub's look (``seen`` the table, ``looked`` its evening's
    tables by id) without reading the table, when the tables its page waits on are known at its revisions
    (worked out in this process, or published by another): the version ``load`` reads. None when they are not
    known (``load`` works them out), or a table it waits on is not in the look."""
    waits: Waits | None = cache.get(cache.waits_key(token))
    if waits is None or not waits.stand_at(seen.revisions):
        waits = _published_waits(token, seen.revisions) if cache.between_processes() else None
        if waits is None:
            return None
    if not all(pk in looked for pk in waits.ids):
        return None
    waited = " ".join(looked[pk].results for pk in waits.ids) if waits.ids else None
    return _shared_of(seen.pk, seen.revisions, waits.ids, waited)


def waits_on_any(token: str, tables: set[int]) -> bool:
    """Whether the table's agreed page (as last worked out) waits on any of ``tables``."""
    waits: Waits | None = cache.get(cache.waits_key(token))
    return waits is not None and not tables.isdisjoint(waits.ids)


def revisions_of(event_revision: int, table_revision: int) -> str:
    """A page's revisions as its ``data-revision`` gives them (both only grow): how a phone tells an older
    pushed page or version from the one it shows (static/whistdrive/push.js)."""
    return f"{event_revision}-{table_revision}"
