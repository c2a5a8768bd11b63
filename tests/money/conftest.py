"""Club A's Tuesday drive with eight at the desk, a member among them, and tonight's prices set."""

from decimal import Decimal

import pytest
from django.test import Client

from tests.factories import add_entrants, make_cast, make_event, make_member
from whistdrive.store.models import Entrant


@pytest.fixture
def cast(db):
    club_a, club_b, olive, sam, bea = make_cast()
    return {"club_a": club_a, "club_b": club_b, "olive": olive, "sam": sam, "bea": bea}


@pytest.fixture
def evening(cast):
    club = cast["club_a"]
    club.fee_member, club.fee_guest, club.fee_concession = Decimal("3.00"), Decimal("4.00"), Decimal("2.00")
    club.save()
    event = make_event(club)
    add_entrants(event, 4, 3)
    ann = make_member(club, "Ann Member", "lady")
    Entrant.objects.create(event=event, name=ann.name, role="lady", member=ann, card_number=8)
    return event


@pytest.fixture
def olive(cast):
    client = Client()
    client.force_login(cast["olive"])
    return client


@pytest.fixture
def sam(cast):
    client = Client()
    client.force_login(cast["sam"])
    return client
