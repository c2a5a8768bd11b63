"""Every page of a duplicate evening answers, before the start, mid-evening and at the end."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import duplicate_event, give_access, make_user
from whistdrive.evening import simulate

pytestmark = pytest.mark.django_db


def pages(event) -> list[str]:
    pk = event.pk
    urls = [reverse(name, args=[pk]) for name in (
        "event", "event_edit", "event_desk", "event_standings", "event_prizes", "event_print", "event_archive",
    )]  # fmt: skip
    urls.append(reverse("board", args=[event.board_token]))
    if event.started:
        urls += [reverse(name, args=[pk]) for name in ("event_live", "event_paper", "event_archive_json")]
        urls += [reverse("event_results_csv", args=[pk])]
        urls += [reverse("event_live_result", args=[pk, 1, 1])]
        urls += [reverse("table", args=[t.token]) for t in event.tables.all()]
        urls += [reverse("player", args=[e.token]) for e in event.entrants.all()[:4]]
    return urls


@pytest.mark.parametrize("when", ["before the start", "mid-evening", "at the end"])
@pytest.mark.parametrize("movement", ["mitchell", "howell"])
def test_every_page_of_a_duplicate_evening_answers(when, movement):
    event = duplicate_event(pairs=7, boards=6 if movement == "mitchell" else 14, boards_per_round=2,
                            movement=movement, start=when != "before the start")  # fmt: skip
    if when == "mid-evening":
        simulate.play(event, stop_after=3)
    elif when == "at the end":
        simulate.play(event)
    event.refresh_from_db()
    olive = make_user("olive")
    give_access(olive, event.club)
    client = Client()
    client.force_login(olive)
    for url in pages(event):
        response = client.get(url)
        assert response.status_code == 200, url
    if event.started:
        for document in ("pair-cards", "movement-cards", "hand-records", "travellers", "duplicate-results",
                         "hand-records-results", "table-cards"):  # fmt: skip
            response = client.get(reverse("event_print_document", args=[event.pk, document]))
            assert response.status_code == 200 and response.content.startswith(b"%PDF"), document
