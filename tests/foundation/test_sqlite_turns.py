"""The laptop's SQLite backend (whistdrive/sqlite3/base.py): a process's writers take turns in Python.

How the turns behave under fifty writing threads is in test_sqlite_many_writers.py (a real file); here,
that a turn is always given back, however a transaction ends.
"""

import threading

import pytest
from django.db import OperationalError, connection, transaction

from clubs.models import Club
from whistdrive.sqlite3.base import _turn_for

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the laptop's SQLite backend"),
]


def turn():
    return _turn_for(str(connection.settings_dict["NAME"]))


def test_the_laptop_runs_on_it():
    assert connection.settings_dict["ENGINE"] == "whistdrive.sqlite3"
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
