"""The database file: processes started together on a new file all succeed (one migrates, the others
wait), and a file from a newer mazeplay is refused before anything is written."""

import sqlite3
import subprocess
import sys

import pytest

from mazeplay.store import StoreError, open_db
from mazeplay.store.db import SCHEMA_VERSION


def test_eight_processes_started_together_on_a_fresh_file_all_succeed(tmp_path):
    db = tmp_path / "fresh.db"
    procs = [subprocess.Popen([sys.executable, "-m", "mazeplay", "run", "--a", "bot", "--b", "bot", "--seed", str(seed),
                               "--max-turns", "4", "--db", str(db)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
             for seed in range(8)]
    errors = [p.communicate(timeout=180)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 8, errors
    conn = sqlite3.connect(db)
    assert conn.execute("select count(*) from games where status = 'finished'").fetchone()[0] == 8
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_newer_schema_version_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "newer.db"
    open_db(path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer mazeplay"):
        open_db(path)
    assert path.read_bytes() == before
    result = subprocess.run([sys.executable, "-m", "mazeplay", "replay", "--db", str(path)], capture_output=True, text=True)
    assert result.returncode == 2 and "newer mazeplay" in result.stderr and len(result.stderr.strip().splitlines()) == 1
