"""`simulate_event --late N --leave N`: players arrive and leave through the desk's and the live
page's own functions, in every movement and on game nights, and the evening stays right."""

import json
from collections import defaultdict
from io import StringIO

import pytest
from django.core.management import call_command

from tests.archive.helpers import without_public_ids
from tests.live.helpers import agree
from whistdrive.engines import movements
from whistdrive.evening import archive, progress, running
from whistdrive.store.models import Event, Result, Seating

pytestmark = pytest.mark.django_db

RUNS = [
    ("--movement", "progressive", "--tables", "4", "--spares", "1"),
    ("--movement", "progressive", "--movers", "losers", "--tables", "5", "--spares", "2"),
    ("--movement", "semi_partner", "--tables", "4", "--spares", "3"),
    ("--movement", "stationary", "--tables", "3", "--spares", "1"),
    ("--movement", "mitchell", "--tables", "4", "--spares", "2", "--hands-per-round", "2"),
    ("--movement", "howell", "--tables", "4", "--spares", "2", "--hands-per-round", "2"),
    ("--movement", "individual", "--tables", "3", "--spares", "2"),
    ("--kind", "games", "--movement", "stationary", "--tables", "3", "--spares", "1"),
    ("--kind", "games", "--movement", "mitchell", "--tables", "3", "--spares", "2"),
    ("--kind", "games", "--movement", "howell", "--tables", "3", "--spares", "2"),
]


def simulate(*flags) -> Event:
    out = StringIO()
    call_command("simulate_event", *flags, stdout=out)
    return Event.objects.get(pk=int(out.getvalue().strip()))


@pytest.mark.parametrize("flags", RUNS, ids=lambda flags: "-".join(f for f in flags if not f.startswith("--")))
def test_an_evening_with_late_arrivals_and_leavers_is_played_through_and_follows_its_rules(flags):
    event = simulate(*flags, "--hands", "12", "--late", "3", "--leave", "3", "--seed", "4")
    assert event.status == Event.Status.FINISHED
    fmt = event.format
    entrants = list(event.entrants.all())
    late = [e for e in entrants if e.joined_hand > 1]
    gone = [e for e in entrants if e.left_after_hand is not None]
    assert len(late) == 3 and len(gone) == 3
    history = progress.history_of(event, fmt.hands)

    # Every hand played: a result at every seated table.
    seated = defaultdict(set)
    for hand, number in Seating.objects.filter(event=event, table__isnull=False).values_list("hand", "table__number"):
        seated[hand].add(number)
    done = defaultdict(set)
    for hand, number in Result.objects.for_event(event).values_list("hand", "table__number"):
        done[hand].add(number)
    assert all(seated[h] and seated[h] == done[h] for h in range(1, fmt.hands + 1))

    for hand, seating in enumerate(history, start=1):
        present = {e.player_id for e in event.entrants.present_for(hand)}
        placed = seating.seated() + list(seating.sitting_out)
        assert sorted(placed) == sorted(present), f"hand {hand}: everyone present seated or sitting out, once"
    for leaver in gone:
        assert all(s.position(leaver.player_id) is None for s in history[leaver.left_after_hand :])
    for newcomer in late:
        # Seated at once, or from the next hand (the next round when a round has several hands), while
        # the spares are the usual one to three. A Mitchell or Howell newcomer waits for a partner instead.
        joined, pid = newcomer.joined_hand, newcomer.player_id
        first_seated = next((h for h in range(joined, fmt.hands + 1) if history[h - 1].position(pid)), None)
        waited = range(joined, first_seated or fmt.hands + 1)
        if fmt.movement not in ("mitchell", "howell") and all(len(history[h - 1].sitting_out) <= 3 for h in waited):
            assert (
                first_seated is None and joined == fmt.hands or fmt.round_of(first_seated) <= fmt.round_of(joined) + 1
            )

    # Wherever the players did not change, the seating is the movement's own.
    if fmt.movement != "individual":
        for hand in range(2, fmt.hands + 1):
            players = progress.players_for(event, hand)
            if players != progress.players_for(event, hand - 1):
                continue
            results = progress.round_results(event, hand - 1) if fmt.ends_round(hand - 1) else {}
            assert movements.check_seating(fmt, players, history[: hand - 1], results, history[hand - 1]) == []

    # The archive shows arrivals and departures by first and last hands, imports (which recomputes
    # every total from the raw hands and checks the movement), and exports the same again.
    document = archive.export_event(event)
    again = archive.export_event(archive.import_event(json.loads(json.dumps(document))))
    assert again["hands"] == document["hands"]
    assert without_public_ids(again)["players"] == without_public_ids(document)["players"]
    if fmt.is_drive:
        totals = {p["id"]: p["total"] for p in document["results"]["players"]}
        assert totals == {p["id"]: p["total"] for p in again["results"]["players"]}
        first_hand = {}
        for hand in document["hands"]:
            for pid in [p for t in hand["tables"] for p in t["seats"].values()] + hand["sitting_out"]:
                first_hand.setdefault(pid, hand["number"])
        assert {e.player_id: e.joined_hand for e in late} == {e.player_id: first_hand[e.player_id] for e in late}


def test_late_and_leave_take_the_same_seed_to_the_same_evening(tmp_path):
    flags = ("--tables", "3", "--spares", "1", "--hands", "8", "--late", "2", "--leave", "2", "--seed", "9")
    simulate(*flags, "--json", str(tmp_path / "a.json"))
    simulate(*flags, "--json", str(tmp_path / "b.json"))
    assert without_public_ids(json.loads((tmp_path / "a.json").read_text())) == without_public_ids(
        json.loads((tmp_path / "b.json").read_text())
    )


def test_a_negative_count_is_refused_with_a_message():
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="no negative number of late arrivals or leavers"):
        simulate("--tables", "2", "--late", "-1")


def test_a_role_changed_during_the_evening_round_trips_and_is_checked_hand_by_hand():
    event = simulate(
        "--tables", "3", "--spares", "2", "--hands", "6", "--interval-after", "none", "--seed", "2", "--stop-after", "2"
    )  # fmt: skip
    lady = event.entrants.filter(role="lady").order_by("card_number").last()
    since = running.first_open_hand(event)
    running.change_role(event, lady, "gent")
    event.refresh_from_db()
    for hand in range(event.current_hand, 7):
        for number in sorted(
            {
                s.table.number
                for s in Seating.objects.filter(event=event, hand=hand, table__isnull=False).select_related("table")
            }
        ):
            agree(event, number, hand)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    document = archive.export_event(event)
    player = next(p for p in document["players"] if p["id"] == lady.player_id)
    assert player["role"] == "lady" and player["role_from"] == {"hand": since, "role": "gent"}
    imported = archive.import_event(json.loads(json.dumps(document)))
    assert without_public_ids(archive.export_event(imported))["players"] == without_public_ids(document)["players"]
    again = imported.entrants.get(name=lady.name)
    assert (again.role, again.earlier_role, again.role_from_hand) == ("gent", "lady", since)

    # Without the change, her gent seats from hand 3 are refused, each with its place.
    del player["role_from"]
    seated_as_gent = next(h for h in range(since, 7) if any(
        t["seats"][s] == lady.player_id for t in document["hands"][h - 1]["tables"] for s in "SW"
    ))  # fmt: skip
    pattern = rf"hands\[{seated_as_gent - 1}\]\.tables\[\d\]\.seats\.[SW]: {lady.player_id} is a lady"
    with pytest.raises(archive.ArchiveError, match=pattern):
        archive.import_event(document)
    player["role_from"] = {"hand": since, "role": "lady"}
    with pytest.raises(archive.ArchiveError, match=r'players\[\d+\]\.role_from: must be \{"hand": N, "role": "gent"\}'):
        archive.import_event(document)
