"""Breadth-first distances, route replay and the paper's scores."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from mazeplay.engine.cells import WALL, Cell, direction_between

if TYPE_CHECKING:
    from mazeplay.engine.maze import Maze


def distances_from(passable: np.ndarray, source: Cell) -> np.ndarray:
    """Shortest move counts from `source` to every cell through passable cells (-1: unreachable)."""
    n_rows, n_cols = passable.shape
    is_open = passable.tolist()  # plain lists: reading a numpy array one cell at a time is slow
    dist = [[-1] * n_cols for _ in range(n_rows)]
    if is_open[source[0]][source[1]]:
        dist[source[0]][source[1]] = 0
        queue = deque([source])
        while queue:
            r, c = queue.popleft()
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < n_rows and 0 <= nc < n_cols and is_open[nr][nc] and dist[nr][nc] < 0:
                    dist[nr][nc] = dist[r][c] + 1
                    queue.append((nr, nc))
    return np.array(dist, dtype=np.int32).reshape(passable.shape)


def path_between(passable: np.ndarray, source: Cell, target: Cell) -> list[Cell]:
    """One shortest path source→target as cells (both included), or [] if there is none."""
    dist = distances_from(passable, target)
    if dist[source] < 0:
        return []
    path = [source]
    while path[-1] != target:
        r, c = path[-1]
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < dist.shape[0] and 0 <= nc < dist.shape[1] and dist[nr, nc] == dist[r, c] - 1:
                path.append((nr, nc))
                break
    return path


def shortest_path(maze: "Maze") -> list[Cell]:
    """One shortest start→goal path, cells included at both ends."""
    return path_between(maze.passable(), maze.start, maze.goal)


@dataclass(frozen=True)
class Replay:
    """A route replayed from the start: how far it validly got and how it ended."""

    cells: list[Cell]  # the valid prefix, starting with the start cell
    reached_goal: bool
    stopped_by: str | None  # None, "wall", "off_grid" or "not_adjacent"
    shortest: int  # a: shortest start→goal moves
    remaining: int  # b: shortest moves from the last valid cell to the goal
    blocked: Cell | None = None  # the cell the route tried to enter when a wall or the grid's edge stopped it

    @property
    def last(self) -> Cell:
        return self.cells[-1]

    @property
    def success(self) -> bool:
        return self.reached_goal

    @property
    def weighted_outcome(self) -> float:
        return weighted_outcome(self.shortest, self.remaining)


def weighted_outcome(shortest: int, remaining: int) -> float:
    """(a − b) / a: 1 solved, 0 no progress, negative further away than the start."""
    return (shortest - remaining) / shortest if shortest > 0 else 1.0


def replay_route(maze: "Maze", route: list[Cell], goal_dist: np.ndarray | None = None) -> Replay:
    """Replay cells visited after the start; the first wall, off-grid or non-adjacent cell ends it.

    A cell equal to the current one is a no-op (agents often restate where they are); the replay
    stops at the goal. `goal_dist` (distances to the goal) may be passed in when replaying many
    readings of one maze.
    """
    if goal_dist is None:
        goal_dist = distances_from(maze.passable(), maze.goal)
    here, cells, stopped, blocked = maze.start, [maze.start], None, None
    for cell in route:
        if here == maze.goal:
            break
        cell = (int(cell[0]), int(cell[1]))
        if cell == here:
            continue
        if not (0 <= cell[0] < maze.size and 0 <= cell[1] < maze.size):
            stopped, blocked = "off_grid", cell
            break
        if direction_between(here, cell) is None:
            stopped = "not_adjacent"
            break
        if maze.cells[cell] == WALL:
            stopped, blocked = "wall", cell
            break
        here = cell
        cells.append(cell)
    return Replay(
        cells=cells,
        reached_goal=here == maze.goal,
        stopped_by=stopped,
        shortest=int(goal_dist[maze.start]),
        remaining=int(goal_dist[here]),
        blocked=blocked,
    )
