"""A club's results online show its published evenings, without logging in, and nothing else."""

import datetime

from django.urls import reverse

from tests.factories import make_club, publish, two_table_evening


def test_a_published_evening_is_listed_and_shown_without_logging_in(client, club, evening):
    index = client.get(reverse("public_club", args=[club.public_id]))
    page = client.get(reverse("public_evening", args=[club.public_id, evening.public_id]))

    assert index.status_code == 200
    assert reverse("public_evening", args=[club.public_id, evening.public_id]) in index.content.decode()
    assert page.status_code == 200
    assert "November drive" in page.content.decode()
    assert "Final results" in page.content.decode()


def test_an_evening_not_published_has_no_page_and_is_not_listed(client, club, evening):
    hidden = two_table_evening(club, name="Still on the laptop")

    assert client.get(reverse("public_evening", args=[club.public_id, hidden.public_id])).status_code == 404
    assert "Still on the laptop" not in client.get(reverse("public_club", args=[club.public_id])).content.decode()


def test_an_evening_is_found_only_under_its_own_club(client, club, evening):
    other = make_club("Upper Wallop")

    assert client.get(reverse("public_evening", args=[other.public_id, evening.public_id])).status_code == 404
    assert client.get(reverse("public_club", args=["no-such-club"])).status_code == 404


def test_a_recent_evening_shows_as_provisional_and_a_correction_as_corrected(client, club, evening):
    from django.utils import timezone

    publish(evening, at=timezone.now() - datetime.timedelta(days=2), corrected=timezone.now())

    page = client.get(reverse("public_evening", args=[club.public_id, evening.public_id])).content.decode()

    assert "Provisional results" in page
    assert "corrected" in page
    assert "provisional" in client.get(reverse("public_club", args=[club.public_id])).content.decode()


def test_the_organisers_club_page_gives_the_results_address(client, club):
    from tests.factories import give_access, make_user

    olive = make_user("olive")
    give_access(olive, club)
    client.force_login(olive)

    page = client.get(reverse("club", args=[club.pk])).content.decode()

    assert reverse("public_club", args=[club.public_id]) in page
