"""The phones' forms posted with random and hostile values: never a 5xx, nothing saved by a refusal."""

from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.bad_input.hostile import check, post_data, values
from whistdrive.store.models import Result

FORMS = {
    "table_seat": ["seat"],
    "table_forget_seat": ["seat"],
    "table_enter": ["hand", "tricks", "honours_ours", "honours_theirs", "revoke", "trump"],
    "table_agree": ["hand", "seat", "tricks_ns"],
    "table_call": ["hand", "reason"],
}
# Seconds of hostile posts: run once on SQLite and, in CI, again on PostgreSQL, whose column lengths and types
# refuse values SQLite stores (pyproject.toml's markers).
pytestmark = [pytest.mark.slow, pytest.mark.postgres]
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)


def _fuzz(phones: dict, url: str, fields: list[str]) -> None:
    @FUZZ
    @given(data=post_data(fields), who=st.sampled_from(sorted(phones)), htmx=st.booleans())
    def attempt(data, who, htmx):
        check(phones[who].post, url, data, headers={"HX-Request": "true"} if htmx else {})

    attempt()


def test_every_phone_form_takes_hostile_values(running):
    table = running["table"]
    phones = {seat: Client() for seat in "NE"}
    for seat, phone in phones.items():
        phone.post(reverse("table_seat", args=[table.token]), {"seat": seat})
    phones["-"] = Client()  # a phone that never chose a seat

    for name, fields in FORMS.items():
        _fuzz(phones, reverse(name, args=[table.token]), fields)
    # Whatever was taken is a result the rules allow, and the table page still shows.
    for result in Result.objects.filter(table=table):
        assert result.tricks_ns + result.tricks_ew == 13
    assert Client().get(reverse("table", args=[table.token])).status_code == 200


def test_the_pages_phones_read_take_hostile_query_strings_and_headers(running):
    event, table = running["event"], running["table"]
    person = event.entrants.first()

    @FUZZ
    @given(value=values, etag=values)
    def attempt(value, etag):
        for url, key in ((reverse("table", args=[table.token]), "v"), (reverse("player", args=[person.token]), "x"),
                         (reverse("board", args=[event.board_token]), "view")):  # fmt: skip
            response = Client().get(url, {key: value}, headers={"HX-Request": "true", "If-None-Match": etag[:500]})
            assert response.status_code in (200, 204, 304, 400), (url, value, response.status_code)

    attempt()


def test_hostile_tokens_in_phone_urls_are_404s(running):
    @FUZZ
    @given(token=st.text(min_size=1, max_size=300).filter(lambda t: "/" not in t and t not in (".", "..")))
    def attempt(token):
        # Built by hand: reverse() refuses what is not a token at all, and a browser would send it anyway.
        token = quote(token, safe="")
        for kind in ("t", "p", "board"):
            assert Client().get(f"/{kind}/{token}/").status_code == 404
        assert Client().post(f"/t/{token}/enter/", {"hand": 1, "tricks": 7}).status_code == 404

    attempt()
