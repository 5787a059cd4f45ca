"""Live-mode execution: which moves a message makes happen, read exactly as the rule grader reads them.

Both use one reading of the dialogue (`mazeplay.dialogue`): each message is split into clauses that
propose, agree, refuse, ask, inform or recap, and one fold tracks the pending proposal and the pair's
position. The live engine reads moves as directions — ``MOVE: down`` (shown to every seat in `live`
mode), plain language ("let's go left", "south", "down twice", "same again", "back the way we came",
"the cell below us", "onto the goal" from next door) — because only directions mean the same thing
whatever coordinate convention a pair invented; cells become moves only in the grader, which tries
every convention.

- ``AGREE`` (or "agreed", "ok", "yes", "sounds good", "no objections", "✔"…) accepts the partner's
  pending proposal; negated or conditional forms ("I do NOT AGREE", "I cannot AGREE with that",
  "I'd agree if it weren't a wall") and doubts ("Are you sure?") do not.
- In one message the reply comes first, then a new proposal; a restatement ("OK, down it is") adds
  nothing; a plain proposal equal to the partner's pending one counts as agreement.
- ``ACTI!`` ends the game when it is *said*; quoted or talked about ("we only say "ACTI!" at *",
  "don't say ACTI! yet", "once we reach the goal we'll say ACTI!") it does not.
"""

from __future__ import annotations

from mazeplay.dialogue.agreement import AgreementState
from mazeplay.dialogue.clauses import acti_said, read_message
from mazeplay.engine.cells import Cell, Direction

ACTI = "ACTI!"

__all__ = ["ACTI", "Intent", "MoveTracker", "acti_said", "agreed_moves", "read_intent"]


class Intent:
    """What one message does on its own, for seats that reason about the dialogue (the bots)."""

    def __init__(self, text: str) -> None:
        reading = read_message(text)
        directions = [i.direction for c in reading.proposals() for i in c.items if i.kind in ("direction", "run") and i.direction]
        self.proposal: Direction | None = directions[0] if directions else None
        self.agree = reading.stance in ("agree", "weak_agree")
        self.refuse = reading.stance == "refuse" or (not self.agree and bool(reading.blocked))
        self.acti = reading.acti
        self.explicit = "move:" in text.lower()


def read_intent(text: str) -> Intent:
    return Intent(text)


class MoveTracker:
    """Folds messages in order into agreed moves: the single source of live-mode execution."""

    def __init__(self, start: Cell = (0, 0), goal: Cell = (-1, -1), size: int = 0) -> None:
        self.state = AgreementState(start=start, goal=goal, size=size, cell_of=None)

    @property
    def pending(self) -> tuple[str, Direction] | None:
        """(seat that proposed, first direction) of the open proposal."""
        pending = self.state.pending
        if pending is None or not pending.steps or pending.steps[0].direction is None:
            return None
        return pending.seat, pending.steps[0].direction

    @property
    def agreed(self) -> list[Direction]:
        return [m.step.direction for m in self.state.agreed if m.step.direction]

    def feed(self, seat: str, text: str) -> list[Direction]:
        """Apply one message; returns the moves it made agreed, in order."""
        decision = self.state.feed(seat, text)
        return [m.step.direction for m in decision.agreed if m.step.direction]


def agreed_moves(messages: list[tuple[str, str]], start: Cell = (0, 0), goal: Cell = (-1, -1)) -> list[Direction]:
    """All moves agreed in a dialogue given as (seat, text) pairs."""
    tracker = MoveTracker(start, goal)
    for seat, text in messages:
        tracker.feed(seat, text)
    return tracker.agreed
