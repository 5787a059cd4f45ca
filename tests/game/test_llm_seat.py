"""The LLM seat end to end through litellm and real HTTP against the stub server."""

import asyncio

import pytest

from mazeplay.game.loop import GameState, SeatError, play
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.seats.bots import GroundedBot
from mazeplay.seats.llm import LLMSeat, ModelCheckError, RetryPolicy, check_model

FAST = RetryPolicy(max_retries=2, base_delay=0.01, max_delay=0.05)
MESSAGES = [{"role": "system", "content": "s"}, {"role": "user", "content": "hello there"}]


def seat(stub, **kwargs):
    return LLMSeat(model="openai/stub-model", api_base=stub.api_base, api_key="sk-secret", retry=FAST, **kwargs)


def test_success_records_request_usage_and_no_secret(stub):
    stub.script(("ok", "MOVE: left"))
    reply = asyncio.run(seat(stub, timeout=5).complete(MESSAGES))
    assert reply.text == "MOVE: left" and reply.retries == 0
    assert reply.usage == {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}
    assert reply.request["messages"] == MESSAGES and reply.request["model"] == "openai/stub-model"
    assert "sk-secret" not in repr(reply.request) and "sk-secret" not in repr(reply.response)
    assert stub.requests[0]["messages"] == MESSAGES
    assert reply.cost_usd is None  # unknown to the price map
    assert reply.latency_s > 0


def test_rate_limit_then_success_is_retried(stub):
    stub.script(("status", 429), ("status", 503), ("ok", "AGREE"))
    reply = asyncio.run(seat(stub, timeout=5).complete(MESSAGES))
    assert reply.text == "AGREE" and reply.retries == 2 and len(stub.requests) == 3


def test_server_errors_give_up_with_one_line(stub):
    stub.script(*[("status", 500)] * 3)
    with pytest.raises(SeatError, match=r"failed after 3 attempts") as info:
        asyncio.run(seat(stub, timeout=5).complete(MESSAGES))
    assert "\n" not in str(info.value)


def test_timeout_is_retried_then_reported(stub):
    stub.script(("sleep", 2.0, "late"), ("ok", "on time"))
    reply = asyncio.run(seat(stub, timeout=0.5).complete(MESSAGES))
    assert reply.text == "on time" and reply.retries == 1


def test_malformed_body_is_retried_then_reported(stub):
    stub.script(*[("malformed",)] * 3)
    with pytest.raises(SeatError, match="failed after 3 attempts"):
        asyncio.run(seat(stub, timeout=5).complete(MESSAGES))


def test_bad_key_is_one_clear_line(stub):
    stub.script(("status", 401))
    with pytest.raises(SeatError, match="API key was rejected"):
        asyncio.run(seat(stub, timeout=5).complete(MESSAGES))


def test_connection_refused_is_reported():
    dead = LLMSeat(model="openai/x", api_base="http://127.0.0.1:9/v1", api_key="k", retry=FAST, timeout=2)
    with pytest.raises(SeatError, match="failed after"):
        asyncio.run(dead.complete(MESSAGES))


def test_missing_key_names_the_variable(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(ModelCheckError, match="ANTHROPIC_API_KEY"):
        check_model("anthropic/claude-sonnet-4-5")


def test_unknown_provider_is_refused():
    with pytest.raises(ModelCheckError, match="unknown model"):
        check_model("nosuchprovider/model-x")


def test_a_game_against_the_stub_sends_each_seat_its_own_history(stub):
    setup = GameSetup.create(GameConfig(seed=3, max_turns=6, mode="live"))
    state = GameState.start(setup)
    asyncio.run(play(state, {"a": seat(stub, timeout=5), "b": GroundedBot()}))
    assert len(stub.requests) == 3
    last = stub.requests[-1]["messages"]
    assert [m["role"] for m in last] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert last[2]["content"] == "MOVE: down"
