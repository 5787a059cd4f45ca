"""How the local seat reports a model server that dies, with a stand-in server (no llama-cpp needed).

A llama-cpp-python wheel built for another CPU starts fine and dies with SIGILL on the first
request; the player must learn that, and how to rebuild, instead of a bare "Connection error".
"""

import asyncio
import sys

import pytest

from mazeplay.game.loop import SeatError
from mazeplay.seats.local_model import LocalModelError, LocalModelServer

STAND_IN = r"""
import json, os, signal, sys
from http.server import BaseHTTPRequestHandler, HTTPServer

class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"data": [{"id": "smollm2"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        if sys.argv[2] == "sigill":
            os.kill(os.getpid(), signal.SIGILL)
        self.send_error(500, "overloaded")

    def log_message(self, *args):
        pass

HTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
"""


class StandInServer(LocalModelServer):
    def __init__(self, on_request: str) -> None:
        super().__init__(startup_timeout=30)
        self.on_request = on_request

    def command(self) -> list[str]:
        return [sys.executable, "-c", STAND_IN, str(self.port), self.on_request]


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
