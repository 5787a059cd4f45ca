"""mazeplay merge: several machines' saves become one database, once."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys

from mazeplay.cli import main
from mazeplay.store import GameStore, open_db
from mazeplay.study.flow import StudyFlow
from mazeplay.study.report import build_study_report
from mazeplay.study.simulate import simulate
from mazeplay.study.spec import parse_study

DESIGN = {"name": "multi", "games_per_participant": 2,
          "conditions": [{"name": "bot", "partner": "bot", "indices": [0, 1, 2]},
                         {"name": "terse", "partner": "bot:terse", "indices": [0, 1, 2]}]}


def machine(path, participants: int, prefix: str) -> None:
    flow = StudyFlow(parse_study(DESIGN), GameStore(open_db(path)))
    asyncio.run(simulate(flow, participants, id_prefix=prefix))  # different people on each machine
    main(["bench", "--condition", "pair", "--models", "bot", "--mazes", "2", "--db", str(path)])


def count(db, sql: str) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchone()[0]


def test_merging_two_machines_keeps_everything_once(tmp_path, capsys):
    one, two, all_ = tmp_path / "one.db", tmp_path / "two.db", tmp_path / "all.db"
    machine(one, 3, "L1-")
    machine(two, 2, "L2-")
    capsys.readouterr()
    main(["merge", str(all_), str(one), str(two)])
    out = capsys.readouterr().out
    assert "games added" in out
    for table in ("games", "turns", "grades", "answers", "participants"):
        assert count(all_, f"select count(*) from {table}") == count(one, f"select count(*) from {table}") + count(
            two, f"select count(*) from {table}")
    assert count(all_, "select count(*) from runs") == 1  # the same run name on both machines is one run
    assert count(all_, "select count(*) from studies") == 1
    with sqlite3.connect(all_) as conn:
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        orphans = conn.execute("select count(*) from turns where game_id not in (select id from games)").fetchone()[0]
        assert orphans == 0
    before = count(all_, "select count(*) from games")
    main(["merge", str(all_), str(one)])  # again: nothing new
    assert count(all_, "select count(*) from games") == before
    report = build_study_report(GameStore(open_db(all_)), "multi")
    assert report["groups"]["human–bot"]["participants"] == 5


def test_merge_refuses_a_changed_design_and_a_missing_source(tmp_path):
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    StudyFlow(parse_study(DESIGN), GameStore(open_db(a)))
    StudyFlow(parse_study({**DESIGN, "games_per_participant": 1}), GameStore(open_db(b)))
    for args in ([str(a), str(b)], [str(a), str(tmp_path / "missing.db")]):
        result = subprocess.run([sys.executable, "-m", "mazeplay", "merge", *args], capture_output=True, text=True)
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
