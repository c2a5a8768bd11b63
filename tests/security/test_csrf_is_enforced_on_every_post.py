"""Every POST endpoint refuses a form without the CSRF token: organiser pages, phones and the login."""

from django.test import Client
from django.urls import reverse

from tests.security.conftest import organiser_urls
from tests.security.snapshot import changed, snapshot


def _phone_urls(table) -> dict[str, str]:
    return {name: reverse(name, args=[table.token])
            for name in ("table_seat", "table_forget_seat", "table_enter", "table_agree", "table_call")}  # fmt: skip


def test_an_organiser_post_without_the_csrf_token_is_refused_and_changes_nothing(cast, running):
    before = snapshot()
    olive = Client(enforce_csrf_checks=True)
    olive.force_login(cast["olive"])
    for name, url in organiser_urls(cast, running).items():
        response = olive.post(url, {"name": "Forged", "expected_hand": 1, "auto_advance": "on"})
        assert response.status_code == 403, (name, response.status_code)
    assert changed(before, snapshot()) == []


def test_a_phone_post_without_the_csrf_token_is_refused_and_changes_nothing(running):
    before = snapshot()
    phone = Client(enforce_csrf_checks=True)
    phone.get(reverse("table", args=[running["table"].token]))  # the phone has its cookie, not the form's token
    for name, url in _phone_urls(running["table"]).items():
        response = phone.post(url, {"seat": "N", "hand": 1, "tricks": 7, "reason": "misdeal"})
        assert response.status_code == 403, (name, response.status_code)
    assert changed(before, snapshot()) == []


def test_the_same_posts_with_the_token_are_taken(cast, running):
    # So the refusals above come from the missing token, not from anything else in the request.
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(reverse("table", args=[running["table"].token]))
    token = page.cookies["csrftoken"].value
    seat = phone.post(reverse("table_seat", args=[running["table"].token]), {"seat": "N", "csrfmiddlewaretoken": token})
    assert seat.status_code == 302
    entered = phone.post(
        reverse("table_enter", args=[running["table"].token]), {"hand": 1, "tricks": 7, "csrfmiddlewaretoken": token}
    )
    assert entered.status_code == 302
    assert running["table"].submissions.filter(outcome="pending").count() == 1


def test_logging_in_needs_the_csrf_token(cast):
    browser = Client(enforce_csrf_checks=True)
    response = browser.post(reverse("login"), {"username": "olive", "password": "correct horse battery"})
    assert response.status_code == 403
    assert "_auth_user_id" not in browser.session
