"""Who plays what, in which order: counterbalanced assignment of conditions, seats and mazes.

`latin` uses a Williams design: every condition appears in every position, and follows every other
condition, equally often across a block of participants (2k participants when k is odd). `balanced`
draws a fresh random Latin square per block of k participants from the study's seed: each position
still holds each condition once per block, but the order of conditions is not the same for everyone.
A participant's assignment depends only on the study and their number, so it can always be recomputed
and is also recorded with them.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass

from mazeplay.study.spec import StudySpec


@dataclass(frozen=True)
class Slot:
    """One assigned game."""

    number: int  # 1-based position in the participant's sequence
    condition: str
    seat: str
    maze_set: str
    maze_index: int

    def to_dict(self) -> dict:
        return asdict(self)


def williams_rows(k: int) -> list[list[int]]:
    """A Williams Latin square of k conditions: rows are orders; first-order carry-over is balanced."""
    if k == 1:
        return [[0]]
    first, low, high = [0], 1, k - 1
    while len(first) < k:
        first.append(low)
        low += 1
        if len(first) < k:
            first.append(high)
            high -= 1
    rows = [[(c + shift) % k for c in first] for shift in range(k)]
    if k % 2:
        rows += [list(reversed(row)) for row in rows]
    return rows


def _balanced_random_row(k: int, seed: int, participant: int) -> list[int]:
    block, position = divmod(participant, k)
    rng = random.Random(f"{seed}:{block}")
    columns = list(range(k))
    rng.shuffle(columns)  # which condition each column of a cyclic square stands for
    rows = list(range(k))
    rng.shuffle(rows)  # which participant of the block gets which row
    shift = rows[position]
    return [columns[(shift + j) % k] for j in range(k)]


def order_for(spec: StudySpec, participant: int) -> list[int]:
    """Condition indices in the order participant number `participant` (0-based) plays them."""
    k = len(spec.conditions)
    if spec.assignment == "latin":
        rows = williams_rows(k)
        row = rows[participant % len(rows)]
    else:
        row = _balanced_random_row(k, spec.seed, participant)
    return [row[j % k] for j in range(spec.games_per_participant)]


def assign(spec: StudySpec, participant: int) -> list[Slot]:
    """The games of participant number `participant` (0-based, in order of arrival)."""
    slots: list[Slot] = []
    seen: dict[int, int] = {}
    for number, index in enumerate(order_for(spec, participant), start=1):
        condition = spec.conditions[index]
        occurrence = seen.get(index, 0)
        seen[index] = occurrence + 1
        if condition.seat == "any":
            seat = "ab"[(participant + index + occurrence) % 2]  # alternates across participants
        else:
            seat = condition.seat
        # Mazes rotate with the position in the sequence: no one meets the same maze twice (when the lists
        # are long enough), and across participants each condition is played on every maze.
        rotated = (participant + number - 1) % len(condition.indices)
        slots.append(Slot(number, condition.name, seat, condition.maze_set, condition.indices[rotated]))
    return slots
