"""Before the event starts only the scorecards can be printed: tables and seats come with the start."""

from django.urls import reverse

from tests.factories import make_cast, make_event
from tests.printing_views.evenings import add_people
from tests.printing_views.helpers import download_url, pages, texts


def test_scorecards_print_before_the_start_and_the_rest_wait_for_it(client, db):
    club_a, _, olive, *_ = make_cast()
    event = make_event(club_a)
    add_people(event, 4, 4)
    client.force_login(olive)
    page = client.get(reverse("event_print", args=[event.pk])).content.decode()
    assert "Ready once the event has started" in page
    response = client.get(download_url(event, "scorecards"))
    assert response.status_code == 200
    assert len(pages(response.content)) == 4  # 8 cards of 24 hands, two a page
    assert "Zoë Łukasiewicz" in texts(response.content)[0]
    for document in ("table-cards", "progression", "results"):
        assert client.get(download_url(event, document)).status_code == 404
