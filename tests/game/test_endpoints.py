"""Endpoints and keys are per model: per-seat flags and [models.NAME] tables send each seat's requests
to its own server with its own key (two stub servers on two ports prove it)."""

from __future__ import annotations

import json

import pytest

from mazeplay.cli import main
from tests.stub_server import StubServer


@pytest.fixture
def two_stubs():
    first, second = StubServer(default=("ok", "MOVE: down")).start(), StubServer(default=("ok", "AGREE")).start()
    yield first, second
    first.stop()
    second.stop()


def run(db_path, *flags):
    main(["run", "--seed", "3", "--max-turns", "4", "--db", str(db_path), "--json", *flags])


def test_per_seat_flags_send_each_seat_to_its_own_endpoint(db_path, two_stubs, capsys, monkeypatch):
    monkeypatch.setenv("MAZEPLAY_CONFIG", str(db_path.parent / "none.toml"))
    first, second = two_stubs
    run(db_path, "--a", "openai/alpha", "--b", "openai/beta", "--a-api-base", first.api_base, "--b-api-base", second.api_base,
        "--a-api-key", "sk-alpha-key", "--b-api-key", "sk-beta-key")
    out = json.loads(capsys.readouterr().out)
    assert out["turns"] == 4
    assert [r["model"] for r in first.requests] == ["alpha", "alpha"] and [r["model"] for r in second.requests] == ["beta", "beta"]
    assert set(first.keys) == {"Bearer sk-alpha-key"} and set(second.keys) == {"Bearer sk-beta-key"}


def test_models_table_gives_endpoint_key_variable_prices_and_params(db_path, two_stubs, capsys, monkeypatch, tmp_path):
    first, second = two_stubs
    config = tmp_path / "config.toml"
    config.write_text(f"""
[models.alpha]
model = "openai/alpha-1"
api_base = "{first.api_base}"
api_key_env = "ALPHA_KEY"
input_cost_per_token = 0.001
output_cost_per_token = 0.002
params = {{ temperature = 0.25 }}

[models.beta]
model = "openai/beta-1"
api_base = "{second.api_base}"
api_key_env = "BETA_KEY"
""")
    monkeypatch.setenv("MAZEPLAY_CONFIG", str(config))
    monkeypatch.setenv("ALPHA_KEY", "sk-from-alpha-var")
    monkeypatch.setenv("BETA_KEY", "sk-from-beta-var")
    run(db_path, "--a", "alpha", "--b", "beta", "--api-base", "http://127.0.0.1:9/v1")  # each table's endpoint wins
    game_id = json.loads(capsys.readouterr().out)["game_id"]
    assert {r["model"] for r in first.requests} == {"alpha-1"} and {r["model"] for r in second.requests} == {"beta-1"}
    assert first.requests[0]["temperature"] == 0.25 and "temperature" not in second.requests[0]
    assert set(first.keys) == {"Bearer sk-from-alpha-var"} and set(second.keys) == {"Bearer sk-from-beta-var"}
    from mazeplay.store import GameStore, open_db

    store = GameStore(open_db(db_path))
    turns = store.load_game(game_id).turns
    alpha = [t for t in turns if t.seat == "a"]
    assert all(t.reply.cost_usd and t.reply.cost_usd > 0 for t in alpha)  # the table's prices
    saved = json.dumps(list(store.db.query("select * from games")) + list(store.db.query("select * from turns")))
    assert "sk-from-alpha-var" not in saved and "ALPHA_KEY" in saved  # the variable's name, never the key


def test_missing_key_variable_is_named_before_the_game(db_path, tmp_path, capsys, monkeypatch):
    config = tmp_path / "config.toml"
    config.write_text('[models.alpha]\nmodel = "anthropic/claude-x"\napi_key_env = "ALPHA_KEY_UNSET"\n')
    monkeypatch.setenv("MAZEPLAY_CONFIG", str(config))
    monkeypatch.delenv("ALPHA_KEY_UNSET", raising=False)
    with pytest.raises(SystemExit) as stop:
        run(db_path, "--a", "alpha", "--b", "bot")
    assert stop.value.code == 2 and "set ALPHA_KEY_UNSET" in capsys.readouterr().err


def test_one_api_base_for_two_providers_is_refused(db_path, capsys, monkeypatch):
    monkeypatch.setenv("MAZEPLAY_CONFIG", str(db_path.parent / "none.toml"))
    with pytest.raises(SystemExit) as stop:
        run(db_path, "--a", "claude", "--b", "openai/smollm2", "--api-base", "http://127.0.0.1:9/v1")
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "--b-api-base" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("table, message", [
    ('[models.x]\nmodel = "openai/x"\napi_bse = "http://h"\n', "models.x.api_bse is not a known key"),
    ('[models.x]\nmodel = "openai/x"\ninput_cost_per_token = "cheap"\n', "models.x.input_cost_per_token has the wrong type"),
    ('[models.x]\napi_base = "http://h"\n', "models.x.model must be a litellm model id"),
])
def test_bad_models_tables_name_the_file_and_key(db_path, tmp_path, capsys, monkeypatch, table, message):
    config = tmp_path / "config.toml"
    config.write_text(table)
    monkeypatch.setenv("MAZEPLAY_CONFIG", str(config))
    with pytest.raises(SystemExit) as stop:
        run(db_path, "--a", "bot", "--b", "bot")
    err = capsys.readouterr().err
    assert stop.value.code == 2 and message in err and str(config) in err
