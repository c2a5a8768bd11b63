"""Member CSVs and event archives: random bytes, bad encodings, huge files and random JSON are
refused with a message (or previewed without saving); never a 5xx, nothing saved by a refusal."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Member
from tests.bad_input.hostile import SPECIAL, check
from tests.security.snapshot import snapshot
from whistdrive.store.models import Event

FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)

csv_text = st.lists(
    st.lists(st.one_of(st.sampled_from(SPECIAL[:60]), st.text(max_size=40)), min_size=1, max_size=7), max_size=12
).map(lambda rows: "\n".join(",".join(row) for row in [["name", "role", "membership_number", "email"], *rows]))
csv_bytes = st.one_of(
    st.binary(max_size=3000),
    csv_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
    csv_text.map(lambda t: t.encode("utf-16")),
    csv_text.map(lambda t: t.encode("latin-1", "replace")),
    csv_text.map(lambda t: b"\xef\xbb\xbf" + t.encode("utf-8", "replace") + b"\x00\xff"),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**20), max_value=10**20) | st.floats() | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=30,
)


def _olive(cast):
    olive = Client()
    olive.force_login(cast["olive"])
    return olive


def test_member_csv_uploads_of_random_bytes_and_encodings(cast, running):
    olive = _olive(cast)
    club = cast["club_a"]
    url = reverse("members_import", args=[club.pk])

    @FUZZ
    @given(raw=csv_bytes, name=st.sampled_from(["members.csv", "m.txt", "", "x" * 300 + ".csv"]))
    def attempt(raw, name):
        before = snapshot()
        response = olive.post(url, {"file": SimpleUploadedFile(name or "f", raw)})
        assert response.status_code < 500
        # An upload is only ever previewed: nothing is saved until the organiser confirms.
        assert snapshot() == before
        if response.status_code == 200 and "confirm" in (response.context or {}):
            digest = response.context["confirm"].initial["digest"]
            check(olive.post, reverse("members_import_confirm", args=[club.pk]), {"digest": digest})

    attempt()


def test_a_member_csv_over_the_limit_is_refused_with_a_message(cast, running):
    olive = _olive(cast)
    before = Member.objects.count()
    huge = ("name,role\n" + "Ann Smith,lady\n" * 200_000).encode()  # about 3 MB
    response = olive.post(
        reverse("members_import", args=[cast["club_a"].pk]), {"file": SimpleUploadedFile("m.csv", huge)}
    )
    assert response.status_code == 200
    assert "MB" in response.content.decode()
    assert Member.objects.count() == before


def test_confirming_an_import_with_a_forged_digest_saves_nothing(cast, running):
    olive = _olive(cast)

    @FUZZ
    @given(digest=st.sampled_from(SPECIAL), skip=st.sampled_from(["", "on", "x" * 500]))
    def attempt(digest, skip):
        check(
            olive.post,
            reverse("members_import_confirm", args=[cast["club_a"].pk]),
            {"digest": digest, "skip_bad_rows": skip},
        )

    attempt()


def test_archive_imports_of_random_json_and_bytes(cast, running):
    olive = _olive(cast)
    url = reverse("archive_import", args=[running["event"].pk])
    clubs = [str(cast["club_a"].pk), str(cast["club_b"].pk), "", "0", "abc", "9" * 30]
    archive = json.dumps({"spec": "whistdrive.event/1"})

    @FUZZ
    @given(
        payload=st.one_of(
            json_values.map(lambda v: json.dumps(v).encode()),
            st.dictionaries(st.sampled_from(["spec", "event", "format", "entrants", "hands", "results", "tables"]),
                            json_values, max_size=7).map(lambda d: json.dumps({"spec": "whistdrive.event/1", **d}).encode()),
            st.binary(max_size=2000),
            st.just(archive.encode("utf-16")),
        ),
        club=st.sampled_from(clubs),
    )  # fmt: skip
    def attempt(payload, club):
        before = Event.objects.count()
        response = check(olive.post, url, {"club": club, "file": SimpleUploadedFile("event.json", payload)})
        if response.status_code != 302:
            assert Event.objects.count() == before

    attempt()


@pytest.mark.parametrize(
    ("megabytes", "status"),
    [
        (20.5, 400),  # over the archive's 20 MB: the form says so
        (22, 413),  # over any request WhistDrive takes: refused before it is read (whistdrive/server/limits.py)
    ],
)
def test_an_archive_over_the_limit_is_refused(cast, running, megabytes, status):
    olive = _olive(cast)
    before = Event.objects.count()
    huge = b'{"spec": "' + b"x" * int(megabytes * 1024 * 1024) + b'"}'
    response = olive.post(
        reverse("archive_import", args=[running["event"].pk]),
        {"club": cast["club_a"].pk, "file": SimpleUploadedFile("event.json", huge)},
    )
    assert response.status_code == status
    assert "20 MB" in response.content.decode()
    assert Event.objects.count() == before
