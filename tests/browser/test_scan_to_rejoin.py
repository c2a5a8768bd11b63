"""The projector board (1920×1080) and an organiser's page carry a large "scan to rejoin" code for the
address the phones use (the LAN address when the laptop itself shows the page); a phone's camera reads
it as the rejoin page (#22.3). Read here with zbarimg from the page as Chromium draws it."""

import shutil
import subprocess

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import give_access, make_user, started_event
from whistdrive import lan

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("zbarimg") is None, reason="needs zbar-tools to read the code"),
]
BOARD = {"width": 1920, "height": 1080}


@pytest.fixture(autouse=True)
def _a_laptop(settings):
    # The PostgreSQL runs are in hosted mode (only "localhost", HTTPS); a laptop answers the phones at
    # whatever address the hall's Wi-Fi gives it, over plain HTTP.
    settings.ALLOWED_HOSTS = ["*"]
    settings.SECURE_SSL_REDIRECT = False


def read_code(browser, html: str, path) -> str:
    page = browser.new_page(viewport=BOARD)
    try:
        page.set_content(html)  # the page's own HTML; no scripts or styles are needed to draw an SVG
        page.locator("svg").first.screenshot(path=path)
    finally:
        page.close()
    return subprocess.run(["zbarimg", "-q", "--raw", path], capture_output=True, text=True).stdout.strip()


def test_the_board_and_the_organisers_page_carry_a_code_for_the_rejoin_page(browser, tmp_path):
    event = started_event(tables=2)
    user = make_user("olive")
    give_access(user, event.club)
    organiser = Client()
    organiser.force_login(user)
    # As a phone on the hall's Wi-Fi reaches the laptop.
    board = Client().get(reverse("board", args=[event.board_token]), HTTP_HOST="192.168.1.20:8000").content.decode()
    shown = organiser.get(reverse("event_rejoin_code", args=[event.pk]), HTTP_HOST="192.168.1.20:8000")
    expected = f"http://192.168.1.20:8000/rejoin/{event.board_token}/"
    assert "Scan to rejoin" in board
    assert read_code(browser, board, tmp_path / "board.png") == expected
    assert read_code(browser, shown.content.decode(), tmp_path / "page.png") == expected
    assert expected in shown.content.decode()


def test_on_the_laptop_itself_the_code_carries_the_address_the_phones_use(browser, tmp_path):
    event = started_event(tables=2)
    board = Client().get(reverse("board", args=[event.board_token]), HTTP_HOST="127.0.0.1:8000").content.decode()
    phones_address = lan.phone_urls("0.0.0.0", 8000)[0]
    assert read_code(browser, board, tmp_path / "board.png") == f"{phones_address}rejoin/{event.board_token}/"
