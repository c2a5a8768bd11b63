"""End to end: a laptop (rundrive, SQLite) linked to its club's hosted site (uvicorn, PostgreSQL) publishes an
evening over HTTP; with the hosted site down the evening waits, said so on the organiser's pages, and arrives
by itself once the site answers; a refusal is shown and not retried."""

from __future__ import annotations

import json
import signal
import threading
import urllib.error
import urllib.request

import pytest

from tests.foundation.drive_process import postgres_database
from tests.publishing.servers import Hosted, Laptop, hosted_site, laptop
from tests.waiting import wait_for

pytestmark = pytest.mark.slow


@pytest.fixture
def database():
    yield from postgres_database("publish", migrated=True)


@pytest.fixture
def hosted(tmp_path, database):
    site = hosted_site(tmp_path, database)
    yield site
    site.stop()


@pytest.fixture
def machine(tmp_path):
    running = laptop(tmp_path)
    yield running
    if running.drive.process.poll() is None:
        running.drive.stop(signal.SIGINT)


def _link(machine: Laptop, hosted: Hosted) -> None:
    done = machine.manage("publishing_key", str(machine.club), "--site", hosted.base_url, stdin=hosted.key + "\n")
    assert done.returncode == 0, done.stderr
    assert "publishes to Nether Wallop Whist Club" in done.stdout
    key_file = machine.data_dir / "publishing" / f"club-{machine.club}.key"
    assert key_file.read_text().strip() == hosted.key
    assert key_file.stat().st_mode & 0o077 == 0  # the laptop's user's only
    # The key is in no table of the database (which is backed up and copied about).
    assert hosted.key.encode() not in (machine.data_dir / "whistdrive.sqlite3").read_bytes()


def _event_public_id(machine: Laptop) -> str:
    return machine.shell(
        f"from whistdrive.store.models import Event\nprint(Event.objects.get(pk={machine.event}).public_id)"
    ).strip()


def test_a_linked_laptop_publishes_an_evening_that_the_hosted_site_then_holds(hosted, machine):
    hosted.start()
    _link(machine, hosted)
    # Linking took the hosted club's public id, so the archive (and the scorecards' QR codes) name its pages.
    club_id = machine.shell(f"from clubs.models import Club\nprint(Club.objects.get(pk={machine.club}).public_id)")
    assert club_id.strip() == hosted.club_public_id
    organiser = machine.browser()
    page = machine.press(organiser, f"/events/{machine.event}/", f"/events/{machine.event}/publish/")
    assert "Published " in page
    public_id = _event_public_id(machine)
    assert hosted.evenings(public_id) == [(True, False, 9)]
    assert machine.publication()[0] == "sent"
    # The same evening again is still one evening online.
    done = machine.manage("publish", str(machine.event))
    assert done.returncode == 0, done.stderr
    assert hosted.evenings(public_id) == [(True, False, 9)]


def test_an_evening_published_with_the_site_down_waits_and_arrives_by_itself(hosted, machine):
    hosted.start()
    _link(machine, hosted)
    hosted.stop()
    done = machine.manage("publish", str(machine.event))
    assert done.returncode == 0, done.stderr
    assert "Waiting to publish: no internet since" in done.stdout
    organiser = machine.browser()
    assert "Waiting to publish: no internet since" in machine.page(organiser, f"/events/{machine.event}/live/")
    assert machine.publication()[0] == "waiting"

    hosted.start()  # the hall's laptop finds the internet: nobody presses anything
    public_id = _event_public_id(machine)
    wait_for(lambda: hosted.evenings(public_id), timeout=60, what="the evening on the hosted site")
    assert hosted.evenings(public_id) == [(True, False, 9)]
    wait_for(lambda: machine.publication()[0] == "sent", timeout=30, what="the laptop marking it published")
    assert "Published " in machine.page(organiser, f"/events/{machine.event}/")


def test_an_evening_played_after_the_link_goes_online_with_nobody_pressing(hosted, machine):
    hosted.start()
    _link(machine, hosted)
    # Tonight's evening, played on the laptop after the link: its last hand in, and nothing more.
    tonight = int(
        machine.shell(
            "from clubs.models import Club\nfrom whistdrive.engines.formats import Format\n"
            "from whistdrive.evening.simulate import simulate_event\n"
            "event = simulate_event(fmt=Format(hands=8, interval_after=4), tables=2, seed=7, club=Club.objects.get())\n"
            "print(event.pk)"
        )
        .strip()
        .splitlines()[-1]
    )
    public_id = machine.shell(
        f"from whistdrive.store.models import Event\nprint(Event.objects.get(pk={tonight}).public_id)"
    ).strip()
    wait_for(lambda: hosted.evenings(public_id), timeout=60, what="tonight's evening on the hosted site")
    assert hosted.evenings(public_id) == [(True, False, 8)]
    # The evening played before the link is the organiser's to publish: it is not online.
    assert hosted.evenings(_event_public_id(machine)) == []


def test_a_refused_evening_is_shown_and_not_tried_again(hosted, machine):
    hosted.start()
    _link(machine, hosted)
    hosted.shell("from clubs.models import PublishingKey\nfrom django.utils import timezone\n"
                 "PublishingKey.objects.update(revoked=timezone.now())")  # fmt: skip
    done = machine.manage("publish", str(machine.event))
    assert done.returncode != 0
    assert "revoked" in done.stderr
    state, tries, message = machine.publication()
    assert state == "refused" and "revoked" in message
    organiser = machine.browser()
    assert "Not published: This publishing key" in machine.page(organiser, f"/events/{machine.event}/")
    # The laptop's own loop sends what waits every 0.3 s: a second evening queued (not sent) is tried by it and
    # refused too, and by then the first, refused already, has not been tried again.
    second = (
        machine.shell(
            "from clubs.models import Club\nfrom whistdrive.engines.formats import Format\n"
            "from whistdrive.evening import publishing\nfrom whistdrive.evening.simulate import simulate_event\n"
            "event = simulate_event(fmt=Format(hands=8, interval_after=4), tables=2, seed=6, club=Club.objects.get())\n"
            "publishing.ask(event)\nprint(event.pk)"
        )
        .strip()
        .splitlines()[-1]
    )
    wait_for(lambda: machine.publication(int(second))[0] == "refused", timeout=30, what="the loop trying the second")
    assert machine.publication() == (state, tries, message)
    assert hosted.evenings(_event_public_id(machine)) == []


def _publish_at_once(hosted: Hosted, body: bytes, times: int) -> list[int]:
    barrier, statuses = threading.Barrier(times), []

    def one():
        request = urllib.request.Request(
            hosted.base_url + "api/publish/", data=body, method="POST",
            headers={"Authorization": f"Bearer {hosted.key}", "Content-Type": "application/json"},
        )  # fmt: skip
        barrier.wait()
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                statuses.append(response.status)
        except urllib.error.HTTPError as exc:
            statuses.append(exc.code)

    threads = [threading.Thread(target=one) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


@pytest.mark.parametrize("engine", ["PostgreSQL", "SQLite"])
def test_the_same_evening_published_four_times_at_once_is_one_evening(tmp_path, machine, engine, request):
    database = request.getfixturevalue("database") if engine == "PostgreSQL" else ""
    hosted = hosted_site(tmp_path, database)
    try:
        hosted.start()
        _link(machine, hosted)
        body = (
            machine.shell(
                "import json\nfrom whistdrive.evening import publishing\nfrom whistdrive.store.models import Event\n"
                f"print(json.dumps(publishing.payload_of(Event.objects.get(pk={machine.event}))))"
            )
            .strip()
            .splitlines()[-1]
        )
        statuses = _publish_at_once(hosted, body.encode(), 4)
        assert sorted(statuses) == [200, 200, 200, 201], statuses  # one stored it; three found it there
        assert hosted.evenings(json.loads(body)["archive"]["event"]["public_id"]) == [(True, False, 9)]
    finally:
        hosted.stop()
