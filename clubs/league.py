"""Leagues between clubs: matches of 24 deals between two clubs' teams of six, decided on total tricks.

A ``League`` is one season of matches between the clubs in it; a ``Match`` is one evening between a
home and an away club, kept as the two sides' total tricks and, when the match card is keyed deal by
deal, the 24 deals as well (each deal's two sides make 13 tricks, checked by the rules engine).
The league table is never stored: ``league_rows`` works it out from the matches with
``whistdrive.engines.seasons.league_table`` (3 points for a win, 1 for a tie, then tricks difference).

Who may do what (docs/games.md, "Leagues"): an organiser starts a league with their own club in it;
another club joins only by accepting an invitation (``LeagueInvitation``) that an organiser of a club
in the league made and sent to them. An organiser of a club in the league may enter, correct and
delete the league's matches, but only a match their own club plays in (home or away); anyone with
access to a club in the league (organiser or scorer) sees the table.
"""

from __future__ import annotations

from clubs.models import League
from whistdrive.engines.formats import Format
from whistdrive.engines.rules import HandEntry, entry_problems
from whistdrive.engines.seasons import LeagueRow, league_table

DEALS = 24  # a league match is 24 deals
TRICKS_PER_DEAL = 13
_DEAL_FORMAT = Format()  # a deal of a league match is checked as a drive's hand: tricks only


def deal_problems(number: int, home: str, away: str, home_tricks, away_tricks) -> list[str]:
    """What is wrong with one deal of a match card, in the clubs' names ("Deal 5: …")."""
    if home_tricks is None or away_tricks is None:
        return [f"Deal {number}: enter both clubs' tricks"]
    entry = HandEntry(home_tricks, away_tricks, "N")
    problems = entry_problems(_DEAL_FORMAT, entry)
    return [f"Deal {number}: " + p.replace("North–South", home).replace("East–West", away) for p in problems]


def totals_problems(home_tricks: int, away_tricks: int) -> list[str]:
    """Totals keyed from a card: every deal at every table makes 13, so the two totals make a multiple of 13."""
    total = home_tricks + away_tricks
    if total == 0 or total % TRICKS_PER_DEAL:
        return [
            f"the two totals make {total} tricks; every deal at every table makes 13, "
            "so together they must be a multiple of 13 (312 for 24 deals at one table)"
        ]
    return []


def league_rows(league: League) -> list[LeagueRow]:
    """The league table from the league's matches (one query), every club in the league listed."""
    matches = league.matches.values_list("home__name", "away__name", "home_tricks", "away_tricks")
    rows = league_table(list(matches))
    played = {row.club for row in rows}
    # Clubs yet to play are shown at the foot with nothing, so the table lists the whole league.
    waiting = sorted(name for name in league.clubs.values_list("name", flat=True) if name not in played)
    position = len(rows) + 1
    rows += [LeagueRow(name, 0, 0, 0, 0, 0, 0, 0, 0, position) for name in waiting]
    return rows
