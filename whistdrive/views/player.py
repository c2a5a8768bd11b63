"""A player's own page (the link on their card's QR code, or "My card" at the table). No login: the
token is the key. Their card, place and chart come from the standings adapter (``scores.player_card``)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path
from django.views.decorators.http import require_GET

from whistdrive import charts, phones, scores
from whistdrive.models import Entrant, Result, Seating
from whistdrive.vocabulary import SEAT_NAMES


@login_not_required
@require_GET
def player_page(request: HttpRequest, token: str) -> HttpResponse:
    person = get_object_or_404(Entrant.objects.select_related("event"), token=token)
    event = person.event
    card = scores.player_card(event, person)
    chart = ""
    if card.standing and card.standing.hands:
        chart = charts.player_evening_svg(
            card.standing, card.evening.standings, width=360, height=240, title="Your evening"
        )
    now = Seating.objects.filter(entrant=person, hand=event.current_hand).select_related("table").first()
    next_move = ""
    if now and now.table_id and Result.objects.filter(table=now.table, hand=now.hand).exists():
        here = {
            s.seat: s.entrant for s in Seating.objects.filter(table=now.table, hand=now.hand).select_related("entrant")
        }
        mine = [m for m in phones.moves(event, now.table, now.hand, here) if m["seat"] == now.seat]
        next_move = mine[0]["text"] if mine else ""
    lines = [{**line.__dict__, "trump": phones.trump_view(line.trump)} for line in card.lines]
    context = {
        "event": event,
        "person": person,
        "card": lines,
        "total": card.total,
        "standing": card.standing,
        "game_standing": card.game_standing,
        "field": card.field,
        "now": now,
        "now_seat": now and now.seat and SEAT_NAMES[now.seat],
        "chart": chart,
        "next_move": next_move,
    }
    return render(request, "whistdrive/player.html", context)


urlpatterns = [path("p/<token:token>/", player_page, name="player")]
