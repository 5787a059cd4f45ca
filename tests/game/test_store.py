"""Saves: every turn committed as it happens, games reloaded intact, interrupted games resumed."""

import asyncio
import sqlite3
import subprocess
import sys
from contextlib import closing

import pytest

from mazeplay.game.loop import GameState, SeatError
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.headless import GameInterrupted, drive, resume
from mazeplay.judge.rule_grader import JUDGE
from mazeplay.seats.bots import GroundedBot
from mazeplay.seats.registry import SeatOptions
from mazeplay.store import GameStore, StoreError, game_key, open_db


class Failing:
    """A bot that fails (like a provider outage) once it reaches a given turn."""

    def __init__(self, fail_at):
        self.fail_at, self.bot = fail_at, GroundedBot()

    def describe(self):
        return {"kind": "bot", "name": "bot"}

    async def close(self):
        return None

    async def reply(self, request):
        if request.turn_index >= self.fail_at:
            raise SeatError("provider unavailable")
        return await self.bot.reply(request)


RECORDS = {"a": {"kind": "bot", "name": "bot"}, "b": {"kind": "bot", "name": "bot"}}


def test_turns_are_committed_before_the_next_request(db_path):
    store = GameStore(open_db(db_path))
    setup = GameSetup.create(GameConfig(seed=4, mode="live"))
    game_id = store.create_game(setup, RECORDS)
    seen = []

    class Watching(GroundedBot):
        async def reply(self, request):
            other = sqlite3.connect(db_path)  # a separate connection sees only committed rows
            seen.append(other.execute("select count(*) from turns where game_id=?", [game_id]).fetchone()[0])
            other.close()
            return await super().reply(request)

    asyncio.run(drive(store, game_id, GameState.start(setup), {"a": Watching(), "b": Watching()}, None))
    assert seen == list(range(len(seen)))


def test_saved_game_round_trips(db_path):
    store = GameStore(open_db(db_path))
    setup = GameSetup.create(GameConfig(seed=7, mode="live", render="labelled", first="b"))
    game_id = store.create_game(setup, RECORDS, player="p17")
    outcome = asyncio.run(drive(store, game_id, GameState.start(setup), {"a": GroundedBot(), "b": GroundedBot()}, None))
    saved = store.load_game(game_id)
    assert saved.status == "finished" and saved.player == "p17"
    assert saved.setup.maze.rows() == setup.maze.rows()
    assert [v.rows() for v in saved.setup.views.values()] == [v.rows() for v in setup.views.values()]
    assert saved.setup.config == setup.config
    assert [t.text for t in saved.turns] == [t.text for t in outcome.state.turns]
    grade = store.official_grade(game_id)
    assert grade["success"] is True and grade["judge"] == "engine"
    assert store.latest_grade(game_id, JUDGE)["success"] is True  # live games are rule-graded too, for the audit
    row = store.db["games"].get(game_id)
    assert '"generator": "carve-1"' in row["versions"].replace('":"', '": "') and row["key"] == game_key(setup, RECORDS)


def test_game_key_is_deterministic_and_sensitive():
    setup = GameSetup.create(GameConfig(seed=7))
    assert game_key(setup, RECORDS) == game_key(GameSetup.create(GameConfig(seed=7)), RECORDS)
    assert game_key(setup, RECORDS) != game_key(GameSetup.create(GameConfig(seed=7, replicate=1)), RECORDS)
    assert game_key(setup, RECORDS) != game_key(GameSetup.create(GameConfig(seed=7, first="b")), RECORDS)


def test_interrupted_game_resumes_without_losing_or_repeating_turns(db_path):
    store = GameStore(open_db(db_path))
    setup = GameSetup.create(GameConfig(seed=9, mode="live"))
    game_id = store.create_game(setup, RECORDS)
    with pytest.raises(GameInterrupted, match=f"mazeplay resume {game_id}"):
        asyncio.run(drive(store, game_id, GameState.start(setup), {"a": GroundedBot(), "b": Failing(3)}, None))
    assert store.load_game(game_id).status == "interrupted"
    assert len(store.load_game(game_id).turns) == 3
    outcome = resume(store, game_id, SeatOptions(), None)
    saved = store.load_game(game_id)
    assert [t.index for t in saved.turns] == list(range(len(saved.turns)))
    uninterrupted = GameState.start(setup)
    asyncio.run(drive(store, store.create_game(setup, RECORDS), uninterrupted, {"a": GroundedBot(), "b": GroundedBot()}, None))
    assert [t.text for t in saved.turns] == [t.text for t in uninterrupted.turns]
    assert outcome.score.success and saved.status == "finished"


def test_missing_and_finished_games_are_refused(db_path):
    store = GameStore(open_db(db_path))
    with pytest.raises(StoreError, match="no game with id 99"):
        store.load_game(99)
    with pytest.raises(StoreError, match="no game with id 99"):
        store.set_status(99, "finished")
    setup = GameSetup.create(GameConfig(seed=1, mode="live"))
    game_id = store.create_game(setup, RECORDS)
    asyncio.run(drive(store, game_id, GameState.start(setup), {"a": GroundedBot(), "b": GroundedBot()}, None))
    with pytest.raises(ValueError, match="already finished"):
        resume(store, game_id, SeatOptions(), None)


def test_corrupt_or_unwritable_databases_raise_one_line(tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(StoreError, match="cannot use database"):
        open_db(bad)
    assert bad.read_bytes() == b"this is not a database at all" * 100
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError):
        open_db(blocker / "sub" / "x.db")


def test_wal_foreign_keys_and_migrations_are_idempotent(db_path):
    db = open_db(db_path)
    assert db.journal_mode == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    again = open_db(db_path)
    assert {"games", "turns", "grades"} <= set(again.table_names())


def test_a_save_from_the_first_schema_opens_and_is_upgraded(tmp_path):
    from sqlite_utils import Database
    from sqlite_utils.migrations import Migrations

    from mazeplay.store.db import m001_games_and_turns

    path = tmp_path / "old.db"
    first = Migrations("mazeplay")
    first()(m001_games_and_turns)
    old = Database(path)
    first.apply(old)
    assert "runs" not in old.table_names()
    old.close()
    store = GameStore(open_db(path))
    assert "runs" in store.db.table_names() and "run_id" in store.db["games"].columns_dict
    setup = GameSetup.create(GameConfig(seed=1, mode="live"))
    game_id = store.create_game(setup, RECORDS)
    assert store.load_game(game_id).setup.maze.rows() == setup.maze.rows()


def test_a_save_from_a_newer_mazeplay_is_refused_untouched(tmp_path):
    path = tmp_path / "new.db"
    db = open_db(path)
    db["_sqlite_migrations"].insert({"migration_set": "mazeplay", "name": "m999_future", "applied_at": "2030-01-01"})
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer mazeplay"):
        open_db(path)
    assert path.read_bytes() == before


_WRITER = """
import sys, time
from mazeplay.store import open_db
db = open_db(sys.argv[1])
db.execute("create table if not exists beats (n integer)")
for n in range(40):
    with db.conn:
        db.execute("insert into beats values (?)", [n])
    time.sleep(0.02)
"""


def test_a_reader_looking_in_while_a_new_save_is_created_loses_nothing(tmp_path):
    """Another process (Datasette, a second mazeplay, a test's poll) opening the file while a game creates
    it must not cost the game its writes. It did: the migration lock opened and closed the database file
    itself, which dropped SQLite's own locks, and the reader, believing itself alone, reset the log."""
    for attempt in range(3):
        path = tmp_path / "saves" / f"race{attempt}.db"
        writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(path)])
        while writer.poll() is None:
            try:
                with closing(sqlite3.connect(path, timeout=1.0)) as db:
                    db.execute("select count(*) from sqlite_master").fetchone()
            except sqlite3.Error:
                pass
        assert writer.returncode == 0
        with closing(sqlite3.connect(path)) as db:
            assert db.execute("select count(*) from beats").fetchone()[0] == 40
