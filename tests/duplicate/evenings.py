"""Whole duplicate evenings played by the simulation's card players, as archive-like plain values."""

from whistdrive.engines.duplicate import seeded_boards, start
from whistdrive.engines.formats import Format
from whistdrive.engines.movements import Player
from whistdrive.engines.rules import RandomPlayer


def players(count: int, roles: bool = False) -> list[Player]:
    if roles:
        return [Player(f"p{i}", "lady" if i % 2 else "gent") for i in range(1, count + 1)]
    return [Player(f"p{i}") for i in range(1, count + 1)]


def duplicate(**changes) -> Format:
    return Format.duplicate(**changes)


def played_evening(fmt: Format, pairs: int, seed: int = 1, by: str = "card"):
    """(start, boards as dicts, hands as dicts): every table plays each board from its deal.

    Each table has its own seeded random card players, so the same cards make different tricks
    at different tables, as in a hall.
    """
    begun = start(fmt, players(2 * pairs), seed=seed, by=by)
    boards = seeded_boards(fmt.trumps, begun.plan.boards_in_play, seed)
    hands = []
    for hand in begun.hands:
        tables = []
        for table, seats in sorted(hand.seating.tables.items()):
            board = boards[hand.boards[table] - 1]
            played = board.play(RandomPlayer(seed * 10_000 + hand.number * 100 + table))
            tables.append(
                {
                    "table": table,
                    "board": board.number,
                    "seats": dict(seats),
                    "tricks": played.tricks_won,
                    "revoke": None,
                }
            )
        hands.append({"number": hand.number, "tables": tables, "sitting_out": list(hand.seating.sitting_out)})
    return begun, [b.to_dict() for b in boards], hands
