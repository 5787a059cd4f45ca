"""A model partner in the TUI: its message appears as it is written, what is saved is the whole reply,
and a failing partner shows each attempt and names the endpoint."""

import asyncio
import socket

from mazeplay.seats.llm import LLMSeat
from mazeplay.tui.app import MazeplayApp
from mazeplay.tui.screens.dialogs import ErrorDialog
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.setup import GameChoice
from mazeplay.tui.widgets.transcript import Transcript
from tests.stub_server import StubServer

SIZE = (110, 36)
SLOW = "one two three four five six seven eight. MOVE: down"


def partner_game(db_path, api_base: str) -> MazeplayApp:
    """The person in seat b: the model partner (seat a) speaks first."""
    return MazeplayApp(db=db_path, start="play", api_base=api_base,
                       choice=GameChoice(seed=1, seat="b", partner="openai/stub"))


def text_of(widget) -> str:
    return str(widget.render())


async def until(pilot, condition, seconds: float = 30.0):
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never got there")


async def test_a_streamed_partner_message_shows_partial_text_before_it_completes(db_path):
    stub = StubServer(default=("drip", 0.2, SLOW)).start()
    try:
        app = partner_game(db_path, stub.api_base)
        async with app.run_test(size=SIZE) as pilot:
            seen: list[str] = []

            def watch() -> bool:
                screen = app.screen
                transcripts = screen.query(Transcript) if isinstance(screen, PlayScreen) else []
                if not transcripts:  # not composed yet
                    return False
                if transcripts.first().partial is not None:
                    seen.append(text_of(transcripts.first().partial))
                return screen.your_turn

            await until(pilot, watch)
            transcript = app.screen.query_one(Transcript)
            assert any(s.startswith("1. Partner: one") and "MOVE: down" not in s for s in seen), seen
            assert len(set(seen)) >= 3  # it grew while the person watched
            assert transcript.partial is None  # replaced by the message once complete
            final = text_of(transcript.query(".message").last())
            assert final == f"1. Partner: {SLOW}"
            assert stub.requests[0]["stream"] is True
    finally:
        stub.stop()


async def test_the_saved_turn_of_a_streamed_game_has_the_whole_text_and_usage(db_path):
    stub = StubServer(default=("drip", 0.05, SLOW)).start()
    try:
        app = partner_game(db_path, stub.api_base)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.your_turn)
            saved = app.store.load_game(app.screen.session.game_id).turns[0]
        assert stub.requests[0]["stream"] is True
        assert saved.text == SLOW
        # the same request unstreamed: the turn saved what an unstreamed game would have saved
        plain = await LLMSeat("openai/stub", api_base=stub.api_base, api_key="none", timeout=10).complete(
            saved.reply.request["messages"])
        assert "stream" not in stub.requests[-1]
        assert saved.reply.request == plain.request and "stream" not in saved.reply.request
        assert saved.reply.usage == plain.usage and saved.reply.usage["completion_tokens"] == len(SLOW.split())
        assert saved.reply.cost_usd == plain.cost_usd
        assert saved.reply.response["choices"] == plain.response["choices"]
        assert saved.reply.response["usage"] == plain.response["usage"]
    finally:
        stub.stop()


async def test_a_refused_connection_is_shown_as_a_connection_error_naming_the_endpoint(db_path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    app = partner_game(db_path, f"http://127.0.0.1:{port}/v1?api-key=hunter2-secret")
    app.config.llm_max_retries = 0
    async with app.run_test(size=SIZE) as pilot:
        def said() -> str:
            return " ".join(text_of(s) for s in app.screen.query("Static")) if isinstance(app.screen, ErrorDialog) else ""

        await until(pilot, lambda: "connection" in said())
        said = said()
        assert f"connection error: connection refused at http://127.0.0.1:{port}/v1" in said
        assert "server error" not in said.lower() and "InternalServerError" not in said
        assert "hunter2" not in said


async def test_retries_are_shown_as_they_happen(db_path):
    stub = StubServer(default=("ok", "MOVE: down")).start()
    stub.script(("status", 503), ("status", 503))
    try:
        app = partner_game(db_path, stub.api_base)
        app.config.llm_max_retries = 2
        async with app.run_test(size=SIZE) as pilot:
            statuses: list[str] = []

            def answered() -> bool:
                if not isinstance(app.screen, PlayScreen) or not app.screen.query("#status"):
                    return False
                statuses.append(text_of(app.screen.query_one("#status")))
                return app.screen.your_turn

            await until(pilot, answered)
            notices = [text_of(n) for n in app.screen.query_one(Transcript).query(".notice")]
            assert len(notices) == 2, notices
            for attempt, notice in zip((2, 3), notices):
                assert notice.startswith(f"Partner: server error (HTTP 503) from {stub.api_base}")
                assert f"Attempt {attempt} of 3 in " in notice
            assert any("attempt 2/3 (server error (HTTP 503) from" in s for s in statuses), statuses
            assert any("attempt 3/3" in s for s in statuses), statuses
            assert "attempt" not in statuses[-1]  # gone once the partner has answered
            assert text_of(app.screen.query_one(Transcript).query(".message").last()) == "1. Partner: MOVE: down"
            assert len(stub.requests) == 3
    finally:
        stub.stop()
