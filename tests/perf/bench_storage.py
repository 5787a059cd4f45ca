"""Bytes per saved game, side by side: requests saved as deltas (today) and whole (before); prints
(run: python -m tests.perf.bench_storage).

A 50-turn game between two model seats against the stub server (real HTTP through litellm), once
with replies of 1,000 characters (a talkative model) and once with replies of 1 MB (a broken or
hostile partner: each is cut to the 20,000-character cap, and the cut is recorded). For each: the
database file's size, the bytes of the request column as saved and as whole requests would have
been, peak memory, and the time to load the game and to grade it.
"""

from __future__ import annotations

import json
import os
import resource
import tempfile
import time
from pathlib import Path

from mazeplay.game.loop import GameState
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.headless import run_new
from mazeplay.judge.score import grade_game
from mazeplay.seats.registry import SeatOptions, SeatSpec
from mazeplay.store import GameStore, open_db
from tests.stub_server import StubServer

TURNS = 50


def one_game(reply_chars: int) -> dict:
    stub = StubServer(default=("ok", ("I am still studying my map. " * (reply_chars // 28 + 1))[:reply_chars])).start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "game.db"
            spec = SeatSpec(kind="llm", name="openai/stub", api_base=stub.api_base)
            setup = GameSetup.create(GameConfig(seed=7, max_turns=TURNS))
            options = SeatOptions(api_key="sk-none", timeout=60.0, max_retries=0)
            outcome = run_new(GameStore(open_db(path)), setup, {"a": spec, "b": spec}, options, None)
            store = GameStore(open_db(path))
            store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            saved = store.db.execute("select sum(length(request)), sum(length(text)) from turns").fetchone()
            started = time.perf_counter()
            game = store.load_game(outcome.game_id)
            load_s = time.perf_counter() - started
            whole = sum(len(json.dumps(t.reply.request, separators=(",", ":"), default=str)) for t in game.turns)
            started = time.perf_counter()
            grade_game(GameState.start(game.setup, game.turns))
            grade_s = time.perf_counter() - started
            return {"turns": len(game.turns), "file": os.path.getsize(path), "requests": saved[0], "text": saved[1],
                    "whole": whole, "load_s": load_s, "grade_s": grade_s}
    finally:
        stub.stop()


def main() -> None:
    print(f"{TURNS}-turn game, two model seats, against the stub server")
    for chars in (1_000, 1_000_000):
        row = one_game(chars)
        print(f"  replies of {chars:>9,} chars: database {row['file'] / 1e6:7.2f} MB for {row['text'] / 1e6:6.2f} MB of text; "
              f"requests saved {row['requests'] / 1e6:7.2f} MB, whole they would be {row['whole'] / 1e6:8.2f} MB "
              f"({row['whole'] / row['requests']:.1f}×); load {row['load_s'] * 1000:.0f} ms, grade {row['grade_s'] * 1000:.0f} ms")
    print(f"  peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
