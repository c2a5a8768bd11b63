"""Play out hands with four heuristic players and print hands per second.

    python bench/rules_bench.py [HANDS]     (default 10,000)

Also prints the heuristic pair's margin over a random pair (2,000 deals, each played from
both sides). Figures go in docs/benchmarks.md under "Rules engine".
"""

from __future__ import annotations

import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whistdrive.engines.rules import SEATS, HeuristicPlayer, RandomPlayer, simulate_hand  # noqa: E402


def hands_per_second(hands: int) -> float:
    player = HeuristicPlayer()
    start = time.perf_counter()
    for seed in range(hands):
        simulate_hand(seed, SEATS[seed % 4], None, player)
    return hands / (time.perf_counter() - start)


def margin(deals: int = 2000) -> tuple[float, float]:
    heuristic = HeuristicPlayer()
    won = 0
    for seed in range(deals):
        dealer = SEATS[seed % 4]
        rnd = RandomPlayer(seed)
        won += simulate_hand(seed, dealer, None, {"N": heuristic, "S": heuristic, "E": rnd, "W": rnd}).tricks["NS"]
        rnd = RandomPlayer(seed)
        won += simulate_hand(seed, dealer, None, {"E": heuristic, "W": heuristic, "N": rnd, "S": rnd}).tricks["EW"]
    mean = won / (2 * deals)
    return mean, 13 - mean


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rate = hands_per_second(hands)
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}")
    print(f"{hands} hands with four heuristic players: {rate:,.0f} hands/second")
    heuristic, random_ = margin()
    print(f"heuristic pair vs random pair over 2,000 deals x 2 sides: {heuristic:.2f} to {random_:.2f} tricks a hand")


if __name__ == "__main__":
    main()
