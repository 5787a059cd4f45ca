"""Browsing the saves with Datasette: the `results` view gives each game's official grade, and the
shipped metadata describes every table and column there is."""

from __future__ import annotations

import json

from mazeplay.cli import main
from mazeplay.resources import asset
from mazeplay.store import GameStore, open_db


def test_metadata_describes_every_table_and_column(tmp_path):
    db = open_db(tmp_path / "mazeplay.db")
    tables = json.loads(asset("datasette", "metadata.json").read_text())["databases"]["mazeplay"]["tables"]
    actual = {t.name: [c.name for c in t.columns] for t in [*db.tables, *db.views] if not t.name.startswith("_")}
    assert set(tables) == set(actual)
    for name, columns in actual.items():
        assert set(tables[name]["columns"]) == set(columns), name
        assert all(text.strip() for text in tables[name]["columns"].values()) and tables[name]["description"]


def test_results_view_gives_the_official_grade(db_path, capsys):
    main(["run", "--a", "bot", "--b", "bot", "--seed", "2", "--mode", "live", "--db", str(db_path), "--json"])
    main(["run", "--a", "bot", "--b", "bot:terse", "--seed", "5", "--db", str(db_path), "--json"])
    main(["regrade", "--all", "--judge", "rule", "--db", str(db_path), "--json"])  # newer grades, not official for live
    capsys.readouterr()
    store = GameStore(open_db(db_path))
    rows = {row["game_id"]: row for row in store.db.query("select * from results")}
    assert len(rows) == 2
    for game_id, row in rows.items():
        official = store.official_grade(game_id)
        assert (row["weighted_outcome"], bool(row["success"])) == (official["weighted_outcome"], official["success"])
    assert rows[1]["judge"] == "engine" and rows[1]["mode"] == "live" and rows[1]["turns"] > 0
    assert rows[2]["judge"].startswith("rule") and rows[2]["seat_b"] == "bot:terse"
