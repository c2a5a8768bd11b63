"""What `rundrive` sets up before serving: the first organiser, their club, the demo club."""

import datetime
import io
import sys

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.utils import timezone

from clubs.models import Club, ClubAccess, Member
from whistdrive.evening.demo import DEMO_CLUB_NAME, season_dates
from whistdrive.management.commands import rundrive

pytestmark = pytest.mark.django_db


def _rundrive(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("rundrive", "--no-serve", "--host", "192.168.1.23", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_the_first_organiser_is_a_superuser_with_a_generated_password_printed_once():
    output, _ = _rundrive("--organiser", "olive")
    olive = User.objects.get(username="olive")
    assert olive.is_superuser and olive.is_staff
    password = output.split("with the password: ")[1].split()[0]
    assert len(password) >= 12
    assert olive.check_password(password)
    assert output.count(password) == 1


def test_the_first_organiser_organises_a_club_named_my_whist_club():
    _rundrive("--organiser", "olive")
    access = ClubAccess.objects.get(user__username="olive")
    assert access.club.name == "My whist club"
    assert access.role == ClubAccess.Role.ORGANISER


def test_the_organisers_club_can_be_named():
    _rundrive("--organiser", "olive", "--club", "Nether Wallop Whist Club")
    assert ClubAccess.objects.get(user__username="olive").club.name == "Nether Wallop Whist Club"


def test_a_second_run_makes_no_second_account_and_prints_no_password():
    _rundrive("--organiser", "olive")
    output, _ = _rundrive("--organiser", "bea")
    assert list(User.objects.values_list("username", flat=True)) == ["olive"]
    assert "password:" not in output
    assert "changepassword" in output


def test_a_login_name_with_spaces_is_refused_with_the_reason():
    with pytest.raises(CommandError, match="cannot be a login name"):
        _rundrive("--organiser", "Olive Smith")
    assert not User.objects.exists()


def test_without_a_terminal_the_first_run_says_to_use_organiser(monkeypatch):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    with pytest.raises(CommandError, match="--organiser NAME"):
        _rundrive()
    assert not User.objects.exists()


def test_on_a_terminal_the_password_is_asked_again_until_it_is_strong_and_typed_twice(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    names = iter(["olive smith", "olive"])
    passwords = iter(["whist", "whist", "Trumps are hearts 7", "Trumps are hearts 8"] + ["Trumps are hearts 7"] * 2)
    monkeypatch.setattr("builtins.input", lambda prompt: next(names))
    monkeypatch.setattr(rundrive.getpass, "getpass", lambda prompt: next(passwords))
    _, errors = _rundrive()
    assert "cannot be a login name" in errors
    assert "too short" in errors
    assert "The two passwords differ" in errors
    assert User.objects.get(username="olive").check_password("Trumps are hearts 7")


def test_the_phones_address_and_its_qr_code_are_printed():
    output, _ = _rundrive("--organiser", "olive", "--port", "8123")
    assert "Phones (same Wi-Fi):     http://192.168.1.23:8123/" in output
    assert "\u2580" in output or "\u2584" in output


def test_demo_fills_an_empty_database_with_a_club_its_season_and_three_evenings():
    _rundrive("--organiser", "olive", "--demo")
    club = Club.objects.get(name=DEMO_CLUB_NAME)
    assert club.members.filter(role="lady").count() == 16
    assert club.members.filter(role="gent").count() == 16
    names = set(club.members.values_list("name", flat=True))
    assert {"Zoë Hargreaves", "Siobhán O'Brien", "Łukasz Nowak"} <= names
    # The organiser runs the demo club rather than an empty club of their own.
    assert ClubAccess.objects.get(user__username="olive").club == club
    assert Club.objects.count() == 1
    season = club.seasons.get()
    assert season.starts <= timezone.localdate() <= season.ends
    # A finished drive, a game night and tonight's drive stopped at the interval, all in the season.
    events = {e.name: e for e in club.events.all()}
    assert events["Autumn progressive drive"].status == "finished"
    assert events["Rubbers night"].kind == "games" and events["Rubbers night"].status == "finished"
    assert events["Tonight's drive"].status == "interval"
    assert events["Tonight's drive"].current_hand == 13
    assert all(e.season == season for e in events.values())


def test_demo_without_a_terminal_makes_the_demo_club_and_says_how_to_log_in_to_it(monkeypatch):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    with pytest.raises(CommandError) as refused:
        _rundrive("--demo")
    said = str(refused.value)
    assert f"{DEMO_CLUB_NAME} is ready" in said
    assert "whistdrive rundrive --organiser NAME" in said and f"NAME runs {DEMO_CLUB_NAME}" in said
    assert Club.objects.get().name == DEMO_CLUB_NAME
    # Following the advice gives the demo club its organiser, and no second, empty club.
    output, _ = _rundrive("--organiser", "olive")
    assert Club.objects.count() == 1
    assert ClubAccess.objects.get(user__username="olive").club.name == DEMO_CLUB_NAME
    assert f"Made the organiser account 'olive' for {DEMO_CLUB_NAME}" in output


def test_on_a_terminal_the_first_run_says_to_wait_for_its_questions_and_drops_what_was_typed_ahead(monkeypatch):
    dropped = []
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(rundrive, "_discard_typed_ahead", lambda: dropped.append(True))
    monkeypatch.setattr("builtins.input", lambda prompt: "olive")
    monkeypatch.setattr(rundrive.getpass, "getpass", lambda prompt: "Trumps are hearts 7")
    output, _ = _rundrive()
    assert output.index("Please wait for them") < output.index("Preparing the database")
    assert dropped == [True]
    assert User.objects.filter(username="olive").exists()


def test_demo_adds_nothing_to_a_database_that_has_clubs():
    Club.objects.create(name="Over Wallop Whist Club")
    output, _ = _rundrive("--organiser", "bea", "--demo")
    assert not Club.objects.filter(name=DEMO_CLUB_NAME).exists()
    assert not Member.objects.exists()
    assert "--demo added nothing" in output


@pytest.mark.parametrize(
    "today, starts, ends",
    [("2026-09-01", "2026-09-01", "2027-08-31"), ("2027-08-31", "2026-09-01", "2027-08-31")],
)
def test_a_club_season_runs_from_september_to_august(today, starts, ends):
    day = datetime.date.fromisoformat
    assert season_dates(day(today)) == (day(starts), day(ends))
