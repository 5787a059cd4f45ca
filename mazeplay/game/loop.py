"""The turn loop, written once and used by every surface (headless, TUI, batch, relay forks)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Awaitable, Callable, Protocol

from mazeplay.engine import Cell, step
from mazeplay.errors import MazeplayError
from mazeplay.game.moves import MoveTracker, acti_said
from mazeplay.game.plumbing import seat_messages
from mazeplay.game.prompts import load_prompts
from mazeplay.game.setup import GameSetup
from mazeplay.text import cut_strings, storable
from mazeplay.game.turns import SeatReply, SeatRequest, Turn


class Seat(Protocol):
    """Anyone who can sit in a seat: a person, a model, a bot."""

    def describe(self) -> dict:
        """Kind, model and parameters, for the save file (never secrets)."""
        ...

    async def reply(self, request: SeatRequest) -> SeatReply: ...

    async def close(self) -> None: ...


class SeatError(MazeplayError):
    """A seat could not produce a message (provider down, bad key...). The game can be resumed."""


ENDINGS = ("acti", "turn_limit", "goal", "wall")


@dataclass
class GameState:
    """A game in progress: its setup, the turns so far, and (live mode) the executed moves."""

    setup: GameSetup
    turns: list[Turn] = field(default_factory=list)
    tracker: MoveTracker = field(default_factory=MoveTracker)  # replaced in start() by one that knows the maze
    position: Cell = (0, 0)
    ending: str | None = None

    @classmethod
    def start(cls, setup: GameSetup, turns: list[Turn] | None = None) -> "GameState":
        """A fresh game, or one rebuilt from saved turns (to resume)."""
        maze = setup.maze
        state = cls(setup=setup, position=maze.start, tracker=MoveTracker(maze.start, maze.goal, maze.size))
        for turn in turns or []:
            state.apply(turn.seat, turn.text)
            state.turns.append(turn)
        return state

    @property
    def live(self) -> bool:
        return self.setup.config.mode == "live"

    @property
    def next_seat(self) -> str:
        return self.setup.speaker(len(self.turns))

    def request_for(self, seat: str) -> SeatRequest:
        return SeatRequest(
            seat=seat,
            turn_index=len(self.turns),
            messages=seat_messages(self.setup, seat, self.turns),
            view=self.setup.views[seat],
            mode=self.setup.config.mode,
            max_turns=self.setup.config.max_turns,
            seed=self.setup.config.seed,
            dialogue=[(t.seat, t.text) for t in self.turns],
            position=self.position if self.live else None,
        )

    def apply(self, seat: str, text: str) -> tuple[str | None, str | None]:
        """Fold one message into the state; returns (executed moves, notice) and sets the ending.

        Every step of an agreed proposal is executed in order ("down twice" is two moves); a wall
        or the goal ends the game there. Executed moves are returned comma-joined ("down,down")."""
        moves = self.tracker.feed(seat, text)
        notice = None
        executed: list[str] = []
        if self.live and moves:
            maze, outcome = self.setup.maze, ""
            for move in moves:
                target = step(self.position, move)
                executed.append(move)
                if not maze.is_open(target):
                    outcome, self.ending = "That move ran into a wall: the game is over.", "wall"
                    break
                self.position = target
                if target == maze.goal:
                    outcome, self.ending = "You have reached the goal: the game is over.", "goal"
                    break
            done = len(self.executed_moves) + len(executed)
            notice = load_prompts(self.setup.config.prompt_version)["live_notice"].format(
                direction=", ".join(executed), count=done, outcome=outcome
            ).rstrip()
        if self.ending is None and acti_said(text):
            self.ending = "acti"
        if self.ending is None and len(self.turns) + 1 >= self.setup.config.max_turns:
            self.ending = "turn_limit"
        return (",".join(executed) or None), notice

    @property
    def executed_moves(self) -> list[str]:
        """Live mode: every move the engine executed so far, in order."""
        return [move for t in self.turns if t.executed for move in t.executed.split(",")]

    @property
    def finished(self) -> bool:
        return self.ending is not None or len(self.turns) >= self.setup.config.max_turns


TurnHook = Callable[[Turn], Awaitable[None] | None]
AskHook = Callable[[str], None]


async def play(
    state: GameState, seats: dict[str, Seat], on_turn: TurnHook | None = None, on_ask: AskHook | None = None
) -> GameState:
    """Ask the seats in turn until the game ends. `on_turn` runs (and saves) before the next request;
    `on_ask` is told which seat is being asked (a UI shows it thinking)."""
    while not state.finished:
        seat = state.next_seat
        request = state.request_for(seat)
        if on_ask is not None:
            on_ask(seat)
        started = time.perf_counter()
        reply = await seats[seat].reply(request)
        if not reply.latency_s:
            reply.latency_s = time.perf_counter() - started
        reply.text, cut = storable(reply.text, state.setup.config.max_message_chars)
        if cut and reply.response is not None:
            reply.response = cut_strings(reply.response, state.setup.config.max_message_chars)
        executed, notice = state.apply(seat, reply.text)
        if cut:
            notice = " ".join(part for part in (cut, notice) if part)
        turn = Turn(
            index=len(state.turns),
            seat=seat,
            text=reply.text,
            notice=notice,
            executed=executed if state.live else None,
            position=state.position if state.live else None,
            reply=reply,
        )
        state.turns.append(turn)
        if on_turn is not None:
            result = on_turn(turn)
            if result is not None:
                await result
    return state
