"""A phone loses Wi-Fi after submitting: it never saw the answer, so it sends the same POST again,
perhaps after the table (or the whole evening) has moved on. One result, and never an error page."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.factories import seated_phone, started_event, table_of
from whistdrive.store.models import Result, Submission

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def _errors(response) -> list[str]:
    shown = [str(m) for m in get_messages(response.wsgi_request) if m.level_tag == "error"]
    if response.status_code == 200 and 'class="notice error"' in response.content.decode():
        shown.append("notice in the fragment")
    return shown


def _claims(table, hand):
    return Submission.objects.filter(table=table, hand=hand, action="enter").exclude(outcome__startswith="refused")


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain browser", "htmx"])
def test_the_same_entry_and_agreement_sent_twice_make_one_result_and_no_error(headers):
    event = started_event()
    table = table_of(event)
    north, east = seated_phone(table, "N"), seated_phone(table, "E")
    enter = (reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 8})
    agree = (reverse("table_agree", args=[table.token]), {"hand": 1, "seat": "E", "tricks_ns": 8})
    for _ in range(3):
        response = north.post(*enter, headers=headers)
        assert response.status_code in (200, 302) and _errors(response) == []
    assert {c.outcome for c in _claims(table, 1)} == {"pending"}
    assert not Result.objects.exists()
    for _ in range(3):
        response = east.post(*agree, headers=headers)
        assert response.status_code in (200, 302) and _errors(response) == []
    # North's phone wakes and sends its entry once more, after the agreement.
    response = north.post(*enter, headers=headers)
    assert response.status_code in (200, 302) and _errors(response) == []
    assert list(Result.objects.values_list("table", "hand", "tricks_ns", "tricks_ew")) == [(table.pk, 1, 8, 5)]


def test_a_post_replayed_after_the_evening_moved_on_changes_nothing_and_shows_the_new_hand():
    event = started_event()
    tables = list(event.tables.order_by("number"))
    phones = {t.number: (seated_phone(t, "N"), seated_phone(t, "E")) for t in tables}
    for t in tables:
        north, east = phones[t.number]
        north.post(reverse("table_enter", args=[t.token]), {"hand": 1, "tricks": 7})
        east.post(reverse("table_agree", args=[t.token]), {"hand": 1, "seat": "E", "tricks_ns": 7})
    event.refresh_from_db()
    assert event.current_hand == 2
    one = tables[0]
    before = list(Result.objects.order_by("pk").values_list("table", "hand", "tricks_ns"))
    north, east = phones[1]
    late_agree = east.post(reverse("table_agree", args=[one.token]), {"hand": 1, "seat": "E", "tricks_ns": 7},
                           follow=True)  # fmt: skip
    late_enter = north.post(reverse("table_enter", args=[one.token]), {"hand": 1, "tricks": 7}, headers=HX)
    for response in (late_agree, late_enter):
        # Not an error page: the table's own page, now on hand 2, saying the replayed result is the
        # one that counts (not that nothing was entered).
        assert response.status_code == 200
        page = response.content.decode()
        assert "Agreed: North–South 7, East–West 6 (hand 1)." in page and 'Hand <b class="big">2</b>' in page
        assert "Nothing was entered" not in page
    assert list(Result.objects.order_by("pk").values_list("table", "hand", "tricks_ns")) == before
    assert not _claims(one, 2).exists()
