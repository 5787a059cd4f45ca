"""Saving and loading games, turn by turn, so an interrupted game loses nothing."""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterator

from sqlite_utils import Database

from mazeplay import __version__
from mazeplay.engine import GENERATOR_VERSION, View, maze_from_rows
from mazeplay.game.prompts import load_prompts
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.game.turns import SeatReply, Turn
from mazeplay.store import leases, requests
from mazeplay.store.db import ELSEWHERE, StoreError


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"), default=str)


def _load(value: str | None) -> Any:
    return None if value is None else json.loads(value)


def versions_for(setup: GameSetup) -> dict[str, str]:
    prompts = load_prompts(setup.config.prompt_version)
    return {
        "package": __version__,
        "generator": setup.maze.generator_version or GENERATOR_VERSION,
        "prompts": prompts.version,
        "prompts_digest": prompts.digest,
    }


def game_key(setup: GameSetup, seats: dict[str, dict]) -> str:
    """Same maze, split, seats, first speaker, mode, versions and replicate → same key."""
    versions = versions_for(setup)
    versions.pop("package")
    blob = {
        "maze": setup.maze.rows(),
        "views": {seat: view.rows() for seat, view in setup.views.items()},
        "seats": seats,
        "first": setup.config.first,
        "mode": setup.config.mode,
        "max_turns": setup.config.max_turns,
        "render": setup.config.render,
        "versions": versions,
        "replicate": setup.config.replicate,
    }
    return hashlib.sha256(json.dumps(blob, sort_keys=True).encode()).hexdigest()[:24]


@dataclass
class SavedGame:
    id: int
    setup: GameSetup
    seats: dict[str, dict]
    turns: list[Turn]
    status: str
    ending: str | None
    player: str | None
    kind: str = "pair"  # pair, relay, solo-full, solo-split


class GameStore:
    """The games, turns and grades tables behind small, intention-revealing methods."""

    def __init__(self, db: Database) -> None:
        self.db = db
        # (game, seat) → (turn index, exact request) of the seat's newest turn: the base of the next delta
        self._last_request: dict[tuple[int, str], tuple[int, dict]] = {}

    # Plain SQL on the write paths: sqlite-utils' insert/update re-read the schema on every call,
    # which cost more than the write itself once per turn of every game of a batch run.
    def _insert(self, table: str, row: dict[str, Any]) -> int:
        columns, marks = ", ".join(f"[{name}]" for name in row), ", ".join("?" * len(row))
        return int(self.db.execute(f"insert into [{table}] ({columns}) values ({marks})", list(row.values())).lastrowid)

    def _update_game(self, game_id: int, values: dict[str, Any]) -> None:
        assignments = ", ".join(f"[{name}] = ?" for name in values)
        if self.db.execute(f"update games set {assignments} where id = ?", [*values.values(), game_id]).rowcount == 0:
            raise StoreError(f"no game with id {game_id} in {self.path} ({ELSEWHERE})")

    def create_game(
        self, setup: GameSetup, seats: dict[str, dict], player: str | None = None, extra: dict | None = None,
        turns: list[Turn] | None = None,
    ) -> int:
        """Save a new game with any `turns` already played (a relay fork's copied history), in one
        transaction: a kill leaves either no game or the whole fork. `extra` carries batch fields
        (run_id, condition, kind, job_key, parent_game, relay); a batch job has one game, so if another
        process saved the job's game first, that game's id is returned and nothing is created."""
        row = self._game_row(setup, seats, player, extra)
        with self._write():
            if row.get("run_id") is not None and row.get("job_key"):
                taken = self.db.execute("select id from games where run_id = ? and job_key = ? order by id desc limit 1",
                                        [row["run_id"], row["job_key"]]).fetchone()
                if taken:
                    return int(taken[0])
            game_id = self._insert_game(row)
            for turn in turns or []:
                self._insert_turn(game_id, turn)
            return game_id

    def status(self, game_id: int) -> str | None:
        """A game's status (None if there is no such game), without loading its turns."""
        row = self.db.execute("select status from games where id = ?", [game_id]).fetchone()
        return row[0] if row else None

    @staticmethod
    def _game_row(setup: GameSetup, seats: dict[str, dict], player: str | None, extra: dict | None) -> dict[str, Any]:
        cfg = setup.config
        row = {
            "key": game_key(setup, seats),
            "created_at": _now(),
            "updated_at": _now(),
            "status": "playing",
            "mode": cfg.mode,
            "first": cfg.first,
            "max_turns": cfg.max_turns,
            "render": cfg.render,
            "seed": cfg.seed,
            "split_seed": cfg.effective_split_seed,
            "maze_source": setup.maze_source,
            "config": _json(cfg.to_dict()),
            "maze": _json(setup.maze.rows()),
            "view_a": _json(setup.views["a"].rows()),
            "view_b": _json(setup.views["b"].rows()),
            "seat_a": _json(seats["a"]),
            "seat_b": _json(seats["b"]),
            "player": player,
            "versions": _json(versions_for(setup)),
            "kind": "pair",
        }
        for name, value in (extra or {}).items():
            row[name] = _json(value) if isinstance(value, (dict, list)) else value
        return row

    def save_whole_game(self, setup: GameSetup, seats: dict[str, dict], turns: list[Turn],
                        grades: list[tuple[str, dict]], ending: str, player: str | None = None,
                        extra: dict | None = None) -> int:
        """A game played before it is saved (a person's solo answer): all of it in one transaction."""
        with self._write():
            game_id = self._insert_game({**self._game_row(setup, seats, player, extra), "status": "finished", "ending": ending})
            for turn in turns:
                self._insert_turn(game_id, turn)
            for judge, grade in grades:
                self._insert("grades", self._grade_row(game_id, judge, grade))
            return game_id

    def _insert_game(self, row: dict[str, Any]) -> int:
        game_id = self._insert("games", row)
        for key in [key for key in self._last_request if key[0] == game_id]:
            del self._last_request[key]  # an id freed by a withdrawal and reused: its old requests are gone
        return game_id

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One transaction that takes the write lock at its start (BEGIN IMMEDIATE), so a check and the
        write that depends on it cannot interleave with another process's."""
        conn = self.db.conn
        if conn.in_transaction:
            conn.commit()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            conn.rollback()
            raise
        conn.commit()

    def create_run(self, name: str, config: dict) -> int:
        """A batch run by name; an existing run of that name is reused (that is how runs resume)."""
        with self._write():  # two processes starting the same run at once: one creates it, both use it
            existing = self.db.execute("select id from runs where name = ?", [name]).fetchone()
            if existing:
                return int(existing[0])
            return self._insert("runs", {"name": name, "created_at": _now(), "config": _json(config), "status": "running"})

    def run_config(self, name: str) -> dict | None:
        """The settings a run was created with, or None if there is no run of that name."""
        rows = list(self.db["runs"].rows_where("name = ?", [name]))
        return (_load(rows[0]["config"]) or {}) if rows else None

    def set_run_config(self, name: str, config: dict) -> None:
        """Record the settings a run now has (it grew: more mazes or rollouts)."""
        with self.db.conn:
            self.db.execute("update runs set config = ? where name = ?", [_json(config), name])

    def run_variants(self, name: str) -> list[str]:
        """`name-2`, `name-3`, … that exist, in order (runs started with `bench --new-run`)."""
        rows = self.db.query("select name from runs where name like ?", [f"{name}-%"])
        suffixes = sorted(int(row["name"][len(name) + 1:]) for row in rows if row["name"][len(name) + 1:].isdigit())
        return [f"{name}-{i}" for i in suffixes]

    def run_id(self, name: str | None) -> int:
        rows = list(self.db.query("select id from runs order by id desc limit 1")) if name is None else list(
            self.db["runs"].rows_where("name = ?", [name]))
        if not rows:
            names = [row["name"] for row in self.db.query("select name from runs order by id")]
            known = f"runs there: {', '.join(names[:10])}{' …' if len(names) > 10 else ''}" if names else "no runs there"
            what = f"no run named {name!r}" if name else "no batch run saved yet (mazeplay bench makes one)"
            raise StoreError(f"{what} in {self.path} ({known}; {ELSEWHERE})")
        return int(rows[0]["id"])

    @property
    def path(self) -> str:
        """The database file, as an absolute path (for messages)."""
        return self.db.conn.execute("PRAGMA database_list").fetchone()[2] or ":memory:"

    def games_by_job_key(self, run_id: int) -> dict[str, dict]:
        """job key → {id, status} of the newest game for it in the run."""
        rows = self.db.query("select id, status, job_key from games where run_id = ? order by id", [run_id])
        return {row["job_key"]: row for row in rows}

    def game_cost(self, game_id: int) -> float:
        return float(self.db.execute("select coalesce(sum(cost_usd), 0) from turns where game_id = ?", [game_id]).fetchone()[0])

    def run_cost(self, run_id: int) -> float:
        sql = "select coalesce(sum(t.cost_usd), 0) from turns t join games g on g.id = t.game_id where g.run_id = ?"
        return float(self.db.execute(sql, [run_id]).fetchone()[0])

    def run_games_with_humans(self) -> list[dict]:
        """Every game with a person in a seat (to compare with AI pairs on the same mazes)."""
        return self._games_with_grades("select * from games where seat_a like '%\"human\"%' or seat_b like '%\"human\"%'", [])

    def _games_with_grades(self, sql: str, args: list) -> list[dict]:
        out = []
        for game in self.db.query(sql, args):
            grade = self.official_grade(game["id"]) if game["status"] == "finished" else None
            out.append({**game, "grade": grade, "relay": _load(game["relay"]),
                        "seat_a": _load(game["seat_a"]), "seat_b": _load(game["seat_b"])})
        return out

    def run_games(self, run_id: int) -> list[dict]:
        """The run's games with their official grades (for reports): one per job, the newest (saves
        from before one game per job was enforced can hold a job's abandoned attempts)."""
        sql = ("select * from games g where run_id = ? and (job_key is null or id = "
               "(select max(id) from games x where x.run_id = g.run_id and x.job_key = g.job_key)) order by id")
        return self._games_with_grades(sql, [run_id])

    def add_turn(self, game_id: int, turn: Turn) -> None:
        """Commit one turn (called before the next request is made)."""
        with self.db.conn:
            self._insert_turn(game_id, turn)
            self._update_game(game_id, {"updated_at": _now()})

    def _insert_turn(self, game_id: int, turn: Turn) -> None:
        reply = turn.reply
        usage = reply.usage or {}
        request = reply.request
        if isinstance(request, dict):
            key = (game_id, turn.seat)
            if key not in self._last_request:
                self._last_request.update(self._newest_requests(game_id))
            request = requests.pack(request, self._last_request.get(key))
        row = {
            "game_id": game_id,
            "idx": turn.index,
            "seat": turn.seat,
            "text": turn.text,
            "notice": turn.notice,
            "executed": turn.executed,
            "position": _json(list(turn.position) if turn.position else None),
            "request": _json(request),
            "response": _json(reply.response),
            "usage": _json(reply.usage),
            "prompt_tokens": usage.get("prompt_tokens"),
            "completion_tokens": usage.get("completion_tokens"),
            "latency_s": reply.latency_s,
            "cost_usd": reply.cost_usd,
            "retries": reply.retries,
            "model": reply.model,
            "created_at": _now(),
        }
        self._insert("turns", row)
        if isinstance(reply.request, dict):
            self._last_request[(game_id, turn.seat)] = (turn.index, reply.request)

    def _newest_requests(self, game_id: int) -> dict[tuple[int, str], tuple[int, dict]]:
        """Each seat's newest exact request in a saved game (to continue its deltas after a resume)."""
        newest: dict[tuple[int, str], tuple[int, dict]] = {}
        for turn in self._turns(game_id):
            if isinstance(turn.reply.request, dict):
                newest[(game_id, turn.seat)] = (turn.index, turn.reply.request)
        return newest

    def _turns(self, game_id: int) -> list[Turn]:
        """A game's turns in order, each request unpacked to exactly what was sent."""
        turns: list[Turn] = []
        sent: dict[int, dict | None] = {}
        for row in self.db["turns"].rows_where("game_id = ?", [game_id], order_by="idx"):
            turn = self._turn(row, sent.get)
            sent[turn.index] = turn.reply.request
            turns.append(turn)
        return turns

    def set_status(self, game_id: int, status: str, ending: str | None = None, error: str | None = None) -> None:
        with self.db.conn:
            self._update_game(game_id, {"status": status, "ending": ending, "error": error, "updated_at": _now()})

    def finish_game(self, game_id: int, grades: list[tuple[str, dict]], ending: str | None,
                    turns: list[Turn] | None = None) -> None:
        """Save the grades (and any last `turns`) and mark the game finished, in one transaction: a kill
        leaves the game either unfinished with no grade (resume grades it once) or finished and graded.
        Grades left by an older mazeplay's interrupted finish are replaced, not doubled."""
        with self._write():
            self.db.execute("delete from grades where game_id = ? and exists "
                            "(select 1 from games where id = ? and status != 'finished')", [game_id, game_id])
            for turn in turns or []:
                self._insert_turn(game_id, turn)
            for judge, grade in grades:
                self._insert("grades", self._grade_row(game_id, judge, grade))
            self._update_game(game_id, {"status": "finished", "ending": ending, "error": None, "updated_at": _now()})

    @contextmanager
    def lease(self, game_id: int) -> Iterator[None]:
        """Hold the game for this process while playing it; GameBusy (one line naming the holder) if
        another process holds it. The lease ends when the block does, or when the process dies."""
        path = leases.lock_path(self.path)
        if not leases.try_lock(path, game_id):
            raise self._busy(game_id)
        try:
            with self.db.conn:
                self._update_game(game_id, {"owner": _json(leases.me())})
            yield
        finally:
            try:
                with self.db.conn:
                    self.db.execute("update games set owner = null where id = ?", [game_id])
            finally:
                leases.unlock(path, game_id)

    def check_free(self, game_id: int) -> None:
        """GameBusy unless the game can be leased now (a UI checks before it opens the game)."""
        if not leases.is_free(leases.lock_path(self.path), game_id):
            raise self._busy(game_id)

    def _busy(self, game_id: int) -> leases.GameBusy:
        row = self.db.execute("select owner from games where id = ?", [game_id]).fetchone()
        holder = leases.describe_owner(row[0] if row else None)
        return leases.GameBusy(f"game {game_id} is being played by {holder}; wait for it to end or stop that process")

    def save_grade(self, game_id: int, judge: str, grade: dict) -> int:
        with self.db.conn:
            return self._insert("grades", self._grade_row(game_id, judge, grade))

    @staticmethod
    def _grade_row(game_id: int, judge: str, grade: dict) -> dict:
        return {
            "game_id": game_id,
            "judge": judge,
            "created_at": _now(),
            "success": int(bool(grade["success"])),
            "weighted_outcome": grade["weighted_outcome"],
            "route": _json(grade.get("route")),
            "scheme": grade.get("scheme"),
            "ambiguous": int(bool(grade.get("ambiguous"))),
            "details": _json(grade),
        }

    def latest_grade(self, game_id: int, judge: str | None = None) -> dict | None:
        where, args = ("game_id = ? and judge = ?", [game_id, judge]) if judge else ("game_id = ?", [game_id])
        rows = list(self.db["grades"].rows_where(where, args, order_by="id desc", limit=1))
        return _load(rows[0]["details"]) if rows else None

    def official_grade(self, game_id: int) -> dict | None:
        """Live games: the engine's ground truth. Others: the newest grade by any judge."""
        mode = self.db["games"].get(game_id)["mode"]
        return self.latest_grade(game_id, "engine" if mode == "live" else None)

    def save_notes(self, game_id: int, notes: dict[tuple[int, int], str]) -> None:
        """The person's notepad (never sent to the partner): {"r,c": "wall"|"open"|"unsure"}."""
        data = {f"{r},{c}": mark for (r, c), mark in sorted(notes.items())}
        with self.db.conn:
            self._update_game(game_id, {"notes": _json(data)})

    def load_notes(self, game_id: int) -> dict[tuple[int, int], str]:
        data = _load(self.db["games"].get(game_id)["notes"]) or {}
        return {tuple(int(x) for x in key.split(",")): mark for key, mark in data.items()}  # type: ignore[misc]

    def list_games(self) -> list[dict]:
        """Saved games, newest first, with their official grade (for the replay browser)."""
        rows = []
        for game in self.db.query("select * from games order by id desc"):
            grade = self.official_grade(game["id"]) or {}
            rows.append({
                "id": game["id"], "created_at": game["created_at"], "mode": game["mode"], "status": game["status"],
                "seat_a": _load(game["seat_a"]) or {}, "seat_b": _load(game["seat_b"]) or {},
                "player": game["player"], "success": grade.get("success"),
                "weighted_outcome": grade.get("weighted_outcome"),
            })
        return rows

    def finished_game_ids(self) -> list[int]:
        return [row["id"] for row in self.db.query("select id from games where status = 'finished' order by id")]

    def grades_by_judge(self) -> dict[int, dict[str, dict]]:
        """game id → judge → newest grade (details), with each game's mode under '_mode'."""
        out: dict[int, dict[str, dict]] = {}
        sql = "select g.game_id, g.judge, g.details, games.mode from grades g join games on games.id = g.game_id order by g.id"
        for row in self.db.query(sql):
            entry = out.setdefault(row["game_id"], {"_mode": {"mode": row["mode"]}})
            entry[row["judge"]] = _load(row["details"])
        return out

    def load_game(self, game_id: int) -> SavedGame:
        try:
            row = self.db["games"].get(game_id)
        except Exception:
            raise StoreError(f"no game with id {game_id} in {self.path} ({ELSEWHERE})") from None
        config = GameConfig.from_dict(_load(row["config"]))
        maze = maze_from_rows(_load(row["maze"]))
        views = {seat: View.from_rows(seat, _load(row[f"view_{seat}"])) for seat in ("a", "b")}
        setup = GameSetup(config=config, maze=maze, views=views, maze_source=row["maze_source"] or "generated")
        turns = self._turns(game_id)
        seats = {"a": _load(row["seat_a"]), "b": _load(row["seat_b"])}
        return SavedGame(game_id, setup, seats, turns, row["status"], row["ending"], row["player"], row.get("kind") or "pair")

    @staticmethod
    def _turn(row: dict, request_of) -> Turn:
        position = _load(row["position"])
        reply = SeatReply(
            text=row["text"],
            request=requests.unpack(_load(row["request"]), request_of),
            response=_load(row["response"]),
            usage=_load(row["usage"]),
            latency_s=row["latency_s"] or 0.0,
            cost_usd=row["cost_usd"],
            retries=row["retries"] or 0,
            model=row["model"],
        )
        return Turn(
            index=row["idx"], seat=row["seat"], text=row["text"], notice=row["notice"],
            executed=row["executed"], position=tuple(position) if position else None, reply=reply,
        )
