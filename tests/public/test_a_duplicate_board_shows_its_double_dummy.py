"""A duplicate board's public page: the hand record, every table's result, and what double dummy says was there."""

import pytest
from django.urls import reverse

from tests.factories import duplicate_event, publish
from whistdrive.engines.duplicate import took_words
from whistdrive.evening import double_dummy, simulate
from whistdrive.store.models import Result


@pytest.fixture
def duplicate(club):
    event = duplicate_event(club, pairs=6, boards=6, boards_per_round=2)
    simulate.play(event)
    double_dummy.solve_event(event)
    return publish(event)


def test_each_table_is_shown_against_the_tricks_that_were_there(client, club, duplicate):
    board = duplicate.boards.get(number=1)
    there = double_dummy.double_dummy_of(duplicate)[1]["ns"]

    page = client.get(reverse("public_board", args=[club.public_id, duplicate.public_id, 1])).content.decode()

    assert f"North–South can take {there} trick" in page
    played = [
        Result.objects.get(table=tb.table, hand=tb.hand).tricks_ns for tb in board.table_boards.select_related("table")
    ]
    assert len(played) == 3  # six pairs: three tables played each board
    for tricks in played:
        assert took_words(tricks, there) in page
    assert "♠" in page  # the hand record, by suits


def test_the_evening_page_links_its_boards_and_a_drive_has_none(client, club, duplicate, evening):
    page = client.get(reverse("public_evening", args=[club.public_id, duplicate.public_id])).content.decode()

    assert reverse("public_board", args=[club.public_id, duplicate.public_id, 6]) in page
    assert client.get(reverse("public_board", args=[club.public_id, duplicate.public_id, 99])).status_code == 404
    assert client.get(reverse("public_board", args=[club.public_id, evening.public_id, 1])).status_code == 404
