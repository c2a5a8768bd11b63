"""Olive forgot her password: where the site sends email, a link comes by a real SMTP server (started here) and
sets a new one; where it does not, the login page says to ask the site's administrator (changepassword)."""

import email
import os
import re
import socket
import subprocess
import sys
from html import unescape

import pytest
from aiosmtpd.controller import Controller
from django.urls import reverse

from tests.factories import make_user

pytestmark = pytest.mark.django_db


class Inbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name for the hook
        self.messages.append((envelope.rcpt_tos, email.message_from_bytes(envelope.content)))
        return "250 OK"


@pytest.fixture
def smtp_server(settings):
    inbox = Inbox()
    with socket.socket() as probe:  # a free port (aiosmtpd's controller cannot be given 0)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        # As WHISTDRIVE_EMAIL_HOST and its fellows set them (whistdrive/settings.py), at the server started here.
        settings.EMAIL_CONFIGURED = True
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        settings.EMAIL_USE_TLS = False
        settings.DEFAULT_FROM_EMAIL = "whist@example.org"
        yield inbox
    finally:
        controller.stop()


@pytest.mark.slow
def test_a_link_by_email_sets_a_new_password(client, smtp_server):
    make_user("olive").__class__.objects.filter(username="olive").update(email="olive@example.org")
    assert "Forgotten your password?" in client.get(reverse("login")).content.decode()
    response = client.post(reverse("password_reset"), {"email": "olive@example.org"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    [(to, message)] = smtp_server.messages
    assert to == ["olive@example.org"] and message["From"] == "whist@example.org"
    link = re.search(r"http://testserver(/password/reset/\S+/)", message.get_payload()).group(1)
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    response = client.post(
        form.redirect_chain[-1][0], {"new_password1": "a new long phrase", "new_password2": "a new long phrase"}
    )
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_complete")
    assert client.post(reverse("login"), {"username": "olive", "password": "a new long phrase"}).status_code == 302
    # Used once: the same link again says so.
    assert "This link does not work any more" in client.get(link, follow=True).content.decode()


@pytest.mark.slow
def test_an_unknown_address_sends_nothing_and_says_no_more_than_for_a_known_one(client, smtp_server):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response.status_code == 302 and smtp_server.messages == []


def test_without_email_the_login_page_says_to_ask_the_site_administrator(client, settings):
    settings.EMAIL_CONFIGURED = False
    login = unescape(client.get(reverse("login")).content.decode())
    assert "Ask the site's administrator" in login and "whistdrive changepassword" in login
    page = unescape(client.get(reverse("password_reset")).content.decode())
    assert "does not send email" in page and "whistdrive changepassword" in page


@pytest.mark.slow
def test_the_email_settings_come_from_the_environment():
    env = {**os.environ, "WHISTDRIVE_EMAIL_HOST": "smtp.example.org", "WHISTDRIVE_EMAIL_PORT": "2525",
           "WHISTDRIVE_EMAIL_USER": "club", "WHISTDRIVE_EMAIL_PASSWORD": "s3cret", "WHISTDRIVE_EMAIL_FROM": "w@example.org",
           "WHISTDRIVE_EMAIL_TLS": "0", "DJANGO_SETTINGS_MODULE": "whistdrive.settings"}  # fmt: skip
    code = (
        "from django.conf import settings as s; print(s.EMAIL_CONFIGURED, s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT,"
        " s.EMAIL_HOST_USER, s.EMAIL_HOST_PASSWORD, s.EMAIL_USE_TLS, s.DEFAULT_FROM_EMAIL)"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "django.core.mail.backends.smtp.EmailBackend", "smtp.example.org", "2525", "club",
                           "s3cret", "False", "w@example.org"]  # fmt: skip
