"""`rundrive` as an organiser meets it: a real server process, a browser-like client, Ctrl+C."""

import http.cookiejar
import re
import signal
import urllib.parse
import urllib.request

import pytest

from tests.foundation.drive_process import start_drive

pytestmark = pytest.mark.slow


@pytest.fixture
def drive(tmp_path):
    drive = start_drive(tmp_path / "data", "--organiser", "olive")
    yield drive
    if drive.process.poll() is None:
        drive.process.kill()
        drive.process.wait()


def _browser():
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def _get(opener, url):
    with opener.open(url, timeout=10) as response:
        return response.status, response.headers, response.read()


def test_the_organiser_logs_in_with_the_printed_password_and_sees_their_club(drive):
    browser = _browser()
    status, _, body = _get(browser, drive.base_url + "/login/")
    assert status == 200
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1).decode()
    form = urllib.parse.urlencode(
        {"username": "olive", "password": drive.password(), "csrfmiddlewaretoken": token, "next": "/"}
    ).encode()
    with browser.open(drive.base_url + "/login/", data=form, timeout=10) as response:
        assert response.geturl() == drive.base_url + "/"
        home = response.read().decode()
    assert "My whist club" in home
    assert "Log out" in home


def test_a_wrong_password_does_not_log_in(drive):
    browser = _browser()
    _, _, body = _get(browser, drive.base_url + "/login/")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1).decode()
    form = urllib.parse.urlencode({"username": "olive", "password": "not it", "csrfmiddlewaretoken": token}).encode()
    with browser.open(drive.base_url + "/login/", data=form, timeout=10) as response:
        assert response.geturl().endswith("/login/")
        assert "Organiser log in" in response.read().decode()


def test_the_stylesheet_and_the_vendored_htmx_are_served_from_collected_static_files(drive):
    _, _, body = _get(_browser(), drive.base_url + "/login/")
    page = body.decode()
    stylesheet = re.search(r'href="(/static/whistdrive/site[^"]*\.css)"', page).group(1)
    htmx = re.search(r'src="(/static/django_htmx/htmx-2[^"]*\.js)"', page).group(1)
    for path, kind in [(stylesheet, "text/css"), (htmx, "javascript")]:
        status, headers, content = _get(_browser(), drive.base_url + path)
        assert status == 200
        assert kind in headers["Content-Type"]
        assert content
    assert "htmx" in _get(_browser(), drive.base_url + htmx)[2].decode()[:2000].lower()


def test_ctrl_c_stops_the_server_cleanly(drive):
    assert drive.stop(signal.SIGINT) == 0
    assert "WhistDrive stopped." in drive.output
    assert "Traceback" not in drive.output


def test_a_terminate_signal_stops_the_server_cleanly(drive):
    assert drive.stop(signal.SIGTERM) == 0
    assert "WhistDrive stopped." in drive.output
