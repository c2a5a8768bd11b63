"""A phone's poll re-draws its page only when something it shows changed, not on every result in the hall."""

import re

import pytest
from django.urls import reverse

from tests.factories import seated_phone, started_event, table_of
from whistdrive.engines.rules import HandEntry
from whistdrive.evening import entry

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def event():
    event = started_event(ladies=12, gents=12)  # six tables, progressive, winners move
    event.auto_advance = False
    event.save()
    return event


def agree(table, ns: int) -> None:
    entry.submit(table, hand=1, seat="N", tricks_ours=ns)
    entry.agree(table, hand=1, seat="E")


def version_of(client, table) -> str:
    url = reverse("table", args=[table.token])
    return re.search(r"\?v=([0-9a-f]+)", client.get(url, headers=HX).content.decode()).group(1)


def poll(client, table, version: str) -> int:
    return client.get(reverse("table", args=[table.token]) + f"?v={version}", headers=HX).status_code


def test_another_tables_result_leaves_a_table_still_playing_unchanged(client, event):
    here, there = table_of(event, 1), table_of(event, 4)
    version = version_of(client, here)
    agree(there, 8)
    assert poll(client, here, version) == 204


def test_an_agreed_page_changes_when_the_table_its_movers_wait_on_finishes_and_not_before(client, event):
    here = table_of(event, 3)
    agree(here, 9)
    client.get(reverse("table", args=[here.token]), headers=HX)  # drawn once: it notes what it waits on
    page = client.get(reverse("table", args=[here.token]), headers=HX).content.decode()
    version = re.search(r"\?v=([0-9a-f]+)", page).group(1)
    waiting = {int(n) for n in re.findall(r"go to table (\d+), seat \w+ or \w+", page)}
    assert waiting, "winners move: a mover's seat waits on the table they go to"
    others = [n for n in range(1, 7) if n != 3 and n not in waiting]
    for number in others:
        agree(table_of(event, number), 7)
        assert poll(client, here, version) == 204
    agree(table_of(event, min(waiting)), 7)
    assert poll(client, here, version) == 200


def test_a_tables_phones_share_one_drawing_but_each_sees_its_own_seat(event):
    here = table_of(event, 2)
    north, east, south = (seated_phone(here, seat, headers=HX) for seat in "NES")
    entry.submit(here, hand=1, seat="N", tricks_ours=8)
    url = reverse("table", args=[here.token])
    pages = {
        seat: phone.get(url, headers=HX).content.decode()
        for seat, phone in zip("ESN", (east, south, north), strict=True)
    }
    # East is asked to agree; North and South (the claiming side) are waiting for it.
    assert "North–South say 8–5. Agree?" in pages["E"] and 'name="seat" value="E"' in pages["E"]
    assert "You said North–South 8, East–West 5" in pages["S"] and "Agree?" not in pages["S"]
    assert "You said North–South 8, East–West 5" in pages["N"]
    assert 'data-seat="S"' in pages["S"] and 'data-seat="N"' not in pages["S"]  # the seat it marks (site.css)
    assert 'data-seat="N"' in pages["N"]
    # The versions differ by seat, so a phone never takes another seat's page as its own.
    versions = {seat: re.search(r"\?v=([0-9a-f]+)", page).group(1) for seat, page in pages.items()}
    assert len(set(versions.values())) == 3
    entry.agree(here, hand=1, seat="E")
    for seat, phone in zip("NES", (north, east, south), strict=True):
        page = phone.get(url + f"?v={versions.get(seat, '')}", headers=HX).content.decode()
        assert "Agreed: North–South 8, East–West 5" in page
        # Each phone's own player first, as "YOU", then the other three.
        assert re.search(r'<p class="you-next" role="status"><b>YOU</b>: (go to|stay)', page), seat
        # The list of the four is drawn once for them: this phone's own row is hidden by its data-seat.
        rows = re.findall(r'<li class="([NESW])"><b>[^<]+</b>: (?:go to|stay)', page)
        assert sorted(rows) == sorted("NESW") and f'data-seat="{seat}"' in page, seat


def test_a_shared_drawing_is_never_served_after_the_table_changed(event):
    here = table_of(event, 5)
    north, east = seated_phone(here, "N", headers=HX), seated_phone(here, "E", headers=HX)
    url = reverse("table", args=[here.token])
    north.get(url, headers=HX)  # the playing table's drawing, now shared
    entry.submit(here, hand=1, seat="N", tricks_ours=6)
    assert "North–South say 6–7. Agree?" in east.get(url, headers=HX).content.decode()


def test_the_poll_interval_grows_with_the_hall():
    from whistdrive.evening.phones.drawing import poll_seconds

    assert poll_seconds(3) == poll_seconds(80) == 4
    assert poll_seconds(100) == 5
    assert poll_seconds(300) == 15  # 1,200 phones: 80 polls a second


def test_a_phone_polls_at_the_halls_interval_and_when_it_wakes(client, event):
    page = client.get(reverse("table", args=[table_of(event, 1).token])).content.decode()
    trigger = re.search(r'hx-trigger="([^"]*)"', page).group(1)
    assert "every 4s" in trigger
    # "wake" is sent by site.js when the page comes back into view (no eval: the CSP forbids it), and
    # "pushed" by push.js when the table's stream tells of a version the page does not show.
    assert trigger.endswith(", wake, pushed") and "data-poll-on-wake" in page


def test_an_agreed_pages_totals_follow_a_correction_at_its_table(client, event):
    here = table_of(event, 4)
    agree(here, 9)
    url = reverse("table", args=[here.token])
    client.post(reverse("table_seat", args=[here.token]), {"seat": "N"}, headers=HX)
    assert re.search(r"9 tricks · total 9", client.get(url, headers=HX).content.decode())
    entry.set_result(
        here, hand=1, entry=HandEntry(6, 7, here.results.get(hand=1).trump), user=None, reason="counted again"
    )
    assert re.search(r"6 tricks · total 6", client.get(url, headers=HX).content.decode())


def test_a_table_keeps_its_latest_drawing_only_and_each_phone_sees_the_newest(event):
    """A long evening's superseded drawings would pile up in the server's memory (some 42,000 objects a
    hand at 300 tables, bench/heap_over_hands.py), every full pass of the garbage collector over them
    holding the requests longer."""
    from whistdrive.store import cache

    here = table_of(event, 2)
    north, east = seated_phone(here, "N", headers=HX), seated_phone(here, "E", headers=HX)
    url = reverse("table", args=[here.token])

    def drawings_kept() -> int:
        return sum(1 for key in cache.kept()._cache if here.token in key and ":drawing:" in key)

    assert "Tricks:" in north.get(url, headers=HX).content.decode()
    entry.submit(here, hand=1, seat="N", tricks_ours=8)
    assert "North–South say 8–5. Agree?" in east.get(url, headers=HX).content.decode()
    assert "You said North–South 8, East–West 5" in north.get(url, headers=HX).content.decode()
    entry.agree(here, hand=1, seat="E")
    assert "Agreed: North–South 8, East–West 5" in north.get(url, headers=HX).content.decode()
    assert drawings_kept() == 1  # three versions drawn, the last kept


def test_phones_asking_at_once_for_a_new_version_have_it_drawn_once(event, monkeypatch):
    """The table's phones (or the pushed updates' hub) asking at the same moment wait for one drawing."""
    import threading
    import time

    from whistdrive.evening.phones import drawing, versions
    from whistdrive.store import cache

    here = table_of(event, 6)
    loaded = versions.load(here.token, set())
    drawn = []

    def slow_drawing(table, **kwargs):
        drawn.append(table.pk)
        # A slow drawing, the behaviour under test: the other threads ask meanwhile. On a busy machine a late
        # one finds the kept drawing instead, which is drawn once all the same, so this cannot fail by timing.
        time.sleep(0.2)
        return {"table": table.pk}

    monkeypatch.setattr(drawing, "drawing", slow_drawing)
    got = []
    threads = [threading.Thread(target=lambda: got.append(drawing.kept_drawing(loaded))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)
    assert drawn == [here.pk] and got == [{"table": here.pk}] * 4
    assert cache.get(cache.drawing_key(here.token)) == (loaded.shared, {"table": here.pk})
