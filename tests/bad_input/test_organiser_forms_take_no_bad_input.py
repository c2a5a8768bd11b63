"""Every form on every organiser page, posted with random and hostile values: never a 5xx, and a
refused post saves nothing. The forms are found by reading the pages, so a new form is covered."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.bad_input.hostile import check, forms_on, post_data

PAGES = ["club", "members", "member_add", "member_edit", "seasons", "season_add", "season_edit", "event_new",
         "event", "event_edit", "event_desk", "event_live", "event_live_result", "event_paper", "event_prizes",
         "event_archive", "event_print", "event_standings", "waiting_desk", "waiting_event", "leagues",
         "league", "event_money", "event_draws"]  # fmt: skip
SKIP_ACTIONS = ("/logout/",)  # logging out is not a form to break, and would end the session
# Seconds of hostile posts on each page: run once on SQLite and, in CI, again on PostgreSQL, whose column lengths
# and types refuse values SQLite stores (pyproject.toml's markers).
pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def page_url(name, cast, running, waiting) -> str:
    club, event = cast["club_a"].pk, running["event"].pk
    urls = {
        "club": ("club", [club]), "members": ("members", [club]), "member_add": ("member_add", [club]),
        "member_edit": ("member_edit", [club, running["member"].pk]), "seasons": ("seasons", [club]),
        "season_add": ("season_add", [club]), "season_edit": ("season_edit", [club, running["season"].pk]),
        "event_new": ("event_new", [club]), "event": ("event", [event]), "event_edit": ("event_edit", [event]),
        "event_desk": ("event_desk", [event]), "event_live": ("event_live", [event]),
        "event_live_result": ("event_live_result", [event, 1, 1]), "event_paper": ("event_paper", [event]),
        "event_prizes": ("event_prizes", [event]), "event_archive": ("event_archive", [event]),
        "event_print": ("event_print", [event]), "event_standings": ("event_standings", [event]),
        "waiting_desk": ("event_desk", [waiting.pk]), "waiting_event": ("event", [waiting.pk]),
        "leagues": ("club_leagues", [club]), "league": ("league", [running["league"].pk]),
        "event_money": ("event_money", [event]), "event_draws": ("event_draws", [event]),
    }  # fmt: skip
    url_name, args = urls[name]
    return reverse(url_name, args=args)


def fuzz(client, form) -> None:
    send = client.post if form.method == "post" else client.get

    @settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    # Fields some forms send from buttons or htmx attributes rather than inputs.
    @given(data=post_data(sorted({*form.names, "member", "hand", "id"})), htmx=st.booleans())
    def attempt(data, htmx):
        check(send, form.action, data, headers={"HX-Request": "true"} if htmx else {})

    attempt()


@pytest.mark.parametrize("page", PAGES)
def test_every_form_on_the_page_takes_hostile_values_without_a_server_error(page, cast, running, waiting):
    olive = Client()
    olive.force_login(cast["olive"])
    url = page_url(page, cast, running, waiting)
    response = olive.get(url)
    assert response.status_code == 200, (url, response.status_code)
    found = [f for f in forms_on(response.content.decode(), url) if f.action not in SKIP_ACTIONS]
    assert found or page in ("event_standings", "seasons", "club", "event_print"), f"no form found on {url}"
    # Upload forms have their own tests (test_uploads_take_no_bad_input.py); a form repeated per
    # row (remove this player, this player's role) is tried once.
    tried = set()
    for form in [f for f in found if not f.files]:
        shape = (re.sub(r"\d+", "N", form.action), form.method)
        if shape not in tried:
            tried.add(shape)
            fuzz(olive, form)
    # The pages still open afterwards: nothing stored made them unreadable.
    assert olive.get(url).status_code == 200
    assert olive.get(reverse("event_live", args=[running["event"].pk])).status_code == 200
