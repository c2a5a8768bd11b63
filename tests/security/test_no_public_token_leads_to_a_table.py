"""#44, attack 5: the board's token is public in the hall (it is on the projector), and the board is the
evening's results page. Nothing reached from it opens a table or a player's page: the rejoin page, which
hands out tables, answers only a code the organiser's logged-in page draws, good for a quarter of an hour."""

import re
import time
from urllib.parse import urljoin, urlsplit

import pytest
from django.core import signing
from django.db.models import F
from django.test import Client
from django.urls import reverse

from tests.factories import give_access, make_user, started_event
from whistdrive.store.models import Entrant, Event, Table
from whistdrive.web.views import rejoin

pytestmark = pytest.mark.django_db

LINK = re.compile(r'(?:href|src|hx-get|action|data-push)="([^"]+)"')


@pytest.fixture(autouse=True)
def _a_laptop(settings):
    settings.ALLOWED_HOSTS = ["*"]


@pytest.fixture
def organiser(db):
    return make_user("olive")


def _secrets(event) -> list[str]:
    """Every token that opens a table or a player's page."""
    tables = Table.objects.filter(event=event).values_list("token", flat=True)
    return [*tables, *Entrant.objects.filter(event=event).values_list("token", flat=True)]


def _code_shown(organiser, event) -> str:
    olive = Client()
    olive.force_login(organiser)
    page = olive.get(reverse("event_rejoin_code", args=[event.pk])).content.decode()
    return re.search(r"<b>http://[^/]+(/rejoin/[^/]+/)</b>", page).group(1)


@pytest.fixture
def clock(monkeypatch):
    """Time as a rejoin code's signature reads it, moved on by hand."""
    now = [time.time()]
    monkeypatch.setattr(signing.time, "time", lambda: now[0])
    return now


def test_the_boards_token_opens_no_rejoin_page():
    event = started_event(tables=2)
    seating = event.seatings.filter(hand=1).first()
    guest = Client()
    url = f"/rejoin/{event.board_token}/"
    for response in (guest.get(url), guest.post(url, {"seating": seating.pk})):
        assert response.status_code == 404
        assert not any(token in response.content.decode() for token in _secrets(event))
    assert "wd_player" not in guest.session


@pytest.mark.parametrize("finished", [False, True])
def test_no_page_reached_from_the_board_names_a_table_or_a_player(finished):
    event = started_event(tables=2)
    if finished:  # the board is then the evening's results page (the phones' "See the results")
        Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED, revision=F("revision") + 1)
    guest = Client()
    start = reverse("board", args=[event.board_token])
    queue = [start, *(f"{start}?view={view}" for view in ("welcome", "standings", "halftime", "prizes"))]
    seen: set[str] = set()
    while queue and len(seen) < 60:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        response = guest.get(url, HTTP_HOST="192.168.1.20:8000")
        if response.status_code in (301, 302):
            queue.append(response["Location"])
            continue
        body = response.content.decode(errors="replace")
        assert not any(token in body for token in _secrets(event)), url
        assert "/rejoin/" not in body, url
        for link in LINK.findall(body):
            target = urlsplit(urljoin(url, link.replace("&amp;", "&")))
            if target.netloc in ("", "192.168.1.20:8000") and not target.path.startswith("/static/"):
                queue.append(target.path + (f"?{target.query}" if target.query else ""))
    assert len(seen) > 1


def test_the_organisers_code_opens_the_rejoin_page_for_fifteen_minutes(organiser, clock):
    event = started_event(tables=2)
    give_access(organiser, event.club)
    code = _code_shown(organiser, event)
    seating = event.seatings.filter(hand=1, table__number=2, seat="E").select_related("entrant", "table").get()
    clock[0] += 14 * 60
    phone = Client()
    assert seating.entrant.name in phone.get(code).content.decode()
    taken = phone.post(code, {"seating": seating.pk})
    assert taken.status_code == 302 and taken["Location"] == reverse("table", args=[seating.table.token])

    clock[0] += 2 * 60  # 16 minutes after it was drawn
    late = Client()
    for response in (late.get(code), late.post(code, {"seating": seating.pk})):
        assert response.status_code == 410 and "This rejoin code has run out." in response.content.decode()
        assert not any(token in response.content.decode() for token in _secrets(event))
    assert "wd_player" not in late.session


def test_the_organisers_page_draws_a_new_code_while_it_is_shown(organiser, clock):
    event = started_event(tables=2)
    give_access(organiser, event.club)
    first = _code_shown(organiser, event)
    olive = Client()
    olive.force_login(organiser)
    page = olive.get(reverse("event_rejoin_code", args=[event.pk])).content.decode()
    assert f'hx-trigger="every {rejoin.RENEW_SECONDS}s"' in page
    clock[0] += rejoin.RENEW_SECONDS + 1
    fragment = olive.get(reverse("event_rejoin_code", args=[event.pk]), HTTP_HX_REQUEST="true").content.decode()
    renewed = re.search(r"<b>http://[^/]+(/rejoin/[^/]+/)</b>", fragment).group(1)
    assert renewed != first and "<h1>" not in fragment
    clock[0] += 12 * 60  # 17 minutes after the first was drawn, 12 after the second
    assert Client().get(first).status_code == 410
    assert Client().get(renewed).status_code == 200


def test_a_code_altered_or_signed_elsewhere_is_no_code(organiser):
    event = started_event(tables=2)
    give_access(organiser, event.club)
    code = _code_shown(organiser, event)
    other_event = code.replace(f"/rejoin/{event.pk}.", f"/rejoin/{event.pk + 1}.")
    forged = signing.TimestampSigner(key="another laptop", salt="whistdrive.rejoin", sep=".").sign(str(event.pk))
    for url in (other_event, f"/rejoin/{forged}/", code[:-3] + "x/"):
        assert Client().get(url).status_code == 404
