"""The setup screen: choose your seat, your partner, the maze and the mode."""

from __future__ import annotations

from dataclasses import dataclass, replace

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

PARTNERS = ["bot", "bot:swap", "bot:terse", "bot:random", "local", "claude", "gpt", "gemini", "grok"]


MAX_SHOWN_SIZE = 12  # the largest maze the play screen can draw in an 80×24 terminal


@dataclass
class GameChoice:
    seat: str = "a"
    partner: str = "bot"
    seed: int | None = None
    size: int = 6
    density: float = 0.30
    mode: str = "paper"
    render: str = "plain"
    player: str | None = None
    # the rest of the command line's game options: the setup screen keeps them as given
    first: str = "a"
    max_turns: int = 50
    split_seed: int | None = None
    min_moves: int | None = None
    max_moves: int | None = None
    reject_solo_path: bool = False
    replicate: int = 0
    timeout: float | None = None


class SetupScreen(Screen):
    # ctrl+s saves the page in a browser: F9 (or the Start button) starts there.
    BINDINGS = [Binding("f9", "start", "Start"), Binding("ctrl+s", "start", "Start", show=False),
                Binding("f1", "app.help", "Help")]

    def __init__(self, choice: GameChoice | None = None) -> None:
        super().__init__()
        self.choice = choice or GameChoice()

    def compose(self) -> ComposeResult:
        c = self.choice
        yield Header()
        with VerticalScroll(id="setup"):
            yield Static("New game: two partners, each seeing half of a maze, must agree on one path.", classes="title")
            with Grid(id="form"):
                yield Label("Your seat")
                yield Select([("a (speaks first)", "a"), ("b (speaks second)", "b")], value=c.seat, allow_blank=False, id="seat", compact=True)
                yield Label("Partner")
                yield Select([(p, p) for p in PARTNERS], value=c.partner if c.partner in PARTNERS else "bot", allow_blank=False, id="partner", compact=True)
                yield Label("…or a model id")
                yield Input(placeholder="provider/model, e.g. openai/gpt-4.1", id="model",
                            value="" if c.partner in PARTNERS else c.partner, compact=True)
                yield Label("Maze seed")
                yield Input(placeholder="random", id="seed", type="integer", value="" if c.seed is None else str(c.seed), compact=True)
                yield Label("Size")
                yield Input(str(c.size), id="size", type="integer", compact=True)
                yield Label("Wall density")
                yield Input(str(c.density), id="density", type="number", compact=True)
                yield Label("Mode")
                yield Select([("paper (as published)", "paper"), ("live (moves happen on agreement)", "live")],
                             value=c.mode, allow_blank=False, id="mode", compact=True)
                yield Label("Map rendering")
                yield Select([(r, r) for r in ("plain", "labelled", "json", "prose")], value=c.render, allow_blank=False, id="render", compact=True)
                yield Label("Your pseudonym")
                yield Input(placeholder="anonymous", id="player", value=c.player or "", compact=True)
            with Horizontal(id="actions"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Help", id="help")
        yield Footer()

    def read_choice(self) -> GameChoice:
        """The form as a GameChoice; ValueError names the field that is wrong."""
        model = self.query_one("#model", Input).value.strip()
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            size = int(self.query_one("#size", Input).value)
            density = float(self.query_one("#density", Input).value)
        except ValueError:
            raise ValueError("size and density must be numbers") from None
        if not 2 <= size <= MAX_SHOWN_SIZE:
            raise ValueError(f"size must be from 2 to {MAX_SHOWN_SIZE} (what a terminal can show)")
        return replace(
            self.choice,
            seat=str(self.query_one("#seat", Select).value),
            partner=model or str(self.query_one("#partner", Select).value),
            seed=int(seed_text) if seed_text else None,
            size=size,
            density=density,
            mode=str(self.query_one("#mode", Select).value),
            render=str(self.query_one("#render", Select).value),
            player=self.query_one("#player", Input).value.strip() or None,
        )

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            choice = self.read_choice()
        except ValueError as error:
            self.notify(str(error), severity="error")
            return
        self.app.start_game(choice)

    @on(Button.Pressed, "#help")
    def show_help(self) -> None:
        self.app.action_help()
