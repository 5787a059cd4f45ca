"""bench shows one live progress bar (games, errors, spend, ETA), not a line per game."""

from __future__ import annotations

import asyncio
import json

from mazeplay.bench.plan import plan_from_dict
from mazeplay.bench.runner import BenchRunner
from mazeplay.cli import main
from mazeplay.config import DEFAULT_ALIASES
from mazeplay.seats.registry import SeatOptions
from mazeplay.store import GameStore, open_db


def test_bench_writes_the_bar_once_when_not_on_a_terminal(db_path, capsys):
    main(["bench", "--condition", "pair", "--models", "bot,bot:terse", "--mazes", "3", "--name", "p", "--db", str(db_path)])
    captured = capsys.readouterr()
    assert json.loads(captured.out)["done"] == 12
    lines = [line for line in captured.err.splitlines() if line.strip()]
    assert len(lines) == 1, captured.err
    assert "games 12/12 done (0 from before)" in lines[0] and "0 errors" in lines[0] and "$0.0000 spent" in lines[0]
    assert "ETA" in lines[0]


def test_the_runner_reports_after_every_game(db_path):
    plan = plan_from_dict({"name": "r", "mazes": 2, "conditions": [{"type": "pair", "models": ["bot", "bot:terse"]}]})
    runner = BenchRunner(GameStore(open_db(db_path)), plan, SeatOptions(), DEFAULT_ALIASES, out=None)
    seen = []
    runner.on_progress = lambda p: seen.append(p.done + p.errors)
    asyncio.run(runner.run())
    assert seen == [*range(0, 9), 8]  # at the start, after each game, and the final state


def test_without_a_bar_each_game_is_one_line_and_the_last_is_not_repeated(db_path):
    import io

    plan = plan_from_dict({"name": "r", "mazes": 1, "conditions": [{"type": "pair", "models": ["bot", "bot:terse"]}]})
    out = io.StringIO()
    asyncio.run(BenchRunner(GameStore(open_db(db_path)), plan, SeatOptions(), DEFAULT_ALIASES, out=out).run())
    lines = out.getvalue().splitlines()
    assert len(lines) == 4 and len(set(lines)) == 4 and lines[-1].startswith("games 4/4 done")
