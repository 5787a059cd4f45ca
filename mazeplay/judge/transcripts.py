"""The external transcript format of `mazeplay grade`:

    {"maze": ["@..#", ...], "first": "a", "messages": [{"seat": "a", "text": "..."}, ...]}

`maze` uses the paper's symbols (@ * . #); `first` (default "a") is the seat that spoke first.
"""

from __future__ import annotations

from mazeplay.engine import Maze, distances_from, maze_from_rows


def read_transcript(data: object) -> tuple[Maze, list[tuple[str, str]], str]:
    """(maze, messages, first) from a parsed JSON document; ValueError with one line otherwise."""
    if not isinstance(data, dict):
        raise ValueError("a transcript must be a JSON object with 'maze' and 'messages'")
    rows, messages, first = data.get("maze"), data.get("messages"), data.get("first", "a")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise ValueError("'maze' must be a list of row strings using @ * . #")
    maze = maze_from_rows(rows)
    if distances_from(maze.passable(), maze.start)[maze.goal] < 0:
        raise ValueError("the maze has no path from @ to *: an unsolvable maze cannot be graded")
    if first not in ("a", "b"):
        raise ValueError("'first' must be \"a\" or \"b\"")
    if not isinstance(messages, list):
        raise ValueError("'messages' must be a list of {\"seat\", \"text\"} objects")
    out = []
    for i, message in enumerate(messages):
        if not isinstance(message, dict) or message.get("seat") not in ("a", "b") or not isinstance(message.get("text"), str):
            raise ValueError(f"message {i + 1} needs \"seat\" (a or b) and \"text\" (a string)")
        out.append((message["seat"], message["text"]))
    return maze, out, first
