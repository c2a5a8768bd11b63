"""A game night prints score pads (one per table, with its pairs) and table cards, but no scorecards."""

from django.urls import reverse

from tests.factories import make_cast, make_event
from tests.printing_views.evenings import add_people
from tests.printing_views.helpers import download_url, pages, texts
from whistdrive.engines.formats import PRESETS
from whistdrive.evening import running
from whistdrive.store.models import Seating


def test_score_pads_carry_each_tables_pairs(client, db):
    club_a, _, olive, *_ = make_cast()
    event = make_event(club_a, PRESETS["rubbers"][1], name="Rubber night")
    add_people(event, 4, 4)
    running.start_event(event, seed=5)
    client.force_login(olive)
    page = client.get(reverse("event_print", args=[event.pk])).content.decode()
    assert download_url(event, "score-pads") in page and download_url(event, "scorecards") not in page
    assert client.get(download_url(event, "scorecards")).status_code == 404

    response = client.get(download_url(event, "score-pads"))
    assert response["Content-Disposition"] == 'attachment; filename="rubber-night-score-pads.pdf"'
    assert len(pages(response.content)) == 1  # two tables, two pads a page
    text = texts(response.content)[0].replace("\n", " ")
    for table in event.tables.all():
        seats = {s.seat: s.entrant.name for s in Seating.objects.filter(table=table, hand=1).select_related("entrant")}
        # A long line is cut with "…" to the pad's width: the North–South pair always prints whole here.
        assert f"{seats['N']} & {seats['S']} v {seats['E'][:6]}" in text
    assert len(pages(client.get(download_url(event, "table-cards")).content)) == 2
