"""Grades: a route replayed on the true maze, the scheme that won, diagnostics, and doubts.

Live games have ground truth (the engine executed the moves); every other game is graded from its
words. Only the replayed route decides success; a claim of "ACTI!" never does.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from mazeplay.engine import Cell, Maze
from mazeplay.game.loop import GameState
from mazeplay.game.solo import answer_labels
from mazeplay.judge.diagnostics import diagnose
from mazeplay.judge.extraction import Extraction, RouteStep
from mazeplay.dialogue.notation import parse_mention, symbol_type
from mazeplay.judge.replay import replay_all
from mazeplay.judge.rule_grader import read_route


@dataclass
class Grade:
    judge: str
    success: bool
    weighted_outcome: float
    route: list[Cell]  # the valid prefix from the start, under the winning scheme
    scheme: str
    ambiguous: bool
    reasons: list[str] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # the agreed route as written
    stopped_by: str | None = None
    blocked_at: Cell | None = None  # the wall (or off-grid cell) the route ran into, if one stopped it
    readings: list[dict] = field(default_factory=list)
    extraction: dict | None = None
    diagnostics: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["route"] = [list(c) for c in self.route]
        return data

    def summary(self) -> dict:
        """The fields of `grade --json` and `run --json`."""
        return {k: self.to_dict()[k] for k in ("judge", "success", "weighted_outcome", "route", "scheme", "ambiguous", "reasons", "moves")}


def grade_extraction(
    extraction: Extraction,
    maze: Maze,
    messages: list[tuple[str, str]],
    first: str = "a",
    completion_tokens: list[int | None] | None = None,
) -> Grade:
    """Grade an extraction whose route is written as labels (LLM graders, the engine's record)."""
    labels = extraction.agreed()
    best, readings, unread = replay_all(labels, maze)
    reasons = list(extraction.ambiguous)
    if unread:
        reasons.append(f"the grader wrote coordinates that cannot be read: {', '.join(unread[:5])}")
    return _grade(extraction, best, readings, reasons, labels, maze, messages, first, completion_tokens)


def _grade(extraction, best, readings, reasons, labels, maze, messages, first, completion_tokens) -> Grade:
    extraction.route_schema = extraction.route_schema or _schema(best.scheme, labels)
    replay = best.replay
    return Grade(
        judge=extraction.judge,
        success=replay.success,
        weighted_outcome=replay.weighted_outcome,
        route=replay.cells,
        scheme=best.scheme,
        ambiguous=bool(reasons),
        reasons=reasons,
        moves=labels,
        stopped_by=replay.stopped_by,
        blocked_at=replay.blocked,
        readings=[r.to_dict() for r in readings],
        extraction=extraction.to_dict(),
        diagnostics=diagnose(messages, extraction, replay.success, replay.weighted_outcome, replay.stopped_by,
                             maze.size, completion_tokens, first),
    )


def _schema(scheme: str, labels: list[str]) -> dict:
    if scheme == "directions":
        return {"symbols": "directions"}
    mentions = [m for m in map(parse_mention, labels) if m is not None]
    order, origin, orientation = scheme.split("/")
    return {"origin": int(origin[0]), "orientation": orientation, "order": order, "symbols": symbol_type(mentions)}


def rule_grade(maze: Maze, messages: list[tuple[str, str]], first: str = "a", completion_tokens=None) -> Grade:
    """The offline rule grader: every scheme's reading replayed, the most favourable kept."""
    result = read_route(maze, messages, first)
    extraction = result.extraction
    return _grade(extraction, result.best, result.readings, list(extraction.ambiguous), extraction.agreed(),
                  maze, messages, first, completion_tokens)


def engine_grade(state: GameState) -> Grade:
    """Ground truth of a live game: the moves the engine executed."""
    moves = state.executed_moves
    steps = [RouteStep(t.index + 1, t.executed.split(","), "move", "both") for t in state.turns if t.executed]
    extraction = Extraction(judge="engine", route=steps, route_schema={"symbols": "directions"})
    messages = [(t.seat, t.text) for t in state.turns]
    grade = grade_extraction(extraction, state.setup.maze, messages, state.setup.config.first, _tokens(state))
    grade.moves = moves
    return grade


def _tokens(state: GameState) -> list[int | None]:
    return [(t.reply.usage or {}).get("completion_tokens") for t in state.turns]


def grade_game(state: GameState) -> list[Grade]:
    """Grades saved with a finished game, the official one first: in live mode the engine's ground
    truth, then the rule grader (for the audit); in paper mode the rule grader."""
    messages = [(t.seat, t.text) for t in state.turns]
    rule = rule_grade(state.setup.maze, messages, state.setup.config.first, _tokens(state))
    return [engine_grade(state), rule] if state.live else [rule]


def grade_solo_answer(maze: Maze, turns: list) -> Grade:
    """A solo condition's grade: the route of the last ANSWER line (after the review step), replayed
    like any other route. The same for a model and for a person."""
    labels = answer_labels(turns[-1].text)
    extraction = Extraction(judge="solo-answer", route=[RouteStep(len(turns), labels, "move", "both")])
    if not labels:
        extraction.ambiguous.append("no ANSWER line in the final reply")
    return grade_extraction(extraction, maze, [(t.seat, t.text) for t in turns])
