"""A table page revalidated by the browser (304) never gives back a page whose form token the phone's
cookie no longer matches: after its cookies were cleared (or expired), every tap from such a page
was refused, and the error page's advice to reload did not help."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import started_event, table_of

pytestmark = pytest.mark.django_db


def test_a_page_cached_under_other_cookies_is_drawn_again():
    table = table_of(started_event(ladies=4, gents=4))
    url = reverse("table", args=[table.token])
    phone = Client(enforce_csrf_checks=True)
    first = phone.get(url)
    etag = first["ETag"]
    # Unchanged, with the same cookies: a 304 costs the phone nothing.
    assert phone.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # Its cookies are gone: the page is drawn afresh, with a token that posts.
    phone.cookies.clear()
    again = phone.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    token = again.content.decode().split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    assert (
        phone.post(reverse("table_seat", args=[table.token]), {"seat": "N", "csrfmiddlewaretoken": token}).status_code
        == 302
    )
