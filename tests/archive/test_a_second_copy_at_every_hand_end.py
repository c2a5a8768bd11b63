"""At every hand's end the laptop backs itself up, also into a second folder the organiser names (a USB
stick, a synced folder) with the event's archive beside it; the phones learn which hand the backup holds,
so they may forget the taps they kept for it (#22.3)."""

import json
import sqlite3

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.factories import started_event, table_of
from whistdrive.evening import backups, entry
from whistdrive.store.models import Event

pytestmark = [
    pytest.mark.skipif(connection.vendor != "sqlite", reason="automatic backups are the laptop's SQLite"),
    pytest.mark.django_db(transaction=True),  # the backup runs once the hand's move is committed
]


def play_hand(event, hand):
    for table in event.tables.order_by("number"):
        entry.submit(table, hand=hand, seat="N", tricks_ours=7)
        entry.agree(table, hand=hand, seat="E")


def results_in(path) -> list[tuple[int, int]]:
    conn = sqlite3.connect(path)
    try:
        return sorted(conn.execute("SELECT hand, tricks_ns FROM whistdrive_result"))
    finally:
        conn.close()


def test_every_hand_end_is_backed_up_twice_with_the_archive_beside_the_second_copy(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.SECOND_BACKUP_DIR = str(tmp_path / "usb")
    event = started_event(tables=2)
    play_hand(event, 1)
    play_hand(event, 2)
    automatic = sorted((tmp_path / "backups" / backups.AUTOMATIC_FOLDER).glob("*.sqlite3"))
    second = sorted((tmp_path / "usb").glob("*.sqlite3"))
    assert [p.name for p in automatic] == [p.name for p in second] and len(second) == 2
    # Two hands in one second: "…-HHMMSS.sqlite3" then "…-HHMMSS-2.sqlite3"; the later holds more.
    last = max(second, key=lambda path: len(results_in(path)))
    assert results_in(last) == [(1, 7), (1, 7), (2, 7), (2, 7)]
    archive = json.loads(last.with_suffix(".json").read_text(encoding="utf-8"))
    assert archive["schema"] == "whistdrive.event/1" and archive["event"]["name"] == event.name
    assert [hand["number"] for hand in archive["hands"] if hand["tables"]] == [1, 2]
    assert Event.objects.get(pk=event.pk).backed_up_hand == 2


def test_the_table_page_tells_the_phones_which_hand_the_backup_holds(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    event = started_event(tables=2)
    page = reverse("table", args=[table_of(event).token])
    assert Client().get(page)["WD-Backed-Up"] == "0"
    play_hand(event, 1)
    phone = Client()
    assert phone.get(page)["WD-Backed-Up"] == "1"
    assert phone.get(page, headers={"HX-Request": "true"})["WD-Backed-Up"] == "1"


def test_a_second_folder_that_cannot_be_written_is_logged_and_the_evening_goes_on(settings, tmp_path, caplog):
    settings.BACKUP_DIR = tmp_path / "backups"
    unplugged = tmp_path / "usb"
    unplugged.write_text("a file where the USB stick's folder should be")
    settings.SECOND_BACKUP_DIR = str(unplugged)
    event = started_event(tables=2)
    play_hand(event, 1)
    assert Event.objects.get(pk=event.pk).current_hand == 2
    assert len(list((tmp_path / "backups" / backups.AUTOMATIC_FOLDER).glob("*.sqlite3"))) == 1
    assert "Could not write the second copy" in caplog.text
    assert Event.objects.get(pk=event.pk).backed_up_hand == 1  # the laptop's own copy holds it
