"""Double-dummy solving of a 9-table duplicate's boards (36: nine sets of four), and what importing the solver costs.

Run: python bench/double_dummy_bench.py [--runs 5] [--boards 36]
Each run deals the boards from a new seed (trumps HDSCN, so no-trump boards too) and solves them together
(``solve_boards``: DDS shares them between its threads, as the start of an evening does), then one by one
(``solve`` per board, as the first reader of a single old board would). The import is measured in a fresh
interpreter, as the first solve of a server process pays it. The figures go into docs/benchmarks.md under
"## Double dummy".
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time

from whistdrive.engines.duplicate import seeded_boards, solve, solve_boards

IMPORT = "import time; t = time.perf_counter(); import endplay.dds; print(time.perf_counter() - t)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--boards", type=int, default=36)
    args = parser.parse_args()
    imports = [float(subprocess.check_output([sys.executable, "-c", IMPORT], text=True)) for _ in range(3)]
    solve_boards(seeded_boards("HDSCN", 1, 0))  # the import, outside the timings below
    together, alone, cpu = [], [], []
    for run in range(args.runs):
        boards = seeded_boards("HDSCN", args.boards, seed=1000 + run)
        wall, used = time.perf_counter(), time.process_time()
        batch = solve_boards(boards)
        together.append(time.perf_counter() - wall)
        cpu.append(time.process_time() - used)
        wall = time.perf_counter()
        single = [solve(board) for board in boards]
        alone.append(time.perf_counter() - wall)
        assert batch == single
    print(f"{platform.platform()}, Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"import endplay.dds (fresh interpreter), 3 runs: {', '.join(f'{s:.2f}' for s in imports)} s")
    print(f"| {args.boards} boards | median | best | worst |")
    print("| --- | --- | --- | --- |")
    for name, times in (("together, wall", together), ("together, CPU", cpu), ("one by one, wall", alone)):
        print(f"| {name} | {statistics.median(times):.2f} s | {min(times):.2f} s | {max(times):.2f} s |")


if __name__ == "__main__":
    main()
