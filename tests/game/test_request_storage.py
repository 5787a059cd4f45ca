"""Requests are saved once per new message, and every request loads back exactly as it was sent."""

from __future__ import annotations

import json

from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.game.turns import SeatReply, Turn
from mazeplay.headless import run_new
from mazeplay.seats.registry import SeatOptions, SeatSpec
from mazeplay.store import GameStore, open_db

RECORDS = {"a": {"kind": "llm", "name": "x/y"}, "b": {"kind": "llm", "name": "x/y"}}


def exact(value) -> str:
    return json.dumps(value, separators=(",", ":"), default=str)


def conversation(turns: int, size: int, system_changes_at: int | None = None) -> list[Turn]:
    """Requests as a model seat sends them: the whole history, growing by two messages a turn."""
    out, history = [], []
    for index in range(turns):
        seat = "ab"[index % 2]
        system = "rules" + (" (changed)" if system_changes_at is not None and index >= system_changes_at else "")
        mine = [{"role": "system", "content": system + seat}]
        for speaker, text in history:
            mine.append({"role": "assistant" if speaker == seat else "user", "content": text})
        text = f"message {index} " + "x" * size + " ✓ \"quoted\""
        request = {"temperature": 0.2, "model": "x/y", "messages": mine, "max_tokens": 4096,
                   "api_base": "http://127.0.0.1:1/v1"}
        out.append(Turn(index=index, seat=seat, text=text, reply=SeatReply(text=text, request=request)))
        history.append((seat, text))
    return out


def test_every_request_loads_back_byte_for_byte(db_path):
    store = GameStore(open_db(db_path))
    turns = conversation(30, 50, system_changes_at=11)
    game_id = store.create_game(GameSetup.create(GameConfig(seed=1)), RECORDS)
    for turn in turns[:17]:
        store.add_turn(game_id, turn)
    store = GameStore(open_db(db_path))  # a resume in another process: no memory of the deltas
    for turn in turns[17:]:
        store.add_turn(game_id, turn)
    loaded = GameStore(open_db(db_path)).load_game(game_id).turns
    assert [exact(t.reply.request) for t in loaded] == [exact(t.reply.request) for t in turns]


def test_a_games_size_grows_linearly_with_its_text(db_path):
    store = GameStore(open_db(db_path))

    def saved_bytes(n_turns: int) -> int:
        game_id = store.create_game(GameSetup.create(GameConfig(seed=n_turns)), RECORDS)
        for turn in conversation(n_turns, 2000):
            store.add_turn(game_id, turn)
        return store.db.execute("select sum(length(request)) from turns where game_id = ?", [game_id]).fetchone()[0]

    short, long = saved_bytes(10), saved_bytes(40)
    assert long < 5 * short  # four times the turns, about four times the bytes (whole requests: ~16×)
    whole = sum(len(exact(t.reply.request)) for t in conversation(40, 2000))
    assert long < whole / 8


def test_a_relay_fork_copies_requests_that_load_exactly(db_path):
    store = GameStore(open_db(db_path))
    turns = conversation(8, 100)
    setup = GameSetup.create(GameConfig(seed=3))
    parent = store.create_game(setup, RECORDS)
    for turn in turns:
        store.add_turn(parent, turn)
    copied = store.load_game(parent).turns[:5]
    child = store.create_game(setup, RECORDS, extra={"kind": "relay", "parent_game": parent}, turns=copied)
    assert [exact(t.reply.request) for t in store.load_game(child).turns] == [exact(t.reply.request) for t in turns[:5]]


def test_a_game_against_a_server_saves_what_the_server_received(db_path, stub):
    stub.default = ("ok", "I am still studying my map, " * 20)
    spec = SeatSpec(kind="llm", name="openai/stub", api_base=stub.api_base)
    setup = GameSetup.create(GameConfig(seed=5, max_turns=12))
    outcome = run_new(GameStore(open_db(db_path)), setup, {"a": spec, "b": spec},
                      SeatOptions(api_key="sk-none", timeout=5.0, max_retries=0), None)
    loaded = GameStore(open_db(db_path)).load_game(outcome.game_id).turns
    assert len(loaded) == len(stub.requests) == 12
    assert [t.reply.request["messages"] for t in loaded] == [body["messages"] for body in stub.requests]
