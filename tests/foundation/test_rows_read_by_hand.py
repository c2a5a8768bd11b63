"""The hot paths read their rows with hand-written statements (``models.columns_of`` and ``from_row``), not
the ORM: each instance made so must be the one the ORM would have made, every column converted as the ORM
converts it (dates, times, booleans, JSON), on SQLite and PostgreSQL alike."""

import pytest
from django.db import connection

from tests.factories import started_event, table_of
from whistdrive import entry
from whistdrive.models import (
    Event,
    Result,
    Submission,
    Table,
    columns_of,
    from_row,
    table_and_event,
    table_and_event_columns,
)

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
