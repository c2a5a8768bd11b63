"""A real SMTP server for the result emails (aiosmtpd, started by the test), and publishing emulated as the hosted
site does it: published_at set, and the `published` signal sent once the transaction has committed."""

import email
import email.policy
import socket

import pytest
from aiosmtpd.controller import Controller
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from whistdrive.evening.published import published
from whistdrive.store.models import Event

SITE = "https://results.example.org"


class Inbox:
    """What the server received: (recipients, message) in order. Addresses in ``refuse`` are refused at RCPT."""

    def __init__(self):
        self.messages = []
        self.refuse: set[str] = set()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802 - aiosmtpd's name
        if address in self.refuse:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name for the hook
        self.messages.append(
            (envelope.rcpt_tos, email.message_from_bytes(envelope.content, policy=email.policy.default))
        )
        return "250 OK"

    def to(self, address: str) -> list:
        return [message for rcpt, message in self.messages if rcpt == [address]]

    @property
    def recipients(self) -> list[str]:
        return sorted(address for rcpt, _ in self.messages for address in rcpt)


def free_port() -> int:
    with socket.socket() as probe:  # aiosmtpd's controller cannot be given 0
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def email_settings(settings, port: int) -> None:
    """As WHISTDRIVE_EMAIL_HOST and its fellows set them (whistdrive/settings.py), at the server on ``port``."""
    settings.EMAIL_CONFIGURED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_TIMEOUT = 20
    settings.DEFAULT_FROM_EMAIL = "whist@example.org"
    settings.WHISTDRIVE_SITE_URL = SITE
    settings.HOSTED = True  # only the hosted site emails players
    # The emails go before the publish returns, so that the test reads them at once (the background thread, as
    # shipped, in test_emails_go_after_the_publish_is_answered.py).
    settings.RESULT_EMAILS_IN_BACKGROUND = False


@pytest.fixture
def smtp_server(settings):
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    inbox.controller = controller
    try:
        email_settings(settings, port)
        yield inbox
    finally:
        controller.stop()


@pytest.fixture
def publish(django_capture_on_commit_callbacks):
    """Publish ``event`` as the hosted site does (whistdrive/evening/published.py); ``replaced`` for a correction."""

    def publish(event: Event, *, replaced: bool = False) -> Event:
        now = timezone.now()
        with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
            Event.objects.filter(pk=event.pk).update(
                published_at=now, corrected_at=now if replaced else F("corrected_at")
            )
            event.refresh_from_db()
            transaction.on_commit(lambda: published.send(sender=event, replaced=replaced))
        return event

    return publish


def subject_of(message) -> str:
    """The subject as a mail client reads it (RFC 2047 words decoded; the parser's modern policy keeps the space
    that folds a long encoded subject onto its next line, which no client shows)."""
    return message["Subject"].strip()


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def html_of(message) -> str:
    return message.get_body(("html",)).get_content()
