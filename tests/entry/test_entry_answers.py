"""What a phone's entry answers with: the table's state as stored, and the moves left to the next poll."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.factories import started_event, table_of
from whistdrive.evening import entry
from whistdrive.store import cache
from whistdrive.store.models import Result

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def event():
    event = started_event()
    event.auto_advance = False
    event.save()
    return event


def _url(table, name="table"):
    return reverse(name, args=[table.token])


def _same(answered: entry.TableState, table) -> None:
    again = entry.table_state(table, answered.hand)
    assert answered.version() == again.version()
    assert answered.status == again.status
    assert {s: c and c.entry for s, c in answered.claims.items()} == {s: c and c.entry for s, c in again.claims.items()}
    assert answered.seats == again.seats


def test_the_state_a_submit_answers_with_is_the_state_as_stored(event):
    table = table_of(event)
    _same(entry.submit(table, hand=1, seat="N", tricks_ours=8), table)
    _same(entry.submit(table, hand=1, seat="E", tricks_ours=6), table)  # disputed
    _same(entry.submit(table, hand=1, seat="E", tricks_ours=5), table)  # agreed
    _same(entry.submit(table, hand=1, seat="E", tricks_ours=5), table)  # already agreed


def test_the_state_an_agreement_answers_with_is_the_state_as_stored(event):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    answered = entry.agree(table, hand=1, seat="E")
    assert answered.status == "agreed"
    _same(answered, table)
    _same(entry.agree(table, hand=1, seat="W"), table)


def test_agreeing_from_a_page_that_showed_other_tricks_is_refused(event):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    phone = Client()
    phone.post(_url(table, "table_seat"), {"seat": "E"})
    assert "North–South say 8–5. Agree?" in phone.get(_url(table)).content.decode()
    entry.submit(table, hand=1, seat="N", tricks_ours=9)
    response = phone.post(_url(table, "table_agree"), {"hand": 1, "seat": "E", "tricks_ns": 8}, headers=HX)
    assert "changed their result to North–South 9" in response.content.decode()
    assert not Result.objects.exists()


def test_an_agreements_answer_leaves_where_everyone_goes_to_the_poll_it_fires_on_load(event):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    phone = Client()
    phone.post(_url(table, "table_seat"), {"seat": "E"})
    answer = phone.post(_url(table, "table_agree"), {"hand": 1, "seat": "E", "tricks_ns": 8}, headers=HX)
    page = answer.content.decode()
    assert "Agreed: North–South 8, East–West 5" in page
    assert 'hx-trigger="load, every 4s,' in page
    assert not re.search(r"<b>[^<]+</b>: (stay|go to table|sit out)", page)
    shown = re.search(r"\?v=(\w+)\"", page).group(1)
    poll = phone.get(_url(table) + f"?v={shown}", headers=HX)
    assert poll.status_code == 200
    moves = re.findall(r'<li class="[NESW]"><b>[^<]+</b>: (stay|go to table|sit out)', poll.content.decode())
    assert len(moves) == 4, poll.content.decode()  # the four's list, and East's own first:
    assert re.search(r"<b>YOU</b>: (stay|go to table|sit out)", poll.content.decode())
    version = re.search(r"\?v=(\w+)\"", poll.content.decode()).group(1)
    assert phone.get(_url(table) + f"?v={version}", headers=HX).status_code == 204


def test_a_claims_answer_is_of_the_version_its_write_left_without_reading_the_table_again(event):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table = table_of(event)
    phone = Client()
    phone.post(_url(table, "table_seat"), {"seat": "N"})
    with CaptureQueriesContext(connection) as queries:
        answer = phone.post(_url(table, "table_enter"), {"hand": 1, "tricks": 8}, headers=HX)
    page = answer.content.decode()
    assert "You said North–South 8, East–West 5" in page
    # The table is read as the phone's posts read it, then under its lock: the answer is drawn from there.
    reads = [q["sql"] for q in queries.captured_queries if 'FROM "whistdrive_table" t JOIN' in q["sql"]]
    assert len(reads) == 2, reads
    shown = re.search(r"\?v=(\w+)\"", page).group(1)
    assert phone.get(_url(table) + f"?v={shown}", headers=HX).status_code == 204  # nothing newer to fetch


def test_an_entrys_answer_says_whether_the_table_has_called_the_organiser_as_it_stands():
    """Read with the table under its lock (``entry._locked_for_entry``), as a call and its answer are made."""
    two_tables = started_event(tables=2)
    table, other = table_of(two_tables, 1), table_of(two_tables, 2)
    flag = entry.call_organiser(table, hand=1, reason="misdeal")
    entry.call_organiser(other, hand=1, reason="missing")
    assert entry.submit(table, hand=1, seat="N", tricks_ours=8).called is True
    entry.resolve_flag(flag)  # the other table's call stands, and is not this table's
    assert entry.agree(table, hand=1, seat="E").called is False
    # The one read of a table's state says it too, as the phones' pages and the organiser's read it.
    assert entry.table_state(table, 1).called is False
    entry.call_organiser(table, hand=1, reason="revoke")
    table.refresh_from_db()
    assert entry.table_state(table, 1).called is True


def test_the_answer_to_an_entry_at_a_table_that_called_the_organiser_says_so(event):
    table = table_of(event)
    north, east = Client(), Client()
    north.post(_url(table, "table_seat"), {"seat": "N"})
    east.post(_url(table, "table_seat"), {"seat": "E"})
    north.post(_url(table, "table_call"), {"hand": 1, "reason": "dispute"})
    answer = north.post(_url(table, "table_enter"), {"hand": 1, "tricks": 8}, headers=HX).content.decode()
    assert "The organiser has been called" in answer and "You said North–South 8" in answer
    entry.resolve_flag(table.flags.get())
    answer = east.post(
        _url(table, "table_agree"), {"hand": 1, "seat": "E", "tricks_ns": 8}, headers=HX
    ).content.decode()
    assert "Agreed: North–South 8, East–West 5" in answer and "The organiser has been called" not in answer


def test_an_entry_builds_on_the_table_as_it_stands_whatever_this_process_kept(monkeypatch):
    """An entry takes the table's state kept at the revision its lock reads (``entry.kept_state``): a change
    made through another server process, which keeps its own, is never built over."""
    table = table_of(started_event(tables=1))
    entry.submit(table, hand=1, seat="N", tricks_ours=8)  # kept here: North–South say 8
    this_process = cache.kept()
    another = cache.InProcessCache("another-process", settings.CACHES[cache.KEPT])
    monkeypatch.setattr(cache, "kept", lambda: another)
    entry.submit(table, hand=1, seat="S", tricks_ours=7)  # South's phone, served by the other process: 7
    monkeypatch.setattr(cache, "kept", lambda: this_process)

    state = entry.agree(table, hand=1, seat="E", shown_tricks_ns=7)  # East was shown South's 7

    assert state.status == "agreed" and (state.result.tricks_ns, state.result.tricks_ew) == (7, 6)
    assert Result.objects.get(table=table, hand=1).tricks_ns == 7
