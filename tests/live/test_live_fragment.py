"""The tables fragment: what it shows, htmx gets only it, a 304 when nothing changed, fixed queries."""

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_cast, started_event, table_of
from tests.live.helpers import agree, dispute, url
from whistdrive.evening import entry
from whistdrive.store import cache
from whistdrive.store.models import Flag

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def club_a(client):
    """Club A, with Olive (its organiser) logged in."""
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    return club_a


def test_the_page_shows_each_table_state_the_names_at_each_seat_and_the_counter(client, club_a):
    event = started_event(club_a, tables=4, interval_after=3, seed=1)
    agree(event, 1)
    agree(event, 2)
    dispute(event, 3)
    entry.submit(table_of(event, 4), hand=1, seat="N", tricks_ours=8)
    html = client.get(url("event_live", event)).content.decode()
    assert "2 of 4 tables agreed" in html
    assert "1 disputed" in html and "1 pending" in html
    for seating in event.seatings.filter(hand=1, table__isnull=False).select_related("entrant"):
        assert seating.entrant.name.replace("'", "&#x27;") in html
    assert "NS enter: NS 7 – EW 6" in html and "EW enter: NS 6 – EW 7" in html
    assert "NS enter: NS 8 – EW 5" in html and "Waiting for EW to agree" in html


def test_an_open_flag_names_the_table_and_the_reason_until_it_is_dealt_with(client, club_a):
    event = started_event(club_a, interval_after=3, seed=1)
    flag = Flag.objects.create(table=table_of(event, 2), hand=1, reason="misdeal")
    html = client.get(url("event_live", event), headers=HTMX).content.decode()
    assert "Table 2</span> calls the organiser: misdeal" in html
    client.post(url("event_live_resolve_flag", event, flag.pk))
    flag.refresh_from_db()
    assert flag.resolved is not None
    assert "calls the organiser" not in client.get(url("event_live", event), headers=HTMX).content.decode()


def test_an_htmx_request_gets_the_fragment_only(client, club_a):
    event = started_event(club_a, interval_after=3, seed=1)
    full = client.get(url("event_live", event))
    part = client.get(url("event_live", event), headers=HTMX)
    assert b"<html" in full.content and b'id="live-tables"' in full.content
    assert b"<html" not in part.content and part.content.lstrip().startswith(b'<section id="live-tables"')
    assert b"Late arrival" not in part.content
    assert "HX-Request" in part["Vary"] and "HX-Request" in full["Vary"]


def test_the_fragment_answers_304_until_a_table_changes(client, club_a):
    event = started_event(club_a, interval_after=3, seed=1)
    first = client.get(url("event_live", event), headers=HTMX)
    etag = first["ETag"]
    again = client.get(url("event_live", event), headers={**HTMX, "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    agree(event, 1)
    changed = client.get(url("event_live", event), headers={**HTMX, "If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert b"1 of 3 tables agreed" in changed.content


def _fragment_queries(client, event) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url("event_live", event), headers=HTMX).status_code == 200
    return len(queries)


def test_the_fragment_takes_the_same_few_queries_for_5_and_25_tables(client, club_a, django_assert_max_num_queries):
    small = started_event(club_a, tables=5, name="Small drive", interval_after=3, seed=1)
    large = started_event(club_a, tables=25, name="Large drive", interval_after=3, seed=1)
    for event, tables in ((small, 5), (large, 25)):
        for number in range(1, tables, 2):
            agree(event, number)
        dispute(event, tables)
        Flag.objects.create(table=table_of(event, 1), hand=1, reason="a player is missing")
    _fragment_queries(client, small)  # the session is read once, then both are alike
    counts = [_fragment_queries(client, small), _fragment_queries(client, large)]
    assert counts[0] == counts[1]
    # 11: hosted (PostgreSQL) reads the session from the database on every request, the laptop from memory.
    with django_assert_max_num_queries(11):
        client.get(url("event_live", large), headers=HTMX)


@pytest.mark.parametrize(("tables", "seconds"), [(4, 3), (90, 3), (91, 4)])
def test_the_fragment_polls_less_often_in_a_big_hall(client, club_a, tables, seconds):
    event = started_event(club_a, tables=tables, interval_after=3, seed=1)
    html = client.get(url("event_live", event), headers=HTMX).content.decode()
    assert f'hx-trigger="every {seconds}s"' in html


def test_the_fragment_shows_each_table_as_it_stands_whatever_this_process_kept(client, club_a, monkeypatch):
    """Tables whose state this process keeps at their revision are not read again
    (``entry.states_for_event``): a change made through another server process (its own kept values) is."""
    event = started_event(club_a, tables=3, interval_after=3, seed=1)
    entry.submit(table_of(event, 1), hand=1, seat="N", tricks_ours=8)  # kept here
    entry.submit(table_of(event, 2), hand=1, seat="N", tricks_ours=7)
    html = client.get(url("event_live", event), headers=HTMX).content.decode()
    assert "NS enter: NS 8 – EW 5" in html and "NS enter: NS 7 – EW 6" in html
    this_process = cache.kept()
    monkeypatch.setattr(cache, "kept", lambda: cache.InProcessCache("another-process", settings.CACHES[cache.KEPT]))
    entry.agree(table_of(event, 1), hand=1, seat="E")  # served by the other process
    monkeypatch.setattr(cache, "kept", lambda: this_process)

    html = client.get(url("event_live", event), headers=HTMX).content.decode()

    assert "1 of 3 tables agreed" in html and "1 pending" in html
    assert "NS enter: NS 7 – EW 6" in html  # table 2, as kept
