"""The pushed updates' look at the hall (``versions.tables_of_evenings``): each table's revisions, and the
results only of the tables that moved since the last look; and an agreed table's version worked out from
that look (``versions.agreed_version``), the one its phones read."""

import re

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from tests.factories import duplicate_event, started_event, table_of
from whistdrive.engines.rules import HandEntry, trump_for_hand
from whistdrive.evening import entry, running
from whistdrive.evening.phones.versions import agreed_version, load, tables_of_evenings
from whistdrive.server import push
from whistdrive.store import cache
from whistdrive.store.models import Result
from whistdrive.store.rows import NO_RESULTS

pytestmark = pytest.mark.django_db


def results_read(queries) -> list[set[int]]:
    """The ids of the tables whose results each of the captured queries read."""
    reads = []
    for query in queries.captured_queries:
        if read := re.search(r"IN \(([^)]*)\) GROUP BY", query["sql"]):
            reads.append({int(pk) for pk in read.group(1).split(",")})
    return reads


def test_a_look_reads_the_results_only_of_the_tables_that_moved():
    event = started_event()  # three tables
    tokens = list(event.tables.values_list("token", flat=True))
    one, two, three = (table_of(event, n) for n in (1, 2, 3))
    entry.submit(two, hand=1, seat="N", tricks_ours=8)
    entry.agree(two, hand=1, seat="E")
    first = tables_of_evenings([event.pk])
    assert first.keys() == set(tokens)  # every table of the evening, read by its id
    assert first[two.token].results.startswith("1:")
    assert first[one.token].results == first[three.token].results == NO_RESULTS

    entry.submit(one, hand=1, seat="N", tricks_ours=7)  # a claim: table 1 moves, its results do not
    result = Result.objects.get(table=two, hand=1)
    result.tricks_ns, result.tricks_ew = 9, 4
    result.save()  # the organiser's correction at table 2
    with CaptureQueriesContext(connection) as queries:
        second = tables_of_evenings([event.pk], first)
    assert results_read(queries) == [{one.pk, two.pk}]
    assert second[one.token].results == NO_RESULTS
    assert second[two.token].results != first[two.token].results  # the correction is seen
    assert second[three.token] == first[three.token]

    with CaptureQueriesContext(connection) as queries:
        third = tables_of_evenings([event.pk], second)
    assert results_read(queries) == []  # nothing moved: no table's results are read
    assert third == second


def agree(table, ns: int) -> None:
    entry.submit(table, hand=1, seat="N", tricks_ours=ns)
    entry.agree(table, hand=1, seat="E")


def correct(table, ns: int) -> None:
    trump = trump_for_hand(table.event.trumps, 1)
    entry.set_result(table, hand=1, entry=HandEntry(ns, 13 - ns, trump), user=None, reason="recounted")


def from_the_look(event, token: str) -> str | None:
    looked = tables_of_evenings([event.pk])
    return agreed_version(token, looked[token], {seen.pk: seen for seen in looked.values()})


def test_an_agreed_tables_version_from_the_look_is_the_one_its_phones_read():
    """Worked out from the look, an agreed table's version must be the very one a phone's poll reads: a phone
    told another fetches its page again, and the pages the hub pushes (drawn at the version) would not be the
    ones a poll finds. Through what moves an agreed page (a table it waits on agreeing, a correction there, a
    correction here) and what does not (a claim at a table it waits on, a result at one it does not)."""
    event = started_event(ladies=12, gents=12)  # six tables, progressive, winners move
    event.auto_advance = False
    event.save()
    here = table_of(event, 3)
    agree(here, 9)
    assert from_the_look(event, here.token) is None  # what it waits on is known once a read works it out
    versions = [load(here.token, set()).shared]
    waits = cache.get(cache.waits_key(here.token)).ids
    assert waits, "winners move: a mover's seat waits on the table they go to"
    waited = [table for table in event.tables.order_by("number") if table.pk in waits]
    elsewhere = next(table for table in event.tables.order_by("number") if table.pk not in waits and table != here)

    for change, moves in [
        (lambda: entry.submit(waited[0], hand=1, seat="N", tricks_ours=7), False),
        (lambda: agree(elsewhere, 6), False),
        (lambda: entry.agree(waited[0], hand=1, seat="E"), True),
        (lambda: correct(waited[0], 10), True),
        (lambda: correct(here, 8), True),
    ]:
        change()
        read = load(here.token, set()).shared
        assert from_the_look(event, here.token) == read
        assert (read != versions[-1]) == moves
        versions.append(read)


def test_in_a_duplicate_evening_the_looks_version_of_each_table_is_the_one_its_phones_read():
    """A duplicate table's agreed page waits on the tables that play its boards (the traveller), and a table
    ahead of the hall plays its next board: through a round, every table's version from the look, agreed or
    not, is the one a poll reads."""
    event = duplicate_event(pairs=8, boards=8, boards_per_round=2)
    tables = list(event.tables.order_by("number"))
    for table in tables:
        load(table.token, set())  # each table's phones read it once, as the hall opens its pages
    agreed_seen = 0
    for table in tables + tables:  # the round's two boards, table by table
        hand = running.playing_hand(table)
        entry.submit(table, hand=hand, seat="N", tricks_ours=7 + table.number % 3)
        entry.agree(table, hand=hand, seat="E")
        looked = tables_of_evenings([event.pk])
        for each in tables:
            read = load(each.token, set()).shared
            seen = looked[each.token]
            if seen.shared is None:  # agreed: worked out with what it waits on
                assert agreed_version(each.token, seen, {s.pk: s for s in looked.values()}) == read
                agreed_seen += 1
            else:
                assert seen.shared == read
    assert agreed_seen >= len(tables)


@override_settings(SERVER_WORKERS=2)
def test_a_hub_whose_process_did_not_work_out_an_agreed_tables_waits_reads_nothing_of_it(monkeypatch):
    """In several server processes, the hub of one that is not drawing an agreed table's pages learns its
    version from its look and the waits another process published, not by reading the table."""
    event = started_event(tables=3)
    table = table_of(event, 1)
    agree(table, 8)
    version = load(table.token, set()).shared  # the process that works out the waits publishes them
    cache.kept().clear()  # another process
    # The hub's thread closes connections past their age before a look: in this thread, Django would take
    # the test's own transaction (autocommit off) for such a connection, and close it.
    monkeypatch.setattr(push, "close_old_connections", lambda: None)

    with CaptureQueriesContext(connection) as queries:
        changed = push.Hub()._changes({table.token: event.pk})

    told, loaded = changed[table.token]
    assert told.version == version and loaded is None
    assert not any(re.search(r'\btoken"? = ', q["sql"]) for q in queries.captured_queries)  # the table not read
