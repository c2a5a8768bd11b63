"""Public pages may be cached for a short while and answer 304 while nothing they show has changed."""

from django.urls import reverse
from django.utils import timezone

from tests.factories import publish


def test_an_evening_page_is_public_for_a_minute_with_an_etag_and_a_last_modified(client, club, evening):
    response = client.get(reverse("public_evening", args=[club.public_id, evening.public_id]))

    assert "public" in response["Cache-Control"] and "max-age=60" in response["Cache-Control"]
    assert response["ETag"]
    assert response["Last-Modified"]


def test_asking_again_with_the_etag_gets_304_until_a_correction(client, club, evening):
    url = reverse("public_evening", args=[club.public_id, evening.public_id])
    etag = client.get(url)["ETag"]

    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    publish(evening, at=evening.published_at, corrected=timezone.now())
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_a_member_page_changes_when_another_evening_is_published(client, club, evening, members):
    from tests.factories import as_members, two_table_evening

    url = reverse("public_player", args=[club.public_id, members["Ann"].public_id])
    etag = client.get(url)["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304

    later = two_table_evening(club, name="December drive")
    for entrant in later.entrants.all():
        entrant.name = {m.name.split()[0]: m.name for m in members.values()}[entrant.name]
        entrant.save(update_fields=["name"])
    as_members(later, {m.name: m for m in members.values()})
    publish(later)

    response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert "December drive" in response.content.decode()


def test_a_change_of_name_choice_is_not_answered_304(client, club, evening, members):
    url = reverse("public_evening", args=[club.public_id, evening.public_id])
    etag = client.get(url)["ETag"]
    members["Ann"].online = "hidden"
    members["Ann"].save()

    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_the_club_page_changes_when_its_league_plays_a_match(client, club, evening):
    import datetime

    from clubs.models import League, Match
    from tests.factories import make_club

    other = make_club("Over Wallop")
    league = League.objects.create(name="Test Valley League", season="2026–27")
    league.clubs.add(club, other)
    url = reverse("public_club", args=[club.public_id])
    etag = client.get(url)["ETag"]
    assert "Test Valley League" in client.get(url).content.decode()

    Match.objects.create(
        league=league, home=other, away=club, date=datetime.date(2026, 11, 20), home_tricks=170, away_tricks=142
    )

    response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert "Over Wallop" in response.content.decode()
