"""Importing members through the pages: a preview first, nothing saved until Olive confirms."""

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.models import Member
from tests.factories import make_cast, make_member

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive_at_a(client):
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    return client, club_a


def upload(client, club, text: str | bytes):
    raw = text.encode() if isinstance(text, str) else text
    return client.post(
        reverse("members_import", args=[club.pk]), {"file": SimpleUploadedFile("m.csv", raw, "text/csv")}
    )


def confirm(client, club, response, **extra):
    digest = response.context["confirm"]["digest"].value()
    return client.post(reverse("members_import_confirm", args=[club.pk]), {"digest": digest, **extra})


def test_the_preview_shows_every_row_and_saves_nothing(olive_at_a):
    client, club = olive_at_a
    response = upload(client, club, "name,role\nAnn Smith,lady\nBob Jones,gent\n")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Ann Smith" in page and "Bob Jones" in page and "Nothing has been saved yet" in page
    assert not Member.objects.exists()


def test_confirming_a_good_file_saves_every_member(olive_at_a):
    client, club = olive_at_a
    response = upload(client, club, "name,role,membership_number\nAnn Smith,lady,1\nBob Jones,gent,2\n")
    assert confirm(client, club, response).status_code == 302
    assert list(club.members.values_list("name", "role", "membership_number")) == [
        ("Ann Smith", "lady", "1"), ("Bob Jones", "gent", "2")
    ]  # fmt: skip


def test_a_file_with_an_error_row_is_not_imported_without_the_explicit_choice(olive_at_a):
    client, club = olive_at_a
    response = upload(client, club, "name,role\nAnn Smith,lady\nBob Jones,captain\n,gent\n")
    page = response.content.decode()
    assert "Row 3, column role" in page and "Row 4, column name" in page
    assert "Import the 1 good row and skip the 2 rows with errors" in page
    refused = confirm(client, club, response)
    assert refused.status_code == 400 and "tick the box" in refused.content.decode()
    assert not Member.objects.exists()
    assert confirm(client, club, response, skip_bad_rows="on").status_code == 302
    assert list(club.members.values_list("name", flat=True)) == ["Ann Smith"]


def test_a_duplicate_of_an_existing_member_is_flagged_in_the_preview(olive_at_a):
    client, club = olive_at_a
    make_member(club, "Ann Smith", membership_number="9")
    page = upload(client, club, "name,membership_number\nann  smith,1\nBob,9\n").content.decode()
    assert "Row 2, column name" in page and "Row 3, column membership_number" in page


def test_a_bom_and_semicolons_import_like_any_other_file(olive_at_a):
    client, club = olive_at_a
    response = upload(client, club, "\ufeffname;role;active\r\nZoë Łukasiewicz;lady;no\r\n".encode())
    confirm(client, club, response)
    member = club.members.get()
    assert (member.name, member.role, member.active) == ("Zoë Łukasiewicz", "lady", False)


def test_an_unreadable_file_is_refused_with_a_clear_message(olive_at_a):
    client, club = olive_at_a
    response = upload(client, club, "name\nAnn\n".encode("utf-16"))
    assert "CSV UTF-8" in response.content.decode()
    assert "confirm" not in response.context


def test_a_stale_confirmation_saves_nothing(olive_at_a):
    client, club = olive_at_a
    first = upload(client, club, "name\nAnn\n")
    upload(client, club, "name\nBob\n")
    response = confirm(client, club, first)
    assert response.status_code == 302 and response["Location"] == reverse("members_import", args=[club.pk])
    assert not Member.objects.exists()


def test_a_member_added_after_the_preview_is_caught_at_confirmation(olive_at_a):
    client, club = olive_at_a
    response = upload(client, club, "name,membership_number\nAnn,1\n")
    make_member(club, "Someone Else", membership_number="1")
    assert confirm(client, club, response).status_code == 400
    assert club.members.count() == 1


def test_two_thousand_members_import_in_one_go(olive_at_a):
    client, club = olive_at_a
    lines = ["name,role,membership_number,email"]
    lines += [f"Member {i},{'lady' if i % 2 else 'gent'},{1000 + i},m{i}@example.org" for i in range(2000)]
    response = upload(client, club, "\n".join(lines))
    assert len(response.context["preview"].good) == 2000
    confirm(client, club, response)
    assert club.members.count() == 2000
    exported = client.get(reverse("members_export", args=[club.pk])).content.decode()
    assert len(exported.splitlines()) == 2001


def test_a_possible_duplicate_is_imported_only_when_the_organiser_accepts_it(olive_at_a):
    client, club = olive_at_a
    make_member(club, "Agnes Smith")
    response = upload(client, club, "name\nagnes smith\nBob Jones\nAgnes  Smith\n")
    page = response.content.decode()
    assert "possible duplicates to decide" in page and "with errors" not in page
    assert "Row 2: import agnes smith too" in page and "Row 4: import Agnes Smith too" in page
    answer = confirm(client, club, response, accept=["4"])
    assert answer.status_code == 302
    assert sorted(club.members.values_list("name", flat=True)) == ["Agnes Smith", "Agnes Smith", "Bob Jones"]
    said = [str(m) for m in get_messages(answer.wsgi_request)]
    assert said == ["2 members imported; 1 possible duplicate not imported."]


def test_possible_duplicates_left_unticked_are_not_imported_and_nothing_else_is_lost(olive_at_a):
    client, club = olive_at_a
    make_member(club, "Agnes Smith")
    response = upload(client, club, "name\nAgnes Smith\nBob Jones\n")
    confirm(client, club, response)
    assert sorted(club.members.values_list("name", flat=True)) == ["Agnes Smith", "Bob Jones"]


def test_only_a_possible_duplicates_row_may_be_accepted(olive_at_a):
    client, club = olive_at_a
    make_member(club, "Agnes Smith")
    response = upload(client, club, "name\nAgnes Smith\nBob Jones\n")
    answer = confirm(client, club, response, accept=["3"])  # Bob's row has nothing to accept
    assert answer.status_code == 302 and club.members.count() == 1
