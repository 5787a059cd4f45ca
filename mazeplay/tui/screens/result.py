"""The end of a game: the whole maze and both views revealed, the graded route, score, diagnostics."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from mazeplay.headless import Outcome
from mazeplay.tui.widgets.boards import MazeBoards

ENDINGS = {"acti": "“ACTI!” was said", "turn_limit": "the turn limit was reached", "goal": "the goal was reached",
           "wall": "a move ran into a wall"}


def diagnostics_table(diagnostics: dict) -> Table:
    table = Table(show_header=False, box=None, padding=(0, 1))
    for key, value in diagnostics.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k}: {v}" for k, v in value.items())
        table.add_row(Text(key.replace("_", " "), style="dim"), Text(str(value)))
    return table


class ResultScreen(Screen):
    BINDINGS = [Binding("n", "app.new_game", "New game"), Binding("r", "app.replay", "Replay"),
                Binding("q", "app.quit", "Quit")]

    def __init__(self, outcome: Outcome) -> None:
        super().__init__()
        self.outcome = outcome

    def compose(self) -> ComposeResult:
        state, grade = self.outcome.state, self.outcome.score
        setup = state.setup
        verdict = "Solved!" if grade.success else "Not solved"
        yield Header()
        with VerticalScroll(id="result"):
            yield Static(Text(f"{verdict} — weighted outcome {grade.weighted_outcome:.2f}", style="bold"), id="verdict")
            yield Static(Text(f"Game {self.outcome.game_id}: {ENDINGS.get(state.ending or '', state.ending)} after "
                              f"{len(state.turns)} turns. Graded by {grade.judge}; coordinates read as {grade.scheme}."))
            if grade.ambiguous:
                yield Static(Text("The grader could not be sure of this result: " + "; ".join(grade.reasons)
                                  + ". Reports can leave such games out (mazeplay report --exclude-ambiguous)."),
                             classes="warning")
            yield MazeBoards([("The whole maze, with the graded route", setup.maze.rows(), None, grade.route),
                              ("Seat a saw", setup.views["a"].rows(), None, []),
                              ("Seat b saw", setup.views["b"].rows(), None, [])], id="mazes")
            yield Static(diagnostics_table(grade.diagnostics), id="diagnostics")
        yield Footer()
