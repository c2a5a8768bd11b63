"""Read a stopped (or killed) laptop's SQLite file directly: what really reached the disk."""

import sqlite3
from pathlib import Path


def read(data_dir: Path, event: int) -> dict:
    with sqlite3.connect(data_dir / "whistdrive.sqlite3") as db:
        numbers = dict(db.execute("SELECT id, number FROM whistdrive_table WHERE event_id = ?", (event,)))
        submissions = [
            (numbers[t], hand, action, side, outcome)
            for t, hand, action, side, outcome in db.execute(
                "SELECT table_id, hand, action, side, outcome FROM whistdrive_submission"
            )
            if t in numbers
        ]
        results = {
            (numbers[t], hand): ns
            for t, hand, ns in db.execute("SELECT table_id, hand, tricks_ns FROM whistdrive_result")
            if t in numbers
        }
        current = db.execute("SELECT current_hand, status FROM whistdrive_event WHERE id = ?", (event,)).fetchone()
    return {"submissions": submissions, "results": results, "current_hand": current[0], "status": current[1]}
