"""Keying a whole hand from paper scorecards: every row is saved, or none."""

import pytest

from tests.factories import add_entrants, make_cast, make_event, started_event, table_of
from tests.live.helpers import agree, url
from whistdrive.engines.formats import Format
from whistdrive.evening import entry, running
from whistdrive.store.models import Result, Submission, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_a(client):
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    return club_a


def test_a_bad_row_names_its_table_and_nothing_is_saved(client, club_a):
    event = started_event(club_a, tables=4, interval_after=3, seed=1)
    response = client.post(
        url("event_paper", event), {"t1-tricks_ns": 7, "t2-tricks_ns": 9, "t3-tricks_ns": 8, "t3-tricks_ew": 6}
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "Table 3: North–South 8 and East–West 6 make 14 tricks; a hand has 13." in html
    assert "Nothing was saved" in html
    assert not Result.objects.exists() and not Submission.objects.exists()
    assert 'value="9"' in html  # what was typed stays for correcting


def test_tricks_out_of_range_name_the_table(client, club_a):
    event = started_event(club_a, interval_after=3, seed=1)
    response = client.post(url("event_paper", event), {"t1-tricks_ns": 7, "t2-tricks_ns": 14})
    assert "Table 2: North–South tricks: Ensure this value is less than or equal to 13." in response.content.decode()
    assert not Result.objects.exists()


def test_a_whole_hand_is_saved_from_paper_and_the_evening_moves_on(client, club_a):
    event = started_event(club_a, interval_after=3, seed=1)
    response = client.post(url("event_paper", event), {"t1-tricks_ns": 7, "t2-tricks_ns": 4, "t3-tricks_ns": 13})
    assert response.status_code == 302
    results = {r.table.number: (r.tricks_ns, r.tricks_ew, r.source, r.reason) for r in Result.objects.all()}
    assert results == {
        1: (7, 6, "paper", "keyed from paper"),
        2: (4, 9, "paper", "keyed from paper"),
        3: (13, 0, "paper", "keyed from paper"),
    }
    assert Submission.objects.filter(action=Submission.Action.PAPER).count() == 3
    event.refresh_from_db()
    assert event.current_hand == 2


def test_agreed_rows_are_shown_not_keyed_and_blank_rows_wait(client, club_a):
    event = started_event(club_a, interval_after=3, seed=1)
    event.auto_advance = False
    event.save()
    agree(event, 1, ns=8)
    page = client.get(url("event_paper", event)).content.decode()
    assert 'name="t1-tricks_ns"' not in page and 'name="t2-tricks_ns"' in page
    client.post(url("event_paper", event), {"t1-tricks_ns": 2, "t2-tricks_ns": 5})
    assert Result.objects.get(table=table_of(event, 1)).tricks_ns == 8
    assert Result.objects.get(table=table_of(event, 2)).tricks_ns == 5
    assert not Result.objects.filter(table=table_of(event, 3)).exists()


def test_an_empty_grid_saves_nothing_and_says_so(client, club_a):
    event = started_event(club_a, interval_after=3, seed=1)
    response = client.post(url("event_paper", event), {})
    assert "Nothing was keyed" in response.content.decode()


def test_honours_columns_appear_only_when_the_format_counts_them(client, club_a):
    drive = started_event(club_a, interval_after=3, seed=1)
    assert "NS honours" not in client.get(url("event_paper", drive)).content.decode()
    fmt = Format(kind="games", hands=4, interval_after=None, movement="stationary", honours=True, trumps="turned")
    games = make_event(club_a, fmt, name="Game night")
    add_entrants(games, 4, 4)
    running.start_event(games, seed=1)
    page = client.get(url("event_paper", games)).content.decode()
    assert "NS honours" in page and "Trumps" in page
    response = client.post(
        url("event_paper", games), {"t1-tricks_ns": 7, "t1-honours_ns": 3, "t1-honours_ew": 2, "t1-trump": "H"}
    )
    assert "Table 1: North–South 3 and East–West 2 honours make 5" in response.content.decode()
    response = client.post(url("event_paper", games), {"t1-tricks_ns": 7, "t1-honours_ns": 4, "t2-tricks_ns": 6})
    assert "Table 2: Which suit was trumps?" in response.content.decode()
    assert not Result.objects.filter(table__event=games).exists()


def test_a_row_refused_while_saving_undoes_the_rows_saved_before_it(client, club_a, monkeypatch):
    event = started_event(club_a, interval_after=3, seed=1)
    real_set_result = entry.set_result

    def refuse_table_3(table, **kwargs):
        if table.number == 3:
            raise entry.EntryError("Table 3, hand 1: a result arrived at the same moment: look again and retry.")
        return real_set_result(table, **kwargs)

    monkeypatch.setattr(entry, "set_result", refuse_table_3)
    response = client.post(url("event_paper", event), {"t1-tricks_ns": 7, "t2-tricks_ns": 4, "t3-tricks_ns": 13})
    html = response.content.decode()
    assert "Table 3, hand 1: a result arrived at the same moment" in html and "Nothing was saved" in html
    assert not Result.objects.exists()
    assert not Submission.objects.filter(action=Submission.Action.PAPER).exists()


def test_a_table_nobody_sits_at_this_hand_is_not_in_the_grid(client, club_a):
    event = started_event(club_a, interval_after=3, seed=1)
    Table.objects.create(event=event, number=4)
    page = client.get(url("event_paper", event)).content.decode()
    assert 'name="t3-tricks_ns"' in page and 'name="t4-tricks_ns"' not in page
