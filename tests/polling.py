"""Waiting on a database that another process is writing."""

import sqlite3
import time


def wait_for_count(db_path, sql: str, at_least: int, timeout: float = 60.0) -> int:
    """Poll `sql` (a count) until it reaches `at_least` or the time is up; returns the last count."""
    deadline, count = time.monotonic() + timeout, 0
    while time.monotonic() < deadline and count < at_least:
        time.sleep(0.1)
        try:
            with sqlite3.connect(db_path) as db:
                count = db.execute(sql).fetchone()[0]
        except sqlite3.Error:
            pass
    return count
