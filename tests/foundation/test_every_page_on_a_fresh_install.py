"""Every page a newcomer can reach, under the static storage that ships (not the tests' plain one).

A fresh install once answered 500 on the club pages: five templates linked a stylesheet that no
longer existed, and the manifest storage that `rundrive` uses refuses a name it does not know,
while the suite's plain storage did not mind. So here `collectstatic` runs with the shipped
storage into a throwaway folder, and then an organiser, a scorer and a phone follow every link
from where they start (the home page, or a table's QR code) on a demo club with a finished
evening and one at the interval, opening each page and each stylesheet, script and image it
names: no 5xx and no broken link anywhere.
"""

from __future__ import annotations

import io
import re
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client, override_settings

from clubs.models import ClubAccess
from tests.factories import give_access, make_user
from whistdrive import settings as shipped
from whistdrive.evening.demo import make_demo
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
STATIC_NAME = re.compile(r"""\{%\s*static\s+['"]([^'"]+)['"]\s*%\}""")


class _Links(HTMLParser):
    """The page's links to follow (a href) and the assets it loads (link href, script and img src)."""

    def __init__(self):
        super().__init__()
        self.pages: list[str] = []
        self.assets: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.pages.append(attrs["href"])
        elif tag == "link" and attrs.get("href"):
            self.assets.append(attrs["href"])
        elif tag in ("script", "img") and attrs.get("src"):
            self.assets.append(attrs["src"])


def _internal(base: str, href: str) -> str | None:
    url = urldefrag(urljoin(base, href))[0]
    parts = urlsplit(url)
    if parts.scheme in ("", "http") and parts.netloc in ("", "testserver") and parts.path.startswith("/"):
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return None


def _worth_following(url: str) -> bool:
    # The admin's sorting and filtering links and its object pages multiply without end; its index
    # and each model's list are what the menus reach. Logging out is a POST form, never a link.
    path = urlsplit(url).path
    if path.startswith("/admin/"):
        return "?" not in url and path.count("/") <= 4
    return True


def crawl(client: Client, starts: list[str]) -> dict[str, int]:
    """Status of every page and asset reachable from ``starts``; fails on the first 5xx or 404."""
    seen: dict[str, int] = {}
    queue = deque(starts)
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        response = client.get(url)
        seen[url] = response.status_code
        assert response.status_code < 500, f"{url} answered {response.status_code}"
        assert response.status_code != 404, f"{url} is a broken link"
        if response.status_code in (301, 302):
            target = _internal(url, response["Location"])
            if target and _worth_following(target):
                queue.append(target)
            continue
        if not response.get("Content-Type", "").startswith("text/html"):
            continue
        links = _Links()
        links.feed(response.content.decode())
        for href in links.assets:
            asset = _internal(url, href)
            if asset and asset not in seen:
                # Static files come from whitenoise, which streams them.
                got = client.get(asset)
                seen[asset] = got.status_code
                assert got.status_code == 200, f"{url} loads {asset}, which answered {got.status_code}"
        for href in links.pages:
            page = _internal(url, href)
            if page and page not in seen and _worth_following(page):
                queue.append(page)
    return seen


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    """The static files collected as `rundrive` collects them, once for the module's tests (two seconds)."""
    root = tmp_path_factory.mktemp("collected")
    with override_settings(STORAGES=shipped.STORAGES, STATIC_ROOT=root):
        call_command("collectstatic", "--noinput", verbosity=0)
    return root


@pytest.fixture
def shipped_static(settings, collected):
    """The static storage `rundrive` uses, serving the files it collected."""
    settings.STORAGES = shipped.STORAGES
    settings.STATIC_ROOT = collected
    assert "Manifest" in shipped.STORAGES["staticfiles"]["BACKEND"]
    return settings.STATIC_ROOT


@pytest.fixture
def demo_club():
    club = make_demo(io.StringIO())
    assert set(club.events.values_list("status", flat=True)) >= {Event.Status.FINISHED, Event.Status.INTERVAL}
    return club


def _logged_in(username: str, club, role: str) -> Client:
    user = make_user(username)
    give_access(user, club, role)
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.slow
def test_an_organiser_reaches_every_page_and_asset_without_an_error(shipped_static, demo_club):
    seen = crawl(_logged_in("olive", demo_club, ClubAccess.Role.ORGANISER), ["/"])
    pages = " ".join(seen)
    # The menus reach the club, its members, seasons, every evening's pages and the printed PDFs.
    for reached in (f"/clubs/{demo_club.pk}/", "/members/", "/seasons/", "/desk/", "/live/", "/standings/", ".pdf"):
        assert reached in pages, f"no link reaches {reached}"
    assert any(url.startswith("/static/") and ".css" in url for url in seen)


@pytest.mark.slow
def test_a_scorer_reaches_every_page_and_asset_without_an_error(shipped_static, demo_club):
    seen = crawl(_logged_in("sam", demo_club, ClubAccess.Role.SCORER), ["/"])
    assert any("/live/" in url for url in seen)


def test_a_phone_reaches_every_page_from_its_table_code_without_an_error(shipped_static, demo_club):
    phone = Client()
    tables = [t for e in demo_club.events.all() for t in e.tables.all()]
    starts = [t.get_absolute_url() for t in tables] + [f"/board/{e.board_token}/" for e in demo_club.events.all()]
    crawl(phone, starts)
    # A phone that has chosen its seat sees its player's own page too.
    running = demo_club.events.get(status=Event.Status.INTERVAL)
    table = running.tables.get(number=1)
    phone.post(f"{table.get_absolute_url()}seat/", {"seat": "N"})
    seen = crawl(phone, [table.get_absolute_url()])
    assert any(url.startswith("/p/") for url in seen)


def test_the_member_import_preview_renders_under_the_shipped_storage(shipped_static, demo_club):
    client = _logged_in("olive", demo_club, ClubAccess.Role.ORGANISER)
    upload = io.BytesIO(b"name,role\nNew Person,lady\n")
    upload.name = "members.csv"
    response = client.post(f"/clubs/{demo_club.pk}/members/import/", {"file": upload})
    assert response.status_code == 200
    assert "New Person" in response.content.decode()


def test_every_static_file_a_template_names_exists():
    names = {name for path in TEMPLATES.rglob("*.html") for name in STATIC_NAME.findall(path.read_text())}
    assert names, "no {% static %} names found: the pattern no longer matches the templates"
    missing = sorted(name for name in names if finders.find(name) is None)
    assert missing == [], f"templates name static files that do not exist: {missing}"
