"""Several maze grids side by side, each under a title (result, watch and replay screens)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from mazeplay.tui.widgets.maze_grid import Cell, MazeGrid


class MazeBoards(Horizontal):
    DEFAULT_CSS = "MazeBoards { height: auto; }"

    def __init__(self, cards: list[tuple[str, list[str], str | None, list[Cell]]], **kwargs) -> None:
        """`cards`: (title, rows, grid id, route to draw)."""
        super().__init__(**kwargs)
        self.cards = cards

    def compose(self) -> ComposeResult:
        for title, rows, grid_id, route in self.cards:
            with Vertical(classes="maze-card"):
                yield Static(title, classes="title")
                grid = MazeGrid(rows, id=grid_id)
                grid.route = list(route)
                yield grid
