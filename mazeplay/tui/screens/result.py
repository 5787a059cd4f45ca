"""The end of a game: how it ended and the last words, the whole maze with the route to follow (and
the wall it hit), both views, the score explained, and the diagnostics in the person's terms."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from mazeplay.engine import distances_from
from mazeplay.headless import Outcome
from mazeplay.text import literal
from mazeplay.tui import wording
from mazeplay.tui.widgets.boards import MazeBoards
from mazeplay.tui.widgets.maze_grid import MazeGrid

LAST_MESSAGES = 3  # the end of the dialogue shown above the maze


def diagnostics_table(rows: list[tuple[str, str]]) -> Table:
    table = Table(show_header=False, box=None, padding=(0, 1))
    for key, value in rows:
        table.add_row(Text(key, style="dim"), Text(value))
    return table


class ResultScreen(Screen):
    BINDINGS = [Binding("n", "app.new_game", "New game"), Binding("r", "app.replay", "Replay"),
                Binding("q", "app.quit", "Quit")]

    def __init__(self, outcome: Outcome, human: str | None = None) -> None:
        """`human`: the person's seat ("you"), or None when two AIs were watched."""
        super().__init__()
        self.outcome = outcome
        self.human = human

    def speaker(self, seat: str) -> str:
        if self.human is None:
            return f"Seat {seat}"
        return "You" if seat == self.human else "Partner"

    def compose(self) -> ComposeResult:
        state, grade = self.outcome.state, self.outcome.score
        setup = state.setup
        maze = setup.maze
        goal_dist = distances_from(maze.passable(), maze.goal)
        shortest = int(goal_dist[maze.start])
        last = grade.route[-1] if grade.route else maze.start
        remaining = int(goal_dist[last]) if goal_dist[last] >= 0 else shortest
        fatal = grade.blocked_at if grade.blocked_at and all(0 <= x < maze.size for x in grade.blocked_at) else None
        verdict = "Solved!" if grade.success else "Not solved"
        ended = wording.ending(state.ending)
        yield Header()
        with VerticalScroll(id="result"):
            yield Static(Text.assemble((f"{verdict} ", "bold"), f"weighted outcome {grade.weighted_outcome:.2f} · "
                                       f"game {self.outcome.game_id} ended after {len(state.turns)} of "
                                       f"{setup.config.max_turns} turns: {ended}."), id="verdict")
            moves = len(grade.route) - 1
            route = (f"Route: {moves} moves · shortest path: {shortest} moves"
                     + (f" (the route took {moves - shortest} more)." if grade.success and moves > shortest else "."))
            if fatal is not None:
                route += f" It ran into the wall marked ✗ (row {fatal[0]}, column {fatal[1]}, from 0 at the top-left)."
            elif grade.stopped_by == "off_grid":
                route += " Its next move left the grid."
            yield Static(Text(route), id="route-summary")
            yield Static(self.last_messages(), id="last-messages")
            yield MazeBoards([("Whole maze, route →", maze.rows(), "truth", grade.route),
                              (self.view_title("a"), setup.views["a"].rows(), "view-a", []),
                              (self.view_title("b"), setup.views["b"].rows(), "view-b", [])], id="mazes")
            yield Static(Text(wording.weighted_outcome(grade.weighted_outcome, shortest, remaining)), id="explained")
            if grade.ambiguous:
                yield Static(Text("The grader could not be sure of this result: " + "; ".join(grade.reasons)
                                  + ". Reports can leave such games out (mazeplay report --exclude-ambiguous)."),
                             classes="warning")
            yield Static(Text(f"Graded by {wording.judge(grade.judge)}; "
                              f"{wording.scheme(grade.scheme)}."), classes="legend")
            yield Static(diagnostics_table(wording.diagnostics(grade.diagnostics, self.human, setup.config.first)),
                         id="diagnostics")
        yield Footer()

    def view_title(self, seat: str) -> str:
        if self.human is None:
            return f"Seat {seat} saw"
        return "You saw" if seat == self.human else "Partner saw"

    def last_messages(self) -> Text:
        """The end of the dialogue, with the game's own notices (the live wall notice, "ACTI!")."""
        turns = self.outcome.state.turns[-LAST_MESSAGES:]
        text = Text()
        text.append("How it ended\n", style="bold")
        for turn in turns:
            text.append(f"{turn.index + 1}. {self.speaker(turn.seat)}: ", style="bold")
            text.append(literal(turn.text))
            text.append("\n")
            if turn.notice:
                text.append(literal(turn.notice.removeprefix("[user]: ")) + "\n", style="italic")
        text.rstrip()
        return text

    def on_mount(self) -> None:
        fatal = self.outcome.score.blocked_at
        if fatal is not None:
            self.query_one("#truth", MazeGrid).fatal = tuple(fatal)
