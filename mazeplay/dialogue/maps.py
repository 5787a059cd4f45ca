"""A map shared in a message, read back into cells: what lets a person's notepad take the partner's
map in one action.

Only maps laid out as a grid are read, since their positions need no convention: `row k: ..#?..`
lines (rows from 0, or from 1 when row N appears), a pasted block of N rows of `@ * . # ?`, any of
the game's renderings (`labelled` rows under column numbers, `prose` sentences, `json`). Statements
such as "(2, 3) is a wall" depend on the pair's coordinate convention and are left to the person.
"""

from __future__ import annotations

import json
import re

from mazeplay.engine.cells import Cell

_SYMBOL_MARKS = {"#": "wall", ".": "open", "@": "open", "*": "open"}
_ROW_LINE = re.compile(r"\brow\s*(\d+)\s*[:=\-]?[ \t]*`?((?:[@*.#?][ \t]?)+)", re.IGNORECASE)
_NUMBERED_LINE = re.compile(r"^\s*(\d+)\s+((?:[@*.#?]\s*)+)$")
_PROSE_LINE = re.compile(r"\brow\s+(\d+)\b[^:\n]*:\s*((?:(?:open|wall|start|goal|unknown)[,\s]*)+)", re.IGNORECASE)
_PROSE_MARKS = {"open": "open", "start": "open", "goal": "open", "wall": "wall"}


def read_shared_map(text: str, size: int) -> dict[Cell, str]:
    """The cells `text` gives as part of a grid map: {(row, col): "wall" | "open"}, from the top-left.
    Hidden cells (`?`, "unknown") are left out. Empty when the message holds no map."""
    for reader in (_row_lines, _numbered_lines, _prose_lines, _json_cells, _block):
        cells = reader(text, size)
        if cells:
            return cells
    return {}


def _symbols(raw: str) -> str:
    return "".join(raw.split()).replace("`", "")


def _numbered(rows: list[tuple[int, str]], size: int) -> dict[Cell, str]:
    """Rows given with their numbers: from 0, or from 1 when a row numbered N appears."""
    rows = [(r, symbols) for r, symbols in rows if len(symbols) == size]
    offset = 1 if any(r == size for r, _ in rows) else 0
    cells: dict[Cell, str] = {}
    for r, symbols in rows:
        if 0 <= r - offset < size:
            cells.update({(r - offset, c): _SYMBOL_MARKS[ch] for c, ch in enumerate(symbols) if ch in _SYMBOL_MARKS})
    return cells


def _row_lines(text: str, size: int) -> dict[Cell, str]:
    return _numbered([(int(m.group(1)), _symbols(m.group(2))) for m in _ROW_LINE.finditer(text)], size)


def _numbered_lines(text: str, size: int) -> dict[Cell, str]:
    """The `labelled` rendering: a row number, then the row's symbols spaced out."""
    matches = [_NUMBERED_LINE.match(line) for line in text.splitlines()]
    rows = [(int(m.group(1)), _symbols(m.group(2))) for m in matches if m]
    return _numbered(rows, size) if len(rows) >= 2 else {}


def _prose_lines(text: str, size: int) -> dict[Cell, str]:
    """The `prose` rendering: "Row 1 (top), left to right: open, wall, …" (rows from 1)."""
    cells: dict[Cell, str] = {}
    for match in _PROSE_LINE.finditer(text):
        r = int(match.group(1)) - 1
        words = re.findall(r"open|wall|start|goal|unknown", match.group(2).lower())
        if 0 <= r < size and len(words) == size:
            cells.update({(r, c): _PROSE_MARKS[w] for c, w in enumerate(words) if w in _PROSE_MARKS})
    return cells


def _json_cells(text: str, size: int) -> dict[Cell, str]:
    """The `json` rendering: cells listed by kind as [row, col] pairs."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return {}
    try:
        data = json.loads(text[start:end + 1])
    except (ValueError, RecursionError):
        return {}
    groups = data.get("cells") if isinstance(data, dict) else None
    if not isinstance(groups, dict):
        return {}
    listed = [("open", pair) for pair in (data.get("start"), data.get("goal"))]
    listed += [(kind, pair) for kind in ("open", "wall") for pair in groups.get(kind) or []]
    return {(pair[0], pair[1]): kind for kind, pair in listed
            if isinstance(pair, list) and len(pair) == 2 and all(type(v) is int and 0 <= v < size for v in pair)}


def _block(text: str, size: int) -> dict[Cell, str]:
    """A pasted map: exactly N lines made only of the map's symbols."""
    lines = [_symbols(line.strip()) for line in text.splitlines()]
    rows = [line for line in lines if len(line) == size and all(ch in "@*.#?" for ch in line)]
    if len(rows) != size:
        return {}
    return {(r, c): _SYMBOL_MARKS[ch] for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in _SYMBOL_MARKS}
