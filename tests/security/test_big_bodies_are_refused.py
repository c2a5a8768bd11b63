"""A request body bigger than any real upload is refused with 413 before it is read, whatever server
runs WhistDrive (rundrive's own limit is tested on the real server: tests/foundation/
test_rundrive_holds_off_a_hostile_guest.py)."""

import html

from django.conf import settings
from django.test import Client
from django.urls import reverse

from clubs import csv_members
from whistdrive.web.views.archive import LARGEST_FILE


def test_the_limit_fits_the_largest_real_uploads():
    assert settings.MAX_REQUEST_BYTES > LARGEST_FILE > csv_members.MAX_BYTES
    assert settings.MAX_REQUEST_BYTES < 2 * LARGEST_FILE


def test_a_body_over_the_limit_is_refused_before_django_reads_it(running):
    response = Client().post(
        reverse("table_enter", args=[running["table"].token]),
        b"x" * 10,
        content_type="application/octet-stream",
        CONTENT_LENGTH=str(1_000_000_000),
    )
    assert response.status_code == 413
    assert "That upload is too big for WhistDrive." in html.unescape(response.content.decode())
    assert not running["table"].submissions.exists()
