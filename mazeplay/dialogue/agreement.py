"""Which moves a pair agreed on: one fold over the dialogue, with the pair's position in mind.

The same fold serves the live engine (which executes each agreed move as it happens) and the rule
grader (which replays a finished dialogue under every coordinate scheme). Under a scheme the pair
stands on a known cell, so a proposed cell is a step (a neighbour), a restatement (where the pair
already stands, or a cell of the path already walked) or a jump (anything else, which ends the valid
prefix once agreed, as the benchmark's rules say). A proposal stays open until the partner accepts it
(in words, by restating it, or by proposing the next step from it), refuses or counters it, or two
partner messages pass without a word about it.
"""

from __future__ import annotations

import re
from copy import copy
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Iterator

from mazeplay.dialogue.clauses import (LONE_NUMBER, OWN_WAYS, Clause, Item, MessageReading, answering_a_tag_question, codes_counted,
                                       read_message, row_moves)
from mazeplay.dialogue.notation import Mention, find_mentions
from mazeplay.engine.cells import Cell, Direction, direction_between, step

CellOf = Callable[[Mention], "Cell | None"]


_HANDS_OVER = re.compile(r"\b(?:(?:feel free to |go ahead and |you can |you could |please )?propose (?:the |our )?next (?:move|step)|whenever you'?re ready|"
                         r"(?:just )?let me know (?:what|which|when|where)|what do you (?:think|suggest|propose)(?: is| would be)? (?:the )?(?:best )?next)\b", re.IGNORECASE)
_TICKED_OFF = re.compile(r"^\W*(?:up|down|left|right)\b", re.IGNORECASE)  # "up up ✅": the moves first, then the tick
_WHOLE_PLAN = re.compile(r"\b(?:full|whole|entire|complete|overall) (?:plan|route|path)\b|\bfrom (?:the )?start\b|\ball the way\b", re.IGNORECASE)


@dataclass(frozen=True)
class Step:
    """One proposed move: its words and, under the current reading, the cell it goes to."""

    label: str
    cell: Cell
    direction: Direction | None  # the move from the previous cell, when it is a neighbour


@dataclass(eq=False)
class Proposal:
    seat: str
    turn: int  # 0-based index of the message that made it
    steps: list[Step]
    solo: bool = False
    silent_replies: int = 0  # partner messages that said nothing about it
    again: bool = False  # itself worded as a repeat ("right again?"): a reply "yes, right again" echoes it
    dropped: bool = False
    asked: list[Mention] = field(default_factory=list)  # cells the message asks about after proposing ("Can you see (3,2)?")
    said: list[Clause] = field(default_factory=list)  # its proposal clauses
    numbered: dict[int, int] = field(default_factory=dict)  # a numbered plan: item number -> moves up to and including it

    @cached_property
    def wording(self) -> frozenset[str]:
        """Its proposal clauses, as written (a reply that repeats one echoes it); read only when a reply is compared."""
        return frozenset(_words(c.text) for c in self.said)


@dataclass
class AgreedMove:
    turn: int  # the message that proposed it
    agreed_turn: int  # the message that accepted it
    step: Step


@dataclass
class Decision:
    """What one message did: the moves it made agreed, and the proposal it left open."""

    agreed: list[AgreedMove] = field(default_factory=list)
    proposal: Proposal | None = None
    acti: bool = False
    refused: bool = False


@dataclass
class AgreementState:
    """The fold's state after each message; `feed` is the only way to change it."""

    start: Cell
    goal: Cell
    size: int
    cell_of: CellOf | None = None  # how cells are read; None: cells are not moves (live mode)
    here: Cell = (0, 0)
    trail: list[Cell] = field(default_factory=list)
    agreed: list[AgreedMove] = field(default_factory=list)
    pending: Proposal | None = None
    considered: list[Proposal] = field(default_factory=list)
    solo_moves: list[Proposal] = field(default_factory=list)
    # The first message in which each seat announced moves of its own ("I'm going right x3 anyway"), whatever
    # the partner answered: once both have, the pair has split up even if an "ok" seemed to follow one of them.
    went_alone: dict[str, int] = field(default_factory=dict)
    last_direction: Direction | None = None
    turns: int = 0
    doubts: list[str] = field(default_factory=list)  # places where a careful reader could not decide
    # "Let's go down." — "Agreed — down.": the accepted move said again, or the next one proposed? Both readings
    # are natural; the grader folds both where it arises and, as for notations, the favourable one wins.
    said_again_echoes: bool = False
    said_again_seen: bool = False
    _last_proposer: str | None = None
    _last_message: tuple[str, MessageReading] | None = None
    _tail_restated: bool = False
    _asked_what_next: bool = False  # the partner's last message asked only "now?", "next?": the reply plans from here
    _asked_of_recap: bool = False  # the partner's last message ended on a recap and asked "Is that your understanding too?"
    _tail_rest: list = field(default_factory=list)
    _tail_k: int = 0
    _options: dict[str, tuple[str, int, list[Item]]] = field(default_factory=dict)  # "a", "#1" -> (seat, turn, moves)
    _chosen: set[tuple[int, str]] = field(default_factory=set)  # options already agreed (turn laid out, key)
    _rest_of_plan: Proposal | None = None  # what a partial acceptance left of a plan, its steps still numbered as in the plan
    # Replies the grader asks to be read the other way (accepted <-> not), where what the pair says later of
    # where it stands contradicts the first reading; `replies` lists the messages that answered a proposal.
    read_otherwise: frozenset[int] = frozenset()
    replies: list[int] = field(default_factory=list)
    codes_counted: bool = False  # the dialogue has written moves as "D4, L6": a later lone "D2" is a move (see `read_dialogue`)

    def __post_init__(self) -> None:
        self.here = self.start
        self.trail = [self.start]

    # -- resolving items to cells --------------------------------------------------------------
    def _on_grid(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def _resolve(self, items: list[Item], origin: Cell, last_dir: Direction | None = None) -> list[Step]:
        here, out = origin, []
        last_dir = last_dir or self.last_direction
        counted_to = 0
        for k, item in enumerate(items):
            if k < counted_to:
                continue  # a copy of a counted run already taken
            target: Cell | None = None
            if item.kind == "edge" and item.direction:  # "all the way down": as far as the grid goes
                while self._on_grid(nxt := step(here, item.direction)):
                    out.append(Step(item.direction, nxt, item.direction))
                    here = nxt
                last_dir = item.direction
                continue
            if item.kind == "direction" and item.direction:
                target = step(here, item.direction)
                last_dir = item.direction
                run = _straight(here, self.goal, item.direction) if item.to_goal else None
                if run and len(run) > 1:  # "straight down to the star", three cells below: the way there
                    out.extend(Step(item.label, cell, item.direction) for cell in run)
                    here = run[-1]
                    continue
            elif item.kind == "cell" and item.mention is not None:
                target = self.cell_of(item.mention) if self.cell_of else None
            elif item.kind == "run" and item.axis is not None and item.mention is not None:
                line = self.cell_of(item.mention) if self.cell_of else None
                run = _to_line(here, line, item.axis, item.direction) if line is not None else None
                copies = next((j for j in range(k, len(items)) if items[j] != item), len(items)) - k
                if run and copies > 1 and len(run) != copies:
                    run, counted_to = _ahead(here, item.direction, copies), k + copies  # "down ×4 to row 5", row 5 five rows down under this reading: the count was written
                elif line is None:
                    run = _ahead(here, item.direction, item.count)  # live mode and directions only: the direction, as many times as written
                if run:  # "down to row 3"
                    out.extend(Step(item.direction, cell, item.direction) for cell in run)
                    here, last_dir = run[-1], item.direction
                continue  # (no run: a line behind us or off the grid under this reading, not a move it can make)
            elif item.kind == "run" and item.mention is not None:
                end = self.cell_of(item.mention) if self.cell_of else None
                direction = item.direction or (_heading(here, end) if end is not None else None)
                run = _straight(here, end, direction) if end is not None and direction else None
                if not run and end is not None and item.along:
                    run = _onto_line_then_along(here, end)  # "go along row 1 to (1,5)" from (0,0): down onto row 1 first
                if run:
                    for cell in run:
                        direction = direction_between(here, cell)
                        out.append(Step(direction, cell, direction))
                        here = cell
                    last_dir = direction
                    continue
                if end is not None or item.direction is None:
                    target = end  # "down to X", but X is not straight down from here under this reading: a jump
                else:  # live mode reads the direction, as many steps as written
                    *walked, target = _ahead(here, item.direction, item.count)
                    out.extend(Step(item.direction, cell, item.direction) for cell in walked)
                    if walked:
                        here = walked[-1]
                    last_dir = item.direction
            elif item.kind == "goal":
                target = self.goal
                if direction_between(here, target) is None and item.label != "the goal":
                    target = None  # "head toward the goal" from afar is a direction of travel; "then to *" from afar is a jump
            elif item.kind == "back":
                previous = self._previous(here)
                following = items[k + 1] if k + 1 < len(items) else None
                if (item.named_next and previous is not None and following is not None
                        and following.direction == direction_between(here, previous)):
                    continue  # "back the way we came, up up": the directions say which way back is, and how far
                if previous is not None:
                    target = previous
            elif item.kind == "diagonal":
                vertical, horizontal = item.label.split("-")  # "down-right": one step each way, a corner neighbour
                target = step(step(here, vertical), horizontal)  # type: ignore[arg-type]
            elif item.kind == "repeat" and item.label == "same again" and len(set(batch := self._last_batch())) > 1:
                for direction in batch:  # "down, right" agreed; "Same again?": down, right once more
                    here = step(here, direction)
                    out.append(Step(direction, here, direction))
                last_dir = batch[-1]
                continue
            elif item.kind == "repeat" and last_dir:
                target = step(here, last_dir)
            if target is None or (target == here and out):
                continue  # "…(3,4) -> (3,3). then from (3,3) I'd go up": naming where a plan is, not a move
            direction = direction_between(here, target)
            out.append(Step(item.label if item.kind in ("direction", "cell") else (direction or item.label), target, direction))
            here = target
        return out

    def _last_batch(self) -> list[Direction]:
        """The directions of the moves agreed last, in one go, when nothing has been proposed since."""
        if not self.agreed or self.pending is not None:
            return []
        turn = self.agreed[-1].agreed_turn
        return [m.step.direction for m in self.agreed if m.agreed_turn == turn and m.step.direction]

    def _previous(self, here: Cell) -> Cell | None:
        if len(self.trail) >= 2 and self.trail[-1] == here:
            return self.trail[-2]
        return None

    def _trim(self, steps: list[Step], items: list[Item]) -> list[Step]:
        """Drop what only restates the path already walked: a recap prefix, or the cell we stand on."""
        if len(steps) == len(items) - 1 and any(i.named_next for i in items):
            items = [i for i in items if not i.named_next]  # "back the way we came, right x2": the way back was named by the rights
        cellish = [s for s, i in zip(steps, items) if i.kind in ("cell", "run")] if len(steps) == len(items) else steps
        if not steps or not cellish:
            return steps
        last_here = max((k for k, s in enumerate(steps) if s.cell == self.here), default=-1)
        if last_here >= 0:
            steps = steps[last_here + 1:]
        else:
            visited = set(self.trail)
            back = len(steps) == 1 and len(self.trail) >= 2 and steps[0].cell == self.trail[-2] and steps[0].direction
            k = 0
            while not back and k < len(steps) and steps[k].cell in visited:
                k += 1  # a recap of the path walked ("Moving: B1, C1, C2…" when we are past them)
            steps = steps[k:]
        return [s for k, s in enumerate(steps) if k == 0 or s.cell != steps[k - 1].cell]

    def _proposal_from(self, clauses: list[Clause], origin: Cell) -> list[Step]:
        """The steps a message proposes, resolved from `origin`, restated parts of the path left out."""
        steps: list[Step] = []
        seen_items: list[list[Item]] = []
        if len(clauses) > 1 and any(_WHOLE_PLAN.search(c.text) for c in clauses):
            told = [i for c in clauses if not c.alternatives for i in c.items]
            if self._anchored_items(told, clauses[0].text):
                return self._beyond_trail(self._resolve(told, self.start))  # "the full plan: right ×3, then down ×6"
        skipping = False
        unnamed: list[Cell] = []  # where the last clause of moves leads, not yet named by a list of its cells
        for k, clause in enumerate(clauses):
            if clause.alternatives:
                continue
            if unnamed and (cells := self._cells_only(clause)) and cells == unnamed[:len(cells)]:
                unnamed = unnamed[len(cells):]
                continue  # "five more moves down — 1. row 3, column 1  2. row 4, column 1 …": where those moves lead, one by one
            unnamed = []
            labels = [i.label for i in clause.items]
            if steps and _PLAN_LABEL.match(clause.text):
                steps = []  # "Full plan: …", "Proposal, steps 1–3: L, L, L": what it labels is the decision, said again or not
            counted = k > 0 and _bare_step(clause) and _bare_step(clauses[k - 1]) and labels == [i.label for i in clauses[k - 1].items]
            if (steps and not clause.sequenced and not clause.listed and len(labels) < len(steps)
                    and labels == [i.label for prior in seen_items for i in prior][: len(labels)] and _FIRST_PART.search(clause.text)):
                steps = steps[: len(labels)]  # "right, then continue right. Shall we do one step right first?": that much now
                continue
            if (steps and not clause.sequenced and not clause.listed and clause.items and _GO_FIRST.search(clause.text)
                    and all(i.kind == "direction" for i in clause.items) and not any(c.strong for c in clauses[:k])):
                steps = []  # "down and rigth. go rigth first?": the heading, then the move to make now
            if (not clause.sequenced and not clause.listed and not counted
                    and any(labels == [i.label for i in prior] for prior in seen_items) and not _NEW.search(clause.text)):
                continue  # the same decision said twice in one message (but "Left. Left. Left." walks three)
            if steps and not clause.sequenced and not clause.listed and not counted and labels == [i.label for prior in seen_items for i in prior][: len(labels)]:
                continue  # "…, then (3,4). Shall we start with (0,1)?": the plan's beginning, said again
            if skipping and clause.text.lstrip().startswith("->"):
                continue  # the rest of an abbreviated rendering ("(4,1) -> (4,2) -> … -> (4,6)")
            skipping = False
            if clause.rendering and steps and self.cell_of is not None:
                sketch = [*clause.items, *(i for c in clauses[k + 1:] if c.text.lstrip().startswith("->") for i in c.items)]
                if any(s.direction is None for s in self._resolve(sketch, origin)):
                    skipping = True  # "right 1, down x5. that's (4,1) -> (4,2) -> … -> (4,6)": a sketch, the plan stands
                    continue
            into_it = _INTO_IT.search(clause.text) is not None  # "so left into it": on from the cell just described, never the plan said again
            if steps and not clause.sequenced and not clause.listed and not counted and self.cell_of is not None and not into_it:
                again = [s.cell for s in self._resolve(clause.items, origin)]
                walked = [s.cell for s in steps]
                if again and again == walked[: len(again)]:
                    continue  # "right x4, then down to row 2 col 5. right x4 + down, that works?": the plan said again
            if steps and self._names_steps_just_told(clause, steps):
                continue  # "Down ×4: (2,2), (3,2), (4,2), (5,2)", "down, down, down — (3,4), (4,4), (5,4) —": the cells of those moves
            if (clause.rendering or (clause.conclusion and not _NEW.search(clause.text) and not into_it)) and steps:
                steps = []  # the plan said again in other words, or the decision after the reasoning: read that
            elif steps and not clause.sequenced and self._restarts(clause, origin, steps):
                steps = []  # "So: down to (0,3), right… Proposed plan: (0,1) -> (0,2) -> …": the same plan, written out
            here = steps[-1].cell if steps else origin
            if not steps and self._anchored(clause):
                steps.extend(self._beyond_trail(self._resolve(self._moves_then_their_cells(clause.items, self.start), self.start)))
                seen_items.append(clause.items)
                continue
            items = self._moves_then_their_cells(clause.items, here)
            resolved = self._resolve(items, here, steps[-1].direction if steps else None)  # "Up. Same again."
            if steps and self.cell_of is not None and resolved and resolved[0].direction is None and [i.kind for i in clause.items] == ["run"]:
                fresh = self._resolve(clause.items, origin)
                if fresh and all(s.direction is not None for s in fresh):
                    steps, resolved = [], fresh  # "… all the way left, then all the way up. Left ×5 to A6?": a run that only fits from where the pair stands starts the plan again
            if steps and resolved and resolved[0].cell == here and clause.items[0].kind == "cell":
                resolved = resolved[1:]  # "then down again? row 5 col 4 is open": where the plan is, named, not a step
            if self.cell_of is not None and resolved and not steps:
                resolved = self._trim(resolved, items)
                if resolved and resolved[0].direction is None and not (clause.strong and clause.moves_to):
                    continue  # a far cell is description unless the clause says to move there
            seen_items.append(clause.items)
            steps.extend(resolved)
            if resolved and all(i.kind == "direction" for i in clause.items):
                unnamed = [s.cell for s in resolved]
        return steps

    def _moves_then_their_cells(self, items: list[Item], here: Cell) -> list[Item]:
        """"L, D, D, L, D, L -> (0,2),(1,2),(2,2),…": moves, then the cells they lead to, one route told twice in
        one clause: the longer telling of it (the arrow may have joined the last move to the first cell, a run)."""
        k = next((n for n, item in enumerate(items) if item.kind != "direction"), len(items))
        if self.cell_of is None or k < 2 or len(items) - k < 2 or any(i.kind not in ("cell", "run") or i.mention is None for i in items[k:]):
            return items
        walked = [s.cell for s in self._resolve(items[:k], here)]
        cells = [self.cell_of(i.mention) for i in items[k:]]
        n = min(len(walked), len(cells))
        if walked[:n] != cells[:n]:
            return items
        return items[:k] if len(walked) >= len(cells) else items[k:]

    def _cells_only(self, clause: Clause) -> list[Cell] | None:
        """The cells a clause names, when it names nothing else."""
        if self.cell_of is None or not clause.items or any(i.kind != "cell" or i.mention is None for i in clause.items):
            return None
        return [self.cell_of(i.mention) for i in clause.items]

    def _names_steps_just_told(self, clause: Clause, steps: list[Step]) -> bool:
        """A clause of cells only, naming in order the cells the plan's last moves lead to."""
        if self.cell_of is None or not clause.items or len(clause.items) > len(steps):
            return False
        cells = [self.goal if i.kind == "goal" else self.cell_of(i.mention) if i.kind == "cell" and i.mention is not None else None
                 for i in clause.items]
        return None not in cells and cells == [s.cell for s in steps[-len(cells):]]

    def _restarts(self, clause: Clause, origin: Cell, steps: list[Step]) -> bool:
        """A clause of cells whose route begins with the same first step as the plan so far, and goes
        at least as far: the plan written out again from the start, not more moves after it."""
        if self.cell_of is None or not clause.items or any(i.kind != "cell" for i in clause.items):
            return False
        again = self._resolve(clause.items, origin)
        return len(again) >= len(steps) and again[0].cell == steps[0].cell and again[0].direction is not None

    def _anchored(self, clause: Clause) -> bool:
        """A route of directions told from the start ("from the start: down, down, right…"), or one that
        begins with every move agreed so far: it restates the path walked, then goes on."""
        return self._anchored_items(clause.items, clause.text)

    def _anchored_items(self, items: list[Item], text: str) -> bool:
        """`text` is where the message would say "from the start"."""
        if not items or any(i.kind not in ("direction", "run") for i in items) or len(self.trail) < 2:
            return False
        agreed = self.agreed
        anchored = ((len(agreed) >= 2 and (len(items) > len(agreed) or (len(items) == len(agreed) and not _LETS.search(text)))
                     and [i.direction for i in items[: len(agreed)]] == [m.step.direction for m in agreed]
                     and not _count_split_at(items, len(agreed)))
                    or _FROM_START.search(text) is not None)
        return (anchored and not _ONWARD.search(text) and not _FROM_HERE.match(text)  # "Continue right x2", "now right then down": from where the pair is
                and (not self._asked_what_next or _FROM_START.search(text) is not None))  # "now?" — "right then up up": from here

    def _beyond_trail(self, steps: list[Step]) -> list[Step]:
        k = 0
        while k < len(steps) and k + 1 < len(self.trail) and steps[k].cell == self.trail[k + 1]:
            k += 1
        return steps[k:]

    # -- folding -------------------------------------------------------------------------------
    def feed(self, seat: str, text: str, reading: MessageReading | None = None) -> Decision:
        """Apply one message in order; returns what it decided."""
        if reading is None:  # (the grader reads the dialogue once, with `read_dialogue`, and passes each reading in)
            reading = read_message(text, self.codes_counted)
            self.codes_counted = self.codes_counted or codes_counted(text)
        turn, self.turns = self.turns, self.turns + 1
        previous = self._last_message
        if previous is not None and previous[0] != seat:
            reading = answering_a_tag_question(previous[1], reading)
        self._last_message = (seat, reading)
        self._asked_what_next = previous is not None and previous[0] != seat and bool(
            _ASKS_WHAT_NEXT.match(" ".join(c.text for c in previous[1].clauses)))
        self._asked_of_recap = previous is not None and previous[0] != seat and _asks_of_recap(previous[1])
        decision = Decision(acti=reading.acti)
        proposals = reading.decision
        solos = reading.solos
        if solos and not self._tells_moves_just_agreed(solos):
            self.went_alone.setdefault(seat, turn)  # (not "Ok, moved left." after the left was agreed: the move made, told)
        pending = self.pending
        if not proposals and (pending is None or pending.seat == seat):
            proposals = [c for c in reading.clauses if c.conditional and c.items][:1]  # "I'd agree to up four if you're sure": offered, on a condition
        proposals = self._without_confirmation(seat, proposals, previous)
        proposals = self._without_moves_just_made(proposals)
        if proposals and self._retells_the_way_here(proposals, reading):
            proposals = []  # "Up, then left, and we're at row 4, column 4.": the moves made, told again
        for key, position, moves in reading.options:
            self._options[key] = self._options["#%d" % position] = (seat, turn, moves)
        chosen = self._option_chosen(seat, turn, reading, proposals, decision)
        if decision.agreed:  # the partner's option, picked: then what the message proposes after it
            own = self._proposal_from(chosen, self.here) if chosen else []
            if own:
                self.pending = decision.proposal = Proposal(seat, turn, own, said=chosen)
            return decision
        if chosen is not None:
            proposals = chosen
        if pending is not None and pending.seat != seat and _says_same(reading):
            decision.agreed = self._accept(pending, turn, len(pending.steps))  # "Up again, x2 more." — "Same."
            return decision
        own = self._proposal_from(proposals, self.here) if proposals else []
        if pending is None:
            own = self._after_moves_told_again(proposals, own)
        if pending is not None and pending.seat == seat and self._condition_met(pending, previous, reading, own):
            starts = _starts_with(own, pending.steps)
            decision.agreed = self._accept(pending, turn, len(pending.steps))
            rest = own[len(pending.steps):] if starts else self._proposal_from(proposals, self.here) if proposals else []
            if rest:  # "Yes, agreed: up, right, up. … So right three times?": the condition met, then the next moves
                self.pending = decision.proposal = Proposal(seat, turn, rest, said=proposals)
            return decision
        if pending is not None and pending.seat == seat and proposals and self._extends(pending, proposals):
            return decision  # "…D4 E4." then "so E4 E5 E6 F6": the same plan, longer
        if pending is None and self._rest_of_plan is not None and (self._names_rest(reading) or self._lays_out_rest(seat, reading)):
            rest = self._rest_of_plan
            if rest.seat == seat and not own:  # "Steps 1–3 agreed." — "Steps 4–7?": the rest of the plan, on the table again
                self.pending = decision.proposal = Proposal(seat, turn, rest.steps, numbered=rest.numbered)
                return decision
            if rest.seat != seat and reading.stance in ("agree", "weak_agree"):
                count = self._numbered_part(rest, reading) or len(rest.steps)  # "Steps 4–6 agreed: (4,2), (4,1), (4,0)."
                decision.agreed = self._accept(rest, turn, count)
                return decision
        self._restated = self._tail_restated = False
        if (pending is None and own and reading.stance in ("agree", "weak_agree") and previous is not None and previous[0] != seat
                and self._says_back_just_agreed(proposals)):
            own = []  # "So down 3 should be okay." took "I'd agree to down 3 if …"; "Yes, let's do down 3." says yes to the same moves
        if pending is None and own and self._picked(seat, previous, own[0]):
            decision.agreed = self._accept(Proposal(previous[0], turn - 1, own[:1]), turn, 1)  # "up or right?" — "right"
            own = own[1:]
        if (pending is not None and pending.seat != seat and pending.turn == turn - 1 and proposals and _TOLD_AS_MADE.search(proposals[0].text)
                and (told := [i.direction for i in proposals[0].items]) == [s.direction for s in pending.steps] and self._ends_moves_just_agreed(told)):
            self._drop(pending)  # "I agree to step 3 (up ×4)." — "Confirmed: up ×4 executed.": the moves just agreed, told as made
            pending, proposals = None, proposals[1:]
            own = self._proposal_from(proposals, self.here) if proposals else []
        if pending is not None and pending.seat != seat:
            if any(c.mixed for c in reading.clauses):
                self.doubts.append(f"message {turn + 1} both accepts and objects to the proposal of message {pending.turn + 1}")
            count = self._reply(pending, reading, proposals, own)
            if not count and self.pending is pending and self._builds_on(pending, reading, proposals, own):
                count = len(pending.steps)  # "Now right to C3." — "Same again: D3?": going along, one step further
            self.replies.append(turn)
            if turn in self.read_otherwise:
                count = 0 if count else len(pending.steps)
            if count:
                decision.agreed = self._accept(pending, turn, count)
                own = self._after_acceptance(reading, proposals, own, decision.agreed, pending)
            elif self.pending is None:
                decision.refused = True
        named_at = self._named_acceptance(seat, proposals, previous, reading) if not decision.agreed and own else None
        if named_at is not None:
            accepted = self._proposal_from(proposals[named_at:named_at + 1], self.here)
            if self.pending is not None:
                self._drop(self.pending)
            decision.agreed = self._accept(Proposal(previous[0], turn - 1, accepted), turn, len(accepted))
            rest = proposals[named_at + 1:]
            summed = _sums_up_with_accepted(proposals[named_at:], decision.agreed)  # "bet. down. … so down down?": two in all
            own = self._resolve(summed, self.here) if summed is not None else self._proposal_from(rest, self.here) if rest else []
        if own:
            if self.pending is not None:
                self._drop(self.pending)
            self.pending = Proposal(seat, turn, own, again=any(_NEW.search(c.text) for c in proposals),
                                    asked=_asked_after(reading, proposals[-1]), said=proposals,
                                    numbered=self._numbered(text, reading, proposals, len(own)))
            decision.proposal = self.pending
        elif solos and not (self.pending and self.pending.seat == seat) and not self._tells_moves_just_agreed(solos):
            solo_steps = self._proposal_from(solos, self.here)
            if solo_steps:
                if self.pending is not None:
                    self._drop(self.pending)
                self.pending = Proposal(seat, turn, solo_steps, solo=True)
                decision.proposal = self.pending
        return decision

    def _picked(self, seat: str, previous: tuple[str, MessageReading] | None, step: Step) -> bool:
        """The partner's last message only offered a choice ("now e4 or f3?") and this one takes one of them."""
        if previous is None or previous[0] == seat or not previous[1].decision:
            return False
        if not all(c.alternatives for c in previous[1].decision):
            return False
        offered = {s.cell for c in previous[1].decision for i in c.items for s in self._resolve([i], self.here)[:1]}
        return step.cell in offered

    def _option_chosen(self, seat: str, turn: int, reading: MessageReading, proposals: list[Clause],
                       decision: Decision) -> list[Clause] | None:
        """A message that names a route option laid out before ("Agreed — Route A", "Route 1 it is") says
        that option's moves. Picking the partner's option with a yes accepts it (into `decision`); the
        proposals the message makes after the choice are returned. None: no option named."""
        if reading.choice is None or (known := self._options.get(reading.choice[0])) is None:
            return None
        definer, laid_out, moves = known
        index = reading.choice[1]
        clause = reading.clauses[index]
        later = [c for c in proposals if any(c is other for other in reading.clauses[index + 1:])]
        if (laid_out, reading.choice[0]) in self._chosen:
            return None  # "Route 1 it is" after it was agreed: a confirmation
        said = Clause(clause.text, "propose", clause.stance, list(moves), strong=True)
        yes = ("agree", "weak_agree")
        agreeing = (clause.stance in yes or reading.stance == "agree" or _PICKED.search(clause.text)
                    or (index > 0 and reading.clauses[index - 1].stance in yes and not reading.clauses[index - 1].items))
        if definer != seat and agreeing and not clause.text.rstrip().endswith("?"):
            steps = self._proposal_from([said], self.here)
            if not steps:
                return None
            if self.pending is not None:
                self._drop(self.pending)
            self._chosen.add((laid_out, reading.choice[0]))
            count = len(steps)
            if clause.items and _PHASE_NAMED.search(clause.text):  # "Agreed: Route A, phase 1 = ← ×6 to (7,1)": that much of it, for now
                part = self._proposal_from([clause], self.here)
                if 0 < len(part) < len(steps) and [s.direction for s in part] == [s.direction for s in steps[: len(part)]]:
                    count = len(part)
            decision.agreed = self._accept(Proposal(definer, laid_out, steps), turn, count)
            return later
        return [said, *later]

    def _agrees_first(self, pending: Proposal, reading: MessageReading) -> bool:
        """The message opens by accepting the move in its words ("Agreed, down."), and nothing after takes it back."""
        first = next((c for c in reading.clauses if c.stance is not None), None)
        if first is None or first.stance != "agree" or not first.items or any(_RETRACT.search(c.text) for c in reading.clauses):
            return False
        named = [i.direction for i in first.items]
        return named == [s.direction for s in pending.steps[: len(named)]]

    def _builds_on(self, pending: Proposal, reading: MessageReading, proposals: list[Clause], own: list[Step]) -> bool:
        """The reply proposes a cell that is a step on from where the partner's proposal leads, and no step
        from where the pair stands: it takes that proposal as made (the brief's "clearly going along")."""
        if (own or not proposals or self.cell_of is None or reading.stance in ("refuse", "doubt")
                or not proposals[0].items or proposals[0].items[0].kind != "cell"
                or not (_ONWARD.search(proposals[0].text) or _SAME_AGAIN.search(proposals[0].text) or _LEADING_SEQUENCE.match(proposals[0].text)
                        or proposals[0].echo or _ALONG_WORD.search(proposals[0].text))):
            return False  # only a cell said as the next one ("Same again: D3?", "then D3"), never a bare cell
        end = pending.steps[-1].cell
        onward = self._resolve(proposals[0].items, end)
        return bool(onward) and onward[0].direction is not None and onward[0].cell not in self.trail

    def _named_acceptance(self, seat: str, proposals: list[Clause], previous: tuple[str, MessageReading] | None,
                          reading: MessageReading) -> int | None:
        """Which proposal clause accepts cells the partner named: the first, or the second when the first
        only says where the pair already is ("Down to row 3 col 2, then down to row 4 col 2: agreed.")."""
        for k, clause in enumerate(proposals[:2]):
            if self._accepts_named(seat, clause, previous, reading):
                return None if k and self._proposal_from(proposals[:k], self.here) else k
        return None

    def _accepts_named(self, seat: str, clause: Clause, previous: tuple[str, MessageReading] | None,
                       reading: MessageReading) -> bool:
        """"Agreed: (2,2), (3,2), (4,2)." (or "Agreed — (2,2).") after the partner wrote "from (1,2) go down column 2: (2,2), (3,2),
        (4,2) are open": the acceptance shows the partner's cells were the way on, though no open proposal
        held them. Only cells, only steps to neighbours, only cells the partner's last message named. So too
        "✔ agreed, right x4 then down" after "if the cells after @ are open on your side: right x4, then down
        onto the *?": two or more directions the partner's last message laid out, in its order."""
        at = next((k for k, c in enumerate(reading.clauses) if c is clause), None)
        if at is None:
            return False  # a route option named, not cells
        agreed_just_before = at > 0 and reading.clauses[at - 1].stance == "agree" and not reading.clauses[at - 1].items
        agreed_just_after = (at + 1 < len(reading.clauses) and reading.clauses[at + 1].stance == "agree" and not reading.clauses[at + 1].items
                             and clause.stance is None)  # "Right, right - agreed!"
        if (previous is None or previous[0] == seat or previous[1].stance in ("doubt", "refuse") or reading.deferred
                or not (agreed_just_before or agreed_just_after or (clause.stance == "agree" and clause.echo)) or not clause.items
                or clause.text.rstrip().endswith("?")):
            return False  # "(0,2): '.' on my map. Confirmed. Left x2?": asked, not taken
        if all(i.kind == "direction" for i in clause.items):
            moves = [i.direction for i in clause.items]
            just_agreed = self._ends_moves_just_agreed(moves)  # "right right down (from col 3) ok" — "ya, right right down"
            return not just_agreed and (_said_in_order(moves, _directions_named(previous[1])) or _reported_open_way(previous[1], moves)
                                        or (agreed_just_after and any(_said_in_order(moves, run) for run in _direction_runs(previous[1]))))
        if self.cell_of is None or any(i.kind not in ("cell", "run") or i.mention is None for i in clause.items):
            return False
        steps = self._proposal_from([clause], self.here)
        if not steps or any(s.direction is None for s in steps):
            return False
        named = {self.cell_of(i.mention) for i in _laid_out(previous[1])  # "(1,4) is open?" — "yes": an answer, not a cell laid out
                 if i.kind == "cell" and i.mention is not None}
        return all(s.cell in named for s in steps)

    def _names_rest(self, reading: MessageReading) -> bool:
        """The message names by number steps that the last partial acceptance left of the plan ("Steps 4–7?", "Request steps 4–10")."""
        rest = self._rest_of_plan
        named = [int(n) for c in reading.clauses for m in _STEPS_NAMED.finditer(c.text) for n in m.groups() if n]
        return bool(rest and rest.numbered) and min(rest.numbered) in named

    def _lays_out_rest(self, seat: str, reading: MessageReading) -> bool:
        """"Re-checking the second half: L to R5C4, D to R6C4, … I agree to it.": the partner's plan, what the last
        partial acceptance left of it, laid out move by move with a yes."""
        rest = self._rest_of_plan
        if rest is None or rest.seat == seat or reading.stance not in ("agree", "weak_agree"):
            return False
        told = self._proposal_from([c for c in reading.clauses if c.act in ("inform", "propose") and c.items], self.here)
        if [s.cell for s in told] == [s.cell for s in rest.steps]:
            return True
        if not any(c.stance in ("agree", "weak_agree") and _ALL_OF_IT.search(c.text) for c in reading.clauses):
            return False
        said = [s.cell for s in self._proposal_from([c for c in reading.clauses if c.act == "propose" and c.items], self.here)]
        return 0 < len(said) <= len(rest.steps) and said == [s.cell for s in rest.steps[:len(said)]]  # "k then rrrr fine. the uu after - … ok all of it": part of the rest said back, all of it taken

    def _says_back_just_agreed(self, proposals: list[Clause]) -> bool:
        """The message's moves are, word for word, the moves the partner's last message settled, nothing marked as more."""
        just = self._directions_just_agreed()
        said = [i.direction for c in proposals for i in c.items]
        return bool(just) and said == just and all(i.kind == "direction" for c in proposals for i in c.items) and not any(_new_marker(c) for c in proposals)

    def _tells_moves_just_agreed(self, solos: list[Clause]) -> bool:
        """"Ok, moved left." right after the left was agreed: the move made, told with a yes (not "I already went down")."""
        if not any(c.stance in ("agree", "weak_agree") for c in solos):
            return False
        told = [i.direction for c in solos for i in c.items]
        return None not in told and self._ends_moves_just_agreed(told)

    def _directions_just_agreed(self) -> list[Direction | None]:
        return [m.step.direction for m in self._moves_just_agreed()]

    def _ends_moves_just_agreed(self, moves: list[Direction | None]) -> bool:
        """`moves` are the last of the moves the partner's last message accepted ("ya, right right down", "Ok, moved left.")."""
        just = self._directions_just_agreed()
        return bool(just) and moves == just[-len(moves):]

    def _moves_just_agreed(self) -> list[AgreedMove]:
        """The moves the partner's last message accepted (read while the next message is fed)."""
        return [m for m in self.agreed if m.agreed_turn == self.turns - 2]

    def _without_moves_just_made(self, proposals: list[Clause]) -> list[Clause]:
        """"k up. then left?" — "so up then left left left?": the up just agreed, said again before the moves that follow it."""
        if not proposals or not _SUMMING_UP.match(proposals[0].text) or _SO_NOW.match(proposals[0].text):
            return proposals
        just = self._directions_just_agreed()
        items = proposals[0].items
        if (not just or len(items) <= len(just) or any(i.kind != "direction" for i in items[: len(just)])
                or [i.direction for i in items[: len(just)]] != just or items[len(just)].direction == just[-1]):
            return proposals  # "so up up" after an up: maybe two more; only a turn after the moves made marks them as said again
        clause = copy(proposals[0])
        clause.items = items[len(just):]
        return [clause, *proposals[1:]]

    def _after_moves_told_again(self, proposals: list[Clause], own: list[Step]) -> list[Step]:
        """"I agree with going down first." — "So, agreed: down twice, then right twice to (3,3)": the cells the plan
        names fit only if it starts where the pair stood before the moves just agreed, so it tells them again first."""
        if not own or _walks(own) or not _names_run_ends(proposals):
            return own
        just = [m.step.cell for m in self._moves_just_agreed()]
        if not just or len(self.trail) <= len(just):
            return own
        before = self.trail[-len(just) - 1]
        again = self._proposal_from(proposals, before)
        if len(again) > len(just) and [s.cell for s in again[:len(just)]] == just and _walks(again):
            return again[len(just):]
        return own

    def _without_confirmation(self, seat: str, proposals: list[Clause], previous: tuple[str, MessageReading] | None) -> list[Clause]:
        """"Down. Down. Let's go right." right after moves were agreed: the bare directions confirm the
        moves just made, the rest proposes (unless the partner has just named them as the next moves: "ya go. left
        again after that is open on mine" — "ok so left, then up x2?")."""
        if len(proposals) < 2 or not self.agreed:
            return proposals
        just_agreed = self._directions_just_agreed()
        if not just_agreed:
            return proposals
        told = [i.direction if i.kind == "direction" else None for c in proposals for i in c.items]
        if len(told) >= 3 and told == just_agreed and not any(c.strong or c.sequenced or _NEW.search(c.text) for c in proposals):
            return []  # "Up up up up up. Left left. We are at the goal.": every move just made, told again
        lead, said = 0, []
        while lead < len(proposals) - 1:
            clause = proposals[lead]
            if (clause.strong or (clause.sequenced and not clause.echo and not (lead and proposals[lead - 1].echo)) or _NEW.search(clause.text)
                    or _NOW_MOVE.match(clause.text) or any(i.kind != "direction" for i in clause.items)):
                break  # ("Agreed: right, then down." after those two were agreed says them again; "Down again" is another)
            said += [i.direction for i in clause.items]
            lead += 1
        n = len(said)
        pending = self.pending
        if pending is not None and pending.seat != seat and said == [s.direction for s in pending.steps[:n]]:
            return proposals  # "Right is open. Then down…": the partner's open plan, said again
        if lead and n <= len(just_agreed) and (said == just_agreed[:n] or said == just_agreed[-n:]):
            if previous is not None and previous[0] != seat and any(
                    c.sequenced and [i.direction for i in c.items[:n]] == said for c in previous[1].clauses if c.act != "propose"):
                return proposals  # the partner told of them as the next moves ("left again after that is open"): proposed now
            if self._lands_on_goal(proposals) and not self._lands_on_goal(proposals[lead:]):
                return proposals  # "DOWN, then RIGHT to *." from two steps away: both moves are new, or the last misses *
            rest = proposals[lead:]
            if (len(rest) == 1 and proposals[lead - 1].echo and not _NEW.search(rest[0].text) and not rest[0].sequenced
                    and [i.direction for i in rest[0].items] == said and all(i.kind == "direction" for i in rest[0].items)):
                return []  # "OK. I agree to move right. Move right.": the move just agreed, carried out
            return rest
        return proposals

    def _retells_the_way_here(self, proposals: list[Clause], reading: MessageReading) -> bool:
        """The message's moves are the last ones agreed, in order, and it says the pair stands where they led:
        the way here told again, not more moves."""
        stated = [m for c in reading.clauses for m in c.positions]
        if self.cell_of is None or not self.agreed or not stated:
            return False
        said = [i.direction for c in proposals for i in c.items if i.kind == "direction"]
        if not said or len(said) > len(self.agreed) or any(i.kind not in ("direction", "cell") for c in proposals for i in c.items):
            return False
        if said != [m.step.direction for m in self.agreed[-len(said):]]:
            return False
        if any(_NEW.search(c.text) or c.text.rstrip(" )*_").endswith("?") for c in proposals):
            return False  # "we're at (3,4). Down again, to (4,4)?": another one
        return any(self.cell_of(m) == self.here for m in stated)

    def _lands_on_goal(self, proposals: list[Clause]) -> bool:
        """The plan names the goal as where it ends, and under this reading it does end there."""
        if not any(_GOAL_WORD.search(c.text) for c in proposals[-1:]):
            return False
        steps = self._proposal_from(proposals, self.here)
        return bool(steps) and steps[-1].cell == self.goal

    def _reply(self, pending: Proposal, reading: MessageReading, proposals: list[Clause], own: list[Step]) -> int:
        """How many steps of the partner's pending proposal this message accepts (0: none)."""
        stance = reading.stance
        if stance == "refuse" and self._refuses_only_its_own(pending, reading):
            stance = "agree"  # "ok down down down. then E4? no wait E4 is a wall": the self-correction is about E4
        blocked = self._blocks(pending, reading) if reading.blocked else False
        if stance == "refuse" and not blocked and self._warns_off_route(pending, reading):
            stance = None  # "wait no row 3 col 4 is a wall dont go there" when the plan never enters it: a warning
        if stance == "refuse" and not blocked and self._agrees_first(pending, reading):
            stance = "agree"  # "Agreed, down. … the goal is on the right, so I'd rather go back the way we came": then what next
        own_plan = stance in ("agree", "weak_agree") and self._refuses_then_agrees_to_other_moves(pending, reading)
        if own_plan:
            stance = "refuse"  # "I do NOT agree to up x2. … I agree to the first three moves: left x3": its own plan
        starts = bool(own) and _starts_with(own, pending.steps)
        tail = bool(own) and self._restates_tail(proposals, pending)
        restates = starts or tail
        if restates and stance not in ("agree", "weak_agree") and (
                proposals[0].text.rstrip().endswith("?") or _ASKS_CONFIRMATION.search(reading.clauses[-1].text)):
            restates = False  # "MOVE: up" — "Up? But the goal is down.": asked back, not taken; "1. R5C3. 2. R5C2. Awaiting confirmation."
        continues = (
            bool(own) and not restates and self.cell_of is not None and pending.steps
            and own[0].direction is None and direction_between(pending.steps[-1].cell, own[0].cell) is not None
            and proposals[0].items[0].kind == "cell" and not pending.solo and _LEADING_SEQUENCE.match(proposals[0].text)
        ) or (not restates and self._goes_on_from_its_end(pending, proposals))
        self._restated = restates and _restated_before_agreeing(reading, proposals)
        self._tail_restated = tail and (not starts or self._echoes_whole_run(pending))
        if pending.solo and reading.solos:
            self._drop(pending)  # "I'll go down" — "OK, I'm going right": they split up
            return 0
        if reading.solos and any(_SPLIT_UP.search(c.text) for c in reading.solos):
            self._drop(pending)  # "left is open yeah. I'm gonna go left, you do your thing, we'll meet at the star": its own way
            return 0
        if pending.solo and any(_SPLIT_UP.search(c.text) for c in reading.clauses):
            self._drop(pending)  # "lol ok we split up": the ok lets the partner go, it does not follow
            return 0
        if own and any(_HOW_MANY.search(c.text) for c in reading.clauses):
            own_ways, prefix = {s.direction for s in own}, _starts_with(pending.steps, own)
            if ((own_ways == {s.direction for s in pending.steps} or (len(own_ways) == 1 and prefix))
                    and not (prefix and len(own_ways) > 1)):  # not "Down to (2,1) and right 5 — agreed. How many downs from there?"
                self._drop(pending)  # "OK go left. How many left? I think left two.": the way agreed, how far still open
                return 0
        if own_plan:
            partial = 0
        elif restates or self._tail_restated:  # the plan said back, with "I agree with the first three moves": those three
            partial = _count_held(pending, reading)
            if (not partial and starts and len(own) < len(pending.steps) and stance in ("agree", "weak_agree")
                    and any(c.stance == "doubt" and c.items for c in reading.clauses)):
                partial = len(own)  # "Agree: right x2. Down x3: hold": the part said back, and not the part held
            elif not partial and starts and proposals[0].stance in ("agree", "weak_agree") and any(c.stance == "doubt" and c.items for c in proposals[1:]):
                taken = self._proposal_from([c for c in proposals if c.stance != "doubt"], self.here)
                if 0 < len(taken) < len(pending.steps) and _starts_with(pending.steps, taken):
                    partial = len(taken)  # "e2 d2 c2 b2 agreed. a2 after that, let me look at the a-file first": not a2 yet
        else:
            partial = self._partial(pending, reading, own)
        if partial:
            return partial  # "down, down is fine by me — not the second half"
        if stance in ("agree", "weak_agree") and not own and self._asked_of_recap and _MEANS_THE_RECAP.search(" ".join(c.text for c in reading.clauses)):
            return 0  # "… Before we do, let me recap: … Is that your understanding too?" — "Yes, that's exactly my understanding": the recap, confirmed
        if stance in ("agree", "weak_agree") and self._answers_question(pending, reading):
            stance = None  # "Can you see (3,2)?" — "Yes, (3,2) is open on my map": an answer, not an acceptance
        if stance in ("agree", "weak_agree") and not own and _ack_then_check(reading):
            stance = None  # "OK — is the cell below the start open for you?": heard, and checking before a yes
        if stance in ("agree", "weak_agree") and not own and any(_HANDS_OVER.search(c.text) for c in reading.clauses):
            stance = None  # "so glad we're on the same page. Please feel free to propose the next move": nothing taken yet
        if stance in ("agree", "weak_agree") and self._about_the_past(pending, reading):
            stance = None  # "OK, right to (1,2) — agreed": the move already made, not the new plan
        if stance in ("refuse",) or blocked:
            self._drop(pending)
            return 0
        if stance == "weak_agree" and len(reading.clauses) == 1 and _BARE_APPROVAL.match(reading.clauses[0].text):
            stance = "agree"  # "cool 👍", "Nice!": all the reply says is yes
        if stance == "agree" and own and not restates and self._agrees_to_another_move(pending, reading):
            self._drop(pending)  # "go back left" — "Up is open. I agree up.": a yes to its own move, not the partner's
            return 0
        if stance == "agree" and self._spells_out(pending, own):
            pending.steps = own  # "go to (1,5)" — "Agreed — right five times to (1,5)": the same move, step by step
            return len(own)
        if stance in ("agree", "weak_agree") and own and not restates and _revises(pending, reading, proposals, own):
            self._drop(pending)  # "right, right, up up up, right" — "bet, so right x2 then up x3. lock it in?": the plan as it takes it, asked
            return 0
        if stance == "agree" or (stance == "weak_agree" and (restates or continues)):
            return len(pending.steps)
        if stance == "doubt" and reading.deferred:
            return 0  # "R4C3, yes. … give me a second to make sure before I say yes": not yet, though it names the move
        if restates or continues or self._goes_along(pending, reading):
            return len(pending.steps)
        if stance == "doubt":
            return 0
        if own and stance is None and self._one_more_of(pending, proposals, own):
            return len(pending.steps)  # "right" — "one more right?": that right taken as made, and one more asked
        if own:
            self._drop(pending)  # a counter-proposal
            return 0
        pending.silent_replies += 1
        if pending.silent_replies >= 2:
            self._drop(pending)
        return 0

    def _goes_on_from_its_end(self, pending: Proposal, proposals: list[Clause]) -> bool:
        """"ok left then up x3" — "Excellent. From (1,4), up to (0,4) …": the reply plans on from the cell where
        the partner's moves end."""
        first = proposals[0].items[0] if proposals and proposals[0].items else None
        return (first is not None and first.kind == "cell" and first.mention is not None and self.cell_of is not None
                and bool(pending.steps) and not pending.solo and _FROM_CELL.match(proposals[0].text) is not None
                and self.cell_of(first.mention) == pending.steps[-1].cell)

    def _one_more_of(self, pending: Proposal, proposals: list[Clause], own: list[Step]) -> bool:
        """The reply asks for one more of the move the partner just proposed ("right" — "one more right?")."""
        last = pending.steps[-1].direction if pending.steps else None
        return (last is not None and not pending.solo and len(proposals) == 1 and _ONE_MORE.match(proposals[0].text) is not None
                and all(s.direction == last for s in own))

    def _agrees_to_another_move(self, pending: Proposal, reading: MessageReading) -> bool:
        """Every yes in the reply is said of a direction, and the first of them is not where the partner's
        proposal goes first."""
        agreeing = [c for c in reading.clauses if c.stance == "agree"]
        if not agreeing or not all(c.items and all(i.kind == "direction" for i in c.items) and not _SEQUENCED_YES.search(c.text)
                                   for c in agreeing):
            return False
        first = pending.steps[0].direction
        return first is not None and agreeing[0].items[0].direction != first

    def _condition_met(self, pending: Proposal, previous: tuple[str, MessageReading] | None, reading: MessageReading,
                       own: list[Step]) -> bool:
        """The partner said a conditional yes to my open proposal ("I'd agree, assuming none is a wall"), and I
        confirm the condition ("I double-checked, none are walls") or say yes to the same moves again."""
        if previous is None or previous[0] == pending.seat or not any(c.conditional for c in previous[1].clauses):
            return False
        if reading.stance in ("refuse", "doubt"):
            return False
        if not own:  # "sure, they are. so we're on e4 now": the condition answered yes
            return any(_CONDITION_MET.search(c.text) for c in reading.clauses) or (
                bool(reading.clauses) and reading.clauses[0].stance == "agree" and _YES_TO_CONDITION.match(reading.clauses[0].text) is not None)
        said_yes_to = self._proposal_from(reading.decision[:1], self.here) if reading.decision else []  # "Yes, agreed: up, right, up."
        return reading.stance in ("agree", "weak_agree") and (
            _starts_with(own, pending.steps) or [s.cell for s in said_yes_to] == [s.cell for s in pending.steps])

    def _refuses_then_agrees_to_other_moves(self, pending: Proposal, reading: MessageReading) -> bool:
        """The message refuses the proposal, then says yes to moves that do not begin it."""
        clauses = reading.clauses
        refusal = next((k for k, c in enumerate(clauses) if c.stance == "refuse"), None)
        last_yes = max((k for k, c in enumerate(clauses) if c.stance in ("agree", "weak_agree")), default=None)
        if refusal is None or last_yes is None or last_yes < refusal or not clauses[last_yes].items:
            return False
        steps = self._resolve(clauses[last_yes].items, self.here)
        return bool(steps) and steps[0].cell != pending.steps[0].cell

    def _spells_out(self, pending: Proposal, own: list[Step]) -> bool:
        """The proposal is one far cell in line with the pair, and the acceptance names the straight run
        of steps that ends on it."""
        if len(pending.steps) != 1 or self.cell_of is None:
            return False
        target = pending.steps[0].cell
        heading = _heading(self.here, target)
        run = _straight(self.here, target, heading) if heading is not None else None
        return run is not None and len(run) >= 2 and [s.cell for s in own] == run

    def _extends(self, pending: Proposal, proposals: list[Clause]) -> bool:
        """My own open plan, continued from where it ends: append the new steps to it."""
        if self.cell_of is None:
            return False
        items = [i for c in proposals for i in c.items]
        end = pending.steps[-1].cell
        steps = self._resolve(items, end)
        if len(steps) < 2 or steps[0].cell != end or any(s.direction is None for s in steps[1:]):
            return False
        pending.steps = [*pending.steps, *steps[1:]]
        return True

    def _restates_tail(self, proposals: list[Clause], pending: Proposal) -> bool:
        """"ok down down right right" when down, down, right were agreed and right is pending: the whole
        plan said again."""
        moves = [i.direction for c in proposals for i in c.items]
        if not moves or any(m is None for m in moves) or any(s.direction is None for s in pending.steps):
            return False
        planned = [s.direction for s in pending.steps]
        first = proposals[0]
        if (first.stance in ("agree", "weak_agree") and [i.direction for i in first.items] == planned
                and len(proposals) > 1 and proposals[1].sequenced):
            return False  # "Agreed: right. Then let's move right.": the yes names the pending move, "then" adds one
        said_before = len(moves) - len(planned)  # how many agreed moves it may restate first
        history = [m.step.direction for m in self.agreed[-said_before:]] if said_before > 0 else []
        for k in range(len(history), 0, -1):
            if moves[: k + len(planned)] == history[-k:] + planned:
                self._tail_rest = moves[k + len(planned):]  # "…, two steps down, then down onto *": what comes after
                self._tail_k = k
                return True
        return False

    def _warns_off_route(self, pending: Proposal, reading: MessageReading) -> bool:
        """Every objection names a wall, and none of those walls lies on the proposed route."""
        if self.cell_of is None or not reading.blocked or any(i.kind != "cell" or i.mention is None for i in reading.blocked):
            return False
        route = {s.cell for s in pending.steps}
        if any(self.cell_of(i.mention) in route for i in reading.blocked):
            return False
        return all(c.blocked for c in reading.clauses if c.stance == "refuse")

    def _echoes_whole_run(self, pending: Proposal) -> bool:
        """The restated moves before the pending ones were accepted by the very message that proposed
        them ("down?" — "ys, so down down" — "k down down"): the reply echoes that message's whole run."""
        accepted = self.agreed[-self._tail_k:] if self._tail_k else []
        return bool(accepted) and all(m.agreed_turn == pending.turn for m in accepted)

    def _about_the_past(self, pending: Proposal, reading: MessageReading) -> bool:
        """Every move the agreeing clauses name was already made, and none is the proposal's first step."""
        if self.cell_of is None or len(self.trail) < 2:
            return False
        agreeing = [c for c in reading.clauses if c.stance in ("agree", "weak_agree")]
        said = [i.direction for c in agreeing for i in c.items]
        just_agreed = self._directions_just_agreed()
        if (said and just_agreed and all(c.items and all(i.kind == "direction" for i in c.items) and _TICKED_OFF.match(c.text) for c in agreeing)
                and said == just_agreed and pending.steps[0].direction != said[0]
                and not any(i.direction == pending.steps[0].direction for c in reading.clauses if c not in agreeing for i in c.items)):
            return True  # "up up ✅" right after up, up was agreed: those moves, done — not the partner's next one
        named = [i for c in agreeing for i in c.items if i.kind in ("cell", "run") and i.mention is not None]
        if not named:
            return False
        cells = [self.cell_of(i.mention) for i in named]
        return all(c in self.trail[1:] for c in cells) and pending.steps[0].cell not in cells

    def _refuses_only_its_own(self, pending: Proposal, reading: MessageReading) -> bool:
        """The message accepts first, then objects only to cells it proposed itself, after the acceptance."""
        clauses = reading.clauses
        first_agree = next((k for k, c in enumerate(clauses) if c.stance == "agree"), None)
        refusals = [k for k, c in enumerate(clauses) if c.stance == "refuse"]
        if first_agree is None or not refusals or refusals[0] < first_agree or self.cell_of is None:
            return False
        planned = {s.cell for s in pending.steps}
        own_cells = {self.cell_of(i.mention) for c in clauses[first_agree + 1:refusals[0]] if c.act == "propose"
                     for i in c.items if i.mention is not None}
        for k in refusals:
            named = {self.cell_of(i.mention) for i in clauses[k].items if i.mention is not None and i.kind == "cell"}
            if not named or named & planned or not named <= own_cells:
                return False
        return True

    def _answers_question(self, pending: Proposal, reading: MessageReading) -> bool:
        """The proposal ended by asking about cells, and the reply's only assent is a bare "yes" followed by
        what it sees there: it answers the question and leaves the proposal open."""
        if not pending.asked or self.cell_of is None:
            return False
        agreeing = [c for c in reading.clauses if c.stance == "agree"]
        if any(c.items or not _BARE_YES.match(c.text) for c in agreeing):
            return False
        asked = {self.cell_of(m) for m in pending.asked}
        return any(c.act == "inform" and any(i.mention is not None and self.cell_of(i.mention) in asked for i in c.items)
                   for c in reading.clauses)

    def _goes_along(self, pending: Proposal, reading: MessageReading) -> bool:
        """The reply says the pair now stands where the proposal leads ("We're on the goal at (3,3). ACTI!")."""
        target = pending.steps[-1].cell
        for clause in reading.clauses:
            if not clause.items or (clause.act not in ("claim", "recap") and not _STANDING_ON.match(clause.text)):
                continue
            if clause.act == "recap" and _MOVE_THEN_WHERE.match(clause.text) and [i.direction for i in clause.items] == [s.direction for s in pending.steps]:
                return True  # "go again" — "right again, we're in the middle column now": the move, made
            for item in clause.items:
                if item.kind == "goal" and target == self.goal:
                    return True
                if item.kind == "cell" and item.mention is not None and self.cell_of is not None and self.cell_of(item.mention) == target:
                    return True
        return False

    def _numbered(self, text: str, reading: MessageReading, proposals: list[Clause], steps: int) -> dict[int, int]:
        """How many moves a numbered plan makes up to each item ("1. U → (2,3)  2. L×2 → (2,1)"; a table with
        a step-number column, one move a row), so that "steps 1–2 agreed" can accept that much of it."""
        current, items = None, []
        for clause in reading.clauses:
            if (number := LONE_NUMBER.match(clause.text)) is not None:
                current = int(number.group(1))
            elif (label := _PHASE_LABEL.match(clause.text) or _ITEM_LABEL.match(clause.text)) is not None and any(clause is p for p in proposals):
                current = int(label.group(1))  # "Phase 2: UP four times, to row 3, column 5."
                items.append((current, clause))
            elif current is not None and any(clause is p for p in proposals):
                items.append((current, clause))
        if len({n for n, _ in items}) >= 2:
            counts, said = {}, []
            for number, clause in items:
                said.append(clause)
                counts[number] = len(self._proposal_from(said, self.here))
            return counts
        rows = [(int(m.group(1)), row_moves(m.group(0))) for m in _NUMBERED_ROW.finditer(text)] if "|" in text else []
        numbers = [n for n, _ in rows]
        if len(proposals) == 1 and len(rows) >= 2 and sum(c for _, c in rows) == steps and numbers == list(range(numbers[0], numbers[0] + len(rows))):
            return {n: sum(c for _, c in rows[: k + 1]) for k, (n, _) in enumerate(rows)}  # one move a row, or as many as the row counts
        return {}

    def _numbered_part(self, pending: Proposal, reading: MessageReading) -> int:
        """"Steps 1–4 agreed. Step 5 pending", "**Agree step 3** and **step 4**": the moves of the numbered plan up
        to the last step the reply agrees to (0: it names none, or all of them). A plan not numbered counts
        its moves from step 1 ("Route: U, U, R, R, R, U, U." — "Agree steps 1–5")."""
        clauses = reading.clauses
        naming = [c for k, c in enumerate(clauses) if _STEPS_NAMED.search(c.text) and not _CHECKED_OPEN.search(c.text) and (
            c.stance in ("agree", "weak_agree") and not c.retracts
            or c.stance is None and _STEPS_ALONE.match(c.text) and k + 1 < len(clauses) and clauses[k + 1].stance == "agree" and not clauses[k + 1].items)]
        if not naming:  # "Steps 6–9 — also **agreed**": the steps, then the yes to them
            return 0
        if not pending.numbered and all(_PHASE_NAMED.search(c.text) for c in naming):
            return 0  # "Phase 1 — agreed" of a plan whose phases are not numbered steps: a phase is many moves
        if not pending.numbered:
            naming = naming[-1:]  # the moves as listed, named in the last clause that names steps ("Steps 1–2 ✅ executed. Agree step 3")
        named = [int(n) for c in naming for m in _STEPS_NAMED.finditer(c.text) for n in m.groups() if n]
        if not pending.numbered and min(named) != 1:
            return 0  # "Agree step 3 and step 4" of a plan not numbered here: numbered on from an earlier one
        if not pending.numbered and self.cell_of is not None:  # "Accept steps 1–3 (R1C4, R2C4, R2C3)": the cells say how far
            cells = [s.cell for s in pending.steps]
            ends = [cells.index(cell) + 1 for c in naming for i in c.items if i.kind == "cell" and i.mention is not None
                    and (cell := self.cell_of(i.mention)) in cells]
            if ends:
                return max(ends) if max(ends) < len(cells) else 0
        numbered = _numbering(pending)
        last = max(named)
        if min(named) > min(numbered) or last not in numbered:
            return 0
        count = numbered[last]
        return count if 0 < count < len(pending.steps) else 0

    def _partial(self, pending: Proposal, reading: MessageReading, own: list[Step]) -> int:
        """Accepting only the first part of a plan: the reply restates a strict prefix of it, agrees,
        and objects to or doubts the rest."""
        if len(pending.steps) < 2:
            return 0
        if any(c.stance in ("agree", "weak_agree") and _ALL_OF_IT.search(c.text) for c in reading.clauses):
            counted = [_COUNTS.get(m.group(1).lower(), 0) for c in reading.clauses if c.stance in ("agree", "weak_agree")
                       for m in _ALL_COUNTED.finditer(c.text)]
            if pending.numbered and counted and counted[0] == max(pending.numbered):
                return 0  # "All five steps accepted" of five numbered steps that make ten moves: all of it
            return counted[0] if counted and 0 < counted[0] < len(pending.steps) else 0  # "full plan 👍"; "all five" of six read: five
        if any(c.stance in ("agree", "weak_agree") and (m := _ALL_N_MOVES.search(c.text)) and _COUNTS[m.group(1).lower()] == len(pending.steps)
               for c in reading.clauses):
            return 0  # "Up to (2,1), yes … I agree to all four ups.": every move the plan makes
        if numbered := self._numbered_part(pending, reading):
            return numbered
        if held := _count_held(pending, reading):
            return held
        agreeing = [c for c in reading.clauses if c.stance in ("agree", "weak_agree") and c.act != "inform"]
        stopping = [c for c in agreeing if _STOP_AT.search(c.text)]
        if stopping and reading.stance is not None and (up_to := self._agreed_up_to(pending, stopping)):
            return up_to  # "I'd rather stop at R6C7 and look before the last step": as far as there
        if not (own or _ONLY_NAMED.search(" ".join(c.text for c in agreeing if c.items))) or reading.stance is None or not agreeing:
            return 0  # (with no plan of its own read, "Agree down → (4,3) only." still takes just that move)
        if up_to := self._agreed_up_to(pending, agreeing):
            return up_to
        if any(c.items and all(i.kind == "repeat" for i in c.items) for c in agreeing) and any(_SAME_AGAIN.search(c.text) for c in pending.said):
            return 0  # "So two steps down again: same again." — "Same again, agreed.": the partner's words, all of it
        counted = next((_COUNTS[m.group(1).lower()] for c in agreeing if (m := _COUNTED.search(c.text))), 0)
        if 0 < counted < len(pending.steps):
            return counted  # "agreed for one down", "only the first two"
        named = any(c.items for c in agreeing)  # "ok R2C2 and R3C2 for now", "R5C2 yes."
        last = [c for c in reading.clauses if c.stance or c.items][-1]
        if last in agreeing and _BARE_GO.match(last.text) and not last.items and (not named or reading.clauses.index(last) >= 2):
            return 0  # "up 1 is open for me. up 2 is the star. send": what it checked, then go — all of it
        after_it = any(_LEADING_SEQUENCE.match(c.text) for c in reading.decision[:1])  # "Sure. After that, one step down": further on
        prefix_only = (len(own) < len(pending.steps) and [s.cell for s in own] == [s.cell for s in pending.steps[: len(own)]]
                       and not after_it and not self._approves_rest(pending, reading, len(own)))
        if not named and not prefix_only and not any(_REST.search(c.text) for c in reading.clauses):
            return 0
        if named:  # "Down ok. (3,5)?": only what the agreeing words name
            items = [i for c in agreeing for i in c.items]
            own = self._trim(self._resolve(items, self.here), items)  # "Agreed: B1, C1, … E6" from B1
        k = 0
        while k < len(own) and k < len(pending.steps) and own[k].cell == pending.steps[k].cell:
            k += 1
        return k if 0 < k < len(pending.steps) else 0

    def _agreed_up_to(self, pending: Proposal, agreeing: list[Clause]) -> int:
        """"Agreed up to (5,4)", "I'd rather stop at R6C7": the plan as far as that cell (0: no such limit)."""
        for clause in agreeing:
            if self.cell_of is not None and clause.items and _UP_TO.search(clause.text) and clause.items[-1].mention is not None:
                end = self.cell_of(clause.items[-1].mention)
                cells = [s.cell for s in pending.steps]
                if end in cells[:-1]:
                    return cells.index(end) + 1
        return 0

    def _approves_rest(self, pending: Proposal, reading: MessageReading, said: int) -> bool:
        """"(0,1) then (1,1) is fine - agreed.": the cells after the restated part are approved in their own
        clause, so the agreement covers them too."""
        if self.cell_of is None:
            return False
        rest = {s.cell for s in pending.steps[said:]}
        return any(self.cell_of(i.mention) in rest for c in reading.clauses if c.act == "inform" and _APPROVED.search(c.text)
                   for i in c.items if i.kind == "cell" and i.mention is not None)

    def _after_acceptance(self, reading: MessageReading, proposals: list[Clause], own: list[Step],
                          accepted: list[AgreedMove], pending: Proposal) -> list[Step]:
        """What the message proposes once its acceptance is applied: a restatement of the accepted
        steps ("OK, down it is", "agreed: down, down, right") is set aside unless marked as new."""
        if proposals and self._tail_restated:
            rest = [Item("direction", d, None, d) for d in self._tail_rest]
            return self._resolve(rest, self.here) if rest else []
        cells = [m.step.cell for m in accepted]
        onward = self._proposal_from(proposals, self.here) if proposals else []  # the message's plan, from where the pair now is
        first = proposals[0] if proposals else None
        pending_again = bool(accepted) and getattr(self, "_accepted_again", False) and not (first is not None and _MORE_AFTER.search(first.text))
        if own and [s.cell for s in own[: len(cells)]] == cells and first is not None and (not _new_marker(first) or pending_again or first.conceded):
            if (summed := _sums_up_with_accepted(proposals, accepted)) is not None:
                return self._resolve(summed, self.here)  # "ya. down. … so down down?": two downs in all
            said_again = _same_words_again(first, own, cells)
            self.said_again_seen = self.said_again_seen or said_again
            labelled_echo = (first.echo or len(cells) >= 2 or (said_again and self.said_again_echoes) or any(i.kind in ("cell", "run", "goal") for i in first.items)
                             or getattr(self, "_restated", False) or _echoes_wording(first, pending)
                             or _named_before(reading, first, [m.step.direction for m in accepted])
                             or _said_twice(proposals, [m.step.direction for m in accepted])
                             or _echo_then_more(proposals, [m.step.direction for m in accepted]))
            if labelled_echo or reading.stance not in ("agree", "weak_agree") or _run_over_accepted(first, own, cells):
                return own[len(cells):]
            ends = self._stated_ends(reading)
            echoed = own[len(cells):]
            if ends and any(s.cell in ends for s in echoed) and not any(s.cell in ends for s in onward):
                return echoed  # "ya. down + right x4 gets us to row 2 col 5": the down just agreed, said again
            if _walks(echoed) and not _walks(onward) and _names_run_ends(proposals):
                return echoed  # "agreed: down twice, then right twice to (3,3)": the cells it names fit only with the down just agreed among its moves
        said = [i.direction for c in proposals for i in c.items]
        taken = [m.step.direction for m in accepted]
        if (proposals and None not in said and 0 < len(said) < len(taken) and taken[-len(said):] == said
                and all(i.mention is not None for c in proposals for i in c.items) and not any(_GOAL_WORD.search(c.text) for c in proposals)
                and reading.stance in ("agree", "weak_agree") and not any(_new_marker(c) or _LEADING_SEQUENCE.match(c.text) for c in proposals)):
            return []  # "right one is open on mine ✅ up x3 idk but trust. go": the last part of what it took, said again
        if (len(proposals) == 1 and proposals[0].stance in ("agree", "weak_agree") and None not in said and 0 < len(said) < len(taken)
                and taken[: len(said)] == said and all(i.kind == "direction" for i in proposals[0].items) and not _new_marker(proposals[0])):
            return []  # "right ok on mine. and yea the bottom one is open. go": the first part of what it took, said yes to
        if own and cells:
            counted_before = self._counted_before(proposals, cells, onward)
            if counted_before is not None:
                return counted_before  # "Now we go left." — "Yes. We go left six times.": six in all, the left agreed among them
        return onward

    def _counted_before(self, proposals: list[Clause], cells: list[Cell], onward: list[Step]) -> list[Step] | None:
        """The plan told with the move just accepted as its first steps ("Yes. We go left six times":
        six in all), when only that count stays on the grid, or only it ends on the goal the plan names.
        Returns the steps left after the accepted ones; None when the plan counts on from here."""
        def on_grid(steps: list[Step]) -> bool:
            return all(self._on_grid(s.cell) for s in steps)
        if len(self.trail) <= len(cells):
            return None
        before = self.trail[-len(cells) - 1]
        named_goal = any(_GOAL_WORD.search(c.text) for c in proposals[-1:])
        onward_fits = on_grid(onward) and (not named_goal or (bool(onward) and onward[-1].cell == self.goal))
        if onward_fits:
            return None
        for k in range(len(proposals)):  # the whole plan, or its last clauses ("Now up. Up five times to goal.")
            steps = self._proposal_from(proposals[k:], before)
            rest = steps[len(cells):]
            if [s.cell for s in steps[:len(cells)]] != cells or not rest or not on_grid(rest):
                continue
            if not named_goal or rest[-1].cell == self.goal:
                return rest
        return None

    def _stated_ends(self, reading: MessageReading) -> set[Cell]:
        """Cells the message says a plan leads to ("gets us to (1,4)", "that puts us at B5")."""
        if self.cell_of is None:
            return set()
        return {cell for c in reading.clauses if _LEADS_TO.search(c.text) for i in c.items
                if i.kind == "cell" and i.mention is not None and (cell := self.cell_of(i.mention)) is not None}

    def _blocks(self, pending: Proposal, reading: MessageReading) -> bool:
        """The reply says the proposed cell (or direction) is a wall."""
        first = pending.steps[0]
        for item in reading.blocked:
            if item.kind == "direction" and item.direction == first.direction:
                return True
            if item.kind == "cell" and item.mention is not None and self.cell_of is not None:
                if self.cell_of(item.mention) in [s.cell for s in pending.steps]:
                    return True
            if item.kind == "goal" and first.cell == self.goal:
                return True
        return False

    def _accept(self, pending: Proposal, turn: int, count: int) -> list[AgreedMove]:
        self._accepted_again = pending.again
        self._last_proposer = pending.seat
        moves = []
        for s in pending.steps[:count]:
            move = AgreedMove(pending.turn, turn, s)
            moves.append(move)
            self.agreed.append(move)
            self.here = s.cell
            self.trail.append(s.cell)
            if s.direction:
                self.last_direction = s.direction
        if count < len(pending.steps):
            self.considered.append(Proposal(pending.seat, pending.turn, pending.steps[count:], dropped=True))
            numbered = _numbering(pending)
            self._rest_of_plan = Proposal(pending.seat, pending.turn, pending.steps[count:],
                                          numbered={n: c - count for n, c in numbered.items() if c > count})
        else:
            self._rest_of_plan = None
        self.pending = None
        return moves

    def _drop(self, pending: Proposal) -> None:
        if not pending.dropped:
            pending.dropped = True
            self.considered.append(pending)
        if pending.solo:
            self.solo_moves.append(pending)
        self.pending = None

    def finish(self) -> None:
        """The dialogue is over: an open proposal was only considered."""
        if self.pending is not None:
            self._drop(self.pending)


def _asks_of_recap(reading: MessageReading) -> bool:
    """The message recaps the way so far and ends by asking whether the partner has it the same."""
    return (len(reading.clauses) > 1 and _ASKS_RECAP.search(reading.clauses[-1].text) is not None
            and any(c.act == "recap" or _RECAP_WORD.search(c.text) for c in reading.clauses[:-1]))


def _names_run_ends(proposals: list[Clause]) -> bool:
    """A run in the plan says which cell it ends on ("right twice to (3,3)")."""
    return any(i.kind == "run" and i.mention is not None for c in proposals for i in c.items)


def _walks(steps: list[Step]) -> bool:
    """Every step is one cell on from the one before (a resolved jump has no direction): no run ends on a cell off its line."""
    return all(s.direction is not None for s in steps)


def _heading(here: Cell, end: Cell) -> Direction | None:
    """The direction from `here` to a cell in the same row or column."""
    if here == end:
        return None
    if here[0] == end[0]:
        return "right" if end[1] > here[1] else "left"
    if here[1] == end[1]:
        return "down" if end[0] > here[0] else "up"
    return None


def _to_line(here: Cell, line: Cell, axis: str, direction: Direction) -> list[Cell] | None:
    """The cells from `here` going `direction` until the row (or column) of `line`."""
    index = 0 if axis == "row" else 1
    cells, cell = [], here
    for _ in range(12):
        if cell[index] == line[index]:
            return cells or None
        cell = step(cell, direction)
        cells.append(cell)
    return None


def _onto_line_then_along(here: Cell, end: Cell) -> list[Cell] | None:
    """One step onto the row or column of `end`, then straight along it: the only reading of "along row 1
    to (1,5)" from next to that row. None when no single step puts the pair on a line through `end`."""
    routes = []
    for direction in ("up", "down", "left", "right"):
        first = step(here, direction)
        heading = _heading(first, end)
        if (first[0] == end[0] or first[1] == end[1]) and (first == end or heading is not None):
            along = [] if first == end else _straight(first, end, heading) or []
            routes.append([first, *along])
    return routes[0] if len(routes) == 1 else None


def _ahead(here: Cell, direction: Direction, count: int) -> list[Cell]:
    """The `count` cells from `here` going straight in `direction`."""
    cells = [here]
    for _ in range(count):
        cells.append(step(cells[-1], direction))
    return cells[1:]


def _straight(here: Cell, end: Cell, direction: Direction) -> list[Cell] | None:
    """The cells from `here` to `end` going straight in `direction`, or None if `end` is not that way."""
    cells, cell = [], here
    for _ in range(12):
        cell = step(cell, direction)
        cells.append(cell)
        if cell == end:
            return cells
    return None


def _count_split_at(items: list[Item], k: int) -> bool:
    """Items k-1 and k come from one counted word ("right x3" after two rights were agreed): a count is
    said from where the pair stands, never from the start with the walked part inside it."""
    return 0 < k < len(items) and items[k].mention is not None and items[k].mention is items[k - 1].mention


def _revises(pending: Proposal, reading: MessageReading, proposals: list[Clause], own: list[Step]) -> bool:
    """A yes followed by the plan said again its own way, from the same first step, and asked about: the plan
    as the speaker takes it, put back for a yes ("bet. so: right, down, right x3, down x2?")."""
    return (own[0].cell == pending.steps[0].cell and [s.cell for s in own] != [s.cell for s in pending.steps]
            and (proposals[-1].text.rstrip().endswith("?") or reading.clauses[-1].text.rstrip().endswith("?"))
            and _SUMMING_UP.match(proposals[0].text) is not None)


def _numbering(proposal: Proposal) -> dict[int, int]:
    """Step number -> moves up to it: the plan's own numbers, or its moves counted from 1."""
    return proposal.numbered or {k: k for k in range(1, len(proposal.steps) + 1)}


def _starts_with(own: list[Step], pending: list[Step]) -> bool:
    return len(own) >= len(pending) and [s.cell for s in own[: len(pending)]] == [s.cell for s in pending]


def _restated_before_agreeing(reading: MessageReading, proposals: list[Clause]) -> bool:
    """"Right. I agree." restates, then agrees; "Sure. East." agrees, then proposes the next move."""
    if not proposals:
        return False
    order = {id(c): k for k, c in enumerate(reading.clauses)}
    first_agree = next((k for k, c in enumerate(reading.clauses) if c.stance in ("agree", "weak_agree") and not c.items), None)
    return first_agree is None or order.get(id(proposals[0]), 0) < first_agree


def _asked_after(reading: MessageReading, last_proposal: Clause) -> list[Mention]:
    """Cells the message asks about after its last proposal ("…and then (3,2)? Can you see (3,2)?")."""
    clauses = reading.clauses
    start = next((k for k, c in enumerate(clauses) if c is last_proposal), len(clauses))
    return [i.mention for c in clauses[start + 1:] if c.act == "ask" for i in c.items if i.mention is not None]


def _named_before(reading: MessageReading, first: Clause, accepted: list) -> bool:
    """"Okay. Down is good. Let's go down. Then down.", "ys left open on mine. left": the accepted move was already named in the
    acceptance, so the proposal that repeats it carries it out rather than adding another."""
    for clause in reading.clauses:
        if clause is first:
            return False
        if clause.items and [i.direction for i in clause.items] == accepted and clause.act in ("inform", "propose"):
            return True
        if (not clause.items and clause.stance in ("agree", "weak_agree")
                and _directions_said(clause.text) == accepted):
            return True  # "ys left open on mine. left": the yes names the move (its cell open), then carries it out
    return False


def _run_over_accepted(first: Clause, own: list[Step], cells: list[Cell]) -> bool:
    """"down?" — "ys. row 5 open on mine too so down down": a run that sums up ("so …") after an
    acceptance counts from where the accepted move started, so it includes that move. A run told as
    further moves ("then", "again", "Agreed. down x2") counts after it."""
    if first.strong or len(own) <= len(cells) or not _SUMMING_UP.match(first.text):
        return False
    directions = {s.direction for s in own}
    return len(directions) == 1 and None not in directions and all(i.kind in ("direction", "run") for i in first.items)


_BARE_ACK = re.compile(r"\W*(?:ok(?:ay)?|k|alright|all right|hm+|sure)\W*$", re.IGNORECASE)
_ASKS_IF_OPEN = re.compile(r"\b(?:open|clear|free|a wall|blocked|passable)\b[^?]*\?\s*$", re.IGNORECASE)


def _ack_then_check(reading: MessageReading) -> bool:
    """"OK — is the cell below the start open for you?": a bare acknowledgement, then only a question whether
    the way is open; the yes waits on the answer."""
    clauses = reading.clauses
    return (len(clauses) >= 2 and _BARE_ACK.match(clauses[0].text) is not None
            and all(c.text.rstrip(" )*_").endswith("?") and not c.items for c in clauses[1:])
            and any(_ASKS_IF_OPEN.search(c.text) for c in clauses[1:]))


def _sums_up_with_accepted(proposals: list[Clause], accepted: list[AgreedMove]) -> list[Item] | None:
    """"bet. down. and the one under that is open on my side too, so down down?": the move just accepted,
    named, then a run that sums up ("so …") in the same direction, counted from where that move started.
    Returns the run's items beyond the accepted moves; None when the message says nothing of the kind."""
    if len(proposals) != 2 or not accepted:
        return None
    first, summed = proposals
    taken = [m.step.direction for m in accepted]
    if [i.direction for i in first.items] != taken or first.strong or not _SUMMING_UP.match(summed.text) or summed.strong:
        return None
    said = [i.direction for i in summed.items]
    if len(said) <= len(taken) or set(said) != set(taken) or len(set(taken)) != 1 or any(i.kind != "direction" for i in summed.items):
        return None
    return summed.items[len(taken):]


def _same_words_again(clause: Clause, own: list[Step], accepted: list[Cell]) -> bool:
    """"Let's go down." — "Agreed — down.": the accepting message names the very moves it accepts, in
    the same direction words and no more, neither asking nor proposing ("Agreed. Down?" and "AGREE. MOVE: down"
    propose the next one; "the cell below us" is counted from where the pair now is)."""
    if len(own) != len(accepted) or clause.strong or clause.text.rstrip(" .!").endswith("?") or _new_marker(clause):
        return False
    return _directions_said(clause.text) == [s.direction for s in own]


def _directions_said(text: str) -> list[str | None]:
    """The direction words a clause's text says, in order, whatever act the clause was read as."""
    return [m.direction for m in find_mentions(text) if m.kind == "direction"]


def _bare_step(clause: Clause) -> bool:
    """A clause that is only a direction: "Left.", "Down!"."""
    return len(clause.items) == 1 and clause.items[0].kind == "direction" and bool(_BARE_DIRECTION.match(clause.text))


def _said_twice(proposals: list[Clause], accepted: list) -> bool:
    """"Okay. Up. We go up. Then right.": the accepted move said twice over is being carried out."""
    same = 0
    for clause in proposals:
        if [i.direction for i in clause.items] != accepted or clause.sequenced:
            break
        same += 1
    return same >= 2


def _count_held(pending: Proposal, reading: MessageReading) -> int:
    """The first count a reply words that takes part of the pending plan (0: none)."""
    return next((n for c in reading.clauses for n in _counts_held(c) if 0 < n < len(pending.steps)), 0)


def _counts_held(clause: Clause) -> Iterator[int]:
    """How many steps a clause takes for now, as it words it: "x2 for now", "only the first two", "i'll agree
    to ONE down", "agreed on the first step" (0: a count that names no number of steps)."""
    agreeing = clause.stance in ("agree", "weak_agree")
    held = (_FOR_NOW.search(clause.text) or _ONLY_FIRST.match(clause.text)
            or (agreeing and (_COUNTED.search(clause.text) or _ALL_COUNTED.search(clause.text))))  # "I agree to all five!"
    if held:
        yield _COUNTS.get(next((g for g in held.groups() if g), "").lower(), 0)
    first = _AGREED_FIRST.search(clause.text) if agreeing else None
    if first:
        yield _COUNTS.get((first.group(1) or "one").lower(), 0)


def _echo_then_more(proposals: list[Clause], accepted: list) -> bool:
    """"down works 👍" — "bet. down, then right": the accepted move named once more, then the next one
    told as coming after it."""
    first = proposals[0]
    return (len(proposals) >= 2 and None not in accepted and [i.direction for i in first.items] == accepted
            and not first.strong and not _new_marker(first) and bool(_LEADING_SEQUENCE.match(proposals[1].text)))


def _echoes_wording(clause: Clause, pending: Proposal) -> bool:
    """"Let's go down." — "I agree. Let's go down.": the partner's sentence said again, word for word (a
    bare "South." after "Ok. South." is the terse voice's next move, not an echo)."""
    words = _words(clause.text)
    if words.count(" ") >= 2 and words in pending.wording:
        return True
    core = _core(words)  # "Shall we continue down?" — "Yes, I agree, let's continue down!"
    if not _PLAIN_MOVE.sub("", core).strip():
        return False  # "MOVE: down" after "AGREE. MOVE: down": the next move, in the same words
    cores = {_core(w) for w in pending.wording}
    if core.count(" ") >= 1 and core in cores:
        return True
    named = " ".join(s.direction for s in pending.steps if s.direction)  # "Same again?" — "yes, same again, right": and which way that is
    return bool(named) and any(c.count(" ") >= 1 and core == f"{c} {named}" for c in cores)


_SO_NOW = re.compile(r"\W*so\W+(?:now|next|from here|after that)\b", re.IGNORECASE)  # "so now up + right": the next moves
_NUMBERED_ROW = re.compile(r"^\s*\|\s*\**(\d{1,2})\**\s*\|.*$", re.MULTILINE)  # "| 3 | Left | (1,2) |"
_STEPS_NAMED = re.compile(r"\b(?:steps?|moves?|phases?|legs?|stages?|segments?)\s+\**(\d{1,2})(?:\s*(?:[–—-]|to|through|thru)\s*(\d{1,2}))?(?:\s*(?:,|and|&|, and)\s*(\d{1,2}))*\b"  # "Steps **1 and 2 agreed**"
                          r"|\bagree\w*\W+(\d{1,2})\s*[–—-]\s*(\d{1,2})\b|\bagree\w*\s+(?:to\s+)?(\d{1,2})\s+only\b", re.IGNORECASE)  # "I agree to 6 only"
_TOLD_AS_MADE = re.compile(r"\b(?:executed|done|completed|made|taken)\W*$", re.IGNORECASE)
_CHECKED_OPEN = re.compile(r"\b(?:open|clear|free)\b[^.;!?]{0,30}[\u2714\u2705]", re.IGNORECASE)  # "Steps 3, 6, 9: open on your side ✅": cells checked, not steps agreed
_PHASE_LABEL = re.compile(r"\W*(?:phase|leg|stage|segment|part)\s+(\d{1,2})\s*(?::|\.|\)|\s[—–-])", re.IGNORECASE)  # a plan's part, labelled as it is laid out
_INTO_IT = re.compile(r"\b(?:in|into|onto)\s+(?:it|that one|that cell|there)\b", re.IGNORECASE)  # "… is open on my side, so left into it": on into the cell just described
_ITEM_LABEL = re.compile(r"\W*?(\d{1,2})\)\s")  # "2) N×2 to (3,2)": a list item's number, in its own clause ("2." stands alone)
_PHASE_NAMED = re.compile(r"\b(?:phases?|legs?|stages?|segments?)\s+\**\d", re.IGNORECASE)
_STEPS_ALONE = re.compile(r"\W*(?:steps?|moves?|phases?|legs?|stages?|segments?)\s+\**\d{1,2}(?:\s*(?:[–—-]|to|through|thru|,|and|&)\s*\d{1,2})*\W*$", re.IGNORECASE)
_MOVE_THEN_WHERE = re.compile(r"\W*(?:up|down|left|right)(?:\s+again)?\s*,\s*(?:so\s+)?(?:now\s+)?we(?:'re|\s+are)\b", re.IGNORECASE)
_NOW_MOVE = re.compile(r"\W*now\s+(?:(?:we\s+)?(?:move|go)\s+)?(?:up|down|left|right)\b", re.IGNORECASE)  # "We are moved down two times. Now move down.": the next one
_SUMMING_UP = re.compile(r"\W*(?:and\s+)?so\b", re.IGNORECASE)
_LEAD_IN = re.compile(r"^(?:(?:let s|lets|let us|shall we|should we|can we|could we|we|ok|okay|so|then|and|yes|i agree)\s+)+")


_PLAIN_MOVE = re.compile(r"\b(?:move|go|step|head|up|down|left|right|north|south|east|west|x\d|\d+|then|and)\b")


def _core(words: str) -> str:
    """The words of a proposal without its lead-in ("let's", "shall we", "ok so")."""
    return _LEAD_IN.sub("", words)


def _words(text: str) -> str:
    return " ".join(_WORD_RUN.findall(text.lower()))


_WORD_RUN = re.compile(r"[a-z0-9]+")


def _new_marker(clause: Clause) -> bool:
    """Marked as a further move: "down again", "one more", "Then let's go down"."""
    return bool(_NEW.search(clause.text) or (_LEADING_SEQUENCE.match(clause.text) and clause.stance not in ("agree", "weak_agree")))  # "now I AGREE: down" agrees


_MORE_AFTER = re.compile(r"\bmore\s+after\b", re.IGNORECASE)  # "again?" — "ys and 2 more after": the again, then two more
_LEADS_TO = re.compile(r"\b(?:gets|takes|puts|brings|lands|leads|get|take|put|bring|land|lead) us\b|\b(?:we'?ll be|we will be|we'?d be|ending|end up|ends)\s+(?:up\s+)?(?:at|on|in)\b|\bto reach\b", re.IGNORECASE)
_SAME_AS_YOU = re.compile(r"\W*same(?:\s+(?:here|for me|from me|on my (?:side|end|map)))?\W*$", re.IGNORECASE)  # a reply, not "same again"


def _says_same(reading: MessageReading) -> bool:
    """The reply opens with a bare "Same." and proposes nothing else."""
    clauses = reading.clauses
    return bool(clauses) and bool(_SAME_AS_YOU.match(clauses[0].text)) and all(c.act != "propose" for c in clauses[1:])


_SPLIT_UP = re.compile(r"(?<!not )(?<!n't )(?<!never )\b(?:split(?:ting)? up|go(?:ing)? separately|separate ways|each (?:go|take) (?:our|your|their) own|"
                       rf"{OWN_WAYS})\b", re.IGNORECASE)
_BARE_APPROVAL = re.compile(r"\W*(?:good|nice|cool|awesome|excellent|sounds? (?:good|great|fine)|works)\W*$", re.IGNORECASE)
_BARE_DIRECTION = re.compile(r"\W*(?:up|down|left|right|north|south|east|west|dwon|rigth)\W*$", re.IGNORECASE)
_BARE_YES = re.compile(r"\W*(?:and\s+|but\s+)?(?:yes|yeah|yep|yup|yea|ya|ys)\b[\s,.!—–-]*(?:it is|it's|i can|i do|that's right|correct)?[\s,.!]*$", re.IGNORECASE)
_PLAN_LABEL = re.compile(r"\W*(?:so\s+)?(?:the\s+|my\s+)?(?:full|whole|complete|entire|overall)\s+(?:plan|route|path|sequence)(?:\s+from\s+(?:here|there))?\s*[:=]"
                         r"|\W*(?:my\s+)?(?:proposal|proposed)\s*,?\s*(?:steps?|moves?)\s+\d{1,2}(?:\s*[–—-]\s*\d{1,2})?\s*[:=]", re.IGNORECASE)  # "Proposal, steps 1–3: L, L, L"
_LEADING_SEQUENCE = re.compile(r"\W*(?:and\s+)?(?:then|next(?!\s+(?:one|cell|square|spot|tile)\b)|after that|afterwards|now)\b", re.IGNORECASE)
_COUNTED = re.compile(r"\b(?:for|only|just|agree to|accept|do)\s+(?:the\s+)?(?:first\s+)?(one|1|two|2|three|3|four|4|five|5|six|6|seven|7|eight|8|nine|9|first(?!\s+(?:\w+\s+)?(?:steps?|moves?|cells?))|single)\b(?!\s+(?:more|again))", re.IGNORECASE)
_GO_FIRST = re.compile(r"\bfirst\s*\?*\s*$", re.IGNORECASE)
_FIRST_PART = re.compile(r"\b(?:first|to (?:start|begin)|(?:start|begin)(?:ing)? with|for now|for starters)\b", re.IGNORECASE)
_FOR_NOW = re.compile(r"\bx\s?(\d)\s+(?:for now|first|only)\b|\b(one|two|three|\d)\s+(?:steps?\s+|moves?\s+)?(?:for now|only)\b", re.IGNORECASE)
_AGREED_FIRST = re.compile(r"\bagree\w*\s+(?:on|to|with)\s+(?:the\s+|your\s+)?first\s+(?:(one|two|three|\d)\s+)?(?:steps?|moves?)\b", re.IGNORECASE)
_ONLY_FIRST = re.compile(r"\W*(?:ok(?:ay)?,?\s+|yes,?\s+|sure,?\s+)?(?:only|just)\s+the\s+first\s+(one|two|three|\d)\b", re.IGNORECASE)
_COUNTS = {"one": 1, "1": 1, "first": 1, "single": 1, "two": 2, "2": 2, "three": 3, "3": 3, "4": 4, "four": 4, "5": 5, "five": 5,
           "6": 6, "six": 6, "7": 7, "seven": 7, "8": 8, "eight": 8, "9": 9, "nine": 9}
_STANDING_ON = re.compile(r"\W*(?:on|at|we'?re (?:on|at)|now on|now at)\s+(?:the\s+)?(?:goal|\*|star)", re.IGNORECASE)
_STOP_AT = re.compile(r"\b(?:stop|pause|halt)\s+(?:at|on)\b", re.IGNORECASE)
_UP_TO = re.compile(r"(?<!^)(?<!go )(?<!move )(?<!then )(?<!and )(?<!, )\b(?:up to)\b|\b(?:until|till|as far as|through|stop at|stop on|pause at)\b", re.IGNORECASE)  # not "Up to (2,1), yes": the move
_RETRACT = re.compile(r"\b(?:actually|wait|on second thought|scratch that|never ?mind|hold on|hang on|sorry|oops|my bad|mistake|misread|no,)", re.IGNORECASE)
_SAME_AGAIN = re.compile(r"\bsame(?: again| direction| way| move)?\b", re.IGNORECASE)
_GOAL_WORD = re.compile(r"\b(?:goal|star|finish)\b|(?<![\w*])\*(?![\w*])", re.IGNORECASE)
_FROM_CELL = re.compile(r"\W*(?:(?:so|and|then|ok(?:ay)?|now)\W+)?from\s+(?:there|that cell|that square)?\W*[\(\[]", re.IGNORECASE)
_ALL_OF_IT = re.compile(r"\b(?:full|whole|entire|complete) (?:plan|route|path|sequence)\b"
                        r"|\ball\s+(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|the)?\s*(?:steps|moves)\b|\bin full\b|\bboth (?:parts|halves|legs|segments|stages)\b|\ball of it\b", re.IGNORECASE)  # "Agreed: all six steps", "Agree to both parts."
_ONLY_NAMED = re.compile(r"\bonly\W*$", re.IGNORECASE)
_ALL_N_MOVES = re.compile(r"\ball\s+(two|three|four|five|six|seven|eight|nine|[2-9])\s+(?:ups|downs|lefts|rights|moves|steps)\b", re.IGNORECASE)
_ALL_COUNTED = re.compile(r"\ball\s+(two|three|four|five|six|seven|eight|nine|[2-9])\b(?!\s*(?:of (?:us|them|those|these|the \w+ cells)|cells|walls|rows|columns|open|are|look|seem|(?:up|down|left|right|rights|lefts|ups|downs)\b))", re.IGNORECASE)
_DIRECTION_WORD = re.compile(r"\b(?:up|down|left|right)\b", re.IGNORECASE)
_DIRECTION_RUN = re.compile(rf"{_DIRECTION_WORD.pattern}(?:\s*(?:,|->|→|\bthen\b|\band\b)?\s*{_DIRECTION_WORD.pattern})+", re.IGNORECASE)
_SEQUENCED_YES = re.compile(r"\b(?:now|then|next|after(?:wards)?|also|and|go|move|head|step|let'?s|how about|what about|try)\b", re.IGNORECASE)
_ASKS_CONFIRMATION = re.compile(r"\b(?:awaiting|await|waiting for|requesting|request|need|please give)\s+(?:your\s+)?(?:confirmation|agreement|ack\w*|approval|go-ahead|ok|consent)\b"
                                r"|^\W*(?:please\s+)?confirm\W*$", re.IGNORECASE)
_ALONG_WORD = re.compile(r"\balong\b", re.IGNORECASE)
_ONWARD = re.compile(r"\b(?:continu\w*|keep going|keep|again|another|once more|one more|more|next|further|onward)\b", re.IGNORECASE)
_PICKED = re.compile(r"\b(?:it is|go(?:ing)? with|take|pick|choose|vote|works|sounds|is (?:great|good|fine|best|better|perfect))\b", re.IGNORECASE)
_APPROVED = re.compile(r"\b(?:is|are|'s|looks?|seems?)\s+(?:also\s+|too\s+)?(?:fine|ok|okay|good|great)\b", re.IGNORECASE)
_BARE_GO = re.compile(r"^\W*(?:go|go go|send(?: it)?|do it|let'?s go|go for it|full send)\b[^\w?]*$", re.IGNORECASE)
_YES_TO_CONDITION = re.compile(r"\W*(?:yes|yeah|yep|yup|ya|sure|definitely|absolutely|positive|100\s*%|they are|it is|i am|i'?m sure)\b", re.IGNORECASE)
_CONDITION_MET = re.compile(r"\b(?:double[- ]?checked|i'?m sure|i am sure|none (?:of them )?(?:are|is) (?:a )?walls?|going with it|it matches)\b", re.IGNORECASE)
_LETS = re.compile(r"\b(?:let'?s|lets|let us|i propose|we should)\b", re.IGNORECASE)
_ASKS_RECAP = re.compile(r"\b(?:your understanding|match(?:es)? (?:yours|your|what you)|what you have|same as (?:yours|you)|have (?:it|that) the same|(?:is|does) (?:that|this) (?:recap|summary) (?:right|correct|match))\b[^.!]*\?\W*$", re.IGNORECASE)
_RECAP_WORD = re.compile(r"\brecap|\bsummar|\bso far\b", re.IGNORECASE)
_MEANS_THE_RECAP = re.compile(r"\b(?:understanding|recap|record|summary|matches|same (?:here|for me|on my side)|what i have|that'?s what i have)\b", re.IGNORECASE)
_ASKS_WHAT_NEXT = re.compile(r"^\W*(?:(?:ok|okay|k|so|and|nice|good|cool)\W+)?(?:now|next|then|what now|now what|what next|where now|where next|whats next|what'?s next|which way|where to)\W*$", re.IGNORECASE)
_FROM_HERE = re.compile(r"^\W*(?:(?:ok|okay|k|so|and)\W+)?(?:now|from here|from there)\b", re.IGNORECASE)
_NEW = re.compile(r"\b(again|another|once more|one more|more|keep (?:going|goin|moving|heading))\b", re.IGNORECASE)
_HOW_MANY = re.compile(r"\bhow (?:many|far|much)\b[^.!?]*\?", re.IGNORECASE)
_ONE_MORE = re.compile(r"^\W*(?:(?:and|then|ok(?:ay)?|k|so)\W+)?(?:one|1|another)\s+more\b|^\W*another\s+(?:up|down|left|right)\b", re.IGNORECASE)  # "one more right?": the move just proposed, once more
_FROM_START = re.compile(r"\b(from (?:the )?(?:start|beginning|@)|full (?:path|route|thing|plan)|whole (?:path|route|thing|plan)|"
                         r"entire (?:path|route)|complete (?:path|route)|overall)\b|from @", re.IGNORECASE)
_REST = re.compile(r"\b(second half|the rest|last (?:\w+ )?(?:moves?|steps?|ones?|four|three|two|part)|can'?t verify|cannot verify|"
                   r"not sure about|beyond that|only the first|just the first|for now|to start|to begin with)\b", re.IGNORECASE)


def _laid_out(reading: MessageReading) -> Iterator[Item]:
    """The moves a message lays out, in order: any clause's but a question's, a recap's or a claim's."""
    return (i for c in reading.clauses if c.act not in ("ask", "recap", "claim") for i in c.items)


def _directions_named(reading: MessageReading) -> list[str | None]:
    """The direction words a message lays out, in order."""
    return [i.direction for i in _laid_out(reading) if i.kind == "direction"]


def _direction_runs(reading: MessageReading) -> Iterator[list[str]]:
    """Runs of two or more direction words back to back in a message's own words, read before any word was
    taken for something else ("so that's right, right from here!"), outside questions, recaps and claims."""
    for clause in reading.clauses:
        if clause.act not in ("ask", "recap", "claim"):
            for run in _DIRECTION_RUN.finditer(clause.text):
                yield [w.lower() for w in _DIRECTION_WORD.findall(run.group(0))]


def _said_in_order(moves: list[str | None], named: list[str | None]) -> bool:
    """Two or more `moves` appear, in order and back to back, among `named` (one bare direction is too
    common a word to tell an acceptance from a new proposal)."""
    n = len(moves)
    return n >= 2 and any(named[k:k + n] == moves for k in range(len(named) - n + 1))


_OPEN_REPORT = re.compile(r"\b(?:open|clear|free)\b", re.IGNORECASE)


def _reported_open_way(reading: MessageReading, moves: list[str | None]) -> bool:
    """The partner's message named one way only, as open on its map ("dwn is open on mine, 2 cells"), and
    the reply goes that way ("k dwn 2"): the report offered the move and the reply takes it."""
    named = _directions_named(reading)
    return (len(named) == 1 and not reading.decision and all(m == named[0] for m in moves)
            and any(c.act == "inform" and c.items and _OPEN_REPORT.search(c.text) for c in reading.clauses))
