"""Only club A's organiser and scorer run club A's evening; Bea of club B never sees it."""

import pytest

from tests.factories import make_cast, started_event
from tests.live.helpers import url
from whistdrive.store.models import Event, Flag

pytestmark = pytest.mark.django_db

POSTS = [
    ("event_live_advance", ()),
    ("event_live_undo", ()),
    ("event_live_interval", ()),
    ("event_live_auto_advance", ()),
    ("event_live_new_token", (1,)),
    ("event_live_late_arrival", ()),
    ("event_live_withdraw", ()),
]


@pytest.fixture
def cast():
    club_a, club_b, olive, sam, bea = make_cast()
    event = started_event(club_a, interval_after=3, seed=1)
    return event, olive, sam, bea


def test_an_organiser_of_another_club_gets_404_on_the_live_page_and_every_action(client, cast):
    event, olive, sam, bea = cast
    flag = Flag.objects.create(table=event.tables.get(number=1), hand=1, reason="misdeal")
    client.force_login(bea)
    gets = [url("event_live", event), url("event_paper", event), url("event_live_result", event, 1, 1)]
    gets.append(url("event_live_lookup", event) + "?table=1&hand=1")
    for address in gets:
        assert client.get(address).status_code == 404, address
    posts = [url(name, event, *args) for name, args in POSTS]
    posts += [url("event_live_resolve_flag", event, flag.pk), url("event_paper", event)]
    posts.append(url("event_live_result", event, 1, 1))
    for address in posts:
        assert client.post(address, {"expected_hand": 1, "name": "X", "tricks_ns": 7, "reason": "x"}).status_code == 404
    event.refresh_from_db()
    flag.refresh_from_db()
    assert (event.current_hand, event.status, event.entrants.count()) == (1, Event.Status.RUNNING, 12)
    assert flag.resolved is None
    assert not event.tables.get(number=1).results.exists()


def test_a_scorer_can_run_the_live_evening(client, cast):
    event, olive, sam, bea = cast
    client.force_login(sam)
    assert client.get(url("event_live", event)).status_code == 200
    response = client.post(url("event_live_interval", event))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.status == Event.Status.INTERVAL


def test_someone_not_logged_in_is_sent_to_log_in(client, cast):
    event, *_ = cast
    response = client.get(url("event_live", event))
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_actions_refuse_a_get(client, cast):
    event, olive, *_ = cast
    client.force_login(olive)
    for name, args in POSTS:
        assert client.get(url(name, event, *args)).status_code == 405
