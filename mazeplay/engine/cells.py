"""Cell codes, symbols and the four moves shared by every layer."""

from __future__ import annotations

from typing import Literal

Cell = tuple[int, int]  # (row, col), 0-based from the top-left, as stored; never shown to seats
Direction = Literal["up", "down", "left", "right"]

OPEN, WALL, START, GOAL, HIDDEN = 0, 1, 2, 3, -1
SYMBOLS: dict[int, str] = {OPEN: ".", WALL: "#", START: "@", GOAL: "*", HIDDEN: "?"}
CODES: dict[str, int] = {symbol: code for code, symbol in SYMBOLS.items()}

DIRECTIONS: dict[Direction, Cell] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def step(cell: Cell, direction: Direction) -> Cell:
    """The cell one move away (it may lie off the grid; callers check)."""
    dr, dc = DIRECTIONS[direction]
    return (cell[0] + dr, cell[1] + dc)


def direction_between(a: Cell, b: Cell) -> Direction | None:
    """The move that takes `a` to the adjacent cell `b`, or None if they are not neighbours."""
    return _DIRECTION_OF.get((b[0] - a[0], b[1] - a[1]))


_DIRECTION_OF: dict[Cell, Direction] = {delta: name for name, delta in DIRECTIONS.items()}
