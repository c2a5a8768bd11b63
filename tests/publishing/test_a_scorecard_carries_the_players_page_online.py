"""Each member's printed scorecard carries a second QR code, to their page on the club's hosted site, when the
club has one (a laptop linked to it, or the hosted site itself); a guest's card, and a card of a club that
publishes nowhere, carry only the evening's own code."""

from __future__ import annotations

import pytest

from clubs.models import PublishingLink
from tests.factories import make_club
from tests.printing.helpers import qr_codes_on_page, readability_faults
from tests.publishing.helpers import laptop_evening
from whistdrive.evening.public_links import player_url
from whistdrive.printing.from_models import scorecard_sheet
from whistdrive.printing.scorecards import scorecards_pdf

pytestmark = pytest.mark.django_db

LAPTOP = "http://192.168.1.5:8000"


def _first_card(event, base: str = LAPTOP):
    """Card 1 printed alone, and its entrant."""
    entrant = event.entrants.select_related("member").get(card_number=1)
    return scorecards_pdf(scorecard_sheet(event, base, cards={1})), entrant


def test_a_linked_laptops_card_leads_its_member_to_their_page_on_the_hosted_site(settings):
    settings.HOSTED = False  # the PostgreSQL runs are hosted
    club = make_club()
    PublishingLink.objects.create(club=club, site="https://results.example.org/", hosted_name=club.name)
    event = laptop_evening(club)
    pdf, entrant = _first_card(event)
    codes = qr_codes_on_page(pdf, 1)
    online = player_url("https://results.example.org/", club, entrant.member)
    assert online == f"https://results.example.org/results/{club.public_id}/players/{entrant.member.public_id}/"
    assert online in codes
    assert LAPTOP + entrant.get_absolute_url() in codes  # the evening's own code stays
    assert readability_faults(pdf) == []


def test_a_guests_card_and_an_unlinked_clubs_card_carry_only_the_evenings_code(settings):
    settings.HOSTED = False
    club = make_club()
    event = laptop_evening(club)
    pdf, entrant = _first_card(event)
    assert qr_codes_on_page(pdf, 1) == {LAPTOP + entrant.get_absolute_url()}
    PublishingLink.objects.create(club=club, site="https://results.example.org/", hosted_name=club.name)
    event.entrants.filter(card_number=1).update(member=None)
    pdf, entrant = _first_card(event)
    assert qr_codes_on_page(pdf, 1) == {LAPTOP + entrant.get_absolute_url()}


def test_on_the_hosted_site_the_card_leads_to_the_sites_own_page(settings):
    settings.HOSTED = True
    club = make_club()
    event = laptop_evening(club)
    pdf, entrant = _first_card(event, "https://results.example.org")
    assert player_url("https://results.example.org", club, entrant.member) in qr_codes_on_page(pdf, 1)
