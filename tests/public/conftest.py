import datetime

import pytest

from tests.factories import WORKED_GENTS, WORKED_LADIES, as_members, make_club, make_member, publish, two_table_evening


@pytest.fixture
def club(db):
    return make_club("Nether Wallop Whist Club", provisional_days=7)


@pytest.fixture
def members(club):
    """The hand-worked evening's players as members: Ann shows in full, Bet as initials, Cat hides; Ian is a
    guest on the books. Everyone has an email and a phone, which no public page may show."""
    found = {}
    for name in WORKED_LADIES + WORKED_GENTS:
        online = {"Bet": "initials", "Cat": "hidden"}.get(name, "full")
        found[name] = make_member(
            club,
            f"{name} Example" if name != "Bet" else "Bet Zoë Łukasiewicz",
            online=online,
            email=f"{name.lower()}@example.org",
            phone=f"07700 900{len(found):03d}",
            is_guest=name == "Ian",
        )
    return found


@pytest.fixture
def evening(club, members):
    """The hand-worked evening, published a month ago (its provisional week is over)."""
    event = two_table_evening(club, date=datetime.date(2026, 11, 3), name="November drive")
    for entrant in event.entrants.all():
        entrant.name = members[entrant.name].name
        entrant.save(update_fields=["name"])
    as_members(event, {m.name: m for m in members.values()})
    return publish(event)
