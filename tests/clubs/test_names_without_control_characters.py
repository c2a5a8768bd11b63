"""Names with control characters are refused everywhere a name is typed or read in.

A NUL, an escape or a bell in a name breaks PostgreSQL (NUL), terminals and printed cards; a
right-to-left override shows "Ann" as something else. Every name and venue field, the desk's
guests, late arrivals, leagues, prize labels, the member CSV and the archive refuse them with a
message that names the character and where it is.
"""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from clubs import csv_members
from clubs.league_views import LeagueForm
from clubs.models import Club, FormatPreset, League, Member, Season
from clubs.names import control_character
from tests.factories import make_cast, make_event
from whistdrive.store.models import Entrant, Event
from whistdrive.web.forms import GuestForm, LateArrivalForm, PrizeForm

pytestmark = pytest.mark.django_db

BAD = ["Ann\x00Smith", "Ann\x07Smith", "Ann\x1b[31mSmith", "Ann\x7fSmith", "Ann\x85Smith", "Ann\u202eSmith"]
GOOD = ["Ann Smith", "Zoë Łukasiewicz", "O'Brien-Jones", "Mr. 李小龍", "👩‍👩‍👧 Smith", "Ann\u200dSmith"]


@pytest.mark.parametrize("name", BAD)
def test_a_control_character_is_found_and_named(name):
    found = control_character(name)
    assert found is not None and found.endswith("at character 4")
    assert f"U+{ord(name[3]):04X}" in found


@pytest.mark.parametrize("name", GOOD)
def test_ordinary_names_of_every_script_are_taken(name):
    assert control_character(name) is None


@pytest.mark.parametrize("name", BAD)
def test_every_stored_name_refuses_control_characters(name):
    club_a, *_ = make_cast()
    event = make_event(club_a)
    rows = [
        (Club(name=name), "name"),
        (Member(club=club_a, name=name), "name"),
        (Member(club=club_a, name="Ann", phone=name), "phone"),
        (Member(club=club_a, name="Ann", membership_number=name[:20]), "membership_number"),
        (Season(club=club_a, name=name, starts="2026-01-01", ends="2026-12-31"), "name"),
        (FormatPreset(club=club_a, name=name, format={}), "name"),
        (Event(club=club_a, name=name, date="2026-10-01"), "name"),
        (Event(club=club_a, name="Drive", venue=name, date="2026-10-01"), "venue"),
        (Entrant(event=event, name=name, card_number=99), "name"),
        (League(name=name), "name"),
        (League(name="League", season=name), "season"),
    ]
    for row, field in rows:
        with pytest.raises(ValidationError) as refused:
            row.full_clean()
        assert field in refused.value.message_dict, (row, refused.value.message_dict)
        assert "control character" in " ".join(refused.value.message_dict[field])


@pytest.mark.parametrize("name", BAD)
def test_the_forms_that_are_not_model_forms_refuse_them_too(name):
    club_a, *_ = make_cast()
    forms = [
        (GuestForm({"name": name}), "name"),
        (LateArrivalForm({"name": name}, event=make_event(club_a)), "name"),
        (LeagueForm({"name": name}, club=club_a), "name"),
        (LeagueForm({"name": "Wallops", "season": name}, club=club_a), "season"),
        (PrizeForm({"kind": "top", "places": 1, "label": name}), "label"),
    ]
    for form, field in forms:
        assert not form.is_valid()
        assert "control character" in " ".join(form.errors[field]), (form, form.errors)


def test_the_member_page_says_what_is_wrong_and_saves_nothing(client):
    club_a, _club_b, olive, _sam, _bea = make_cast()
    client.force_login(olive)
    response = client.post(reverse("member_add", args=[club_a.pk]), {"name": "Ann\x07Smith", "active": "on"})
    assert response.status_code == 200
    assert "control character (U+0007) at character 4" in response.content.decode()
    assert not Member.objects.filter(club=club_a).exists()


def test_a_member_csv_row_with_a_control_character_is_an_error_naming_row_and_column():
    preview = csv_members.read_members(b"name,phone\nAnn Smith,01234\nBob\x07Jones,\nCy,\x1b[2J\n")
    assert [r.errors for r in preview.rows] == [
        (),
        ("Row 3, column name: it has a control character (U+0007) at character 4, which cannot be shown or printed",),
        ("Row 4, column phone: it has a control character (U+001B) at character 1, which cannot be shown or printed",),
    ]
