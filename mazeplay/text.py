"""Showing text from a model or a person safely: control characters, ANSI escapes included, are made
visible (\\x1b) rather than obeyed. Newlines and tabs are kept."""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def literal(text: str) -> str:
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


_SURROGATE = re.compile(r"[\ud800-\udfff]")


def storable(text: str, limit: int) -> tuple[str, str | None]:
    """Any text a model or a person sends, made safe to save: lone surrogates (which UTF-8 cannot
    hold) become U+FFFD, and a message longer than `limit` characters is cut. Returns the text and,
    when it was cut, a notice saying so."""
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    if len(text) <= limit:
        return text, None
    return text[:limit], f"(message cut to {limit:,} characters; it had {len(text):,})"
