"""Small builders for movement tests: players by card number, results by winner."""

from whistdrive.engines.formats import Format
from whistdrive.engines.movements import Player, RoundResult, SeatingPlan


def players(count: int, roles: bool = False) -> list[Player]:
    """p1..pN; with roles odd cards are ladies and even cards gents."""
    if roles:
        return [Player(f"p{i}", "lady" if i % 2 else "gent") for i in range(1, count + 1)]
    return [Player(f"p{i}", None) for i in range(1, count + 1)]


def won(side: str) -> RoundResult:
    return RoundResult(8, 5, side) if side == "NS" else RoundResult(5, 8, side)


def tables(seating: SeatingPlan) -> dict[int, str]:
    """Each table as 'N E S W' for easy reading."""
    return {t: " ".join(seats[s] for s in "NESW") for t, seats in seating.tables.items()}


def fmt(**changes) -> Format:
    return Format(**{"hands": 12, "interval_after": 6, **changes})
