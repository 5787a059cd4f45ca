"""Rules of the game and what the bot understands."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from mazeplay.resources import asset


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f1", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90%; max-width: 100; height: 90%; border: thick $primary; background: $surface; }
    """

    def __init__(self, max_turns: int = 50) -> None:
        super().__init__()
        self.max_turns = max_turns

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(asset("help.md").read_text().replace("{max_turns}", str(self.max_turns)))
