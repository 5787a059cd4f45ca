"""A tiny OpenAI-compatible chat server on 127.0.0.1 for tests: real HTTP through litellm.

Behaviour is scripted per request: a queue of steps, each one of
  ("ok", text) · ("status", code) · ("echo", code) (an error that repeats the key) · ("sleep", seconds, text) · ("malformed",)
and a default used when the queue is empty (a move-proposing reply, so games can run on it).
Every request body received is kept in `requests`, its Authorization header in `keys`.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DEFAULT_TEXT = "MOVE: down"


class StubServer:
    def __init__(self, default: tuple = ("ok", DEFAULT_TEXT), latency: float = 0.0, port: int = 0) -> None:
        self.steps: deque[tuple] = deque()
        self.default = default
        self.latency = latency
        self.requests: list[dict] = []
        self.keys: list[str] = []
        self._lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                return None

            def _send(self, code: int, body: bytes, content_type: str = "application/json") -> None:
                self.send_response(code)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_GET(self) -> None:
                self._send(200, json.dumps({"object": "list", "data": [{"id": "stub", "object": "model"}]}).encode())

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with stub._lock:
                    stub.requests.append(body)
                    stub.keys.append(self.headers.get("Authorization", ""))
                    step = stub.steps.popleft() if stub.steps else stub.default
                if stub.latency:
                    time.sleep(stub.latency)
                kind = step[0]
                if kind == "echo":  # a careless server: its error body repeats the key it got, with escapes
                    said = f"invalid key {self.headers.get('Authorization', '')} \x1b]0;pwned\x07\x1b[2J \u202eevil"
                    payload = {"error": {"message": said, "type": "stub", "code": step[1]}}
                    self._send(step[1], json.dumps(payload).encode())
                elif kind == "status":
                    payload = {"error": {"message": f"scripted {step[1]}", "type": "stub", "code": step[1]}}
                    self._send(step[1], json.dumps(payload).encode())
                elif kind == "malformed":
                    self._send(200, b"{this is not json", "application/json")
                else:
                    if kind == "sleep":
                        time.sleep(step[1])
                    text = step[-1]
                    self._send(200, json.dumps(_completion(body, text)).encode())

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self._server.daemon_threads = True
        self._server.request_queue_size = 128
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def script(self, *steps: tuple) -> "StubServer":
        self.steps.extend(steps)
        return self

    def start(self) -> "StubServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _completion(request: dict, text: str) -> dict:
    prompt_tokens = sum(len(m.get("content", "").split()) for m in request.get("messages", []))
    completion_tokens = len(text.split())
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": 1700000000,
        "model": request.get("model", "stub"),
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def main() -> None:
    """A standalone stub for benchmarks and manual play: python -m tests.stub_server [PORT] [LATENCY]."""
    import sys

    server = StubServer(default=("ok", "I am still studying my map."),
                        latency=float(sys.argv[2]) if len(sys.argv) > 2 else 0.0,
                        port=int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    print(server.api_base, flush=True)
    server._server.serve_forever()


if __name__ == "__main__":
    main()
