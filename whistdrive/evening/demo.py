"""Demo data for trying WhistDrive without a club of your own: `whistdrive rundrive --demo`.

Later issues add a finished drive, a game night and a drive at the interval to the same club.
"""

import datetime

from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Member, Role, Season
from whistdrive.evening.demo_evenings import add_demo_evenings

DEMO_CLUB_NAME = "Little Snoring Whist Club"

# Sixteen ladies and sixteen gents: eight full tables with roles. Names with accents and
# apostrophes on purpose, so every page and PDF shows them as people will type them.
DEMO_LADIES = [
    "Margaret Thompson", "Zoë Hargreaves", "Siobhán O'Brien", "Brenda Pritchard",
    "Eileen McAllister", "Gwen Llewellyn", "Doreen Baxter", "Renée Whitfield",
    "Pat Ogunleye", "Agnieszka Wiśniewska", "Sheila Fairbrother", "Maureen D'Arcy",
    "Joyce Entwistle", "Chloë Barraclough", "Priya Chaudhry", "Hilary Ashdown",
]  # fmt: skip
DEMO_GENTS = [
    "Łukasz Nowak", "Dennis O'Connor", "Geoffrey Pemberton", "Rhys ap Gwilym",
    "Colin Mabey", "Seán Ó Briain", "Trevor Higginbottom", "Malcolm Fraser",
    "Kwame Mensah", "Bernard Stubbs", "José Ferreira", "Derek Ollerenshaw",
    "Raymond Tulloch", "Alan Featherstone", "Nigel Pennington", "Bryn Hughes",
]  # fmt: skip


def season_dates(today: datetime.date) -> tuple[datetime.date, datetime.date]:
    """Club seasons run September to August: the one that holds `today`."""
    start_year = today.year if today.month >= 9 else today.year - 1
    return datetime.date(start_year, 9, 1), datetime.date(start_year + 1, 8, 31)


@transaction.atomic
def make_demo(stdout) -> Club:
    """A demo club with 32 members (16 ladies, 16 gents), the current season and three evenings."""
    club = Club.objects.create(name=DEMO_CLUB_NAME)
    people = [(name, Role.LADY) for name in DEMO_LADIES] + [(name, Role.GENT) for name in DEMO_GENTS]
    Member.objects.bulk_create(
        Member(club=club, name=name, role=role, membership_number=f"{number:03d}")
        for number, (name, role) in enumerate(people, start=1)
    )
    starts, ends = season_dates(timezone.localdate())
    season = Season.objects.create(
        club=club, name=f"Season {starts.year}–{str(ends.year)[2:]}", starts=starts, ends=ends
    )
    stdout.write(f"Demo: made {club.name} with {len(people)} members and the {season.name}.\n")
    add_demo_evenings(club, stdout)
    return club
