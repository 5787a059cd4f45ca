"""Reading move proposals and agreements out of free-form messages.

Words inside quotes, backticks or angle brackets are mentions, not uses, and are skipped.
The documented syntax (shown to every seat in `live` mode, and announced by the `bot`):

- ``MOVE: <up|down|left|right>`` proposes the next shared move (``PROPOSE`` works too);
- ``AGREE`` accepts the partner's pending proposal; in one message AGREE is applied first,
  then a MOVE becomes the next proposal;
- ``ACTI!`` says the goal has been reached.

Plain language is understood as well: "let's go down", "move left", "north"/"south"/"east"/"west",
a bare "down?", and agreement words ("agreed", "ok", "yes", "sure", "sounds good", "let's do it")
or refusals ("no", "disagree", "instead", "wait", "rather", "wall"). A plain proposal equal to the
partner's pending one counts as agreement. A proposal is open only until the partner's next message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mazeplay.engine.cells import Direction

ACTI = "ACTI!"

_DIRECTION_WORDS: dict[str, Direction] = {
    "up": "up", "north": "up", "upward": "up", "upwards": "up",
    "down": "down", "south": "down", "downward": "down", "downwards": "down",
    "left": "left", "west": "left", "right": "right", "east": "right",
}
_DIR = r"(up|down|left|right|north|south|east|west|upwards?|downwards?)"
_EXPLICIT_MOVE = re.compile(r"\b(?:MOVE|PROPOSE)\s*:?\s*" + _DIR + r"\b", re.IGNORECASE)
EXPLICIT_AGREE = re.compile(r"\bAGREED?\b")
_PLAIN_MOVE = re.compile(
    r"\b(?:go|move|step|head|going|moving|try|suggest|propose|let'?s(?:\s+(?:go|move|head|step))?)\s+(?:one\s+)?"
    r"(?:step\s+|cell\s+|square\s+)?(?:to\s+the\s+)?" + _DIR + r"\b",
    re.IGNORECASE,
)
_BARE_MOVE = re.compile(r"^\W*" + _DIR + r"\W*$", re.IGNORECASE)
_PLAIN_AGREE = re.compile(
    r"\b(agree|agreed|ok|okay|yes|yep|yeah|sure|sounds good|deal|confirmed|let'?s do it|go ahead|fine|correct)\b",
    re.IGNORECASE,
)
_REFUSE = re.compile(
    r"\b(no|nope|disagree|don'?t|do not|instead|wait|rather|not agree|can'?t|cannot|wall|blocked)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Intent:
    """What one message does to the shared move state."""

    proposal: Direction | None = None
    agree: bool = False
    refuse: bool = False
    acti: bool = False
    explicit: bool = False  # the proposal used MOVE:/PROPOSE


QUOTED = re.compile(r'"[^"\n]*"|`[^`\n]*`|<[^>\n]*>|\u201c[^\u201d\n]*\u201d')


def read_intent(text: str) -> Intent:
    """Parse one message (see the module docstring for what is understood)."""
    acti = ACTI.lower() in text.lower()
    text = QUOTED.sub(" ", text)  # quoted syntax is mentioned, not used
    explicit = _EXPLICIT_MOVE.search(text)
    if explicit:
        proposal: Direction | None = _DIRECTION_WORDS[explicit.group(1).lower()]
    else:
        plain = _PLAIN_MOVE.search(text) or _BARE_MOVE.search(text)
        proposal = _DIRECTION_WORDS[plain.group(1).lower()] if plain else None
    agree = bool(EXPLICIT_AGREE.search(text))
    refuse = False
    if not agree:
        stripped = _EXPLICIT_MOVE.sub(" ", text)
        refuse = bool(_REFUSE.search(stripped))
        # With explicit syntax in the message, only an explicit AGREE accepts.
        agree = not explicit and bool(_PLAIN_AGREE.search(stripped)) and not refuse
    return Intent(proposal=proposal, agree=agree, refuse=refuse, acti=acti, explicit=bool(explicit))


@dataclass
class MoveTracker:
    """Folds messages in order into agreed moves: the single source of live-mode execution."""

    pending: tuple[str, Direction] | None = None  # (seat that proposed, direction)
    agreed: list[Direction] = field(default_factory=list)

    def feed(self, seat: str, text: str) -> Direction | None:
        """Apply one message; returns the move agreed by it, if any."""
        intent = read_intent(text)
        executed: Direction | None = None
        pending, self.pending = self.pending, None
        if pending and pending[0] != seat:
            concurs = intent.proposal == pending[1] and not intent.explicit
            if (intent.agree or concurs) and not intent.refuse:
                executed = pending[1]
                self.agreed.append(executed)
                if concurs:
                    return executed
        if intent.proposal is not None:
            self.pending = (seat, intent.proposal)
        return executed


def agreed_moves(messages: list[tuple[str, str]]) -> list[Direction]:
    """All moves agreed in a dialogue given as (seat, text) pairs."""
    tracker = MoveTracker()
    for seat, text in messages:
        tracker.feed(seat, text)
    return tracker.agreed
