"""A study from its file to the report, with bot stand-ins for the participants; status, withdrawal,
assignment balance and study-file errors, through the public functions and the CLI."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from collections import Counter

import pytest

from mazeplay.cli import main
from mazeplay.store import GameStore, open_db
from mazeplay.study.assign import assign, williams_rows
from mazeplay.study.flow import StudyFlow
from mazeplay.study.report import build_study_report
from mazeplay.study.simulate import simulate
from mazeplay.study.spec import StudyError, load_study, parse_study
from mazeplay.study.status import study_status

STUDY = """
name = "sim"
games_per_participant = 3
[practice]
partner = "bot"
[assignment]
method = "latin"
[[conditions]]
name = "bot"
partner = "bot"
indices = [0, 1, 2, 3, 4, 5]
[[conditions]]
name = "terse"
partner = "bot:terse"
indices = [0, 1, 2, 3, 4, 5]
[[conditions]]
name = "person"
partner = "human"
indices = [0, 1, 2, 3, 4, 5]
"""


@pytest.fixture
def simulated(tmp_path):
    study = tmp_path / "sim.toml"
    study.write_text(STUDY)
    db = tmp_path / "sim.db"
    flow = StudyFlow(load_study(study), GameStore(open_db(db)))
    ids = asyncio.run(simulate(flow, 7))
    main(["bench", "--condition", "pair", "--models", "bot,bot:terse", "--mazes", "6", "--db", str(db)])
    return {"db": db, "ids": ids, "flow": flow, "study": study}


def test_a_simulated_study_fills_every_group_of_the_report(simulated):
    store = GameStore(open_db(simulated["db"]))
    report = build_study_report(store, "sim")
    groups = report["groups"]
    assert {"human–bot", "human–bot:terse", "human–human", "AI–AI bot–bot", "AI–AI bot:terse–bot:terse"} <= set(groups)
    assert report["mazes"] == [f"6x6-v1#{i}" for i in range(6)]
    assert groups["human–human"]["n"] >= 2 and groups["human–bot"]["participants"] >= 3
    assert set(report["gap"]) == {"bot", "bot:terse"}
    gap = report["gap"]["bot:terse"]
    assert gap["gap"] == pytest.approx(gap["with_itself"] - gap["with_person"])
    assert {"understood", "again", "difficulty"} <= set(report["questionnaires"]["human–bot"])
    seat_rows = report["by_seat_and_order"]
    assert {"human–bot, person as a", "human–bot, person as b"} <= set(seat_rows)
    # every participant finished, with a code, and played each condition once
    for pid in simulated["ids"]:
        row = store.db["participants"].get(pid)
        assert row["status"] == "completed" and row["completion_code"].startswith("MZ-")
        slots = json.loads(row["assignment"])["slots"]
        assert sorted(s["condition"] for s in slots) == ["bot", "person", "terse"]


def test_report_and_status_from_the_command_line(simulated, capsys, tmp_path):
    main(["report", "--study", "sim", "--db", str(simulated["db"]), "--format", "json", "--plots", str(tmp_path / "plots")])
    report = json.loads(capsys.readouterr().out)
    assert report["groups"]["human–human"]["weighted_outcome"] is not None
    assert "<svg" in (tmp_path / "plots" / "study-sim.svg").read_text()
    assert (tmp_path / "plots" / "study-sim.png").read_bytes().startswith(b"\x89PNG")
    main(["study", "status", "sim", "--db", str(simulated["db"]), "--json"])
    status = json.loads(capsys.readouterr().out)
    assert status["participants"] == {"total": 7, "completed": 7, "active": 0, "dropped": 0, "dropped_ids": []}
    by_condition = {row["condition"]: row for row in status["conditions"]}
    assert by_condition["bot"]["finished"] == 7 and by_condition["terse"]["finished"] == 7
    person = by_condition["person"]
    assert person["finished"] * 2 - person["fallbacks"] == 7  # each game of two people serves two of them


def test_status_counts_drop_outs(tmp_path):
    study = tmp_path / "s.toml"
    study.write_text(STUDY)
    store = GameStore(open_db(tmp_path / "s.db"))
    flow = StudyFlow(load_study(study), store)
    flow.enrol("quitter")
    store.db.execute("update participants set last_seen = '2020-01-01T00:00:00+00:00'")
    store.db.conn.commit()
    flow.enrol("newcomer")
    status = study_status(store, "sim", stale_minutes=30)
    assert status["participants"]["dropped_ids"] == ["quitter"] and status["participants"]["active"] == 1


def test_withdrawal_deletes_the_person_everywhere_and_nothing_else(simulated, capsys):
    db = simulated["db"]
    conn = sqlite3.connect(db)
    pair = conn.execute("select participant, partner_participant, id from games where partner_participant is not null").fetchone()
    leaving, partner, shared_game = pair
    before = {t: conn.execute(f"select count(*) from {t}").fetchone()[0] for t in ("games", "turns", "grades", "answers", "participants")}
    own = conn.execute("select count(*) from games where participant = ? or partner_participant = ?", [leaving, leaving]).fetchone()[0]
    conn.close()
    main(["withdraw", leaving, "--db", str(db)])
    assert f"withdrew {leaving}: deleted {own} games" in capsys.readouterr().out
    conn = sqlite3.connect(db)
    for table, column in (("games", "participant"), ("games", "partner_participant"), ("answers", "participant"),
                          ("participants", "id"), ("waiting", "participant"), ("games", "player")):
        assert conn.execute(f"select count(*) from {table} where {column} = ?", [leaving]).fetchone()[0] == 0
    assert conn.execute("select count(*) from turns where game_id = ?", [shared_game]).fetchone()[0] == 0
    assert conn.execute("select count(*) from grades where game_id = ?", [shared_game]).fetchone()[0] == 0
    assert conn.execute("select count(*) from answers where game_id = ?", [shared_game]).fetchone()[0] == 0
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("select count(*) from participants").fetchone()[0] == before["participants"] - 1
    assert conn.execute("select count(*) from games").fetchone()[0] == before["games"] - own
    assert conn.execute("select count(*) from participants where id = ?", [partner]).fetchone()[0] == 1
    conn.close()
    raw = db.read_bytes() + (db.with_name(db.name + "-wal").read_bytes() if db.with_name(db.name + "-wal").exists() else b"")
    assert leaving.encode() not in raw  # secure_delete: not even in free pages


def _dump(db) -> list[str]:
    with sqlite3.connect(db) as conn:
        return list(conn.iterdump())


def test_withdrawing_an_unknown_participant_is_one_line_and_changes_nothing(simulated):
    before = _dump(simulated["db"])
    result = subprocess.run([sys.executable, "-m", "mazeplay", "withdraw", "nobody", "--db", str(simulated["db"])],
                            capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "no participant 'nobody'" in result.stderr
    assert _dump(simulated["db"]) == before


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6])
def test_williams_squares_balance_position_and_carry_over(k):
    rows = williams_rows(k)
    assert len(rows) == (2 * k if k % 2 and k > 1 else k)
    for position in range(k):
        assert Counter(row[position] for row in rows) == Counter({c: len(rows) // k for c in range(k)})
    pairs = Counter((row[i], row[i + 1]) for row in rows for i in range(k - 1))
    assert len(set(pairs.values())) <= 1  # every ordered pair follows equally often


@pytest.mark.parametrize("method", ["latin", "balanced"])
def test_assignment_counterbalances_order_and_seat(method):
    spec = parse_study({"name": "x", "assignment": {"method": method, "seed": 5},
                        "conditions": [{"name": n, "partner": "bot", "indices": list(range(6))} for n in "pqr"]})
    block = 6
    plans = [assign(spec, p) for p in range(block)]
    for position in range(3):
        assert Counter(plan[position].condition for plan in plans) == Counter({"p": 2, "q": 2, "r": 2})
    for condition in "pqr":
        seats = Counter(slot.seat for plan in plans for slot in plan if slot.condition == condition)
        assert seats == Counter({"a": 3, "b": 3})
    for plan in plans:
        assert len({slot.maze_index for slot in plan}) == 3  # no maze twice for one person
    assert [s.to_dict() for s in assign(spec, 4)] == [s.to_dict() for s in assign(spec, 4)]  # recomputable


@pytest.mark.parametrize("data, message", [
    ({"name": "x"}, "at least one [[conditions]]"),
    ({"name": "x y", "conditions": [{"partner": "bot"}]}, "name is required"),
    ({"name": "x", "conditions": [{"partner": "bot", "seat": "c"}]}, "conditions[0].seat must be a, b or any"),
    ({"name": "x", "conditions": [{"partner": "bot", "indices": [999]}]}, "conditions[0].indices"),
    ({"name": "x", "conditions": [{"partner": "bot", "maze_set": "nope"}]}, "unknown maze set"),
    ({"name": "x", "conditions": [{"partner": "bot"}], "assignment": {"method": "coin"}}, "assignment.method"),
    ({"name": "x", "conditions": [{"partner": "bot"}], "questions": [{"id": "q", "text": "?", "kind": "stars"}]}, "kind must be"),
    ({"name": "x", "conditions": [{"partner": "bot"}], "waiting_room": {"fallback": "human"}}, "fallback must not be human"),
    ({"name": "x", "conditions": [{"partner": "bot"}], "colour": "red"}, "colour is not a study key"),
])
def test_bad_study_files_are_named_in_one_line(data, message):
    with pytest.raises(StudyError, match=message.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        parse_study(data)


def test_the_example_study_in_assets_is_valid():
    spec = load_study("assets/studies/example.toml")
    assert spec.name == "example-pilot" and any(c.with_person for c in spec.conditions)


def test_serve_and_study_reject_a_broken_study_file_in_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [")
    for command in (["serve", "--study", str(bad)], ["study", "play", str(bad)]):
        result = subprocess.run([sys.executable, "-m", "mazeplay", *command, "--db", str(tmp_path / "x.db")],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 2 and result.stderr.count("\n") == 1 and "not valid TOML" in result.stderr
