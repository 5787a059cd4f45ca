"""Scores of a finished game from its agreed moves.

Live mode: the engine's executed moves are the ground truth. Paper mode: until the grading issue
lands, the agreed moves are read with the live-mode parser (`mazeplay.game.moves`), which only
understands directions and the MOVE/AGREE syntax; such scores are marked provisional.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from mazeplay.engine import Cell, Direction, replay_route, step
from mazeplay.game.loop import GameState
from mazeplay.game.moves import agreed_moves

JUDGE_VERSION = "live-parser-1"


@dataclass(frozen=True)
class Score:
    success: bool
    weighted_outcome: float
    route: list[Cell]  # the valid prefix, from the start
    moves: list[str]  # every agreed move, valid or not
    stopped_by: str | None
    judge: str
    provisional: bool

    def to_dict(self) -> dict:
        data = asdict(self)
        data["route"] = [list(cell) for cell in self.route]
        return data


def cells_from_moves(start: Cell, moves: list[Direction]) -> list[Cell]:
    cells, here = [], start
    for move in moves:
        here = step(here, move)
        cells.append(here)
    return cells


def score_game(state: GameState) -> Score:
    maze = state.setup.maze
    moves = agreed_moves([(t.seat, t.text) for t in state.turns])
    replay = replay_route(maze, cells_from_moves(maze.start, moves))
    provisional = not state.live
    return Score(
        success=replay.success,
        weighted_outcome=replay.weighted_outcome,
        route=replay.cells,
        moves=list(moves),
        stopped_by=replay.stopped_by,
        judge="engine" if state.live else JUDGE_VERSION,
        provisional=provisional,
    )
