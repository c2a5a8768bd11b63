"""The demo says it made 32 members: the members page lists 32, its evenings drawn from them."""

import io

import pytest

from clubs.models import Member
from whistdrive.evening.demo import make_demo

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_the_demo_says_32_members_and_has_32():
    out = io.StringIO()
    club = make_demo(out)
    assert "with 32 members" in out.getvalue()
    assert Member.objects.filter(club=club).count() == 32
    assert all(e.member_id for event in club.events.all() for e in event.entrants.all())
