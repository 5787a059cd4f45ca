"""Seeded generation of solvable N×N mazes, as in the paper's main setting and ablations.

The paper does not say how its mazes were made [ours]. We carve first, then fill: a random
self-avoiding start→goal path whose length lies in the requested bounds is kept open, and the
exact wall count round(density × (N² − 2)) is spread uniformly over the remaining cells. Unlike
rejection sampling of uniform walls, this works for every density of the paper's ablations
(0 to .75), and every maze is solvable by construction; the final shortest path is re-checked.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field

import numpy as np

from mazeplay.engine.cells import CODES, GOAL, OPEN, START, SYMBOLS, WALL, Cell
from mazeplay.engine.paths import shortest_path
from mazeplay.engine.rng import StableRandom

GENERATOR_VERSION = "carve-1"
_MAZE_STREAM = 0


class MazeError(ValueError):
    """No maze can be made (or read) with the given parameters."""


@dataclass(frozen=True)
class MazeParams:
    """Everything that shapes a maze besides its seed."""

    size: int = 6
    density: float = 0.30
    min_moves: int | None = None  # default 2N − 4 (8 on 6×6, as in the paper)
    max_moves: int | None = None  # default 2N − 2 (10 on 6×6)
    start: Cell = (0, 0)
    goal_radius: int = 1  # the goal lies within this Manhattan distance of the bottom-right corner
    max_attempts: int = 2000

    def __post_init__(self) -> None:
        # Resolve the size-dependent defaults now, so saved params say exactly what was used.
        low = self.min_moves if self.min_moves is not None else max(1, 2 * self.size - 4)
        high = self.max_moves if self.max_moves is not None else max(low, 2 * self.size - 2)
        object.__setattr__(self, "min_moves", low)
        object.__setattr__(self, "max_moves", high)
        object.__setattr__(self, "start", tuple(self.start))

    def bounds(self) -> tuple[int, int]:
        return int(self.min_moves), int(self.max_moves)  # type: ignore[arg-type]

    def wall_count(self) -> int:
        return math.floor(self.density * (self.size**2 - 2) + 0.5)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["start"] = list(self.start)
        return data


@dataclass(frozen=True, eq=False)
class Maze:
    """A full maze: OPEN/WALL codes with the start and goal marked."""

    cells: np.ndarray
    start: Cell
    goal: Cell
    seed: int | None = None
    params: MazeParams = field(default_factory=MazeParams)
    generator_version: str = GENERATOR_VERSION

    @property
    def size(self) -> int:
        return int(self.cells.shape[0])

    def rows(self) -> list[str]:
        """The paper's text form: one string per row with @ * . #."""
        return ["".join(SYMBOLS[int(code)] for code in row) for row in self.cells]

    def passable(self) -> np.ndarray:
        return self.cells != WALL

    def is_open(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.size and 0 <= c < self.size and self.cells[r, c] != WALL

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Maze) and self.rows() == other.rows()

    def __hash__(self) -> int:
        return hash(tuple(self.rows()))


def maze_from_rows(rows: list[str]) -> Maze:
    """Read a maze written in the paper's symbols (exactly one @ and one *)."""
    size = len(rows)
    if size == 0 or any(len(row) != size for row in rows):
        raise MazeError(f"a maze must be square: got {size} rows of lengths {sorted({len(r) for r in rows})}")
    try:
        cells = np.array([[CODES[ch] for ch in row] for row in rows], dtype=np.int8)
    except KeyError as exc:
        raise MazeError(f"unknown maze symbol {exc.args[0]!r} (use @ * . #)") from None
    starts, goals = np.argwhere(cells == START), np.argwhere(cells == GOAL)
    if len(starts) != 1 or len(goals) != 1:
        raise MazeError("a maze needs exactly one @ and one *")
    return Maze(cells=cells, start=tuple(map(int, starts[0])), goal=tuple(map(int, goals[0])))


def _goal_candidates(params: MazeParams) -> list[Cell]:
    n, corner = params.size, (params.size - 1, params.size - 1)
    return [
        (r, c)
        for r in range(n)
        for c in range(n)
        if abs(r - corner[0]) + abs(c - corner[1]) <= params.goal_radius and (r, c) != params.start
    ]


def _feasible_plans(params: MazeParams) -> list[tuple[Cell, int]]:
    """(goal, path length) pairs that can hold the wall count; lengths share the grid's parity."""
    low, high = params.bounds()
    free_cells = params.size**2 - 2 - params.wall_count()
    plans = []
    for goal in _goal_candidates(params):
        manhattan = abs(goal[0] - params.start[0]) + abs(goal[1] - params.start[1])
        for length in range(max(low, manhattan), high + 1):
            if (length - manhattan) % 2 == 0 and length - 1 <= free_cells and length < params.size**2:
                plans.append((goal, length))
    return plans


def _carve_path(rng: StableRandom, n: int, start: Cell, goal: Cell, length: int) -> list[Cell] | None:
    """A random self-avoiding path of exactly `length` moves, or None if the search gives up."""
    path, seen, budget = [start], {start}, [20000]

    def extend() -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        here = path[-1]
        left = length - (len(path) - 1)
        if here == goal:
            return left == 0
        if abs(goal[0] - here[0]) + abs(goal[1] - here[1]) > left:
            return False
        neighbours = [(here[0] + dr, here[1] + dc) for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1))]
        for i in rng.order(4):
            nxt = neighbours[int(i)]
            if 0 <= nxt[0] < n and 0 <= nxt[1] < n and nxt not in seen:
                path.append(nxt)
                seen.add(nxt)
                if extend():
                    return True
                seen.discard(path.pop())
        return False

    return path if extend() else None


def generate_maze(seed: int, params: MazeParams | None = None) -> Maze:
    """The maze for `seed`: the same on every machine for the same params and generator version."""
    params = params or MazeParams()
    n = params.size
    if n < 2:
        raise MazeError(f"size must be at least 2, got {n}")
    if not 0.0 <= params.density < 1.0:
        raise MazeError(f"density must be in [0, 1), got {params.density}")
    if not (0 <= params.start[0] < n and 0 <= params.start[1] < n):
        raise MazeError(f"start {params.start} lies outside a {n}×{n} grid")
    low, high = params.bounds()
    plans = _feasible_plans(params)
    if not plans:
        raise MazeError(
            f"no {n}×{n} maze with density {params.density} and a shortest path of {low}–{high} moves exists"
        )
    rng = StableRandom(seed, _MAZE_STREAM)
    for _ in range(params.max_attempts):
        goal, length = plans[rng.below(len(plans))]
        path = _carve_path(rng, n, params.start, goal, length)
        if path is None:
            continue
        cells = np.full((n, n), OPEN, dtype=np.int8)
        on_path = np.zeros((n, n), dtype=bool)
        for cell in path:
            on_path[cell] = True
        candidates = np.argwhere(~on_path)
        chosen = candidates[rng.order(len(candidates))[: params.wall_count()]]
        cells[chosen[:, 0], chosen[:, 1]] = WALL
        cells[params.start], cells[goal] = START, GOAL
        maze = Maze(cells=cells, start=params.start, goal=goal, seed=seed, params=params)
        moves = len(shortest_path(maze)) - 1
        if low <= moves <= high:
            return maze
    raise MazeError(
        f"no {n}×{n} maze with density {params.density} and a {low}–{high} move shortest path "
        f"found in {params.max_attempts} attempts"
    )

