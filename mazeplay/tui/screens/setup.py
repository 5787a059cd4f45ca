"""The setup screen: choose your seat, your partner, the maze and the mode."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

PARTNERS = ["bot", "bot:swap", "bot:terse", "bot:random", "local", "claude", "gpt", "gemini", "grok"]

PARTNER_NOTES = {
    "bot": "A helpful rule-based partner: names cells (row, col) from 0 at the top-left, shares its map as "
           "'row k: …' lines and proposes one move at a time (MOVE: down). F1 lists what it understands.",
    "bot:swap": "Like bot, but it silently writes (column, row) and lists its walls and open cells as "
                "coordinates: agree on a way of naming cells first.",
    "bot:terse": "Like bot, but it never shares its map and answers in a few words (\"down?\", \"ok\").",
    "bot:random": "Proposes and agrees at random: a baseline, not a real partner.",
    "local": "SmolLM2-135M, a small language model run on this computer (the 'local' extra): weak and slow, "
             "it may invent rules.",
}
RENDER_NOTES = {
    "plain": "Your map as rows of symbols (@ start, * goal, # wall, . open, ? hidden), no coordinates: "
             "agree with your partner how to name cells.",
    "labelled": "The same rows with row and column numbers from 0 at the top-left; both seats get them.",
    "json": "A JSON object listing open, wall and unknown cells as [row, col] from 0; both seats get it "
            "(your screen shows the numbered grid).",
    "prose": "One sentence per row, rows numbered from 1 at the top (\"Row 1 (top), left to right: start, "
             "open, wall…\"); your screen numbers the rows.",
}


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
                yield Label(f"Size (2 to {MAX_SHOWN_SIZE})")
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
            yield Static(id="explain", classes="legend")
        yield Footer()

    def on_mount(self) -> None:
        self.explain()

    @on(Select.Changed)
    @on(Input.Changed, "#model")
    def explain(self) -> None:
        """Say what the chosen partner and rendering are."""
        model = self.query_one("#model", Input).value.strip()
        partner = model or str(self.query_one("#partner", Select).value)
        render = str(self.query_one("#render", Select).value)
        aliases = getattr(self.app, "config", None) and self.app.config.aliases or {}
        if partner in PARTNER_NOTES:
            about = PARTNER_NOTES[partner]
        elif partner in aliases:
            about = f"A hosted language model ({aliases[partner]}); it needs that provider's API key in the environment."
        else:
            about = f"The model {partner}, called through litellm; it needs that provider's API key."
        self.query_one("#explain", Static).update(Text.assemble(("Partner: ", "bold"), f"{partner} — {about}\n",
                                                                ("Map rendering: ", "bold"), f"{render} — {RENDER_NOTES.get(render, '')}"))

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
