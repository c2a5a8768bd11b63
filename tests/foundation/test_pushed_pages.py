"""What the hub pushes to a phone (whistdrive.evening.phones.pushes.pushed_pages, whistdrive.server.push): the page
itself for a phone whose player sits at the table, drawn as that phone's own fetch draws it; the version alone for any
other phone, or when the page cannot be drawn, so that the phone fetches its page as before."""

from __future__ import annotations

import asyncio

import pytest
from django.db import connection
from django.template.backends.django import Template as DjangoTemplate
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import seated_phone, started_event, table_of
from whistdrive.engines.rules import HandEntry, trump_for_hand
from whistdrive.evening import entry, running
from whistdrive.evening.phones import drawing, pushes, versions
from whistdrive.evening.phones.words import FLAG_REASONS
from whistdrive.server import push
from whistdrive.store import cache
from whistdrive.store.models import Seating

pytestmark = pytest.mark.django_db


def test_each_seated_player_is_drawn_the_page_their_own_phone_fetches_and_no_one_else_is():
    event = started_event(tables=2)
    one, two = table_of(event, 1), table_of(event, 2)
    seated = {s.seat: s.entrant_id for s in Seating.objects.filter(table=one, hand=1)}
    elsewhere = Seating.objects.get(table=two, hand=1, seat="N").entrant_id
    north = seated_phone(one, "N", secure=True)
    north.post(reverse("table_enter", args=[one.token]), {"hand": 1, "tricks": 8}, HTTP_HX_REQUEST="true", secure=True)

    version, revisions, pages = pushes.pushed_pages(one.token, {seated["N"], seated["E"], elsewhere})

    assert pages.keys() == {seated["N"], seated["E"]}  # table 2's North fetches their own page
    east = seated_phone(one, "E", secure=True)
    fetched = east.get(reverse("table", args=[one.token]), HTTP_HX_REQUEST="true", secure=True).content.decode()
    assert pages[seated["E"]].strip() == fetched.strip()
    assert f'data-shared="{version}"' in fetched and f'data-revision="{revisions}"' in fetched
    assert "Agree" in pages[seated["E"]] and "Waiting for East–West" in pages[seated["N"]]


def test_a_stream_names_only_a_player_the_server_signed():
    signed = pushes.push_as(41)
    assert pushes.pushed_player(signed) == 41
    assert pushes.pushed_player(signed.replace("41", "42", 1)) is None  # another player, same signature
    assert pushes.pushed_player("41") is None
    assert pushes.pushed_player("") is None


def test_a_page_that_cannot_be_drawn_is_told_as_its_version(monkeypatch):
    event = started_event(tables=1)
    table = table_of(event, 1)
    player = Seating.objects.get(table=table, hand=1, seat="N").entrant_id

    def broken(token, players, loaded=None, version="", leave_to_others=False):
        raise RuntimeError("a template that cannot be drawn")

    monkeypatch.setattr(pushes, "pushed_pages", broken)
    now = push.Told("abc", "1-1")
    assert push._pages(table.token, now, {player}) == (now, {})
    assert now.as_event() == b"data: abc 1-1\n\n"  # the phone fetches it (static/whistdrive/push.js)


def test_the_answer_to_an_entry_is_the_page_then_pushed_to_that_seat_drawn_once(monkeypatch):
    event = started_event(tables=1)
    table = table_of(event, 1)
    seated = {s.seat: s.entrant_id for s in Seating.objects.filter(table=table, hand=1)}
    north = seated_phone(table, "N", secure=True)
    drawn = []
    render = DjangoTemplate.render  # every drawing of a page or fragment, the views' and the hub's

    def counted(self, *args, **kwargs):
        drawn.append(self.template.name)
        return render(self, *args, **kwargs)

    monkeypatch.setattr(DjangoTemplate, "render", counted)

    answer = north.post(
        reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8}, HTTP_HX_REQUEST="true", secure=True
    )
    version, revisions, pages = pushes.pushed_pages(table.token, set(seated.values()))

    assert pages[seated["N"]] == answer.content.decode()  # North's phone already shows it: the same page
    assert len(drawn) == 4  # North's once, for the answer and the push; then East's, South's and West's
    assert len(set(pages.values())) == 4


def test_the_claims_push_is_drawn_from_what_the_answer_drew_without_reading_the_table():
    event = started_event(tables=1)
    table = table_of(event, 1)
    players = set(Seating.objects.filter(table=table, hand=1).values_list("entrant_id", flat=True))
    north = seated_phone(table, "N", secure=True)
    north.post(
        reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8}, HTTP_HX_REQUEST="true", secure=True
    )
    looked = versions.tables_of_evenings([table.event_id])[table.token].shared  # the version the hub's look finds

    with CaptureQueriesContext(connection) as queries:
        version, revisions, pages = pushes.pushed_pages(table.token, players, version=looked)
    assert queries.captured_queries == []
    assert (version, revisions, pages) == pushes.pushed_pages(table.token, players)  # as from the table read
    assert len(pages) == 4


def _drawn_pages(monkeypatch) -> list[str]:
    drawn: list[str] = []
    render = DjangoTemplate.render

    def counted(self, *args, **kwargs):
        drawn.append(self.template.name)
        return render(self, *args, **kwargs)

    monkeypatch.setattr(DjangoTemplate, "render", counted)
    return drawn


@override_settings(SERVER_WORKERS=2)  # rundrive --workers 2: the default cache is one both processes read
def test_in_several_processes_one_draws_a_tables_pages_and_the_others_take_them(monkeypatch):
    event = started_event(tables=1)
    table = table_of(event, 1)
    seated = {s.seat: s.entrant_id for s in Seating.objects.filter(table=table, hand=1)}
    north = seated_phone(table, "N", secure=True)
    north.post(
        reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8}, HTTP_HX_REQUEST="true", secure=True
    )
    looked = versions.tables_of_evenings([table.event_id])[table.token].shared

    # This process's hub holds North's stream; the other's holds East's and South's.
    assert pushes.pushed_pages(table.token, {seated["N"]}, version=looked)[2].keys() == {seated["N"]}
    cache.kept().clear()  # the other process has none of this one's drawings
    drawn = _drawn_pages(monkeypatch)
    with CaptureQueriesContext(connection) as queries:
        version, revisions, pages = pushes.pushed_pages(table.token, {seated["E"], seated["S"]}, version=looked)

    assert queries.captured_queries == [] and drawn == []
    assert version == looked and pages.keys() == {seated["E"], seated["S"]}
    east = seated_phone(table, "E", secure=True)
    fetched = east.get(reverse("table", args=[table.token]), HTTP_HX_REQUEST="true", secure=True).content.decode()
    assert pages[seated["E"]].strip() == fetched.strip()

    # East agrees: the table's new version is drawn afresh, not taken from what was published before.
    east.post(
        reverse("table_agree", args=[table.token]),
        {"hand": 1, "seat": "E", "tricks_ns": 8},
        HTTP_HX_REQUEST="true",
        secure=True,
    )
    cache.kept().clear()
    now = versions.load(table.token, set())
    assert now.shared != looked
    version, _, pages = pushes.pushed_pages(table.token, {seated["S"]}, now)
    assert version == now.shared and "Agree" not in pages[seated["S"]] and drawn


@override_settings(SERVER_WORKERS=2)
def test_in_several_processes_the_one_that_answered_the_entry_draws_its_tables_pushed_pages(monkeypatch):
    event = started_event(tables=1)
    table = table_of(event, 1)
    seated = {s.seat: s.entrant_id for s in Seating.objects.filter(table=table, hand=1)}
    north = seated_phone(table, "N", secure=True)
    monkeypatch.setattr(push, "hub", push.Hub(listeners={table.token: {asyncio.Queue(): seated["N"]}}))
    north.post(
        reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8}, HTTP_HX_REQUEST="true", secure=True
    )
    looked = versions.tables_of_evenings([table.event_id])[table.token].shared
    answered_in = cache.PROCESS

    # The other process's hub looks first: it leaves the pages to this one, which holds the entry's drawing.
    monkeypatch.setattr(cache, "PROCESS", "the other process")
    drawn = _drawn_pages(monkeypatch)
    left = pushes.pushed_pages(table.token, {seated["E"]}, version=looked, leave_to_others=True)
    assert left == pushes.DRAWN_ELSEWHERE and drawn == []

    monkeypatch.setattr(cache, "PROCESS", answered_in)
    with CaptureQueriesContext(connection) as queries:
        version, _, pages = pushes.pushed_pages(table.token, {seated["N"]}, version=looked, leave_to_others=True)
    assert queries.captured_queries == [] and version == looked and pages.keys() == {seated["N"]}
    assert len(drawn) == 3  # East's, South's and West's: North's is the answer's page

    # The other process asks again and takes them as published.
    monkeypatch.setattr(cache, "PROCESS", "the other process")
    cache.kept().clear()
    version, _, pages = pushes.pushed_pages(table.token, {seated["E"]}, version=looked, leave_to_others=True)
    assert version == looked and "Agree" in pages[seated["E"]] and len(drawn) == 3


@override_settings(SERVER_WORKERS=2)
def test_a_hub_pushes_the_pages_another_process_draws_and_draws_them_itself_if_it_never_does(monkeypatch):
    event = started_event(tables=2)
    table, other = table_of(event, 1), table_of(event, 2)
    east = Seating.objects.get(table=table, hand=1, seat="E").entrant_id
    west = Seating.objects.get(table=other, hand=1, seat="W").entrant_id
    monkeypatch.setattr(push, "hub", push.Hub(listeners={t.token: {asyncio.Queue(): None} for t in (table, other)}))
    for each in (table, other):
        seated_phone(each, "N", secure=True).post(
            reverse("table_enter", args=[each.token]), {"hand": 1, "tricks": 8}, HTTP_HX_REQUEST="true", secure=True
        )
    answered_in = cache.PROCESS  # the entries were answered in another process than this hub's
    monkeypatch.setattr(cache, "PROCESS", "this hub's process")
    cache.kept().clear()
    hub = push.Hub()

    async def in_this_thread(fn, *args):
        return fn(*args)

    monkeypatch.setattr(hub, "_in_thread", in_this_thread)
    # The hub's thread closes connections past their age before a look: in this thread, Django would take
    # the test's own transaction (autocommit off) for such a connection, and close it.
    monkeypatch.setattr(push, "close_old_connections", lambda: None)
    queues = {each.token: asyncio.Queue() for each in (table, other)}
    hub.listeners = {table.token: {queues[table.token]: east}, other.token: {queues[other.token]: west}}
    clock = iter([0.0, 0.0, 0.1, 0.1, 0.6]).__next__  # seconds, as the hub's loop tells them
    changed = hub._changes({each.token: event.pk for each in (table, other)})

    _run(hub._tell(changed, clock))
    assert hub.awaiting.keys() == {table.token, other.token} and all(q.empty() for q in queues.values())

    # The process that answered table 1's entry publishes its pages; table 2's never come.
    monkeypatch.setattr(cache, "PROCESS", answered_in)
    drawn = pushes.pushed_pages(table.token, {east}, version=changed[table.token][0].version, leave_to_others=True)
    monkeypatch.setattr(cache, "PROCESS", "this hub's process")
    _run(hub._tell({}, clock))  # 0.1 s on: table 1's pages are taken, table 2 still waits
    assert queues[table.token].get_nowait().page == drawn[2][east]
    assert hub.awaiting.keys() == {other.token} and queues[other.token].empty()

    _run(hub._tell({}, clock))  # push.AWAIT_AT_MOST on: this hub draws table 2's pages itself
    assert "Agree" in queues[other.token].get_nowait().page and hub.awaiting == {}


@override_settings(SERVER_WORKERS=2)
def test_a_process_that_holds_none_of_a_tables_streams_leaves_its_pages_to_the_hubs_that_do(monkeypatch):
    event = started_event(tables=1)
    table = table_of(event, 1)
    east = Seating.objects.get(table=table, hand=1, seat="E").entrant_id
    seated_phone(table, "N", secure=True).post(
        reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8}, HTTP_HX_REQUEST="true", secure=True
    )
    looked = versions.tables_of_evenings([table.event_id])[table.token].shared
    monkeypatch.setattr(cache, "PROCESS", "the process whose hub holds East's stream")

    version, _, pages = pushes.pushed_pages(table.token, {east}, version=looked, leave_to_others=True)
    assert version == looked and "Agree" in pages[east]  # no half-second wait for a process that never draws


@override_settings(SERVER_WORKERS=2)
def test_an_entry_is_answered_when_the_shared_cache_cannot_take_its_claim(monkeypatch):
    event = started_event(tables=1)
    table = table_of(event, 1)
    north = Seating.objects.get(table=table, hand=1, seat="N").entrant_id
    monkeypatch.setattr(push, "hub", push.Hub(listeners={table.token: {asyncio.Queue(): north}}))

    def unreachable(key):
        raise ConnectionError("the shared cache is out of reach")

    monkeypatch.setattr(cache, "claim", unreachable)
    answer = seated_phone(table, "N", secure=True).post(
        reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8}, HTTP_HX_REQUEST="true", secure=True
    )
    assert answer.status_code == 200 and "Waiting for East–West" in answer.content.decode()
    assert entry.table_state(table, 1).status == "pending"


def _run(coroutine) -> None:
    """Run a coroutine that never waits (the hub's thread is this one) in this test's own context: its
    database connection holds the test's transaction, and asyncio.run's would be another."""
    with pytest.raises(StopIteration):
        coroutine.send(None)


def test_in_one_process_nothing_is_published_for_others():
    event = started_event(tables=1)
    table = table_of(event, 1)
    players = set(Seating.objects.filter(table=table, hand=1).values_list("entrant_id", flat=True))
    assert len(pushes.pushed_pages(table.token, players)[2]) == 4
    assert cache.published(cache.pushed_key(table.token)) is None


@override_settings(SERVER_WORKERS=2)
def test_in_several_processes_an_agreed_tables_waits_are_worked_out_once():
    event = started_event(tables=2)
    table = table_of(event, 1)
    north, east = seated_phone(table, "N", secure=True), seated_phone(table, "E", secure=True)
    north.post(
        reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8}, HTTP_HX_REQUEST="true", secure=True
    )
    east.post(
        reverse("table_agree", args=[table.token]),
        {"hand": 1, "seat": "E", "tricks_ns": 8},
        HTTP_HX_REQUEST="true",
        secure=True,
    )
    first = versions.load(table.token, set())  # this process works out where the four go, and so the waits
    cache.kept().clear()  # another process

    with CaptureQueriesContext(connection) as queries:
        other = versions.load(table.token, set())

    # The table's read and its waited tables' results, where working out the movement again took nine
    # queries; and the same version, so the pages the first process draws at it are the ones both push.
    assert len(queries.captured_queries) == 2
    assert other.shared == first.shared


def _agreed_at(table, tricks: int = 8) -> None:
    north, east = seated_phone(table, "N", secure=True), seated_phone(table, "E", secure=True)
    htmx = {"HTTP_HX_REQUEST": "true", "secure": True}
    north.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": tricks}, **htmx)
    east.post(reverse("table_agree", args=[table.token]), {"hand": 1, "seat": "E", "tricks_ns": tricks}, **htmx)


def test_an_agreed_tables_push_is_drawn_from_the_state_its_agreement_left_without_reading_it_again():
    event = started_event(tables=2)
    table = table_of(event, 1)
    players = set(Seating.objects.filter(table=table, hand=1).values_list("entrant_id", flat=True))
    _agreed_at(table)

    with CaptureQueriesContext(connection) as queries:
        pages = pushes.pushed_pages(table.token, players)[2]

    assert "Agreed: North–South 8, East–West 5" in pages[min(players)]
    read = " ".join(q["sql"] for q in queries.captured_queries)
    assert "whistdrive_submission" not in read and "whistdrive_flag" not in read  # as the agreement left them


def test_every_change_at_an_agreed_table_reaches_its_pushed_pages():
    """The table's state kept with the revisions it was read at (``entry.table_state``) is never drawn
    again once anything at the table changes: a call to the organiser, its answer, a correction."""
    event = started_event(tables=2)
    table = table_of(event, 1)
    north = Seating.objects.get(table=table, hand=1, seat="N").entrant_id
    _agreed_at(table)
    assert "Call the organiser" in pushes.pushed_pages(table.token, {north})[2][north]

    flag = entry.call_organiser(table, hand=1, reason=FLAG_REASONS[0][0])
    assert "The organiser has been called" in pushes.pushed_pages(table.token, {north})[2][north]

    entry.resolve_flag(flag)
    answered = pushes.pushed_pages(table.token, {north})[2][north]
    assert "The organiser has dealt with your call" in answered and "has been called" not in answered
    entry.set_result(
        table, hand=1, entry=HandEntry(10, 3, trump_for_hand(event.trumps, 1)), user=None, reason="recounted"
    )
    page = pushes.pushed_pages(table.token, {north})[2][north]
    assert "Agreed: North–South 10, East–West 3" in page and "recounted" in page
    assert "The organiser has been called" not in page


def test_where_an_agreed_tables_players_go_is_read_from_the_next_hands_seating_once_the_hall_is_seated():
    """Whether the next hand is seated is kept under the event's revision (``seats.seated``): asked by
    every agreed table's page before the hall moves on, and asked afresh once it has."""
    event = started_event(tables=2)
    event.auto_advance = False
    event.save()
    one, two = table_of(event, 1), table_of(event, 2)
    north = Seating.objects.get(table=one, hand=1, seat="N").entrant_id
    _agreed_at(one)
    _agreed_at(two, tricks=6)
    before = pushes.pushed_pages(one.token, {north})[2][north]
    assert "Agreed: North–South 8, East–West 5" in before and ", partner " not in before  # hand 2 not seated yet

    running.advance(event)

    seated_now = Seating.objects.get(table=one, hand=2, seat="N").entrant_id
    after = pushes.pushed_pages(one.token, {seated_now})[2][seated_now]
    assert "After hand 1" in after and ", partner " in after  # each player's next seat, and who with


def test_where_an_agreed_tables_players_go_follows_the_tables_they_go_to_as_their_results_come_and_change():
    """The movement's answer for an agreed table is kept, checked against the results it turned on, and
    worked out again from those when they changed (``where_next.where_next``): always what it would be afresh."""
    event = started_event(tables=3)
    event.auto_advance = False
    event.save()
    one = table_of(event, 1)

    def shown() -> list[tuple[str, str]]:
        return [(m["name"], m["text"]) for m in drawing.kept_drawing(versions.load(one.token, set()))["moves"]]

    def afresh() -> list[tuple[str, str]]:
        cache.clear()
        return shown()

    _agreed_at(one)
    seen = [shown()]
    assert seen[-1] == afresh()
    for number, tricks in [(2, 6), (3, 9)]:
        _agreed_at(table_of(event, number), tricks)
        seen.append(shown())
        assert seen[-1] == afresh()
    entry.set_result(
        table_of(event, 2), hand=1, entry=HandEntry(9, 4, trump_for_hand(event.trumps, 1)), user=None, reason="recount"
    )
    seen.append(shown())
    assert seen[-1] == afresh()
    assert len(set(map(tuple, seen))) > 1  # the neighbours' results decided where some of them go


def _as_a_browser_reads(stream: bytes) -> list[tuple[str, str]]:
    """The events (type, data) a browser's EventSource dispatches from ``stream``, by the format's rules:
    lines end at CR LF, LF or CR; a ``data`` field's value (one leading space dropped) is added to the
    data with an LF; a blank line dispatches, with the data's last LF removed."""
    events, kind, data = [], "message", ""
    for line in stream.decode().replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if not line:
            if data:
                events.append((kind, data.removesuffix("\n")))
            kind, data = "message", ""
            continue
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "event":
            kind = value
        elif field == "data":
            data += value + "\n"
    return events


@pytest.mark.parametrize(
    "page",
    [
        '<div id="state">\n  <p>North–South 7</p>\n</div>\n',
        "ends without a line end",
        "windows\r\nline ends\r\nand a lone\rreturn\n",
        "a blank line\n\nin the middle\n\n",
        "a name with a line separator\u2028and a form feed\x0c kept as they are",
        "\n",
    ],
)
def test_a_pushed_page_reaches_the_phone_as_drawn(page):
    told = push.Told("abc", "3-7", page)
    stream = told.as_event() + push.Told("def", "3-8").as_event()
    expected = page.replace("\r\n", "\n").replace("\r", "\n").removesuffix("\n")
    assert _as_a_browser_reads(stream) == [("page", f"abc 3-7\n{expected}"), ("message", "def 3-8")]
