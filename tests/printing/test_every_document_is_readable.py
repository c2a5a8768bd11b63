"""Every document the organiser can print is readable with the names real clubs have (issue #48).

For each kind of document, evenings whose players have the awkward names of `factories.hostile_names`
(up to 120 characters, double-barrelled, accented, Greek, Cyrillic, Vietnamese, Chinese) print with
every character on the page and at least 5 mm from its edge, nothing under 7 pt, and at most 3 % of
the characters under 9 pt (`helpers.readability_faults`).
"""

import dataclasses

import pytest

from tests.printing import factories
from tests.printing.helpers import blank_pages, characters_under, readability_faults, words_cut_inside
from whistdrive import printing
from whistdrive.printing.money_docs import MoneyLine
from whistdrive.printing.sheets import ResultSlip, ScorePad, SlipHand

SEEDS = (48, 1185)
LONG_EVENT = factories.LONG_EVENT
LONG_CLUB = factories.LONG_CLUB


def _rename(players, names):
    return [dataclasses.replace(player, name=name) for player, name in zip(players, names, strict=False)]


def scorecards(seed: int, planned: bool) -> bytes:
    sheet = factories.scorecard_sheet(24, 16, planned=planned, played=True)
    names = factories.hostile_names(24, seed)
    cards = [
        dataclasses.replace(
            card,
            name=name,
            rows=[dataclasses.replace(row, partner=names[(index + row.hand) % 24] if planned else None)
                  for row in card.rows],
        )
        for index, (card, name) in enumerate(zip(sheet.cards, names, strict=True))
    ]  # fmt: skip
    return printing.scorecards_pdf(dataclasses.replace(sheet, cards=cards, event=LONG_EVENT, club=LONG_CLUB))


def scorecards_with_online_pages(seed: int) -> bytes:
    # A club with a hosted site prints a second QR code on each member's card, to their page there (#51).
    sheet = factories.scorecard_sheet(24, 24, planned=True, played=True)
    names = factories.hostile_names(24, seed)
    cards = [dataclasses.replace(card, name=name, online_url=f"https://whist.nether-wallop.example/m/{index:08x}k2/")
             for index, (card, name) in enumerate(zip(sheet.cards, names, strict=True))]  # fmt: skip
    return printing.scorecards_pdf(dataclasses.replace(sheet, cards=cards, event=LONG_EVENT, club=LONG_CLUB))


def blank_scorecards(seed: int) -> bytes:
    sheet = factories.scorecard_sheet(8, 24)
    cards = [dataclasses.replace(card, name="", personal_url=None) for card in sheet.cards]
    return printing.scorecards_pdf(dataclasses.replace(sheet, cards=cards, event=LONG_EVENT))


def table_cards(seed: int) -> bytes:
    sheet = factories.table_card_sheet(3)
    cards = [dataclasses.replace(card, movers=f"Winning lady → table {card.table + 1} · winning gent → table 9")
             for card in sheet.cards]  # fmt: skip
    return printing.table_cards_pdf(dataclasses.replace(sheet, cards=cards, club=LONG_CLUB, event=LONG_EVENT))


def table_cards_on_letter(seed: int) -> bytes:
    # US Letter's half is 25 pt shorter than A4's: with the longest club and event and a Mitchell's movers
    # on two lines each, the last line fell within 5 mm of the edge until the code shrank to make room.
    sheet = factories.table_card_sheet(3, page_size="letter", trump_rotation=None)
    movers = "After every 4 hands: East–West pair sits out a round (the half table), then → table 1; North–South stay"
    cards = [dataclasses.replace(card, movers=movers) for card in sheet.cards]
    return printing.table_cards_pdf(
        dataclasses.replace(sheet, cards=cards, club=LONG_CLUB, event=LONG_EVENT, trump_mode="cut")
    )


def club_table_cards(seed: int) -> bytes:
    sheet = factories.table_card_sheet(3)
    return printing.club_table_cards_pdf(printing.ClubTableCardSheet(club=LONG_CLUB, cards=sheet.cards))


def result_slips(seed: int) -> bytes:
    names = factories.hostile_names(40, seed)
    sheet = factories.result_slip_sheet(10, hands=(5, 6, 7, 8))
    slips = [
        ResultSlip(
            table=slip.table,
            hands=slip.hands,
            north_south=f"{names[4 * index]} & {names[4 * index + 2]}",
            east_west=f"{names[4 * index + 1]} & {names[4 * index + 3]}",
        )
        for index, slip in enumerate(sheet.slips)
    ]
    one_hand = [dataclasses.replace(slip, hands=[SlipHand(5, "H")]) for slip in slips]
    return printing.result_slips_pdf(dataclasses.replace(sheet, slips=slips + one_hand, event=LONG_EVENT))


def _progression(seed: int, planned: bool):
    sheet = factories.progression_sheet(42, 16, planned=planned)
    return dataclasses.replace(sheet, players=_rename(sheet.players, factories.hostile_names(42, seed)))


def progression(seed: int, planned: bool) -> bytes:
    return printing.progression_sheet_pdf(_progression(seed, planned))


def wall_sheet(seed: int, planned: bool) -> bytes:
    return printing.wall_sheet_pdf(_progression(seed, planned))


def find_your_table(seed: int) -> bytes:
    return printing.find_your_table_pdf(_progression(seed, False))


def _results(seed: int):
    sheet = factories.results_sheet(30)
    names = factories.hostile_names(30, seed)
    standings = _rename(sheet.standings, names)
    prizes = [
        *sheet.prizes,
        printing.PrizeAward("Ladies' second", names[1:4], 150, tied=True, card_numbers=[2, 3, 4]),
        printing.PrizeAward("Gents' first", [names[2]], 170, note=f"equal with {names[7]} on 170", card_numbers=[3]),
    ]
    # The draws' winners (#50) end the results and the prize list, with the names as typed at the desk.
    draws = [(f"Raffle: {names[index]}'s hamper of Christmas treats", f"Pink {index}, {names[index + 5]}")
             for index in range(4)]  # fmt: skip
    return dataclasses.replace(sheet, standings=standings, prizes=prizes, event=LONG_EVENT, venue=LONG_CLUB,
                               draws=draws)  # fmt: skip


def results(seed: int) -> bytes:
    return printing.results_pdf(_results(seed))


def prize_list(seed: int) -> bytes:
    return printing.prize_list_pdf(_results(seed))


def score_pads(seed: int) -> bytes:
    names = factories.hostile_names(12, seed)
    sheet = factories.score_pad_sheet(3, target=9)
    pads = [ScorePad(table=t, players=f"{names[4 * (t - 1)]} & {names[4 * t - 2]} v {names[4 * t - 3]} & "
                                      f"{names[4 * t - 1]}", heading="Round 2 · hands 4–6") for t in (1, 2, 3)]  # fmt: skip
    return printing.score_pads_pdf(
        dataclasses.replace(sheet, pads=pads, honours=True, moves=True, club=LONG_CLUB, event=LONG_EVENT)
    )


def season(seed: int) -> bytes:
    sheet = factories.season_sheet(20)
    names = factories.hostile_names(20, seed)
    return printing.season_pdf(
        dataclasses.replace(
            sheet,
            lines=_rename(sheet.lines, names),
            guests=[(names[2], f"{LONG_EVENT} (1 December 2026)", 170)],
            events=[
                ("1 December 2026", LONG_EVENT, "Finished"),
                ("30 September 2026", LONG_CLUB, "Duplicate evening: not in the table yet"),
            ],
        )
    )


def pair_cards(seed: int) -> bytes:
    return printing.pair_cards_pdf(factories.pairs_sheet(seed))


def travellers(seed: int) -> bytes:
    return printing.travellers_pdf(factories.pairs_sheet(seed))


def movement_cards(seed: int) -> bytes:
    return printing.movement_cards_pdf(factories.pairs_sheet(seed))


def hand_records(seed: int) -> bytes:
    return printing.hand_records_pdf(factories.pairs_sheet(seed))


def hand_records_with_results(seed: int) -> bytes:
    return printing.hand_records_pdf(factories.pairs_sheet(seed), with_results=True)


def duplicate_results(seed: int) -> bytes:
    return printing.duplicate_results_pdf(factories.pairs_sheet(seed))


def door_poster(seed: int) -> bytes:
    return printing.door_poster_pdf(
        printing.DoorPoster(club=LONG_CLUB, event=LONG_EVENT, date=factories.DATE, venue=factories.hostile_names(3, seed)[2],
                            url="http://192.168.1.20:8000/door/k7Qm2xWp9LrT4vNc8bHs/")
    )  # fmt: skip


def treasurers_sheet(seed: int) -> bytes:
    names = factories.hostile_names(30, seed)
    lines = [
        MoneyLine(f"19:{index:02d}", "Entry fees", "3.00", "Already paid" if index % 3 else "Cash",
                  f"{index + 1} {name}", names[-index] if index % 4 == 0 else "", "treasurer.featherstonehaugh-cholmondeley@"
                  "nether-wallop-whist.example", correction=index % 7 == 6)
        for index, name in enumerate(names)
    ]  # fmt: skip
    return printing.treasurers_sheet_pdf(
        printing.TreasurersSheet(
            club=LONG_CLUB, event=LONG_EVENT, date=factories.DATE, venue=factories.VENUE, currency="£",
            takings=[("Entry fees", "90.00"), ("Raffle tickets", "45.00")], costs=[("Hall hire", "25.00")],
            by_method=[("Cash", "30.00"), ("Already paid", "105.00")], total_takings="135.00", total_costs="25.00",
            net="110.00", unpaid=[f"{index + 31} {name}" for index, name in enumerate(names[:12])], lines=lines,
        )
    )  # fmt: skip


DOCUMENTS = {
    "scorecards": lambda seed: scorecards(seed, planned=False),
    "scorecards with partners": lambda seed: scorecards(seed, planned=True),
    "scorecards with online pages": scorecards_with_online_pages,
    "blank scorecards": blank_scorecards,
    "table cards": table_cards,
    "table cards on US Letter": table_cards_on_letter,
    "club table cards": club_table_cards,
    "result slips": result_slips,
    "progression, planned": lambda seed: progression(seed, planned=True),
    "progression, result-driven": lambda seed: progression(seed, planned=False),
    "wall sheet, planned": lambda seed: wall_sheet(seed, planned=True),
    "wall sheet, result-driven": lambda seed: wall_sheet(seed, planned=False),
    "find your table": find_your_table,
    "results": results,
    "prize list": prize_list,
    "score pads": score_pads,
    "season table": season,
    "pair cards": pair_cards,
    "travellers": travellers,
    "movement cards": movement_cards,
    "hand records": hand_records,
    "hand records with results": hand_records_with_results,
    "duplicate results": duplicate_results,
    "door poster": door_poster,
    "treasurer's sheet": treasurers_sheet,
}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_every_character_is_on_the_page_five_millimetres_in_and_big_enough_to_read(document, seed):
    assert readability_faults(DOCUMENTS[document](seed)) == []


@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_text_shortened_for_room_stops_after_a_whole_word_never_inside_one(document):
    assert words_cut_inside(DOCUMENTS[document](SEEDS[0])) == []


@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_no_name_is_shrunk_below_eight_points(document):
    assert characters_under(DOCUMENTS[document](SEEDS[1])) == ""


@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_no_page_is_left_blank(document):
    assert blank_pages(DOCUMENTS[document](SEEDS[0])) == []


def test_the_hostile_names_are_as_awkward_as_promised():
    names = factories.hostile_names(40)
    assert max(len(name) for name in names) <= factories.LONGEST_NAME
    assert any(len(name) > 100 for name in names)
    assert any("-" in name for name in names)
    assert any(name in factories.HOSTILE_CJK for name in names)
    every = " ".join(factories.HOSTILE_GIVEN + factories.HOSTILE_FAMILY + factories.HOSTILE_CJK)
    for letter in ("王", "Π", "Б", "ễ", "ó", "Ł"):  # Chinese, Greek, Cyrillic, Vietnamese, accents
        assert letter in every
