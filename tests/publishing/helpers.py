"""A club's finished evening as a laptop would publish it, for the hosted site's tests."""

from __future__ import annotations

import json

from clubs.models import Club, Member, PublishingKey
from tests.factories import give_access, make_club, make_user
from whistdrive.engines.formats import Format
from whistdrive.evening import publishing
from whistdrive.evening.simulate import simulate_event
from whistdrive.store.models import Event


def laptop_evening(club: Club) -> Event:
    """A finished two-table drive of eight hands (nine players), as played at the tables."""
    return simulate_event(fmt=Format(hands=8, interval_after=4), tables=2, spares=1, seed=5, club=club)


def laptop_payload(club: Club, *, settings_of: dict[str, dict] | None = None) -> dict:
    """The body a laptop sends for ``club``'s evening (``laptop_evening``), whose first three players are members.
    The laptop's rows are then deleted (the hosted site shares this test's database, and public ids are unique):
    what stays is the body, as if it had come from another machine."""
    event = laptop_evening(club)
    entrants = list(event.entrants.select_related("member").order_by("card_number"))
    for number, entrant in enumerate(entrants):
        if number >= 3:  # a guest: no member
            entrant.member = None
            entrant.save(update_fields=["member"])
            continue
        member = entrant.member or Member.objects.create(club=club, name=entrant.name, role=entrant.role)
        for name, value in (settings_of or {}).get("first" if number == 0 else entrant.name, {}).items():
            setattr(member, name, value)
        member.save()
        entrant.member = member
        entrant.save(update_fields=["member"])
    payload = json.loads(json.dumps(publishing.payload_of(event)))
    Member.objects.filter(club=club).delete()
    Event.objects.filter(pk=event.pk).delete()
    return payload


def hosted_club() -> tuple[Club, str, object]:
    """A hosted club with its organiser and a publishing key: (club, key, organiser)."""
    club = make_club("Nether Wallop Whist Club")
    olive = make_user("olive")
    give_access(olive, club)
    _row, key = PublishingKey.objects.make(club, olive)
    return club, key, olive


def post(client, payload, key: str | None, **extra):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {}
    body = payload if isinstance(payload, bytes) else json.dumps(payload)
    return client.generic("POST", "/api/publish/", body, content_type="application/json", **headers, **extra)
