"""Batch-run figures; prints (run: python -m tests.perf.bench_batch [GAMES]).

Throughput against the stub server with 250 ms latency at concurrency 32, as a ratio to the ideal
(concurrency / latency), and resident memory sampled across the run (it should stay flat). The seats
are named openai/gpt-4.1 so litellm knows a price (the stub answers whatever the name); for models
missing from its price map litellm spends extra milliseconds per call logging the failed cost lookup.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mazeplay.bench.plan import plan_from_dict
from mazeplay.bench.runner import BenchRunner
from mazeplay.config import DEFAULT_ALIASES
from mazeplay.seats.llm import load_litellm
from mazeplay.seats.registry import SeatOptions
from mazeplay.store import GameStore, open_db

LATENCY, CONCURRENCY, TURNS = 0.25, 32, 2


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


class MemorySampler:
    """Stands in for the progress stream: samples memory every `every` finished games."""

    def __init__(self, every: int) -> None:
        self.every, self.lines, self.samples = every, 0, []

    def write(self, text: str) -> None:
        if text.startswith("games "):
            self.lines += 1
            if self.lines % self.every == 0:
                self.samples.append((self.lines, rss_mb()))

    def flush(self) -> None:
        pass


def main(games: int) -> None:
    mazes = min(200, games)
    plan = plan_from_dict({"name": "perf", "mazes": mazes, "rollouts": max(1, games // mazes), "max_turns": TURNS,
                           "concurrency": CONCURRENCY, "conditions": [{"type": "pair", "models": ["openai/gpt-4.1"]}]})
    # The stub runs in its own process, so it does not compete with the runner for the GIL.
    stub = subprocess.Popen([sys.executable, "-m", "tests.stub_server", "0", str(LATENCY)], stdout=subprocess.PIPE, text=True)
    api_base = stub.stdout.readline().strip()
    sampler = MemorySampler(every=max(1, games // 8))
    try:
        with tempfile.TemporaryDirectory() as folder:
            store = GameStore(open_db(Path(folder) / "perf.db"))
            runner = BenchRunner(store, plan, SeatOptions(api_key="k", timeout=30), DEFAULT_ALIASES,
                                 api_base=api_base, out=sampler)
            started = time.perf_counter()
            load_litellm()  # a one-time import of seconds: reported apart from the steady throughput
            imported = time.perf_counter() - started
            started = time.perf_counter()
            progress = asyncio.run(runner.run())
            elapsed = time.perf_counter() - started
    finally:
        stub.terminate()
    calls = progress.done * TURNS
    ideal = CONCURRENCY / LATENCY
    print(f"batch: {progress.done} games ({calls} model calls, {progress.errors} errors) in {elapsed:.1f} s: "
          f"{calls / elapsed:.1f} calls/s against an ideal of {ideal:.0f} (ratio {calls / elapsed / ideal:.2f}); "
          f"importing litellm first took {imported:.1f} s")
    print("memory (games finished → RSS MB): " + ", ".join(f"{n}→{mb:.0f}" for n, mb in sampler.samples))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
