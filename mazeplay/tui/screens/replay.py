"""Saved games: a filterable browser and a turn-by-turn replay with the route so far on the maze."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Static

from mazeplay.engine import replay_route, step
from mazeplay.judge.score import rule_grade
from mazeplay.store.games import SavedGame
from mazeplay.tui import wording
from mazeplay.tui.widgets.boards import MazeBoards
from mazeplay.tui.widgets.maze_grid import MazeGrid
from mazeplay.tui.widgets.transcript import Transcript


def seat_name(record: dict) -> str:
    return record.get("player") and f"human ({record['player']})" or record.get("name", "?")


class ReplayBrowser(Screen):
    BINDINGS = [Binding("slash", "focus_filter", "Filter"), Binding("escape", "app.new_game", "New game"),
                Binding("q", "app.quit", "Quit"), Binding("down", "focus_games", "Games", show=False)]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(placeholder="filter: seat, model, player, outcome (solved/failed), status or date", id="filter")
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("game", "date", "mode", "seat a", "seat b", "status", "result", "outcome")
        self.games = self.app.store.list_games()
        self.fill("")
        table.focus()

    def fill(self, query: str) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for game in self.games:
            result = "" if game["success"] is None else ("solved" if game["success"] else "failed")
            outcome = "" if game["weighted_outcome"] is None else f"{game['weighted_outcome']:.2f}"
            cells = [str(game["id"]), game["created_at"][:16].replace("T", " "), game["mode"],
                     seat_name(game["seat_a"]), seat_name(game["seat_b"]), game["status"], result, outcome]
            if all(word in " ".join(cells).lower() for word in query.lower().split()):
                table.add_row(*(Text(c) for c in cells), key=str(game["id"]))

    @on(Input.Changed, "#filter")
    def filter_games(self, event: Input.Changed) -> None:
        self.fill(event.value)

    @on(DataTable.RowSelected)
    def open_game(self, event: DataTable.RowSelected) -> None:
        self.app.push_screen(ReplayScreen(self.app.store.load_game(int(event.row_key.value))))

    @on(Input.Submitted, "#filter")
    def filter_done(self) -> None:
        self.action_focus_games()

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_focus_games(self) -> None:
        """Enter or Down in the filter goes on to the games it left (the table keeps its own Down)."""
        self.query_one("#games", DataTable).focus()


class ReplayScreen(Screen):
    """Turn k of a saved game: the messages so far and the route agreed so far."""

    BINDINGS = [Binding("right,l", "step(1)", "Next turn", priority=True),
                Binding("left,h", "step(-1)", "Previous turn", priority=True),
                Binding("end", "step(1000)", "Last", priority=True), Binding("home", "step(-1000)", "First", priority=True),
                Binding("escape,q", "back", "Back")]

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved
        self.shown = 0

    def compose(self) -> ComposeResult:
        setup = self.saved.setup
        yield Header()
        yield MazeBoards([("Whole maze, route →", setup.maze.rows(), "truth", []),
                          ("Seat a", setup.views["a"].rows(), "view-a", []),
                          ("Seat b", setup.views["b"].rows(), "view-b", [])], id="boards")
        yield Static(id="replay-status")
        yield Transcript(id="transcript")
        yield Footer()

    def on_mount(self) -> None:
        self.action_step(1000)

    def action_back(self) -> None:
        """Back to the saved games; opened straight from `mazeplay replay N`, there is no list below to
        return to, so one is opened (popping would leave a blank screen)."""
        stack = self.app.screen_stack
        if len(stack) > 1 and isinstance(stack[-2], ReplayBrowser):
            self.app.pop_screen()
        else:
            self.app.switch_screen(ReplayBrowser())

    def route_until(self, count: int) -> tuple[list, tuple[int, int] | None]:
        """The route after `count` turns, and the wall it ran into (if it did)."""
        turns = self.saved.turns[:count]
        maze = self.saved.setup.maze
        if self.saved.setup.config.mode == "live":
            moves = [move for t in turns if t.executed for move in t.executed.split(",")]
            cells, here = [], maze.start
            for move in moves:
                here = step(here, move)
                cells.append(here)
            replay = replay_route(maze, cells)
            return replay.cells, replay.blocked
        grade = rule_grade(maze, [(t.seat, t.text) for t in turns], self.saved.setup.config.first)
        return grade.route, grade.blocked_at

    def action_step(self, delta: int) -> None:
        self.shown = max(0, min(len(self.saved.turns), self.shown + delta))
        transcript = self.query_one(Transcript)
        transcript.remove_children()
        for turn in self.saved.turns[: self.shown]:
            transcript.add_message(f"Seat {turn.seat}", turn.text, turn=turn.index + 1)
            if turn.notice:
                transcript.add_notice(turn.notice.removeprefix("[user]: "))
        truth = self.query_one("#truth", MazeGrid)
        truth.route, blocked = self.route_until(self.shown)
        size = self.saved.setup.maze.size
        truth.fatal = tuple(blocked) if blocked is not None and all(0 <= x < size for x in blocked) else None
        ended = f" · {wording.ending(self.saved.ending)}" if self.saved.ending and self.shown == len(self.saved.turns) else ""
        self.query_one("#replay-status", Static).update(Text(
            f"Game {self.saved.id} · turn {self.shown}/{len(self.saved.turns)} · {self.saved.status}{ended} · "
            f"←/→ step, home/end"))
