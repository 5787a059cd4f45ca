"""The offline rule grader: reads the agreed route out of a free-form dialogue, deterministically.

Each message is read once, clause by clause (`mazeplay.dialogue.clauses`); then the agreement fold
(`mazeplay.dialogue.agreement`, the same one the live engine executes moves with) runs under every
coordinate scheme the pair might have meant, tracking where the pair stands under that scheme. Each
scheme's agreed route is replayed on the true maze and, as in the paper, the most favourable reading
wins, among the schemes that best fit what the pair says of its notation and of where it stands. Under the
chosen scheme, what the pair says afterwards (where it stands, "ACTI!" on the goal) may settle one reply read
the wrong way (`_reconsidered`); a reading that fails although the pair ends with "ACTI!" is read again with
a reply the other way when that takes the pair onto the goal (`_repaired`).
The dialogue ends where the completion phrase is *said* (never where it is quoted or talked about). A
game is marked ambiguous only when a careful reader could not decide: the pair split up, each moving on
its own.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from mazeplay.dialogue.agreement import AgreementState
from mazeplay.dialogue.clauses import Item, read_dialogue
from mazeplay.dialogue.notation import SCHEMES, Mention, Scheme
from mazeplay.engine import Maze, distances_from, replay_route, step
from mazeplay.judge.extraction import Extraction, RouteStep
from mazeplay.judge.replay import Reading

JUDGE = "rule-28"


@dataclass
class RuleResult:
    extraction: Extraction
    best: Reading
    readings: list[Reading]


def _mentions(readings) -> list[Mention]:
    """The cells that need a scheme: those proposed, reported as walls, or listed in a route option."""
    items = []
    for reading in readings:
        for clause in reading.clauses:
            items += clause.items if clause.act in ("propose", "solo") else ()
            items += clause.blocked if reading.stance != "refuse" else ()  # a refusal needs no cell
        items += (item for _, _, moves in reading.options for item in moves)  # "Route A: (0,1) -> (0,2) …", named later
    seen: dict[tuple, Mention] = {}
    for item in items:
        if item.mention is not None and item.kind in ("cell", "run"):  # "down to row 3" needs a scheme too
            m = item.mention
            seen.setdefault((m.kind, m.first, m.second, m.ordinal), m)
    return list(seen.values())


def _plausible(groups: dict[tuple, list[Scheme]], readings, maze: Maze) -> set[str] | None:
    """The schemes that best fit what the pair says of its convention: cells it names as the start and
    the goal lying where @ and * are, and stated conventions ("(row, col)", "0-indexed", "letters for the
    columns", "y from the bottom"). None when it says nothing (every scheme is plausible, as in the paper)."""
    anchors = [a for r in readings for c in r.clauses for a in c.anchors][:12]
    stated = [s for r in readings for c in r.clauses for s in c.conventions][:12]
    if not anchors and not stated:
        return None
    truth = {"start": maze.start, "goal": maze.goal}

    def score(scheme: Scheme) -> int:
        letters_first_is = "col" if scheme.order == "col_row" else "row"
        letters = letters_first_is  # the letter keeps its axis whichever way round a square is written
        facts = {"order": scheme.order, "origin": scheme.origin, "letters": letters,
                 "vertical": "bottom" if scheme.orientation.startswith("bottom") else "top"}
        return (sum(scheme.cell(m, maze.size) == truth[kind] for kind, m in anchors)
                + sum(facts[attribute] == value for attribute, value in stated))

    scores = {s.name(): score(s) for ss in groups.values() for s in ss}
    best = max(scores.values())
    return {name for name, score in scores.items() if score == best} if best > 0 else None


def _all_mentions(readings) -> list[Mention]:
    return [i.mention for r in readings for c in r.clauses for i in c.items if i.kind == "cell" and i.mention is not None]


def _off_grid(scheme: Scheme, mentions: list[Mention], size: int) -> int:
    cells = (scheme.cell(m, size) for m in mentions)
    return sum(1 for cell in cells if cell is not None and not (0 <= cell[0] < size and 0 <= cell[1] < size))


@dataclass
class Fold:
    """The agreement fold under one scheme, and what the pair says that it agrees with: `fit` counts its
    statements of where it stands that hold; `on_goal` is whether it stood on the goal when it said the
    completion phrase (None when it never said it)."""

    state: AgreementState
    scheme: Scheme | None  # the scheme it was folded under (one of a group whose cells read alike)
    fit: int
    on_goal: bool | None = None


def _fold(messages: list[tuple[str, str]], readings, maze: Maze, scheme: Scheme | None,
          said_again_echoes: bool = False, read_otherwise: frozenset[int] = frozenset()) -> Fold:
    """The agreement fold under one scheme, and how well the scheme fits the dialogue: the pair's statements
    of where it stands ("we're now at row 2, column 2") that match where the agreed moves have taken it,
    and proposals whose first cell is a step from where the pair stands (under a wrong reading of the
    notation, "down to (1,0)" from the start is a run of three)."""
    cell_of = (lambda m: scheme.cell(m, maze.size)) if scheme is not None else (lambda m: None)
    state = AgreementState(start=maze.start, goal=maze.goal, size=maze.size, cell_of=cell_of,
                           said_again_echoes=said_again_echoes, read_otherwise=read_otherwise)
    fits, on_goal = 0, None
    for (seat, text), reading in zip(messages, readings):
        before = state.here
        state.feed(seat, text, reading)
        if scheme is not None:
            positions, first_cells = _checks(reading)
            fits += sum(cell_of(m) in (before, state.here) for m in positions)
            fits += sum(_reached_from(cell_of(item.mention), before, item) for item in first_cells)
        if reading.acti:
            on_goal = state.here == maze.goal
            break
    state.finish()
    return Fold(state, scheme, fits, on_goal)


# Reading a reply the other way must buy this much more fit: one stated position or one proposal made from
# the new cell is not enough (a pair that bumped into a wall or misspoke once talks like that too).
RECONSIDER_GAIN = 2
# "ACTI!" said on the goal weighs as much as two statements of where the pair stands. It may only take an
# acceptance back, never make one: a pair that declares a step short talks exactly like that.
GOAL_FIT = 2


def _evidence(fold: Fold) -> int:
    return fold.fit + GOAL_FIT * bool(fold.on_goal)


def _reconsidered(messages, readings, maze: Maze, first: Fold) -> AgreementState:
    """The fold again with one reply read the other way (accepted <-> not) when that makes what the pair
    says afterwards fit where it stands ("we're at row 3, column 5", proposals a step from there, "ACTI!"
    on the goal): a missed "Down to (1,1) is fine" or an acceptance read into chit-chat shows as every
    later proposal being off by the same step, or as a declaration one step from the goal. A move into a
    wall is never taken back this way: after a bump the pair talks from the cell before it, exactly as if
    the move had not been agreed. A refusal, a question or a retraction is never read as an acceptance."""
    state = first.state
    if first.fit == _most_fit(readings) and first.on_goal is not False:
        return state  # everything the pair says of where it stands already holds
    accepted = {m.agreed_turn for m in state.agreed}
    turns = _replies_to_read_again(state, readings, maze)
    trials = [(_fold(messages, readings, maze, first.scheme, state.said_again_echoes, frozenset({turn})), turn) for turn in turns]

    def convinces(other: Fold, turn: int) -> bool:
        if turn in accepted:
            return _evidence(other) >= _evidence(first) + RECONSIDER_GAIN
        return other.fit >= first.fit + RECONSIDER_GAIN  # the goal alone never makes an acceptance

    trials = [(other, turn) for other, turn in trials if convinces(other, turn)]
    if not trials:
        return state
    best, _ = max(trials, key=lambda trial: (_evidence(trial[0]), -trial[1]))  # the earliest, on a tie
    return best.state


# Two replies read otherwise are tried only among this many candidates (a fold each pair: 276 at most).
REPAIR_PAIRS_UP_TO = 24
_IN_PROTOCOL_WORDS = re.compile(r"\bAGREED?\b|\bMOVE:")  # "AGREE.", "MOVE: down": the words the game asks for, read as written


def _repaired(messages, readings, maze: Maze, first: Fold, state: AgreementState, goal_dist, short: bool = False):
    """A reading that fails in a dialogue the pair ends with "ACTI!", read again with one reply the other way,
    when that reading takes the pair, move by move, onto the goal where it says the phrase. The earliest
    such reply wins; None when there is none. A move into a wall is never taken back, a refusal, a question
    or a retraction never becomes an acceptance, and a reply in the game's own words ("AGREE.", "MOVE: down")
    is never read otherwise.
    A reading that runs into a wall, off the grid or across a gap may have two replies read otherwise, and
    an acceptance may be taken back. One that stops `short` of the goal, with no bump to explain, may only
    have one reply that said nothing readable become the yes it was ("left x2, then down, then left. all
    at once or step by step?" — "all at once, i trust the stitch" — "ACTI!"): a pair that declares a step
    short talks like that too, so a reply that proposes, says the phrase or says the pair is there stays
    as read."""
    turns = [turn for turn in _replies_to_read_again(state, readings, maze) if not _IN_PROTOCOL_WORDS.search(messages[turn][1])]
    if short:
        accepted = {m.agreed_turn for m in state.agreed}
        turns = [turn for turn in turns if turn not in accepted and _may_be_a_missed_yes(messages[turn][1], readings[turn])]
    pairs = itertools.combinations(turns, 2) if len(turns) <= REPAIR_PAIRS_UP_TO and not short else ()
    for flipped in itertools.chain(itertools.combinations(turns, 1), pairs):
        other = _fold(messages, readings, maze, first.scheme, state.said_again_echoes, frozenset(flipped))
        if not other.on_goal:
            continue
        replay = replay_route(maze, [m.step.cell for m in other.state.agreed], goal_dist)
        if replay.success:
            return other.state, replay
    return None


_SAYS_ARRIVED = re.compile(r"\bwe(?:'re|\s+are)\s+(?:\w+\s+)?(?:there|here)\b|\bmade it\b|\b(?:on|at)\s+(?:the\s+)?(?:goal|star|\*)", re.IGNORECASE)


def _may_be_a_missed_yes(text: str, reading) -> bool:
    """A reply that said nothing the fold could read, which "ACTI!" said next on the goal may show was a yes
    ("all at once, i trust the stitch"), or one that says yes in words while it proposes ("ok right it is, and
    the down as well"): not one that proposes without a yes, moves alone, says the phrase itself or says the
    pair is already there ("Looks like we're basically there": the step short, never agreed)."""
    if reading.acti or _SAYS_ARRIVED.search(text) or any(c.act == "claim" for c in reading.clauses):
        return False
    return not (reading.decision or reading.solos) or reading.stance in ("agree", "weak_agree")


def _replies_to_read_again(state: AgreementState, readings, maze: Maze) -> list[int]:
    """The replies that may be read the other way: any acceptance but one of a move into a wall (after a bump
    the pair talks from the cell before it), and any other reply that could be a missed acceptance."""
    accepted = {m.agreed_turn for m in state.agreed}
    bumped = {m.agreed_turn for m in state.agreed if not maze.is_open(m.step.cell)}
    return [turn for turn in state.replies if turn not in bumped and (turn in accepted or _could_accept(readings[turn]))]


def _could_accept(reading) -> bool:
    """A reply that might be a missed acceptance: it neither refuses (anywhere: "I do NOT agree to up x2. …
    I agree to left x3" says yes to its own plan), doubts, asks nor takes back."""
    return reading.stance not in ("refuse", "doubt") and not any(
        c.act == "ask" or c.retracts or (c.stance == "refuse" and c.items) for c in reading.clauses)


def _checks(reading) -> tuple[list[Mention], list[Item]]:
    """What a message says that shows where the pair stands: the positions it states, and the first cell of
    each proposal (a step from where the pair stands, or the end of a counted run from there)."""
    positions = [m for c in reading.clauses for m in c.positions]
    named = reading.clauses[reading.choice[1]] if reading.choice else None  # "Route A, if (0,2) is open": the option is the proposal
    first_cells = [i for c in reading.decision if c is not named for i in c.items[:1]
                   if i.kind in ("cell", "run") and i.mention is not None and i.axis is None]
    return positions, first_cells


def _most_fit(readings) -> int:
    """The fit of a dialogue read so that everything it says of where the pair stands is true."""
    total = 0
    for reading in readings:
        total += sum(map(len, _checks(reading)))
        if reading.acti:
            break
    return total


def _reached_from(cell, here, item: Item) -> bool:
    """Where the proposal starts fits `here`: under the notation the pair means, a cell proposed is a step
    away, and "down 2 → (3,3)" ends two steps down."""
    if cell is None:
        return False
    if item.kind == "run" and item.count and item.count > 1 and item.direction is not None:
        end = here
        for _ in range(item.count):
            end = step(end, item.direction)
        return cell == end
    return abs(cell[0] - here[0]) + abs(cell[1] - here[1]) == 1


def _extraction(state: AgreementState, first: str) -> Extraction:
    extraction = Extraction(judge=JUDGE)
    agent = {first: "agent_1", ("b" if first == "a" else "a"): "agent_2"}
    by_turn: dict[int, list[str]] = {}
    for move in state.agreed:
        by_turn.setdefault(move.turn, []).append(move.step.label)
    entries = [(turn, RouteStep(turn + 1, labels, "move", "both")) for turn, labels in by_turn.items()]
    for proposal in state.considered:
        entries.append((proposal.turn, RouteStep(proposal.turn + 1, [s.label for s in proposal.steps], "consider", agent[proposal.seat])))
    for proposal in state.solo_moves:
        entries.append((proposal.turn, RouteStep(proposal.turn + 1, [s.label for s in proposal.steps], "move", agent[proposal.seat])))
    extraction.route = [entry for _, entry in sorted(entries, key=lambda pair: pair[0])]
    extraction.ambiguous.extend(state.doubts)
    solo_seats = {p.seat for p in state.solo_moves} | set(state.went_alone)
    if len(solo_seats) == 2:
        turns = ", ".join(str(turn + 1) for turn in sorted({p.turn for p in state.solo_moves} | set(state.went_alone.values()))[:4])
        extraction.ambiguous.append(
            f"the partners split up: each announced moves of its own that the other never agreed to (messages {turns})")
    return extraction


def _favour(replay) -> tuple[float, bool, bool]:
    """How favourable a reading is: its outcome, then success, then not ending against a wall."""
    return replay.weighted_outcome, replay.success, replay.stopped_by != "wall"


def read_route(maze: Maze, messages: list[tuple[str, str]], first: str = "a") -> RuleResult:
    """Grade a dialogue: every scheme's agreed route replayed; the most favourable one is `best`."""
    readings = read_dialogue([text for _, text in messages])
    mentions = _mentions(readings)
    goal_dist = distances_from(maze.passable(), maze.goal)
    groups: dict[tuple, list[Scheme]] = {}
    for scheme in SCHEMES:
        key = tuple(scheme.cell(m, maze.size) for m in mentions)
        groups.setdefault(key, []).append(scheme)
    results: list[tuple[Reading, Fold]] = []
    plausible = _plausible(groups, readings, maze) if mentions else None
    for schemes in groups.values():
        scheme = schemes[0] if mentions else None
        fold = _fold(messages, readings, maze, scheme)
        replay = replay_route(maze, [m.step.cell for m in fold.state.agreed], goal_dist)
        if fold.state.said_again_seen:  # "Agreed — down.": read also as the accepted move said again; the favourable reading wins
            other = _fold(messages, readings, maze, scheme, said_again_echoes=True)
            other_replay = replay_route(maze, [m.step.cell for m in other.state.agreed], goal_dist)
            if _favour(other_replay) > _favour(replay):
                fold, replay = other, other_replay
        for member in schemes:
            name = member.name() if mentions else "directions"
            results.append((Reading(name, replay), fold))
        if not mentions:
            break
    candidates = [k for k in range(len(results)) if plausible is None or results[k][0].scheme in plausible] or list(range(len(results)))
    if mentions:  # a scheme that puts cells the pair names off the grid ("(0,1)" counted from 1) is a worse fit
        named = _all_mentions(readings)
        off = {name: _off_grid(scheme, named, maze.size) for name, scheme in ((s.name(), s) for s in SCHEMES)}
        fewest = min(off[results[k][0].scheme] for k in candidates)
        candidates = [k for k in candidates if off[results[k][0].scheme] == fewest]
    if mentions:  # nobody counts columns from the right unless they say so (a stated convention is kept by _plausible)
        from_left = [k for k in candidates if not results[k][0].scheme.endswith("_right")]
        candidates = from_left or candidates
    best_fit = max(results[k][1].fit for k in candidates)
    candidates = [k for k in candidates if results[k][1].fit == best_fit]  # where the pair says it stands
    best_index = max(candidates, key=lambda k: (results[k][0].replay.weighted_outcome, results[k][0].replay.success, -k))
    best, fold = results[best_index]
    state = _reconsidered(messages, readings, maze, fold)  # under the scheme the fold was made under, so that the fits compare
    if state is not fold.state:
        best = Reading(best.scheme, replay_route(maze, [m.step.cell for m in state.agreed], goal_dist))
        results[best_index] = (best, fold)
    if not best.replay.success and fold.on_goal is not None:
        repaired = _repaired(messages, readings, maze, fold, state, goal_dist, short=best.replay.stopped_by is None)
        if repaired is not None:
            state, replay = repaired
            best = Reading(best.scheme, replay)
            results[best_index] = (best, fold)
    return RuleResult(_extraction(state, first), best, [r for r, _ in results])

