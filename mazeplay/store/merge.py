"""Merging saves from several machines into one database (a study served by several `serve`
instances, each with its own file; batch runs split across machines).

Games get new ids in the target; their turns, grades, answers and relay parents follow them. A game
already in the target (same key and creation time) is skipped, so merging a source twice adds nothing.
Runs and studies are matched by name (a study's design must be the same everywhere); participants by ID.
"""

from __future__ import annotations

import json
from pathlib import Path

from sqlite_utils import Database

from mazeplay.store.db import StoreError, open_db


def _rows(db: Database, sql: str, args: list | None = None) -> list[dict]:
    return list(db.query(sql, args or []))


def _insert(db: Database, table: str, row: dict) -> int:
    columns = ", ".join(f"[{name}]" for name in row)
    return int(db.execute(f"insert into [{table}] ({columns}) values ({', '.join('?' * len(row))})", list(row.values())).lastrowid)


def merge_databases(target: str | Path, sources: list[str | Path]) -> list[str]:
    """Merge every source into target (created if missing); returns one summary line per source."""
    target_path = Path(target).resolve()
    for source in sources:
        if Path(source).resolve() == target_path:
            raise StoreError(f"{source} is the target itself")
    into = open_db(target)
    lines = []
    for source in sources:
        src = open_db(source, must_exist=True)  # migrated to this version's schema first
        with into.conn:
            counts = _merge_one(src, into)
        lines.append(f"{source}: {counts['games']} games added ({counts['skipped']} already there), "
                     f"{counts['participants']} participants, {counts['answers']} answers, {counts['runs']} runs")
    return lines


def _merge_one(src: Database, into: Database) -> dict[str, int]:
    counts = {"games": 0, "skipped": 0, "participants": 0, "answers": 0, "runs": 0}
    run_ids: dict[int, int] = {}
    for run in _rows(src, "select * from runs"):
        found = into.execute("select id from runs where name = ?", [run["name"]]).fetchone()
        if found:
            run_ids[run["id"]] = found[0]
        else:
            run_ids[run["id"]] = _insert(into, "runs", {k: v for k, v in run.items() if k != "id"})
            counts["runs"] += 1
    for study in _rows(src, "select * from studies"):
        found = into.execute("select design from studies where name = ?", [study["name"]]).fetchone()
        if found is None:
            _insert(into, "studies", study)
        elif json.loads(found[0]) != json.loads(study["design"]):
            raise StoreError(f"study {study['name']} has a different design in the source; not merged")
    for person in _rows(src, "select * from participants"):
        if into.execute("select 1 from participants where id = ?", [person["id"]]).fetchone() is None:
            _insert(into, "participants", person)
            counts["participants"] += 1
    game_ids: dict[int, int] = {}
    for game in _rows(src, "select * from games order by id"):
        found = into.execute("select id from games where key = ? and created_at = ?", [game["key"], game["created_at"]]).fetchone()
        if found:
            game_ids[game["id"]] = found[0]
            counts["skipped"] += 1
            continue
        row = {k: v for k, v in game.items() if k != "id"}
        row["run_id"] = run_ids.get(game["run_id"]) if game["run_id"] is not None else None
        row["parent_game"] = None  # set below, once every game has its new id
        row.pop("owner", None)  # a process on the source's machine: nobody plays the copy
        game_ids[game["id"]] = new_id = _insert(into, "games", row)
        counts["games"] += 1
        for turn in _rows(src, "select * from turns where game_id = ?", [game["id"]]):
            _insert(into, "turns", {**turn, "game_id": new_id})
        for grade in _rows(src, "select * from grades where game_id = ?", [game["id"]]):
            _insert(into, "grades", {**{k: v for k, v in grade.items() if k != "id"}, "game_id": new_id})
        for answer in _rows(src, "select * from answers where game_id = ?", [game["id"]]):
            _insert(into, "answers", {**{k: v for k, v in answer.items() if k != "id"}, "game_id": new_id})
            counts["answers"] += 1
        for ticket in _rows(src, "select * from waiting where game_id = ?", [game["id"]]):
            _insert(into, "waiting", {**{k: v for k, v in ticket.items() if k != "id"}, "game_id": new_id})
    for game in _rows(src, "select id, parent_game from games where parent_game is not null"):
        if game["parent_game"] in game_ids:
            into.execute("update games set parent_game = ? where id = ? and parent_game is null",
                         [game_ids[game["parent_game"]], game_ids[game["id"]]])
    for answer in _rows(src, "select * from answers where game_id is null"):  # e.g. answers kept after a game was withdrawn
        exists = into.execute("select 1 from answers where participant = ? and slot = ? and question = ? and created_at = ?",
                              [answer["participant"], answer["slot"], answer["question"], answer["created_at"]]).fetchone()
        if not exists:
            _insert(into, "answers", {k: v for k, v in answer.items() if k != "id"})
            counts["answers"] += 1
    return counts
