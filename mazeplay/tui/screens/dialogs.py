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


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question before something that cannot be undone (a message that ends the game)."""

    BINDINGS = [("y", "yes", "Send"), ("n,escape", "no", "Back")]
    DEFAULT_CSS = """
    ConfirmDialog { align: center middle; }
    ConfirmDialog > Vertical { width: 70; height: auto; border: thick $warning; background: $surface; padding: 1 2; }
    ConfirmDialog Horizontal { height: auto; margin-top: 1; }
    ConfirmDialog Button { margin-right: 2; }
    """

    def __init__(self, title: str, body: str, yes: str = "Send it", no: str = "Keep writing") -> None:
        super().__init__()
        self.title_text, self.body, self.yes, self.no = title, body, yes, no

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            yield Static(Text(self.body))
            with Horizontal():
                yield Button(f"{self.yes} (y)", variant="warning", id="yes")
                yield Button(f"{self.no} (n)", variant="primary", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)
