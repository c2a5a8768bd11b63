"""No public page yields an email, a phone number or any token (a table's, a player's, the board's)."""

import pytest
from django.urls import reverse

from clubs.models import Season
from tests.factories import duplicate_event, publish
from whistdrive.evening import simulate
from whistdrive.store.models import Entrant, Event, Table


@pytest.fixture
def duplicate(club, members):
    event = duplicate_event(club, pairs=6, boards=6, boards_per_round=2)
    simulate.play(event)
    for entrant, member in zip(event.entrants.order_by("card_number"), members.values(), strict=False):
        entrant.member = member
        entrant.save(update_fields=["member"])
    return publish(event)


def _pages(club, members, events):
    urls = [reverse("public_club", args=[club.public_id])]
    season = Season.objects.create(club=club, name="Winter", starts="2026-01-01", ends="2026-12-31")
    urls.append(reverse("public_season", args=[club.public_id, season.pk]))
    for event in events:
        urls.append(reverse("public_evening", args=[club.public_id, event.public_id]))
        for number in event.boards.values_list("number", flat=True):
            urls.append(reverse("public_board", args=[club.public_id, event.public_id, number]))
    for member in members.values():
        urls.append(reverse("public_player", args=[club.public_id, member.public_id]))
    return urls


def test_every_public_page_is_free_of_emails_phones_and_tokens(client, club, members, evening, duplicate):
    secrets = set()
    for event in Event.objects.filter(club=club):
        secrets.add(event.board_token)
        secrets.add(event.door_code)
    secrets.update(Entrant.objects.filter(event__club=club).values_list("token", flat=True))
    secrets.update(Table.objects.filter(event__club=club).values_list("token", flat=True))
    secrets.update(m.email for m in members.values())
    secrets.update(m.phone for m in members.values())
    secrets.update(t.token for t in club.tables.all())

    seen = 0
    for url in _pages(club, members, [evening, duplicate]):
        response = client.get(url)
        assert response.status_code in (200, 404), url
        if response.status_code == 200:
            seen += 1
            page = response.content.decode()
            leaked = [secret for secret in secrets if secret and secret in page]
            assert leaked == [], f"{url} shows {leaked}"
    assert seen >= 12  # the club, the season, both evenings, six boards and the members who show
