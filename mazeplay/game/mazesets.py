"""Maze records (the JSON of `mazeplay mazes --json`) and the fixed, versioned sets in assets/mazes.

A set freezes mazes and their splits as data, so results stay comparable even if the generator
changes; each record carries the generator version that made it.
"""

from __future__ import annotations

import json
from functools import lru_cache

from mazeplay.engine import GENERATOR_VERSION, MazeParams, SplitParams, View, generate_maze, maze_from_rows
from mazeplay.engine.maze import Maze
from mazeplay.engine.paths import shortest_path
from mazeplay.engine.views import split_views
from mazeplay.resources import asset

DEFAULT_SET = "6x6-v1"


def maze_record(seed: int, maze: Maze, view_a: View, view_b: View, split_seed: int | None = None) -> dict:
    path = shortest_path(maze)
    return {
        "seed": seed,
        "split_seed": seed if split_seed is None else split_seed,
        "size": maze.size,
        "density": maze.params.density,
        "grid": maze.rows(),
        "view_a": view_a.rows(),
        "view_b": view_b.rows(),
        "start": list(maze.start),
        "goal": list(maze.goal),
        "shortest_path": len(path) - 1,
        "solution": [list(cell) for cell in path],
        "generator": GENERATOR_VERSION,
    }


def generate_records(count: int, seed: int, params: MazeParams, split: SplitParams) -> list[dict]:
    """Mazes for seeds seed, seed+1, …; each split with its own maze seed."""
    records = []
    for s in range(seed, seed + count):
        maze = generate_maze(s, params)
        records.append(maze_record(s, maze, *split_views(maze, s, split)))
    return records


@lru_cache(maxsize=4)
def load_set(name: str = DEFAULT_SET) -> list[dict]:
    path = asset("mazes", f"{name}.jsonl")
    if not path.is_file():
        available = sorted(p.stem for p in asset("mazes").glob("*.jsonl"))
        raise ValueError(f"unknown maze set {name!r} (available: {', '.join(available)})")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def record_maze(record: dict) -> tuple[Maze, dict[str, View]]:
    """The maze and views of a record, read back from their rows."""
    maze = maze_from_rows(record["grid"])
    return maze, {"a": View.from_rows("a", record["view_a"]), "b": View.from_rows("b", record["view_b"])}
