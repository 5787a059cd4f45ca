"""Text renderings of a view. Both seats of a game always get the same rendering.

`plain` is the paper's (no coordinates: the agents must agree on a convention); the others answer
reviewers who asked whether the text format confounds perception.
"""

from __future__ import annotations

import json
from typing import Callable

from mazeplay.engine.cells import GOAL, HIDDEN, OPEN, START, WALL
from mazeplay.engine.views import View

_WORDS = {OPEN: "open", WALL: "wall", START: "start", GOAL: "goal", HIDDEN: "unknown"}


def render_plain(view: View) -> str:
    return "\n".join(view.rows())


def render_labelled(view: View) -> str:
    """Rows and columns numbered from 0, row 0 at the top and column 0 on the left."""
    width = len(str(view.size - 1))
    header = " " * (width + 1) + " ".join(str(c).rjust(width) for c in range(view.size))
    lines = [header]
    for r, row in enumerate(view.rows()):
        lines.append(str(r).rjust(width) + " " + " ".join(ch.rjust(width) for ch in row))
    return "\n".join(lines)


def render_json(view: View) -> str:
    """Cells listed by kind as [row, col] pairs, 0-based from the top-left."""
    groups: dict[str, list[list[int]]] = {"open": [], "wall": [], "unknown": []}
    for r in range(view.size):
        for c in range(view.size):
            code = int(view.cells[r, c])
            if code in (OPEN, WALL, HIDDEN):
                groups[_WORDS[code]].append([r, c])
    data = {
        "size": view.size,
        "coordinates": "[row, col], 0-based, row 0 is the top row, col 0 the left column",
        "start": list(view.start),
        "goal": list(view.goal),
        "cells": groups,
    }
    return json.dumps(data, separators=(",", ":"))


def render_prose(view: View) -> str:
    """One sentence per row, read left to right."""
    sentences = []
    for r in range(view.size):
        words = ", ".join(_WORDS[int(code)] for code in view.cells[r])
        place = "top" if r == 0 else "bottom" if r == view.size - 1 else f"number {r + 1} from the top"
        sentences.append(f"Row {r + 1} ({place}), left to right: {words}.")
    return "\n".join(sentences)


RENDERINGS: dict[str, Callable[[View], str]] = {
    "plain": render_plain,
    "labelled": render_labelled,
    "json": render_json,
    "prose": render_prose,
}


def render_view(view: View, style: str = "plain") -> str:
    try:
        return RENDERINGS[style](view)
    except KeyError:
        raise ValueError(f"unknown rendering {style!r} (choose from {', '.join(RENDERINGS)})") from None
