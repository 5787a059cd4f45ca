"""Any text a model or a person sends can be saved: a lone surrogate does not end the game (and
resume works), a runaway message is cut to the configured length with the cut recorded, and every
model call carries a default reply cap."""

import asyncio
import sqlite3
import subprocess
import sys

from mazeplay.game.loop import GameState
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.game.turns import SeatReply
from mazeplay.headless import drive
from mazeplay.seats.bots import GroundedBot
from mazeplay.seats.llm import DEFAULT_MAX_TOKENS, LLMSeat
from mazeplay.store import GameStore, open_db

RECORDS = {"a": {"kind": "bot", "name": "bot"}, "b": {"kind": "bot", "name": "bot"}}


class Saying:
    """A partner that says the given texts, then falls silent."""

    def __init__(self, *texts):
        self.texts = list(texts)

    def describe(self):
        return {"kind": "bot", "name": "bot"}

    async def close(self):
        return None

    async def reply(self, request):
        return SeatReply(self.texts.pop(0) if self.texts else "ok")


def test_a_lone_surrogate_and_a_megabyte_are_saved_and_the_game_finishes(db_path):
    store = GameStore(open_db(db_path))
    setup = GameSetup.create(GameConfig(seed=2, max_turns=4, max_message_chars=1_000))
    game_id = store.create_game(setup, RECORDS)
    asyncio.run(drive(store, game_id, GameState.start(setup), {"a": Saying("down \ud800 please", "x" * 1_000_000), "b": GroundedBot()}, None))
    saved = store.load_game(game_id)
    assert saved.status == "finished"
    rows = sqlite3.connect(db_path).execute("select text, notice from turns where game_id = ? order by idx", [game_id]).fetchall()
    assert rows[0][0] == "down \ufffd please"
    assert rows[2][0] == "x" * 1_000 and "cut to 1,000 characters" in rows[2][1] and "1,000,000" in rows[2][1]


def test_model_seats_cap_every_reply_by_default():
    seat = LLMSeat("openai/gpt-4.1")
    assert seat.payload([{"role": "user", "content": "hi"}])["max_tokens"] == DEFAULT_MAX_TOKENS
    assert "max_tokens" not in LLMSeat("openai/gpt-4.1", max_tokens=None).payload([])


def test_too_short_a_message_limit_is_refused():
    import pytest

    with pytest.raises(ValueError, match="at least 100"):
        GameConfig(max_message_chars=5)
