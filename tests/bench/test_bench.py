"""Batch runs end to end: planning, a run with injected provider failures, kill and resume, budget,
reports and exports."""

import asyncio
import json
import signal
import sqlite3
import subprocess
import sys

import pytest

from mazeplay.bench.plan import plan_from_dict
from mazeplay.bench.report import build_report, render_json, render_markdown
from mazeplay.bench.runner import BenchRunner
from mazeplay.config import DEFAULT_ALIASES
from mazeplay.seats.registry import SeatOptions
from mazeplay.store import GameStore, open_db
from mazeplay.store.exports import SecretFound, chat_rows, dump_lines, game_rows
from tests.interruptible import with_ctrl_c
from tests.polling import wait_for_count

SECRET = "sk-test-secret-abcdefghijklmnop1234"


def plan(**overrides):
    data = {"name": "t", "mazes": 3, "conditions": [{"type": "pair", "models": ["bot", "bot:terse"]}], **overrides}
    return plan_from_dict(data)


def test_plan_expands_both_orders_relays_and_solo_with_stable_keys():
    p = plan_from_dict({"name": "x", "mazes": 2, "rollouts": 2, "conditions": [
        {"type": "pair", "models": ["a/x", "b/y"]},
        {"type": "relay", "strong": "a/x", "weak": "b/y", "k": [2, 4]},
        {"type": "solo-split", "models": ["a/x"]},
    ]})
    jobs = p.jobs()
    pairs = [j for j in jobs if j.kind == "pair"]
    assert len(pairs) == 2 * 2 * 4  # mazes × rollouts × ordered pairs (the relay parents are among them)
    relays = [j for j in jobs if j.kind == "relay"]
    assert len(relays) == 2 * 2 * 2 * 2  # mazes × rollouts × K × {primer, recovery}
    assert all(any(p.key == r.parent for p in pairs) for r in relays)
    assert jobs.index(relays[0]) > max(jobs.index(p) for p in pairs)
    assert [j.key for j in jobs] == [j.key for j in p.jobs()]
    assert len({j.key for j in jobs}) == len(jobs)
    primer = next(r for r in relays if r.relay["role"] == "primer")
    assert primer.seats == ("b/y", "b/y") and primer.relay["swapped_seat"] == "a"


@pytest.mark.parametrize("data, message", [
    ({"conditions": [{"type": "pair", "models": ["bot"]}]}, "needs a name"),
    ({"name": "x"}, "at least one"),
    ({"name": "x", "conditions": [{"type": "duet", "models": ["bot"]}]}, "type must be"),
    ({"name": "x", "conditions": [{"type": "relay", "strong": "bot"}]}, "strong and weak"),
    ({"name": "x", "mazes": 0, "conditions": [{"type": "pair", "models": ["bot"]}]}, "mazes must be a whole number from 1"),
    ({"name": "x", "max_turn": 5, "conditions": [{"type": "pair", "models": ["bot"]}]}, "unknown key .max_turn."),
])
def test_bad_plans_are_refused(data, message):
    with pytest.raises(ValueError, match=message):
        plan_from_dict(data)


def run(db_path, p, stub=None, max_cost=None, retries=2):
    options = SeatOptions(api_key=SECRET, timeout=1.0, max_retries=retries, backoff=0.01)
    runner = BenchRunner(GameStore(open_db(db_path)), p, options, DEFAULT_ALIASES,
                         api_base=stub.api_base if stub else None, out=None, max_cost=max_cost)
    return asyncio.run(runner.run())


def test_run_with_provider_failures_then_resume(db_path, stub):
    stub.default = ("ok", "I am looking at my map.")
    # transient failures (retried), then a permanent one for one game (recorded as an error)
    stub.script(("status", 429), ("sleep", 2.0, "late"), ("status", 500), ("status", 500), ("status", 500))
    p = plan_from_dict({"name": "mixed", "mazes": 2, "max_turns": 4, "concurrency": 1,
                        "conditions": [{"type": "pair", "models": ["bot", "openai/stub"]}]})
    first = run(db_path, p, stub)
    assert first.total == 8 and first.errors >= 1 and first.done + first.errors == 8
    store = GameStore(open_db(db_path))
    report = build_report(store.run_games(store.run_id("mixed")))
    assert sum(c["errors"] for c in report["conditions"].values()) == first.errors
    assert sum(c["n"] for c in report["conditions"].values()) == first.done  # errors are not failed games
    finished_before = {r["job_key"]: r["id"] for r in store.db.query("select * from games where status='finished'")}
    second = run(db_path, p, stub)
    assert second.errors == 0 and second.skipped_done == first.done and second.done == first.errors
    after = {r["job_key"]: r["id"] for r in store.db.query("select * from games where status='finished'")}
    assert len(after) == 8 and all(after[k] == v for k, v in finished_before.items())
    assert store.db.execute("select count(*) from games").fetchone()[0] == 8  # resumed, not re-created
    report = build_report(GameStore(open_db(db_path)).run_games(store.run_id("mixed")))
    assert {label: c["n"] for label, c in report["conditions"].items()} == {
        "pair bot→bot": 2, "pair bot→openai/stub": 2, "pair openai/stub→bot": 2, "pair openai/stub→openai/stub": 2}
    json.loads(render_json(report))
    assert "pair bot→bot" in render_markdown(report, "x")


def test_relay_forks_record_the_swap_and_the_history(db_path):
    p = plan_from_dict({"name": "relay", "mazes": 3, "mode": "live",
                        "conditions": [{"type": "relay", "strong": "bot", "weak": "bot:random", "k": [2, 4]}]})
    progress = run(db_path, p)
    assert progress.done == 3 * (2 + 4)
    store = GameStore(open_db(db_path))
    games = store.run_games(store.run_id("relay"))
    relays = [g for g in games if g["kind"] == "relay"]
    assert len(relays) == 12
    for game in relays:
        parent = store.load_game(game["parent_game"])
        child = store.load_game(game["id"])
        k = game["relay"]["k"]
        assert [t.text for t in child.turns[:k]] == [t.text for t in parent.turns[:k]]
        assert game["relay"]["swapped_seat"] == "a" and "history" in game["relay"]
        expected = "bot:random" if game["relay"]["role"] == "primer" else "bot"
        assert game["seat_a"]["name"] == expected
    report = build_report(games)
    assert set(report["relay"]) == {"primer bot/bot:random", "recovery bot/bot:random"}
    assert set(report["relay"]["primer bot/bot:random"]) == {2, 4}


def test_solo_conditions_with_critic(db_path):
    p = plan_from_dict({"name": "solo", "mazes": 3, "conditions": [{"type": "solo-full", "models": ["bot"]},
                                                                   {"type": "solo-split", "models": ["bot"]}]})
    assert run(db_path, p).done == 6
    store = GameStore(open_db(db_path))
    games = store.run_games(store.run_id("solo"))
    assert all(g["grade"]["success"] for g in games)
    turns = store.load_game(games[0]["id"]).turns
    assert len(turns) == 2  # the answer and the critic step
    assert "Review your answer" in json.dumps(turns[1].reply.request or {}) or turns[1].reply.model == "bot"


def test_budget_stops_scheduling_before_the_cap_is_crossed(db_path, stub):
    """Eight games at once on a budget of about two: what is spent, errored or not, stays under the cap."""
    stub.default = ("ok", "Thinking about it, " * 50)
    p = plan_from_dict({"name": "budget", "mazes": 8, "max_turns": 4, "concurrency": 8,
                        "conditions": [{"type": "pair", "models": ["openai/gpt-4.1"]}]})
    one = run(db_path, plan_from_dict({"name": "one", "mazes": 1, "max_turns": 4, "concurrency": 1,
                                       "conditions": [{"type": "pair", "models": ["openai/gpt-4.1"]}]}), stub)
    cost = GameStore(open_db(db_path)).run_cost(1) / one.done
    progress = run(db_path, p, stub, max_cost=2.5 * cost)
    store = GameStore(open_db(db_path))
    spent = store.run_cost(store.run_id("budget"))
    assert progress.budget_hit and progress.not_scheduled >= 5 and progress.done >= 1
    assert spent <= 2.5 * cost and progress.spend == pytest.approx(spent)


def test_budget_counts_the_spend_of_games_that_failed(db_path, stub):
    stub.default = ("ok", "Thinking about it, " * 50)
    stub.script(("ok", "Thinking about it, " * 50), ("status", 401))  # a game fails after one paid turn
    p = plan_from_dict({"name": "failing", "mazes": 2, "max_turns": 4, "concurrency": 1,
                        "conditions": [{"type": "pair", "models": ["openai/gpt-4.1"]}]})
    progress = run(db_path, p, stub, max_cost=10.0)
    store = GameStore(open_db(db_path))
    spent = store.run_cost(store.run_id("failing"))
    assert progress.errors >= 1 and spent > 0 and progress.spend == pytest.approx(spent)
    failed = store.db.execute("select id from games where status != 'finished'").fetchone()[0]
    assert store.game_cost(failed) > 0


def test_a_budget_refuses_a_model_with_no_price(db_path, stub):
    p = plan_from_dict({"name": "free", "mazes": 1, "conditions": [{"type": "pair", "models": ["openai/no-such-model"]}]})
    with pytest.raises(ValueError, match=r'cannot hold openai/no-such-model: it has no price.*\[models\."openai/no-such-model"\]'):
        run(db_path, p, stub, max_cost=1.0)
    assert GameStore(open_db(db_path)).db.execute("select count(*) from games").fetchone()[0] == 0


def test_exports_have_every_game_no_secret_and_a_card(db_path, stub, tmp_path):
    run(db_path, plan(), stub)
    store = GameStore(open_db(db_path))
    rows = list(game_rows(store))
    assert len(rows) == 12 and {"maze", "view_a", "view_b", "seats", "transcript", "grade", "diagnostics", "versions"} <= set(rows[0])
    chats = list(chat_rows(store))
    assert len(chats) == 24
    first = chats[0]
    assert first["messages"][0]["role"] == "system" and first["messages"][1]["content"].startswith("[user]:")
    out = tmp_path / "d.jsonl"
    result = subprocess.run([sys.executable, "-m", "mazeplay", "export", "--format", "chat", "--out", str(out),
                             "--db", str(db_path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert len(out.read_text().splitlines()) == 24 and "# mazeplay dataset" in (tmp_path / "README.md").read_text()
    assert SECRET not in out.read_text()
    with pytest.raises(SecretFound):
        list(dump_lines(iter([{"game_id": 1, "text": "my key is " + SECRET}])))


def test_killed_bench_resumes_without_rerunning_or_losing_games(db_path, stub, tmp_path):
    stub.latency = 0.15
    stub.default = ("ok", "I am looking at my map.")
    config = tmp_path / "b.toml"
    config.write_text('name = "kill"\nmazes = 4\nmax_turns = 4\nconcurrency = 2\n'
                      '[[conditions]]\ntype = "pair"\nmodels = ["bot", "openai/stub"]\n')
    command = [sys.executable, "-m", "mazeplay", "bench", str(config), "--db", str(db_path), "--api-base", stub.api_base]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=with_ctrl_c)
    wait_for_count(db_path, "select count(*) from games where status='finished'", 4)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=30)
    db = sqlite3.connect(db_path)
    before = dict(db.execute("select job_key, id from games where status='finished'").fetchall())
    assert 4 <= len(before) < 16
    stub.latency = 0.0
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["skipped_done"] == len(before) and summary["errors"] == 0
    after = dict(db.execute("select job_key, id from games where status='finished'").fetchall())
    assert len(after) == 16 and all(after[k] == v for k, v in before.items())
    assert db.execute("select count(distinct job_key), count(*) from games").fetchone() == (16, 16)
    report = subprocess.run([sys.executable, "-m", "mazeplay", "report", "kill", "--format", "json", "--db", str(db_path)],
                            capture_output=True, text=True)
    assert sum(c["n"] for c in json.loads(report.stdout)["conditions"].values()) == 16


def test_a_run_starts_one_local_model_server_for_all_its_games(db_path, monkeypatch):
    from mazeplay.seats import local_model
    from tests.local_stand_in import StandInServer

    monkeypatch.setattr(local_model, "LocalModelServer", StandInServer)
    monkeypatch.setattr(local_model, "find_gguf", lambda: "stand-in.gguf")
    StandInServer.starts = 0
    progress = run(db_path, plan(mazes=2, max_turns=4, conditions=[
        {"type": "pair", "models": ["local", "bot"]}, {"type": "solo-full", "models": ["local"]}]))
    assert progress.done == 2 * 4 + 2 and progress.errors == 0
    assert StandInServer.starts == 1
    db = sqlite3.connect(db_path)
    kinds = db.execute("select json_extract(seat_a, '$.kind'), json_extract(seat_b, '$.kind') from games").fetchall()
    assert sum(kinds.count(pair) for pair in [("local", "local"), ("local", "bot"), ("bot", "local")]) == 6
    assert db.execute("select count(*) from turns where text like 'I see my half%'").fetchone()[0] > 0


def test_report_counts_ambiguous_games_apart_and_can_leave_them_out():
    def game(i, outcome, ambiguous):
        grade = {"success": outcome == 1.0, "weighted_outcome": outcome, "ambiguous": ambiguous,
                 "reasons": ["the partners split up"] if ambiguous else [], "diagnostics": {"tokens_total": 10}}
        return {"id": i, "condition": "pair", "kind": "pair", "status": "finished", "grade": grade, "ending": "acti",
                "maze_source": f"m{i}", "maze": f"m{i}", "seat_a": {"name": "bot"}, "seat_b": {"name": "bot"}, "first": "a",
                "relay": None}

    games = [game(1, 1.0, False), game(2, 0.0, True), game(3, 1.0, False)]
    report = build_report(games)
    assert report["ambiguous"] == 1 and report["conditions"]["pair"]["ambiguous"] == 1
    assert report["conditions"]["pair"]["n"] == 3 and abs(report["conditions"]["pair"]["weighted_outcome"] - 2 / 3) < 1e-9
    assert "1 of them ambiguous" in render_markdown(report, "r")
    kept = build_report(games, exclude_ambiguous=True)
    assert kept["conditions"]["pair"]["n"] == 2 and kept["conditions"]["pair"]["weighted_outcome"] == 1.0
    assert kept["conditions"]["pair"]["ambiguous"] == 1
    assert "left out of the scores" in render_markdown(kept, "r")
