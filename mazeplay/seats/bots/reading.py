"""What a bot understands of its partner's messages about the map.

Understood (coordinates are read in the bot's own convention, e.g. (row, col) from 0):
- map rows: "row 2: ..#?.." (symbols may be spaced; rows numbered from 0, or from 1 when a row
  number equal to the size appears);
- a pasted map: exactly N lines made only of the symbols @ * . # ? (spaces and backticks ignored);
- statements about cells: "(2, 3) is a wall", "walls at (1,2) and (3,4)", "open: (0,1), (0,2)";
  a keyword carries over to later cells of the same message until another keyword appears.
Information never overrides a cell the bot can see itself.
"""

from __future__ import annotations

import re

import numpy as np

from mazeplay.engine.cells import CODES, HIDDEN, OPEN, WALL, Cell

_SYMBOLS = "@*.#?"
_ROW_LINE = re.compile(r"\brow\s*(\d+)\s*[:=\-]?[ \t]*`?((?:[@*.#?][ \t]?)+)", re.IGNORECASE)
_PAIR = re.compile(r"[\(\[]\s*(\d+)\s*,\s*(\d+)\s*[\)\]]")
_WALL_WORDS = re.compile(r"\b(?:walls?|blocked)\b|#", re.IGNORECASE)
_OPEN_WORDS = re.compile(r"\b(open|free|clear|empty|passable)\b", re.IGNORECASE)


def _set(know: np.ndarray, cell: Cell, code: int) -> None:
    r, c = cell
    if 0 <= r < know.shape[0] and 0 <= c < know.shape[1] and know[r, c] == HIDDEN:
        know[r, c] = code


def _row_symbols(raw: str) -> str:
    return "".join(raw.split()).replace("`", "")


def merge_rows(know: np.ndarray, text: str) -> None:
    """Fill hidden cells from "row k: ..." lines or a pasted map block."""
    n = know.shape[0]
    labelled = [(int(m.group(1)), _row_symbols(m.group(2))) for m in _ROW_LINE.finditer(text)]
    labelled = [(r, s) for r, s in labelled if len(s) == n]
    if labelled:
        offset = 1 if any(r == n for r, _ in labelled) else 0
        for r, symbols in labelled:
            _merge_row(know, r - offset, symbols)
        return
    block = [_row_symbols(line.strip()) for line in text.splitlines()]
    block = [line for line in block if len(line) == n and all(ch in _SYMBOLS for ch in line)]
    if len(block) == n:
        for r, symbols in enumerate(block):
            _merge_row(know, r, symbols)


def _merge_row(know: np.ndarray, r: int, symbols: str) -> None:
    if not 0 <= r < know.shape[0]:
        return
    for c, ch in enumerate(symbols):
        if ch in ".#":
            _set(know, (r, c), CODES[ch])


def merge_statements(know: np.ndarray, text: str, col_row: bool) -> None:
    """Fill hidden cells from sentences naming cells as open or wall."""
    current: int | None = None
    for clause in re.split(r"[.;\n]|\bbut\b", text):
        spans = [(m.start(), WALL) for m in _WALL_WORDS.finditer(clause)]
        spans += [(m.start(), OPEN) for m in _OPEN_WORDS.finditer(clause)]
        pairs = list(_PAIR.finditer(clause))
        if not pairs:
            continue
        spans.sort()
        for pair in pairs:
            before = [code for pos, code in spans if pos < pair.start()]
            after = [code for pos, code in spans if pos >= pair.end()]
            code = before[-1] if before else after[0] if after else current
            if code is None:
                continue
            current = code
            a, b = int(pair.group(1)), int(pair.group(2))
            _set(know, (b, a) if col_row else (a, b), code)


def format_cell(cell: Cell, col_row: bool) -> str:
    r, c = cell
    return f"({c}, {r})" if col_row else f"({r}, {c})"


def parse_cell(text: str, col_row: bool) -> Cell | None:
    match = _PAIR.search(text)
    if not match:
        return None
    a, b = int(match.group(1)), int(match.group(2))
    return (b, a) if col_row else (a, b)

