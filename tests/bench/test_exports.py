"""Exports have one fixed schema, described by the dataset card's front matter, so exports of different
runs load together with HuggingFace `datasets`; chat rows end on the seat's own message."""

from __future__ import annotations

import asyncio

import pytest

from mazeplay.bench.plan import plan_from_dict
from mazeplay.bench.runner import BenchRunner
from mazeplay.cli import main
from mazeplay.config import DEFAULT_ALIASES
from mazeplay.seats.registry import SeatOptions
from mazeplay.store import GameStore, open_db
from mazeplay.store.exports import FIELDS, SCHEMA, chat_rows, game_rows

TYPES = {"int64": int, "string": str, "bool": bool, "float64": float}


def play(db, name, conditions, stub=None, **more):
    plan = plan_from_dict({"name": name, "mazes": 2, "max_turns": 6, "conditions": conditions, **more})
    options = SeatOptions(api_key="sk-x", timeout=2.0, max_retries=0)
    runner = BenchRunner(GameStore(open_db(db)), plan, options, DEFAULT_ALIASES, api_base=stub.api_base if stub else None, out=None)
    asyncio.run(runner.run())


@pytest.fixture
def two_runs(tmp_path, stub):
    """Two databases as different as exports get: bots in paper mode; a model and relays in live mode."""
    first, second = tmp_path / "one.db", tmp_path / "two.db"
    play(first, "bots", [{"type": "pair", "models": ["bot", "bot:terse"]}])
    play(second, "model", [{"type": "relay", "strong": "openai/stub", "weak": "bot", "k": [2]}], stub, mode="live")
    return first, second


def check(value, kind, where):
    """`value` fits the SCHEMA type `kind` (null is allowed anywhere)."""
    if value is None:
        return
    if isinstance(kind, str):
        assert isinstance(value, TYPES[kind]) and not (kind != "bool" and isinstance(value, bool)), where
    elif isinstance(kind, dict):
        assert set(value) == set(kind), where
        for name, inner in kind.items():
            check(value[name], inner, f"{where}.{name}")
    elif kind and isinstance(kind[0], tuple):
        assert list(value) == [name for name, _ in kind], where
        for name, inner in kind:
            check(value[name], inner, f"{where}.{name}")
    else:
        assert isinstance(value, list), where
        for item in value:
            check(item, kind[0], f"{where}[]")


def test_every_row_has_exactly_the_schema_the_card_describes(two_runs):
    for db in two_runs:
        store = GameStore(open_db(db))
        for config, rows in (("games", list(game_rows(store))), ("chat", list(chat_rows(store)))):
            assert rows
            assert list(FIELDS[config]) == [name for name, _ in SCHEMA[config]]
            for row in rows:
                check(row, SCHEMA[config], config)


def test_chat_rows_end_on_the_seats_own_message(two_runs):
    for db in two_runs:
        for row in chat_rows(GameStore(open_db(db))):
            assert row["messages"][-1]["role"] == "assistant"
            assert row["messages"][0]["role"] == "system"


def test_two_exports_load_together_with_datasets(two_runs, tmp_path, capsys):
    datasets = pytest.importorskip("datasets")
    import yaml

    folder = tmp_path / "dataset"
    folder.mkdir()
    for i, db in enumerate(two_runs):
        main(["export", "--db", str(db), "--out", str(folder / f"games-{i}.jsonl")])
        main(["export", "--db", str(db), "--format", "chat", "--out", str(folder / f"chat-{i}.jsonl")])
    card = (folder / "README.md").read_text()
    front = yaml.safe_load(card.split("---")[1])
    assert front["license"] == "cc-by-4.0"
    games = datasets.load_dataset(str(folder), "games", split="train")
    assert games.num_rows == 8 + 8 and {r["name"] for r in games["seats"] for r in r.values()} >= {"bot", "openai/stub"}
    chat = datasets.load_dataset(str(folder), "chat", split="train")
    assert all(m[-1]["role"] == "assistant" for m in chat["messages"])
    # the same files, given as plain JSON with the card's schema
    features = datasets.Features._from_yaml_list(next(c for c in front["dataset_info"] if c["config_name"] == "games")["features"])
    again = datasets.load_dataset("json", data_files=[str(folder / "games-0.jsonl"), str(folder / "games-1.jsonl")],
                                  features=features, split="train")
    assert again.num_rows == games.num_rows


def test_someone_elses_readme_is_never_overwritten(two_runs, tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# my project\n")
    main(["export", "--db", str(two_runs[0]), "--out", str(tmp_path / "d.jsonl"), "--license", "cc0-1.0"])
    assert readme.read_text() == "# my project\n"
    assert "license: cc0-1.0" in (tmp_path / "d.card.md").read_text()
