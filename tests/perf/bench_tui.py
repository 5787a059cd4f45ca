"""TUI figures; prints (run: python -m tests.perf.bench_tui).

- time to first frame: the real `mazeplay` command in tmux until the play screen shows, beside a bare
  `python -c "import textual"`; and in-process, from app start to the mounted play screen;
- input-to-screen latency: keystrokes into the message box measured idle and while two partner calls
  to the stub server (6 s delay each) are in flight, side by side in one run.
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
                await pilot.pause(0.2)
                screen = app.screen
                assert isinstance(screen, PlayScreen)
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


if __name__ == "__main__":
    first_frame_tmux()
    asyncio.run(first_frame_in_process())
    asyncio.run(input_latency())
