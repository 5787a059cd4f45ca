"""Streamed model replies and failing model partners, through litellm and real HTTP against the stub.

A streamed game must save what an unstreamed one saves; a failure must say what failed and where."""

import asyncio
import socket

import pytest

from mazeplay.game.loop import SeatError
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.headless import GameSession, TranscriptPrinter
from mazeplay.seats.llm import LLMSeat, RetryPolicy
from mazeplay.seats.registry import SeatOptions, SeatSpec
from mazeplay.store import GameStore, open_db

FAST = RetryPolicy(max_retries=2, base_delay=0.01, max_delay=0.05)
MESSAGES = [{"role": "system", "content": "s"}, {"role": "user", "content": "hello there"}]
REPLY = "I see a wall\nat the second row. MOVE: down"


def seat(stub, **kwargs):
    return LLMSeat(model="openai/stub-model", api_base=stub.api_base, api_key="sk-secret", retry=FAST,
                   timeout=5, **kwargs)


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # nothing listens once the socket is closed


def test_a_streamed_reply_is_reported_piece_by_piece_and_returns_the_same_reply(stub):
    stub.script(("ok", REPLY), ("ok", REPLY))
    plain = asyncio.run(seat(stub).complete(MESSAGES))
    heard: list[dict] = []
    streamed = asyncio.run(seat(stub, stream=True).complete(MESSAGES, report=lambda **f: heard.append(f)))
    texts = [f["text"] for f in heard if f.get("text")]
    assert len(texts) >= 5 and texts[-1] == REPLY  # word by word, ending with the whole reply
    assert all(REPLY.startswith(t) for t in texts) and texts == sorted(texts, key=len)
    assert stub.requests[1]["stream"] is True and stub.requests[1]["stream_options"] == {"include_usage": True}
    assert "stream" not in stub.requests[0]
    assert streamed.text == plain.text == REPLY
    assert streamed.usage == plain.usage == {"prompt_tokens": 3, "completion_tokens": 10, "total_tokens": 13}
    assert streamed.request == plain.request and "stream" not in streamed.request
    assert streamed.cost_usd == plain.cost_usd and streamed.model == plain.model
    without_clock = lambda r: {k: v for k, v in r.items() if k != "created"}  # noqa: E731  litellm restamps it
    assert without_clock(streamed.response) == without_clock(plain.response)


def test_a_priced_model_costs_the_same_streamed_or_not(stub):
    stub.script(("ok", REPLY), ("ok", REPLY))
    priced = dict(model="openai/gpt-4.1", api_base=stub.api_base, api_key="k", retry=FAST, timeout=5)
    plain = asyncio.run(LLMSeat(**priced).complete(MESSAGES))
    streamed = asyncio.run(LLMSeat(**priced, stream=True).complete(MESSAGES))
    assert plain.cost_usd and streamed.cost_usd == pytest.approx(plain.cost_usd)


def test_a_stream_cut_mid_reply_is_retried_from_the_start(stub):
    stub.script(("cut", "one two three four five six"), ("ok", "MOVE: left"))
    heard: list[dict] = []
    reply = asyncio.run(seat(stub, stream=True).complete(MESSAGES, report=lambda **f: heard.append(f)))
    assert reply.text == "MOVE: left" and reply.retries == 1
    retry = next(f for f in heard if f.get("problem"))
    assert retry["attempt"] == 2 and retry["attempts"] == 3
    assert "connection dropped mid-reply" in retry["problem"] and stub.api_base in retry["problem"]
    after = heard[heard.index(retry) + 1:]
    assert after[0]["text"] == ""  # the partial text of the cut attempt is taken back


def test_a_slow_stream_is_bounded_by_the_timeout_as_a_whole(stub):
    stub.script(("drip", 0.4, "a b c d e f g h"))
    with pytest.raises(SeatError, match=r"failed after 1 attempt: no reply from .* within 1 s"):
        asyncio.run(LLMSeat(model="openai/x", api_base=stub.api_base, api_key="k", timeout=1, stream=True,
                            retry=RetryPolicy(max_retries=0)).complete(MESSAGES))


def test_a_refused_connection_is_a_connection_error_naming_the_endpoint_without_credentials():
    url = f"http://127.0.0.1:{closed_port()}/v1?api-key=hunter2-secret"
    heard: list[dict] = []
    dead = LLMSeat(model="openai/x", api_base=url, api_key="k", retry=FAST, timeout=2)
    with pytest.raises(SeatError) as info:
        asyncio.run(dead.complete(MESSAGES, report=lambda **f: heard.append(f)))
    message = str(info.value)
    public = url.split("?")[0]
    assert f"connection error: connection refused at {public}" in message
    assert "server error" not in message.lower() and "InternalServerError" not in message
    assert "hunter2" not in message and "failed after 3 attempts" in message
    assert [(f["attempt"], f["attempts"]) for f in heard if f.get("problem")] == [(2, 3), (3, 3)]
    assert all("connection refused" in f["problem"] and public in f["problem"] for f in heard if f.get("problem"))


def test_a_server_error_is_called_one_and_names_the_endpoint(stub):
    stub.script(*[("status", 503)] * 3)
    with pytest.raises(SeatError, match=rf"server error \(HTTP 503\) from {stub.api_base}"):
        asyncio.run(seat(stub, stream=True).complete(MESSAGES))


def test_a_streamed_game_saves_what_an_unstreamed_game_saves(stub, tmp_path):
    """Two games on the same maze against the same scripted partner, one streamed: the saved turns
    are the same (text, request, usage, cost; the response but for litellm's clock)."""
    saved = {}
    for stream in (False, True):
        stub.script(("ok", REPLY), ("ok", "AGREE. MOVE: right"), ("ok", "ACTI!"))
        store = GameStore(open_db(tmp_path / f"s{stream}.db"))
        specs = {"a": SeatSpec("llm", "openai/stub-model", api_base=stub.api_base), "b": SeatSpec("bot", "bot")}
        options = SeatOptions(api_key="k", timeout=5, max_retries=0, stream=stream)
        session = GameSession.new(store, GameSetup.create(GameConfig(seed=4, max_turns=6)), specs, options)
        asyncio.run(session.play())
        saved[stream] = [t for t in store.load_game(session.game_id).turns if t.seat == "a"]
    plain, streamed = saved[False], saved[True]
    assert [t.text for t in streamed] == [t.text for t in plain] == [REPLY, "AGREE. MOVE: right", "ACTI!"]
    assert sum(bool(r.get("stream")) for r in stub.requests) == 3  # the second game did stream
    for a, b in zip(plain, streamed):
        assert b.reply.request == a.reply.request
        assert b.reply.usage == a.reply.usage and b.reply.usage["completion_tokens"] > 0
        assert b.reply.cost_usd == a.reply.cost_usd
        assert {k: v for k, v in b.reply.response.items() if k != "created"} == \
            {k: v for k, v in a.reply.response.items() if k != "created"}


def test_line_mode_prints_each_retry_as_it_happens(stub):
    import io

    stub.script(("status", 503), ("ok", "MOVE: down"))
    out = io.StringIO()
    printer = TranscriptPrinter(out)
    reply = asyncio.run(seat(stub).complete(MESSAGES, report=lambda **f: printer.progress(_progress(**f))))
    assert reply.retries == 1
    assert f"server error (HTTP 503) from {stub.api_base}" in out.getvalue() and "attempt 2 of 3" in out.getvalue()


def _progress(**fields):
    from mazeplay.game.turns import SeatProgress

    return SeatProgress(seat="a", turn_index=0, **fields)


def test_run_does_not_stream_unless_asked(stub, tmp_path):
    """`mazeplay run` against a model: unstreamed by default, streamed with --stream; the same transcript."""
    import subprocess
    import sys

    transcripts = []
    for flag in ([], ["--stream"]):
        before = len(stub.requests)
        done = subprocess.run([sys.executable, "-m", "mazeplay", "run", "--a", "openai/stub", "--b", "bot", "--seed", "3",
                               "--max-turns", "2", "--api-base", stub.api_base, "--db", str(tmp_path / "r.db"), *flag],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        transcripts.append([line for line in done.stdout.splitlines() if line.startswith("[")])
        assert [bool(r.get("stream")) for r in stub.requests[before:]] == [bool(flag)]
    assert transcripts[0] == transcripts[1] and len(transcripts[0]) == 2
