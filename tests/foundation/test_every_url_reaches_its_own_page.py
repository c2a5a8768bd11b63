"""Every page's address leads to that page, whatever order the patterns are tried in.

Django takes the first pattern that matches. The phones' patterns are tried first (whistdrive/web/urls.py:
they are nearly every request of an evening), so a phone pattern that also matched an organiser's
address would take that page over without a word. Each named pattern's own address, made with sample
values for its parts, must resolve to the same name and view.
"""

from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.converters import IntConverter
from django.urls.resolvers import RoutePattern

from whistdrive.web.converters import TokenConverter

SAMPLES = {IntConverter: 7, TokenConverter: "Ab3_-Zx9Qk"}


def _named_routes(resolver: URLResolver, namespace: str = ""):
    """(name with its namespace, pattern, its converters) of every named path() pattern, includes followed."""
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _named_routes(entry, inner)
        elif isinstance(entry, URLPattern) and entry.name and isinstance(entry.pattern, RoutePattern):
            yield f"{namespace}{entry.name}", entry


def _converters(resolver: URLResolver, target: URLPattern, found: dict | None = None) -> dict | None:
    """The converters of ``target``'s parts, with those of the includes above it."""
    for entry in resolver.url_patterns:
        here = {**(found or {}), **getattr(entry.pattern, "converters", {})}
        if entry is target:
            return here
        if isinstance(entry, URLResolver) and (inner := _converters(entry, target, here)) is not None:
            return inner
    return None


def test_each_named_address_resolves_to_its_own_page():
    root = get_resolver()
    checked = []
    for name, pattern in _named_routes(root):
        converters = _converters(root, pattern)
        kwargs = {part: SAMPLES.get(type(conv), "x") for part, conv in converters.items()}
        url = reverse(name, kwargs=kwargs)
        found = resolve(url)
        assert (found.view_name, found.func) == (name, pattern.callback), f"{url} reached {found.view_name}, not {name}"
        checked.append(name)
    # The phones' own pages and the organiser's are among those checked (not an empty walk).
    among = {"table", "table_enter", "table_agree", "player", "event_standings", "club_table", "admin:index"}
    assert among <= set(checked)


def test_a_phone_tap_is_resolved_among_the_first_patterns():
    """A tap at a table is matched by a pattern near the top, not after every organiser pattern failed."""
    tried_before = 0
    for entry in get_resolver().url_patterns:
        if isinstance(entry, URLResolver) and any(getattr(p, "name", "") == "table_enter" for p in entry.url_patterns):
            break
        tried_before += len(entry.url_patterns) if isinstance(entry, URLResolver) else 1
    assert tried_before < 5, f"{tried_before} patterns are tried before a phone's tap"
