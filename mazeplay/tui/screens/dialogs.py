"""Small modal dialogs."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ErrorDialog(ModalScreen[bool]):
    """A partner call failed: retry (the game continues where it stopped) or quit (it stays saved)."""

    BINDINGS = [("r", "retry", "Retry"), ("q", "quit", "Quit")]
    DEFAULT_CSS = """
    ErrorDialog { align: center middle; }
    ErrorDialog > Vertical { width: 70; height: auto; border: thick $error; background: $surface; padding: 1 2; }
    ErrorDialog Horizontal { height: auto; margin-top: 1; }
    ErrorDialog Button { margin-right: 2; }
    """

    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Your partner could not answer", style="bold"))
            yield Static(Text(self.error))
            yield Static("The game is saved. Retry continues where it stopped.")
            with Horizontal():
                yield Button("Retry", variant="primary", id="retry")
                yield Button("Quit", variant="error", id="quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "retry")

    def action_retry(self) -> None:
        self.dismiss(True)

    def action_quit(self) -> None:
        self.dismiss(False)
