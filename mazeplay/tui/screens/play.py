"""The play screen: the person's own view, the dialogue, a message box and the game's status."""

from __future__ import annotations

import asyncio
import time

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Static

from mazeplay.dialogue.maps import read_shared_map
from mazeplay.game.moves import acti_said
from mazeplay.game.turns import Turn
from mazeplay.headless import GameSession
from mazeplay.tui.screens.dialogs import ConfirmDialog
from mazeplay.tui.screens.session import SessionScreen
from mazeplay.tui.widgets.maze_grid import MazeGrid
from mazeplay.tui.widgets.message_box import MessageBox
from mazeplay.tui.widgets.transcript import Transcript

LEGEND = "@ start · * goal · ██ wall · ? hidden from you"
WARN_TURNS_LEFT = 5  # a warning (and a notification) when this many turns are left


def grid_labels(render: str) -> str:
    """Coordinates on screen only when the rendering gives them to both seats."""
    return {"labelled": "both", "json": "both", "prose": "rows"}.get(render, "none")


class PlayScreen(SessionScreen):
    """A person in one seat; the partner's calls run in a worker so typing never waits."""

    # Browsers keep ctrl+n, ctrl+t and ctrl+q for themselves: every action also has a function key
    # they leave to the page (F2, F4, F10), and the footer's keys can be clicked.
    BINDINGS = [
        Binding("f2", "focus_notepad", "Notepad"),
        Binding("f4", "focus_input", "Type"),
        Binding("f8", "insert_map", "My map"),
        Binding("f9", "notes_from_partner", "Their map"),
        Binding("ctrl+n", "focus_notepad", "Notepad", show=False),
        Binding("ctrl+t", "focus_input", "Type", show=False),
        Binding("f1", "app.help", "Help"),
        Binding("f3", "app.toggle_bell", "Bell", show=False),  # not F6: the message box selects a line with it
        Binding("f10", "quit_game", "Save & quit", priority=True),
        Binding("ctrl+q", "quit_game", "Save & quit", priority=True, show=False),
    ]

    def __init__(self, session: GameSession, human_seat: str, queue: "asyncio.Queue[str]",
                 time_limit: float = 0.0, wrapper=None, heading: str | None = None) -> None:
        super().__init__(session)
        self.human_seat = human_seat
        self.queue = queue
        self.time_limit = time_limit  # seconds per message; 0: none
        self.wrapper = wrapper
        self.heading = heading
        self.turn_started: float | None = None
        self.your_turn = False
        self.thinking_since: float | None = None
        self.warned = False  # the few-turns-left notification is shown once
        self.position = session.setup.maze.start
        self.partner_messages: list[tuple[int, str]] = []  # (turn number, text), for the notepad
        remote = getattr(session, "remote", False)  # a guest in someone else's game: the saved notes are the host's
        self.notes: dict[tuple[int, int], str] = {} if remote else session.store.load_notes(session.game_id)

    def compose(self) -> ComposeResult:
        setup = self.session.setup
        yield Header()
        with Horizontal(id="play"):
            # the map first; the legends scroll under it when a large maze fills a small terminal
            with VerticalScroll(id="side", can_focus=False):
                if self.heading:
                    yield Static(self.heading, classes="title", id="heading")
                yield Static(f"Your map — seat {self.human_seat}", classes="title")
                yield MazeGrid(setup.views[self.human_seat].rows(), labels=grid_labels(setup.config.render),
                               notepad=True, id="own")
                yield Static(id="legend", classes="legend")
                yield Static("F2 notepad marks a ?: ▒ wall ○ open ¿ unsure", classes="legend")
            with Vertical(id="talk"):
                yield Transcript(id="transcript")
                # the status sits by the message box, so no maze size can push it off the screen
                yield Static(id="status")
                yield MessageBox(placeholder="Enter sends · ctrl+j new line · F8 your map", id="message")
        yield Footer(compact=True)  # seven keys fit in 80 columns

    def on_mount(self) -> None:
        grid = self.query_one("#own", MazeGrid)
        grid.notes = dict(self.notes)
        if self.session.setup.config.mode == "live":
            grid.position = self.position
        for turn in self.session.turns:
            self.turn(turn, self.session.setup.config.max_turns)
        self.warned = self.turns_left() <= WARN_TURNS_LEFT  # a resumed game near its end: no late surprise
        self.refresh_legend()
        self.set_interval(0.5, self.refresh_status)
        self.refresh_status()
        self.query_one("#message", MessageBox).focus()
        self.run_game()

    def seat_wrapper(self):
        return self.wrapper

    def on_failure(self) -> None:
        self.thinking_since = None
        self.refresh_status()

    # -- observer callbacks (from the game loop) ------------------------------------------------
    def speaker(self, seat: str) -> str:
        return "You" if seat == self.human_seat else "Partner"

    def asking(self, seat: str) -> None:
        self.retry_note = None
        self.your_turn = seat == self.human_seat
        self.turn_started = time.monotonic() if self.your_turn else None
        self.thinking_since = None if self.your_turn else time.monotonic()
        self.sub_title = ("Your turn" if self.your_turn else "Partner's turn") + f" · game {self.session.game_id}"
        if self.your_turn and getattr(self.app, "bell_on_turn", False):
            self.app.bell()
        if not self.warned and self.turns_left() <= WARN_TURNS_LEFT:
            self.warned = True
            self.notify(f"Only {self.turns_left()} turns left in this game.", severity="warning", timeout=6)
        self.refresh_status()

    def turn(self, turn: Turn, max_turns: int) -> None:
        if self.closed:
            return
        transcript = self.query_one(Transcript)
        own = turn.seat == self.human_seat
        if not own:
            self.partner_messages.append((turn.index + 1, turn.text))
        transcript.add_message("You" if own else "Partner", turn.text, own=own, turn=turn.index + 1)
        if turn.notice:
            transcript.add_notice(turn.notice.removeprefix("[user]: "))
        if turn.position is not None:
            self.position = turn.position
            self.query_one("#own", MazeGrid).position = turn.position
            self.refresh_legend()
        self.turns_done = turn.index + 1
        self.retry_note = None
        self.your_turn = False
        self.thinking_since = None
        self.refresh_status()

    def turns_left(self) -> int:
        done = getattr(self, "turns_done", len(self.session.turns))
        return max(0, self.session.setup.config.max_turns - done)

    def refresh_legend(self) -> None:
        """The map's key; in live mode where the shared position is (at the start it is the @ itself)."""
        if self.closed:
            return
        legend = LEGEND
        if self.session.setup.config.mode == "live":
            legend += (" · you both: lit @" if self.position == self.session.setup.maze.start else " · ● you both")
        self.query_one("#legend", Static).update(legend)

    def refresh_status(self) -> None:
        if self.closed:
            return
        config = self.session.setup.config
        done = getattr(self, "turns_done", len(self.session.turns))
        left = self.turns_left()
        text = Text(f"Turn {min(done + 1, config.max_turns)}/{config.max_turns} · ")
        text.append(f"{left} left", style="bold reverse" if left <= WARN_TURNS_LEFT else "bold")
        text.append(f" · {config.mode} · game {self.session.game_id} · seed {config.seed}\n")
        if self.your_turn and self.time_limit and self.turn_started is not None:
            remaining = self.time_limit - (time.monotonic() - self.turn_started)
            if remaining <= 0:
                self.send_text(self.query_one("#message", MessageBox).value.strip() or "(no message: time ran out)")
                return
            text.append(f"Your turn: write a message ({remaining:.0f} s left).", style="bold")
        elif self.your_turn:
            text.append("Your turn: write a message.", style="bold")
        elif self.thinking_since is not None:
            text.append(f"Partner is thinking… {time.monotonic() - self.thinking_since:4.0f} s")
            if self.retry_note:
                text.append(f" · {self.retry_note}")
        else:
            text.append("Waiting…")
        self.query_one("#status", Static).update(text)

    # -- input ---------------------------------------------------------------------------------
    @on(MessageBox.Submitted, "#message")
    def send(self, event: MessageBox.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        if not self.your_turn:
            self.notify("Wait for your partner's message.", severity="warning")
            return
        if acti_said(text):  # the same rule as the game loop and the judge: this message would end the game
            self.app.push_screen(ConfirmDialog(
                "This message ends the game", "It says ACTI!, which declares that you have both reached the goal. "
                "The game ends as soon as it is sent, for both of you. Send it?"),
                lambda send: self.send_text(text) if send else self.query_one("#message", MessageBox).focus())
            return
        self.send_text(text)

    def send_text(self, text: str) -> None:
        self.your_turn = False
        self.turn_started = None
        self.query_one("#message", MessageBox).value = ""
        self.queue.put_nowait(text)
        self.refresh_status()

    @on(MazeGrid.NoteChanged)
    def save_note(self, event: MazeGrid.NoteChanged) -> None:
        self.keep_notes(event.grid.notes)

    def keep_notes(self, notes: dict[tuple[int, int], str]) -> None:
        self.notes = dict(notes)
        if not getattr(self.session, "remote", False):  # a guest's notes stay on screen: the row is the host's
            self.session.store.save_notes(self.session.game_id, self.notes)

    def action_focus_notepad(self) -> None:
        self.query_one("#own", MazeGrid).focus()

    def action_focus_input(self) -> None:
        self.query_one("#message", MessageBox).focus()

    def action_insert_map(self) -> None:
        """Your own map, exactly as the game's rendering gives it to you, into the message box."""
        box = self.query_one("#message", MessageBox)
        box.add_block("My map:\n" + self.session.setup.rendered_view(self.human_seat))
        box.focus()

    def action_notes_from_partner(self) -> None:
        """Mark on the notepad every hidden cell that the partner's latest map gives (a grid in their
        message: rows, or any of the game's renderings); other marks stay."""
        grid = self.query_one("#own", MazeGrid)
        hidden = {(r, c) for r, row in enumerate(grid.rows) for c, symbol in enumerate(row) if symbol == "?"}
        for number, text in reversed(self.partner_messages):
            cells = {cell: mark for cell, mark in read_shared_map(text, len(grid.rows)).items() if cell in hidden}
            if cells:
                grid.notes = {**grid.notes, **cells}
                self.keep_notes(grid.notes)
                self.notify(f"Marked {len(cells)} hidden cells from your partner's map (message {number}). "
                            "F2 to check or change them.")
                return
        self.notify("No map from your partner yet: no message of theirs lays out rows of the maze.",
                    severity="warning")

    def palette_commands(self) -> list[tuple[str, str, object]]:
        """Commands this screen adds to the command palette (ctrl+p): (name, help, callback)."""
        return [("Insert my map", "Your map as rows, in this game's rendering, into the message box (F8)",
                 self.action_insert_map),
                ("Notepad: mark the partner's map", "Mark the hidden cells your partner's latest map shows (F9)",
                 self.action_notes_from_partner)]

    def action_quit_game(self) -> None:
        self.save_and_quit()
