"""As shipped, the players are emailed in a thread of their own once the publish has committed: the publish returns
without waiting on the mail server, and the emails arrive after it."""

import asyncio
import threading

import pytest
from aiosmtpd.controller import Controller
from django.db import transaction
from django.utils import timezone

from tests.factories import make_club, make_member, two_table_evening
from tests.result_emails.conftest import email_settings, free_port
from tests.waiting import wait_for
from whistdrive.evening.published import published
from whistdrive.store.models import Entrant, Event, ResultEmail

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


class HeldInbox:
    """A mail server that holds every email until the test lets it go."""

    def __init__(self):
        self.messages = []
        self.release = threading.Event()
        self.holding = threading.Event()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name for the hook
        self.holding.set()
        await asyncio.get_running_loop().run_in_executor(None, self.release.wait, 60)
        self.messages.append(envelope.rcpt_tos)
        return "250 OK"


def test_the_publish_returns_before_the_emails_are_sent(settings):
    inbox, port = HeldInbox(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        email_settings(settings, port)
        settings.RESULT_EMAILS_IN_BACKGROUND = True  # as shipped
        event = two_table_evening(make_club())
        for name in ("Ann", "Cat"):
            member = make_member(event.club, name, email=f"{name.lower()}@example.org", results_by_email=True)
            Entrant.objects.filter(event=event, name=name).update(member=member)
        with transaction.atomic():
            Event.objects.filter(pk=event.pk).update(published_at=timezone.now())
            transaction.on_commit(lambda: published.send(sender=event, replaced=False))
        # The publish is over while the server still holds the first email (sent before it returned, it would have
        # waited for the server's timeout and failed both: the wait below would not see them sent).
        # The test reads the database only while the emails' thread waits on the server or has ended: an in-memory
        # SQLite test database refuses a reader and a writer at the same moment, where a file (the laptop's) waits.
        assert inbox.holding.wait(30), "the first email never reached the mail server"
        assert inbox.messages == [] and Event.objects.get(pk=event.pk).published_at is not None
        inbox.release.set()
        wait_for(lambda: len(inbox.messages) == 2, timeout=30, what="both emails at the mail server")
        for thread in threading.enumerate():
            if thread.name == f"result-emails-{event.pk}":
                thread.join(30)
        assert ResultEmail.objects.filter(status="sent").count() == 2
        assert sorted(to for [to] in inbox.messages) == ["ann@example.org", "cat@example.org"]
    finally:
        controller.stop()
