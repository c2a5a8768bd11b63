"""The print page and every download: organiser and scorer of the club, nobody else."""

import pytest
from django.urls import reverse

from tests.factories import make_cast
from tests.printing_views.evenings import individual_evening
from tests.printing_views.helpers import download_url

DRIVE_DOCUMENTS = ["scorecards", "table-cards", "progression", "results"]


@pytest.fixture
def cast(db):
    return make_cast()


def test_the_organiser_and_the_scorer_download_every_document_of_a_drive(client, cast):
    club_a, _, olive, sam, _ = cast
    event = individual_evening(club_a, played=1)
    for user in (olive, sam):
        client.force_login(user)
        page = client.get(reverse("event_print", args=[event.pk]))
        assert page.status_code == 200
        for document in DRIVE_DOCUMENTS:
            assert download_url(event, document) in page.content.decode()
            response = client.get(download_url(event, document))
            assert response.status_code == 200, document
            assert response["Content-Type"] == "application/pdf"
            assert response["Content-Disposition"] == f'attachment; filename="friday-individual-{document}.pdf"'
            assert response.content.startswith(b"%PDF")


def test_an_organiser_of_another_club_gets_not_found(client, cast):
    club_a, _, _, _, bea = cast
    event = individual_evening(club_a, played=0)
    client.force_login(bea)
    assert client.get(reverse("event_print", args=[event.pk])).status_code == 404
    for document in DRIVE_DOCUMENTS:
        assert client.get(download_url(event, document)).status_code == 404


def test_someone_logged_out_is_sent_to_log_in(client, cast):
    club_a, *_ = cast
    event = individual_evening(club_a, played=0)
    for url in [reverse("event_print", args=[event.pk])] + [download_url(event, d) for d in DRIVE_DOCUMENTS]:
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


def test_a_drive_has_no_score_pads_and_an_unknown_document_is_not_found(client, cast):
    club_a, _, olive, *_ = cast
    event = individual_evening(club_a, played=0)
    client.force_login(olive)
    assert client.get(download_url(event, "score-pads")).status_code == 404
    assert client.get(download_url(event, "menu")).status_code == 404
