"""Hostile form values, the crawl of a page's forms, and what counts as a refused request."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape

from hypothesis import strategies as st

from tests.security.snapshot import changed, snapshot

SPECIAL = [
    "", " ", "0", "-1", "1", "2", "6", "7", "13", "14", "99", "-0", "+7", "7.5", "1e9", "NaN", "inf", "0x10",
    "9" * 30, "-" + "9" * 30, "１３", "٣", "seven", "true", "on", "None", "null", "[]", "{}",
    "N", "E", "S", "W", "NS", "EW", "H", "D", "C", "X", "us", "them", "lady", "gent", "random", "winners",
    "' OR 1=1 --", "1; DROP TABLE whistdrive_result; --", '"><script>alert(1)</script>', "<b>bold</b>",
    "{{ 7*7 }}", "{% debug %}", "%s%s%s%n", "../../etc/passwd", "\x00", "a\x00b", "\ufeff7", "🂡♠♥", "Zoë Łukasiewicz",
    "x" * 5000,
]  # fmt: skip

values = st.one_of(
    st.sampled_from(SPECIAL),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.integers(min_value=-3, max_value=40).map(str),
    st.text(max_size=200),
    st.text(min_size=300, max_size=3000),
)


def post_data(names: list[str]):
    """A random subset of the form's fields, each with one or two hostile values, plus stray keys."""
    known = st.dictionaries(st.sampled_from(names), st.one_of(values, st.lists(values, min_size=2, max_size=3)))
    stray = st.dictionaries(st.text(min_size=1, max_size=20), values, max_size=2)
    return st.tuples(known, stray).map(lambda pair: {**pair[1], **pair[0]})


@dataclass
class PageForm:
    action: str
    method: str
    names: list[str]
    files: list[str]


FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S | re.I)
ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')
FIELD = re.compile(r"<(input|select|textarea)\b([^>]*)>", re.I)


def forms_on(html: str, page_url: str) -> list[PageForm]:
    found = []
    for attrs, body in FORM.findall(html):
        attr = dict(ATTR.findall(attrs))
        action = unescape(attr.get("action") or attr.get("hx-post") or page_url)
        method = "post" if ("hx-post" in attr or attr.get("method", "get").lower() == "post") else "get"
        names, files = [], []
        for _tag, field_attrs in FIELD.findall(body):
            f = dict(ATTR.findall(field_attrs))
            name = f.get("name")
            if not name or name == "csrfmiddlewaretoken":
                continue
            (files if f.get("type") == "file" else names).append(name)
        found.append(PageForm(action, method, sorted(set(names)), files))
    return found


def refused(response) -> bool:
    """A 4xx, an error message, a form shown again with errors, or a page listing problems."""
    if 400 <= response.status_code < 500:
        return True
    queued = getattr(getattr(response.wsgi_request, "_messages", None), "_queued_messages", [])
    if any(m.level_tag == "error" for m in queued):
        return True
    context = response.context or {}
    if not hasattr(context, "get"):
        return False
    for key in ("form", "formset", "confirm"):
        form = context.get(key)
        if form is None or not getattr(form, "is_bound", False):
            continue
        if any(form.errors) or (hasattr(form, "non_form_errors") and form.non_form_errors()):
            return True
    return bool(context.get("error") or context.get("problems"))


def without_refusal_log(state: dict) -> dict:
    # A phone's refused entry is kept on purpose (an append-only audit trail): not a saved change.
    state = dict(state)
    state["Submission"] = [row for row in state["Submission"] if "'refused:" not in row]
    return state


def check(client_method, url: str, data, *, before: dict | None = None, **kwargs):
    """Send one request: never a 5xx, and a refused request saves nothing."""
    before = without_refusal_log(snapshot()) if before is None else before
    response = client_method(url, data, **kwargs)
    assert response.status_code < 500, (url, data, response.status_code)
    if refused(response):
        assert changed(before, without_refusal_log(snapshot())) == [], (url, data)
    return response
