"""TUI figures; prints (run: python -m tests.perf.bench_tui).

- time to first frame: the real `mazeplay` command in tmux until the play screen shows, beside a bare
  `python -c "import textual"`; and in-process, from app start to the mounted play screen;
- input-to-screen latency: keystrokes into the message box measured idle and while two partner calls
  to the stub server (6 s delay each) are in flight, side by side in one run;
- time to the first streamed token: a model partner on a stub that streams slowly (0.5 s before the
  first word, then a word every 0.1 s), from the partner being asked to its first words in the
  transcript, beside the time to its full message — streamed, and unstreamed for comparison.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def first_frame_tmux(runs: int = 3) -> None:
    if shutil.which("tmux") is None:
        print("first frame (tmux): tmux not installed")
        return
    from tests.e2e.test_tmux import Tmux

    times = []
    for i in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            started = time.perf_counter()
            tmux = Tmux(f"{sys.executable} -m mazeplay --seed {i} --db {Path(folder) / 'b.db'}")
            try:
                tmux.wait_for("Your turn", timeout=60)
                times.append(time.perf_counter() - started)
            finally:
                tmux.kill()
    base = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import textual.app"], check=True)
        base.append(time.perf_counter() - started)
    print(f"first frame: mazeplay in tmux {statistics.median(times) * 1000:.0f} ms "
          f"(python -c 'import textual.app' alone {statistics.median(base) * 1000:.0f} ms; medians of {runs})")


async def first_frame_in_process() -> None:
    from mazeplay.tui.app import MazeplayApp
    from mazeplay.tui.screens.play import PlayScreen
    from mazeplay.tui.screens.setup import GameChoice

    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        app = MazeplayApp(db=Path(folder) / "f.db", start="play", choice=GameChoice(seed=1))
        async with app.run_test(size=(100, 32)) as pilot:
            while not (isinstance(app.screen, PlayScreen) and app.screen.your_turn):
                await pilot.pause(0.005)
            print(f"first frame in process: {(time.perf_counter() - started) * 1000:.0f} ms to a playable screen")


async def play_screen(pilot, seconds: float = 60.0):
    """The play screen once it is composed (a model partner's game opens after litellm has loaded)."""
    from mazeplay.tui.screens.play import PlayScreen

    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        screen = pilot.app.screen
        if isinstance(screen, PlayScreen) and screen.query("#message"):
            return screen
        await pilot.pause(0.02)
    raise RuntimeError(f"no play screen after {seconds:.0f} s (on {pilot.app.screen!r})")


async def input_latency() -> None:
    from mazeplay.seats.llm import LLMSeat
    from mazeplay.tui.app import MazeplayApp
    from mazeplay.tui.screens.play import PlayScreen
    from mazeplay.tui.screens.setup import GameChoice
    from tests.stub_server import StubServer

    stub = StubServer(default=("sleep", 6.0, "MOVE: down")).start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            app = MazeplayApp(db=Path(folder) / "l.db", start="play", api_base=stub.api_base,
                              choice=GameChoice(seed=1, seat="b", partner="openai/stub"))
            async with app.run_test(size=(100, 32)) as pilot:
                screen = await play_screen(pilot)  # the model client loads first (seconds, in a thread)
                box = screen.query_one("#message")

                async def typing(n: int) -> list[float]:
                    box.focus()
                    samples = []
                    for _ in range(n):
                        started = time.perf_counter()
                        await pilot.press("x")
                        await pilot.pause(0)
                        samples.append(time.perf_counter() - started)
                    box.value = ""
                    return samples

                # the partner (seat a) is already waiting on the stub; add a second call in flight
                other = LLMSeat("openai/stub", api_base=stub.api_base, api_key="k", timeout=10)
                second = asyncio.create_task(other.complete([{"role": "user", "content": "hi"}]))
                for _ in range(200):  # wait until both requests have reached the stub
                    if len(stub.requests) >= 2:
                        break
                    await asyncio.sleep(0.05)
                in_flight = len(stub.requests)
                busy = await typing(40)
                await second
                while not screen.your_turn:
                    await pilot.pause(0.05)
                idle = await typing(40)
        ms = lambda xs: statistics.median(xs) * 1000  # noqa: E731
        print(f"input latency: idle {ms(idle):.1f} ms | with {in_flight} partner calls in flight {ms(busy):.1f} ms "
              f"(medians of 40 keystrokes; ratio {ms(busy) / ms(idle):.2f})")
    finally:
        stub.stop()


async def first_token(runs: int = 3, words: int = 40, gap: float = 0.1, latency: float = 0.5) -> None:
    from mazeplay.tui.app import MazeplayApp
    from mazeplay.tui.screens.play import PlayScreen
    from mazeplay.tui.screens.setup import GameChoice
    from mazeplay.tui.widgets.transcript import Transcript
    from tests.stub_server import StubServer

    text = " ".join(f"word{i}" for i in range(words))
    seen: dict[str, float] = {}
    show_partial, add_message, asking = Transcript.show_partial, Transcript.add_message, PlayScreen.asking

    def asked(self, seat):  # the partner is asked: its "thinking" starts on screen
        if seat != self.human_seat:
            seen.setdefault("asked", time.monotonic())
        asking(self, seat)

    def partial(self, speaker, said, turn=None):  # words reach the transcript (painted on the next frame)
        if said and "first" not in seen:
            seen["first"] = time.monotonic()
        if said == text:
            seen["last"] = time.monotonic()
        show_partial(self, speaker, said, turn)

    def message(self, speaker, said, own=False, turn=None):
        if not own and "full" not in seen:
            seen["full"] = time.monotonic()
            seen.setdefault("first", seen["full"])  # unstreamed: the first words come with the rest
            seen.setdefault("last", seen["full"])
        add_message(self, speaker, said, own, turn)

    Transcript.show_partial, Transcript.add_message, PlayScreen.asking = partial, message, asked
    results: dict[bool, list[tuple[float, ...]]] = {True: [], False: []}
    try:
        for stream in (True, False):
            for run in range(runs + 1):  # the first run of each kind warms up lazy imports: not counted
                stub = StubServer(default=("drip", gap, text), latency=latency).start()
                seen.clear()
                try:
                    with tempfile.TemporaryDirectory() as folder:
                        app = MazeplayApp(db=Path(folder) / "t.db", start="play", api_base=stub.api_base, stream=stream,
                                          choice=GameChoice(seed=1, seat="b", partner="openai/stub"))
                        async with app.run_test(size=(100, 32)) as pilot:
                            await play_screen(pilot)
                            while "full" not in seen:
                                await pilot.pause(0.01)
                            if run:
                                results[stream].append(tuple(seen[k] - seen["asked"] for k in ("first", "last", "full")))
                finally:
                    stub.stop()
    finally:
        Transcript.show_partial, Transcript.add_message, PlayScreen.asking = show_partial, add_message, asking
    ms = lambda xs: statistics.median(xs) * 1000  # noqa: E731
    print(f"time to first streamed token (stub: {latency:.1f} s before the first of {words} words, {gap:.1f} s "
          f"between; from the partner being asked; medians of {runs}, min–max):")
    for stream, label in ((True, "streamed"), (False, "unstreamed")):
        first, last, full = ([r[i] for r in results[stream]] for i in range(3))
        span = lambda xs: f"{ms(xs):.0f} ms ({min(xs) * 1000:.0f}–{max(xs) * 1000:.0f})"  # noqa: E731
        print(f"  {label:10}: first words on screen {span(first)} | whole text on screen {span(last)} | "
              f"message complete {span(full)}")


if __name__ == "__main__":
    first_frame_tmux()
    asyncio.run(first_frame_in_process())
    asyncio.run(input_latency())
    asyncio.run(first_token())
