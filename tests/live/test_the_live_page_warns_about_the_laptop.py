"""The live page warns the organiser before the laptop stops the evening (#22.1): on battery below 20 %,
or its data folder's disk nearly full; and shows which results came back from the phones' own storage
(#22.3)."""

from collections import namedtuple

import pytest
from django.urls import reverse

from tests.factories import give_access, make_user, started_event, table_of
from whistdrive.evening import entry
from whistdrive.server import laptop

pytestmark = pytest.mark.django_db
PLENTY = 50 * 1024**3
# What psutil.sensors_battery() answers on a laptop (its named tuple moves between psutil's private
# modules from version to version); this test machine has no battery to read.
sbattery = namedtuple("sbattery", "percent secsleft power_plugged")


@pytest.mark.parametrize(
    ("battery", "warned"),
    [
        (sbattery(percent=15, secsleft=1800, power_plugged=False), True),
        (sbattery(percent=19.6, secsleft=2000, power_plugged=False), True),
        (sbattery(percent=20, secsleft=2400, power_plugged=False), False),
        (sbattery(percent=5, secsleft=-2, power_plugged=True), False),  # charging
    ],
)
def test_the_laptop_on_battery_below_a_fifth_is_a_warning(battery, warned):
    said = laptop.warnings(battery=battery, free_bytes=PLENTY)
    assert bool(said) is warned
    if warned:
        assert said == [
            f"The laptop is on battery, {round(battery.percent)} % left: plug it in, or the evening stops when it does."
        ]


def test_a_disk_nearly_full_is_a_warning_that_says_how_much_is_left():
    assert laptop.warnings(battery=None, free_bytes=120 * 1024**2) == [
        "The laptop's disk is nearly full (120 MB free): results and backups may soon fail to be saved. "
        "Delete or move some files."
    ]
    assert laptop.warnings(battery=None, free_bytes=PLENTY) == []


def _organiser_page(client, event):
    user = make_user("olive")
    give_access(user, event.club)
    client.force_login(user)
    return client.get(reverse("event_live", args=[event.pk])).content.decode()


def test_the_live_page_shows_the_disk_warning_for_the_real_data_folder(client, settings):
    # The test machine's disk is not nearly full: the limit is raised above any disk instead, so the
    # live page reads the real free space of the real data folder and must warn.
    settings.WHISTDRIVE_DISK_WARNING_BYTES = 10**18
    page = _organiser_page(client, started_event(tables=2))
    assert "The laptop&#x27;s disk is nearly full (" in page and 'class="notice error laptop-warning"' in page


def test_the_live_page_lists_results_that_came_back_from_the_phones(client):
    event = started_event(tables=2)
    table = table_of(event, 2)
    entry.submit(table, hand=1, seat="N", tricks_ours=8, key="kept-on-north-1", resent=True)
    entry.submit(table_of(event, 1), hand=1, seat="N", tricks_ours=6, key="sent-at-once-1")
    page = _organiser_page(client, event)
    assert "1 result came back from the phones' own storage" in page
    assert "Table 2, hand 1: North–South entered North–South 8, East–West 5" in page
    assert "Table 1, hand 1: North" not in page
