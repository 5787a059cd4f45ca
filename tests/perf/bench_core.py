"""Benchmarks for the playable core; prints figures (run: python -m tests.perf.bench_core).

- mazes generated and split per second (6×6 and 12×12);
- CLI start time: `mazeplay --help` and `mazeplay mazes`, beside a bare `python -c pass`;
- per-turn harness overhead against the stub server: a full game turn (prompt building, litellm
  call, SQLite commit) beside the bare litellm call to the same stub, measured in one run.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def bench_generation() -> None:
    from mazeplay.engine import MazeParams, generate_maze, split_views

    for size in (6, 12):
        params = MazeParams(size=size)
        count, started = 0, time.perf_counter()
        while time.perf_counter() - started < 2.0:
            maze = generate_maze(count, params)
            split_views(maze, count)
            count += 1
        rate = count / (time.perf_counter() - started)
        print(f"generation: {rate:8.0f} mazes/s generated+split ({size}×{size}, density 0.30)")


def _time_command(args: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(args, capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def bench_cli() -> None:
    baseline = _time_command([sys.executable, "-c", "pass"])
    help_time = _time_command([sys.executable, "-m", "mazeplay", "--help"])
    mazes_time = _time_command([sys.executable, "-m", "mazeplay", "mazes", "--count", "1"])
    print(f"cli: python -c pass {baseline * 1000:6.0f} ms | mazeplay --help {help_time * 1000:6.0f} ms "
          f"| mazeplay mazes {mazes_time * 1000:6.0f} ms (medians of 7)")


async def _bare_calls(api_base: str, n: int) -> float:
    from mazeplay.seats.llm import load_litellm

    litellm = load_litellm()
    messages = [{"role": "user", "content": "hello"}]
    started = time.perf_counter()
    for _ in range(n):
        await litellm.acompletion(model="openai/stub", messages=messages, api_base=api_base, api_key="k", timeout=10, max_retries=0)
    return (time.perf_counter() - started) / n


def bench_turn_overhead() -> None:
    from mazeplay.game.loop import GameState
    from mazeplay.game.setup import GameConfig, GameSetup
    from mazeplay.headless import drive
    from mazeplay.seats.llm import LLMSeat
    from mazeplay.store import GameStore, open_db
    from tests.stub_server import StubServer

    stub = StubServer(default=("ok", "I am still thinking.")).start()
    try:
        turns = 50
        asyncio.run(_bare_calls(stub.api_base, 3))  # warm up imports and connections
        bare = asyncio.run(_bare_calls(stub.api_base, turns))
        with tempfile.TemporaryDirectory() as folder:
            store = GameStore(open_db(Path(folder) / "bench.db"))
            setup = GameSetup.create(GameConfig(seed=1, max_turns=turns))
            seats = {s: LLMSeat("openai/stub", api_base=stub.api_base, api_key="k", timeout=10) for s in "ab"}
            game_id = store.create_game(setup, {s: seats[s].describe() for s in "ab"})
            started = time.perf_counter()
            asyncio.run(drive(store, game_id, GameState.start(setup), seats, None))
            full = (time.perf_counter() - started) / turns
        print(f"turns: bare litellm call {bare * 1000:6.1f} ms | full harness turn {full * 1000:6.1f} ms "
              f"| overhead {max(0.0, full - bare) * 1000:6.1f} ms/turn ({full / bare:.2f}×) over {turns} turns")
    finally:
        stub.stop()


if __name__ == "__main__":
    bench_generation()
    bench_cli()
    bench_turn_overhead()
