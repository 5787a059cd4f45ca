"""Replaying an extracted route on the true maze under every coordinate scheme, keeping the most
favourable reading (as the paper did) and every reading tried (which the paper did not keep)."""

from __future__ import annotations

from dataclasses import dataclass

from mazeplay.engine import Cell, Maze, Replay, replay_route, step
from mazeplay.judge.notation import SCHEMES, Scheme, parse_mention


@dataclass(frozen=True)
class Reading:
    scheme: str
    replay: Replay

    def to_dict(self) -> dict:
        return {
            "scheme": self.scheme,
            "success": self.replay.success,
            "weighted_outcome": self.replay.weighted_outcome,
            "route": [list(c) for c in self.replay.cells],
            "stopped_by": self.replay.stopped_by,
        }


def cells_for(labels: list[str], maze: Maze, scheme: Scheme) -> tuple[list[Cell], list[str]]:
    """The cells a route visits under `scheme`, and labels that could not be read at all."""
    here, cells, unread = maze.start, [], []
    for label in labels:
        mention = parse_mention(label)
        if mention is None:
            unread.append(label)
            continue
        here = step(here, mention.direction) if mention.kind == "direction" else scheme.cell(mention, maze.size)
        cells.append(here)
    return cells, unread


def replay_all(labels: list[str], maze: Maze) -> tuple[Reading, list[Reading], list[str]]:
    """(best reading, all readings, unreadable labels). Directions-only routes have one reading."""
    mentions = [parse_mention(label) for label in labels]
    if all(m is None or m.kind == "direction" for m in mentions):
        cells, unread = cells_for(labels, maze, SCHEMES[0])
        only = Reading("directions", replay_route(maze, cells))
        return only, [only], unread
    readings, unread = [], []
    for scheme in SCHEMES:
        cells, unread = cells_for(labels, maze, scheme)
        readings.append(Reading(scheme.name(), replay_route(maze, cells)))
    best = max(readings, key=lambda r: (r.replay.weighted_outcome, r.replay.success, -readings.index(r)))
    return best, readings, unread
