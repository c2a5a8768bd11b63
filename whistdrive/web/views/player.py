"""A player's own page (the link on their card's QR code, or "My card" at the table). No login: the
token is the key. Their card, place and chart come from the standings adapter (``scores.player_card``)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path
from django.views.decorators.http import require_GET

from whistdrive.engines import charts
from whistdrive.engines.vocabulary import SEAT_NAMES
from whistdrive.evening import pairs, scores
from whistdrive.evening.phones import where_next, words
from whistdrive.store.models import Entrant, Result, Seating


@login_not_required
@require_GET
def player_page(request: HttpRequest, token: str) -> HttpResponse:
    person = get_object_or_404(Entrant.objects.select_related("event"), token=token)
    event = person.event
    if event.is_duplicate:
        return _pair_page(request, person)
    card = scores.player_card(event, person)
    secret = scores.kept_secret(event, card.evening)
    chart = ""
    if not secret and card.standing and card.standing.hands and card.evening is not None:
        chart = charts.player_evening_svg(
            card.standing, card.evening.standings, width=360, height=240, title="Your evening"
        )
    now = Seating.objects.of_entrant(person, event.current_hand).select_related("table").first()
    next_move = ""
    if now and now.table is not None and Result.objects.filter(table=now.table, hand=now.hand).exists():
        here = {s.seat: s.entrant for s in Seating.objects.at_table(now.table, now.hand).select_related("entrant")}
        mine = [m for m in where_next.moves(event, now.table, now.hand, here) if m["seat"] == now.seat]
        next_move = mine[0]["you"] if mine else ""
    lines = [{**line.__dict__, "trump": words.trump_view(line.trump)} for line in card.lines]
    if secret:
        # The club keeps the last hands secret: a phone shown round the room would tell who is winning. The
        # player's own tricks stay; their running total, place and chart wait for the reveal.
        lines = [{**line, "total": None} for line in lines]
    context = {
        "event": event,
        "person": person,
        "card": lines,
        "secret": secret,
        "total": None if secret else card.total,
        "standing": None if secret else card.standing,
        "game_standing": None if secret else card.game_standing,
        "field": card.field,
        "now": now,
        "now_seat": now and now.seat and SEAT_NAMES[now.seat],
        "chart": chart,
        "next_move": next_move,
    }
    return render(request, "whistdrive/player.html", context)


urlpatterns = [path("p/<token:token>/", player_page, name="player")]


def _pair_page(request: HttpRequest, person: Entrant) -> HttpResponse:
    """A duplicate player's page: their pair's place and percentage, each board played with its score,
    and a chart of the pair's percentage board by board."""
    event = person.event
    context: dict = {"event": event, "person": person, "duplicate": True}
    if event.started:
        results = scores.standings_now(event).duplicate
        assert results is not None  # a duplicate evening's standings carry its boards' results
        plays_as = person.pair_id  # a substitute: the pair member whose seat they took
        line = next((x for x in pairs.result_lines(event, results) if plays_as in x.ids), None)
        pair = next((p for p in pairs.pair_lines(event) if plays_as in p.pair.ids), None)
        boards = []
        if line is not None:
            mine = {p.board: p for p in pairs.plays_of(event) if line.ids in (p.ns, p.ew)}
            labels = pairs.pair_labels(event)
            for board in results.boards:
                play = mine.get(board.number)
                if play is None:
                    continue
                score = next(s for s in board.scores if s.table == play.table)
                ns = play.ns == line.ids
                boards.append({
                    "number": board.number, "table": play.table, "direction": "N–S" if ns else "E–W",
                    "against": labels.get(play.ew if ns else play.ns, ""),
                    "tricks": score.tricks_ns if ns else score.tricks_ew, "score": score.ns if ns else score.ew,
                })  # fmt: skip
            if boards:
                context["chart"] = charts.pair_evening_svg(results, line, width=360, height=240, title="Your evening")
        context.update(line=line, pair=pair, boards=boards, matchpoints=results.scoring == "matchpoints",
                       top=results.top)  # fmt: skip
    now = Seating.objects.of_entrant(person, event.current_hand).select_related("table").first()
    context.update(now=now, now_seat=now and now.seat and SEAT_NAMES[now.seat])
    return render(request, "whistdrive/player_pair.html", context)
