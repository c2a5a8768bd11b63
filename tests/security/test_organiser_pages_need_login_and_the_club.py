"""Every organiser page needs a login, and another club's organiser gets a plain 404 for it."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.security.conftest import ANY_USER, PUBLIC, all_url_names, organiser_urls
from tests.security.snapshot import changed, snapshot


def test_every_url_of_the_site_not_meant_for_phones_needs_a_login(cast, running):
    # Found from the URL configuration, so a page added later is swept too (with made-up
    # arguments: the login comes before any lookup).
    anonymous = Client()
    filler = {"int": cast["club_a"].pk, "str": "x", "slug": "x", "path": "x"}
    for name, converters in all_url_names().items():
        if name in PUBLIC or name in ("login",):
            continue
        url = reverse(name, args=[filler.get(c, "x") for c in converters])
        for method in (anonymous.get, anonymous.post):
            response = method(url)
            assert response.status_code == 302, (name, url, response.status_code)
            assert response["Location"].startswith("/login/?next="), name


def test_the_sweeps_below_cover_every_organiser_page_known_here(cast, running):
    known = set(organiser_urls(cast, running)) | PUBLIC | ANY_USER
    missing = set(all_url_names()) - known
    assert not missing, f"organiser pages not yet in tests/security/conftest.py: {sorted(missing)}"


def test_someone_not_logged_in_is_sent_to_log_in_and_changes_nothing(cast, running):
    before = snapshot()
    anonymous = Client()
    for name, url in organiser_urls(cast, running).items():
        for method in (anonymous.get, anonymous.post):
            response = method(url)
            assert response.status_code == 302, (name, method.__name__, response.status_code)
            assert response["Location"].startswith("/login/?next="), name
    assert changed(before, snapshot()) == []


def test_bea_of_club_b_gets_a_plain_404_for_every_club_a_page_and_changes_nothing(cast, running):
    before = snapshot()
    bea = Client()
    bea.force_login(cast["bea"])
    for name, url in organiser_urls(cast, running).items():
        posted = bea.post(url)
        assert posted.status_code == 404, (name, posted.status_code)
        got = bea.get(url)
        # A POST-only action answers 405 to a GET for any club at all, so it reveals nothing.
        assert got.status_code == 404 or (got.status_code == 405 and got["Allow"] == "POST"), (name, got.status_code)
        assert b"Nether Wallop" not in posted.content + got.content, name
    assert changed(before, snapshot()) == []


@pytest.mark.parametrize("user", ["olive", "sam"])
def test_club_a_people_reach_the_same_pages(cast, running, user):
    # The sweeps above could pass on URLs that are broken for everybody: show they are not.
    person = Client()
    person.force_login(cast[user])
    for name, url in organiser_urls(cast, running).items():
        status = person.get(url).status_code
        # 405 for the POST-only actions; 403 where a scorer may look but not change the club.
        assert status in (200, 302, 405) or (user == "sam" and status == 403), (name, status)


def test_the_home_page_lists_only_the_users_own_clubs(cast, running):
    bea = Client()
    bea.force_login(cast["bea"])
    page = bea.get("/").content.decode()
    assert "Over Wallop" in page and "Nether Wallop" not in page
