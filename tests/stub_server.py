"""A tiny OpenAI-compatible chat server on 127.0.0.1 for tests: real HTTP through litellm.

Behaviour is scripted per request: a queue of steps, each one of
  ("ok", text) · ("status", code) · ("echo", code) (an error that repeats the key) · ("sleep", seconds, text) · ("malformed",)
  · ("drip", seconds, text) (a model writing a word every `seconds`: streamed, the words come that far
    apart; unstreamed, the whole reply comes when its last word would have)
  · ("cut", text) (streamed requests: the connection drops after half the chunks)
and a default used when the queue is empty (a move-proposing reply, so games can run on it).
A request with `"stream": true` is answered as OpenAI does: server-sent events, one `data:` chunk a
word (`chunk_delay` seconds apart unless the step says), `data: [DONE]`, and a last chunk with the
usage when `stream_options` asks for it — the same text and usage as the unstreamed reply.
Every request body received is kept in `requests`, its Authorization header in `keys`.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DEFAULT_TEXT = "MOVE: down"


class StubServer:
    def __init__(self, default: tuple = ("ok", DEFAULT_TEXT), latency: float = 0.0, port: int = 0,
                 chunk_delay: float = 0.0, stream_usage: bool = True) -> None:
        self.steps: deque[tuple] = deque()
        self.default = default
        self.latency = latency
        self.chunk_delay = chunk_delay
        self.stream_usage = stream_usage  # False: a server that ignores stream_options (llama.cpp's)
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
                elif body.get("stream"):
                    if kind == "sleep":
                        time.sleep(step[1])
                    self._stream(body, step)
                else:
                    if kind == "sleep":
                        time.sleep(step[1])
                    if kind == "drip":
                        time.sleep(step[1] * (len(re.findall(r"\S+", step[-1])) - 1))
                    text = step[-1]
                    self._send(200, json.dumps(_completion(body, text)).encode())

            def _stream(self, body: dict, step: tuple) -> None:
                """Server-sent events in HTTP/1.1 chunks, flushed one by one (so a client sees them arrive)."""
                delay = step[1] if step[0] == "drip" else stub.chunk_delay
                events = _stream_events(body, step[-1], stub.stream_usage)
                if step[0] == "cut":
                    events = events[: max(1, len(events) // 2)]
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Transfer-Encoding", "chunked")
                if step[0] == "cut":
                    self.send_header("Connection", "close")
                self.end_headers()
                try:
                    for i, event in enumerate(events):
                        if delay and i > 1 and '"content"' in event:  # between words only
                            time.sleep(delay)
                        data = f"data: {event}\n\n".encode()
                        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                        self.wfile.flush()
                    if step[0] == "cut":  # no last chunk: the client sees the connection drop mid-stream
                        self.close_connection = True
                        return
                    self.wfile.write(b"0\r\n\r\n")
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

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


def _stream_events(request: dict, text: str, usage: bool = True) -> list[str]:
    """The `data:` payloads of a streamed reply: a role chunk, one chunk a word, a finish chunk, the
    usage chunk if asked for, and [DONE]."""
    whole = _completion(request, text)

    def chunk(delta: dict, finish: str | None = None, usage: dict | None = None) -> str:
        choices = [] if usage else [{"index": 0, "delta": delta, "finish_reason": finish}]
        data = {"id": whole["id"], "object": "chat.completion.chunk", "created": whole["created"],
                "model": whole["model"], "choices": choices}
        if usage:
            data["usage"] = usage
        return json.dumps(data)

    events = [chunk({"role": "assistant", "content": ""})]
    events += [chunk({"content": piece}) for piece in re.findall(r"\S*\s*", text) if piece]  # word + its spaces
    events.append(chunk({}, finish="stop"))
    if usage and (request.get("stream_options") or {}).get("include_usage"):
        events.append(chunk({}, usage=whole["usage"]))
    events.append("[DONE]")
    return events


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
