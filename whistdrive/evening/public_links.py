"""The addresses of the public pages on a club's hosted site (docs/publishing.md), for the scorecards' QR
codes and the players' emails: a player's page is built here and nowhere else (design of #51)."""

from __future__ import annotations

from django.conf import settings

from clubs.models import Club, Member, PublishingLink


def player_url(base_url: str, club: Club, member: Member) -> str:
    """The member's page of results online, under the hosted site's ``base_url``."""
    return f"{base_url.rstrip('/')}/results/{club.public_id}/players/{member.public_id}/"


def online_site(club: Club, own_base_url: str) -> str | None:
    """The base address of ``club``'s results online: this site itself when hosted (``own_base_url``), the
    linked hosted site on a laptop, or None for a laptop's club that publishes nowhere."""
    if settings.HOSTED:
        return own_base_url
    return PublishingLink.objects.filter(club=club).values_list("site", flat=True).first()
