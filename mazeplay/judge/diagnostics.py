"""What happened in a dialogue, beyond the score: the paper's qualitative observations, counted."""

from __future__ import annotations

import re
from functools import lru_cache

from mazeplay.dialogue.quick import CaseBlind, quick
from mazeplay.game.moves import acti_said
from mazeplay.judge.extraction import Extraction

_CONVENTION = CaseBlind(re.compile(
    r"\(\s*row\s*,\s*col(umn)?\s*\)|\(\s*x\s*,\s*y\s*\)|\(\s*col(umn)?\s*,\s*row\s*\)|\b[01][- ]?(indexed|based)\b|"
    r"zero[- ]based|one[- ]based|counted from [01]|coordinate system|\bconvention\b|top[- ]left (is|=|corner is)|"
    r"rows? (are|is) numbered|columns? (are|is) (numbered|lettered)",
    re.IGNORECASE,
))
_CELL_FACT = CaseBlind(re.compile(r"[\(\[]\s*\d+\s*,\s*\d+\s*[\)\]][^.\n]{0,30}\b(wall|open|blocked|free)\b", re.IGNORECASE))
_COORD = r"[\(\[]\s*\d+\s*,\s*\d+\s*[\)\]]"
_COORDS = re.compile(_COORD)
# "Walls I can see: (1, 2), (2, 2) and (3, 3)" (bot:swap) or JSON's "wall":[[0,5],[2,0]]: each listed cell is a fact
_CELL_LIST = CaseBlind(re.compile(r"\b(walls?|open|blocked|free|passable)\b[^:=\n()\[\]]{0,40}[\"']?\s*[:=]\s*\[?\s*"
                                  rf"({_COORD}(?:\s*(?:,|;|\band\b)\s*{_COORD})*)", re.IGNORECASE))
# "left to right: start, unknown, open, wall" (the prose rendering)
_PROSE_ROW = CaseBlind(re.compile(r"\b(?:start|goal|open|wall|unknown|hidden)(?:\s*,\s*(?:start|goal|open|wall|unknown|hidden)){2,}\b",
                                  re.IGNORECASE))


@lru_cache(maxsize=None)
def _row_run(least: int) -> re.Pattern:
    return quick(re.compile(rf"(?<![@*.#?\w])(?:[@*.#?][ \t|]?){{{least},}}(?![\w])"))


def _map_rows(text: str, size: int) -> int:
    """Rows of a map written in the game's symbols, one per line or several on one line ("row 0: @..#.. row 1:
    ..."): runs of about a row's width of @ * . # ? (single spaces or bars between them allowed)."""
    least = size if size < 4 else max(4, size - 1)
    rows = 0
    if sum(map(text.count, "@*.#?")) >= least:  # else not one row in symbols
        rows += sum(1 for match in _row_run(least).finditer(text) if sum(map(match.group().count, "@*.#?")) <= size + 1)
    if text.count(",") >= 2:  # else not one row in prose
        rows += sum(1 for match in _PROSE_ROW.finditer(text) if match.group().count(",") + 1 >= least)
    return rows


def _cell_facts(text: str) -> int:
    listed = sum(len(_COORDS.findall(match.group(2))) for match in _CELL_LIST.finditer(text))
    return max(listed, sum(1 for _ in _CELL_FACT.finditer(text)))


def map_shared(text: str, size: int) -> bool:
    """Whether a message shares (part of) a map: several rows in map symbols or prose, or at least three
    cells named as walls or open (one by one or in a list)."""
    facts_possible = text.count("(") + text.count("[") >= 3  # each cell named opens a bracket
    return _map_rows(text, size) >= max(2, size // 2) or (facts_possible and _cell_facts(text) >= 3)

BUCKETS = (("fail", 0.25), ("partial_fail", 0.5), ("partial_success", 0.75), ("success", float("inf")))


def efficiency_bucket(weighted_outcome: float) -> str:
    """The spec's buckets: Fail [0,.25), Partial fail [.25,.5), Partial success [.5,.75), Success [.75,1]."""
    for name, upper in BUCKETS:
        if weighted_outcome < upper:
            return name
    return "success"


def diagnose(
    messages: list[tuple[str, str]],
    extraction: Extraction,
    success: bool,
    weighted_outcome: float,
    stopped_by: str | None,
    size: int,
    completion_tokens: list[int | None] | None = None,
    first: str = "a",
) -> dict:
    convention_turn = next((i + 1 for i, (_, t) in enumerate(messages) if _CONVENTION.search(t)), None)
    shared: dict[str, int | None] = {"agent_1": None, "agent_2": None}
    for i, (seat, text) in enumerate(messages):
        agent = "agent_1" if seat == first else "agent_2"
        if shared[agent] is None and map_shared(text, size):
            shared[agent] = i + 1
    executed_turns = sorted({s.turn for s in extraction.route if s.turn_type == "move" and s.agent == "both"})
    proposals = [s for s in extraction.route if s.agent != "both" or s.turn_type == "consider"]
    marks = [0, *executed_turns, len(messages)]
    longest_stall = max((b - a for a, b in zip(marks, marks[1:])), default=0)
    acti_turn = next((i + 1 for i, (_, t) in enumerate(messages) if acti_said(t)), None)
    tokens = [t for t in (completion_tokens or []) if t is not None]
    if tokens and len(tokens) == len(messages):
        per_message, tokens_source = sum(tokens) / len(tokens), "usage"
    else:
        words = [len(t.split()) for _, t in messages]
        per_message, tokens_source = (sum(words) / len(words) * 4 / 3 if words else 0.0), "estimated from words"
    return {
        "convention_stated": convention_turn is not None,
        "convention_turn": convention_turn,
        "map_shared": {agent: turn is not None for agent, turn in shared.items()},
        "map_shared_turn": shared,
        "moves_agreed": len(extraction.agreed()),
        "proposals_not_agreed": sum(1 for s in proposals if s.turn_type == "consider"),
        "longest_stall": longest_stall,
        "agreement_loop": longest_stall >= 8,
        "acti_claimed": acti_turn is not None,
        "acti_turn": acti_turn,
        "false_acti": acti_turn is not None and not success,
        "agreed_move_into_wall": stopped_by == "wall",
        "split_up": any(s.agent != "both" and s.turn_type == "move" for s in extraction.route),
        "turns_used": len(messages),
        "tokens_per_message": round(per_message, 1),
        "tokens_total": round(per_message * len(messages)),
        "tokens_source": tokens_source,
        "efficiency_bucket": efficiency_bucket(weighted_outcome),
    }
