"""The club chooses how long published results stay provisional; while they do, the evening's page and the email
say "provisional until <date>", a correction says "corrected", and after the period neither says provisional."""

import datetime
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import give_access, make_club, make_member, make_user, two_table_evening
from tests.result_emails.conftest import html_of, text_of
from whistdrive.store.models import Entrant, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client):
    club = make_club()
    olive = make_user("olive")
    give_access(olive, club)
    client.force_login(olive)
    return club


def _drive(club):
    event = two_table_evening(club)
    member = make_member(club, "Ann", email="ann@example.org", results_by_email=True)
    Entrant.objects.filter(event=event, name="Ann").update(member=member)
    return event


def test_the_organiser_sets_the_provisional_days_on_the_clubs_page(client, organiser):
    page = client.get(reverse("club_running", args=[organiser.pk])).content.decode()
    assert "Results stay provisional for (days)" in unescape(page) and "count for grades and the seasons" in page
    response = client.post(reverse("club_results_online", args=[organiser.pk]), {"provisional_days": "7"}, follow=True)
    assert "Published results now stay provisional for 7 days." in response.content.decode()
    organiser.refresh_from_db()
    assert organiser.provisional_days == 7
    refused = client.post(reverse("club_results_online", args=[organiser.pk]), {"provisional_days": "400"})
    assert refused.status_code == 400
    assert "at most 365 days, not 400" in refused.content.decode()
    refused = client.post(reverse("club_results_online", args=[organiser.pk]), {"provisional_days": "-1"})
    assert refused.status_code == 400
    organiser.refresh_from_db()
    assert organiser.provisional_days == 7


def test_while_provisional_the_page_and_the_email_say_until_when(client, organiser, smtp_server, publish):
    organiser.provisional_days = 7
    organiser.save()
    event = publish(_drive(organiser))
    until = timezone.localtime(event.published_at + datetime.timedelta(days=7))
    said = f"provisional until {until:%-d %B %Y}"
    page = unescape(client.get(reverse("event", args=[event.pk])).content.decode())
    assert said in page and "Emails: 1 sent." in page and "corrected" not in page
    [message] = smtp_server.to("ann@example.org")
    assert f"These results are {said}: the club may still correct them." in text_of(message)
    assert said in html_of(message).replace("<b>", "").replace("</b>", "")


def test_a_correction_shows_as_corrected(client, organiser, smtp_server, publish):
    event = publish(_drive(organiser))
    event = publish(event, replaced=True)
    page = unescape(client.get(reverse("event", args=[event.pk])).content.decode())
    assert f"corrected</b> {timezone.localtime(event.corrected_at):%-d %B %Y, %H:%M}" in page


def test_after_the_period_the_results_are_no_longer_provisional(client, organiser, smtp_server, publish):
    organiser.provisional_days = 3
    organiser.save()
    event = publish(_drive(organiser))
    Event.objects.filter(pk=event.pk).update(published_at=timezone.now() - datetime.timedelta(days=3, minutes=1))
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "Results online since" in page and "provisional until" not in page


def test_a_club_that_counts_results_at_once_never_says_provisional(client, organiser, smtp_server, publish):
    event = publish(_drive(organiser))
    assert "provisional" not in client.get(reverse("event", args=[event.pk])).content.decode()
    assert "provisional" not in text_of(smtp_server.to("ann@example.org")[0])
