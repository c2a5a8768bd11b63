"""The hosted site publishes Tuesday's drive: each member who played it, gave an email and agreed gets one email,
their own card and the evening's results, plain text and HTML, with a link to their page; nobody else gets one."""

from html import unescape

import pytest

from tests.factories import make_club, make_member, two_table_evening
from tests.result_emails.conftest import SITE, html_of, subject_of, text_of
from whistdrive.store.models import Entrant, ResultEmail

pytestmark = pytest.mark.django_db


def _members(event, **choices):
    """Make the named entrants members of the club, each with the fields given: {"Ann": {...}, ...}."""
    made = {}
    for name, fields in choices.items():
        member = make_member(event.club, name, **fields)
        Entrant.objects.filter(event=event, name=name).update(member=member)
        made[name] = member
    return made


@pytest.fixture
def drive():
    event = two_table_evening(make_club())
    members = _members(
        event,
        Ann={"email": "ann@example.org", "results_by_email": True},
        Eve={
            "email": "eve@example.org",
            "results_by_email": True,
            "online": "hidden",
        },  # hidden online, told all the same
        Cat={"email": "cat@example.org", "results_by_email": False},  # did not agree
        Bet={"results_by_email": True},  # agreed, gave no email
        Dot={"email": "dot@example.org", "results_by_email": True, "is_guest": True},  # a guest: never
        Hal={"email": "hal@example.org", "results_by_email": True, "online": "initials"},
    )
    return event, members


def test_only_the_members_who_gave_an_email_and_agreed_are_emailed(smtp_server, publish, drive):
    event, _ = drive
    publish(event)
    assert smtp_server.recipients == ["ann@example.org", "eve@example.org", "hal@example.org"]
    assert all(message["From"] == "whist@example.org" for _, message in smtp_server.messages)
    assert ResultEmail.objects.filter(event_public_id=event.public_id, status="sent").count() == 3


def test_the_email_is_the_players_own_card_and_the_evenings_results(smtp_server, publish, drive):
    event, members = drive
    publish(event)
    [message] = smtp_server.to("ann@example.org")
    assert subject_of(message) == "Nether Wallop Whist Club: your results from Tuesday drive, 1 December 2026"
    text = text_of(message)
    # Ann's card (tests/factories.py, two_table_evening, worked by hand): 8, sat out (her average, 7), 5: 20, =4th.
    assert "Place: joint 4 of 9. Total: 20" in text
    assert "Prize: Ladies' 3rd" in text
    card = text.split("YOUR CARD")[1].split("THE EVENING'S RESULTS")[0]
    # Each hand: trumps, table (or out), tricks, running total, partner (whom she sat with: by name).
    rows = [line.split() for line in card.splitlines() if line[:4].strip().isdigit()]
    assert rows == [["1", "Hearts", "1", "8", "8", "Fred"], ["2", "Diamonds", "out", "7", "15"],
                    ["3", "Spades", "1", "5", "20", "Fred"]]  # fmt: skip
    # The evening's results as online: Eve first, but hidden; Hal by his initials as he chose; Fred and Dot, guests,
    # by their initials; Cat (a member who did not agree to emails) by name, as she shows online.
    results = text.split("THE EVENING'S RESULTS")[1]
    assert "   1  A player: 23" in results
    assert "  =2  Cat: 22" in results and "  =2  H.: 22" in results and "  =4  F.: 20" in results
    assert "Eve" not in results and "Hal" not in results and "Fred" not in results
    assert "Ladies' 1st: A player (23)" in results and "Booby (ladies): Bet, D. (17), tied: to be settled" in results
    link = f"{SITE}/results/{event.club.public_id}/players/{members['Ann'].public_id}/"
    assert link in text
    html = unescape(html_of(message))
    assert f'href="{link}"' in html and "Place: <b>joint 4 of 9</b>" in html and "<td>Fred</td>" in html
    # Nobody's email address or token is in it.
    assert "@" not in text.replace("whist@example.org", "")
    assert not any(entrant.token in text for entrant in event.entrants.all())


def test_a_prize_winner_is_told_their_prize_and_a_hidden_member_sees_their_own_name(smtp_server, publish, drive):
    event, _ = drive
    publish(event)
    [message] = smtp_server.to("eve@example.org")
    text = text_of(message)
    assert text.startswith("Dear Eve,")
    assert "Place: 1 of 9. Total: 23" in text and "Prize: Ladies' 1st" in text


def test_without_the_sites_address_the_email_has_no_link(smtp_server, publish, drive, settings):
    settings.WHISTDRIVE_SITE_URL = ""
    event, _ = drive
    publish(event)
    [message] = smtp_server.to("ann@example.org")
    assert "/results/" not in text_of(message) and "href" not in html_of(message)


def test_a_site_without_email_sends_nothing_and_keeps_no_row(publish, drive, settings):
    settings.EMAIL_CONFIGURED = False
    event, _ = drive
    publish(event)
    assert not ResultEmail.objects.exists()


def test_a_laptop_with_email_set_up_emails_nobody(smtp_server, publish, drive, settings):
    settings.HOSTED = False
    event, _ = drive
    publish(event)
    assert smtp_server.messages == [] and not ResultEmail.objects.exists()
