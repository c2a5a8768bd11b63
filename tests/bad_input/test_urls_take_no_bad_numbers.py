"""Organiser URLs and query strings with huge, negative and garbled numbers: a 404 or a message, never a 5xx."""

from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.bad_input.hostile import values

FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)
numbers = st.one_of(st.integers(min_value=0, max_value=10**40), st.sampled_from([0, 1, 2, 3, 2**31, 2**63, 2**64]))

PATHS = [
    "/events/{a}/", "/events/{a}/live/", "/events/{a}/live/tables/{b}/hands/{c}/", "/events/{e}/live/tables/{b}/hands/{c}/",
    "/events/{e}/live/flags/{b}/resolve/", "/events/{e}/live/tables/{b}/token/", "/events/{e}/desk/{b}/role/",
    "/events/{e}/desk/{b}/remove/", "/clubs/{a}/", "/clubs/{k}/members/{b}/", "/clubs/{k}/members/{b}/merge/",
    "/clubs/{k}/seasons/{b}/", "/clubs/{k}/seasons/{b}/table/", "/clubs/{k}/presets/{b}/delete/", "/events/{a}/print/",
    "/events/{e}/print/{b}.pdf", "/events/{a}/archive/event.json", "/events/{a}/standings/",
    "/events/{a}/money/", "/events/{e}/money/{b}/correct/", "/events/{e}/desk/{b}/pay/", "/events/{e}/desk/{b}/unpay/",
    "/events/{e}/door/{b}/confirm/", "/events/{e}/door/{b}/undo/", "/events/{a}/draws/", "/door/{a}-{b}/",
]  # fmt: skip
QUERIES = [
    ("/events/{e}/paper/", "hand"), ("/events/{e}/live/result/", "hand"), ("/events/{e}/live/result/", "table"),
    ("/events/{e}/print/", "paper"), ("/events/{e}/print/scorecards.pdf", "paper"), ("/events/{e}/standings/", "half"),
    ("/events/{e}/desk/", "q"), ("/events/{e}/desk/", "added"), ("/clubs/{k}/members/", "q"), ("/clubs/{k}/events/new/", "preset"),
    ("/events/{e}/live/tables/1/hands/1/", "use"), ("/events/{e}/money/", "seen"), ("/events/{e}/door/arrivals/", "seen"),
    ("/events/{e}/draws/show/", "seen"),
]  # fmt: skip


def _olive(cast):
    olive = Client()
    olive.force_login(cast["olive"])
    return olive


def test_huge_and_odd_numbers_in_organiser_urls(cast, running):
    olive = _olive(cast)
    ours = {"e": running["event"].pk, "k": cast["club_a"].pk}

    @FUZZ
    @given(a=numbers, b=numbers, c=numbers, path=st.sampled_from(PATHS), post=st.booleans())
    def attempt(a, b, c, path, post):
        url = path.format(a=a, b=b, c=c, **ours)
        response = (olive.post if post else olive.get)(url)
        assert response.status_code < 500, (url, response.status_code)

    attempt()


def test_hostile_query_strings_on_organiser_pages(cast, running):
    olive = _olive(cast)
    ours = {"e": running["event"].pk, "k": cast["club_a"].pk}

    @FUZZ
    @given(where=st.sampled_from(QUERIES), value=values, htmx=st.booleans())
    def attempt(where, value, htmx):
        path, key = where
        url = path.format(**ours)
        response = olive.get(url, {key: value}, headers={"HX-Request": "true"} if htmx else {})
        assert response.status_code < 500, (url, key, value, response.status_code)

    attempt()
