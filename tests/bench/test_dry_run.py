"""`bench --dry-run`: games, calls, tokens and cost per condition before anything is spent."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mazeplay.cli import main


def dry(capsys, *flags):
    main(["bench", "--dry-run", "--json", *flags])
    return json.loads(capsys.readouterr().out)


def test_counts_and_costs_per_condition(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("MAZEPLAY_CONFIG", str(tmp_path / "none.toml"))
    db = tmp_path / "never.db"
    data = dry(capsys, "--condition", "pair", "--models", "bot,openai/gpt-4.1", "--mazes", "3", "--max-turns", "10",
               "--db", str(db), "--tokens-per-message", "50")
    rows = {row["condition"]: row for row in data["conditions"]}
    assert not db.exists()  # nothing is played or saved
    assert rows["pair bot→bot"]["calls"] == 0 and rows["pair bot→bot"]["games"] == 3
    assert rows["pair openai/gpt-4.1→openai/gpt-4.1"]["calls"] == 30  # 3 games × 10 turns
    assert rows["pair bot→openai/gpt-4.1"]["calls"] == 15  # seat b speaks every second turn
    assert rows["pair openai/gpt-4.1→openai/gpt-4.1"]["completion_tokens"] == 30 * 50
    from mazeplay.seats.llm import model_prices

    inp, out = model_prices("openai/gpt-4.1")
    row = rows["pair openai/gpt-4.1→openai/gpt-4.1"]
    assert row["cost_usd"] == pytest.approx(row["prompt_tokens"] * inp + row["completion_tokens"] * out, abs=1e-4)
    assert data["total"]["games"] == 12 and data["unpriced"] == {}


def test_models_without_a_price_are_named_and_config_prices_are_used(tmp_path, capsys, monkeypatch):
    config = tmp_path / "config.toml"
    config.write_text('[models.mine]\nmodel = "openai/my-local"\napi_base = "http://127.0.0.1:9/v1"\n'
                      'input_cost_per_token = 0.001\noutput_cost_per_token = 0.002\n')
    monkeypatch.setenv("MAZEPLAY_CONFIG", str(config))
    data = dry(capsys, "--condition", "solo-full", "--models", "mine,openai/not-a-priced-model", "--mazes", "2")
    rows = {row["condition"]: row for row in data["conditions"]}
    assert rows["solo-full mine"]["calls"] == 4 and rows["solo-full mine"]["cost_usd"] > 0
    assert data["unpriced"] == {"openai/not-a-priced-model": "no price"}
    main(["bench", "--dry-run", "--condition", "solo-full", "--models", "openai/not-a-priced-model", "--mazes", "2"])
    text = capsys.readouterr().out
    assert "+?" in text and "openai/not-a-priced-model: no price" in text


def test_the_estimate_module_does_not_import_litellm():
    code = "import sys, mazeplay.bench.estimate, mazeplay.commands; print('litellm' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
