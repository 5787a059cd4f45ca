"""The message box: several lines, so a pasted map arrives whole. Enter sends; ctrl+j adds a line.
shift+enter and alt+enter do too where the terminal tells them from Enter (the kitty keyboard
protocol); most terminals send both as a plain Enter, so ctrl+j is the key the help names."""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import TextArea

NEW_LINE_KEYS = ("ctrl+j", "alt+enter", "shift+enter")


class MessageBox(TextArea):
    """A TextArea whose Enter sends: `Submitted` carries the whole text, line breaks included.
    It grows with its text up to ten lines, then scrolls."""

    DEFAULT_CSS = """
    MessageBox { height: auto; min-height: 3; max-height: 10; }
    """

    class Submitted(Message):
        """Enter was pressed: `value` is the whole text."""

        def __init__(self, box: "MessageBox", value: str) -> None:
            super().__init__()
            self.box = box
            self.value = value

        @property
        def control(self) -> "MessageBox":
            return self.box

    def __init__(self, placeholder: str = "", id: str | None = None) -> None:
        super().__init__(placeholder=placeholder, id=id, soft_wrap=True, tab_behavior="focus",
                         highlight_cursor_line=False)

    @property
    def value(self) -> str:
        """The text, like an Input's `value` (screens, studies and tests read and set it)."""
        return self.text

    @value.setter
    def value(self, text: str) -> None:
        self.text = text
        self.move_cursor(self.document.end)

    def add_block(self, block: str) -> None:
        """Insert `block` at the cursor on lines of its own (a map among the words already typed)."""
        row, column = self.cursor_location
        line = self.document.get_line(row)
        before = "\n" if line[:column].strip() else ""
        after = "\n" if line[column:].strip() else ""
        self.insert(before + block + after)

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted(self, self.text))
            return
        if event.key in NEW_LINE_KEYS:
            event.stop()
            event.prevent_default()
            self.insert("\n")
            return
        await super()._on_key(event)
