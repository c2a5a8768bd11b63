"""Small hand-written sheets for the printing tests: a 40-player evening with awkward names."""

from __future__ import annotations

import datetime
import random

from whistdrive.printing.pair_docs import BoardPage, PairCard, PairRound, PairsSheet, ResultLine, TravellerLine
from whistdrive.printing.sheets import (
    HandSeating,
    PrizeAward,
    ProgressionPlayer,
    ProgressionSheet,
    Scorecard,
    ScorecardRow,
    ScorecardSheet,
    ScorePad,
    ScorePadSheet,
    SeatedTable,
    StandingRow,
    TableCard,
    TableCardSheet,
)

LONG_NAME = "Maximiliana Wilhelmina Bartholomew-Featherstonehaugh-Cholmondeley"
AWKWARD = ["Zoë Brontë", "Łukasz Żółkiewski", "Siobhán O'Brien", "Renée & Jean <Dupont>", LONG_NAME, "Ægir Ødegård"]
FIRST = ["Ann", "Bob", "Cath", "Dan", "Edith", "Fred", "Gwen", "Harry", "Iris", "Jack", "Kath", "Len", "Mavis", "Norm"]
SURNAMES = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Evans", "Thomas", "Roberts", "Walker"]
CLUB = "Nether Wallop Whist Club"
EVENT = "Tuesday drive"
DATE = datetime.date(2026, 12, 1)
VENUE = "St Andrew's Village Hall"
PROGRESSIVE_RULE = "Winners move: the lady up a table, the gent down; the losing gent crosses to oppose his partner."
TRUMPS = "HDSC"


def player_names(count: int, awkward: bool = True) -> list[str]:
    names = list(AWKWARD) if awkward else []
    i = 0
    while len(names) < count:
        names.append(f"{FIRST[i % len(FIRST)]} {SURNAMES[(i // len(FIRST) + i) % len(SURNAMES)]}")
        i += 1
    return names[:count]


def personal_url(card_number: int) -> str:
    return f"http://192.168.1.20:8000/p/tuesday-drive/{card_number}/"


def table_url(table: int) -> str:
    return f"http://192.168.1.20:8000/t/tuesday-drive/{table}/"


def scorecard_sheet(
    entrants: int = 40,
    hands: int = 24,
    planned: bool = False,
    played: bool = False,
    trumps: str | None = TRUMPS,
    page_size: str = "A4",
    cards_per_page: int | None = None,
    interval_after: int | None = "half",
    awkward: bool = True,
) -> ScorecardSheet:
    if interval_after == "half":
        interval_after = hands // 2 if hands > 1 else None
    names = player_names(entrants, awkward)
    tables = max(1, entrants // 4)
    cards = []
    for index, name in enumerate(names):
        number = index + 1
        rows = []
        total = 0
        half = None
        for hand in range(1, hands + 1):
            tricks = (number + hand) % 8 + 3 if played else None
            if played:
                total += tricks
                if hand == interval_after:
                    half = total
            rows.append(
                ScorecardRow(
                    hand=hand,
                    trump=trumps[(hand - 1) % len(trumps)] if trumps else None,
                    table=(index + hand) % tables + 1 if planned else None,
                    seat="NESW"[(index + hand) % 4] if planned else None,
                    partner=names[(index + 2 * hand) % entrants] if planned else None,
                    tricks=tricks,
                    running_total=total if played else None,
                    opponents="AS/BJ" if played else None,
                )
            )
        cards.append(
            Scorecard(
                name=name,
                card_number=number,
                role="lady" if index % 2 == 0 else "gent",
                personal_url=personal_url(number),
                rows=rows,
                half_time_total=half,
                total=total if played else None,
            )
        )
    return ScorecardSheet(
        club=CLUB,
        event=EVENT,
        date=DATE,
        venue=VENUE,
        movement_rule=PROGRESSIVE_RULE,
        interval_after=interval_after,
        cards=cards,
        page_size=page_size,
        cards_per_page=cards_per_page,
    )


def table_card_sheet(tables: int = 10, page_size: str = "A4", trump_rotation: str | None = "HDSC") -> TableCardSheet:
    return TableCardSheet(
        club=CLUB,
        event=EVENT,
        date=DATE,
        cards=[TableCard(table=t, url=table_url(t)) for t in range(1, tables + 1)],
        trump_rotation=trump_rotation,
        page_size=page_size,
    )


def progression_sheet(entrants: int = 40, hands: int = 24, planned: bool = True) -> ProgressionSheet:
    names = player_names(entrants)
    players = [ProgressionPlayer(key=str(i + 1), name=name, role=None) for i, name in enumerate(names)]
    tables = entrants // 4
    spare_keys = [p.key for p in players[tables * 4 :]]
    seated_keys = [p.key for p in players[: tables * 4]]
    seatings = []
    for hand in range(1, (hands if planned else 1) + 1):
        # A made-up but valid schedule: everyone shifts by the hand number.
        shift = (hand - 1) * 3
        order = seated_keys[shift % len(seated_keys) :] + seated_keys[: shift % len(seated_keys)]
        seatings.append(
            HandSeating(
                hand=hand,
                tables=[
                    SeatedTable(table=t + 1, seats=dict(zip("NESW", order[t * 4 : t * 4 + 4], strict=True)))
                    for t in range(tables)
                ],
                sitting_out=spare_keys,
            )
        )
    return ProgressionSheet(
        club=CLUB,
        event=EVENT,
        date=DATE,
        players=players,
        hands=seatings,
        planned=planned,
        movement_rule=PROGRESSIVE_RULE if not planned else "Individual schedule: follow your itinerary.",
        spares_rotation=[]
        if planned
        else ["Spares sit out in card order; each spare takes the seat of the next leaver."],
    )


def results_sheet(entrants: int = 40) -> ResultsSheet:  # noqa: F821 - imported below to keep the list tidy
    names = player_names(entrants)
    standings = []
    totals = sorted(((150 + (i * 37) % 41, name, i) for i, name in enumerate(names)), reverse=True)
    previous = None
    rank = 0
    for position, (total, name, i) in enumerate(totals, start=1):
        if total != previous:
            rank = position
        previous = total
        shared = sum(1 for t, _, _ in totals if t == total) > 1
        first = total // 2 + i % 3
        standings.append(
            StandingRow(
                rank=rank,
                shared=shared,
                name=name,
                total=total,
                first_half=first,
                second_half=total - first,
                role="lady" if i % 2 == 0 else "gent",
                card_number=i + 1,
            )
        )
    prizes = [
        PrizeAward("Ladies' first", [standings[0].name], standings[0].total),
        PrizeAward("Gents' first", [standings[1].name, standings[2].name], standings[1].total, tied=True),
        PrizeAward("Half-time highest", [LONG_NAME], 99),
        PrizeAward("Booby", [standings[-1].name], standings[-1].total),
    ]
    return ResultsSheet(club=CLUB, event=EVENT, date=DATE, venue=VENUE, standings=standings, prizes=prizes)


def score_pad_sheet(tables: int = 10, page_size: str = "A4", rubber: str = "classic", target: int = 5) -> ScorePadSheet:
    return ScorePadSheet(
        club=CLUB,
        event="Games night",
        date=DATE,
        pads=[ScorePad(table=t) for t in range(1, tables + 1)],
        target=target,
        rubber=rubber,
        page_size=page_size,
    )


from whistdrive.printing.sheets import ResultsSheet  # noqa: E402


def result_slip_sheet(tables: int = 6, hands: tuple[int, ...] = (5,)) -> ResultSlipSheet:
    return ResultSlipSheet(
        club=CLUB,
        event=EVENT,
        date=DATE,
        slips=[
            ResultSlip(table=t, hands=[SlipHand(h, TRUMPS[(h - 1) % 4]) for h in hands],
                       north_south=f"Ann Smith {t} & Bob Jones {t}", east_west=f"Cath Brown {t} & Dan Evans {t}")
            for t in range(1, tables + 1)
        ],
    )  # fmt: skip


def season_sheet(members: int = 12) -> SeasonSheet:
    names = player_names(members)
    lines = [
        SeasonLine(position=i + 1, tied=False, name=name, events=5, score=900 - 10 * i, total=1000 - 10 * i,
                   hands=120, average=f"{(1000 - 10 * i) / 120:.2f}", counted="1 Sep, 8 Sep, 15 Sep, 22 Sep")
        for i, name in enumerate(names)
    ]  # fmt: skip
    return SeasonSheet(
        club=CLUB, season="Winter 2026", heading="Best 4 of 5", dates="1 September 2026 to 31 December 2026",
        lines=lines, best=4, guests=[("Guest Person", "Tuesday drive (1 December 2026)", 170)],
        events=[("1 December 2026", "Tuesday drive", "Finished")],
    )  # fmt: skip


from whistdrive.printing.sheets import ResultSlip, ResultSlipSheet, SeasonLine, SeasonSheet, SlipHand  # noqa: E402

# -- names real clubs have, at their worst ----------------------------------------------------------

# The longest word that cannot be broken is 19 letters (Brzęczyszczykiewicz, Константинопольская):
# a name is wrapped at its spaces and hyphens, so its longest word is what a column must hold.
HOSTILE_GIVEN = ["Zoë", "Siobhán", "Łukasz", "Αικατερίνη", "Анастасия", "Thị Minh", "Maximiliana", "Renée",
                 "Ægir", "Józefina", "Jean-Baptiste", "Ōtsuka", "Παναγιώτης", "Владислав", "Bartholomew"]  # fmt: skip
HOSTILE_FAMILY = ["Bartholomew-Featherstonehaugh-Cholmondeley", "Brzęczyszczykiewicz", "Παπαδοπούλου",
                  "Константинопольская", "Nguyễn", "Ó Súilleabháin", "Smith-Jones", "de la Cruz-Montgomery",
                  "Wojciechowska-Szymańska", "Трофимова-Бельская", "Hà-Trần", "Ødegård", "Phạm Hoàng"]  # fmt: skip
HOSTILE_CJK = ["王芳", "欧阳娜娜", "司马相如", "张伟", "诸葛亮亮", "田中 さくら", "김민준"]
LONGEST_NAME = 120


def hostile_names(count: int, seed: int = 48) -> list[str]:
    """``count`` names a club might really enter, the awkward kinds in turn: long and double-barrelled,
    accented, Greek, Cyrillic, Vietnamese, Chinese, and some up to the 120 characters a name may have."""
    rng = random.Random(seed)
    names = []
    for index in range(count):
        kind = index % 5
        if kind == 0:
            name = rng.choice(HOSTILE_CJK)
        elif kind == 1:
            name = f"{rng.choice(HOSTILE_GIVEN)} {rng.choice(HOSTILE_FAMILY)}"
        elif kind == 2:
            # As long as a name may be: given names and family names until 120 characters.
            words = [rng.choice(HOSTILE_GIVEN)]
            while len(" ".join(words)) < LONGEST_NAME:
                words.append(rng.choice(HOSTILE_GIVEN + HOSTILE_FAMILY))
            while len(" ".join(words)) > LONGEST_NAME:
                words.pop()
            name = " ".join(words)
        elif kind == 3:
            name = f"{rng.choice(HOSTILE_GIVEN)} {rng.choice(HOSTILE_GIVEN)} {rng.choice(HOSTILE_FAMILY)}"
        else:
            name = f"{FIRST[index % len(FIRST)]} {SURNAMES[index % len(SURNAMES)]}"
        names.append(name)
    return names


LONG_EVENT = "The Nether Wallop and District Christmas Charity Whist Drive in aid of the church roof"
LONG_CLUB = "Llanfair and Upper Clatford Royal British Legion Whist and Social Club"

DEAL = {
    "N": ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"],
    "E": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
    "S": ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
    "W": ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"],
}


def pairs_sheet(seed: int = 48) -> PairsSheet:
    """A 9-table duplicate evening, part-played: 18 pairs, 27 boards."""
    names = hostile_names(36, seed)
    pair_names = [f"{names[2 * i]} & {names[2 * i + 1]}" for i in range(18)]
    labels = [f"N–S {i + 1}" if i < 9 else f"E–W {i - 8}" for i in range(18)]
    cards = [
        PairCard(labels[i], pair_names[i], [
            PairRound(r, (i + r) % 9 + 1, "N–S" if i < 9 else "E–W", labels[(i + 9) % 18], pair_names[(i + 9) % 18],
                      f"{3 * r - 2}, {3 * r - 1}, {3 * r}")
            for r in range(1, 10)
        ], note=f"You sit N–S at table {i + 1} all evening." if i < 9 else "")
        for i in range(18)
    ]  # fmt: skip
    boards = [
        BoardPage(
            number, "NESW"[number % 4], "HDSCN"[number % 5], DEAL,
            [TravellerLine(t, (number - 1) // 3 + 1, labels[t - 1], labels[8 + t], 7 if number < 10 else None,
                           6 if number < 10 else None, 8.5 if number < 10 else None, 7.5 if number < 10 else None)
             for t in range(1, 10)],
            16,
            (13, 0) if number % 2 else (6, 7),  # double dummy: the widest figures, and an ordinary board
        )
        for number in range(1, 28)
    ]  # fmt: skip
    fields = [
        (heading, [ResultLine(f"{i + 1}", labels[i + offset], pair_names[i + offset], 80.5 - i, 53.7 - i / 3, 9)
                   for i in range(9)])
        for heading, offset in (("North–South", 0), ("East–West", 9))
    ]  # fmt: skip
    return PairsSheet(
        club=LONG_CLUB, event=LONG_EVENT, date=DATE, venue=VENUE, status="Provisional after round 3",
        cards=cards, boards=boards, fields=fields, top=16,
        movement_cards=[(t, [f"N–S {t} sits here all evening.", f"After each round: E–W go up to table {t % 9 + 1}, "
                             f"boards go down to table {(t - 2) % 9 + 1}."]) for t in range(1, 10)],
        prizes=[("First N–S", f"{labels[0]} {pair_names[0]}", "53.70%"),
                ("First E–W", ", ".join(f"{labels[9 + i]} {pair_names[9 + i]}" for i in range(3)), "51.20%")],
    )  # fmt: skip
