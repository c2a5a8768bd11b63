"""Hostile archive files are refused in one line that names the place, and save nothing.

Found by trying: a deeply nested file raised RecursionError, a 5,000-digit number ValueError
(both a traceback from ``import_event`` and a server error from the archive page), and a NUL in a
player's name was a server error on PostgreSQL and stored silently on SQLite.
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.factories import make_cast
from whistdrive.evening import archive

from .helpers import changed, row_counts, simulated_document, small_drive

pytestmark = pytest.mark.django_db


@pytest.fixture
def document():
    return simulated_document(small_drive(movement="stationary"), 2, 0)


def import_file(tmp_path, text: str) -> list[str]:
    """What ``manage.py import_event FILE`` prints: its error lines, nothing saved."""
    path = tmp_path / "event.json"
    path.write_text(text, encoding="utf-8")
    before = row_counts()
    errors = []

    class Lines:
        def write(self, text):
            errors.extend(line for line in text.splitlines() if line.strip())

        def flush(self):
            pass

    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path), stderr=Lines())
    assert row_counts() == before
    return [*errors, str(refused.value)]


def upload(client, text: str):
    club_a, _club_b, olive, _sam, _bea = make_cast()
    client.force_login(olive)
    event = archive.import_event(simulated_document(small_drive(movement="stationary"), 2, 0), club=club_a)
    before = row_counts()
    response = client.post(
        reverse("archive_import", args=[event.pk]),
        {"club": club_a.pk, "file": SimpleUploadedFile("event.json", text.encode(), "application/json")},
    )
    assert response.status_code == 400
    assert row_counts() == before
    return response.content.decode()


def deeply_nested(depth: int = 100_000) -> str:
    return '{"schema": "whistdrive.event/1", "players": ' + "[" * depth + "]" * depth + "}"


def test_a_deeply_nested_file_is_refused_naming_the_line_and_column(tmp_path):
    [line] = import_file(tmp_path, deeply_nested())
    assert line.endswith(
        "event.json: line 1, column 64: lists and objects nested more than 20 deep; an event archive needs 7"
    )


def test_a_deeply_nested_upload_is_refused_naming_the_line_and_column(client):
    page = upload(client, deeply_nested())
    assert "line 1, column 64: lists and objects nested more than 20 deep" in page


def test_a_five_thousand_digit_number_is_refused_where_it_is(tmp_path, document):
    text = json.dumps(document).replace('"hands": 8', '"hands": ' + "9" * 5000, 1)
    lines = import_file(tmp_path, text)
    assert lines[0] == "event.format: the number of hands must be a whole number from 1 to 60, not a 5000-digit number"
    assert lines[-1].startswith("Nothing was imported")


def test_a_five_thousand_digit_number_in_an_upload_is_refused_where_it_is(client, document):
    document["hands"][1]["tables"][0]["tricks"]["NS"] = 0  # replaced by the long number below
    text = json.dumps(document).replace('"NS": 0', '"NS": ' + "7" * 5000, 1)
    page = upload(client, text)
    assert "not a 5000-digit number" in page


@pytest.mark.parametrize(
    ("where", "edit"),
    [
        ("players[0].name", lambda d: d["players"][0].update(name="Ann\x00Smith")),
        ("players[1].id", lambda d: d["players"][1].update(id="p\x002")),
        ("club.name", lambda d: d["club"].update(name="Nether\x1bWallop")),
        ("event.name", lambda d: d["event"].update(name="Drive \u202eevird")),
    ],
)
def test_a_control_character_in_a_name_is_refused_naming_the_place(where, edit, document):
    before = row_counts()
    with pytest.raises(archive.ArchiveError) as refused:
        archive.import_event(changed(document, edit))
    assert row_counts() == before
    problems = [p for p in refused.value.problems if p.startswith(where)]
    assert problems and "control character" in problems[0], refused.value.problems


def test_a_nul_in_a_name_is_refused_by_the_archive_page_on_every_database(client, document):
    document["players"][2]["name"] = "Bob\x00Jones"
    page = upload(client, json.dumps(document))
    assert "players[2].name" in page and "control character (U+0000)" in page


def test_a_file_that_is_not_json_says_where(tmp_path):
    [line] = import_file(tmp_path, '{"schema": "whistdrive.event/1",\n "players": [1, 2,]}')
    assert line.endswith("event.json: line 2, column 19: this is not JSON (Expecting value)")
