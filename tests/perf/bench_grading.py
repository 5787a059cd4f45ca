"""Grading figures; prints (run: python -m tests.perf.bench_grading [COUNT]).

- bot pairings in paper mode over the fixed 6×6 set, graded by the rule grader: success and mean
  weighted outcome with 95 % CI (mean ± 1.96·SE), beside live-mode ground truth for the same games;
- live mode: how often the rule grader, reading only the words, agrees with the engine's record of
  the moves it executed on the same games (same success and |Δ weighted outcome| < 0.01; exact route);
- rule grader throughput: transcripts graded per second, all 16 scheme replays included, cold (every
  clause read afresh) and warm (clause readings kept across games, as `regrade --all` runs; each game's
  messages are still read as new). Best and median of five 1-second windows: on a shared machine the
  best is the code's speed, the median what a busy machine gives.
"""

from __future__ import annotations

import asyncio
import sys
import time

import numpy as np

from mazeplay.game.loop import GameState, play
from mazeplay.game.mazesets import load_set, record_maze
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.dialogue.clauses import clear_caches, read_message
from mazeplay.judge.score import grade_game, rule_grade
from mazeplay.seats.bots import GroundedBot, RandomBot

PAIRS = [("bot", "bot"), ("bot", "bot:swap"), ("bot:swap", "bot"), ("bot", "bot:terse"), ("bot", "bot:random")]


def seat(name: str):
    return RandomBot() if name == "bot:random" else GroundedBot(name)


def ci(values: list[float]) -> str:
    arr = np.asarray(values, dtype=float)
    half = 1.96 * arr.std(ddof=1) / np.sqrt(len(arr)) if len(arr) > 1 else 0.0
    return f"{arr.mean():.3f} ± {half:.3f}"


def play_games(a: str, b: str, mode: str, count: int) -> list[GameState]:
    states = []
    for index, record in enumerate(load_set()[:count]):
        maze, views = record_maze(record)
        state = GameState.start(GameSetup(GameConfig(seed=record["seed"], mode=mode), maze, views, f"6x6-v1#{index}"))
        asyncio.run(play(state, {"a": seat(a), "b": seat(b)}))
        states.append(state)
    return states


def main(count: int) -> None:
    transcripts = []
    print(f"fixed set 6x6-v1, {count} mazes; success rate and weighted outcome (95% CI)")
    agreement_rows = []
    for a, b in PAIRS:
        paper = [grade_game(s)[0] for s in play_games(a, b, "paper", count)]
        live_games = [grade_game(s) for s in play_games(a, b, "live", count)]
        live = [engine for engine, _ in live_games]
        transcripts += [(s.setup.maze, [(t.seat, t.text) for t in s.turns]) for s in play_games(a, b, "paper", min(count, 40))]
        print(f"{a:>9s} – {b:<10s} paper/rule: success {ci([g.success for g in paper])}  outcome {ci([g.weighted_outcome for g in paper])}"
              f" | live/engine: success {ci([g.success for g in live])}  outcome {ci([g.weighted_outcome for g in live])}")
        same = [e.success == r.success and abs(e.weighted_outcome - r.weighted_outcome) < 0.01 for e, r in live_games]
        exact = [e.route == r.route for e, r in live_games]
        agreement_rows.append(f"{a:>9s} – {b:<10s} live games: rule grader agrees with the engine on {sum(same)}/{len(same)}"
                              f" (exact route {sum(exact)}/{len(exact)})")
    print("\n".join(agreement_rows))
    turns = np.mean([len(m) for _, m in transcripts])
    for label, forget in (("cold: every clause read afresh", clear_caches),
                          ("warm: clause readings kept across games, as in regrade --all", read_message.cache_clear)):
        clear_caches()
        rates, cpu_rates, graded = [], [], 0
        for _ in range(5):  # five 1-second windows: the best shows the code, the median what a busy machine gives
            started, cpu_started, count = time.perf_counter(), time.process_time(), 0
            while time.perf_counter() - started < 1.0:
                maze, messages = transcripts[graded % len(transcripts)]
                forget()  # never the whole transcript from cache: each game is read as new
                rule_grade(maze, messages)
                graded, count = graded + 1, count + 1
            rates.append(count / (time.perf_counter() - started))
            cpu_rates.append(count / max(time.process_time() - cpu_started, 1e-9))
        print(f"rule grader ({label}): best {max(rates):.0f} transcripts/s by the wall clock (median {np.median(rates):.0f}), "
              f"best {max(cpu_rates):.0f}/s of CPU time (mean {turns:.1f} messages each, 16 schemes replayed)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
