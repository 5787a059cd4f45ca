"""A maze view drawn as a coloured grid, with an optional route, shared position and notepad marks.

Colours come from the theme through component classes; coordinates are drawn only when the game's
rendering gives them to both seats. A route is drawn as arrows so it can be followed cell by cell,
and the cell a route ran into (a wall, off the grid) is marked ✗. Cells are two columns wide, or one
(`compact`) where several boards must share a narrow terminal.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

Cell = tuple[int, int]
NOTE_CYCLE = {None: "wall", "wall": "open", "open": "unsure", "unsure": None}
_GLYPHS = {"#": "██", ".": " ·", "@": " @", "*": " *", "?": " ?"}
_NOTE_GLYPHS = {"wall": " ▒", "open": " ○", "unsure": " ¿"}
_ARROWS = {(-1, 0): "↑", (1, 0): "↓", (0, -1): "←", (0, 1): "→"}


def _arrow(cell: Cell, following: Cell | None) -> str | None:
    if following is None:
        return None
    return _ARROWS.get((following[0] - cell[0], following[1] - cell[1]))


class MazeGrid(Widget, can_focus=True):
    """Draws rows of @ * . # ? (one view or the whole maze)."""

    DEFAULT_CSS = """
    MazeGrid { width: auto; height: auto; padding: 0 1; }
    MazeGrid > .maze-grid--open { color: $text-muted; background: $surface; }
    MazeGrid > .maze-grid--wall { color: $foreground; background: $surface; }
    MazeGrid > .maze-grid--hidden { color: $text-muted; background: $panel; }
    MazeGrid > .maze-grid--start { color: $accent; background: $surface; text-style: bold; }
    MazeGrid > .maze-grid--goal { color: $success; background: $surface; text-style: bold; }
    MazeGrid > .maze-grid--route { color: $warning; background: $warning 30%; text-style: bold; }
    MazeGrid > .maze-grid--position { color: $background; background: $accent; text-style: bold; }
    MazeGrid > .maze-grid--note { color: $primary; background: $panel; text-style: bold; }
    MazeGrid > .maze-grid--cursor { background: $primary 60%; }
    MazeGrid > .maze-grid--label { color: $text-muted; }
    MazeGrid > .maze-grid--fatal { color: $text-error; background: $error 40%; text-style: bold; }
    """
    COMPONENT_CLASSES = {
        "maze-grid--open", "maze-grid--wall", "maze-grid--hidden", "maze-grid--start", "maze-grid--goal",
        "maze-grid--route", "maze-grid--position", "maze-grid--note", "maze-grid--cursor", "maze-grid--label",
        "maze-grid--fatal",
    }
    BINDINGS = [
        Binding("up", "cursor(-1, 0)", "Up", show=False),
        Binding("down", "cursor(1, 0)", "Down", show=False),
        Binding("left", "cursor(0, -1)", "Left", show=False),
        Binding("right", "cursor(0, 1)", "Right", show=False),
        Binding("space", "mark", "Mark cell", show=True),
    ]

    rows: reactive[list[str]] = reactive(list, layout=True)
    route: reactive[list[Cell]] = reactive(list)
    position: reactive[Cell | None] = reactive(None)
    notes: reactive[dict[Cell, str]] = reactive(dict)
    cursor: reactive[Cell | None] = reactive(None)
    fatal: reactive[Cell | None] = reactive(None)  # where the route ran into a wall (or off the grid)
    compact: reactive[bool] = reactive(False, layout=True)  # one column per cell instead of two

    class NoteChanged(Message):
        """The person marked a hidden cell (wall/open/unsure) or cleared the mark."""

        def __init__(self, grid: "MazeGrid", cell: Cell, mark: str | None) -> None:
            super().__init__()
            self.grid, self.cell, self.mark = grid, cell, mark

    def __init__(self, rows: list[str], labels: str = "none", notepad: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.set_reactive(MazeGrid.rows, list(rows))
        self.labels = labels  # "none", "rows" (1-based row numbers) or "both" (0-based rows and columns)
        self.notepad = notepad
        self.can_focus = notepad

    def _style(self, name: str):
        return self.get_component_rich_style(f"maze-grid--{name}")

    def render(self) -> Text:
        text = Text(no_wrap=True)
        size = len(self.rows)
        cells = [tuple(cell) for cell in self.route]
        route = {cell: _arrow(cell, cells[i + 1] if i + 1 < len(cells) else self.fatal) for i, cell in enumerate(cells)}
        label = self._style("label")
        if self.labels == "both":
            width = 1 if self.compact else 2
            if size > 10:  # two-digit columns: the tens above the units, so each number stays in its column
                text.append("   " + "".join(f"{c // 10 or ' ':>{width}}" for c in range(size)) + "\n", label)
            text.append("   " + "".join(f"{c % 10 if size > 10 else c:>{width}}" for c in range(size)) + "\n", label)
        for r, row in enumerate(self.rows):
            if self.labels == "both":
                text.append(f"{r:>2} ", label)
            elif self.labels == "rows":
                text.append(f"{r + 1:>2} ", label)
            for c, symbol in enumerate(row):
                glyph, style = self._cell(symbol, (r, c), route)
                if self.cursor == (r, c) and self.has_focus:
                    style = style + self._style("cursor")
                text.append(glyph[-1] if self.compact else glyph, style)
            if r < size - 1:
                text.append("\n")
        return text

    def _cell(self, symbol: str, cell: Cell, route: dict) -> tuple[str, object]:
        if cell == self.fatal:
            return " ✗", self._style("fatal")
        if cell == self.position:
            return _GLYPHS.get(symbol, " ●") if symbol in "@*" else " ●", self._style("position")
        if symbol == "?" and cell in self.notes:
            return _NOTE_GLYPHS[self.notes[cell]], self._style("note")
        names = {"#": "wall", ".": "open", "@": "start", "*": "goal", "?": "hidden"}
        if cell in route and symbol in ".@*":
            glyph = _GLYPHS[symbol] if symbol in "@*" else " " + (route[cell] or "•")
            return glyph, self._style("route")
        return _GLYPHS[symbol], self._style(names[symbol])

    def get_content_width(self, container, viewport) -> int:
        return (1 if self.compact else 2) * len(self.rows) + (3 if self.labels != "none" else 0)

    def get_content_height(self, container, viewport, width) -> int:
        return len(self.rows) + ((2 if len(self.rows) > 10 else 1) if self.labels == "both" else 0)

    def on_focus(self) -> None:
        if self.cursor is None:
            self.cursor = (0, 0)
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_cursor(self, dr: int, dc: int) -> None:
        r, c = self.cursor or (0, 0)
        size = len(self.rows)
        self.cursor = (min(size - 1, max(0, r + dr)), min(size - 1, max(0, c + dc)))

    def action_mark(self) -> None:
        if self.notepad and self.cursor is not None:
            self._cycle(self.cursor)

    def on_click(self, event) -> None:
        offset_x = 3 if self.labels != "none" else 0
        offset_y = (2 if len(self.rows) > 10 else 1) if self.labels == "both" else 0
        col, row = (event.x - 1 - offset_x) // (1 if self.compact else 2), event.y - offset_y
        if self.notepad and 0 <= row < len(self.rows) and 0 <= col < len(self.rows):
            self.cursor = (row, col)
            self._cycle((row, col))

    def _cycle(self, cell: Cell) -> None:
        if self.rows[cell[0]][cell[1]] != "?":
            return
        notes = dict(self.notes)
        mark = NOTE_CYCLE[notes.get(cell)]
        if mark is None:
            notes.pop(cell, None)
        else:
            notes[cell] = mark
        self.notes = notes
        self.post_message(self.NoteChanged(self, cell, mark))
