"""simulate_event plays a whole evening through the phones' path, following the movement and the scoring rules."""

import json
from collections import defaultdict
from io import StringIO

import pytest
from django.core.management import call_command

from tests.archive.helpers import without_public_ids
from whistdrive.engines import movements
from whistdrive.evening import archive, progress
from whistdrive.store.models import Event, Result, Submission


def simulate(*flags) -> Event:
    out = StringIO()
    call_command("simulate_event", *flags, stdout=out)
    return Event.objects.get(pk=int(out.getvalue().strip()))


@pytest.mark.django_db
def test_a_twelve_table_progressive_drive_follows_the_movement_and_the_scoring_rules():
    event = simulate("--tables", "12", "--spares", "2", "--hands", "24", "--seed", "11")
    assert event.status == Event.Status.FINISHED
    fmt = event.format
    history = progress.history_of(event, 24)
    players = progress.players_for(event, 1)
    assert len(players) == 50 and {p.role for p in players} == {"lady", "gent"}
    for hand in range(2, 25):
        results = progress.round_results(event, hand - 1)
        assert movements.check_seating(fmt, players, history[: hand - 1], results, history[hand - 1]) == []
    # Each result agreed through the phones: an entry by one side and an agreement by the other.
    assert Result.objects.for_event(event).count() == 12 * 24
    assert set(Result.objects.for_event(event).values_list("source", flat=True)) == {"agreed"}
    actions = defaultdict(set)
    for table_id, hand, action in Submission.objects.filter(table__event=event).values_list("table", "hand", "action"):
        actions[table_id, hand].add(action)
    assert set(map(frozenset, actions.values())) == {frozenset({"enter", "agree"})}

    # Totals recomputed here from the Result rows: tricks of the side, a revoke moving three,
    # a sit-out scoring the player's own average rounded half up.
    seat_of = defaultdict(dict)
    for hand, seating in enumerate(history, start=1):
        for number, seats in seating.tables.items():
            for seat, pid in seats.items():
                seat_of[pid][hand] = (number, "NS" if seat in "NS" else "EW")
    tricks = {}
    for r in Result.objects.for_event(event).select_related("table"):
        got = {"NS": r.tricks_ns, "EW": r.tricks_ew}
        if r.revoke:
            moved = min(3, got[r.revoke])
            got[r.revoke] -= moved
            got["EW" if r.revoke == "NS" else "NS"] += moved
        tricks[r.hand, r.table.number] = got
    expected = {}
    for pid, places in seat_of.items():
        played = [tricks[hand, number][side] for hand, (number, side) in places.items()]
        sat_out = 24 - len(played)
        average = (2 * sum(played) + len(played)) // (2 * len(played))
        expected[pid] = sum(played) + sat_out * average
    assert sum(1 for pid in expected if len(seat_of[pid]) < 24) >= 2  # the two spares did sit out
    exported = archive.export_event(event)
    assert {p["id"]: p["total"] for p in exported["results"]["players"]} == expected


@pytest.mark.django_db
def test_the_same_seed_gives_the_same_archive_and_another_seed_does_not(tmp_path):
    first = simulate(
        "--tables", "3", "--spares", "1", "--hands", "8", "--seed", "5", "--json", str(tmp_path / "a.json")
    )
    second = simulate(
        "--tables", "3", "--spares", "1", "--hands", "8", "--seed", "5", "--json", str(tmp_path / "b.json")
    )
    third = simulate("--tables", "3", "--spares", "1", "--hands", "8", "--seed", "6")
    assert first.pk != second.pk
    a = json.loads((tmp_path / "a.json").read_text())
    assert without_public_ids(a) == without_public_ids(json.loads((tmp_path / "b.json").read_text()))
    assert a["hands"] != archive.export_event(third)["hands"]


@pytest.mark.django_db
def test_stop_after_leaves_a_drive_at_the_interval():
    event = simulate("--tables", "2", "--hands", "8", "--interval-after", "4", "--stop-after", "4")
    assert event.status == Event.Status.INTERVAL
    assert event.current_hand == 5
    assert len(archive.export_event(event)["hands"]) == 4


@pytest.mark.django_db
def test_a_game_night_with_every_format_flag():
    event = simulate(
        "--kind", "games", "--movement", "stationary", "--tables", "2", "--hands", "12", "--trumps", "turned",
        "--target", "7", "--honours", "yes", "--honours-can-win", "no", "--revoke-penalty", "points",
        "--rubber", "simple", "--scoring", "tricks", "--sitout-score", "fixed", "--sitout-fixed", "6",
        "--hands-per-round", "1", "--interval-after", "none", "--movers", "losers", "--tie-breaks", "second_half",
    )  # fmt: skip
    fmt = event.format
    assert (fmt.kind, fmt.target, fmt.honours, fmt.honours_can_win, fmt.rubber) == ("games", 7, True, False, "simple")
    assert fmt.interval_after is None and fmt.tie_breaks == ("second_half",)
    assert event.status == Event.Status.FINISHED
    honours = Result.objects.for_event(event).exclude(honours_ns=None).count()
    assert honours == 24


@pytest.mark.django_db
@pytest.mark.parametrize("movement", ["semi_partner", "mitchell", "individual", "stationary"])
def test_every_movement_can_be_simulated(movement):
    extra = ["--hands-per-round", "2"] if movement == "mitchell" else []
    event = simulate("--movement", movement, "--tables", "3", "--hands", "6", "--interval-after", "none", *extra)
    assert event.status == Event.Status.FINISHED
