"""How the local seat reports a model server that dies, with a stand-in server (no llama-cpp needed).

A llama-cpp-python wheel built for another CPU starts fine and dies with SIGILL on the first
request; the player must learn that, and how to rebuild, instead of a bare "Connection error".
"""

import asyncio
import sys

import pytest

from mazeplay.game.loop import SeatError
from mazeplay.seats.local_model import LocalModelError, LocalModelServer
from tests.local_stand_in import StandInServer


class FailingStartServer(LocalModelServer):
    def command(self) -> list[str]:
        return [sys.executable, "-c", "import sys; print('error: model file is corrupt', file=sys.stderr); sys.exit(3)"]


def failed_call(server: LocalModelServer) -> str:
    seat = server.seat(timeout=10)
    seat.retry.base_delay = 0.01
    with pytest.raises(SeatError) as caught:
        asyncio.run(seat.complete([{"role": "user", "content": "hello"}]))
    return str(caught.value)


def test_a_server_dying_of_an_illegal_instruction_is_named_with_the_fix():
    with StandInServer("sigill") as server:
        message = failed_call(server)
    assert "illegal instruction" in message
    assert "--no-cache-dir" in message and "GGML_NATIVE=OFF" in message
    assert "\n" not in message


def test_a_server_that_exits_at_start_reports_its_last_line():
    with pytest.raises(LocalModelError, match=r"exit code 3\): error: model file is corrupt"):
        FailingStartServer(startup_timeout=30).start()


def test_a_failed_call_on_a_live_server_keeps_the_original_error():
    with StandInServer("500") as server:
        message = failed_call(server)
        assert server.crash_report() is None
    assert "failed after 3 attempts" in message and "local model server" not in message


def test_a_live_server_answers_through_the_local_seat():
    with StandInServer("ok") as server:
        reply = asyncio.run(server.seat(timeout=10).complete([{"role": "user", "content": "hello"}]))
    assert reply.text.startswith("I see my half") and reply.usage["completion_tokens"] == 9
