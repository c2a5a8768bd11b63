"""Everything WhistDrive keeps between requests, through Django's cache framework, from here only.

One key function per thing kept (Zulip's ``zerver/lib/cache.py`` is the model). Every key names the
revisions its value was worked out from (``Event.revision``, ``Table.revision``): a writer bumps
them in the transaction that changes anything, and a reader reads them before it reads anything
else, so a value kept under an older revision is simply never asked for again. Nothing is
invalidated by hand, and no value is served under a revision read after it was worked out. A table's
page drawing is kept the other way round (``latest_or_make``): one a table, beside the version it was
made at, which every reader checks; so a long evening's superseded drawings (some 42,000 objects a
hand at 300 tables, bench/heap_over_hands.py) do not pile up in the server's memory.

Two caches (``settings.CACHES``):
- ``default``: Django's own uses (sessions, the login and link limits), which every server process
  must agree on: under ``rundrive --workers N``, SQLite files every process shares (``SharedDiskCache``);
  hosted, with ``WHISTDRIVE_CACHE_URL`` naming Redis, Django's ``RedisCache``. Shared so, it also
  carries what one process works out for the others (``publish``): a table's pushed pages, which each
  process drew for its own phones before, and an agreed table's waits;
- ``kept``: the values below, always in each process's own memory as the objects themselves
  (``InProcessCache``): they are never changed once made, and pickling them on every read (a big
  hall's seating history, a page's drawing) cost more than working them out once in each process.

Tests start each test with both caches empty (tests/conftest.py).
"""

from __future__ import annotations

import functools
import hashlib
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from diskcache import DjangoCache, FanoutCache
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache

from whistdrive.store.private import private_folder, tighten

KEPT = "kept"
T = TypeVar("T")
_MISSING = object()


class InProcessCache(LocMemCache):
    """Django's local-memory cache without pickling: a value is kept and handed back as itself.

    Only for values nobody changes after making them (frozen dataclasses, tuples, and dicts and
    lists that are only read). Everything else about LocMemCache (expiry, culling, the lock) stands.
    """

    def validate_key(self, key):
        """Nothing to check: Django's look at every character of a key warns of keys memcached would refuse,
        and these never leave the process (a page's end of hand asks for some twenty)."""

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._set(key, value, timeout)
                return True
            return False

    def get(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                return default
            value = self._cache[key]
            self._cache.move_to_end(key, last=False)
        return value

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            self._set(key, value, timeout)

    def incr(self, key, delta=1, version=None):
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                raise ValueError(f"Key '{key}' not found")
            value = self._cache[key] + delta
            self._cache[key] = value
            self._cache.move_to_end(key, last=False)
        return value


class SharedDiskCache(DjangoCache):
    """The ``default`` cache under ``rundrive --workers N`` (settings): DiskCache's Django cache, an SQLite
    file in the data folder that every process reads and writes, each change one transaction. So the flood
    limits' counts (whistdrive/web/ratelimit.py) are counted exactly whichever process takes a post, and the
    phones' sessions are read from it rather than from the database (settings.SESSION_ENGINE).

    One DiskCache a process, whichever of Django's cache objects reads it (Django makes one for each
    request's context), and its SQLite connections (one a thread, DiskCache's own) stay open: Django
    closes every cache after every request, and opening the connections again cost 1.6 ms of CPU a post
    where the count itself costs 0.09 ms (measured; Django's file cache, which this replaces, cost 0.6 ms),
    besides a file handle a request until the collector came round. ``close_for_good`` closes them.
    One shard: a hall's processes write a few hundred small counts and sessions a minute.
    """

    def __init__(self, directory: str, params: dict):
        BaseCache.__init__(self, params)
        options = tuple(sorted(params.get("OPTIONS", {}).items()))
        self._cache = _disk_cache(directory, params.get("SHARDS", 1), params.get("DATABASE_TIMEOUT", 0.010), options)

    def close(self, **kwargs):
        """Kept open: called by Django after every request (see the class)."""

    def close_for_good(self) -> None:
        self._cache.close()


@functools.cache
def _disk_cache(directory: str, shards: int, timeout: float, options: tuple) -> FanoutCache:
    # The phones' and organisers' sessions are in there: the owner's only (whistdrive/store/private.py).
    private_folder(directory)
    tighten(directory)
    return FanoutCache(directory, shards, timeout, **dict(options))


@functools.cache
def kept():
    """The ``kept`` cache, one object for every thread: Django hands each thread its own, but this one's
    values and lock belong to the process whichever object reads them (LocMemCache's, by its LOCATION),
    and finding the thread's own (a context-local lookup) was asked for some 170 times a table."""
    return caches[KEPT]


# -- one key per thing kept ---------------------------------------------------------------------


def standings_key(event_pk: int, version: tuple) -> str:
    """An event's loaded rows and standings (``scores.standings_now``)."""
    return f"standings:{event_pk}:{':'.join(map(str, version))}"


def grades_key(club_pk: int, counted: tuple) -> str:
    """A club's grades (``evening.grades.club_grades``), worked out from the evenings that count, named with
    each one's last publishing: a newly counted or corrected evening names another key."""
    return f"grades:{club_pk}:{_hashed(repr(counted))}"


def seatings_key(event_pk: int, revision: int) -> str:
    """An event's seatings as plain ids, the bulk of what the standings read (``scores.hand_records``)."""
    return f"seatings:{event_pk}:{revision}"


def history_key(event_pk: int, hand: int, revision: int) -> str:
    """Hands 1..hand's seatings as the movement engine's values (``progress.history_of``)."""
    return f"history:{event_pk}:{hand}:{revision}"


def players_key(event_pk: int, hand: int, revision: int) -> str:
    """Those present for a hand as the engine's players (``progress.players_for``)."""
    return f"players:{event_pk}:{hand}:{revision}"


def players_changed_key(event_pk: int, hand: int, revision: int) -> str:
    """Whether those present for the hand after ``hand`` are not those seated in it
    (``movements.players_changed``): the same for every table of the hall."""
    return f"players-changed:{event_pk}:{hand}:{revision}"


def where_next_key(event_pk: int, hand: int, number: int, revision: int) -> str:
    """An agreed table's where-next answer at the event's revision, with the results it was worked
    out from (this table's and those its movers go to), which are checked before it is used."""
    return f"where-next:{event_pk}:{hand}:{number}:{revision}"


def seated_key(event_pk: int, hand: int, revision: int) -> str:
    """Whether anyone is seated for a hand of an evening (``phones.seats.seated``): a seating bumps its revision."""
    return f"seated:{event_pk}:{hand}:{revision}"


def table_count_key(event_pk: int, revision: int) -> str:
    """How many tables an evening has (the phones' poll interval): tables are made only when a hand is
    seated, which bumps the event's revision."""
    return f"table-count:{event_pk}:{revision}"


def waits_key(table_token: str) -> str:
    """The other tables whose results an agreed table's page waits on (``phones.versions.load``), by token: the
    page's one query reads them with the table."""
    return f"waits:{table_token}"


def table_state_key(table_token: str) -> str:
    """A table's state for the hand it plays, with whether it has called the organiser (``entry.kept_state``):
    the latest only, kept with the revisions it was read at."""
    return f"table-state:{table_token}"


def page_key(table_token: str, seat: str) -> str:
    """The state fragment the phones in a seat at the table are shown (``phones.pushes.seat_page``): the latest only,
    kept with its version, as the drawing it is drawn from is."""
    return f"page:{table_token}:{seat}"


def part_key(table_token: str, part: str) -> str:
    """A part of the table's page that its four phones are shown alike (``{% same_for_every_seat %}``,
    whistdrive/web/table_parts.py): the latest only, kept with the version it was drawn at."""
    return f"part:{table_token}:{part}"


def drawing_key(table_token: str) -> str:
    """What all four phones of a table show (``phones.drawing.drawing``): the latest drawing only, kept with the
    version it was made at (``latest_or_make``), so that an evening's superseded drawings do not pile up
    in the server's memory. By token: a restored database may give another table the same id."""
    return f"drawing:{table_token}"


def pushed_key(table_token: str) -> str:
    """A table's pushed pages, one a seated player, with the version and revisions they were drawn at
    (``phones.pushes.pushed_pages``), in the cache every server process reads (``published``): the latest only."""
    return f"whistdrive:pushed:{table_token}"


def drawer_key(table_token: str, version: str) -> str:
    """Which server process draws a table's pushed pages at a version (``claim``), in the cache they share."""
    return f"whistdrive:drawer:{table_token}:{version}"


def published_waits_key(table_token: str) -> str:
    """An agreed table's waits as the first process to work them out found them (``phones.versions._learn_waits``),
    for the other processes, in the cache they share: the latest only."""
    return f"whistdrive:waits:{table_token}"


def totals_key(table_token: str, event_revision: int, table_revision: int, hand: int) -> str:
    """The running totals of the four at an agreed table (``scores.totals_for``)."""
    return f"totals:{table_token}:{event_revision}:{table_revision}:{hand}"


def duplicate_plan_key(fmt_key: tuple, pairs: int) -> str:
    """A duplicate movement for a format and number of pairs (``pairs.plan_of``): it never changes, and a
    Howell's takes a search to find."""
    return f"duplicate-plan:{':'.join(map(str, fmt_key))}:{pairs}"


def turnouts_key(fmt_key: tuple) -> str:
    """The boards each number of pairs plays in a duplicate format (``pairs.turnouts``): it never changes."""
    return f"duplicate-turnouts:{':'.join(map(str, fmt_key))}"


def _hashed(text: str, length: int = 32) -> str:
    # An address or token in a key, hashed: the key holds neither, and any text makes a valid key.
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:length]


def busy_logins_key(address: str) -> str:
    """How many logins from an address were answered "someone else is logging in" lately (``logins``), in the
    cache every process shares (``count``)."""
    return "whistdrive:busy-logins:" + _hashed(address)


def token_guesses_key(address: str) -> str:
    """When the window began in which an address's wrong links are counted (``ratelimit``; ``started``)."""
    return "whistdrive:token-guesses:" + _hashed(address)


def token_guesses_count_key(address: str, began: float) -> str:
    """How many different wrong links an address sent in its window that began at ``began`` (``count``)."""
    return f"{token_guesses_key(address)}:{began!r}"


def token_guess_key(address: str, began: float, token: str) -> str:
    """That an address sent this wrong link in its window (``first_time``): a link sent again counts once."""
    return f"{token_guesses_count_key(address, began)}:{_hashed(token, 16)}"


def table_posts_key(table_token: str, hand: int) -> str:
    """How many posts a table's link made in a hand (``ratelimit``; ``count``): under the token, so a new QR
    code starts afresh."""
    return f"whistdrive:table-posts:{_hashed(table_token)}:{hand}"


# -- keeping ------------------------------------------------------------------------------------

_making: dict[str, threading.Lock] = {}
_making_lock = threading.Lock()


@contextmanager
def _one_maker(making: str) -> Iterator[None]:
    """While one thread makes ``making``, the others asking for it wait, and then find it made.

    When a big hall's pages first ask for the same thing (the seating history after a hand is seated),
    every server thread working it out at once was most of a second each: one makes it, the others wait.
    """
    with _making_lock:
        lock = _making.setdefault(making, threading.Lock())
    try:
        with lock:
            yield
    finally:
        with _making_lock:
            _making.pop(making, None)


def get_or_make(key: str, make: Callable[[], T], *, timeout: int | None = None) -> T:
    """The value kept under ``key``, made (once, however many threads ask at the same moment) if absent."""
    cache = kept()
    value: Any = cache.get(key, _MISSING)
    if value is not _MISSING:
        return value
    with _one_maker(key):
        value = cache.get(key, _MISSING)
        if value is _MISSING:
            value = make()
            cache.set(key, value, timeout if timeout is not None else DEFAULT_TIMEOUT)
    return value


def latest_or_make(key: str, version: str, make: Callable[[], T]) -> T:
    """The value kept under ``key`` when it was made at ``version``; otherwise made (once, however many
    threads ask for that version at the same moment) and kept in place of the one before.

    For what is asked for at its newest version only, once there is one (a table's page): one value a
    key, where a key naming the version would keep every superseded one until the cache is full. A
    slower thread may put an older version back; the next reader of the newer one makes it again."""
    held = kept().get(key)
    if held is None or held[0] != version:
        with _one_maker(f"{key}@{version}"):
            held = kept().get(key)
            if held is None or held[0] != version:
                held = (version, make())
                put(key, held)
    return held[1]


def get(key: str) -> Any:
    return kept().get(key)


def put(key: str, value: Any) -> None:
    kept().set(key, value)


def between_processes() -> bool:
    """Whether the ``default`` cache is one that every server process reads (``rundrive --workers N``'s
    files, or a Redis that hosted workers share), so that one process's work can be handed to another."""
    return settings.SERVER_WORKERS > 1 or bool(settings.CACHE_URL)


def published(key: str) -> Any:
    """What a server process has put under ``key`` for the others (``publish``); None when nothing is."""
    return caches["default"].get(key)


def publish(key: str, value: Any) -> None:
    """Put ``value`` (plain data: it is pickled) under ``key`` for every server process (``between_processes``)."""
    caches["default"].set(key, value, timeout=3 * 60 * 60)


PROCESS = uuid.uuid4().hex  # this server process, among those that share the ``default`` cache (``claim``)
CLAIM_SECONDS = 60  # how long a claim stands: far longer than drawing a table's pages takes


def claim(key: str) -> bool:
    """Whether this server process has ``key``: the first process to ask for it gets it (atomically: the
    ``default`` cache's add, which every process shares), and it stays theirs for ``CLAIM_SECONDS``. So work
    that any process could do (drawing a table's pushed pages at a version) is done by one."""
    shared = caches["default"]
    return shared.add(key, PROCESS, timeout=CLAIM_SECONDS) or shared.get(key) == PROCESS


# The flood limits' counts (``logins``, ``ratelimit``): in the ``default`` cache, which every server process
# shares, each step one atomic operation of the cache (add, incr), never a read followed by a write.


def count(key: str, timeout: int) -> int:
    """Add one to the count under ``key`` and return it: atomically, so posts taken by several threads or
    processes at once are each counted. A count is forgotten ``timeout`` seconds after it started."""
    shared = caches["default"]
    for _ in range(3):
        if shared.add(key, 1, timeout=timeout):
            return 1  # the first of its period
        try:
            value = shared.incr(key)
        except ValueError:  # expired (or evicted) between the add and the incr: the next add starts it afresh
            continue
        if value == 1:
            # Only a count made anew by the increment is 1 (the add makes the first). Redis's INCR does that to a key
            # that expired just after Django's own look for it, and gives it no expiry: it is given its period here,
            # or the address would be counted against for ever.
            shared.touch(key, timeout)
        return value
    shared.set(key, 1, timeout=timeout)  # it came and went three times over: a cache being emptied meanwhile
    return 1


def counted(key: str) -> int:
    """The count under ``key`` (``count``); 0 when there is none."""
    return caches["default"].get(key) or 0


def counted_many(keys: list[str]) -> dict[str, int]:
    """The counts under ``keys`` in one read (``count``), by key; 0 for each that has none."""
    found = caches["default"].get_many(keys)
    return {key: found.get(key) or 0 for key in keys}


def first_time(key: str, timeout: int) -> bool:
    """Whether ``key`` is marked now for the first time in ``timeout`` seconds (atomically: the cache's add)."""
    return caches["default"].add(key, True, timeout=timeout)


def started(key: str, timeout: int, now: float) -> float:
    """When the period under ``key`` began: ``now`` when none is running (atomically: the first to add it
    begins it), which ends ``timeout`` seconds after it began."""
    shared = caches["default"]
    for _ in range(3):
        if shared.add(key, now, timeout=timeout):
            return now
        began = shared.get(key)
        if began is not None:
            return began
        # ended between the add and the get: the next add begins the next period
    return now


def began(key: str) -> float | None:
    """When the period under ``key`` began (``started``); None when none is running."""
    return caches["default"].get(key)


def forget(key: str) -> None:
    caches["default"].delete(key)


def clear() -> None:
    """Empty every cache (the tests start each test so)."""
    for cache in caches.all(initialized_only=False):
        cache.clear()
