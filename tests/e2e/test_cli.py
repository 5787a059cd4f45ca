"""The real `mazeplay` command in subprocesses: output formats, bad input, kill and resume."""

import json
import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from mazeplay.judge.rule_grader import JUDGE as RULE
from tests.polling import wait_for_count


def mazeplay(*args, env=None, timeout=120, input=None):
    full_env = {**os.environ, **(env or {})}
    full_env.pop("ANTHROPIC_API_KEY", None)
    return subprocess.run(
        [sys.executable, "-m", "mazeplay", *map(str, args)],
        capture_output=True, text=True, timeout=timeout, env=full_env, input=input,
    )


def test_help_is_fast_and_does_not_import_litellm():
    code = (
        "import sys; sys.argv=['mazeplay','{}','--help']\n"
        "from mazeplay.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "assert 'litellm' not in sys.modules, 'litellm imported'\n"
        "assert 'textual' not in sys.modules, 'textual imported'\n"
    )
    for sub in ("run", "mazes", "resume", "watch", "replay", "grade", "regrade", "audit", "bench", "report", "export"):
        result = subprocess.run([sys.executable, "-c", code.format(sub)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        assert "usage: mazeplay" in result.stdout


@pytest.mark.parametrize("module", ["mazeplay.engine", "mazeplay.judge.score", "mazeplay.tui.app", "mazeplay.store"])
def test_heavy_model_client_stays_out_of_the_engine_judge_store_and_tui(module):
    code = f"import sys, {module}; assert 'litellm' not in sys.modules, 'litellm imported'"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_mazes_json_has_the_documented_fields():
    result = mazeplay("mazes", "--count", 3, "--seed", 5, "--json")
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["seed"] for r in rows] == [5, 6, 7]
    for r in rows:
        assert {"seed", "size", "grid", "view_a", "view_b", "start", "goal", "shortest_path"} <= set(r)
        assert r["start"] == [0, 0] and len(r["grid"]) == r["size"] == 6
        assert 8 <= r["shortest_path"] <= 10


def test_run_json_result(db_path):
    result = mazeplay("run", "--a", "bot", "--b", "bot", "--seed", 3, "--mode", "live", "--json", "--db", db_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["success"] is True and data["weighted_outcome"] == 1.0
    assert data["route"][0] == [0, 0] and data["turns"] == len(data["route"])
    assert "[1/50] A:" in result.stderr  # the transcript goes to stderr with --json
    paper = json.loads(mazeplay("run", "--a", "bot", "--b", "bot:swap", "--seed", 3, "--json", "--db", db_path).stdout)
    assert paper["judge"] == RULE and paper["diagnostics"]["turns_used"] == paper["turns"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["run", "--a", "bot", "--b", "nobody"], "unknown seat 'nobody'"),
        (["run", "--a", "bot", "--b", "bot", "--size", 4, "--density", 0.75], "no 4×4 maze"),
        (["mazes", "--count", -1], "must not be negative"),
        (["run", "--a", "bot", "--b", "bot", "--density", 1.5], "must be in [0, 1)"),
        (["resume", 12345], "no saved games at"),
        (["run", "--a", "bot", "--b", "bot", "--maze-set", "nope"], "unknown maze set 'nope'"),
        (["run", "--a", "claude", "--b", "bot"], "ANTHROPIC_API_KEY"),
        (["run", "--a", "bot"], "required: --b"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args, message, db_path):
    result = mazeplay(*args, "--db", db_path) if args[0] != "mazes" else mazeplay(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mazeplay: error:"), result.stderr
    assert message in lines[0]


@pytest.mark.parametrize("args", [["replay"], ["report"], ["export"], ["audit"], ["regrade", "--all"], ["resume", "1"]])
def test_commands_that_read_saves_refuse_a_missing_database_and_create_nothing(args, tmp_path):
    missing = tmp_path / "nowhere" / "saves.db"
    result = mazeplay(*args, "--db", missing)
    assert result.returncode == 2 and result.stderr.strip() == (
        f"mazeplay: error: no saved games at {missing.resolve()} (play a game first; --db FILE or MAZEPLAY_DB=FILE opens another)")
    assert not missing.parent.exists()


def test_corrupt_database_is_reported_and_left_untouched(tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"garbage" * 1000)
    result = mazeplay("run", "--a", "bot", "--b", "bot", "--db", bad)
    assert result.returncode == 2 and "cannot use database" in result.stderr
    assert bad.read_bytes() == b"garbage" * 1000


def test_killed_game_resumes_with_no_turn_lost_or_repeated(stub, db_path):
    stub.latency = 0.4
    stub.default = ("ok", "I am still studying my map.")  # never agrees: the game runs to its turn limit
    args = ["run", "--a", "openai/stub", "--b", "bot", "--api-base", stub.api_base, "--seed", 2,
            "--mode", "live", "--max-turns", 10, "--db", db_path]
    transcript = db_path.parent.parent / "transcript.txt"  # what the game printed, for a failure's message
    with open(transcript, "w") as out:
        process = subprocess.Popen([sys.executable, "-m", "mazeplay", *map(str, args)], stdout=out, stderr=subprocess.STDOUT)
    turns = wait_for_count(db_path, "select count(*) from turns", 3)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert 3 <= turns < 10, transcript.read_text()[-2000:]
    stub.latency = 0.0
    result = mazeplay("resume", 1, "--db", db_path, "--json")
    assert result.returncode == 0, result.stderr
    db = sqlite3.connect(db_path)
    indexes = [row[0] for row in db.execute("select idx from turns where game_id = 1 order by idx")]
    assert indexes == list(range(10))
    assert db.execute("select status from games where id = 1").fetchone()[0] == "finished"
    requests = db.execute("select request from turns where seat = 'a' and request is not null").fetchall()
    assert all("api_key" not in r[0] for r in requests)


def test_grade_regrade_and_audit(tmp_path, db_path):
    from tests.judge.corpus import CORPUS

    case = next(c for c in CORPUS if c["id"] == "r1c1")
    transcript = tmp_path / "t.json"
    transcript.write_text(json.dumps({"maze": case["maze"], "first": case["first"], "messages": case["messages"]}))
    result = mazeplay("grade", transcript, "--judge", "rule", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"success", "weighted_outcome", "route", "scheme", "ambiguous"} <= set(data)
    assert data["success"] is True and data["route"] == case["route"] and data["scheme"] == "row_col/1-based/top_left"

    for seed in (1, 2):
        assert mazeplay("run", "--a", "bot", "--b", "bot:terse", "--seed", seed, "--mode", "live", "--db", db_path).returncode == 0
    regraded = mazeplay("regrade", "--all", "--judge", "rule", "--json", "--db", db_path)
    assert regraded.returncode == 0, regraded.stderr
    assert [json.loads(line)["game_id"] for line in regraded.stdout.splitlines()] == [1, 2]
    grades = sqlite3.connect(db_path).execute("select count(*) from grades").fetchone()[0]
    assert grades == 6  # engine + rule per game at the end, and one more rule grade each: all kept
    audit = json.loads(mazeplay("audit", "--json", "--db", db_path).stdout)
    assert audit["accuracy"][0]["judge"] == RULE and audit["accuracy"][0]["games"] == 2
    assert audit["engine_disagreements"] == []


def test_regrade_keeps_earlier_grader_versions_and_audit_compares_them_game_by_game(db_path):
    from mazeplay.store import GameStore, open_db

    for seed in (3, 4):
        assert mazeplay("run", "--a", "bot", "--b", "bot:random", "--seed", seed, "--mode", "live", "--db", db_path).returncode == 0
    store = GameStore(open_db(db_path))
    engine = store.latest_grade(1, "engine")
    wrong = {**engine, "judge": "rule-1", "success": not engine["success"], "weighted_outcome": engine["weighted_outcome"] - 0.5,
             "route": engine["route"][:1], "ambiguous": False, "reasons": []}
    store.save_grade(1, "rule-1", wrong)  # an earlier version that read game 1 differently
    store.save_grade(2, "rule-1", {**store.latest_grade(2, "engine"), "judge": "rule-1"})
    assert mazeplay("regrade", "--all", "--judge", "rule", "--db", db_path).returncode == 0
    judges = [row[0] for row in sqlite3.connect(db_path).execute("select judge from grades where game_id = 1 order by id")]
    assert judges == ["engine", RULE, "rule-1", RULE]  # nothing is overwritten

    audit = json.loads(mazeplay("audit", "--json", "--db", db_path).stdout)
    assert {row["judge"] for row in audit["accuracy"]} == {"rule-1", RULE}
    assert [(row["game_id"], row["judge"], row["reference"]) for row in audit["engine_disagreements"]] == [(1, "rule-1", "engine")]
    assert audit["engine_disagreements"][0]["routes_part_at_move"] == 1
    text = mazeplay("audit", "--db", db_path).stdout
    assert "live games where a rule grader and the engine disagree: 1" in text and "game 1: engine" in text


@pytest.mark.parametrize(
    "content, message",
    [
        ("not json", "is not valid JSON"),
        ('{"maze": ["@.", ".*"], "messages": [{"seat": "c", "text": "hi"}]}', "message 1 needs"),
        ('{"maze": ["@.", "..*"], "messages": []}', "must be square"),
        ('{"maze": ["@.", ".*"], "messages": [], "first": "z"}', "'first' must be"),
        ('{"maze": ["@#", "#*"], "messages": []}', "no path from @ to *"),
    ],
)
def test_grade_rejects_bad_transcripts_in_one_line(tmp_path, content, message):
    path = tmp_path / "t.json"
    path.write_text(content)
    result = mazeplay("grade", path, "--judge", "rule")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr
    assert mazeplay("grade", tmp_path / "missing.json").returncode == 2
    assert "unknown judge" in mazeplay("grade", path, "--judge", "gpt4").stderr or result.returncode == 2


def test_resume_api_base_sends_the_model_seats_to_the_new_server(stub, db_path):
    from tests.stub_server import StubServer

    stub.default = ("status", 401)  # the first server refuses the key: the game stops, saved
    first = mazeplay("run", "--a", "openai/stub", "--b", "bot", "--api-base", stub.api_base, "--max-turns", 4,
                     "--db", db_path, "--json")
    assert first.returncode != 0 and "mazeplay resume 1" in first.stderr
    other = StubServer().start()
    try:
        result = mazeplay("resume", 1, "--api-base", other.api_base, "--db", db_path, "--json")
        assert result.returncode == 0, result.stderr
        assert len(other.requests) == 2  # seat a's two turns went to the new server
    finally:
        other.stop()
