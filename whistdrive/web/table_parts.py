"""``{% same_for_every_seat "name" %} … {% end_same_for_every_seat %}``: a part of a table's page that the
four phones at the table are shown alike, drawn once a version of the table for all four.

A hall's end of hand draws each table's page once for every seat (the four phones are pushed their own,
whistdrive.server.push), and drawing them was a third of the server's work at a hand's end (docs/benchmarks.md).
Most of a page (the hand, the game, the agreed result, the calls) is the same whoever holds the phone.

The part is drawn from the table's drawing alone (``drawing.drawing``, which the page's context carries as
``drawing``), never from what the phone's own seat adds (``drawing.for_phone``): so it cannot differ by
seat, however it is written, and a name the drawing does not have shows as nothing on every phone alike.
When the page is drawn at a known version of the table (``part_version``: ``pushes.seat_page``), the part
is kept with that version (``cache.part_key``) and the table's other phones are given it as drawn.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from django import template
from django.template.base import FilterExpression, NodeList, Parser, Token
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe

from whistdrive.store import cache

register = template.Library()


class SameForEverySeat(template.Node):
    def __init__(self, name: FilterExpression, nodelist: NodeList):
        self.name = name
        self.nodelist = nodelist

    def render(self, context: Context) -> str:
        drawing = context.get("drawing")
        if drawing is None:  # a page not drawn from a table's drawing (no table to share it with)
            return self.nodelist.render(context)
        version = context.get("part_version")
        if not version:
            return self.draw(context, drawing)
        key = cache.part_key(drawing["table"].token, self.name.resolve(context))
        return cache.latest_or_make(key, version, lambda: self.draw(context, drawing))

    def draw(self, context: Context, drawing: dict) -> str:
        alone = Context(drawing, autoescape=context.autoescape, use_l10n=context.use_l10n, use_tz=context.use_tz)
        alone.template = context.template  # {% include %} finds its templates through it
        return self.nodelist.render(alone)


@register.tag("same_for_every_seat")
def same_for_every_seat(parser: Parser, token: Token) -> SameForEverySeat:
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError(f'{bits[0]} takes a name: {{% {bits[0]} "hand" %}}')
    nodelist = parser.parse(("end_same_for_every_seat",))
    parser.delete_first_token()
    return SameForEverySeat(parser.compile_filter(bits[1]), nodelist)


@register.simple_tag(takes_context=True)
def state_attributes(context: Context) -> SafeString:
    """The attributes of the fragment's own element (``<div id="state"…>``): the phone's seat, and while the
    evening runs, how the page keeps itself current (static/whistdrive/push.js): the fragment to fetch at
    its version, the poll's interval, the stream of pushed updates naming its player, the versions it shows.

    One node, where written out in the template they were sixteen, on each of the dozen pages a table's
    phones are drawn at a hand's end: a fifth of the time drawing a page (docs/benchmarks.md)."""
    attrs: dict[str, str | bool] = {}
    if context.get("my_seat"):
        attrs["data-seat"] = context["my_seat"]
    event, urls = context.get("event"), context.get("urls")
    if context.get("state") and event is not None and urls is not None and event.status != "finished":
        push_as = context.get("push_as")
        attrs.update(
            {
                "hx-get": f"{urls['page']}?v={context.get('version', '')}",
                "hx-trigger": f"{'load, ' if context.get('moves_later') else ''}every {context['poll_seconds']}s, wake, pushed",
                "data-poll-on-wake": True,
                "data-push": urls["events"] + (f"?as={quote(push_as, safe='/')}" if push_as else ""),
                "data-shared": context.get("shared_version") or "",
                "data-revision": context["revisions"],
                "hx-swap": "outerHTML",
            }
        )
    # Each value escaped as Django escapes a variable (html.escape); the names are the literals above.
    return mark_safe(
        "".join(f" {name}" if value is True else f' {name}="{escape(str(value))}"' for name, value in attrs.items())
    )
