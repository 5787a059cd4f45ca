"""The rule grader on short blind exchanges: 2–6 messages each, one everyday phenomenon each (acceptance in
unusual words, look-alike refusals, partial acceptance, recaps, relative phrasing, conventions, direction
words that are not moves, JSON agents, chess cells, moves to the goal by name, ACTI!), written by two
people who never saw the grader's code, on an open 6×6 maze, each with the moves a careful reader says
were agreed. Split by a hash of the id before any was read: `exchanges_dev.jsonl` was read while
developing, `exchanges_heldout.jsonl` never case by case. Run with `-s` for the figures per group.

Group letters: A1 acceptance, A2 look-alike non-acceptance, A3 partial/counter/self-correction, A4 recaps,
A5 relative phrasing, A6 conventions; B1 direction words that are not moves, B2 cells that are not
proposals, B3 JSON, B4 chess and row/column cells, B5 the goal by name, B6 ACTI!.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from mazeplay.engine import maze_from_rows
from mazeplay.judge.score import rule_grade

HERE = Path(__file__).parent / "corpus"
OPEN_6 = maze_from_rows(["@.....", "......", "......", "......", "......", ".....*"])
STEPS = {"down": (1, 0), "up": (-1, 0), "right": (0, 1), "left": (0, -1)}
FLOORS = {"exchanges_dev": 0.80, "exchanges_heldout": 0.70}  # regression floors under today's figures


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (HERE / f"{name}.jsonl").read_text().splitlines() if line.strip()]


def route(moves: list[str]) -> list[tuple[int, int]]:
    cells = [(0, 0)]
    for move in moves:
        cells.append((cells[-1][0] + STEPS[move][0], cells[-1][1] + STEPS[move][1]))
    return cells


@pytest.mark.parametrize("part", list(FLOORS))
def test_agreed_moves_of_short_exchanges(part):
    cases = load(part)
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for case in cases:
        grade = rule_grade(OPEN_6, [(m["seat"], m["text"]) for m in case["messages"]], "a")
        per[case["group"]][0] += [tuple(c) for c in grade.route] == route(case["moves"])
        per[case["group"]][1] += 1
    right = sum(r for r, _ in per.values())
    print(f"\n{part}: {right}/{len(cases)} = {right / len(cases):.1%}")
    for group, (r, n) in sorted(per.items()):
        print(f"  {group}: {r}/{n}")
    assert right / len(cases) >= FLOORS[part]
