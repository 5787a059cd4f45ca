"""A bench run that kill -9s itself at a chosen point: `python -m tests.bench.crash POINT DB`.

POINT is where the process dies, inside the transaction that should make the step atomic:
  fork   after the first copied turn of the first relay fork is written
  grade  after the first grade of the first finished game is written
Without POINT (`-`), the same run plays to its end (how the tests resume it)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from mazeplay.bench.plan import plan_from_dict
from mazeplay.bench.runner import BenchRunner
from mazeplay.config import DEFAULT_ALIASES
from mazeplay.seats.registry import SeatOptions
from mazeplay.store import GameStore, open_db
from mazeplay.store.games import GameStore as Store

PLAN = {"name": "crash", "mazes": 2, "mode": "live",
        "conditions": [{"type": "relay", "strong": "bot", "weak": "bot:random", "k": [2]}]}


def die_after(method: str, when) -> None:
    original = getattr(Store, method)

    def wrapped(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        if when(self, *args, **kwargs):
            os.kill(os.getpid(), signal.SIGKILL)
        return result

    setattr(Store, method, wrapped)


def main(point: str, db: str) -> None:
    if point == "fork":  # a copied turn goes into a game whose job is a relay
        die_after("_insert_turn", lambda self, game_id, turn: self.db.execute(
            "select kind from games where id = ?", [game_id]).fetchone()[0] == "relay")
    elif point == "grade":
        die_after("_insert", lambda self, table, row: table == "grades")
    runner = BenchRunner(GameStore(open_db(db)), plan_from_dict(PLAN), SeatOptions(), DEFAULT_ALIASES, out=None)
    progress = asyncio.run(runner.run())
    print(progress.done, progress.skipped_done, progress.errors)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
