"""Concurrent writers; prints (run: python -m tests.perf.bench_writers [ROUNDS]).

N processes started together on a new database file, each playing one 20-turn game between bots
(every turn a commit), for N = 1, 8 and 16: how many succeed, wall time, and games per second
against one process alone. Then two `bench` runs of one name started together: games made per job
(it must be 1.0) and the errors either printed."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def writers(n: int, folder: Path) -> tuple[int, float]:
    db = folder / f"fresh-{n}.db"
    started = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-m", "mazeplay", "run", "--a", "bot", "--b", "bot:random", "--seed", str(seed),
                               "--max-turns", "20", "--db", str(db), "--json"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL) for seed in range(n)]
    codes = [p.wait() for p in procs]
    seconds = time.perf_counter() - started
    finished = sqlite3.connect(db).execute("select count(*) from games where status = 'finished'").fetchone()[0]
    return (sum(code == 0 for code in codes) if finished == sum(code == 0 for code in codes) else -1), seconds


def two_benches(folder: Path) -> tuple[float, int]:
    db = folder / "bench.db"
    args = [sys.executable, "-m", "mazeplay", "bench", "--condition", "pair", "--models", "bot,bot:random", "--mazes", "10",
            "--name", "twice", "--db", str(db)]
    procs = [subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    errors = sum("Traceback" in p.communicate()[1] or p.returncode != 0 for p in procs)
    games, jobs = sqlite3.connect(db).execute("select count(*), count(distinct job_key) from games").fetchone()
    return games / jobs, errors


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        base = None
        for n in (1, 8, 16):
            ok, seconds = writers(n, folder)
            base = base or seconds
            print(f"{n:2d} processes on a new file: {ok}/{n} succeeded in {seconds:.1f} s "
                  f"({n / seconds:.2f} games/s; {n * base / seconds:.1f}× one process)")
        per_job, errors = two_benches(folder)
        print(f"two bench runs of one name at once: {per_job:.2f} games per job, {errors} processes failed")


if __name__ == "__main__":
    main()
