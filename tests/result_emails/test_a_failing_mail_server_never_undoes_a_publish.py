"""The mail server refuses an address, or is down: the evening stays published, the evening's page says how many
emails failed, and `whistdrive send_result_emails` sends them once the server takes them, never twice."""

from datetime import timedelta

import pytest
from aiosmtpd.controller import Controller
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from tests.factories import give_access, make_club, make_member, make_user, two_table_evening
from tests.result_emails.conftest import Inbox, email_settings, free_port
from whistdrive.store.models import Entrant, Event, ResultEmail

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive():
    event = two_table_evening(make_club())
    for name in ("Ann", "Bet", "Cat"):
        member = make_member(event.club, name, email=f"{name.lower()}@example.org", results_by_email=True)
        Entrant.objects.filter(event=event, name=name).update(member=member)
    return event


def _retry(*args) -> str:
    from io import StringIO

    out = StringIO()
    try:
        call_command("send_result_emails", *args, stdout=out)
    except CommandError as exc:
        return out.getvalue() + f"CommandError: {exc}"
    return out.getvalue()


def test_a_refused_address_is_counted_and_sent_again_by_the_command(smtp_server, publish, drive, client):
    smtp_server.refuse = {"bet@example.org"}
    publish(drive)
    assert smtp_server.recipients == ["ann@example.org", "cat@example.org"]
    assert Event.objects.get(pk=drive.pk).published_at is not None
    [failed] = ResultEmail.objects.filter(status="failed")
    assert failed.member.name == "Bet" and failed.error == "550 5.1.1 No such mailbox here"  # and not her address
    olive = make_user("olive")
    give_access(olive, drive.club)
    client.force_login(olive)
    page = client.get(reverse("event", args=[drive.pk])).content.decode()
    assert "Emails: 2 sent, 1 failed" in page and "whistdrive send_result_emails" in page
    # Still refused: the command says so and fails, so that cron mails the administrator.
    assert "2 sent, 1 failed" in _retry() and "1 email still failed" in _retry()
    smtp_server.refuse = set()
    assert f"Event {drive.pk} (Tuesday drive): 3 sent, 0 failed." in _retry()
    assert smtp_server.recipients == ["ann@example.org", "bet@example.org", "cat@example.org"]
    assert _retry(str(drive.pk)).strip() == f"Event {drive.pk} (Tuesday drive): 3 sent, 0 failed."
    assert len(smtp_server.messages) == 3
    assert "Emails: 3 sent" in client.get(reverse("event", args=[drive.pk])).content.decode()


def test_a_mail_server_that_is_down_fails_every_email_and_the_command_sends_them_later(settings, publish, drive):
    port = free_port()
    email_settings(settings, port)  # nothing listens there yet
    publish(drive)
    assert Event.objects.get(pk=drive.pk).published_at is not None
    assert sorted(ResultEmail.objects.values_list("status", flat=True)) == ["failed"] * 3
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        assert "3 sent, 0 failed" in _retry()
    finally:
        controller.stop()
    assert inbox.recipients == ["ann@example.org", "bet@example.org", "cat@example.org"]


def test_the_command_refuses_clearly(settings, drive):
    settings.HOSTED = False
    assert "Only the hosted site emails players their results" in _retry()
    settings.HOSTED, settings.EMAIL_CONFIGURED = True, False
    assert "This site sends no email: set WHISTDRIVE_EMAIL_HOST" in _retry()
    settings.EMAIL_CONFIGURED = True
    assert f"Event {drive.pk} is not published." in _retry(str(drive.pk))
    assert "There is no event 999999." in _retry("999999")
    assert "--days must be 1 or more, not 0." in _retry("--days", "0")


def test_an_email_left_sending_by_a_stopped_process_is_taken_up_after_a_quarter_hour(smtp_server, publish, drive):
    smtp_server.refuse = {"ann@example.org", "bet@example.org", "cat@example.org"}
    publish(drive)
    now = timezone.now()
    # Ann's sender stopped a minute ago, Bet's twenty minutes ago (a restart mid-way); Cat no longer agrees.
    ResultEmail.objects.filter(member__name="Ann").update(status="sending", claimed=now - timedelta(minutes=1))
    ResultEmail.objects.filter(member__name="Bet").update(status="sending", claimed=now - timedelta(minutes=20))
    drive.club.members.filter(name="Cat").update(results_by_email=False)
    smtp_server.refuse = set()
    assert "1 sent, 0 failed" in _retry()  # Cat's failed email is forgotten: nothing is to be sent to her
    assert smtp_server.recipients == ["bet@example.org"]
    assert dict(ResultEmail.objects.values_list("member__name", "status")) == {"Ann": "sending", "Bet": "sent"}


def test_publishing_again_sends_what_failed_and_nothing_twice(smtp_server, publish, drive):
    smtp_server.refuse = {"bet@example.org"}
    publish(drive)
    smtp_server.refuse = set()
    publish(drive, replaced=True)
    assert smtp_server.recipients == ["ann@example.org", "bet@example.org", "cat@example.org"]
    assert sorted(ResultEmail.objects.values_list("status", "attempts")) == [("sent", 1), ("sent", 1), ("sent", 2)]
