"""A table's code replaced after a phone was lost: the organiser is shown the new code, and can print that
one table's card, without reprinting every table's."""

import io

import pytest
from django.contrib.auth.models import User
from pypdf import PdfReader

from tests.factories import make_cast, started_event
from tests.live.helpers import url

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    return started_event(club_a, tables=3, seed=1)


def test_reissuing_a_code_leads_to_a_page_with_the_new_code_and_its_card(client, event):
    old = event.tables.get(number=2).token
    response = client.post(url("event_live_new_token", event, 2), follow=True)
    new = event.tables.get(number=2).token
    assert new != old
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == url("event_table_code", event, 2)
    assert "<h1>Table 2's QR code</h1>" in page and "<svg" in page
    assert f"/t/{new}/" in page and old not in page
    assert url("event_table_card_pdf", event, 2) in page
    assert response["Cache-Control"] == "no-store"


def test_the_one_tables_card_prints_alone_with_the_new_code(client, event):
    client.post(url("event_live_new_token", event, 2))
    response = client.get(url("event_table_card_pdf", event, 2))
    assert response["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(response.content)).pages
    text = "".join(page.extract_text() for page in pages).replace("\n", "").replace(" ", "")  # a long address wraps
    tokens = dict(event.tables.values_list("number", "token"))
    assert len(pages) == 1 and f"/t/{tokens[2]}" in text  # the card prints its address in words
    assert tokens[1] not in text and tokens[3] not in text


def test_the_tables_results_page_links_to_its_code(client, event):
    page = client.get(url("event_live_result", event, 1, 1)).content.decode()
    assert url("event_table_code", event, 1) in page


def test_another_clubs_organiser_cannot_see_a_tables_code(client, event):
    client.logout()
    client.force_login(User.objects.get(username="bea"))
    assert client.get(url("event_table_code", event, 1)).status_code in (403, 404)
