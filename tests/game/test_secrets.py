"""Secrets and untrusted server text: a key echoed back by a server never reaches the terminal or the
saves, credentials inside --api-base are never saved, and --api-base still uses OPENAI_API_KEY."""

import asyncio
import json
import sqlite3
import subprocess
import sys

import pytest

from mazeplay.game.loop import SeatError
from mazeplay.seats.llm import LLMSeat, RetryPolicy, saved_request
from mazeplay.text import public_url

FAST = RetryPolicy(max_retries=1, base_delay=0.01, max_delay=0.02)
KEY = "sk-test-0123456789abcdefXYZ"


def test_an_error_body_that_echoes_the_key_is_scrubbed(stub):
    stub.script(("echo", 400), ("echo", 500), ("echo", 500))
    for _ in range(2):
        with pytest.raises(SeatError) as info:
            asyncio.run(LLMSeat("openai/stub", api_base=stub.api_base, api_key=KEY, retry=FAST, timeout=5).complete([]))
        message = str(info.value)
        assert KEY not in message and "\x1b" not in message and "\u202e" not in message and "\n" not in message


def test_run_prints_and_saves_no_key_and_no_escapes(stub, tmp_path):
    stub.default = ("echo", 400)
    db = tmp_path / "s.db"
    result = subprocess.run([sys.executable, "-m", "mazeplay", "run", "--a", "openai/stub", "--b", "bot", "--seed", "1",
                             "--api-base", stub.api_base, "--api-key", KEY, "--db", str(db)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert KEY not in result.stderr + result.stdout and "\x1b" not in result.stderr + result.stdout
    saved = db.read_bytes()
    assert KEY.encode() not in saved


def test_credentials_in_the_endpoint_are_never_saved():
    assert public_url("http://127.0.0.1:8080/v1?api-key=abcdef123456&region=eu") == "http://127.0.0.1:8080/v1?region=eu"
    base = "https://user:hunter2secret@llm.example.org/v1?token=abcdef123456"
    seat = LLMSeat("openai/stub", api_base=base, api_key="x", retry=FAST, timeout=5)
    saved = json.dumps([seat.describe(), saved_request(seat.payload([{"role": "user", "content": "hi"}]))])
    assert "hunter2secret" not in saved and "abcdef123456" not in saved and "https://llm.example.org/v1" in saved


def test_api_base_uses_openai_api_key_when_no_key_is_given(stub, tmp_path, monkeypatch):
    db = tmp_path / "k.db"
    env = {**__import__("os").environ, "OPENAI_API_KEY": "sk-from-the-environment-123456"}
    result = subprocess.run([sys.executable, "-m", "mazeplay", "run", "--a", "openai/stub", "--b", "bot", "--seed", "1",
                             "--max-turns", "2", "--api-base", stub.api_base, "--db", str(db)],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert stub.keys and all(key == "Bearer sk-from-the-environment-123456" for key in stub.keys)
    assert b"sk-from-the-environment" not in db.read_bytes()


def test_export_can_leave_out_and_list_games_holding_secrets(tmp_path):
    from mazeplay.game.setup import GameConfig, GameSetup
    from mazeplay.game.loop import GameState
    from mazeplay.game.turns import SeatReply
    from mazeplay.headless import drive
    from mazeplay.seats.bots import GroundedBot
    from mazeplay.store import GameStore, open_db

    class Leaky(GroundedBot):
        async def reply(self, request):
            return SeatReply("my key is sk-abcdefghijklmnopqrstuvwxyz012345, down")

    db = tmp_path / "e.db"
    store = GameStore(open_db(db))
    records = {"a": {"kind": "bot", "name": "bot"}, "b": {"kind": "bot", "name": "bot"}}
    for seed, seat_a in ((1, GroundedBot()), (2, Leaky()), (3, GroundedBot())):
        setup = GameSetup.create(GameConfig(seed=seed, max_turns=4))
        game_id = store.create_game(setup, records)
        asyncio.run(drive(store, game_id, GameState.start(setup), {"a": seat_a, "b": GroundedBot()}, None))
    stopped = subprocess.run([sys.executable, "-m", "mazeplay", "export", "--db", str(db)], capture_output=True, text=True)
    assert stopped.returncode == 2 and "game 2" in stopped.stderr and "--skip-secrets" in stopped.stderr
    out = tmp_path / "data.jsonl"
    done = subprocess.run([sys.executable, "-m", "mazeplay", "export", "--skip-secrets", "--out", str(out), "--db", str(db)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "left out 1 game(s)" in done.stderr and ": 2" in done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["game_id"] for row in rows] == [1, 3] and "sk-abc" not in out.read_text()
