"""What the organiser is shown done is on the disk: every write of an organiser's request commits with
SQLite's ``synchronous`` FULL, while the phones' requests under /t/, whose taps the phones keep and send
again, commit at their own level (NORMAL unless WHISTDRIVE_SQLITE_SYNCHRONOUS says FULL).

Found by thinking it through (#44): with NORMAL everywhere, a power cut could lose a new QR code, a late
arrival or a result set by hand after the page said it was done, and no phone sends those again. Each
write statement is watched (``connection.execute_wrapper``) and the connection's level read just before
it runs: a transaction's writes are committed at the level they were made at (SQLite refuses to change
it inside a transaction). What the level costs is measured in bench/sqlite_synchronous.py and bench/hall.py.
"""

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.factories import make_cast, seated_phone, started_event, table_of
from whistdrive.store.models import Entrant

# Outside a test's own transaction, as a server's requests are: SQLite changes the level only between them.
pytestmark = [
    pytest.mark.django_db(transaction=True),
    # synchronous is SQLite's: PostgreSQL makes every commit durable before it answers.
    pytest.mark.skipif(connection.vendor != "sqlite", reason="synchronous is a setting of SQLite's"),
]

FULL, NORMAL = 2, 1
HX = {"HX-Request": "true"}


class Levels:
    """The ``synchronous`` level of each write statement run while it watches."""

    def __init__(self):
        self.seen: list[tuple[int, str]] = []

    def __call__(self, execute, sql, params, many, context):
        if sql.lstrip().split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE", "REPLACE"):
            level = context["connection"].connection.execute("PRAGMA synchronous").fetchone()[0]
            self.seen.append((level, sql.split(None, 3)[:3][-1]))
        return execute(sql, params, many, context)

    def levels(self) -> set[int]:
        assert self.seen, "nothing was written"
        return {level for level, _ in self.seen}


@pytest.fixture
def evening():
    club, _, olive, _, _ = make_cast()
    event = started_event(club, tables=2)
    organiser = Client()
    organiser.force_login(olive)
    return event, organiser


def watched(request):
    levels = Levels()
    with connection.execute_wrapper(levels):
        request()
    return levels.levels()


def test_the_organisers_actions_commit_at_full(evening):
    event, olive = evening
    table = table_of(event, 1)

    new_code = watched(lambda: olive.post(reverse("event_live_new_token", args=[event.pk, 1])))
    late = watched(
        lambda: olive.post(reverse("event_live_late_arrival", args=[event.pk]), {"name": "Gerald Late", "role": "gent"})
    )
    by_hand = watched(
        lambda: olive.post(
            reverse("event_live_result", args=[event.pk, 1, 1]), {"tricks_ns": 8, "tricks_ew": 5, "reason": "slip"}
        )
    )

    assert (new_code, late, by_hand) == ({FULL}, {FULL}, {FULL})
    assert table_of(event, 1).token != table.token
    assert Entrant.objects.filter(event=event, name="Gerald Late").exists()
    assert table_of(event, 1).results.get(hand=1).tricks_ns == 8


def test_a_change_in_the_admin_commits_at_full(evening):
    event, olive = evening
    entrant = event.entrants.first()
    page = reverse("admin:whistdrive_entrant_change", args=[entrant.pk])
    form = olive.get(page).context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None}
    data["name"] = "Renamed In The Admin"
    assert watched(lambda: olive.post(page, data)) == {FULL}


def test_a_phones_entry_commits_at_the_phones_level_and_the_next_organiser_action_at_full(evening, settings):
    event, olive = evening
    table = table_of(event, 2)
    north = seated_phone(table, "N")

    entry = watched(
        lambda: north.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 7}, headers=HX)
    )
    assert entry == {NORMAL}
    assert table.submissions.filter(action="enter").exists()
    # The same thread's connection, at once after: the organiser's write is FULL again.
    assert watched(lambda: olive.post(reverse("event_live_new_token", args=[event.pk, 2]))) == {FULL}


def test_a_call_to_the_organiser_is_not_kept_by_the_phone_so_it_commits_at_full(evening):
    event, _ = evening
    table = table_of(event, 1)
    north = seated_phone(table, "N")
    called = watched(
        lambda: north.post(reverse("table_call", args=[table.token]), {"hand": 1, "reason": "misdeal"}, headers=HX)
    )
    assert called == {FULL}


def test_the_setting_makes_the_phones_full_too(evening, settings):
    settings.SQLITE_PHONES_SYNCHRONOUS = "FULL"
    event, _ = evening
    table = table_of(event, 2)
    north = seated_phone(table, "N")
    entry = watched(
        lambda: north.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 7}, headers=HX)
    )
    assert entry == {FULL}


def test_a_write_outside_any_request_commits_at_full(evening):
    """Management commands (restore, import_event), the hand-end backups' marks: the connection's own level."""
    event, _ = evening
    assert watched(lambda: Entrant.objects.filter(event=event).update(name="Someone")) == {FULL}
