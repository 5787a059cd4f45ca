"""A stand-in for the local model server (no llama-cpp needed): the same /v1 endpoints, scripted.

`StandInServer(on_request)` is a LocalModelServer whose process answers chat requests with a fixed
reply ("ok"), a 500 ("500"), or dies of SIGILL as a wheel built for another CPU does ("sigill").
"""

from __future__ import annotations

import sys

from mazeplay.seats.local_model import LocalModelServer

SCRIPT = r"""
import json, os, signal, sys
from http.server import BaseHTTPRequestHandler, HTTPServer

def send(handler, code, data):
    body = json.dumps(data).encode()
    handler.send_response(code)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)

class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        send(self, 200, {"object": "list", "data": [{"id": "smollm2", "object": "model"}]})

    def do_POST(self):
        request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if sys.argv[2] == "sigill":
            os.kill(os.getpid(), signal.SIGILL)
        if sys.argv[2] == "500":
            return send(self, 500, {"error": {"message": "overloaded"}})
        send(self, 200, {
            "id": "stand-in", "object": "chat.completion", "created": 0, "model": request["model"],
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": "I see my half. Which way do you go?"}}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 9, "total_tokens": 19},
        })

    def log_message(self, *args):
        pass

HTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
"""


class StandInServer(LocalModelServer):
    starts = 0  # how many stand-in servers were started, across instances

    def __init__(self, on_request: str = "ok") -> None:
        super().__init__(startup_timeout=30)
        self.on_request = on_request

    def command(self) -> list[str]:
        StandInServer.starts += 1
        return [sys.executable, "-c", SCRIPT, str(self.port), self.on_request]
