"""Two people in one game, each in their own process, meeting through the shared SQLite file.

The second person to reach a condition's waiting room *hosts* the game: their process runs the one
game loop, with the other person's seat played by a `MailboxSeat` that waits for that person's next
message in the `mailbox` table. The other person's process is a `GuestSession`: it shows the turns the
host saves, and posts its own messages to the mailbox. Both see only their own half of the maze; the
engine, the saves and the grade are those of every other game.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from mazeplay.game.loop import GameState, SeatError
from mazeplay.game.turns import SeatReply, SeatRequest
from mazeplay.headless import Outcome
from mazeplay.judge.score import grade_game
from mazeplay.store import GameStore
from mazeplay.store.studies import StudyStore

POLL_SECONDS = 0.25


class MailboxSeat:
    """The seat of a person in another process: their message for turn i arrives in the mailbox."""

    def __init__(self, store: GameStore, game_id: int, seat: str, give_up_after: float = 900.0) -> None:
        self.studies = StudyStore(store.db)
        self.game_id, self.seat, self.give_up_after = game_id, seat, give_up_after

    def describe(self) -> dict:
        return {"kind": "human", "name": "human", "remote": True}

    async def close(self) -> None:
        return None

    async def reply(self, request: SeatRequest) -> SeatReply:
        started = time.monotonic()
        while (text := self.studies.collect(self.game_id, request.turn_index)) is None:
            if time.monotonic() - started > self.give_up_after:
                raise SeatError(f"your partner sent nothing for {self.give_up_after:.0f} s and seems to have left")
            await asyncio.sleep(POLL_SECONDS)
        return SeatReply(text=text.strip(), latency_s=time.monotonic() - started, model="human")


@dataclass
class GuestSession:
    """The partner's side of a game hosted elsewhere; plays through the same screen as a GameSession."""

    store: GameStore
    game_id: int
    seat: str
    queue: "asyncio.Queue[str]"
    give_up_after: float = 900.0
    turns: list = field(default_factory=list)
    remote: bool = True  # the game row belongs to the host's process

    def __post_init__(self) -> None:
        saved = self.store.load_game(self.game_id)
        self.setup = saved.setup
        self.turns = list(saved.turns)
        self.studies = StudyStore(self.store.db)

    async def play(self, observer=None, wrap=None) -> Outcome:
        """Show the host's turns as they are saved; on our turns, post what the person writes."""
        seen = len(self.turns)
        waiting_since = time.monotonic()
        asked_for: int | None = None
        announced: int | None = None
        while True:
            saved = self.store.load_game(self.game_id)
            for turn in saved.turns[seen:]:
                self.turns.append(turn)
                waiting_since = time.monotonic()
                if observer is not None:
                    observer.turn(turn, self.setup.config.max_turns)
            seen = len(saved.turns)
            if saved.status == "finished":
                state = GameState.start(saved.setup, saved.turns)
                state.ending = saved.ending
                grade = grade_game(state)[0]
                return Outcome(self.game_id, state, grade)
            if saved.status == "interrupted":
                raise SeatError("the game stopped on your partner's side")
            index = len(saved.turns)
            if observer is not None and hasattr(observer, "asking") and announced != index:
                announced = index
                observer.asking(self.setup.speaker(index))
            if index < self.setup.config.max_turns and self.setup.speaker(index) == self.seat and asked_for != index:
                asked_for = index
                text = await self.queue.get()
                self.studies.post(self.game_id, index, self.seat, text)
                waiting_since = time.monotonic()
            elif time.monotonic() - waiting_since > self.give_up_after:
                raise SeatError(f"nothing happened for {self.give_up_after:.0f} s: your partner seems to have left")
            await asyncio.sleep(POLL_SECONDS)
