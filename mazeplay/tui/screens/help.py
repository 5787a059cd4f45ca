"""Rules of the game and what the bot understands."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from mazeplay.resources import asset


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f1", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical { width: 90%; max-width: 100; height: 90%; border: thick $primary; background: $surface; }
    HelpScreen #help-close { dock: bottom; height: 1; padding: 0 1; background: $primary 20%; }
    """

    def __init__(self, max_turns: int = 50) -> None:
        super().__init__()
        self.max_turns = max_turns

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Esc, q or F1 closes this help · ↑ ↓ PgUp PgDn scroll", id="help-close")
            with VerticalScroll():
                yield Markdown(asset("help.md").read_text().replace("{max_turns}", str(self.max_turns)))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # the arrows scroll at once
