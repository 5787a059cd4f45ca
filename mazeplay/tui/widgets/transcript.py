"""The dialogue as it grows. Messages are literal text: markup, ANSI escapes and control characters
from a model or a person are shown, never obeyed."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widgets import Static

from mazeplay.text import literal


class Transcript(VerticalScroll):
    """Follows the newest message: whenever the dialogue grows, it scrolls to the end. Scrolling
    right after mounting is not enough: a long message wrapped over many lines has its height only
    once it is laid out, so the end moves after the scroll. Scrolling up to read stays put until the
    next message arrives."""

    DEFAULT_CSS = """
    Transcript { height: 1fr; border: round $panel; padding: 0 1; }
    Transcript > .message { margin: 0 0 1 0; }
    Transcript > .notice { color: $text-muted; text-style: italic; margin: 0 0 1 0; }
    Transcript > .own { color: $text-primary; }  /* readable on light themes too (accent is not) */
    Transcript > .partial { color: $text-muted; }
    """

    partial: Static | None = None  # a reply still being written (streamed), replaced by the message

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        if new.height > old.height:
            self.scroll_end(animate=False, immediate=True)

    def add_message(self, speaker: str, text: str, own: bool = False, turn: int | None = None) -> None:
        self.show_partial(speaker, "")
        label = f"{turn}. {speaker}: " if turn is not None else f"{speaker}: "
        body = Text.assemble((label, "bold"), literal(text))
        self.mount(Static(body, classes="message own" if own else "message"))
        self.scroll_end(animate=False)

    def show_partial(self, speaker: str, text: str, turn: int | None = None) -> None:
        """Show a reply as it is written; empty text takes it away (an attempt starting over)."""
        if not text:
            if self.partial is not None:
                self.partial.remove()
                self.partial = None
            return
        label = f"{turn}. {speaker}: " if turn is not None else f"{speaker}: "
        body = Text.assemble((label, "bold"), literal(text), "▍")
        if self.partial is None:
            self.partial = Static(body, classes="message partial")
            self.mount(self.partial)
        else:
            self.partial.update(body)
        self.scroll_end(animate=False)

    def add_notice(self, text: str) -> None:
        self.mount(Static(Text(literal(text)), classes="notice"))
        self.scroll_end(animate=False)
