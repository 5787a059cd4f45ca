"""Batch bookkeeping under failure: one game per job, one owner per game, atomic forks and finishes,
solo jobs that fail and come back, and two runs of one name at once."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mazeplay.bench.plan import plan_from_dict
from mazeplay.bench.report import build_report
from mazeplay.bench.runner import BenchRunner
from mazeplay.config import DEFAULT_ALIASES
from mazeplay.seats.registry import SeatOptions
from mazeplay.store import GameStore, open_db
from tests.polling import wait_for_count

ROOT = Path(__file__).resolve().parents[2]


def mazeplay(*args, timeout=180):
    return subprocess.run([sys.executable, "-m", "mazeplay", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def run(db_path, data, stub=None, retries=0):
    options = SeatOptions(api_key="sk-none", timeout=2.0, max_retries=retries, backoff=0.01)
    runner = BenchRunner(GameStore(open_db(db_path)), plan_from_dict(data), options, DEFAULT_ALIASES,
                         api_base=stub.api_base if stub else None, out=None)
    return asyncio.run(runner.run())


def counts(db_path, sql):
    with sqlite3.connect(db_path) as conn:
        return conn.execute(sql).fetchall()


SOLO = {"name": "solo", "mazes": 3, "conditions": [{"type": "solo-full", "models": ["openai/stub"]}]}


def test_a_failed_solo_job_is_marked_and_answered_again_in_the_same_game(db_path, stub):
    stub.default = ("ok", "ANSWER: [(0, 0)]")
    stub.script(("status", 500))  # the first job's first call fails (no retries)
    first = run(db_path, SOLO, stub)
    assert first.errors == 1 and first.done == 2
    [(game_id, status, error)] = counts(db_path, "select id, status, error from games where status != 'finished'")
    assert status == "interrupted" and "500" in error
    second = run(db_path, SOLO, stub)
    assert second.errors == 0 and second.done == 1 and second.skipped_done == 2
    assert counts(db_path, "select count(*) from games") == [(3,)]  # the same row, answered anew
    assert counts(db_path, f"select status, (select count(*) from turns where game_id = {game_id}) from games "
                           f"where id = {game_id}") == [("finished", 2)]
    store = GameStore(open_db(db_path))
    report = build_report(store.run_games(store.run_id("solo")))
    assert all(condition["errors"] == 0 for condition in report["conditions"].values())


def test_resume_answers_an_unfinished_solo_game_anew(db_path, stub):
    stub.default = ("ok", "ANSWER: [(0, 0)]")
    stub.script(("status", 500))
    run(db_path, SOLO, stub)
    [(game_id,)] = counts(db_path, "select id from games where status != 'finished'")
    result = mazeplay("resume", game_id, "--db", db_path, "--json", "--api-base", stub.api_base)
    assert result.returncode == 0, result.stderr
    assert counts(db_path, f"select status, seat_b from games where id = {game_id}") == [("finished", '{"kind":"none","name":"none"}')]
    assert counts(db_path, f"select count(*) from grades where game_id = {game_id}") == [(1,)]


@pytest.mark.parametrize("point", ["fork", "grade"])
def test_a_kill_inside_a_fork_or_a_finish_leaves_no_half_of_it(db_path, point):
    db_path.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    killed = subprocess.run([sys.executable, "-m", "tests.bench.crash", point, str(db_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    if point == "fork":  # the parents finished; no relay game exists, not even a part of one
        assert counts(db_path, "select count(*) from games where kind = 'relay'") == [(0,)]
    else:  # the game being finished has no grade and is not finished
        assert counts(db_path, "select count(*) from grades") == [(0,)]
        assert counts(db_path, "select count(*) from games where status = 'finished'") == [(0,)]
    finished = subprocess.run([sys.executable, "-m", "tests.bench.crash", "-", str(db_path)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    relays = counts(db_path, "select id, relay from games where kind = 'relay'")
    assert len(relays) == 4  # two mazes × {primer, recovery} at K = 2, each once
    for game_id, _ in relays:
        parent = counts(db_path, f"select parent_game from games where id = {game_id}")[0][0]
        copied = counts(db_path, f"select text from turns where game_id = {game_id} order by idx limit 2")
        assert copied == counts(db_path, f"select text from turns where game_id = {parent} order by idx limit 2")
    graded = counts(db_path, "select game_id, judge, count(*) from grades group by game_id, judge having count(*) > 1")
    assert graded == []  # no game graded twice by one judge
    assert counts(db_path, "select count(*) from games where status != 'finished'") == [(0,)]


def test_resume_of_a_game_being_played_names_the_process_and_works_once_it_is_killed(db_path, stub):
    stub.latency = 0.3
    stub.default = ("ok", "I am still studying my map.")
    args = ["run", "--a", "openai/stub", "--b", "bot", "--api-base", stub.api_base, "--max-turns", 40, "--db", db_path]
    process = subprocess.Popen([sys.executable, "-m", "mazeplay", *map(str, args)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_count(db_path, "select count(*) from turns", 2)
        second = mazeplay("resume", 1, "--db", db_path, "--json", "--api-base", stub.api_base)
        assert second.returncode == 2 and "Traceback" not in second.stderr
        assert second.stderr.count("\n") == 1 and f"being played by process {process.pid}" in second.stderr
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    stub.latency = 0.0
    third = mazeplay("resume", 1, "--db", db_path, "--json", "--api-base", stub.api_base)
    assert third.returncode == 0, third.stderr  # the lease died with its process
    turns = [row[0] for row in counts(db_path, "select idx from turns where game_id = 1 order by idx")]
    assert turns == list(range(40))


def test_two_runs_of_one_name_at_once_play_each_job_once(db_path, stub):
    stub.latency = 0.05
    stub.default = ("ok", "I am still studying my map.")
    db_path.parent.mkdir(parents=True, exist_ok=True)
    args = ["bench", "--condition", "pair", "--models", "openai/stub,bot", "--mazes", 5, "--max-turns", 4,
            "--name", "twice", "--api-base", stub.api_base, "--api-key", "sk-none", "--concurrency", 2, "--db", db_path]
    processes = [subprocess.Popen([sys.executable, "-m", "mazeplay", *map(str, args)], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [process.communicate(timeout=300) for process in processes]
    for process, (out, err) in zip(processes, outputs):
        assert process.returncode == 0, err
        assert "Traceback" not in err and "IntegrityError" not in err
    assert counts(db_path, "select count(*) from runs") == [(1,)]
    assert counts(db_path, "select count(*), count(distinct job_key) from games") == [(20, 20)]
    assert counts(db_path, "select count(*) from games where status = 'finished'") == [(20,)]
    graded = counts(db_path, "select game_id, judge, count(*) from grades group by game_id, judge having count(*) > 1")
    assert graded == []
    store = GameStore(open_db(db_path))
    report = build_report(store.run_games(store.run_id("twice")))
    assert sum(condition["n"] for condition in report["conditions"].values()) == 20
