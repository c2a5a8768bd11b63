"""The plain values each printed document is built from.

No Django import: an adapter loads the event's rows and fills these dataclasses;
the document functions only read them. Strings are printed as given (the
documents escape them for reportlab's markup), dates may be a ``datetime.date``
or text already formatted for the club.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

PAGE_SIZES = ("A4", "letter")


@dataclass(frozen=True)
class ScorecardRow:
    """One hand on a player's scorecard.

    ``trump`` is "H", "D", "S", "C", "N" (no trumps) or None when trumps are turned or cut
    (left blank to write in). ``table``/``seat`` are None for result-driven movements.
    ``tricks``/``running_total``/``opponents`` are None on a card printed before play.
    """

    hand: int
    trump: str | None = None
    table: int | None = None
    seat: str | None = None
    partner: str | None = None
    tricks: int | None = None
    running_total: int | None = None
    opponents: str | None = None
    missed: bool = False  # before a late arrival's first hand or after a leaver's last: struck through


@dataclass(frozen=True)
class Scorecard:
    """One player's card. A blank card for the door has no name (written in) and no personal URL."""

    name: str
    card_number: int | str
    role: str | None  # "lady", "gent" or None
    personal_url: str | None
    rows: list[ScorecardRow] = field(default_factory=list)
    half_time_total: int | None = None
    total: int | None = None
    joined_hand: int = 1  # a late arrival's first hand: the card says so and strikes the hands before
    left_after_hand: int | None = None
    # The member's page on the club's hosted site (history, grade), printed as a second, smaller code at the
    # card's foot; None for a guest, or a club with no hosted site.
    online_url: str | None = None


@dataclass(frozen=True)
class ScorecardSheet:
    club: str
    event: str
    date: datetime.date | str
    cards: list[Scorecard]
    venue: str = ""
    movement_rule: str = ""
    interval_after: int | None = None  # last hand of the first half: a subtotal line follows it
    page_size: str = "A4"
    cards_per_page: int | None = None  # None: 4 when every card has at most 16 hands, else 2


@dataclass(frozen=True)
class TableCard:
    table: int
    url: str  # the table's phone page (or the club's reusable address for its table of this number)
    movers: str = ""  # where movers go from here: "Winning lady → table 2 · winning gent → table 7"


@dataclass(frozen=True)
class TableCardSheet:
    club: str
    event: str
    date: datetime.date | str
    cards: list[TableCard]
    trump_rotation: str | None = "HDSC"  # letters of H D S C N, or None when trumps are turned/cut
    trump_mode: str | None = None  # "turned" or "cut" when there is no rotation
    instructions: tuple[str, ...] = (
        "Scan the code with a phone, choose the hand and enter the tricks for each side.",
        "Both sides check the result on the screen; the two sides' tricks must add up to 13.",
    )
    page_size: str = "A4"


@dataclass(frozen=True)
class ClubTableCardSheet:
    """A club's reusable table cards: each QR leads to whatever event is in play at that table."""

    club: str
    cards: list[TableCard]
    page_size: str = "A4"


@dataclass(frozen=True)
class SlipHand:
    hand: int
    trump: str | None  # None: turned or cut, written in


@dataclass(frozen=True)
class ResultSlip:
    """One table's slip for a hand (or a round's hands): the tricks and initials of both sides."""

    table: int
    hands: list[SlipHand]
    north_south: str = ""  # the pair's names when the seating is known, else written in
    east_west: str = ""


@dataclass(frozen=True)
class ResultSlipSheet:
    club: str
    event: str
    date: datetime.date | str
    slips: list[ResultSlip]  # in the order of the "Key from paper" page: hand by hand, tables in order
    page_size: str = "A4"


@dataclass(frozen=True)
class ProgressionPlayer:
    key: str  # what the grids show: a card number or a short name
    name: str
    role: str | None = None


@dataclass(frozen=True)
class SeatedTable:
    table: int
    seats: dict[str, str]  # seat "N"/"E"/"S"/"W" -> ProgressionPlayer.key


@dataclass(frozen=True)
class HandSeating:
    hand: int
    tables: list[SeatedTable]
    sitting_out: list[str] = field(default_factory=list)  # ProgressionPlayer.key


@dataclass(frozen=True)
class ProgressionSheet:
    """Who sits where.

    ``planned`` movements (mitchell, individual, stationary) give every hand in ``hands``;
    result-driven ones (progressive, semi-partner) give only the first hand, and the
    ``movement_rule`` sentence and ``spares_rotation`` lines say what happens next.
    """

    club: str
    event: str
    date: datetime.date | str
    players: list[ProgressionPlayer]
    hands: list[HandSeating]
    planned: bool
    movement_rule: str = ""
    spares_rotation: list[str] = field(default_factory=list)
    page_size: str = "A4"


@dataclass(frozen=True)
class StandingRow:
    rank: int
    shared: bool  # another entrant has the same rank: printed "=2"
    name: str
    total: int
    first_half: int | None = None
    second_half: int | None = None
    role: str | None = None
    card_number: int | str | None = None


@dataclass(frozen=True)
class PrizeAward:
    prize: str  # "Ladies' 1st", "Booby (gents)", "Highest at half-time"
    winners: list[str]  # names; more than one when tied for a place that must be settled
    score: int | float | None = None  # a duplicate evening's pairs are judged on a percentage
    tied: bool = False  # a tie the club's tie-breaks did not separate: settle by a cut
    note: str = ""  # the prize page's words: "equal with Ann Smith on 81"
    heading: str = ""  # the prize's heading on the prize page ("Ladies' prizes"), when it has one
    card_numbers: list[int | str | None] = field(default_factory=list)  # the winners' cards, in order


@dataclass(frozen=True)
class GamesRow:
    """A game night's standing: rubber points, then games won, then points."""

    rank: int
    shared: bool
    name: str
    rubber_points: int
    games_won: int
    points: int
    card_number: int | str | None = None


@dataclass(frozen=True)
class TableStory:
    table: int
    lines: list[str]  # "Hand 3: rubber to Ann Smith & Bob Jones (2–0), 7 points", then the state at the end


@dataclass(frozen=True)
class ResultsSheet:
    club: str
    event: str
    date: datetime.date | str
    standings: list[StandingRow]
    venue: str = ""
    prizes: list[PrizeAward] = field(default_factory=list)
    page_size: str = "A4"
    status: str = ""  # "Provisional after hand 9 of 24" when printed mid-evening; "Final results" at the end
    prizes_note: str = ""  # instead of the prizes, e.g. before any hand is scored
    games: list[GamesRow] = field(default_factory=list)  # a game night: these instead of `standings`
    tables: list[TableStory] = field(default_factory=list)  # a game night: each table's rubbers
    ranking: str = ""  # a game night: how the standings are ranked, in words
    by_pairs: bool = False  # a pairs drive: one line a pair, its number ("N–S 3") in the card column
    draws: list[tuple[str, str]] = field(default_factory=list)  # the draws' winners: ("Raffle: Sherry", "Pink 42")


@dataclass(frozen=True)
class ScorePad:
    table: int
    players: str = ""  # optional names written at the top, e.g. "Ann & Bob v Cath & Dan"
    heading: str = ""  # e.g. "Round 2 · hands 5–8" for a pad printed in advance for a planned round


@dataclass(frozen=True)
class ScorePadSheet:
    club: str
    event: str
    date: datetime.date | str
    pads: list[ScorePad]
    target: int = 5  # points for game
    rubber: str = "classic"  # "classic", "simple" or "none" (Format.rubber)
    honours: bool = False
    page_size: str = "A4"
    honours_can_win: bool = True
    revoke_penalty: str = "tricks"  # "tricks" or "points" (Format.revoke_penalty)
    moves: bool = False  # the pairs move during the night (Mitchell): a new pad after each move


@dataclass(frozen=True)
class SeasonLine:
    position: int
    tied: bool
    name: str
    events: int
    score: int  # what the table is ordered on: the total, or the best N events' total
    total: int
    hands: int
    average: str  # per hand, to 2 places
    counted: str = ""  # with best N of M: the dates of the events that count


@dataclass(frozen=True)
class SeasonSheet:
    club: str
    season: str
    heading: str  # "Best 8 of 12" or "All 12 events"
    dates: str  # "1 September 2026 to 31 May 2027"
    lines: list[SeasonLine]
    best: int | None = None  # counting the best N events
    guests: list[tuple[str, str, int]] = field(default_factory=list)  # (name, event and date, total)
    events: list[tuple[str, str, str]] = field(default_factory=list)  # (date, event, status)
    provisional: bool = False
    page_size: str = "A4"
