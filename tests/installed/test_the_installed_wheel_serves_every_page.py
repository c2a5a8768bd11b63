"""WhistDrive as a club organiser installs it: the wheel built from this checkout, installed into a fresh
virtual environment, started as `whistdrive rundrive --demo` from a folder that is not the checkout.

The organiser logs in and opens every page, asset and PDF the menus reach (no 5xx, no missing file); so a
template, static file, font or migration the wheel leaves out fails here, where the checkout's own tests,
run beside the files, would never see it.
"""

import http.cookiejar
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.foundation.drive_process import REPO, start_drive
from tests.foundation.test_every_page_on_a_fresh_install import crawl

pytestmark = pytest.mark.slow


def _run(*command, cwd: Path, timeout: float = 600) -> str:
    run = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, f"{' '.join(map(str, command))} failed:\n{run.stdout}\n{run.stderr}"
    return run.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from the checkout as the README says."""
    folder = tmp_path_factory.mktemp("dist")
    _run(sys.executable, "-m", "pip", "wheel", str(REPO), "-w", str(folder), "--no-deps", "-q", cwd=folder)
    (built,) = folder.glob("whistdrive-*.whl")
    return built


@pytest.fixture
def installed(wheel, tmp_path_factory) -> Path:
    """The bin folder of a fresh virtual environment with the wheel installed, as a newcomer makes it. Used by
    one test only: under pytest-xdist, two tests could each build one on a worker of their own."""
    folder = tmp_path_factory.mktemp("newcomer")
    _run(sys.executable, "-m", "venv", str(folder / "venv"), cwd=folder)
    bin_dir = folder / "venv" / ("Scripts" if sys.platform == "win32" else "bin")
    # The README's safe install: the lock's versions, checked by their hashes, then the wheel on them. pip check
    # then says whether the lock holds everything the wheel needs.
    lock = REPO / "requirements" / "lock.txt"
    _run(bin_dir / "python", "-m", "pip", "install", "-q", "--require-hashes", "-r", str(lock), cwd=folder)
    _run(bin_dir / "python", "-m", "pip", "install", "-q", "--no-deps", str(wheel), cwd=folder)
    _run(bin_dir / "python", "-m", "pip", "check", cwd=folder)
    return bin_dir


def test_the_wheel_carries_templates_static_files_fonts_and_migrations_inside_its_packages(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for carried in (
        "whistdrive/templates/base.html",
        "whistdrive/templates/whistdrive/home.html",
        "whistdrive/static/whistdrive/site.css",
        "whistdrive/printing/fonts/DejaVuSans.ttf",
        "whistdrive/store/migrations/0001_initial.py",
        "clubs/migrations/0001_initial.py",
    ):
        assert carried in names
    # Nothing at the top of site-packages but WhistDrive's two packages: no generic `templates`, no tests.
    assert {name.split("/")[0] for name in names if ".dist-info/" not in name} == {"whistdrive", "clubs"}


class _Browser:
    """What crawl() asks of Django's test client, over real HTTP: cookies kept, redirects not followed."""

    class _Response:
        def __init__(self, status: int, headers, content: bytes):
            self.status_code, self.headers, self.content = status, headers, content

        def __getitem__(self, name: str) -> str:
            return self.headers[name]

        def get(self, name: str, default: str = "") -> str:
            return self.headers.get(name, default)

    class _NoRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), self._NoRedirects()
        )

    def get(self, path: str, data: bytes | None = None) -> "_Browser._Response":
        try:
            with self.opener.open(self.base_url + path, data=data, timeout=30) as response:
                return self._Response(response.status, response.headers, response.read())
        except urllib.error.HTTPError as error:
            return self._Response(error.code, error.headers, error.read())


def test_whistdrive_says_its_version_and_help_and_rundrive_demo_serves_every_page_asset_and_pdf(installed, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    version = _run(installed / "whistdrive", "--version", cwd=elsewhere)
    assert re.match(r"WhistDrive \d+\.\d+", version)
    helped = _run(installed / "python", "-m", "whistdrive", "--help", cwd=elsewhere)
    assert "rundrive" in helped and "backup" in helped and "restore" in helped
    where = _run(installed / "python", "-c", "import whistdrive; print(whistdrive.__file__)", cwd=elsewhere)
    assert str(REPO) not in where and "site-packages" in where

    drive = start_drive(
        tmp_path / "data",
        "--demo",
        "--organiser",
        "olive",
        command=(str(installed / "whistdrive"),),
        cwd=elsewhere,
        first_run=True,
        PYTHONPATH="",
    )
    try:
        browser = _Browser(drive.base_url)
        login = browser.get("/login/").content
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', login).group(1).decode()
        form = {"username": "olive", "password": drive.password(), "csrfmiddlewaretoken": token, "next": "/"}
        assert browser.get("/login/", urllib.parse.urlencode(form).encode()).status_code == 302

        seen = crawl(browser, ["/"])

        pages = " ".join(seen)
        for reached in ("/members/", "/seasons/", "/desk/", "/live/", "/standings/", "/t/"):
            assert reached in pages, f"no link reaches {reached}"
        assert any(url.startswith("/static/") and url.endswith(".css") for url in seen)
        pdfs = [url for url in seen if ".pdf" in url]
        assert pdfs, "no PDF reached"
        for url in pdfs:
            assert browser.get(url).content.startswith(b"%PDF"), f"{url} is not a PDF"
        assert not list(elsewhere.iterdir()), "rundrive wrote into the folder it was started from"

        # Started again (after a crash, say), it finds the static files it collected and collects none.
        assert "Collecting static files" in drive.output
        stylesheet = next(url for url in seen if url.startswith("/static/") and url.endswith(".css"))
        drive.stop(signal.SIGTERM)
        drive = start_drive(
            tmp_path / "data", command=(str(installed / "whistdrive"),), cwd=elsewhere, first_run=True, PYTHONPATH=""
        )
        assert "Collecting static files" not in drive.output
        assert _Browser(drive.base_url).get(stylesheet).status_code == 200
    finally:
        drive.stop(signal.SIGTERM)
