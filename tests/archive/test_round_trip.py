"""Export -> import -> export gives the same document, for every kind and movement."""

import pytest

from tests.archive.helpers import without_public_ids
from whistdrive.engines.formats import Format
from whistdrive.evening import archive

from .helpers import simulated_document, small_drive

GAMES = dict(kind="games", movement="stationary", hands=12, hands_per_round=12, interval_after=None, trumps="turned")

CASES = {
    "progressive, winners move, with sit-outs": (small_drive(), 3, 2),
    "progressive, losers move, two hands a round": (small_drive(movers="losers", hands_per_round=2), 3, 1),
    "semi-partner": (small_drive(movement="semi_partner", scoring="odd_tricks", tie_breaks=("second_half",)), 3, 3),
    "mitchell": (small_drive(movement="mitchell", hands_per_round=2), 4, 0),
    "mitchell, an odd number of pairs": (small_drive(movement="mitchell"), 3, 2),
    "howell": (small_drive(movement="howell", hands_per_round=2), 4, 0),
    "howell, an odd number of pairs": (small_drive(movement="howell"), 3, 2),
    "individual": (small_drive(movement="individual", sitout_score="fixed"), 3, 2),
    "stationary": (small_drive(movement="stationary", trumps="HDSCN", sitout_score="zero"), 2, 1),
    "games with honours, classic rubbers": (Format(**GAMES, honours=True, rubber="classic"), 2, 0),
    "games, simple rubbers, points for a revoke": (Format(**GAMES, rubber="simple", revoke_penalty="points"), 2, 0),
    "games, no rubbers, target 7, trumps by rotation": (
        Format(**{**GAMES, "trumps": "HDSC"}, rubber="none", target=7),
        2,
        0,
    ),
    "games, Howell": (Format(kind="games", movement="howell", hands=14, hands_per_round=2, interval_after=None), 4, 0),
    "games, Mitchell tables changing partnerships": (
        Format(kind="games", movement="mitchell", hands=16, hands_per_round=8, interval_after=None, honours=True),
        2,
        0,
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(CASES))
def test_an_imported_event_exports_the_same_document(case):
    fmt, tables, spares = CASES[case]
    document = simulated_document(fmt, tables, spares)
    assert len(document["hands"]) == fmt.hands
    again = archive.export_event(archive.import_event(document))
    assert without_public_ids(again) == without_public_ids(document)


@pytest.mark.django_db
def test_a_revoke_round_trips_and_moves_three_tricks_in_the_results():
    document = simulated_document(small_drive(movement="stationary"), 1, 0)
    table = document["hands"][0]["tables"][0]
    table["revoke"] = {"side": "NS" if table["tricks"]["NS"] >= 3 else "EW"}
    event = archive.import_event(document)
    again = archive.export_event(event)
    assert again["hands"] == document["hands"]
    totals = {p["id"]: p["total"] for p in again["results"]["players"]}
    before = {p["id"]: p["total"] for p in document["results"]["players"]}
    revoker = table["seats"]["N"] if table["revoke"]["side"] == "NS" else table["seats"]["E"]
    assert totals[revoker] == before[revoker] - 3


@pytest.mark.django_db
def test_games_results_list_each_table_with_its_games_and_rubbers():
    document = simulated_document(Format(**GAMES, honours=True), 2, 0)
    tables = document["results"]["tables"]
    assert [t["table"] for t in tables] == [1, 2]
    assert all(len(t["hands"]) == 12 for t in tables)
    assert any(t["games"] for t in tables)
    assert all("trump" in t for hand in document["hands"] for t in hand["tables"])  # turned: per table


@pytest.mark.django_db
@pytest.mark.parametrize("rubber", ["classic", "simple", "none"])
def test_the_export_writes_every_games_value_whatever_the_rubber_rule(rubber):
    # Spec: "Game value, written for every game whatever the rubber rule: 3 (treble) if the losers
    # have 0 points, 2 (double) if twice the losers' points is below the target, else 1 (single)".
    fmt = Format(**GAMES, rubber=rubber)
    games = [g for t in simulated_document(fmt, 2, 0)["results"]["tables"] for g in t["games"]]
    assert games
    for game in games:
        losers = game["score"]["EW" if game["won_by"] == "NS" else "NS"]
        assert game["value"] == (3 if losers == 0 else 2 if 2 * losers < fmt.target else 1)
    assert {g["value"] for g in games} - {1}, "the simulated night should have a double or a treble"
