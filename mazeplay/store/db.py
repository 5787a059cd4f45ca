"""Opening the database: path resolution, WAL, foreign keys and migrations.

Migrations are append-only, so a newer mazeplay opens every older save; a save written by a newer
schema than this mazeplay knows is refused rather than touched.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from sqlite_utils import Database

from mazeplay.errors import MazeplayError
from sqlite_utils.migrations import Migrations

DEFAULT_DB = Path("saves") / "mazeplay.db"
ELSEWHERE = "--db FILE or MAZEPLAY_DB=FILE opens another"  # said wherever saves are not found


class StoreError(MazeplayError):
    """The database cannot be opened or written; the message is one line for the user."""


migrations = Migrations("mazeplay")


@migrations()
def m001_games_and_turns(db: Database) -> None:
    db["games"].create(
        {
            "id": int, "key": str, "created_at": str, "updated_at": str, "status": str, "ending": str,
            "error": str, "mode": str, "first": str, "max_turns": int, "render": str, "seed": int,
            "split_seed": int, "maze_source": str, "config": str, "maze": str, "view_a": str,
            "view_b": str, "seat_a": str, "seat_b": str, "player": str, "versions": str, "notes": str,
        },
        pk="id",
        not_null={"key", "created_at", "status", "mode", "config", "maze", "view_a", "view_b"},
    )
    db["games"].create_index(["key"])
    db["games"].create_index(["status"])
    db["turns"].create(
        {
            "game_id": int, "idx": int, "seat": str, "text": str, "notice": str, "executed": str,
            "position": str, "request": str, "response": str, "usage": str, "prompt_tokens": int,
            "completion_tokens": int, "latency_s": float, "cost_usd": float, "retries": int,
            "model": str, "created_at": str,
        },
        pk=("game_id", "idx"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"seat", "text"},
    )
    db["grades"].create(
        {
            "id": int, "game_id": int, "judge": str, "created_at": str, "success": int,
            "weighted_outcome": float, "route": str, "scheme": str, "ambiguous": int, "details": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
    )
    db["grades"].create_index(["game_id"])


@migrations()
def m002_runs_and_relays(db: Database) -> None:
    """Batch runs, and what a game is within one: its condition, kind, and relay parentage."""
    db["runs"].create(
        {"id": int, "name": str, "created_at": str, "config": str, "status": str},
        pk="id",
        not_null={"name", "created_at", "config"},
    )
    db["runs"].create_index(["name"], unique=True)
    db["games"].add_column("run_id", int, fk="runs", fk_col="id")
    db["games"].add_column("condition", str)
    db["games"].add_column("kind", str)  # pair, relay, solo-full, solo-split (NULL in older saves: pair)
    db["games"].add_column("job_key", str)
    db["games"].add_column("parent_game", int)
    db["games"].add_column("relay", str)  # JSON: k, role, swapped seat, newcomer, what history it saw
    db["games"].create_index(["job_key"])
    db["games"].create_index(["run_id"])


@migrations()
def m003_studies(db: Database) -> None:
    """Human studies: participants, their answers, and the rooms where two people are paired."""
    db["studies"].create({"name": str, "created_at": str, "design": str, "source": str}, pk="name")
    db["participants"].create(
        {"id": str, "study": str, "number": int, "created_at": str, "consent_at": str, "assignment": str,
         "status": str, "completion_code": str, "finished_at": str, "last_seen": str},
        pk="id",
        not_null={"study", "number", "created_at", "assignment", "status"},
    )
    db["participants"].create_index(["study"])
    db["answers"].create(
        {"id": int, "participant": str, "study": str, "game_id": int, "slot": int, "question": str, "value": str,
         "created_at": str},
        pk="id",
        not_null={"participant", "study", "slot", "question"},
    )
    db["answers"].create_index(["participant"])
    db["games"].add_column("study", str)
    db["games"].add_column("participant", str)
    db["games"].add_column("partner_participant", str)  # the other person, in a game between two people
    db["games"].add_column("slot", int)  # position in the participant's sequence; 0 is the practice game
    db["games"].create_index(["participant"])
    db["waiting"].create(
        {"id": int, "study": str, "condition": str, "participant": str, "slot": int, "created_at": str,
         "status": str, "game_id": int, "seat": str},
        pk="id",
    )
    db["waiting"].create_index(["study", "condition", "status"])
    db["mailbox"].create(
        {"game_id": int, "idx": int, "seat": str, "text": str, "created_at": str},
        pk=("game_id", "idx"),
    )


# The official grade of each game, as reports use it: live games, the engine's (ground truth);
# others, the newest grade by any judge. For people browsing the saves (`datasette saves/mazeplay.db`).
RESULTS_VIEW = """
select g.id as game_id, r.name as run, coalesce(g.kind, 'pair') as kind, g.condition, g.mode, g.maze_source,
       json_extract(g.seat_a, '$.name') as seat_a, json_extract(g.seat_b, '$.name') as seat_b, g.first,
       g.status, g.ending,
       (select count(*) from turns t where t.game_id = g.id) as turns,
       (select sum(t.cost_usd) from turns t where t.game_id = g.id) as cost_usd,
       gr.judge, gr.success, gr.weighted_outcome, gr.scheme, gr.ambiguous, g.study, g.created_at
from games g
left join runs r on r.id = g.run_id
left join grades gr on gr.id = (
    select x.id from grades x where x.game_id = g.id and (g.mode != 'live' or x.judge = 'engine')
    order by x.id desc limit 1)
"""


@migrations()
def m004_results_view(db: Database) -> None:
    """A `results` view: one row per game with its official grade (read-only; nothing is stored twice)."""
    db.create_view("results", RESULTS_VIEW, replace=True)


@migrations()
def m005_game_owner(db: Database) -> None:
    """Who is playing a game now (pid, host, since): shown to a second process the lease refuses."""
    db["games"].add_column("owner", str)


SCHEMA_VERSION = len(migrations._migrations)  # stored as PRAGMA user_version once migrated


def _refuse_newer(db: Database, target: Path) -> None:
    known = {m.name for m in migrations._migrations}
    applied = {m.name for m in migrations.applied(db)} if db["_sqlite_migrations"].exists() else set()
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if applied - known or version > SCHEMA_VERSION:
        raise StoreError(f"{target} was written by a newer mazeplay (schema {max(version, len(applied))}, "
                         f"this one knows {SCHEMA_VERSION}); upgrade mazeplay")


def _migrate(db: Database, target: Path) -> None:
    if db.journal_mode != "wal" and str(target) != ":memory:":
        db.enable_wal()
    _refuse_newer(db, target)  # again: another process may have migrated while this one waited
    if migrations.pending(db):
        migrations.apply(db)
    if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


@contextmanager
def _exclusive(target: Path) -> Iterator[None]:
    """An advisory lock held while the schema changes (SQLite's own locks answer a second writer with
    "database is locked" instead of making it wait for DDL).

    The lock is on a file beside the database, never on the database file itself: closing any descriptor
    of a file drops every POSIX lock the process holds on it, SQLite's included, and a reader that then
    looked in believed itself alone, reset the write-ahead log, and the game's turns were lost."""
    try:
        import fcntl
    except ImportError:  # not POSIX: SQLite's busy timeout is all there is
        yield
        return
    with open(f"{target}.lock", "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def resolve_path(path: str | os.PathLike | None) -> Path:
    return Path(path or os.environ.get("MAZEPLAY_DB") or DEFAULT_DB)


def open_db(path: str | os.PathLike | None = None, must_exist: bool = False) -> Database:
    """Open (creating if needed) and migrate the database; StoreError with one line on failure.
    `must_exist` is for commands that only read saves: they must not leave an empty database behind."""
    target = resolve_path(path)
    if must_exist and str(target) != ":memory:" and not target.is_file():
        raise StoreError(f"no saved games at {target.resolve()} (play a game first; {ELSEWHERE})")
    try:
        if str(target) != ":memory:":
            target.parent.mkdir(parents=True, exist_ok=True)
        db = Database(target)
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA busy_timeout = 30000")
        # WAL + NORMAL: a commit survives a killed process (not a power cut) without an fsync per turn.
        db.execute("PRAGMA synchronous = NORMAL")
        _refuse_newer(db, target)
        if str(target) == ":memory:":
            _migrate(db, target)
        elif db.journal_mode != "wal" or migrations.pending(db):
            with _exclusive(target):  # processes started together on a new file: one migrates, the others wait
                _migrate(db, target)
        return db
    except StoreError:
        raise
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"cannot use database {target}: {exc}") from None
    except OSError as exc:
        raise StoreError(f"cannot open database {target}: {exc.strerror or exc}") from None
