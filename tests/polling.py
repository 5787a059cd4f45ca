"""Waiting on a database that another process is writing."""

import sqlite3
import time
from contextlib import closing


def wait_for_count(db_path, sql: str, at_least: int, timeout: float = 60.0) -> int:
    """Poll `sql` (a count) until it reaches `at_least` or the time is up; returns the last count.

    The file is opened `mode=rw`: the poll must never create it. A plain connect made an empty file
    when it came between the game's mkdir and its own open, racing the game's first migration — under
    load the poll then read 0 turns for its whole minute while the game played on. Each connection is
    closed before the next poll, so none holds a snapshot or a lock."""
    deadline, count = time.monotonic() + timeout, 0
    uri = f"file:{db_path}?mode=rw"
    while time.monotonic() < deadline and count < at_least:
        time.sleep(0.1)
        try:
            with closing(sqlite3.connect(uri, uri=True, timeout=1.0)) as db:
                count = db.execute(sql).fetchone()[0]
        except sqlite3.Error:
            pass
    return count
