"""The hot paths read their rows with hand-written statements (``rows.columns_of`` and ``rows.from_row``, whistdrive/store/rows.py), not
the ORM: each instance made so must be the one the ORM would have made, every column converted as the ORM
converts it (dates, times, booleans, JSON), on SQLite and PostgreSQL alike."""

import pytest
from django.db import connection
from django.utils import timezone

from tests.factories import started_event, table_of
from whistdrive.evening import entry
from whistdrive.store.models import Event, Result, Submission, Table
from whistdrive.store.rows import columns_of, from_row, insert, table_and_event, table_and_event_columns

pytestmark = pytest.mark.django_db


def _row(columns: list[str], sql_from: str, params: list):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(columns)} FROM {sql_from}", params)
        return cursor.fetchone()


def _same(read, orm) -> None:
    assert type(read) is type(orm)
    for field in type(orm)._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(orm, field.attname), field.attname
        assert type(getattr(read, field.attname)) is type(getattr(orm, field.attname)), field.attname
    assert read._state.adding is False and read._state.db == orm._state.db


def test_a_table_and_its_event_read_by_hand_are_the_ones_the_orm_reads():
    event = started_event(name="Friday drive")
    event.tie_breaks = ["last_hand", "countback"]  # a JSON column
    event.save()
    table = table_of(event, 2)
    q = connection.ops.quote_name
    row = _row(
        table_and_event_columns(),
        f"{q(Table._meta.db_table)} t JOIN {q(Event._meta.db_table)} e ON e.{q('id')} = t.{q('event_id')} "
        f"WHERE t.{q('id')} = %s",
        [table.pk],
    )
    read = table_and_event(row)
    orm = Table.objects.select_related("event").get(pk=table.pk)
    _same(read, orm)
    _same(read.event, orm.event)
    assert read.event.format == orm.event.format and read.event.tie_breaks == ["last_hand", "countback"]


def test_a_result_and_a_submission_read_by_hand_are_the_ones_the_orm_reads():
    event = started_event()
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8, revoke="EW")
    entry.agree(table, hand=1, seat="E")
    q = connection.ops.quote_name
    for model in (Result, Submission):
        orm = model.objects.filter(table=table).order_by("pk").first()
        row = _row(columns_of(model, "x"), f"{q(model._meta.db_table)} x WHERE x.{q('id')} = %s", [orm.pk])
        _same(from_row(model, row), orm)


def test_a_row_of_the_wrong_length_is_refused():
    with pytest.raises(ValueError, match="columns of Table"):
        from_row(Table, (1, 2))


def test_a_submission_written_by_hand_is_the_row_the_orm_writes():
    """Every phone's entry writes its Submission with ``rows.insert``: the row must be the one
    ``Submission.objects.create`` writes, its time of writing included."""
    event = started_event()
    table = table_of(event)
    values = dict(table=table, hand=1, action="enter", seat="N", side="NS", trump="H", tricks_ns=8, tricks_ew=5,
                  revoke="EW", outcome="pending", device="abc", address="10.0.0.7", resent=True)  # fmt: skip
    before = timezone.now()
    written = Submission(**values, key="k-1")  # a phone's key is one tap's: (table, key) is unique
    insert(written)
    assert written.pk is not None and written._state.adding is False
    by_orm = Submission.objects.create(**values, key="k-2")
    mine, theirs = Submission.objects.get(pk=written.pk), Submission.objects.get(pk=by_orm.pk)
    for field in Submission._meta.concrete_fields:
        if field.attname not in ("id", "created", "key"):
            assert getattr(mine, field.attname) == getattr(theirs, field.attname), field.attname
    assert before <= mine.created <= theirs.created and mine.created == written.created
    assert (mine.key, theirs.key) == ("k-1", "k-2")
    assert mine.honours_ns is None and mine.user_id is None  # left empty, as the ORM leaves them


def test_an_agreements_result_is_written_as_the_orm_writes_it_and_bumps_its_table():
    event = started_event()
    table, other = table_of(event, 1), table_of(event, 2)
    entry.submit(table, hand=1, seat="N", tricks_ours=8, revoke="EW")
    before = Table.objects.get(pk=table.pk).revision
    entry.agree(table, hand=1, seat="E")
    written = Result.objects.get(table=table, hand=1)
    assert Table.objects.get(pk=table.pk).revision > before  # its pages draw again
    by_orm = Result.objects.create(table=other, hand=1, **Result.fields_of(written.entry))
    by_orm.refresh_from_db()
    for field in Result._meta.concrete_fields:
        if field.attname not in ("id", "table_id", "created", "updated"):
            assert getattr(written, field.attname) == getattr(by_orm, field.attname), field.attname
    assert (
        written.created <= written.updated <= by_orm.created
    )  # each field its own time of writing, as the ORM sets them
    assert (written.source, written.revoke, written.tricks_ns) == ("agreed", "EW", 8)
