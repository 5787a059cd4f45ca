"""A person in a seat. The seat waits on an async source of lines: a queue the TUI fills, or the
terminal for plain line-based play."""

from __future__ import annotations

import asyncio
import time
from typing import Awaitable, Callable

from mazeplay.game.loop import SeatError
from mazeplay.game.turns import SeatReply, SeatRequest

LineSource = Callable[[SeatRequest], Awaitable[str]]


class HumanSeat:
    def __init__(self, source: LineSource, player: str | None = None) -> None:
        self._source = source
        self.player = player

    def describe(self) -> dict:
        return {"kind": "human", "name": "human", "player": self.player or "anonymous"}

    async def close(self) -> None:
        return None

    async def reply(self, request: SeatRequest) -> SeatReply:
        started = time.perf_counter()
        text = (await self._source(request)).strip()
        return SeatReply(text=text, latency_s=time.perf_counter() - started, model="human")


def queue_source(queue: "asyncio.Queue[str]") -> LineSource:
    """Lines put on `queue` by a user interface."""

    async def next_line(request: SeatRequest) -> str:
        return await queue.get()

    return next_line


async def terminal_line(request: SeatRequest) -> str:
    """Ask on the terminal until a non-empty line is typed; end of input interrupts the game."""
    while True:
        try:
            line = await asyncio.to_thread(input, f"[turn {request.turn_index + 1}/{request.max_turns}] you ({request.seat})> ")
        except EOFError:
            raise SeatError("input closed: the game is saved and can be resumed") from None
        if line.strip():
            return line
