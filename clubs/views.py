"""Organiser pages for a club: its overview, members, seasons and presets."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.access import club_for


def club(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk)
    return render(
        request,
        "clubs/club.html",
        {
            "club": club,
            "role": club.role_of(request.user),
            "events": club.events.all()[:50],
            "seasons": club.seasons.all(),
            "member_count": club.members.active().count(),
        },
    )
