"""The pushed updates' look at the hall (``phones.tables_of_evenings``): each table's revisions, and the
results only of the tables that moved since the last look."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import started_event, table_of
from whistdrive import entry, phones
from whistdrive.models import Result

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
    first = phones.tables_of_evenings([event.pk])
    assert first.keys() == set(tokens)  # every table of the evening, read by its id
    assert first[two.token].results.startswith("1:")
    assert first[one.token].results == first[three.token].results == phones.NO_RESULTS

    entry.submit(one, hand=1, seat="N", tricks_ours=7)  # a claim: table 1 moves, its results do not
    result = Result.objects.get(table=two, hand=1)
    result.tricks_ns, result.tricks_ew = 9, 4
    result.save()  # the organiser's correction at table 2
    with CaptureQueriesContext(connection) as queries:
        second = phones.tables_of_evenings([event.pk], first)
    assert results_read(queries) == [{one.pk, two.pk}]
    assert second[one.token].results == phones.NO_RESULTS
    assert second[two.token].results != first[two.token].results  # the correction is seen
    assert second[three.token] == first[three.token]

    with CaptureQueriesContext(connection) as queries:
        third = phones.tables_of_evenings([event.pk], second)
    assert results_read(queries) == []  # nothing moved: no table's results are read
    assert third == second
