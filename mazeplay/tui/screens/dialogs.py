"""Small modal dialogs."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class TwoWayDialog(ModalScreen[bool]):
    """A modal question with two answers: the first button (or its key) dismisses with True, the
    second (or its key, or Esc where bound) with False. Subclasses give the words, keys and colour."""

    DEFAULT_CSS = """
    TwoWayDialog { align: center middle; }
    TwoWayDialog > Vertical { width: 70; height: auto; background: $surface; padding: 1 2; }
    TwoWayDialog Horizontal { height: auto; margin-top: 1; }
    TwoWayDialog Button { margin-right: 2; }
    """

    def __init__(self, title: str, lines: list[str], yes: tuple[str, str, str], no: tuple[str, str, str]) -> None:
        """`yes` and `no` are (label, button variant, button id)."""
        super().__init__()
        self.title_text, self.lines, self.yes, self.no = title, lines, yes, no

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            for line in self.lines:
                yield Static(Text(line))
            with Horizontal():
                for label, variant, button_id in (self.yes, self.no):
                    yield Button(label, variant=variant, id=button_id)  # type: ignore[arg-type]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == self.yes[2])

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class ErrorDialog(TwoWayDialog):
    """A partner call failed: retry (the game continues where it stopped) or quit (it stays saved)."""

    BINDINGS = [("r", "yes", "Retry"), ("q", "no", "Quit")]
    DEFAULT_CSS = "ErrorDialog > Vertical { border: thick $error; }"

    def __init__(self, error: str) -> None:
        super().__init__("Your partner could not answer", [error, "The game is saved. Retry continues where it stopped."],
                         yes=("Retry", "primary", "retry"), no=("Quit", "error", "quit"))


class ConfirmDialog(TwoWayDialog):
    """A yes/no question before something that cannot be undone (a message that ends the game)."""

    BINDINGS = [("y", "yes", "Send"), ("n,escape", "no", "Back")]
    DEFAULT_CSS = "ConfirmDialog > Vertical { border: thick $warning; }"

    def __init__(self, title: str, body: str, yes: str = "Send it", no: str = "Keep writing") -> None:
        super().__init__(title, [body], yes=(f"{yes} (y)", "warning", "yes"), no=(f"{no} (n)", "primary", "no"))
