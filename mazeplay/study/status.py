"""How a study is going: participants, games per condition, time per game, drop-outs."""

from __future__ import annotations

import statistics
from datetime import datetime, timedelta, timezone

from mazeplay.store import GameStore
from mazeplay.store.db import StoreError
from mazeplay.store.studies import StudyStore


def _minutes(start: str, end: str) -> float:
    return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds() / 60


def study_status(store: GameStore, name: str, stale_minutes: float = 30.0, now: datetime | None = None) -> dict:
    studies = StudyStore(store.db)
    if store.db.execute("select 1 from studies where name = ?", [name]).fetchone() is None:
        known = [row[0] for row in store.db.execute("select name from studies order by name")]
        raise StoreError(f"no study named {name!r}" + (f" (known: {', '.join(known)})" if known else " in this database"))
    now = now or datetime.now(timezone.utc)
    stale = now - timedelta(minutes=stale_minutes)
    people = studies.participants(name)
    dropped = [p for p in people if p["status"] == "active" and datetime.fromisoformat(p["last_seen"]) < stale]
    games = studies.study_games(name)
    rows = []
    for condition in sorted({g["condition"] for g in games if g["slot"]}):
        mine = [g for g in games if g["condition"] == condition and g["slot"] and g["status"] == "finished"]
        solved = 0
        for game in mine:
            grade = store.official_grade(game["id"]) or {}
            solved += bool(grade.get("success"))
        times = [_minutes(g["created_at"], g["updated_at"]) for g in mine]
        rows.append({"condition": condition, "finished": len(mine), "solved": solved,
                     "median_minutes": statistics.median(times) if times else None,
                     "fallbacks": sum(g["kind"] == "fallback" for g in mine)})
    return {
        "study": name,
        "participants": {"total": len(people), "completed": sum(p["status"] == "completed" for p in people),
                         "active": len(people) - len(dropped) - sum(p["status"] == "completed" for p in people),
                         "dropped": len(dropped), "dropped_ids": [p["id"] for p in dropped]},
        "conditions": rows,
        "practice_finished": sum(1 for g in games if g["slot"] == 0 and g["status"] == "finished"),
        "unfinished_games": sum(1 for g in games if g["status"] != "finished"),
    }
