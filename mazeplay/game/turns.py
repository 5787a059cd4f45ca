"""The records that flow between the loop, the seats and the store."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from mazeplay.engine import Cell, View


@dataclass
class SeatRequest:
    """All a seat may see when it is asked to speak: its own view, the rules and the dialogue."""

    seat: str
    turn_index: int
    messages: list[dict[str, str]]  # chat messages exactly as a chat model would receive them
    view: View  # the seat's own view, for non-LLM seats (never the partner's)
    mode: str
    max_turns: int
    seed: int  # for deterministic bots
    dialogue: list[tuple[str, str]]  # (seat, text) so far; the same content as `messages`
    position: Cell | None = None  # live mode only: the shared position, which both seats are told
    on_progress: Callable[["SeatProgress"], None] | None = field(default=None, repr=False, compare=False)

    def report(self, **fields: Any) -> None:
        """Tell whoever shows the game how this reply is going (text so far, a retry). Only a UI listens;
        nothing reported is saved — the reply is."""
        if self.on_progress is not None:
            self.on_progress(SeatProgress(seat=self.seat, turn_index=self.turn_index, **fields))


@dataclass
class SeatProgress:
    """A reply under way: the text streamed so far, or which attempt this is and why the last one failed."""

    seat: str
    turn_index: int
    text: str = ""  # the reply so far ("" before the first token, and again when an attempt starts over)
    attempt: int = 1
    attempts: int = 1  # the most attempts the seat will make
    problem: str | None = None  # why the previous attempt failed, in the person's terms
    retry_in: float | None = None  # seconds until the next attempt starts


@dataclass
class SeatReply:
    """A seat's message plus what it cost to get it."""

    text: str
    request: dict[str, Any] | None = None  # the exact payload sent (no secrets)
    response: dict[str, Any] | None = None  # the raw response
    usage: dict[str, int] | None = None
    latency_s: float = 0.0
    cost_usd: float | None = None
    retries: int = 0
    model: str | None = None


@dataclass
class Turn:
    """One message of the dialogue, as saved."""

    index: int
    seat: str
    text: str
    notice: str | None = None  # live mode: what the relaying user announced after this turn
    executed: str | None = None  # live mode: the move this message made happen
    position: Cell | None = None  # live mode: shared position after this turn
    reply: SeatReply = field(default_factory=lambda: SeatReply(""))
