"""Several maze grids side by side, each under a title (result, watch and replay screens).

The boards fit the terminal: two-column cells when they fit side by side, one-column cells when only
those fit (three 12×12 boards in 80 columns), stacked when even those do not."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from mazeplay.tui.widgets.maze_grid import Cell, MazeGrid

GAP = 2  # columns between two boards


class MazeBoards(Horizontal):
    DEFAULT_CSS = """
    MazeBoards { height: auto; }
    MazeBoards > .maze-card { height: auto; margin-right: 2; }
    MazeBoards.stacked { layout: vertical; }
    MazeBoards MazeGrid { padding: 0; }
    """

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

    def on_mount(self) -> None:
        self.fit(self.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width)

    def fit(self, width: int) -> None:
        """Choose the cell width and the layout for `width` columns."""
        if width <= 0:
            return
        grids = list(self.query(MazeGrid))

        def widths(compact: bool) -> list[int]:
            return [(1 if compact else 2) * len(g.rows) + (3 if g.labels != "none" else 0) for g in grids]

        compact = sum(widths(False)) + GAP * (len(grids) - 1) > width
        stacked = compact and sum(widths(True)) + GAP * (len(grids) - 1) > width
        if stacked:
            compact = max(widths(False), default=0) > width
        for grid, card_width in zip(grids, widths(compact)):
            grid.compact = compact
            if grid.parent is not None:
                grid.parent.styles.width = card_width
        self.set_class(stacked, "stacked")
