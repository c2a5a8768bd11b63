"""The projector board: the token is the key, nothing private on it, and polls are cheap."""

import re

import pytest
from django.urls import reverse

from tests.factories import big_evening, make_cast, two_table_evening
from whistdrive.store.models import Event, Result, Table
from whistdrive.web.views import standings as board_page

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def event():
    club_a, *_ = make_cast()
    return two_table_evening(club_a, status=Event.Status.RUNNING, hands_scored=2)


def test_the_board_needs_only_its_token(client, event):
    response = client.get(reverse("board", args=[event.board_token]))

    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="board"' in html
    assert "Provisional after hand 2 of 3" in html
    assert "<svg" in html  # the leaders' chart, inline


def test_a_wrong_token_is_404(client, event):
    assert client.get(reverse("board", args=["not-the-token"])).status_code == 404


def test_the_board_shows_no_table_or_player_tokens_and_no_organiser_links(client, event):
    html = client.get(reverse("board", args=[event.board_token])).content.decode()
    fragment = client.get(reverse("board", args=[event.board_token]), headers=HTMX).content.decode()

    secrets = [t.token for t in Table.objects.filter(event=event)] + [e.token for e in event.entrants.all()]
    for page in (html, fragment):
        for secret in secrets:
            assert secret not in page
        links = re.findall(r'href="([^"]*)"', page)
        assert all(link.startswith(("/static/", "#")) for link in links), links
        assert f"/events/{event.pk}/" not in page
        assert "/clubs/" not in page


def test_the_fragment_asks_again_when_its_slot_ends_and_a_repeat_poll_is_not_modified(client, event, monkeypatch):
    monkeypatch.setattr(board_page.time, "time", lambda: 15 * 100_000 + 4.5)  # 4.5 s into a 15 s slot
    url = reverse("board", args=[event.board_token]) + "?view=standings"
    first = client.get(url, headers=HTMX)

    assert first.status_code == 200
    # One clock: the next fragment is asked for just after this slot ends (10.5 s on), not on a timer of its own.
    assert 'hx-trigger="load delay:10750ms, every 60s"' in first.content.decode()
    assert "<html" not in first.content.decode()
    again = client.get(url, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 304


def test_a_new_result_changes_the_etag(client, event):
    url = reverse("board", args=[event.board_token]) + "?view=standings"
    first = client.get(url, headers=HTMX)
    result = Result.objects.get(table__event=event, table__number=1, hand=2)
    result.tricks_ns, result.tricks_ew = 3, 10  # the organiser corrects a result
    result.save()

    again = client.get(url, headers={**HTMX, "If-None-Match": first["ETag"]})

    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]


def test_at_the_end_the_board_shows_the_prize_winners_with_ties_to_settle(client, event):
    event.status = Event.Status.FINISHED
    event.prizes = [{"kind": "top", "role": "lady"}, {"kind": "booby", "role": "gent"}]
    event.save()

    html = client.get(reverse("board", args=[event.board_token]) + "?view=prizes").content.decode()

    assert "Prize winners" in html
    assert "Ladies&#x27; 1st" in html
    assert "settle" in html


def test_at_the_interval_the_board_starts_with_half_time_and_its_prize(client, event):
    event.status = Event.Status.INTERVAL
    event.prizes = [{"kind": "half_time"}]
    event.save()

    html = client.get(reverse("board", args=[event.board_token]) + "?view=halftime").content.decode()

    assert "Half-time: standings after hand 2" in html
    assert "Highest at half-time" in html


def test_a_long_standings_is_paged_one_slot_a_page_in_turn_with_the_other_views(client, monkeypatch):
    club_a, *_ = make_cast()
    event = big_evening(club_a, tables=12, hands=4, status=Event.Status.FINISHED)  # 48 players: 3 pages
    url = reverse("board", args=[event.board_token])
    shown = []
    for slot in range(8):
        monkeypatch.setattr(board_page.time, "time", lambda slot=slot: (1_000_000 + slot) * board_page.ROTATE_SECONDS)
        page = client.get(url, headers=HTMX).content.decode()
        found = re.search(r"page (\d) of (\d)", page)
        shown.append("prizes" if "Prize winners" in page else found.group(0))
    start = shown.index("prizes")
    assert (shown * 2)[start : start + 5] == ["prizes", "page 1 of 3", "page 2 of 3", "page 3 of 3", "prizes"]


def test_a_short_standings_has_no_page_numbers(client, event):
    page = client.get(reverse("board", args=[event.board_token]) + "?view=standings").content.decode()
    assert "page 1 of" not in page
