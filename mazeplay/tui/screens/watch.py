"""Watching two AIs: both views and the true maze side by side, the live transcript, and pacing
(pause, step, speed). Pacing wraps the seats; the game itself runs unchanged."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Static

from mazeplay.game.turns import SeatReply, SeatRequest, Turn
from mazeplay.headless import GameSession
from mazeplay.tui.screens.session import SessionScreen
from mazeplay.tui.widgets.boards import MazeBoards
from mazeplay.tui.widgets.maze_grid import MazeGrid
from mazeplay.tui.widgets.transcript import Transcript

SPEEDS = (0.0, 0.25, 0.5, 1.0, 2.0)  # seconds between turns


class Pacer:
    """Holds each seat's next reply until the watcher lets it through."""

    def __init__(self) -> None:
        self.running = asyncio.Event()
        self.running.set()
        self.step_once = False
        self.delay = 0.5

    async def wait(self) -> None:
        if self.delay:
            await asyncio.sleep(self.delay)
        await self.running.wait()
        if self.step_once:
            self.step_once = False
            self.running.clear()


class PacedSeat:
    def __init__(self, inner, pacer: Pacer) -> None:
        self.inner, self.pacer = inner, pacer

    def describe(self) -> dict:
        return self.inner.describe()

    async def close(self) -> None:
        await self.inner.close()

    async def reply(self, request: SeatRequest) -> SeatReply:
        await self.pacer.wait()
        return await self.inner.reply(request)


class WatchScreen(SessionScreen):
    BINDINGS = [
        Binding("space", "toggle_pause", "Pause/run"),
        Binding("s", "step", "Step"),
        Binding("plus,equals_sign", "faster", "Faster"),
        Binding("minus", "slower", "Slower"),
        Binding("q", "quit_watch", "Quit"),
    ]

    def __init__(self, session: GameSession, paused: bool = False) -> None:
        super().__init__(session)
        self.pacer = Pacer()
        if paused:  # nothing is said until the watcher runs or steps
            self.pacer.running.clear()

    def compose(self) -> ComposeResult:
        setup, specs = self.session.setup, self.session.specs
        yield Header()
        yield MazeBoards([(f"Seat a: {specs['a'].name}", setup.views["a"].rows(), "view-a", []),
                          (f"Seat b: {specs['b'].name}", setup.views["b"].rows(), "view-b", []),
                          ("The whole maze", setup.maze.rows(), "truth", [])], id="boards")
        yield Static(id="watch-status")
        yield Transcript(id="transcript")
        yield Footer()

    def on_mount(self) -> None:
        self.update_status("running" if self.pacer.running.is_set() else "paused")
        self.run_game()

    def seat_wrapper(self):
        return lambda seat, inner: PacedSeat(inner, self.pacer)

    def turn(self, turn: Turn, max_turns: int) -> None:
        if self.closed:
            return
        self.query_one(Transcript).add_message(f"Seat {turn.seat}", turn.text, turn=turn.index + 1)
        if turn.notice:
            self.query_one(Transcript).add_notice(turn.notice.removeprefix("[user]: "))
        if turn.position is not None:
            for grid in self.query(MazeGrid):
                grid.position = turn.position
        if not self.pacer.running.is_set():  # a step has been taken: paused again
            self.update_status("paused")

    def update_status(self, state: str) -> None:
        self.query_one("#watch-status", Static).update(Text(
            f"{state} · {self.pacer.delay:.2f} s between turns · space pause/run · s step · +/- speed"))

    def action_toggle_pause(self) -> None:
        if self.pacer.running.is_set():
            self.pacer.running.clear()
            self.update_status("paused")
        else:
            self.pacer.running.set()
            self.update_status("running")

    def action_step(self) -> None:
        self.pacer.step_once = True
        self.pacer.running.set()
        self.update_status("paused · one step")

    def action_faster(self) -> None:
        self.pacer.delay = max([s for s in SPEEDS if s < self.pacer.delay], default=SPEEDS[0])
        self.update_status("running" if self.pacer.running.is_set() else "paused")

    def action_slower(self) -> None:
        self.pacer.delay = min([s for s in SPEEDS if s > self.pacer.delay], default=SPEEDS[-1])
        self.update_status("running" if self.pacer.running.is_set() else "paused")

    def action_quit_watch(self) -> None:
        self.save_and_quit()
