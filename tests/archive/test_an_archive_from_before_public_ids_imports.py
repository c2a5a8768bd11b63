"""The public ids are an addition to the archive (docs/archive-format.md, "Public ids"): a file written before
them imports as before, and an export now carries them, a guest's as null."""

from __future__ import annotations

import pytest

from tests.archive.helpers import simulated_document, small_drive, without_public_ids
from whistdrive.evening import archive
from whistdrive.evening.simulate import simulate_event


@pytest.mark.django_db
def test_a_file_without_public_ids_imports_and_gets_ids_of_its_own():
    document = without_public_ids(simulated_document(small_drive(), 2, 1))
    assert "public_id" not in document["event"] and "public_id" not in document["players"][0]
    event = archive.import_event(document)
    again = archive.export_event(event)
    assert again["event"]["public_id"] == event.public_id and again["club"]["public_id"] == event.club.public_id
    assert {p["public_id"] for p in again["players"]} == {None}  # imported players are no club's members
    assert without_public_ids(again) == document


@pytest.mark.django_db
def test_an_export_names_each_members_page_and_a_guest_has_none():
    event = simulate_event(fmt=small_drive(), tables=2, spares=1, seed=3)
    guest = event.entrants.get(card_number=2)
    event.entrants.filter(pk=guest.pk).update(member=None)
    players = {p["id"]: p["public_id"] for p in archive.export_event(event)["players"]}
    assert players.pop(guest.player_id) is None
    members = {e.player_id: e.member.public_id for e in event.entrants.select_related("member").exclude(pk=guest.pk)}
    assert players == members
