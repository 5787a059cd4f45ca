"""The split of one maze into two complementary partial views (one per seat)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

import numpy as np

from mazeplay.engine.cells import CODES, GOAL, HIDDEN, START, SYMBOLS, WALL, Cell
from mazeplay.engine.maze import Maze, MazeError
from mazeplay.engine.paths import distances_from
from mazeplay.engine.rng import StableRandom

Seat = Literal["a", "b"]
_SPLIT_STREAM = 1


@dataclass(frozen=True)
class SplitParams:
    """How cells are dealt between the seats [ours: share and rejection are parameters]."""

    share_a: float = 0.5  # each cell independently goes to seat a with this probability
    reject_solo_path: bool = False  # re-deal while either view alone shows a full start→goal path
    max_attempts: int = 1000

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True, eq=False)
class View:
    """What one seat sees: the maze with every cell it does not hold shown as hidden."""

    seat: Seat
    cells: np.ndarray  # maze codes, HIDDEN where the partner holds the cell
    start: Cell
    goal: Cell

    @property
    def size(self) -> int:
        return int(self.cells.shape[0])

    def rows(self) -> list[str]:
        return ["".join(SYMBOLS[int(code)] for code in row) for row in self.cells]

    def known(self) -> np.ndarray:
        return self.cells != HIDDEN

    @classmethod
    def from_rows(cls, seat: Seat, rows: list[str]) -> "View":
        """Read a view written with @ * . # ? (as saved)."""
        cells = np.array([[CODES[ch] for ch in row] for row in rows], dtype=np.int8)
        start = tuple(map(int, np.argwhere(cells == START)[0]))
        goal = tuple(map(int, np.argwhere(cells == GOAL)[0]))
        return cls(seat, cells, start, goal)

    def shows_full_path(self) -> bool:
        """True if this view alone proves a start→goal path (hidden cells count as blocked)."""
        passable = (self.cells != HIDDEN) & (self.cells != WALL)
        return bool(distances_from(passable, self.start)[self.goal] >= 0)


def split_views(maze: Maze, seed: int, params: SplitParams | None = None) -> tuple[View, View]:
    """Deal every cell but @ and * to exactly one seat; both see @ and *."""
    params = params or SplitParams()
    rng = StableRandom(seed, _SPLIT_STREAM)
    shared = (maze.cells == START) | (maze.cells == GOAL)
    for _ in range(params.max_attempts):
        to_a = rng.coins(maze.cells.size, params.share_a).reshape(maze.cells.shape)
        view_a = View("a", np.where(to_a | shared, maze.cells, HIDDEN).astype(np.int8), maze.start, maze.goal)
        view_b = View("b", np.where(~to_a | shared, maze.cells, HIDDEN).astype(np.int8), maze.start, maze.goal)
        if not params.reject_solo_path or not (view_a.shows_full_path() or view_b.shows_full_path()):
            return view_a, view_b
    raise MazeError(f"no split without a one-seat path found in {params.max_attempts} attempts")
