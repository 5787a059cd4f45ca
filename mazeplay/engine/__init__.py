"""The pure rules of the maze: generation, the split into views, renderings, paths and scores.

Nothing here does I/O or imports anything else of mazeplay, so every surface and every seat
agrees on the same rules.
"""

from mazeplay.engine.cells import GOAL, HIDDEN, OPEN, START, WALL, Cell, Direction, DIRECTIONS, step
from mazeplay.engine.maze import GENERATOR_VERSION, Maze, MazeError, MazeParams, generate_maze, maze_from_rows
from mazeplay.engine.views import SplitParams, View, split_views
from mazeplay.engine.render import RENDERINGS, render_view
from mazeplay.engine.paths import Replay, distances_from, replay_route, shortest_path, weighted_outcome

__all__ = [
    "GOAL", "HIDDEN", "OPEN", "START", "WALL", "Cell", "Direction", "DIRECTIONS", "step",
    "GENERATOR_VERSION", "Maze", "MazeError", "MazeParams", "generate_maze", "maze_from_rows",
    "SplitParams", "View", "split_views", "RENDERINGS", "render_view",
    "Replay", "distances_from", "replay_route", "shortest_path", "weighted_outcome",
]
