"""Showing text from a model or a person safely: control characters, ANSI escapes included, are made
visible (\\x1b) rather than obeyed. Newlines and tabs are kept."""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def literal(text: str) -> str:
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
