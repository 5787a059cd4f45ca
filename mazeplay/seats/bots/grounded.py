"""The `bot` partner and its variants `bot:swap` and `bot:terse`.

`bot` is a good collaborator. It announces its convention — cells are (row, col) counted from 0,
(0, 0) is the top-left corner, rows grow downward — shares its map as "row k: ..." lines, plans on
what it knows (hidden cells counted as possibly open), proposes one move at a time with
"MOVE: <direction>", asks about hidden cells on its plan, accepts a partner's move with "AGREE" when it
does not lead into a known wall or away from the goal, and says "ACTI!" at the goal.

Variants: `swap` silently writes and reads (col, row) and shares walls/open cells as coordinate
lists; `terse` never shares its map and speaks only in short relative directions ("down?", "ok").

A bot is a pure function of its seat's request (own view, dialogue, seed): it keeps no state, so a
resumed game continues exactly as the original would have.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from mazeplay.engine import Cell, Direction, step
from mazeplay.engine.cells import HIDDEN, OPEN, WALL
from mazeplay.engine.paths import distances_from, path_between
from mazeplay.game.moves import ACTI, MoveTracker, read_intent
from mazeplay.game.solo import SoloRequest, merged_view
from mazeplay.game.turns import SeatReply, SeatRequest
from mazeplay.seats.bots.reading import format_cell, merge_rows, merge_statements, parse_cell

_QUESTION = re.compile(r"goes to ([\(\[]\d+, \d+[\)\]]), which is hidden on my map")


@dataclass(frozen=True)
class BotStyle:
    col_row: bool = False  # coordinates written/read as (col, row)
    announce: bool = True  # state the convention in the first message
    share: str | None = "rows"  # "rows", "coords" or None
    terse: bool = False


BOT_STYLES: dict[str, BotStyle] = {
    "bot": BotStyle(),
    "bot:swap": BotStyle(col_row=True, announce=False, share="coords"),
    "bot:terse": BotStyle(announce=False, share=None, terse=True),
}

CONVENTION = (
    "Convention: I name cells (row, col), counted from 0; (0, 0) is the top-left corner where @ is, "
    "rows grow downward and columns to the right. I propose a move with \"MOVE: <up|down|left|right>\" "
    "and accept yours with \"AGREE\"."
)


class GroundedBot:
    """A deterministic collaborator that reasons from its own view and the dialogue only."""

    def __init__(self, name: str = "bot") -> None:
        self.name = name
        self.style = BOT_STYLES[name]

    def describe(self) -> dict:
        return {"kind": "bot", "name": self.name}

    async def close(self) -> None:
        return None

    async def reply(self, request: SeatRequest) -> SeatReply:
        return SeatReply(text=self.compose(request), model=self.name)

    async def solve(self, request: SoloRequest) -> SeatReply:
        """The solo conditions: a shortest path on the merged maps (a perfect offline baseline)."""
        return await solve_by_search(request)

    # -- understanding -------------------------------------------------------------------------
    def understand(self, request: SeatRequest) -> tuple[np.ndarray, Cell, tuple[str, Direction] | None]:
        """One pass over the dialogue: own view plus everything the partner said about the map, the
        shared position (told by the game in live mode, else tracked) and the pending proposal."""
        know = request.view.cells.copy()
        asked: Cell | None = None
        proposed: Cell | None = None
        position = request.view.start
        tracker = MoveTracker(request.view.start, request.view.goal, know.shape[0])
        for seat, text in request.dialogue:
            executed = tracker.feed(seat, text)
            for move in executed:
                position = step(position, move)
                if _inside(know, position) and know[position] == HIDDEN:
                    know[position] = OPEN
            intent = read_intent(text)
            if seat == request.seat:
                question = _QUESTION.search(text)
                asked = parse_cell(question.group(1), self.style.col_row) if question else None
                proposed = step(position, intent.proposal) if intent.proposal else None
            else:
                merge_rows(know, text)
                merge_statements(know, text, self.style.col_row)
                refused_cell = asked or proposed
                if refused_cell is not None and _inside(know, refused_cell) and know[refused_cell] == HIDDEN:
                    if intent.refuse and not executed:
                        know[refused_cell] = WALL
                    elif executed or intent.agree:
                        know[refused_cell] = OPEN
                asked = proposed = None
        if request.position is not None:
            position = request.position
        return know, position, tracker.pending

    # -- speaking ------------------------------------------------------------------------------
    def compose(self, request: SeatRequest) -> str:
        style, view = self.style, request.view
        know, here, pending = self.understand(request)
        first_message = not any(seat == request.seat for seat, _ in request.dialogue)
        parts: list[str] = []
        if first_message and style.announce:
            parts.append(CONVENTION)
        if first_message and style.share:
            parts.append(self._share(view.cells))

        partner_move = pending[1] if pending and pending[0] != request.seat else None
        if partner_move:
            target = step(here, partner_move)
            if self._acceptable(know, here, target, request):
                parts.append("ok" if style.terse else "AGREE.")
                here = target
                if here == view.goal:
                    parts.append("ACTI!" if style.terse else f"We are at the goal. {ACTI}")
                    return " ".join(parts)
            else:
                parts.append(self._refusal(know, target))
        elif here == view.goal:
            parts.append(ACTI)
            return " ".join(parts)

        parts.append(self._proposal(know, here))
        return "\n".join(parts) if not style.terse else " ".join(parts)

    def _share(self, cells: np.ndarray) -> str:
        if self.style.share == "rows":
            rows = ["".join(".#@*?"[[OPEN, WALL, 2, 3, HIDDEN].index(int(v))] for v in row) for row in cells]
            return "My map (? = hidden from me):\n" + "\n".join(f"row {r}: {row}" for r, row in enumerate(rows))
        walls = [format_cell(tuple(map(int, cell)), True) for cell in np.argwhere(cells == WALL)]
        opens = [format_cell(tuple(map(int, cell)), True) for cell in np.argwhere(cells == OPEN)]
        walls_text = ", ".join(walls) if walls else "none"
        return f"Walls I can see: {walls_text}. Open cells I can see: {', '.join(opens) or 'none'}."

    def _acceptable(self, know: np.ndarray, here: Cell, target: Cell, request: SeatRequest) -> bool:
        if not _inside(know, target) or know[target] == WALL:
            return False
        dist = distances_from(know != WALL, request.view.goal)
        if dist[target] >= 0 and (dist[here] < 0 or dist[target] < dist[here]):
            return True
        # Break disagreement loops: after two refused proposals of ours, follow the partner.
        refusals = sum(1 for seat, text in request.dialogue[-4:] if seat != request.seat and read_intent(text).refuse)
        return refusals >= 2

    def _refusal(self, know: np.ndarray, target: Cell) -> str:
        if self.style.terse:
            return "no, blocked." if not _inside(know, target) or know[target] == WALL else "no."
        if not _inside(know, target):
            return "No: that would leave the maze."
        if know[target] == WALL:
            return f"No: {format_cell(target, self.style.col_row)} is a wall on my map."
        return "No, I think there is a shorter way."

    def _proposal(self, know: np.ndarray, here: Cell) -> str:
        goal = tuple(map(int, np.argwhere(know == 3)[0]))
        if here == goal:
            return ACTI
        dist = distances_from(know != WALL, goal)
        if not _inside(know, here) or dist[here] < 0:
            return "stuck." if self.style.terse else "I cannot find any way to the goal from here. Can you?"
        options = []
        for direction in ("down", "right", "up", "left"):
            nxt = step(here, direction)
            if _inside(know, nxt) and dist[nxt] == dist[here] - 1:
                known_first = know[nxt] != HIDDEN
                options.append((not known_first, direction, nxt))
        _, direction, nxt = min(options)
        if self.style.terse:
            return f"go {direction}?" if know[nxt] == HIDDEN else f"go {direction}."
        text = f"MOVE: {direction}"
        if know[nxt] == HIDDEN:
            cell = format_cell(nxt, self.style.col_row)
            text += f" — that goes to {cell}, which is hidden on my map: is it open? If it is a wall, please say so."
        return text


def _inside(know: np.ndarray, cell: Cell) -> bool:
    return 0 <= cell[0] < know.shape[0] and 0 <= cell[1] < know.shape[1]



async def solve_by_search(request: SoloRequest) -> SeatReply:
    """Offline solo baseline: merge the maps given and answer with a shortest path (then keep it)."""
    view = merged_view(request.views)
    path = path_between((view.cells != WALL) & (view.cells != HIDDEN), view.start, view.goal)
    cells = ", ".join(f"({r}, {c})" for r, c in path)
    return SeatReply(text=f"Breadth-first search over the map.\nANSWER: [{cells}]", model="bot")
