"""How results online name and address a player (docs/publishing.md, docs/results-online.md): the name shown
as each member chose (the public pages and the players' emails alike), and the address of a player's page for
the scorecards' QR codes and the emails. Both are made here and nowhere else (design of #51)."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from clubs.models import Club, Member, PublishingLink
from clubs.names import initials
from whistdrive.store.models import Entrant, Event, player_id

HIDDEN = "A player"


def shown_name(name: str, online: str | None, erased: bool = False) -> str:
    """A name as the public pages show it: ``online`` is the member's choice, None for a guest (initials)."""
    if erased or online == Member.Online.HIDDEN:
        return HIDDEN
    if online == Member.Online.FULL:
        return name
    return initials(name) or HIDDEN


@dataclass(frozen=True)
class Shown:
    """One player of an evening as the public sees them: their shown name, and their member page's id when
    they have one to show (a member who did not hide)."""

    name: str
    page: str | None


def people_shown(event: Event) -> dict[str, Shown]:
    """Player id -> how they are shown, for everyone in the evening (one query)."""
    rows = Entrant.objects.filter(event=event).values_list(
        "archive_id", "card_number", "name", "member__public_id", "member__online", "member__erased", "member__is_guest"
    )
    shown = {}
    for archive_id, card, name, public_id, online, erased, is_guest in rows:
        member = public_id is not None and not is_guest
        words = shown_name(name, online if member else None, bool(erased))
        page = public_id if member and words != HIDDEN else None
        shown[player_id(archive_id, card)] = Shown(words, page)
    return shown


def player_url(base_url: str, club: Club, member: Member) -> str:
    """The member's page of results online, under the hosted site's ``base_url``."""
    return f"{base_url.rstrip('/')}/results/{club.public_id}/players/{member.public_id}/"


def online_site(club: Club, own_base_url: str) -> str | None:
    """The base address of ``club``'s results online: this site itself when hosted (``own_base_url``), the
    linked hosted site on a laptop, or None for a laptop's club that publishes nowhere."""
    if settings.HOSTED:
        return own_base_url
    return PublishingLink.objects.filter(club=club).values_list("site", flat=True).first()
