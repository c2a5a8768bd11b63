"""The table page: small, offline, cheap to poll, one table per token, CSRF, tokens kept out of logs."""

import logging
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from tests.factories import started_event, table_of
from whistdrive.evening import entry
from whistdrive.server.logging import HideTokens
from whistdrive.store.models import Flag, Submission

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def event():
    event = started_event()
    event.auto_advance = False
    event.save()
    return event


def _url(table, name="table"):
    return reverse(name, args=[table.token])


def test_the_page_with_its_css_and_scripts_stays_small_and_asks_no_other_host(client, event, settings):
    settings.DEBUG = False
    table = table_of(event)
    client.post(_url(table, "table_seat"), {"seat": "N"})
    html = client.get(_url(table)).content.decode()
    total = len(html.encode())
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', html):
        total += Path(finders.find(asset.removeprefix(settings.STATIC_URL).lstrip("/"))).stat().st_size
    assert "htmx" in html and "keypad" in html
    # 100 KB until #44 (attack 2): the page now checks a found laptop's proof itself (hmac.js, 2.5 KB) and
    # looks for it in rounds, likely addresses first (kept.js, 4 KB more). Served compressed, far less.
    # 106 KB until #50: the site's one stylesheet also carries the door's, the money's and the draws' rules (1.2 KB).
    assert total < 107_000
    assert not re.findall(r"https?://", html)


def test_an_unchanged_poll_costs_a_204_for_htmx_and_a_304_for_a_revalidating_browser(client, event):
    table = table_of(event)
    page = client.get(_url(table))
    version = re.search(r"\?v=([0-9a-f]+)", page.content.decode()).group(1)
    assert client.get(_url(table) + f"?v={version}", headers=HX).status_code == 204
    again = client.get(_url(table), headers={"If-None-Match": page["ETag"]})
    assert again.status_code == 304


def test_a_change_at_the_table_makes_the_next_poll_return_the_new_fragment(client, event):
    table = table_of(event)
    version = re.search(r"\?v=([0-9a-f]+)", client.get(_url(table)).content.decode()).group(1)
    etag = client.get(_url(table))["ETag"]
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    poll = client.get(_url(table) + f"?v={version}", headers=HX)
    assert poll.status_code == 200
    assert "North–South say 8–5" in poll.content.decode() or "Choose your seat" in poll.content.decode()
    assert "<html" not in poll.content.decode()
    assert client.get(_url(table), headers={"If-None-Match": etag}).status_code == 200


def test_a_phone_remembers_its_seat_and_enters_with_one_tap(client, event):
    table = table_of(event)
    assert "Which seat are you?" in client.get(_url(table)).content.decode()
    client.post(_url(table, "table_seat"), {"seat": "E"})
    page = client.get(_url(table)).content.decode()
    assert "Which seat are you?" not in page and "we took 7, they took 6" in page
    response = client.post(_url(table, "table_enter"), {"hand": 1, "tricks": 6})
    assert response.status_code == 302  # post-redirect-get: a reload never resubmits
    assert entry.table_state(table, 1).claims["EW"].entry.tricks_ew == 6


def test_the_other_side_sees_the_claim_and_agrees_with_one_button(client, event):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    client.post(_url(table, "table_seat"), {"seat": "W"})
    assert "North–South say 8–5. Agree?" in client.get(_url(table)).content.decode()
    response = client.post(_url(table, "table_agree"), {"hand": 1, "seat": "W", "tricks_ns": 8}, headers=HX)
    assert "Agreed: North–South 8, East–West 5" in response.content.decode()


def test_a_refusal_is_shown_in_the_fragment_not_as_an_error_page(client, event):
    table = table_of(event)
    client.post(_url(table, "table_seat"), {"seat": "N"})
    response = client.post(_url(table, "table_enter"), {"hand": 1, "tricks": 14}, headers=HX)
    assert response.status_code == 200
    assert "14 is not a number of tricks: a side takes from 0 to 13" in response.content.decode()


def test_a_table_token_cannot_touch_another_table(client, event):
    one, two = table_of(event, 1), table_of(event, 2)
    client.post(_url(one, "table_seat"), {"seat": "N"})
    client.post(_url(two, "table_enter"), {"hand": 1, "tricks": 8})
    assert entry.table_state(one, 1).status == "waiting"
    assert entry.table_state(two, 1).status == "waiting"
    assert client.post(reverse("table_enter", args=["not-a-token"]), {"hand": 1, "tricks": 8}).status_code == 404


def test_every_form_needs_the_csrf_token(event):
    table = table_of(event)
    phone = Client(enforce_csrf_checks=True)
    phone.get(_url(table))
    assert phone.post(_url(table, "table_seat"), {"seat": "N"}).status_code == 403
    page = phone.get(_url(table)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert phone.post(_url(table, "table_seat"), {"seat": "N", "csrfmiddlewaretoken": token}).status_code == 302


def test_htmx_posts_with_the_pages_token_as_a_header_and_its_fragments_carry_none(event):
    table = table_of(event)
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(_url(table)).content.decode()
    header = re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', page).group(1)
    htmx = {"HX-Request": "true"}
    assert phone.post(_url(table, "table_seat"), {"seat": "N"}, headers=htmx).status_code == 403
    answer = phone.post(_url(table, "table_seat"), {"seat": "N"}, headers={**htmx, "X-CSRFToken": header})
    assert answer.status_code == 200 and "You are North" in answer.content.decode()
    assert "csrfmiddlewaretoken" not in answer.content.decode()
    entered = phone.post(_url(table, "table_enter"), {"hand": 1, "tricks": 8}, headers={**htmx, "X-CSRFToken": header})
    assert "You said North–South 8, East–West 5" in entered.content.decode()


def test_calling_the_organiser_raises_one_flag_however_often_tapped(client, event):
    table = table_of(event)
    for _ in range(2):
        client.post(_url(table, "table_call"), {"hand": 1, "reason": "misdeal"})
    assert Flag.objects.get().reason == "Misdeal"
    assert "The organiser has been called" in client.get(_url(table)).content.decode()


def test_a_finished_evening_shows_the_final_message(client, event):
    event.status = "finished"
    event.save()
    page = client.get(_url(table_of(event))).content.decode()
    assert "The evening is over" in page and "keypad" not in page


def test_a_phone_that_knows_its_seat_links_to_its_players_card_when_the_evening_is_over(client, event):
    table = table_of(event)
    client.post(_url(table, "table_seat"), {"seat": "N"})
    event.status = "finished"
    event.save()
    page = client.get(_url(table)).content.decode()
    north = event.seatings.get(hand=1, table=table, seat="N").entrant
    assert f'href="{north.get_absolute_url()}"' in page


def test_the_submission_log_keeps_the_phones_address_and_a_session_hash(client, event):
    table = table_of(event)
    client.post(_url(table, "table_seat"), {"seat": "N"})
    client.post(_url(table, "table_enter"), {"hand": 1, "tricks": 8}, REMOTE_ADDR="10.0.0.7")
    row = Submission.objects.get()
    assert row.address == "10.0.0.7"
    assert len(row.device) == 16 and row.device not in client.session.session_key


def test_request_logs_never_show_a_table_or_player_token(client, event, caplog):
    table = table_of(event)
    logger = logging.getLogger("django.request")
    caplog.handler.addFilter(HideTokens())
    with caplog.at_level(logging.WARNING, logger="django.request"):
        client.get(reverse("table", args=[table.token + "x"]))  # a 404 is logged with its path
        client.get(reverse("player", args=["Z" * 43]))
        logger.warning("waitress-style line: GET %s", f"/t/{table.token}/enter/")
    text = caplog.text
    assert "Not Found" in text
    assert table.token not in text and "Z" * 43 not in text
    assert "/t/[token]" in text and "/p/[token]" in text
    assert "hide_tokens" in settings.LOGGING["handlers"]["console"]["filters"]


def test_a_call_dealt_with_is_shown_as_dealt_with_not_called_for_ever(client, event):
    table = table_of(event)
    client.post(_url(table, "table_seat"), {"seat": "N"})
    client.post(_url(table, "table_call"), {"hand": 1, "reason": "misdeal"})
    entry.resolve_flag(Flag.objects.get())
    page = client.get(_url(table)).content.decode()
    assert "The organiser has been called" not in page
    assert "The organiser has dealt with your call" in page


def test_an_east_west_phone_reads_the_other_sides_claim_with_its_own_tricks_first(client, event):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=7)  # North–South say 7–6
    entry.submit(table, hand=1, seat="E", tricks_ours=8)  # East–West say they took 8
    client.post(_url(table, "table_seat"), {"seat": "E"})
    page = client.get(_url(table)).content.decode()
    assert "Accept theirs: 6–7 (we 6, they 7)" in page
    north = Client()
    north.post(_url(table, "table_seat"), {"seat": "N"})
    assert "Accept theirs: 5–8 (we 5, they 8)" in north.get(_url(table)).content.decode()
