"""The laptop's SQLite backend (whistdrive/store/sqlite3/base.py): a process's writers take turns in Python.

How the turns behave under fifty writing threads is in test_sqlite_many_writers.py (a real file); here,
that a turn is always given back, however a transaction ends.
"""

import threading

import pytest
from django.db import OperationalError, connection, transaction

from clubs.models import Club
from whistdrive.store.sqlite3.base import _qmark, _turn_for

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the laptop's SQLite backend"),
]


def turn():
    return _turn_for(str(connection.settings_dict["NAME"]))


def test_the_laptop_runs_on_it():
    assert connection.settings_dict["ENGINE"] == "whistdrive.store.sqlite3"
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_a_transaction_holds_the_turn_until_it_commits():
    with transaction.atomic():
        Club.objects.create(name="Held")
        assert turn().locked()
        with transaction.atomic():  # a savepoint takes no second turn
            Club.objects.create(name="Nested")
    assert not turn().locked()
    assert Club.objects.count() == 2


def test_a_transaction_that_fails_gives_the_turn_back_and_keeps_nothing():
    with pytest.raises(ValueError), transaction.atomic():
        Club.objects.create(name="Undone")
        raise ValueError("a refused entry")
    assert not turn().locked()
    assert not Club.objects.filter(name="Undone").exists()


def test_a_writer_that_waits_longer_than_sqlite_would_is_told_the_database_is_locked():
    held, done = threading.Event(), threading.Event()

    def hold_the_turn():
        with turn():
            held.set()
            done.wait(10)

    holder = threading.Thread(target=hold_the_turn)
    holder.start()
    held.wait(10)
    options = connection.settings_dict["OPTIONS"]
    timeout, options["timeout"] = options["timeout"], 0.05
    try:
        with pytest.raises(OperationalError, match="database is locked"), transaction.atomic():
            Club.objects.create(name="Too late")
    finally:
        options["timeout"] = timeout
        done.set()
        holder.join()
    assert not Club.objects.filter(name="Too late").exists()


def test_a_statement_kept_as_converted_reads_the_same_every_time_it_runs():
    """The cursor keeps each statement as converted for SQLite: the second run of a statement is read from
    there, and gives what Django's own conversion gives (``%s`` a parameter, ``%%`` a literal ``%``)."""
    club = Club.objects.create(name="100% whist")
    with connection.cursor() as cursor:
        for run in range(2):
            hits = _qmark.cache_info().hits
            cursor.execute("SELECT %s, '50%%', name FROM clubs_club WHERE name LIKE %s", [7, "100%"])
            assert _qmark.cache_info().hits == hits + run  # converted on its first run only
            assert cursor.fetchall() == [(7, "50%", club.name)]
            cursor.execute("SELECT %(n)s, '50%%'", {"n": 8})  # Django's other style, converted as Django does
            assert cursor.fetchall() == [(8, "50%")]
    assert list(Club.objects.filter(name__contains="0% w").values_list("name", flat=True)) == [club.name]
