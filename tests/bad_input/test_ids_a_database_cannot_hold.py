"""Ids that no database row can have, in a path or a form: a 404 or a form error, never a 500.

Found by trying: /t/%00/, /p/%00/ and /board/%00/ were server errors on PostgreSQL (a NUL cannot be
in its text), and the league form with clubs=9223372036854775808 was one on SQLite (a number too
big for its integers). Tokens are URL-safe text, so any other character is no page at all.
"""

import pytest
from django.test import Client
from django.urls import reverse

HUGE = ["9223372036854775808", "-9223372036854775809", "1" + "0" * 40]
ODD_TOKENS = ["%00", "a%00b", "%C0%80", "%E2%80%AE", "..%2F", "x" * 65, "%F0%9F%82%A1", "%20"]


@pytest.mark.parametrize("token", ODD_TOKENS)
def test_a_token_no_link_can_have_is_a_404(running, token):
    phone = Client(raise_request_exception=False)
    for path in (f"/t/{token}/", f"/p/{token}/", f"/board/{token}/"):
        assert phone.get(path).status_code == 404, path
    for action in ("seat/", "enter/", "agree/", "call/", "seat/forget/"):
        assert phone.post(f"/t/{token}/{action}", {"hand": 1, "tricks": 7, "seat": "N"}).status_code == 404


@pytest.mark.parametrize("huge", HUGE)
def test_huge_ids_in_the_league_forms_are_form_errors(cast, running, huge):
    olive = Client(raise_request_exception=False)
    olive.force_login(cast["olive"])
    league = running["league"]
    matches = league.matches.count()
    started = olive.post(
        reverse("club_leagues", args=[cast["club_a"].pk]), {"name": "Wallops", "season": "", "clubs": [huge]}
    )
    assert started.status_code < 500
    match = olive.post(
        reverse("league_match_add", args=[league.pk]),
        {"home": huge, "away": cast["club_a"].pk, "date": "2026-10-01", "entered": "totals",
         "home_tricks": 170, "away_tricks": 142},
    )  # fmt: skip
    assert match.status_code == 400
    assert league.matches.count() == matches
