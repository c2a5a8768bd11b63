"""Before the event starts only the scorecards can be printed: tables and seats come with the start."""

from django.urls import reverse

from tests.factories import duplicate_event, give_access, make_cast, make_event
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


def test_a_duplicate_evenings_movement_cards_print_before_the_start_for_the_pairs_registered(client, db):
    event = duplicate_event(pairs=7, boards=8, boards_per_round=2, start=False)
    club_a, _, olive, *_ = make_cast()
    give_access(olive, event.club)
    client.force_login(olive)
    response = client.get(download_url(event, "movement-cards"))
    assert response.status_code == 200
    text = "\n".join(texts(response.content))
    assert "Table 1" in text and "Table 4" in text  # seven pairs: three tables and the half table
    assert "No tables." not in text
