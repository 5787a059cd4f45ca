"""Replaying an extracted route on the true maze under every coordinate scheme, keeping the most
favourable plausible reading (as the paper did) and every reading tried (which the paper did not keep)."""

from __future__ import annotations

from dataclasses import dataclass

from mazeplay.engine import Cell, Maze, Replay, distances_from, replay_route, step
from mazeplay.dialogue.notation import SCHEMES, Mention, Scheme, parse_mention


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


def cells_for(mentions: list[Mention], maze: Maze, scheme: Scheme) -> list[Cell]:
    """The cells a route visits under `scheme`."""
    here, cells = maze.start, []
    for mention in mentions:
        here = step(here, mention.direction) if mention.kind == "direction" else scheme.cell(mention, maze.size)
        cells.append(here)
    return cells


def replay_all(labels: list[str], maze: Maze) -> tuple[Reading, list[Reading], list[str]]:
    """(best reading, all readings, unreadable labels). Directions-only routes have one reading."""
    parsed = [(label, parse_mention(label)) for label in labels]
    unread = [label for label, mention in parsed if mention is None]
    mentions = [mention for _, mention in parsed if mention is not None]
    goal_dist = distances_from(maze.passable(), maze.goal)
    if all(m.kind == "direction" for m in mentions):
        only = Reading("directions", replay_route(maze, cells_for(mentions, maze, SCHEMES[0]), goal_dist))
        return only, [only], unread
    readings = [Reading(s.name(), replay_route(maze, cells_for(mentions, maze, s), goal_dist)) for s in SCHEMES]
    best = max(_plausible(readings, mentions, maze), key=lambda r: (r.replay.weighted_outcome, r.replay.success, -readings.index(r)))
    return best, readings, unread


def _plausible(readings: list[Reading], mentions: list[Mention], maze: Maze) -> list[Reading]:
    """Columns are counted from the left unless no such reading keeps the named cells on the grid
    (the rule grader applies the same preference)."""
    def on_grid(scheme: Scheme) -> bool:
        cells = (scheme.cell(m, maze.size) for m in mentions if m.kind != "direction")
        return all(c is not None and 0 <= c[0] < maze.size and 0 <= c[1] < maze.size for c in cells)

    from_left = [(r, s) for r, s in zip(readings, SCHEMES) if not s.orientation.endswith("_right")]
    if not any(on_grid(s) for _, s in from_left) and any(on_grid(s) for s in SCHEMES):
        return readings
    return [r for r, _ in from_left]
