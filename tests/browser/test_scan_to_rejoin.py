"""The organiser's "Scan to rejoin" page carries a large code for the rejoin page at the address the phones
use (the LAN address when the laptop itself shows the page); a phone's camera reads it (#22.3). The
public board carries none: the rejoin page leads to every table, so its code is the organiser's to show,
and runs out (#44, tests/security/test_no_public_token_leads_to_a_table.py). Read here with zbarimg from
the page as Chromium draws it."""

import re
import shutil
import subprocess

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import give_access, make_user, started_event
from whistdrive.server import lan

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


def _shown(event, host: str) -> str:
    user = make_user("olive")
    give_access(user, event.club)
    organiser = Client()
    organiser.force_login(user)
    return organiser.get(reverse("event_rejoin_code", args=[event.pk]), HTTP_HOST=host).content.decode()


def test_the_organisers_page_carries_a_code_for_the_rejoin_page_and_the_board_none(browser, tmp_path):
    event = started_event(tables=2)
    # As a phone on the hall's Wi-Fi reaches the laptop.
    shown = _shown(event, "192.168.1.20:8000")
    url = re.search(r"<b>(http://[^<]+)</b>", shown).group(1)
    assert re.fullmatch(r"http://192\.168\.1\.20:8000/rejoin/[^/]+/", url)
    assert read_code(browser, shown, tmp_path / "page.png") == url
    assert Client().get(url.removeprefix("http://192.168.1.20:8000")).status_code == 200
    board = Client().get(reverse("board", args=[event.board_token]), HTTP_HOST="192.168.1.20:8000").content.decode()
    assert "Scan to rejoin" not in board and "/rejoin/" not in board


def test_on_the_laptop_itself_the_code_carries_the_address_the_phones_use(browser, tmp_path):
    event = started_event(tables=2)
    phones_address = lan.phone_urls("0.0.0.0", 8000)[0]
    read = read_code(browser, _shown(event, "127.0.0.1:8000"), tmp_path / "page.png")
    assert read.startswith(f"{phones_address}rejoin/")
