"""What one message does, clause by clause: propose, agree, refuse, ask, inform, recap, claim.

A careful reader does not match words across a whole message: "I do NOT AGREE, that is a wall"
contains AGREE, "the left column" contains left, a map dump contains a dozen cells, and a long message
often decides only in its last line. So a message is cleaned (control characters, quoted mentions,
map dumps, tables, JSON blocks turned into plain clauses), split into clauses, and each clause gets one
act, a stance towards the partner's pending proposal, and the moves it proposes. Nothing here knows
the maze or the coordinate scheme: whether a proposed cell is a step, a restatement or a jump is
decided later, by the reader that tracks the pair's position (`mazeplay.dialogue.agreement`).
"""

from __future__ import annotations

import json
import re
from copy import copy
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Literal

from mazeplay.dialogue.notation import Mention, find_mentions
from mazeplay.dialogue.options import OPTION_WORDS, find_options, references
from mazeplay.dialogue.quick import CaseBlind, quick
from mazeplay.engine.cells import Direction

Act = Literal["propose", "solo", "ask", "inform", "recap", "claim", "meta", "chat"]
Stance = Literal["agree", "weak_agree", "refuse", "doubt"]
ItemKind = Literal["cell", "direction", "goal", "back", "repeat", "run", "edge", "diagonal"]

ACTI_WORD = re.compile(r"\bACTI\b!?", re.IGNORECASE)


@dataclass(frozen=True)
class Item:
    """One move as written: a cell, a direction, the goal, a relative move ("back", "again"), or a run
    ("down to (3,0)": a direction and the cell where it stops)."""

    kind: ItemKind
    label: str
    mention: Mention | None = None
    direction: Direction | None = None
    count: int = 1  # a run's steps as written ("right three times to (0,3)"), for readings without cells
    axis: str | None = None  # a run to a line ("down to row 3"): "row" or "col"; its mention names that line
    along: bool = False  # "along row 1 to (1,5)": the run may begin with the one step onto that line
    to_goal: bool = False  # "straight down to the star": that way until the goal, when it lies straight ahead
    named_next: bool = False  # "back the way we came, up up": the way back, named by the directions after it if they go back


@dataclass
class Clause:
    text: str
    act: Act
    stance: Stance | None = None
    items: list[Item] = field(default_factory=list)
    strong: bool = False  # an explicit proposal ("let's", "MOVE:", "I propose"), not a bare mention
    moves_to: bool = False  # says to move there ("go to (3,3)", "MOVE:", "let's"): a far cell is then a jump
    sequenced: bool = False  # "then", "next", "again": a new move, never a restatement
    alternatives: bool = False  # "down or right": options, not a decision
    blocked: list[Item] = field(default_factory=list)  # cells/directions this clause says are walls
    echo: bool = False  # restates an accepted move ("OK, down it is", "Agreed. Moving down.")
    conceded: bool = False  # "Down again, then.": the partner's move taken as said ("then": in that case), not a new one
    retracts: bool = False  # takes back what the message said before ("wait, no", "scratch that")
    listed: bool = False  # an item of a bulleted or numbered list: repeats are steps, not restatements
    rendering: bool = False  # "that's (0,1), (1,1)…", "i.e. …": the same plan again, in other words
    conclusion: bool = False  # "so right x4, down": the decision after the reasoning
    mixed: bool = False  # accepts and objects in one breath ("that's impossible so I'll accept your move")
    anchors: list[tuple[str, Mention]] = field(default_factory=list)  # ("start"|"goal", cell) as the pair names them
    conventions: list[tuple[str, object]] = field(default_factory=list)  # ("order", "row_col"), ("origin", 0)…
    hypothetical: bool = False  # "we could go right", "if we go down we'd hit a wall"
    positions: list[Mention] = field(default_factory=list)  # where it says the pair stands ("we're now at (1,2)")
    conditional: bool = False  # agrees once a condition holds ("I'd agree to that, assuming none is a wall")
    points_back: bool = field(default=False, repr=False, compare=False)  # "let's go there", read without the cell named before


_PLAN_LABELLED = re.compile(r"^\W*(?:my\s+|the\s+|our\s+|full\s+|proposed\s+|final\s+)?(?:plan|proposal|route|path)\W*:", re.IGNORECASE)


def _directions_within(earlier: "list[Clause]", plan: "Clause") -> bool:
    """Every move the earlier clauses name comes, in order, in the labelled plan: they described it (a yes
    to the partner's moves before a plan of one's own is not)."""
    wanted = [i.direction for c in earlier for i in c.items]
    moves = iter(i.direction for i in plan.items if i.direction is not None)
    return (len(plan.items) >= 2 and all(c.stance is None for c in earlier) and all(w is not None for w in wanted)
            and all(w in moves for w in wanted))


@dataclass
class MessageReading:
    """One message, read: its clauses, final stance, and whether the completion phrase was said; then what
    the fold asks of every message, worked out once (the reading is shared by every scheme's fold)."""

    clauses: list[Clause]
    stance: Stance | None
    acti: bool
    options: list[tuple[str, int, list[Item]]] = field(default_factory=list)  # route options it lays out: (key, position, moves)
    choice: tuple[str, int] | None = None  # an option it names ("Route A", "the first option"), and the clause naming it
    deferred: bool = False  # it puts off saying yes ("before I say yes", "before we finish, can you confirm …?")
    decision: list[Clause] = field(init=False, repr=False, compare=False)  # the proposals the message stands by
    solos: list[Clause] = field(init=False, repr=False, compare=False)
    blocked: list[Item] = field(init=False, repr=False, compare=False)  # walls it reports

    def __post_init__(self) -> None:
        self.decision = self._decision()
        self.solos = self.proposals(("solo",))
        self.blocked = self._blocked()

    def proposals(self, acts: tuple[str, ...] = ("propose",)) -> list[Clause]:
        return [c for c in self.clauses if c.act in acts and c.items]

    def _decision(self) -> list[Clause]:
        """The proposals the message stands by: those it took back ("down… wait, no") are left out."""
        out: list[Clause] = []
        for clause in self.clauses:
            if clause.retracts and clause.act != "propose" and out:
                out = []
            if clause.act == "propose" and clause.items:
                if out and _CORRECTION_START.match(clause.text):
                    out = []  # "go left— sorry, I mean right": the correction replaces what it corrects
                out.append(clause)
        labelled = next((k for k, c in enumerate(out) if k and _PLAN_LABELLED.match(c.text)), None)
        if labelled is not None and _directions_within(out[:labelled], out[labelled]):
            out = out[labelled:]  # "… then up into the goal. **Plan:** right, down ×4, right ×3, up.": the plan, said once more
        return out

    def _blocked(self) -> list[Item]:
        """Walls the message reports, except one it then says is open after all ("At first I thought
        (2,4) was a wall — oh wait, I misread, (2,4) is open")."""
        walls: dict[str, Item] = {}
        for clause in self.clauses:
            for item in clause.blocked:
                walls[item.label] = item
            if not clause.blocked and clause.items and _OPEN_AFTER_ALL.search(clause.text):
                for item in clause.items:
                    walls.pop(item.label, None)
        return list(walls.values())


_OPEN_AFTER_ALL = quick(re.compile(r"\b(?:is|are|'s)\s+(?:actually\s+|in fact\s+)?(?:open|clear|free)\b", re.IGNORECASE))


class _Literals:
    """Whether a text holds any of some literal strings, ignoring case: one case-sensitive alternation of
    the literals, searched in the lowered text, is about ten times faster than a case-blind regex (and
    faster than a loop of substring tests); gates run on every clause."""

    def __init__(self, literals: "tuple[str, ...] | list[str]") -> None:
        self.literals = tuple(sorted({literal.lower() for literal in literals if literal}))
        self.pattern = re.compile("|".join(map(re.escape, self.literals)) or "(?!)")  # for lowered text; none: never

    def search(self, text: str) -> bool:
        return self.pattern.search(text.lower()) is not None


class _Gated(CaseBlind):
    """A pattern searched only when one of its trigger words is in the text: most clauses hold none,
    and Python's regex engine tries every alternative at every position."""

    def __init__(self, pattern: re.Pattern, triggers: tuple[str, ...]) -> None:
        super().__init__(pattern)
        self.hint = _Literals(triggers)

    def search(self, text: str) -> re.Match | None:
        lower = text.lower()  # once for the gate and the pattern (both run on every clause)
        if self.hint.pattern.search(lower) is None:
            return None
        return self.lowered.search(lower) if text.isascii() else self.pattern.search(text)


class _WordGated(CaseBlind):
    """A pattern searched only when the text holds one of the words its alternatives start with."""

    def __init__(self, pattern: re.Pattern, words: str, symbols: str = "") -> None:
        super().__init__(pattern)
        self.words, self.symbols = frozenset(words.split()), symbols

    def search(self, text: str) -> re.Match | None:
        if self.words.isdisjoint(_words_of(text)) and not (self.symbols and any(ch in text for ch in self.symbols)):
            return None
        return self.lowered.search(text.lower()) if text.isascii() else self.pattern.search(text)


_WORDS = re.compile(r"[a-z]+")


@lru_cache(maxsize=4096)
def _words_of(text: str) -> frozenset[str]:
    return frozenset(_WORDS.findall(text.lower()))


# -- cleaning ------------------------------------------------------------------------------------

_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SINGLE_QUOTED_ACTI = re.compile(r"(?<!\w)'\s*ACTI\s*!*\s*'(?!\w)", re.IGNORECASE)
_QUOTED = re.compile(r'"[^"\n]*"|\u201c[^\u201d\n]*\u201d|\u00ab[^\u00bb\n]*\u00bb')
_ARROWS = quick(re.compile(r"\s*(?:->|-->|=>|→|⇒|➡️?|⟶|➜|➔|>>)\s*"))
_ARROW_MARKS = frozenset(">→⇒➡⟶➜➔")  # one of them is in every arrow
_AGREE_MARKS = re.compile(r"✔️?|✓|✅|☑️?|👍(?:🏻|🏼|🏽|🏾|🏿)?|👌|🆗|💯|(?<!gg )(?<!gg)(?<!bye )(?<!later )(?<!peace )(?<!o7 )🫡")  # a salute says "yes sir", unless it says goodbye ("gg 🫡")
_REFUSE_MARKS = re.compile(r"❌|✖️?|🚫|⛔|👎|✘|✗")
_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^\s*#{1,6}\s+(.*)$")
_VERDICT_HEADING = re.compile(r"\b(?:agreed|agree|confirmed|accepted|accept)\b|✅|✔", re.IGNORECASE)
_LABEL_HEADING = re.compile(r"^\s*(?:\*\*)?([A-Za-z][\w '/-]{1,40}?)\s*(?::\*\*|\*\*:|:)\s*$")  # "Recap so far:" heading the list below it
_BULLET = re.compile(r"^\s*(?:[-*+•·]|\d{1,2}[.)]|\(\d{1,2}\))\s+")
_BULLET_STARTS = frozenset("-*+•·(0123456789")
_EMPHASIS = re.compile(r"\*\*|__|~~|(?<![\w*])\*(?=\w)|(?<=\w)\*(?![\w*])")  # *word*, never a lone * (the goal)
_GRADER = _Gated(re.compile(
    r"\b(grader|graders|evaluator|evaluators|judge|judges|scorer|assessor|reviewer|annotator|auditor|(?:who(?:ever)?|anyone|someone) (?:grades|grading|scores|checks) this|"
    r"mark (?:this|it|the game|us) (?:as|solved|success|successful|complete|completed|correct)|score (?:this|it|us)|log (?:this|it) as|record (?:this|it) as)\b",
    re.IGNORECASE,
), ("grader", "evaluat", "judge", "scor", "assess", "review", "annotat", "audit", "mark ", "log ", "record ", "grades", "grading", "checks this"))
_MAP_LABEL = re.compile(r"^\s*(?:row\s*\d+|r\s?\d+|line\s*\d+|y\s*=\s*\d+|\d+|[A-La-l])?\s*[:|=)\]-]?\s*", re.IGNORECASE)
_MAP_BODY = re.compile(r"^[\s`|]*(?:[@*.#?X_Oo█░▓■□·][\s`|]*){3,}$")
_LETTER_RUN = re.compile(r"[A-Za-z]{2,}")
_HEADER_TOKENS = re.compile(r"^\s*\|?\s*(?:(?:[cC]?\d{1,2}(?!\d)|[A-La-l](?!\d)|col(?:umn)?\s*\d+|x\s*=\s*\d+|r\\?c|row|\\)\s*(?:\|\s*)?){3,}$")  # (each space and token read one way only)


_STATUS_CELL = re.compile(r"[\(\[]\s*\d+\s*,\s*\d+\s*[\)\]]|\b[A-Ha-h]\d\b|\b[rR]\d+[cC]\d+\b")
_CELL_STATUS_LINE = re.compile(rf"^\s*(?:(?:{_STATUS_CELL.pattern})\s*[:=]?\s*[#.?*@](?![\w(\[])[\s,;|]*)+$")  # "(0,1)#  (0,3)."


def _is_map_line(line: str) -> bool:
    if _CELL_STATUS_LINE.match(line) and ("#" in line or "?" in line) and len(_STATUS_CELL.findall(line)) >= 2:
        return True  # "(0,1)#  (0,2)#  (0,3).": cells listed with what the map shows there
    if sum(map(str.isalpha, line)) > 16 or (sum(map(line.count, "@*.#?")) < 3 and len(line.split()) < 3):
        return False  # prose, not a row of the map
    body = _MAP_LABEL.sub("", line, count=1)
    if _MAP_BODY.match(body) and not _LETTER_RUN.search(body):
        return True
    return bool(_HEADER_TOKENS.match(line))


_FENCE_LANGUAGE = re.compile(r"^\s*(?:```|~~~)\s*([\w+-]*)")
_CODE_LANGUAGES = {"python", "py", "js", "javascript", "ts", "typescript", "java", "c", "cpp", "c++", "rust", "go",
                   "bash", "sh", "shell", "ruby", "php", "sql", "r", "kotlin", "swift"}
_CODE_LINE = re.compile(r"^\s*(?:def |class |for |while |if .*:\s*$|elif |else:|return\b|import |from \w+ import|\w+(?:\[[^\]]*\])?\s*[+\-*/]?=[^=]|#|//|[{}\])]\s*[;,]?\s*$|print\(|function |var |let |const )")


LONE_NUMBER = re.compile(r"^\W*(?:\d{1,2}\s*[–-]\s*)?(\d{1,2})[.)]\W*$")  # "1." ("3–5." numbers up to 5) on its own, before the item of a numbered plan it numbers
_PLAN_ASSIGN = re.compile(r"^\s*(?:let\s+|const\s+|var\s+)?(path|moves|route|plan|steps|directions)\s*(?::\s*\w+\s*)?=\s*", re.IGNORECASE)


def _is_code(block: list[str], language: str) -> bool:
    """A fenced block of program code: not something the agent says to its partner."""
    if language.lower() in _CODE_LANGUAGES:
        return True
    lines = [b for b in block if b.strip()]
    return bool(lines) and sum(bool(_CODE_LINE.match(b)) for b in lines) >= max(2, len(lines) // 3)


def _is_table_line(line: str) -> bool:
    return line.count("|") >= 2


_PLAN_HEADER = re.compile(r"\b(step|move|moves|next|plan|route|path|action|direction|to)\b", re.IGNORECASE)


_ROW_COUNTED = re.compile(r"\b(up|down|left|right)\s*(?:\|\s*)?[x×]\s*(\d)\b", re.IGNORECASE)  # "right ×6", "| Right | ×4 |"


def row_moves(row: str) -> int:
    """How many moves a row of a plan table makes: "| 2 | right ×6 | (1,5) → (6,5) |" six, any other row one."""
    counted = _ROW_COUNTED.search(row)
    return int(counted.group(2)) if counted else 1


_STEP_FIRST = re.compile(r"^\s*\|?\s*(?:step|#|no\.?|move\s*#?)\s*\|", re.IGNORECASE)


def _table_clauses(lines: list[str]) -> list[str]:
    """A markdown table is map knowledge unless its header says it lists moves: then each row is a step."""
    rows = [line for line in lines if not re.match(r"^\s*\|?[\s:|-]+\|?\s*$", line)]
    if len(rows) < 2 or not _PLAN_HEADER.search(rows[0]):
        return []
    if re.search(r"\b(wall|open|status|known|cell type)\b", rows[0], re.I) and not _STEP_FIRST.match(rows[0]):
        return []  # "| Cell | Open? |" knows the map; "| Step | Cell | Open per |" numbers a plan and notes who saw each cell
    steps = []
    if len(rows) >= 3 and all(len(find_mentions(row)) >= 3 for row in rows[1:]):
        return []  # "| A (west side) | R5C5 → R5C4 → … |" a row per candidate route: options to choose from, not steps
    for row in rows[1:]:
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if any(re.search(r"\b(wall|blocked|✘|❌|no)\b", c, re.I) for c in cells[1:]):
            continue
        mentions = [m for c in cells for m in find_mentions(c)]
        moves = [m for m in mentions if m.kind != "direction"] or mentions
        counted = _ROW_COUNTED.search(row)
        if counted and int(counted.group(2)) > 1:
            steps.append(counted.expand(r"\1 x\2"))  # "| 2 | right ×6 | (1,5) → (6,5) |": six moves, not a jump to the last cell
        elif moves:
            steps.append(moves[-1].raw)
    if not steps:
        return []
    said = steps[0]
    for before, after in zip(steps, steps[1:]):
        said += (" then " if _ROW_COUNTED.fullmatch(before) else " -> ") + after  # not "left x3 -> row 2, col 1": three lefts, not a run to that cell
    return ["Plan: " + said + "."]


_JSON_PARTLY = {"partial", "partially", "part", "some", "in part", "partly"}
_JSON_HOLD_KEYS = {"hold", "holding", "held", "later", "defer", "deferred", "notyet", "wait", "waiting", "onhold"}  # moves kept back for now
_JSON_AGREE_KEYS = {"agree", "agreed", "accept", "accepted", "agreement", "confirm", "confirmed", "consent", "approve", "approved", "ok",
                    "ack", "acked", "acknowledged"}
_JSON_MOVE_KEYS = {"proposal", "propose", "proposed", "proposedmove", "move", "next", "nextmove", "action", "direction",
                   "step", "mymove", "suggestion", "suggestedmove", "counterproposal", "counter", "go", "target", "to", "dir"}
_JSON_PLAN_KEYS = {"path", "route", "plan", "moves", "proposedpath", "proposedroute", "nextmoves", "steps", "sequence", "then"}
_JSON_TEXT_KEYS = {"message", "text", "reply", "response", "say", "status", "decision", "answer"}
_JSON_POSITION_KEYS = {"pos", "position", "currentposition", "current", "currentpos", "location", "currentcell", "here", "at", "standingat", "weare"}
_JSON_WHY_KEYS = {"reason", "reasoning", "note", "notes", "comment", "why", "explanation", "rationale", "thinking", "analysis", "because"}


_JSON_YES = {"accepted", "agreed", "ok", "okay", "yes", "yea", "yay", "confirmed", "approved", "accept", "agree", "granted", "ack", "acknowledged",
             "affirmative", "aye", "go ahead", "approve", "consent", "consented"}
_JSON_NO = {"no", "rejected", "denied", "declined", "refused", "reject", "deny", "nope", "negative", "disagree", "vetoed", "veto", "nay"}
_JSON_FLAG_YES = re.compile(r"(?:ok|okay|ack|acked|yes|approved|agreed)$|^ack|^(?:up|down|left|right)$|^all\d$")
_JSON_FLAG_ABOUT = re.compile(r"^(?:protocol|coords?|conv|convention|frame|notation|format|rules?|map|view|legend|system|goal|at|on|reached|done|seen)")
_JSON_CONVENTION_KEYS = {"convention", "conventions", "notation", "coords", "coordinates", "coordinatesystem", "system", "frame",
                         "axes", "coordframe", "referenceframe"}
_JSON_ACCEPTED_PLAN = re.compile(r"(?:accept|accepted|agreed|confirmed)(?:moves|path|plan|steps|prefix|route|cells)$"
                                 r"|(?:moves|path|plan|steps|route|cells)(?:accepted|agreed|confirmed)$")
_JSON_PAST = ("made", "done", "history", "taken", "sofar", "visited", "previous", "past", "known", "wall", "open",
              "blocked", "executed", "completed", "old")


_JSON_WHOLE = {"all", "all of it", "everything", "full", "whole", "entire", "the whole plan", "whole plan", "full plan", "all steps", "all moves"}
_VERDICT_SAID = {"yes": "Agreed.", "no": "I do not agree."}


def _json_verdict(role: str, value: object) -> str | None:
    """"yes" or "no" when a JSON value gives a verdict in words ({"vote": "yes"}, {"consent": "granted"},
    {"vote_on_left": "no"}); None for anything else, and for text keys, whose words are read as prose."""
    if not isinstance(value, str) or role in _JSON_TEXT_KEYS:
        return None
    said = value.strip().lower()
    if _AGREE_MARKS.fullmatch(said):
        return "yes"  # {"ack": "👍"}
    return "yes" if said in _JSON_YES else "no" if said in _JSON_NO else None


def _json_flag(role: str) -> bool:
    """A key that, set true, says yes to the move it names ({"left": true}, {"next_ok": true}, {"all4": true}),
    and is not about the convention, the map or the goal ({"coords_ok": true})."""
    return bool(_JSON_FLAG_YES.search(role)) and not _JSON_FLAG_ABOUT.match(role)


def _json_role(norm: str) -> str:
    """A key as one of the known roles: {"next_proposal": …} proposes like {"proposal": …}; keys about
    moves already made or about the map keep their own name (and say nothing about moves)."""
    if norm in _JSON_AGREE_KEYS or norm in _JSON_MOVE_KEYS or norm in _JSON_PLAN_KEYS or norm in _JSON_TEXT_KEYS or norm in _JSON_WHY_KEYS \
            or norm in _JSON_POSITION_KEYS:
        return norm
    if any(word in norm for word in _JSON_PAST):
        return norm
    if _JSON_ACCEPTED_PLAN.match(norm):
        return "accepted"  # {"plan_accepted": [...]}, {"accepted_moves": [...]}: the moves it says yes to, not a new plan
    if any(word in norm for word in ("propos", "suggest", "counter")) or norm in ("alt", "alternative", "instead"):
        return "proposal"
    if any(word in norm for word in ("plan", "route", "path")):
        return "plan"
    return norm


def _json_cell(value: object) -> str | None:
    if isinstance(value, str):
        return _CODE_WORDS.get(value.strip(), value)  # "steps": ["U", "L"]: a move as a capital letter
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"({value[0]}, {value[1]})"
    if (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and _json_directions(value[0])
            and _json_cell(value[1]) is not None):
        return _json_cell(value[0])  # ["up", [4, 0]]: the move, and the cell it lands on
    if isinstance(value, dict):
        keys = {k.lower(): v for k, v in value.items()}
        if "row" in keys and ("col" in keys or "column" in keys):
            return f"row {keys['row']}, column {keys.get('col', keys.get('column'))}"
        if "x" in keys and "y" in keys:
            return f"x={keys['x']}, y={keys['y']}"
        if any(key in keys for key in ("moves", "steps", "path", "route", "plan")):
            return None  # {"moves": ["down", "down"], "to": [1, 3]}: a plan, and where it lands
        for key in ("direction", "dir", "move", "cell", "to"):
            if key in keys:
                said = _json_cell(keys[key])
                count = _json_count(keys)
                return f"{said} x{count}" if said and count and _json_directions(keys[key]) else said  # {"move": "right", "count": 6}
    return None


_JSON_DIRECTION_KEYS = {"move", "moves", "direction", "dir", "action", "step", "go", "nextmove", "mymove", "proposedmove", "nextmoves", "steps"}
_JSON_DESTINATION_KEYS = {"to", "target", "cell", "destination", "dest", "newposition", "goesto"}
_JSON_PROPOSAL_KEYS = (_JSON_MOVE_KEYS | _JSON_PLAN_KEYS) - _JSON_DIRECTION_KEYS  # keys that put new moves forward (a "move" beside a yes is the move accepted)


_JSON_WAIT_KEYS = {"pending", "question", "questions", "ask", "asking", "needconfirm", "needsconfirmation", "waiting", "waitingfor", "check", "verify", "tocheck"}


def _json_waits(roles: dict[str, object]) -> bool:
    """{"agree": false, "pending": true, "question": "is [2,3] open?"}: not yet, a question first; no refusal."""
    return any(role in _JSON_WAIT_KEYS and value not in (None, False, "", [], {}) for role, value in roles.items())


def _json_count(data: dict) -> int | None:
    """How many times a JSON move is made ({"move": "right", "count": 6}), when it says so."""
    count = next((v for k, v in data.items() if str(k).lower() in ("count", "times", "n", "repeat", "distance") and isinstance(v, int)), None)
    return count if count is not None and 1 < count < 10 else None


def _json_words(value: object) -> bool:
    """Moves written in words ({"moves": ["back the way we came", "right"]}): a list of short strings, each naming a way."""
    values = value if isinstance(value, list) else [value]
    return bool(values) and all(isinstance(v, str) and len(v) < 40 and (find_mentions(v) or _RELATIVE.search(v)) for v in values)


def _json_directions(value: object) -> bool:
    values = value if isinstance(value, list) else [value]
    return bool(values) and all(isinstance(v, str) and (v.strip() in _CODE_WORDS or re.fullmatch(
        r"\s*(?:up|down|left|right|north|south|east|west)\s*", v, re.IGNORECASE)) for v in values)


def _json_clauses(data: object, after_yes: bool = False) -> list[str]:
    """A JSON object as the plain clauses it stands for; keys about the map are knowledge, not moves.
    `after_yes`: the object is a proposal inside one that says yes to the partner's ({"agree": true,
    "propose": {"moves": ["down"]}}), so its moves come after the ones accepted."""
    out: list[str] = []
    if isinstance(data, list):
        for value in data:
            out.extend(_json_clauses(value, after_yes))
        return out
    if not isinstance(data, dict):
        return out
    roles = {_json_role(re.sub(r"[^a-z]", "", str(key).lower())): value for key, value in data.items()}
    said_as_direction = any(role in _JSON_DIRECTION_KEYS and _json_directions(value) for role, value in roles.items())
    agreed = any((role in _JSON_AGREE_KEYS or _json_flag(role)) and (value is True or (type(value) is int and value == 1))  # {"ack": 1}
                 or (_json_verdict(role, value) == "yes" and not _JSON_FLAG_ABOUT.match(role)) for role, value in roles.items())
    said_no = any(_json_verdict(role, value) == "no" for role, value in roles.items())
    agreed = agreed and not said_no  # {"ack": true, "vote_on_left": "no"}: received, and refused
    then = agreed or after_yes
    planned_in_directions = any((role in _JSON_MOVE_KEYS or role in _JSON_PLAN_KEYS) and isinstance(value, list) and len(value) > 1
                                and _json_directions(value) for role, value in roles.items())
    verdict = ""
    proposed_at = None  # where the first proposal made in this object begins
    for key, value in data.items():
        norm = _json_role(re.sub(r"[^a-z]", "", str(key).lower()))
        if proposed_at is None and norm in _JSON_PROPOSAL_KEYS:
            proposed_at = len(out)
        if norm in _JSON_DESTINATION_KEYS and said_as_direction:
            continue  # {"move": "down", "to": [1, 0]}: one move, said twice
        if norm in _JSON_DIRECTION_KEYS and agreed and (_json_directions(value) or _json_words(value)):
            count = _json_count(data) if not isinstance(value, list) else None
            said = ", ".join(_json_cell(v) or "" for v in (value if isinstance(value, list) else [value]))
            out.append(f"Agreed: {said}{f' x{count}' if count else ''}.")  # {"agree": true, "move": "down"}, {"agree": true, "move": "left", "count": 5}
            continue
        if norm in _JSON_DESTINATION_KEYS and agreed and not said_as_direction:
            cell = _json_cell(value) if not (isinstance(value, list) and value and isinstance(value[0], list)) else None
            cells = [c for c in (_json_cell(v) for v in value) if c] if cell is None and isinstance(value, list) else [cell]
            if cells and all(cells):
                out.append("Agreed: " + ", ".join(cells) + ".")  # {"agree": true, "to": [1, 1]}: the move it accepts
                continue
        if norm in _JSON_AGREE_KEYS and isinstance(value, list) and value:
            cells = [c for c in (_json_cell(v) for v in value) if c]
            partly = any(isinstance(v, str) and v.strip().lower() in _JSON_PARTLY for v in data.values()) or any(
                role in _JSON_PROPOSAL_KEYS or role in _JSON_HOLD_KEYS for role in roles)  # {"agree": ["up"], "propose": [...]}, {"agree": [...], "hold": ["right"]}: these taken, the rest not yet
            # {"accepted": [[0,4], [0,3]]}: the cells it accepts; with {"agree": "partial"}, only those
            out.append("Agreed for now: " + ", ".join(cells) + "." if partly and cells else "Agreed.")  # never "left for now": what remains
        elif norm in _JSON_AGREE_KEYS and isinstance(value, dict) and any(
                _json_role(re.sub(r"[^a-z]", "", str(k).lower())) in _JSON_DIRECTION_KEYS and _json_directions(v) for k, v in value.items()):
            out.extend(_json_clauses({"agree": True, **value}))  # {"agree": {"moves": ["up", "up"], "then": "…"}}: what it says yes to
        elif norm in _JSON_AGREE_KEYS and isinstance(value, str) and value.strip().lower() in _JSON_PARTLY:
            continue  # {"agree": "partial", "accept": [...]}: the list says how far
        elif norm in _JSON_AGREE_KEYS and isinstance(value, bool):
            if value and said_no:
                continue  # {"ack": true, "vote_on_left": "no"}: received, and refused
            verdict = "Agreed." if value else "Pending confirmation." if _json_waits(roles) else "I do not agree."  # said last: the flag decides
        elif norm in _JSON_AGREE_KEYS and isinstance(value, str) and value.strip().lower() in _JSON_WHOLE:
            out.append("Agreed, all of it.")  # {"agree": "all"}: the whole plan
        elif norm in _JSON_AGREE_KEYS and isinstance(value, str) and _json_directions(value):
            out.append(f"Agreed: {_json_cell(value)}.")  # {"ack": "L", "propose": [...]}: yes to that move
        elif norm in _JSON_AGREE_KEYS and isinstance(value, str) and value.strip():
            out.append(_VERDICT_SAID.get(_json_verdict(norm, value)) or value.strip().rstrip(".") + ".")
        elif _json_verdict(norm, value) and not _JSON_FLAG_ABOUT.match(norm):
            out.append(_VERDICT_SAID[_json_verdict(norm, value)])  # {"up2": "accepted"}, {"vote": "yes"}, {"vote_on_left": "no"}
        elif isinstance(value, bool) and norm not in _JSON_AGREE_KEYS and _json_flag(norm):
            if not (value and said_no):
                verdict = verdict or ("Agreed." if value else "I do not agree.")  # {"left": true}, {"next_ok": true}, {"all4": true}
        elif norm in _JSON_AGREE_KEYS and isinstance(value, int) and not isinstance(value, bool) and value > 0:
            out.append("Agreed.")  # {"accepted": 3}
        elif norm in _JSON_MOVE_KEYS and isinstance(value, dict) and _json_cell(value) is None:
            out.extend(_json_clauses(value, agreed))  # {"proposal": {"moves": [...]}}
        elif norm in _JSON_MOVE_KEYS and value not in (None, "", []):
            if isinstance(value, list) and value and not all(isinstance(v, int) for v in value):
                cells = [c for c in (_json_cell(v) for v in value) if c]
                if cells:  # {"agree": true, "proposal": [...]}: yes to the partner's move, then this plan
                    out.append(("Then the plan: " if then else "Plan: ") + " -> ".join(cells) + ".")
            else:
                cell = _json_cell(value)
                if cell and not ACTI_WORD.search(cell):
                    lead = "Then let's" if then else "Let's"  # {"agree": true, "proposal": "down"}: yes to the partner's move, then this one
                    out.append(f"{lead} move {cell}." if find_mentions(cell) and all(m.kind == "direction" for m in find_mentions(cell)) else f"{lead} go to {cell}.")
                elif cell:
                    out.append(cell)
        elif norm in _JSON_PLAN_KEYS and isinstance(value, list):
            if planned_in_directions and not _json_directions(value):
                continue  # {"suggest": ["right", "down"], "path": ["1,1", "2,1"]}: the same plan, as the cells it passes
            cells = [c for c in (_json_cell(v) for v in value) if c]
            if cells:  # {"agree": true, "plan": [...]}: the plan said back, or the partner's; nested in a yes, the next moves
                out.append(("Then the plan: " if after_yes else "Plan: ") + " -> ".join(cells) + ".")
        elif norm in _JSON_TEXT_KEYS and isinstance(value, str):
            out.append(value)
        elif norm in _JSON_WHY_KEYS and isinstance(value, str) and value.strip():
            out.append(_WHY_MARK + value)  # why, not what: read as the partner's reasons
        elif norm in _JSON_POSITION_KEYS and (cell := _json_cell(value)) and find_mentions(cell):
            out.append(f"We're at {cell}.")  # {"pos": [2, 1]}: where it says the pair stands
        elif norm in _JSON_CONVENTION_KEYS and isinstance(value, (dict, str)):
            said = value if isinstance(value, str) else ", ".join(
                str(v) if str(k).lower() in ("system", "type", "name", "order") else f"{k} = {v}" for k, v in value.items() if isinstance(v, (str, int)))
            out.append(f"Convention: {said}.")  # {"convention": {"system": "xy", "x": "column, 0 = leftmost"}}
        elif norm in ("goal", "start") and (cell := _json_cell(value)) and find_mentions(cell):
            out.append(f"The {norm} is {cell}.")  # {"goal": [6, 7]}: where the pair names the goal
        elif norm in ("acti", "done", "goalreached", "finished") and value is True:
            out.append("ACTI!")
        elif isinstance(value, dict) and norm not in ("map", "view", "known", "knowledge", "walls", "open", "cells", "grid"):
            out.extend(_json_clauses(value))
    if verdict and proposed_at is not None and proposed_at < len(out):  # {"agree": true, "propose": {…}}: the yes is to the partner's move, said before this one
        return [*out[:proposed_at], verdict, *out[proposed_at:]]
    return [*out, verdict] if verdict else out  # said last: the flag decides, not a note


_WHY_MARK = "\x01"  # a JSON value that gives reasons ({"reason": …}); control characters are cleaned away before
_JSON_REASONS = "reasons (JSON)"  # the section such values are read in: what they say informs, it never decides


def _json_line(line: str, section: str | None) -> tuple[str, str | None]:
    """A clause made from JSON as a (line, section) pair: a reason is read in a section of reasons."""
    return (line[1:], _JSON_REASONS) if line.startswith(_WHY_MARK) else (line, section)


def _parse_json(text: str) -> object | None:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, ValueError):
        return None


_INLINE_JSON = re.compile(r"\{(?:[^{}]|\{[^{}]*\})*\}")


def _inline_json(line: str) -> str:
    def swap(match: re.Match) -> str:
        data = _parse_json(match.group(0))
        if not isinstance(data, dict):
            return match.group(0)
        return " \n" + "\n".join(_json_clauses(data)) + "\n "
    return _INLINE_JSON.sub(swap, line)


def _json_block(lines: list[str], first: int) -> tuple[object, int] | None:
    """(the JSON value, the index after it) when lines from `first` on hold one, else None."""
    for last in range(first + 1, min(len(lines), first + 80)):
        if lines[last].rstrip().endswith(("}", "]")):
            data = _parse_json("\n".join(lines[first:last + 1]))
            if isinstance(data, (dict, list)):
                return data, last + 1
    return None


_RIGHT_AS_CORRECT = re.compile(r"((?:^|[.!?]\s+)\W*)right(\s*(?:[—–]|--?)\s*)(?=(?:we|i|you|that|it|yes|exactly|good|and|so|the plan|your)\b)", re.IGNORECASE | re.MULTILINE)


_SHORTHAND_WORDS = {"agn": "again", "agian": "again", "agin": "again", "nxt": "next", "thn": "then", "thne": "then"}
_SHORTHAND = re.compile(r"\b(?:%s)\b" % "|".join(_SHORTHAND_WORDS), re.IGNORECASE)
_SHORTHAND_HINT = _Literals(list(_SHORTHAND_WORDS))


_EXAMPLE_INTRO = re.compile(r"(?:\b(?:following|this|that|a|the|same)\s+(?:\w+\s+)?(?:format|template|schema|structure|shape|form)|"
                            r"\blike (?:this|so)|\bfor (?:example|instance)|\be\.g\.|\bexample)\s*[:.]?\s*$", re.IGNORECASE)


def _introduces_example(lines: list[str], at: int) -> bool:
    """The prose line just before line `at` presents what follows as a format or an example."""
    before = next((line for line in reversed(lines[:at]) if line.strip()), "")
    return _EXAMPLE_INTRO.search(before) is not None


def clean_lines(text: str) -> list[tuple[str, str | None]]:
    """(line, section heading) pairs of readable prose; map dumps, knowledge tables and text addressed
    to a grader are dropped, JSON and move tables become plain clauses."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROL.sub(" ", _ANSI.sub("", text) if "\x1b" in text else text)
    text = text.replace("\u2018", "'").replace("\u2019", "'").replace("\u00d7", "x")
    if not text.isascii():
        text = _REFUSE_MARKS.sub(" ✘ ", _AGREE_MARKS.sub(" ✔ ", text))
    if not _ARROW_MARKS.isdisjoint(text):
        text = _ARROWS.sub(" -> ", text)
    if _SHORTHAND_HINT.search(text):
        text = _SHORTHAND.sub(lambda m: _SHORTHAND_WORDS[m.group(0).lower()], text)  # "up agn", "thn left": as typed fast
    if "ight" in text and ("—" in text or "–" in text or "-" in text):
        text = _RIGHT_AS_CORRECT.sub(r"\1correct\2", text)  # "Right — we stop at row 3 col 3": correct, then why
    out: list[tuple[str, str | None]] = []
    section: str | None = None
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            opening, j = i, i + 1
            while j < len(lines) and not _FENCE.match(lines[j]):
                j += 1
            block = lines[i + 1:j]
            language = _FENCE_LANGUAGE.match(line)
            i = j + 1
            data = _parse_json("\n".join(block))
            if data is not None and _introduces_example(lines, opening):
                continue  # "exchange status messages in the following format: ```{…}```": the shape, not a proposal
            if data is not None and not isinstance(data, (int, float, str)):
                out.extend(_json_line(c, section) for c in _json_clauses(data))
            elif sum(bool(_CELL_STATUS_LINE.match(b)) for b in block) * 2 > len([b for b in block if b.strip()]) > 0:
                pass  # a block of cells listed with what the map shows ("(1,0).  (1,2)."): the map, not moves
            elif not _is_code(block, language.group(1) if language else ""):
                out.extend((b, section) for b in block if b.strip() and not _is_map_line(b))
            else:  # 'path = [(4,5),(3,5)]', 'moves = U U L': the plan, written as code, is still the plan
                out.extend((_PLAN_ASSIGN.sub(r"\1: ", b), section) for b in block if _PLAN_ASSIGN.match(b))
            continue
        if line.lstrip()[:1] in ("{", "[") and _parse_json(line) is None:
            block = _json_block(lines, i)  # a JSON object written over several lines, outside a code fence
            if block is not None:
                data, i = block
                out.extend(_json_line(c, section) for c in _json_clauses(data))
                continue
        if _is_table_line(line):
            j = i
            while j < len(lines) and _is_table_line(lines[j]):
                j += 1
            out.extend((c, section) for c in _table_clauses(lines[i:j]))
            i = j
            continue
        i += 1
        heading = _HEADING.match(line)
        if heading:
            section = heading.group(1).strip()
            if _VERDICT_HEADING.search(section):
                out.append((section, None))  # "### ✅ Confirmed: moves 1–4": a heading that gives the verdict says it
            continue
        label = _LABEL_HEADING.match(line) if line.rstrip().endswith((":", ":**")) else None
        if label and i < len(lines) and _BULLET.match(lines[i]) and not find_mentions(label.group(1)):
            j = i
            while j < len(lines) and _BULLET.match(lines[j]):
                j += 1
            out.extend((item, label.group(1).strip()) for item in lines[i:j] if not _is_map_line(item))  # "Recap so far:" over a list
            i = j
            continue
        if not line.strip() or _is_map_line(line):
            continue
        if "{" in line:
            expanded = _inline_json(line)
            if expanded != line:
                out.extend(_json_line(part, section) for part in expanded.split("\n") if part.strip())
                continue
        out.append((line, section))
    return out


# -- splitting -----------------------------------------------------------------------------------

# Both kinds of sentence end follow a stop (or a stop inside bold, "**Moving: → →.** We'll …"): the lookbehind in
# front lets the engine pass over other positions at once.
_EMOJI = "[\U0001F300-\U0001FAFF\u2600-\u27BF]"  # pictographs and symbols: "🙂", "🧗", "✅"
_SENTENCE_END = re.compile(r"(?<=[.!?…*_])(?:(?<=[.!?…])|(?<=[.!…]\*\*)|(?<=[.!…][*_]))(?:(?!(?<=[Aa][Cc][Tt][Ii]!)\s+(?:is|was|means|stands|isn'?t|should|must|will|only|comes)\b)\s+(?!(?:for me|on mine|on my (?:side|map|end))\b)(?=[^\s.!?])|(?<=[.!?])(?=[A-Z(\[])(?<!\.\.))"
                           f"|(?<={_EMOJI})\\s+(?=[A-Z])")  # "… to the goal 🙂 Let's go step by step": an emoji ends a sentence too
_INFO_BEFORE_EMOJI = "|".join(f"(?<=\\b{word}\\s{_EMOJI})" for word in ("open", "clear", "free", "wall", "walls", "blocked", "for me", "mine"))
_PUNCT_BREAKS = (r"\s*;\s*|\s+[—–]+\s*|\s*[—–]+\s+|\s+-{1,2}\s+|(?<=[✔✘])\s+(?=\w)|\s+(?=(?:and|n|&)\s+(?:there'?s|theres|there is)\b)"
                 f"|(?:{_INFO_BEFORE_EMOJI})" r"\s+(?=[a-z])"
                 f"|(?<={_EMOJI})" r"\s+(?=(?:wanna|want to|let'?s|lets|shall we|how about|what about|should we|can we|so|then|now)\b)")  # "(3,5) open for me 🔥 slide right to (4,5)?": the emoji closes the report
_PUNCT_BREAK = quick(re.compile(_PUNCT_BREAKS))
_STOPS = frozenset(".!?…")  # a sentence ends only after one of them
_BREAK_ALONE = frozenset("but however because since which though although unless otherwise so re then putting us say".split())
_BREAK_AFTER_COMMA = frozenset("then next lets let i we how what shall should after and as s".split())
_CLAUSE_BREAK = CaseBlind(re.compile(
    _PUNCT_BREAKS + r"|(?<!recap)(?<!summary)\s+(?=(?:and|then|so|which puts us|putting us) (?:we'?re|we are|we'?ll be|we will be|that'?s|at)\b)|\s+(?=(?:gets|takes|puts|brings|lands|leads|places|leaves|carries|get|take|put|bring|land|lead|place|leave|carry) us\b)|\s*,\s*(?=[\(\[]\s*\d+\s*,\s*\d+\s*[\)\]]\s+(?:is\s+)?(?:clear|open|free|a wall|blocked|wall)\b)|,\s+(?=(?:\d\s*,\s*\d(?:\s*(?:,|n|and|&)\s*)?){2,}\s*(?:are\s+|is\s+)?(?:clear|open|free|walls?|blocked)\b)|,\s*(?=(?:row|r)\s*\d+[^,.;?!]{0,24}\b(?:open|clear|free|walls?|blocked)\b)|,\s*(?=(?:my|your|the)\s+(?:column|col|row|line|side|half)\s+(?:there\s+|here\s+)?(?:is|are|'s)\b)|,?\s+\bbut\b\s+|,?\s+\bhowever\b,?\s+|,\s*(?=(?:and\s+)?(?:so|then|next|let'?s|lets|i propose|i suggest|we should|how about|what about|shall we|should we|after that|and then|because|since|as|which|though|although|unless|otherwise)\b)"
    r"|\s+(?=(?:because|since|which means|which is|which puts|so let'?s|so i'?ll|so i will|so i'?m|so i am|though|although|unless|otherwise)\b)"
    r"|\s+(?=so\s+(?:(?:just|then|we go|go|tbh|honestly|imo|do|lets|let's|yea|yeah|ya|yes|ok|okay|k)\s+)*(?:\d\s*|x\d\s*)?(?:up|down|left|right|dwon|donw|rigth|rihgt|lfet|north|south|east|west)\b)"
    f"|(?<={_EMOJI})" r"\s+(?=(?:we'?re|we are|were|we r)\s+(?:now\s+)?(?:on|at|in)\b|and then\b)"  # "ok up up 🧗 we're on line 3 now"
    r"|\s*->\s*(?=(?:then\s+)?(?:say|declare|type|write)\b)",  # "down x5 -> right x5 -> say ACTI!": the plan, then the phrase
    re.IGNORECASE,
))
_ASIDE = re.compile(r"\(((?:[^()]|\([^()]*\))*)\)")
_IF_OPEN = quick(re.compile(r"\(?\s*\bif\s+(?:it'?s\s+|it\s+is\s+|that'?s\s+|that\s+is\s+|they'?re\s+|both\s+(?:are\s+)?)?(?:open|clear|free|passable|not\s+a\s+wall)\b\s*\)?"
                           r"|^\W*if\s+(?:so|yes|confirmed|that'?s\s+(?:right|correct|true|the\s+case))\s*,", re.IGNORECASE))
_HEDGE = quick(re.compile(
    r",?\s*\b(?:if i'?m (?:reading|seeing|understanding|counting|getting) (?:this|it|that|things|your \w+|the \w+|you)? ?(?:right|correctly)|"
    r"if i(?:'?ve| have)? (?:counted|read|got|understood|seen)(?: (?:this|it|that|things|them|the \w+|your \w+))? ?(?:right|correctly)|"
    r"if i understand (?:you )?(?:correctly|right)|if i'?m not mistaken|unless i'?m mistaken|as far as i can tell|i think maybe|"
    r"i think|i believe|i guess|i suppose|maybe|perhaps|probably)\b,?",
    re.IGNORECASE,
))


def _unhedged(match: re.Match) -> str:
    """A hedge dropped; the comma that set it off stays ("I agree, I think that's right: …" reads as "I agree, that's right: …")."""
    return ", " if match.group(0).startswith(",") and match.start() > 0 and match.end() < len(match.string) else " "


_HEDGE_HINT = _Literals("think|believe|guess|suppose|maybe|perhaps|probably|as far|mistaken|if i|understand".split("|"))
_IF_THEN_PLAN = re.compile(r"^\s*(if\b[^.;!?]*?)(?:\s+->\s+|,\s*then\s+|\s+then\s+)(.+)$", re.IGNORECASE)
_CONFIRM_REQUEST = re.compile(r"\W*(?:please\s+|pls\s+|can you\s+|could you\s+|would you\s+)(?:confirm|check|verify|double[- ]check)\b|"
                              r".{0,30}\bi'?d (?:like|want) to (?:double[- ]?check|check|verify|re-?verify|confirm)\b|\W*(?:confirm|check|verify)\s+(?:that|whether|if)\b", re.IGNORECASE)
_AXES = re.compile(r"\s*(?:rows?|r|x|col(?:umn)?s?|c|y)\s*[,;/]\s*(?:rows?|r|x|col(?:umn)?s?|c|y)\s*", re.IGNORECASE)
_MAIN_CLAUSE = re.compile(r",\s*(?:we|you|i|it|that|this)\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z']+")
_HAS_WORD = re.compile(r"\w|\?|✔|✘")
_WORD_OF_3 = re.compile(r"[A-Za-z]{3,}")
_CELLISH = re.compile(r"^\s*(?:row\s*\d+\s*,?\s*col(?:umn)?\s*\d+|col(?:umn)?\s*\d+\s*,?\s*row\s*\d+|x\s*=?\s*\d+\s*,\s*y\s*=?\s*\d+|[\w\s,;=-]{1,9})\s*$", re.IGNORECASE)


def _split_asides(line: str) -> list[str]:
    """Worded parentheses — "(open on my map)", "(counting from 1)" — are set apart as their own clause
    (marked with ASIDE in front, so the reader knows it elaborates rather than decides)."""
    asides: list[str] = []

    def pull(match: re.Match) -> str:
        inner = match.group(1)
        if _CELLISH.match(inner) or len(_WORD_OF_3.findall(inner)) < 2 or _AXES.fullmatch(inner):
            return match.group(0)  # a cell, a word or two, or the axes themselves ("(row, column)")
        asides.append(ASIDE + inner)
        return " "
    main = _ASIDE.sub(pull, line) if "(" in line else line
    return [main, *asides]


ASIDE = "\x00"  # marks a clause pulled out of parentheses (control characters are cleaned away before)
_ASIDE_STEP = re.compile(r"\x00\s*(?:then|and|next|after|followed)\b", re.IGNORECASE)


_YES_IT_IS_OPEN = re.compile(r"\W*(?:(?:and|also|oh and|plus),?\s+)?(?:yes|yeah|yep|yup|ya|ys)\b[\s,.!:—–-]*(?:(?:\S+\s*,?\s*){1,5}(?:is|are|'s)\s+|\(\d+\s*,\s*\d+\)\s+)(?:also\s+|definitely\s+|indeed\s+|still\s+)?(?:mine\s+and\s+|on\s+my\s+side\s+and\s+)?(?:open|clear|free|passable|empty)\b(?:\s+(?:on|for|in)\s+(?:my|mine|me)(?:\s+(?:side|map|view|end|half))?)?[\s.!]*$", re.IGNORECASE)


@lru_cache(maxsize=4096)
def split_clauses(line: str) -> tuple[str, ...]:
    """A line's clauses (cached: one line recurs across a dialogue's messages, "AGREE." in most of them)."""
    out: list[str] = []
    head, colon, tail = line.partition(": ")
    if colon and tail.strip() and _CONVENTION.search(head) and not _CONVENTION.search(tail):
        *before, last = _SENTENCE_END.split(head)
        if before and (len(last.split()) <= 2 or _RENDERING.fullmatch(last)) and not _CONVENTION.search(last):  # "(row, col) from 1. Next: down to (2,1)": the label goes with its moves
            return (*split_clauses(" ".join(before)), *split_clauses(f"{last}: {tail}"))
        return (*split_clauses(head), *split_clauses(tail))  # "Using (row, col) from 0: go to (0,1)."
    last_of_head = _SENTENCE_END.split(head)[-1] if colon else ""
    if colon and _CELL_FIRST.match(tail) and _INFO_HEAD.search(tail) and _COUNTED_MOVE_HEAD.fullmatch(last_of_head):
        before = head[:len(head) - len(last_of_head)]  # "Now left three times: (5,3) is open on my side, …": the move, then why
        return (*(split_clauses(before) if before.strip() else ()), last_of_head, *split_clauses(tail))
    if colon and _STATEMENT_HEAD.search(last_of_head) and _MOVE_TAIL.match(tail):
        return (*split_clauses(head), *split_clauses(tail))  # "the cell beneath us is the goal: down onto it."
    for part in _split_asides(line):
        for sentence in (_SENTENCE_END.split(part) if not _STOPS.isdisjoint(part) else (part,)):
            words = _words_of(sentence)
            full = not _BREAK_ALONE.isdisjoint(words) or ("," in sentence and not _BREAK_AFTER_COMMA.isdisjoint(words))
            splitter = _CLAUSE_BREAK if full else _PUNCT_BREAK
            for clause in splitter.split(sentence):
                if not clause or not _HAS_WORD.search(clause):
                    continue
                condition = _IF_THEN_PLAN.match(clause) if clause.lstrip()[:2].lower() == "if" else None
                if condition and _MAIN_CLAUSE.search(condition.group(1)):  # "if (0,1) is open, we could go right and then down"
                    out.extend([condition.group(1), "then " + condition.group(2)])
                elif condition:  # "if (1,1) is open on your side -> down, right": the condition informs, the plan proposes
                    out.extend([condition.group(1), condition.group(2)])
                elif "," in clause and (tail := _TRAILING_MOVE.search(clause)) and _INFO_HEAD.search(clause, 0, tail.start()):
                    out.extend([clause[:tail.start()], clause[tail.start():].lstrip(", ")])  # "row 3 col 4 is open for me too, right again"
                elif "," in clause and (lead := _LEADING_MOVE.match(clause) or _LEADING_MOVE_TO.match(clause)) and _INFO_TAIL.search(clause, lead.end()):
                    out.extend([clause[:lead.end()].rstrip(", "), clause[lead.end():]])  # "now dwn, theres a dot under us"
                else:
                    out.append(clause)
    return tuple(out)


_CELL_FIRST = re.compile(r"\s*(?:[(\[]\s*\d|[a-h]\d\b|r\d+c\d|row\s+\d)", re.IGNORECASE)
_COUNTED_MOVE_HEAD = re.compile(r"\W*(?:(?:now|so|then|next|ok|okay)(?:\s*,\s*|\s+))*(?:go\s+|move\s+)?(?:up|down|left|right)\s+(?:x\s?\d|\d|one|two|three|four|five|six|seven|twice|once)(?:\s+times)?\s*", re.IGNORECASE)
_STATEMENT_HEAD = re.compile(r"^(?!.*\b(?:would|could|might|may|if)\b|.*'d\b).*\b(?:is|are|'s)\s+\w", re.IGNORECASE)
_MOVE_TAIL = re.compile(r"\s*(?:(?:so|then|go|now|just|one|1)\s+)*(?:up|down|left|dwon|lfet|right(?!\s*[?.!]*\s*$))\b", re.IGNORECASE)
_TRAILING_MOVE = re.compile(r",\s+(?:(?:so|then|go|and)\s+)*(?:(?:up|down|left|dwon|donw|lfet)(?:\s+(?:again|x\s?\d|twice|once more))?|(?:right|rigth)\s+(?:again|x\s?\d|twice|once more))\s*[.!]?\s*$", re.IGNORECASE)
_INFO_WORDS = r"open|wall|walls|see|mine|for me|on my side|clear|free"  # what a seat says of its map
_INFO_HEAD = re.compile(rf"\b(?:{_INFO_WORDS})\b", re.IGNORECASE)
_LEADING_MOVE = re.compile(r"^\W*(?:(?:(?:now|so|then|go|ok|okay|k|next)\s+)*(?:up|down|left|dwon|donw|dwn|lfet|lft)|(?:(?:now|so|then|go|ok|okay|k|next)\s+)+(?:right|rigth)|(?:right|rigth)(?=\s+(?:i think|i guess|i'd say|id say|maybe|probably|imo)\s*,)|"
                           r"(?:(?:now|so|then|and|an|ok|okay|k)\s+)*(?:same\s+)?again(?:\s+after(?:\s+that)?)?|same (?:direction|way))"
                           r"(?:\s+(?:again|x\s?\d|twice|once more))?(?:\s+(?:is\s+)?(?:better|best))?(?:\s+(?:i think|i guess|i'd say|id say|maybe|probably|imo|actually))?\s*,\s*", re.IGNORECASE)  # "Right, I see it" agrees; "again, mine open" goes on
_LEADING_MOVE_TO = re.compile(r"^\W*(?:(?:now|so|then|next|go|ok|okay|k)\s+)*(?:from\s+(?:[(\[][^)\]]*[)\]]|[^,\s]+(?:\s+[^,\s]+){0,3}?)\s+)?(?:up|down|left|right|dwon|rigth|lfet)\s+"
                              r"(?:to|into|onto)\s+(?:[(\[][^)\]]*[)\]]|[^,(\[]{1,25}),(?!\d)\s*", re.IGNORECASE)  # "from (2,1) down to (3,1), i see it open" (not "to 2,3")
_INFO_TAIL = re.compile(rf"\b(?:{_INFO_WORDS}|there'?s|theres|there is|it'?s|its|(?:star|goal)\s+(?:is|looks|seems|'s))\b", re.IGNORECASE)


# Small patterns used in the classifier below, compiled once.
_RIGHT_AS_MOVE_AFTER = re.compile(r"\s*(?:then|and|again|twice|next|x\d|\d|,\s*(?:then|and)\b|to\b|one\b|-?>|=>|→)", re.IGNORECASE)
_NO_AS_DETERMINER_AFTER = re.compile(r"\s*(?:cap\b|walls?|way|need|problem|issue|objection|worries|worry|harm|prob|probs|biggie|sweat|stress|rush|pressure|path|route|move|other|more|cells?|one|further|\()", re.IGNORECASE)
_NO_WORD = re.compile(r"no+", 0)
_YES_WORD = re.compile(r"yes+(?:sir)?|yse|yeh|yah|yas|ye|okk+|okie(?: dokie)?|oki|okey dokey|surre|agre+d?|ag+r+e+d|argeed|aight|alrighty", 0)  # as typed fast
_CONDITIONAL_START = re.compile(r"\s*(?:if|when|unless|in case)\b", re.IGNORECASE)
_ASKING_BACK = quick(re.compile(r"\b(please say so|let me know|tell me)\b", re.IGNORECASE))
_ANY_WORD_CHAR = re.compile(r"\w", 0)
_TRAILING_NO = re.compile(r"\bno\s*$", re.IGNORECASE)
_SUBORDINATE_BEFORE_AGREE = re.compile(r"\b(if|whether|once|when|until)\b", re.IGNORECASE)
_RETRACTION = quick(re.compile(r"\b(scratch that|never ?mind|on second thought|actually no|i take (?:that|it) back|correction|my mistake|i was wrong|let'?s not commit|(?:don'?t|not) commit(?:ting)?(?: to (?:it|that|this|anything))? (?:yet|just yet))\b", re.IGNORECASE))
_CHECK_MARK = re.compile(r"✔", 0)
_CELL_TICK = re.compile(r"[\)\]\w]\s*✔")  # "(2,1) ✔, (4,1) ✔": a checklist of cells
_STATUS_TICK = re.compile(r"(?:\bopen|\bclear|\bfree|\bmine|\byours|[`'\"]\.[`'\"]|->\s*\.)\s*✔", re.IGNORECASE)
_AGREE_WORD_PLAIN = re.compile(r"\b(?:agree\w*|ok(?:ay)?|yes|sure|go|fine|deal|works)\b|✔", re.IGNORECASE)
_PROPOSAL_SECTION = re.compile(r"\b(proposal|next move|decision|plan|my move|answer(?!s)|suggest)", re.IGNORECASE)
_INFORM_SECTION = re.compile(r"\b(map|analysis|walls?|what i see|recap|so far|summary|progress|(?:step |move )?log|history|reason|reasoning|thinking|observ\w*|known|convention|position|status|view|coordinates?|merge|merged|merging|takeaways?|notes?|check|checks|verification|verify|findings|setup|legend)\b", re.IGNORECASE)
_PROPOSAL_OVER_RECAP = quick(re.compile(r"\b(let'?s|i propose|i suggest|next|then)\b", re.IGNORECASE))
_LETS_MOVE = quick(re.compile(r"\b(?:let'?s|lets)\s+(?:go|move|head|step)\b|\bmove:", re.IGNORECASE))
_HYPOTHETICAL_START = re.compile(r"\s*(?:if|would|could|might|unless|in case|assuming|suppose)\b", re.IGNORECASE)
_GO_VERB = quick(re.compile(r"\b(go|move|head|step)\b", re.IGNORECASE))
_CANNOT_GO = quick(re.compile(r"\b(?:can'?t|cannot|can not|won'?t be able to) (?:just |simply |really )?(?:go|move|head|step|start by (?:going|moving|heading))\b|no way\b", re.IGNORECASE))
_HORTATIVE = quick(re.compile(r"\b(let'?s|i propose|i suggest)\b", re.IGNORECASE))
_NEGATED_WALL = quick(re.compile(r"\b(not|isn'?t|aren'?t|no longer|never)\b\s+(?:\w+\s+){0,2}(?:a\s+)?(?:wall|blocked)", re.IGNORECASE))
_WALL_LIST = quick(re.compile(r"\bwalls?\s*(?::|are|at|in)\b", re.IGNORECASE))


# -- classifying ---------------------------------------------------------------------------------

_INTERJECTION = CaseBlind(re.compile(
    r"^\s*(?P<word>yes+(?:sir)?|aye(?: aye)?|yeah|yep|yup|yea|ya|ys|yse|yeh|yah|yas|ye|ok(?:ay|ey)?|okk+|okie(?: dokie)?|oki|okey dokey|kk?|sure|surre|agreed?|agre+d?|ag+r+e+d|argeed|aight|alrighty|i agree|deal|great|perfect|good|nice|locked in|locked|lock it in|"
    r"excellent|cool|awesome|alright|all right|right|correct|exactly|absolutely|definitely|confirmed|fine|bet|roger|"
    r"indeed|true|got it|understood|noted|makes sense|good (?:point|call|catch)|you'?re (?:absolutely )?right|that'?s right|"
    r"no+|nope|nah|wait|hold on|hang on|stop|hmm+|hm+|oh|oops|sorry|my bad|actually|well|so|hi|hello|hey|thanks|thank you|thx|"
    r"ah|aha|uh|um|huh|whoa|wow|ugh|meh|welp|sigh|✔|✘)(?![\w'])(?!\s+not\b)[\s,.!:;…—–-]*",  # "absolutely not" is no interjection
    re.IGNORECASE,
))
_PUNCTUATED = re.compile(r"[,.!:;…—–-]")
_STARTED_THEN_MOVED = r"we started (?:at|on|in|from)\b[^.?!;]*,\s*(?:then\s+)?(?:went|moved|walked|stepped)"  # "we started at @, moved down once, …": a recap
_WALKED = re.compile(rf"\b(?:so far|recap|we'?ve (?:gone|moved|taken|come|walked)|we have (?:gone|moved|taken|come|walked)|we (?:went|moved|walked|came|took)|{_STARTED_THEN_MOVED})\b", re.IGNORECASE)
_RELATIVE_PLACE = re.compile(r"\b(?:cell|square|one|spot|tile)\s+(?:directly\s+|just\s+)?(?:below|beneath|under|above|to the (?:right|left))\b", re.IGNORECASE)
_CORRECTION_START = re.compile(r"\W*(?:(?:sorry|oops|no|err?|uh|um)\W+)*i\s+(?:mean|meant)\b", re.IGNORECASE)  # "left— sorry, I mean right"
_PRAISED = re.compile(r"(?:analysis|point|question|observation|summary|work|catch|thinking|find|description|map|view|job|teamwork|recap|reasoning|breakdown|overview)\b", re.IGNORECASE)
_DIRECTION_NEXT = re.compile(r"\s*(?:right|left|up|down|rigth|dwon)\b", re.IGNORECASE)
_INTERJECTION_STARTS = frozenset("yokgsadpnecrfbitumwhltx✔✘")
_STRONG_AGREE_WORDS = {"yes", "aye", "aye aye", "yeah", "yep", "yup", "yea", "ya", "ys", "ok", "okay", "okey", "k", "kk", "sure", "agree", "agreed",
                       "i agree", "deal", "correct", "exactly", "absolutely", "definitely", "confirmed", "fine", "bet",
                       "roger", "✔", "alright", "all right", "perfect", "great", "locked", "locked in", "lock it in"}
_WEAK_AGREE_WORDS = {"good", "nice", "excellent", "cool", "awesome", "right", "indeed", "true", "got it", "understood",
                     "noted", "makes sense", "that's right", "thats right"}
_REFUSE_WORDS = {"no", "nope", "nah", "wait", "hold on", "hang on", "stop", "✘"}

_POSITIVE_IDIOM = _Gated(re.compile(
    r"\b(no problem|not a problem|no problems|no objections?|not objecting|no complaints|no issues?|no worries|"
    r"can'?t argue|couldn'?t agree more|no doubt|why not|not bad|nothing to object|no reason not to|no harm done|no probs?|no biggie|no sweat|"
    r"(?:not|never)\s+(?:gonna|going to|about to)\s+say no|(?:can'?t|cannot|won'?t|wouldn'?t|couldn'?t)\s+say no|can'?t complain)\b",
    re.IGNORECASE,
), ("no", "not", "can", "couldn", "doubt", "why", "nothing", "won", "wouldn", "never"))
_AGREE_PHRASE = _WordGated(re.compile(
    r"\b(agree|agreed|agre+d|agre|i concur|concur|sounds? (?:good|great|right|fine|perfect|like a plan(?!\s+(?:is|was|forming|coming|to)\b)|god|gud)|that works|affirmative|say less|consider it done|fair enough|this works|it works|works for me|"
    r"fine (?:by|with) me|good (?:by|with|for) me|ok(?:ay)? (?:by|with) me|let'?s do (?:it|that|this)|go ahead|go for it|go along with (?:that|this|it|you|the plan|your plan)|can live with (?:that|this|it)|"
    r"colou?r me (?:convinced|sold|persuaded)|(?:you'?ve|you have) (?:convinced|sold|persuaded) me|(?:consider me|i'?m) (?:convinced|sold)(?!\s+(?:that|it|the|we|on)\b)|"
    r"(?:let'?s|we'?ll|i'?ll)\s+(?:just\s+)?(?:take|go with|do|use|follow)\s+yours|(?:go|going) with yours|(?:your|ur) (?:route|plan|way|path|version|one) it is|"
    r"i'?m in|on board|deal|confirmed?|(?<=i )(?:hereby |also |fully )?confirm(?!\s+(?:that|whether|if|on|it'?s|its|(?:the\s+)?(?:cell|square)|[\(\[]|[a-h]\d|r\d|row|col)\b)|locked(?: in)?|lock it in|send it(?!\s+(?:over|to|back|across|along|through|in|out|off|now|later)\b)|happy with (?:that|this|it)|accept(?:ed)?|approved?|ratif(?:y|ied)|yes+|yeah|yep|yup|ys|aye|ok(?:ay)?|"
    r"(?:(?<=\b[a-h]\d )|(?<=\bup )|(?<=down )|(?<=dwon )|(?<=left )|(?<=right )|(?<=rigth ))ya(?=[\s.!]*$)|"  # "b4 ya", "dwon ya": a move, then yes
    r"(?<!i am )(?<!i'm )(?<!im )(?<!not )(?<!be )(?<!so )(?<!pretty )(?<!quite )(?<!very )(?<!fairly )(?<!really )(?<!totally )(?<!make )(?<!making )(?<!makes )sure|correct|exactly|absolutely|definitely|of course|roger|sgtm|lgtm|bet|alright|perfect|✔)\b|✔",
    re.IGNORECASE,
), 'yours your ur agree agreed agre agred agreeed i concur sound sounds that this it works fine good ok okay let lets go im on deal affirmative say consider fair confirm confirmed happy accept accepted approve approved ratify ratified live yes yess yesss aye yeah yep yup ys ya sure correct exactly absolutely definitely of roger sgtm lgtm bet alright perfect locked lock send colour color convinced sold persuaded', '✔')
_CONFIRMED_REPORT = re.compile(r"\b(?:is|are|was|were|been|both|all)\s+(?:now\s+|also\s+)?confirmed\s+(?:as\s+|to be\s+)?(?:open|clear|free|walls?|blocked|passable|empty|visible)\b"
                               r"|[)\]]\s*,?\s*(?:both|all)\s+(?:now\s+)?confirmed\b", re.IGNORECASE)  # "(4,0), (3,0), (2,0) all confirmed": cells checked
_UPPER_AGREE = quick(re.compile(r"\bAGREED?\b"))
_AGREE_WITH_STATEMENT = re.compile(
    r"^agree(?:d)?\s+(?:with\s+(?:your|the|that|this|you on)\s+(?:\w+\s+)?(?:analysis|map|maps|assessment|reasoning|observation|"
    r"point|summary|description|reading|logic|view|convention|coordinates?|notation)|that\b|(?:completely|entirely)\b|"
    r"in (?:principle|theory|general)\b|(?:broadly|overall)\b|"  # "Agreed in principle. Let's do it in two chunks": the idea, not yet the moves
    r"(?:we\s+(?:have|both|see|know|share|are on|are looking)|we'?ve got|there(?:'s| is| are)|it(?:'s| is| looks)|this (?:is|looks)|"
    r"the (?:\w+ )?(?:is|are|looks?|seems?)|our (?:\w+ )?(?:is|are|views?|maps?))\b)",
    re.IGNORECASE,
)
_NOT_WANTED = r"(?:don'?t|do not|dont)\s+(?:really\s+)?want\s+to\s+(?:go|move|head|take|try)"  # "I definitely don't want to go left": that way refused
_REFUSED_OBJECT = quick(re.compile(rf"\b(?:can'?t|cannot|won'?t|don'?t|do not|will not|not)\s+(?:\w+\s+)?(?:agree|accept|approve|go|move|step|take)\s+(?:to|with|on|into|onto)?\b|\b{_NOT_WANTED}\b|\b(?:stop|halt|wait)\b.{{0,20}}\b(?:instead of|rather than)\b", re.IGNORECASE))
_THIS_IS_THE_WAY = re.compile(r"^\W*(?:so\s+|and\s+)?(?:this|that|it)(?:'s|\s+is|\s+will be|\s+would be|\s+should be)\s+(?:the|our|a|my)\s+(?:\w+\s+)?(?:path|way|route)\s+"
                              r"(?:to|towards?|into|onto)\s+(?:the\s+)?(?:goal|\*|star|exit|finish|target)\W*$", re.IGNORECASE)
# "so we agree left is out", "agreed that (2,3) is a wall": one fact both see, no yes and no at once
_AGREED_RULED_OUT = re.compile(r"\bagree[ds]?\b(?:\s+(?:that|on))?\s+(?:\S+\s+){0,3}?\S*?(?:\s+is|\s+are|'s)\s+"
                               r"(?:out|a dead[- ]end|dead|blocked|a wall|walls|closed|no good|pointless|off)\b", re.IGNORECASE)
_LOCATIVE_ONLY = re.compile(r"^\W*(?:(?:directly|just|immediately|straight)\s+(?:(?:to|on)\s+(?:our|the)\s+(?:right|left)|(?:below|above|beneath|under(?:neath)?)\s+(?:us|it|that|start|the start))"
                            r"|(?:below|above|beneath|under(?:neath)?)\s+(?:us|the start|@))[\s,.:;—–-]*$", re.IGNORECASE)  # "Above us, (4,5) is open."
_NOT_THIS_MOVE = re.compile(r"^\W*(?:but\s+)?not\s+(?:the\s+|a\s+|that\s+|this\s+)?(?:(?:first|second|third|fourth|last|final|next|other|extra|\d+(?:st|nd|rd|th))\s+)?"
                            r"(?:up|down|left|right|one|move|step|part|bit|rest)\b", re.IGNORECASE)
_NO_MOVE = re.compile(r"^\W*(?:(?:so|then|and|but|hence|therefore)\W+)?(?:no+|not)\s+(?:going\s+|moving\s+|more\s+)?(?:straight\s+|directly\s+)?(?:up|down|left|right)(?:\s*(?:x\s*)?\d)?(?:\s+(?:then|for now|there))?\W*$", re.IGNORECASE)
_AGREES_THAT = re.compile(r"\b(?:right|agree|correct|true|see)\s+(?:with you\s+)?(?:that|about)\b|^\W*that\s+(?!(?:is|was|works|sounds|'s)\b)", re.IGNORECASE)  # "you're right that (2,2) is open"
_ABOUT_CONVENTION = quick(re.compile(r"\b(convention|coordinates?|coordinate system|notation|format|system|labels?|labelling|numbering|indexing|legend|(?:x|y|row|col|column)s? (?:first|axis))\b", re.IGNORECASE))
_SARCASM = quick(re.compile(r"🙃|🙄|\bsure,? buddy\b|\byeah,? right\b|\bsure,? jan\b|\bas if\b|\bnice try\b", re.IGNORECASE))
_SARCASM_HINT = _Literals("🙃|🙄|buddy|yeah|jan|as if|nice try|or no|or not|or nay".split("|"))
_EITHER_IS_FINE = re.compile(r"\W*(?:(?:honestly|really|tbh|i think|i mean)\W+)?(?:either|whichever|whoever|any)(?:\s+(?:way|one|option|route|of (?:them|those|the two)))?\s+(?:(?:is|'s|would be)\s+)?(?:fine|ok|okay|good|great|works?|you (?:like|prefer|want|choose|pick))\b", re.IGNORECASE)
_GOAL_LIES = re.compile(r"\W*(?:(?:so|and|but|i agree|i think|yes)\W+)*(?:the\s+)?(?:goal|\*|star|exit|target|finish)(?:'s|\s+(?:is|lies|sits|looks|seems)|(?=\s+(?:top|bottom|upper|lower|far)\b))\s+(?:to be\s+)?(?:\w+\s+){0,2}?"
                        r"(?:up|down|left|right|above|below|north|south|east|west|top|bottom)\b(?:[\s-]+(?:and\s+|&\s+)?(?:to\s+the\s+)?(?:up|down|left|right|top|bottom)\b){0,2}(?:\s+(?:of|from)\s+(?:us|here|the start|@))?(?:\s*:\s*(?![^;!?]*\b(?:up|down|left|right|go|move|head)\b)[^;!?]*)?\W*$", re.IGNORECASE)  # "…left of us: row 2, first column": and the cell it is
_GOAL_NAMED = re.compile(r"\W*(?:the\s+)?(?:goal|\*|star)(?:\s+(?:is\s+)?at\s+|\s*[:=]\s*|\s+)(?:[\(\[]\s*\d{1,2}\s*,\s*\d{1,2}\s*[\)\]]|[a-h]\d|r\d+c\d+)\W*$", re.IGNORECASE)  # "Goal (2,0).": where it is
_NEED_FROM_YOU = re.compile(r"(?:\b(?:i|we)\s+|^\W*)(?:still\s+)?(?:need|want|would like|'d like)\b(?:(?!\b(?:go|move|step|head)\b).){0,60}?\b(?:from you|from your (?:side|view|map|half))\b", re.IGNORECASE)  # "I need (2,2), (3,0) from you": what to tell, not where to go
_POLITE_PROPOSAL = re.compile(r"\bI(?:'d| would)\s+(?:like to\s+)?(?:extend|suggest|propose|recommend|amend|modify|lean|vote|go with)\b"
                              r"|\b(?:might|may|could|would)\s+be\s+(?:a\s+|the\s+)?(?:good|decent|fine|better|best|safe|smart|reasonable|sensible)\s+"
                              r"(?:start|first move|first step|move|step|idea|option|way|bet|choice|call|plan)\b", re.IGNORECASE)  # "I would extend it: down, right": a proposal, put politely
_POLITE_YES = re.compile(r"\bI(?:'d| would)\s+(?:agree|say yes|consent)\s+(?:to|with)\b", re.IGNORECASE)
_UNDERSTOOD = re.compile(r"\W*i see(?:\s+(?:it|that|now|what you mean))?\W*$", re.IGNORECASE)
_ACKNOWLEDGING = frozenset(("ok", "okay", "k", "oh", "ah", "ahh", "ohh", "hmm", "hm"))
_WHERE_ARE_WE = re.compile(r"\bwhere (?:are we|do we stand|we at)\b|\bwhat(?:'?s| is) our (?:position|location|cell)\b", re.IGNORECASE)
_EITHER_ANSWER = re.compile(r"\b(?:yes or no|agree or not|ok or not|yay or nay)\b", re.IGNORECASE)
_RENDERING = re.compile(r"\W*(?:that'?s|that is|(?:so\s+)?(?:that|which) would be|that'?d be|i\.?e\.?|in other words|aka|or,? in (?:coords?|coordinates|cells)|in (?:coords?|coordinates|cells)|as (?:coords?|coordinates|cells)|meaning|so that'?s)\b[:,]?", re.IGNORECASE)
_CONCLUSION = re.compile(r"\W*(?:so|therefore|thus|hence|overall|final(?:ly)?(?: plan| answer| route)?|in total|in summary|bottom line)\b(?!\s*,?\s*(?:then|next|after that|afterwards)\b)\s*[:,]?", re.IGNORECASE)
_CONTINUATION = re.compile(r"\W*(?:and\s+)?(?:then|after that|afterwards)\b", re.IGNORECASE)
_NEGATED_JUST_BEFORE = re.compile(r"\b(?:not|never|cannot|can'?t|don'?t|won'?t|wouldn'?t|couldn'?t|didn'?t)\s+(?:\w+\s+)?$", re.IGNORECASE)
_ABOUT_AGREEING = quick(re.compile(
    r"\b(?:both|players?|agents?|sides?|they|each|everyone|someone|the other (?:agent|side|player|one)|please|pls|you can|you must|you need|"
    r"you have to|we must|we need to|we have to|must|needs? to|has to|have to|until|unless|when|once|if)\b[^.?!]{0,30}?\bagree(?:s|ing|ment|d)?\b",
    re.IGNORECASE,
))
_MOVES_TO = quick(re.compile(r"\b(?:let'?s|lets|go|move|jump|head|step (?:to|into|onto|over|across)|walk|travel|proceed|hop|skip|cut|MOVE:|propose:?)\b", re.IGNORECASE))
_COPULA = quick(re.compile(r"\b(?:is|are|was|were|be|been|has|have)\b|'s\b|@\s*=|\b(?:start|goal|star|target)\s*=", re.IGNORECASE))
_PROGRESSIVE = re.compile(r"\W*(?:now\s+)?(?:moving|going|heading|stepping|walking)\b", re.IGNORECASE)
_REASONING = re.compile(r"\blet me (?:reason|think|check|verify|make sure|double[- ]check|work (?:it|this) out|walk (?:it )?through|trace)|\bthinking (?:it )?through\b|\breasoning\b", re.IGNORECASE)
_MEANT = re.compile(r"\bi (?:meant|mean|was (?:referring|talking))\b|\bin your (?:terms|notation|coordinates)\b", re.IGNORECASE)
_CONSEQUENCE = re.compile(r"\W*(?:gets|takes|puts|brings|lands|leads|places|leaves|carries|get|take|put|bring|land|lead|place|leave|carry) us\b", re.IGNORECASE)
_GERUND_OR_IF = re.compile(r"\W*(?:going|moving|heading|stepping|taking|turning|if|when)\b", re.IGNORECASE)
_WHY = re.compile(r"^\W*(?:(?:hmm+|hm+|um+|uh+|wait|but|and|ok(?:ay)?|so)\W+(?!why\s+not\b))?(?:why|how come|how (?:many|far|much))\b", re.IGNORECASE)  # "why right?", "Hmm, why north first?", "how many left." (not "so why not go right?")
_MOVES_THEN_STATUS = re.compile(r"^\W*(?:(?:then|and then|now|so)\s+)?(?:(?:up|down|left|right|dwon|rigth)\b(?:[\s,]*(?:x\s?\d|\d|twice))?[\s,]*(?:then\s+|and\s+)?)+(?:is\s+|are\s+|both\s+)?(?:open|clear|free|ok|fine)(?:\s+(?:here|too|for me|on mine|on my (?:side|map|end)))?\s*[?.!]?\s*$", re.IGNORECASE)
_LETS_GO = re.compile(r"^\W*(?:let'?s (?:go|do this|roll)|go(?:\s+go)*|go for it|do it|send it|send|going|moving|moved|on it|on my way|here we go|executing|proceeding|rolling|done)[^\w?]*$", re.IGNORECASE)  # "send it 🚀"
_NEGATION = quick(re.compile(
    r"\b(not|never|cannot|can'?t|don'?t|doesn'?t|didn'?t|won'?t|wouldn'?t|couldn'?t|shouldn'?t|isn'?t|aren'?t|"
    r"no longer|hardly|disagree|unable)\b|n't\b",
    re.IGNORECASE,
))
_CONDITIONAL_AGREE = _Gated(re.compile(r"\b(would|'d|could|might)\s+(?:\w+\s+){0,2}agree\b|\bagree\w*\s+(?:only\s+)?(?:if|once|when|unless)\b", re.IGNORECASE), ("agree",))
_REFUSE_PHRASE = _Gated(re.compile(
    r"\b(disagree|decline|reject(?:ed)?|negative|let'?s not|we shouldn'?t|should not|don'?t go|do not go|don'?t move|"
    r"won'?t work|doesn'?t work|not possible|impossible|that'?s wrong|that is wrong|incorrect|that'?s a mistake|"
    r"(?:that|it|this|there)(?:'s| is| would be| will be)\s+(?:a\s+)?(?:wall|blocked|off the (?:grid|map|board))|"
    r"(?:hits?|into|run into|bump into) a wall|(?:runs?|bumps?|crash(?:es)?|slams?) (?:right |straight )?into (?:it|that)\b|dead[- ]end|out of bounds|off the (?:grid|map|board|edge)|"
    r"can'?t (?:go|move|do|take|step)|cannot (?:go|move|do|take|step)|not (?:go|move) (?:there|that way)|"
    r"is blocked|are blocked|that'?s blocked|blocked for me|not open|isn'?t open|instead|rather|"
    r"not so fast|not yet|doesn'?t seem right|not a good idea|bad idea|i don'?t think so|no way|no can do|no go|(?:absolutely|definitely|certainly|of course) not|"
    rf"{_NOT_WANTED}|(?:up|down|left|right)(?:'s| is)\s+out)\b",
    re.IGNORECASE,
), ("want", "s out", "is out", "no way", "no can", "no go", "into it", "into that", "don", "disagree", "declin", "reject", "negative", "not", "n't", "should", "work", "possible", "wrong", "incorrect", "mistake", "wall", "block", "dead", "bound", "off the", "can", "instead", "rather", "fast", "yet", "idea", "think so"))
_DOUBT = _Gated(re.compile(
    r"\b(are you sure|you sure|r u sure|u sure|you certain|u certain|is that (?:correct|right|true|ok)|really\?|double[- ]check|can you (?:check|verify)|"
    r"i'?m not sure|not sure|not certain|unsure|are we sure|is it really (?:open|safe|free|clear)|"
    r"hold on|hang on|brb|be right back|one sec(?:ond)?|just a sec(?:ond)?|gimme a (?:sec|min|minute)|give me a (?:sec(?:ond)?|moment|minute)|"
    r"(?:let me|lemme|i'?ll|i want to|i need to)\s+(?:look|check|verify|see)\b[^.?!]{0,40}\bfirst|"
    r"(?:i(?:'ll| will| shall)|(?<!\bi )\bwill)\s+confirm\s+(?:it\s+|that\s+)?(?:after|later|once|when|next)|pending\s+(?:re-?)?(?:verification|confirmation)|"
    r"hold(?:ing)? off|let'?s (?:just )?wait|(?:we|i) should (?:just )?wait|wait and (?:see|check|double-check)|"
    r"(?:request|need|require|want|would like|ask for)s?\s+(?:some\s+|further\s+|a\s+)?clarification\b[^.?!]{0,60}\bbefore\s+(?:agreement|agreeing|i agree|committing))\b",  # "Let's hold off for now"
    re.IGNORECASE,
), ("sure", "correct", "right", "true", "ok", "really", "double", "check", "verify", "certain", "open", "safe", "free", "clear",
    "hold on", "hang on", "brb", "be right", "sec", "gimme", "give me", "first", "confirm", "pending", "hold off", "holding off", "wait", "clarification"))
_HOLD_UNTIL = _Gated(re.compile(r"\bhold(?:ing)?\s+(?:off\s+(?:on\s+)?)?(?:the|those|these|that|this|them|it)(?:\s+(?:ups?|downs?|lefts?|rights?|moves?|steps?|rest|last\s+(?:one|move|step)))?"
                                r"\s+(?:until|till|for now|for a (?:moment|sec))\b", re.IGNORECASE), ("hold",))  # "Hold the ups until we're at (5,0).": not yet

_META = _Gated(re.compile(
    r"\b(we (?:only )?(?:say|write|type)|(?:says?|writes?|types?|said|saying|typing|writing|declares?|announces?|shouts?|calls?) (?:out )?\W*acti|"
    r"(?:say|write|type|reply|respond|answer|use|with)\s+\W*(?:agree|move:|propose)|to propose|(?<!have )(?<!going )(?<!happy )(?<!willing )(?<!ready )(?<!glad )(?<!delighted )(?<!pleased )to (?:accept|agree)|"
    r"(?:accept|propose)\w*\s+(?:\w+\s+){0,2}(?:by (?:writing|saying|typing)|with|using)\b|"
    r"the rules?|protocol|format|remember(?: that)?|reminder|instructions?|as instructed|once we (?:reach|get|are)|"
    r"when we (?:reach|get|are at|arrive)|only when|(?<!right )(?<!left )(?<!up )(?<!down )until we|as soon as|before (?:we|saying)|after we (?:reach|get)|"
    r"don'?t say|do not say|not say|shouldn'?t say|won'?t say|will say|we'?ll say|i'?ll say|should say|must say|can say|"
    r"need to say|supposed to|the phrase|the word|completion phrase|magic word|keyword)\b",
    re.IGNORECASE,
), ("say", "write", "type", "said", "typing", "writing", "declare", "announce", "shout", "call", "reply", "respond", "answer", "use",
    "with", "accept", "propose", "agree", "rule", "protocol", "format", "remember", "reminder", "instruct",
    "once we", "when we", "only when", "until", "as soon", "before", "after we", "phrase", "word", "supposed"))
_CLAIM = _Gated(re.compile(
    r"\b(we (?:made it|did it|win|won|solved it|finished|are done|'re done)|we(?:'ve| have)? (?:reached|arrived at|hit|found|got to|made it to) "
    r"(?:the )?(?:goal|\*|end|finish|exit|destination)|(?:goal|destination) (?:reached|achieved)|mission accomplished|"
    r"success(?:ful(?:ly)?)?|solved|victory|we'?re (?:at|on) (?:the )?(?:goal|\*)|we are (?:at|on) (?:the )?(?:goal|\*)|"
    r"(?:that|which) (?:puts|gets|brings) us (?:at|to|on) (?:the )?(?:goal|\*)|game over|the end(?!\s+of\b))\b",
    re.IGNORECASE,
), ("made it", "did it", "win", "won", "solv", "finish", "done", "reach", "arriv", "hit", "found", "got to", "goal", "*", "destination", "accomplish", "success", "victor", "game over", "the end", "us "))
_HELD_MOVES = re.compile(r"[:—–-]\s*(?:on\s+)?hold\b|\bon hold\b|[:—–-]\s*not yet\b|^\W*hold\s+(?:the\s+)?(?:remaining|rest|others?\b)", re.IGNORECASE)  # "Down x3: hold", "steps 3–4 on hold", "Hold the remaining three"
_HOLD_ON = re.compile(r"\b(?:hold (?:on|off)|wait (?:on|for|with)|pause (?:on|at))\b", re.IGNORECASE)
_ON_GOAL_NOW = re.compile(r"\W*(?:now\s+)?(?:on|at)\s+(?:the\s+)?(?:goal|\*|star)(?:\s+(?:now|already))?\W*$", re.IGNORECASE)  # "On * now."
_RECAP = _WordGated(re.compile(
    r"\b(so far|recap|recapping|to recap|summary|summari[sz]e|to sum up|in total|overall path|full path|complete path|"
    r"we'?ve (?:gone|moved|taken|made|done|come|walked|traveled|travelled|covered|been)|we have (?:gone|moved|taken|made|done|come|walked|been)|"
    r"we (?:went|moved|walked|came|took|stepped|traveled|travelled|did)|" + _STARTED_THEN_MOVED + r"|our (?:path|route|moves|trail|progress)|path (?:so far|taken)|"
    r"route (?:so far|taken)|moves? (?:so far|made|done|completed|taken)|completed|progress|history|trail|visited|"
    r"agreed (?:moves|path|route)|the route we|as agreed|already agreed|we agreed|we already|previously|earlier|"
    r"(?:we'?re|we are|we'?re now|we are now|now we'?re|now we are|currently|now|still|we stand|we sit|position|standing|stood|located) "
    r"(?:at|on|in|is|next to|near|beside|adjacent to|close to|one (?:step|move) (?:from|away))|(?:we|were|now we|we now) (?:now )?(?:at|on) (?=row|r\d|col|column|[\(\[]\s*\d|[a-l]\d)|(?:current|our) (?:position|location|cell|spot)|(?:final|new) (?:position|location)|^\W*(?:[a-z][\w ]{0,20}:\s*)?pos(?:ition)?(?=\s*[\(\[]\s*\d|\s+(?:row|col|column|r\d|[a-l]\d)\b)|"
    r"(?:we'?re|we are|you'?re|you are|ur|u r|u'?re)(?: now)? (?=(?:in |on |at )?(?:row|r\d|col|column)\b|(?:in |on |at )?[\(\[]\s*\d)|"
    r"we'?re here|you are here|we are here|from the start(?:,|:)? (?:we|i) (?:went|moved|took))\b|^\W*(?:now\s+|ok,?\s+)?at\s+(?=[\(\[]|[a-l]\d|r\d)|"
    r"\b(?:current\s+|our\s+)?(?:position|location|pos)\s*[:=]",
    re.IGNORECASE,
), 'so recap recapping to summary summarise summarize in overall full complete we our path route moves move completed progress history trail visited agreed the as already previously earlier currently now still position pos standing stood located current final new you ur u were ok at', '')
_INFORM = _WordGated(re.compile(
    r"\b(walls?|open|blocked|free|clear|dots?|hidden|unknown|visible|invisible|see|sees|seen|saw|shows?|showing|shown|map|maps|view|"
    r"legend|symbol|corner|convention|coordinates?|indexed|index|numbered|numbering|origin|counting|count from|means|"
    r"known|knowledge|is at|are at|located|lies|sits|marked|labelled|labeled|cell type|"
    r"(?:the )?(?:goal|start|exit|finish|target|destination)(?:\s+cell)?\s+(?:is|at|=|sits|lies)|"
    r"row \d+ (?:is|has|reads)|column \d+ (?:is|has)|has a wall|there'?s a wall|there is a wall|passable|impassable|accessible|"
    r"reachable|unreachable|available|possible|options?|neighbou?rs?|adjacent|surrounded|edge|border|dead[- ]?end|walled|walled off|"
    r"nowhere|no other|only (?:option|way|choice)|idk|dunno|no idea|unsure|unknown|can'?t see|cannot see|not visible)\b|"
    r"\?\s*(?:for me|on mine|on my (?:side|map|end))",
    re.IGNORECASE,
), 'walls wall open blocked free clear dot dots hidden unknown visible invisible see sees seen saw show shows showing shown map maps view legend symbol corner convention coordinate coordinates indexed index numbered numbering origin counting count means known knowledge is are located lies sits marked labelled labeled cell the goal start exit finish target destination row column has there passable impassable accessible reachable unreachable available possible option options neighbour neighbours neighbor neighbors adjacent surrounded edge border dead deadend idk dunno no unsure unknown can cannot not idea for on nowhere walled only', '')
_INFORM_SYMBOL = quick(re.compile(r"\b(?:is|=|are)\s+(?:the\s+)?(?:goal|start|exit|finish|target|destination)\b|(?:\b(?:is|are|'s)|=|:)\s*(?:all\s+|both\s+)?(?:an?\s+)?['\"`‘“][.#?]['\"`’”]|\b(?:double-?|re-?)check(?:ed)?\b|(?<![\w*@])[@*](?:\s+cell)?\s+(?:is|at|=|sits|lies)\b|\b(?:is|=)\s+[@*](?!\w)", re.IGNORECASE))
_SEEN_LIST = re.compile(r"^\W*(?:mine|yours|theirs|my (?:side|half|view|cells|map)|your (?:side|half|view|cells|map)|seen|visible)\s*(?:\([^)]*\)\s*)?[:=]", re.IGNORECASE)  # "Mine: (4,5), (3,5)"
_CELL_STATUS = re.compile(r"[)\]]\s*=\s*['\"`]?[.#?]")  # "(1,0)=., (4,0)=#": what the cells are
_CONVENTION = _Gated(re.compile(
    r"\b(?:name|call|label|number|count|index|use|using|write|read|denote)\w*\s+(?:the\s+)?(?:\w+\s+)?(?:columns?|rows?|cells?|coordinates?|squares?)\b|"
    r"\b(?:left to right|right to left|top to bottom|bottom to top|left\s*->\s*right|right\s*->\s*left|top\s*->\s*bottom|bottom\s*->\s*top|from the (?:top|bottom|left|right)|(?:row|col|column|x|y)s? (?:grows?|increases?|goes)\b)|"
    r"\(\s*(?:row|r|x|col|column|c|y)\s*,\s*(?:row|r|x|col|column|c|y)\s*\)|\b(?:0|1|zero|one)[- ](?:indexed|based)\b|"
    r"\b(?:up|down|left|right|north|south|east|west)['\x22\u2019\u201d]?\s*(?:=|means|is)\s*(?:towards?\s+)?(?:the\s+)?(?:first|top|last|bottom|row|line|col|column|north|south|east|west|decreasing|increasing|smaller|larger|higher|lower)\b|"
    r"\bdirections only\b|\bno coord|\b(?:letters?|numbers?|digits?|x|y|rows?|columns?|cols?|ranks?|files?)\s+(?:go|goes|run|runs|count|counts|increase|increases|grow|grows)\s+(?:across|down|up|right|left|downwards?|sideways)\b|\b[xy]\s+(?:across|down|up|right|left|goes|grows|increases|counts|is the|=)",
    re.IGNORECASE,
), ("name", "call", "label", "number", "count", "index", "use", "using", "writ", "read", "denot", " to ", "from the", "grow", "increas", "goes", "(", "based", "=", "means", "direction", "coord", "across", "letter", "number", "go ", "up is", "down is", "left is", "right is", "north is", "south is", "east is", "west is", "->",
    "' is", "’ is", '" is', '” is', "x is", "y is", "x down", "y down", "x up", "y up", "x left", "y left", "x right", "y right", "x count", "y count"))
_HYPOTHETICAL = _WordGated(re.compile(
    r"\b(if|would|'d|could be|might|may|whether|unless|otherwise|suppose|assuming|imagine|hypothetically|"
    r"gets us|get us|leads?|leading|takes us|take us|puts us|put us|brings us|bring us|lands? us|places? us|leaves? us|carr(?:y|ies) us|ends? up|end us|"
    r"goes to|go to a wall|reach(?:es)? (?:a|the)? ?(?:wall|dead)|that'?d|we'?d|it'?d|can reach|could reach|then we'?d|"
    r"means|meaning|either|alternatively|alternative|option|options|possible|possibly|one way|another way|"
    r"from there,? (?:we|you) (?:can|could)|we can go|we could go|you can go|"
    r"(?:was|were) (?:going|about|planning) to (?:suggest|propose|say|go)|had (?:suggested|proposed|planned))\b",
    re.IGNORECASE,
), 'if would d could might may whether unless otherwise suppose assuming imagine hypothetically was were had gets get leads lead leading takes take puts put brings bring lands land places place leaves leave carries carry ends end goes go reach reaches that we it can then means meaning either alternatively alternative option options possible possibly maybe perhaps one another from you', '')
_STRONG_PROPOSAL = _WordGated(re.compile(
    r"\b(let'?s|lets|let us|i propose|i'?d propose|i suggest|i'?d suggest|proposal|proposing|(?<!going to )(?<!about to )propose|(?<!going to )(?<!about to )suggest(?:ion)?|"
    r"how about|what about|why don'?t we|shall we|should we|we should|we (?:still |just |really )?(?:must|need to|have to|gotta|got to)|i vote|my vote|"
    r"i'?d (?:say|go|pick|choose|recommend|rather|prefer|suggest|propose|like to)|i (?:would )?(?:rather|prefer)|instead|i (?:recommend|want to go|think we should)|recommend|we go|we move|we step|we head|we take|"
    r"please (?:go|move|step|head)|next move|next step|my move|move:|propose:|decision|(?<!your )(?:plan|route|path)|(?:the|a|my|our) way(?=\s*(?:is\s*)?:)|answer|the rest (?:would be|is|will be)|"
    r"i'?m (?:proposing|suggesting)|(?:i\s+)?request(?:ing)?\s+(?:your\s+)?approval|for your approval|we'?ll (?:go|move|head|step|take)|we will (?:go|move|head|step|take)|"
    r"can we|could we|may we|go ahead and|here'?s (?:an|my|the|a) (?:idea|plan|proposal|suggestion)|(?:my|an|one) idea|idea:|next (?:would be|is|will be|up|should be|could be|one)(?!(?:\s+(?:up|down|left|right|over|along))?\s+(?:is|'s|looks|seems)\s+(?:also\s+|too\s+|both\s+)?(?:open|clear|free|fine|ok|a wall|blocked|walled)))\b|^\s*(?:go|move|step|head|walk|proceed|continue|try|take(?!\s+us\b))\b|\bit is\s*[:,]|\bit'?s (?:settled|decided)\b|\bit is\s*[.!]*\s*$",
    re.IGNORECASE,
), 'let lets i proposal proposing propose suggest suggestion how what why shall should we please next my move decision plan route path answer can could may go step head walk proceed continue try take instead recommend here idea an one it rest way request requesting approval id im', '')  # "id say", "im suggesting" typed fast
_MOVE_VERB = _Gated(re.compile(
    r"\b(go|goes|going|goin|move|moving|moves|step|steps|stepping|head|heading|walk|walking|proceed|continue|continuing|"
    r"travel|take|taking|try|then|next|after that|afterwards|finally|first|again|once more|now)\b|->",
    re.IGNORECASE,
), ("go", "mov", "step", "head", "walk", "proceed", "continu", "travel", "tak", "try", "then", "next", "after", "final", "first", "again", "once more", "now", "->"))
_SEQUENCED = _Gated(re.compile(r"\b(then|next|again|another|once more|one more|after that|afterwards|continue|further|more|also|and then|followed by|second|third|finally)\b", re.IGNORECASE), ("then", "next", "again", "another", "once more", "one more", "after", "continu", "further", "more", "also", "followed", "second", "third", "finally"))
_SOLO = quick(re.compile(
    r"\b(?:I'?ll|I will|I'?m going to|I am going to|I'?m (?:just )?gonna|I am (?:just )?gonna|imma|I'?m|I am|I'?ve|I have|I)\s+(?:go ahead and\s+)?(?:just\s+|already\s+|now\s+)?"
    r"(?:go|goes|going|move|moving|moved|went|step|stepping|stepped|head|heading|headed|walk|walking|walked|take|taking|took|continue|continuing|keep going|"
    r"explore|exploring|explored|scout|scouting|scouted)\b",
    re.IGNORECASE,
))
_SOLO_WITHOUT_I = re.compile(r"\W*(?:already\s+|just\s+)?(?:moved|went|stepped|walked|headed)\b", re.IGNORECASE)  # "moved down, going right now": the I left out
OWN_WAYS = r"you do your (?:own )?thing|(?:we'?ll|we will|let'?s) meet (?:up )?(?:at|there|by)|see you (?:at|there)"  # said by a seat going its own way
_OWN_WAYS = re.compile(rf"\b(?:{OWN_WAYS})\b", re.IGNORECASE)  # "I'm gonna go left, you do your thing, we'll meet at the star"
_GO_AHEAD = re.compile(r"\bI'?ll go ahead and (?:move|take|walk|step|head)\b", re.IGNORECASE)  # "I'll go ahead and move us": not asked
_SOLO_EXCEPT = quick(re.compile(r"\b(with (?:your|that|the|this)|along with|go along|for (?:it|that|this)|ahead with|we|us|let'?s|our|together|both)\b", re.IGNORECASE))
_HESITATIONS = frozenset({"wait", "hold on", "hang on", "hmm", "hm"})  # a question after these checks, it does not refuse
_CHECKED_WITH_A_TAG = re.compile(r"\b(?:right|correct|yes|yeah|no)\s*\?+\W*$", re.IGNORECASE)  # "…is the bottom-right corner right?"
_ASK_START = re.compile(r"\s*(?:is|are|was|were|do|does|did|can you|could you|would you|will you|have you|what|which|where|who|how|why|any|anything|that'?s|thats|that is|we'?re (?:going|heading|moving)|we are (?:going|heading|moving))\b|\s*your\s+(?=[\(\[]\s*\d|[a-l]\d|r\d)", re.IGNORECASE)
_I_COUNT_IT = re.compile(r"\bI\s+(?:make|count|reckon|figure|get)\s+(?:it\s+|that\s+)?(?:as\s+|at\s+|to be\s+)?(?:\d|one|two|three|four|five|six|seven|eight|nine)\b", re.IGNORECASE)
_YOU_HAVE = re.compile(r"\W*(?:and\s+)?(?:(?:you|u)\s+(?:got|have|see|seeing|can see)|(?:can|do)\s+(?:you|u)\s+(?:got|have|see))\b", re.IGNORECASE)  # "you got (1,2) and (1,4)?": asked about, not moved to
_ASK_ANY = re.compile(r"\b(confirm|check|verify|see|know|tell me|open|wall|walls|blocked|free|clear|hidden|visible|correct)\b", re.IGNORECASE)
_LETTER_FOR_DIRECTION = re.compile(r"\b[NSEWUDLR]\s*(?:=|means)\s*(?:up|down|left|right|north|south|east|west)\b", re.IGNORECASE)  # "N = up, E = right"
_AFTER_A_MOVE = re.compile(r"^\W*(?:[\w ]{1,20}:\s*)?after\s+(?:(?:one|the|a|that)\s+)?(?:up|down|left|right)(?:\s+(?:move|step))?\W*$", re.IGNORECASE)
_SAID_OF_THEM_TOO = re.compile(r"\W*(?:and\s+)?[\W_]*(?:too|as well|(?:are\s+|is\s+)?(?:on|for|in)\s+(?:yours|mine|your side|my side|you|me)|(?:are\s+|is\s+)?(?:yours|mine))\W*$",
                        re.IGNORECASE)  # "…; R2C6 too.", "…; (4,3) and (4,5) on yours.": the same said of other cells
_BARE_GOAL = re.compile(r"^\W*(?:the\s+|our\s+)?(?:goal|star|\*|finish)\W*$", re.IGNORECASE)
_CHOICE_GAP = re.compile(r"[\s,]*(?:or|or maybe|or should we|or do we|or go|or rather)\s+", re.IGNORECASE)


def _offers_a_choice(text: str, items: list[Item]) -> bool:
    """Two single moves joined by "or" ("up or right?", "now e4 or f3?"): the partner is to pick one."""
    if len(items) != 2 or any(i.kind not in ("cell", "direction") or i.count != 1 or i.mention is None for i in items):
        return False
    first, second = (i.mention for i in items)
    start = text.find(first.raw)
    end = text.find(second.raw, start + len(first.raw))
    return 0 <= start < end and _CHOICE_GAP.fullmatch(text[start + len(first.raw):end]) is not None

# Direction words that are not moves ("set up", "the left column", "you're right", "…, right?"), in
# families searched only when their key word is present.
_NOT_A_MOVE_FAMILIES: tuple[tuple[re.Pattern, re.Pattern], ...] = tuple(
    (quick(re.compile(key, re.IGNORECASE)), quick(re.compile(pattern, re.IGNORECASE)))
    for key, pattern in (
        # a quoted name defined as a side: "'first column' = left"
        (r"['\"’”]\s?=",
         r"(?<=['\"’”] = )(?:up|down|left|right)\b|(?<=['\"’”]=)(?:up|down|left|right)\b"),
        # a stretch named by its heading: "the downward column", "the upward leg"
        (r"wards?\b",
         r"(?<=\bthe )(?:up|down)(?=wards?\s+(?:column|col|run|leg|part|stretch|section|path|corridor|line)\b)"),
        # hyphenated nouns: the mix-up, a follow-up, top-down (never "left-up", a diagonal, or "straight-up")
        (r"[a-z]-(?:up|down)\b",
         r"(?<=[a-z]{2}-)(?<!left-)(?<!right-)(?<!straight-)(?<!then-)(?:up|down)\b"),
        # phrasal verbs: set up, split up, break down, up to you
        (r"\b(?:up|down)\b",
         r"\b(?:set|split|sum|sums|summed|line|lined|match|matched|mix|mixed|pick|look|fill|give|speed|wrap|end|ended|show|"
         r"clear|come|comes|came|shut|back(?!\s+(?:up|down|left|right)\s+(?:one|a|to|\(|up|down|left|right|then|and|x\s?\d|\d|twice))|make|made|catch|keep|hold|open|break|"
         r"broke|slow|narrow|write|wrote|count|counting|boil|calm|settle|double|doubled|follow|followed|mess|messed|mark|marked|"
         r"bottom|top|upper|lower|start|starting|warm|sign|signed|pull|pulled|round|rounded|tie|tied|turn|turned|shake|"
         r"team|teams|teamed|teaming|pair|paired|pairing|link|linked|meet|add|adds|added|adding|fire|fired|free|freed|cheer|gang)\s+(?:up|down)\b"
         r"|\b(?:up|down)\s+to\s+(?:you|us|me|them|date|here)\b|\bup\s+to\s+(?:and\s+including\s+)?(?:steps?|moves?|points?|now|this|that|#\s*\d|\d+(?:st|nd|rd|th)?\s+(?:steps?|moves?))\b"
         r"|\b(?:what'?s|whats|wats|wassup|sup)\s+up\b(?!\s+(?:there|here|ahead|above|from|next|top|at|in|on|one)\b)|\b(?:everything|all|fine|ok|okay|good|agreed?|works|consistent|open|clear|accepted?|confirmed?|correct)\s+up\s+to\b|\bup\s+and\s+running\b|\bupside\b|\bup\s+front\b|\bdown\s+the\s+line\b"
         r"|\b(?:u|you|ya|ur|you'?re|i'?m|im|i am|we'?re|we|are we|r we|r u)\s+(?:so\s+|totally\s+|still\s+)?down\s+(?:for|with)\b"),  # "u down for up, left, up?": willing
        # routes and places: down the middle, along the left edge, far right, next to the goal, 2 down, 1 right
        (r"\b(?:up|down|left|right)\b",
         r"\b(?:up|down)\s+the\s+(?:[a-h]\s+|\d+(?:st|nd|rd|th)?\s+|(?:first|second|third|fourth|fifth|sixth|seventh|eighth|last|same|whole|entire|open|leftmost|rightmost|left-hand|right-hand|outer|far|far-left|far-right)\s+)?(?:middle|cent(?:er|re)|side|column|col|file|corridor|edge|left|right|rigth|line|path|road|way|hall)\b(?!\s+(?:all the way\s+)?(?:to|into|onto|until|till)\b)"
         r"|\bleft\s*->\s*right\b|\bright\s*->\s*left\b|\btop\s*->\s*bottom\b|\bbottom\s*->\s*top\b|\b(?:up|down)(?:wards?)?\s+and\s+to\s+the\s+(?:left|right)\b"  # "heading up and to the right": the way in general
         r"|\b(?:up|down)\s+(?:col(?:umn)?|c)\s*(?:\d+|[a-l])\b(?!\s*(?:to|until|till))|(?<!right )(?<!right  )(?<!left )(?<!left  )\b(?:left|right)\s+(?:along\s+)?(?:row|r)\s*\d+\b(?!\s*(?:to|until|till|:))"
         r"|\b(?:up|down)\s+the\s+(?:left|right)\s+(?:edge|side|column)\b|\bfar\s+(?:left|right|up|down)\b"
         r"|\b\d\s+(?:cells?\s+|steps?\s+|squares?\s+)?(?:up|down|left|right)\s+(?:of|from)\b"),
        # where the goal lies from us: "goal is 2 down 3 right from here", "star's 5 down and 2 right" (not "ok agreed, 7 right 7 up")
        (r"\b(?:goal|star|target|exit|finish|offset|relative|overall|away|from (?:us|here|start|the start|@)|of (?:us|@|it|here))\b|\*",
         r"(?<!up )(?<!down )(?<!left )(?<!right )\b\d\s+(?:cells?\s+|steps?\s+|squares?\s+)?(?:up|down|left|right),?\s+(?:and\s+)?\d\s+(?:cells?\s+|steps?\s+|squares?\s+)?(?:up|down|left|right)\b"),
        # a later move, named as what waits: "descend to row 1 before continuing east"
        (r"\bbefore\b",
         r"\bbefore\s+(?:continuing|going|moving|heading|turning|stepping)\s+(?:up|down|left|right|north|south|east|west)\b"),
        # a turn at a place still ahead: "R1C5 doesn't matter — we turn left at R2"
        (r"\bturn",
         r"(?<!then )(?<!and )(?<!, )\b(?:we|you|i)\s+turn\s+(?:left|right|up|down)\s+(?=at\s+(?:r\d|row|col|the|\(|[a-h]\d))"),
        # a move, named as the point after which another comes: "after left we go up"
        (r"\bafter\b",
         r"\bafter\s+(?:the\s+|that\s+|this\s+|our\s+)?(?:up|down|left|right|dwon|rigth)\b(?=\s*,?\s*(?:we|you|i|then|go|move|it'?s|comes?)\b)"),
        # somewhere else: "go up somewhere else" names no move
        (r"\b(?:somewhere|elsewhere)\b",
         r"\b(?:up|down|left|right)\s+(?:somewhere\s+else|elsewhere|somewhere)\b"),
        # a vague count: "then rigth a bunch", "down a few": the way to go, not moves a reader can count
        (r"\b(?:bunch|few|lot|ways|while|several)\b",
         r"\b(?:up|down|left|right|rigth|dwon)\s+(?:a\s+(?:bunch|few|lot|ways|while)|several|for\s+a\s+(?:bit|while))\b"),
        # one move of a plan, referred to: "the second down hits it", "your last right"
        (r"\b(?:first|second|third|fourth|fifth|last|final|other|extra|1st|2nd|3rd|4th)\b",
         r"\b(?:the|that|this|your|my|our|his|her|their)\s+(?:first|second|third|fourth|fifth|last|final|other|extra|1st|2nd|3rd|4th)\s+"
         r"(?:up|down|left|right|dwon|rigth)s?\b(?!\s+(?:is|are|'s|would|will|should|then|and|onto|into|to)\b)"),
        # corners: top-left, bottom right, the top-and-right route
        (r"\b(?:top|bottom|upper|lower|middle|cent(?:er|re))\b",
         r"\b(?:top|bottom|upper|lower|middle|center|centre)[\s-]+(?:and[\s-]+)?(?:left|right|rigth|rite|lft|lfet)\b"),
        # the map described: "the colum 2nd from left goes up", "row 3 runs right to the edge"
        (r"\b(?:goes|runs|leads|continues|extends)\b",
         r"\b(?:colum|column|col|row|corridor|path|hallway|passage|line|it|which)\s+(?:[\w-]+\s+){0,4}?(?:goes|runs|leads|continues|extends)\s+(?:all the way\s+|straight\s+)?(?:up|down|left|right|rigth|dwon)\b"),
        # the map described: "the row above us is wide open all the way left"
        (r"\ball the way\b",
         r"\b(?:is|are|'s|looks|seems)\s+(?:\w+\s+){0,2}?(?:open|clear|free|walls?|blocked|empty)\s+all the way\s+(?:to the\s+)?(?:up|down|left|right|rigth|dwon)\b"),
        # counted from a side: "the colum 2nd from left", "third from the right"
        (r"\bfrom\b",
         r"\b(?:\d+(?:st|nd|rd|th)?|first|second|third|fourth|fifth|sixth|seventh|last)\s+(?:\w+\s+)?from\s+(?:the\s+)?(?:left|right|rigth|top|bottom)\b"),
        # parts of the map: the left column, the bottom row, top side
        (r"\b(?:left|right|rigth|rite|top|bottom|upper|lower)",
         r"\b(?:left|right|rigth|rite|top|bottom|upper|lower)(?:most)?[\s-]+(?:column|col|row|side|edge|half|part|corner|border|wall|hand|area|region|quadrant|cells?|portion|section|of\b|neighbou?r)"),
        # places: on the left, to the right
        (r"\b(?:left|right)\b",
         r"\b(?:on|to|at|in|from)\s+(?:the|its|their|my|your)\s+(?:left|right)\b(?!\s*(?:one|once|twice|\d|\+\s*(?:up|down|left|right)\b))"),  # not "on the left + down x2"
        # relative places: left of (2,3), up from the goal
        (r"\b(?:of|from)\b",
         r"\b(?:left|right|up|down|above|below|rigth|rihgt|righ|rght|riht|lfet|letf|lft|dwon|donw|dowm|doen|dwn)\s+(?:of|from)\s+"
         r"(?=[\(\[]|the\b|[A-La-l]\d|r\d|row|col|cell|square|that|it|\*|@|goal|start|(?:me|you|u|us|him|her|them|where)\b)"),
        # right as in correct: you're right, …, right?, right now
        (r"\bright\b",
         r"\b(?:you'?re|you are|that'?s|thats|that is|is that|it'?s|you were|you got it|all|alright|exactly|quite|sounds|seems|looks|be|am i|i'?m|is it|was|are you|is|are|were|been)\s+(?:(?!(?:going|moving|heading|stepping|walking|turning|go|move|head|step|turn|continuing|continue)\b)(?:\w+|[*@])\s+)?right\b(?!\s+(?:of|from|next to|beside|to the (?:very )?(?:corner|end|edge|wall|bottom|top)\b))"
         r"|(?<=\w )(?<!^)(?<!\bthen )(?<!\band )(?<!\bgo )(?<!\bmove )(?<!\bnow )(?<!\bnext )(?<!\bmore )(?<!\bturn )(?<!\bstep )(?<!\bhead )(?<!\bjust )(?<!\balso )(?<!\bfirst )(?<!\bone )(?<!\bdown )(?<!\bup )(?<!\bleft )(?<!\bright )(?<!\bso )(?<!\bor )(?<!\bx2 )(?<!\bonce )(?<!\bagain )(?<!\banother )(?<!\babout )\bright\s*(?=\?\s*$)|(?<!\bup)(?<!\bdown)(?<!\bleft)(?<!\bright),\s*right\s*(?=\?)|^\W*right\s*[,!.]\s+(?!(?:right|left|up|down|then|and|rigth)\b)(?=\w)|\bright\s+(?!on (?:my|your|our|its|his|her|their) own\b)(?:now|away|here|there|after|before|next|behind|at|on|in|around|when|choice|move|call|way|path|direction|answer|idea|track|thing|side|person)\b(?<!next)|(?:(?<=\bthe )|(?<=\bthat )|(?<=\bthis )|(?<=\bwhich ))right\s+one\b(?!\s+(?:steps?|cells?|squares?|spaces?|moves?|times?|more)\b)|\bright next to\b"
         r"|\bthe\s+right\s+(?=\w)(?!(?:one|once|twice|\d))|\bright\s+(?:above|below|beside|under|over)\b"),
        # the four directions named as the words to use: "let's just use up/down/left/right", "use up, down, left, right"
        (r"/|\b(?:use|using|with|stick|only|in terms of|words?|say|plain)\b",
         r"\b(?:up|down|left|right)\s*/\s*(?:up|down|left|right)\s*/\s*(?:up|down|left|right)(?:\s*/\s*(?:up|down|left|right))?\b"
         r"|(?:(?<=\buse )|(?<=\bwith )|(?<=\bonly ))(?:(?:just|only|plain|the words)\s+)?(?:up|down|left|right),\s*(?:up|down|left|right),\s*(?:up|down|left|right),?\s*(?:(?:and|or)\s+)?(?:up|down|left|right)\b"),
        # left as in leave: nothing left, left over
        (r"\bleft\b",
         r"(?:\b(?:we|I|you|they|it|he|she|have|has|had|is|are|was|were|nothing|something|what'?s|whats|what is|moves|steps|turns|cells?|options?|(?<=[a-z'] )ones?|(?:only|just|still)\s+\d+)|\b(?:one|1|a|no|last|only)\s+(?:move|step|turn))\s+left\b(?!\s+(?:to\s+(?:\(|[A-La-l]\d|r\d)|one|once|twice|\d)|,?\s+(?:from|ending at|landing on|ending on|to|reaching|arriving at)\s+[(\[])"
         r"|\bleft\s+(?:over|behind|off|alone|out|open|unexplored|to (?:explore|check|do|go)|in the|for)\b"),
    )
)


_DOWN_THE_SIDE = re.compile(r"\b(?:up|down)\s+the\s+((?:left|right)(?:most)?\s+)(?:column|col|side|edge|file)\b(?=\s+(?:all the way\s+)?(?:to|into|onto|until|till)\b)", re.IGNORECASE)


def _mask_not_moves(text: str) -> str:
    if "the " in text and ("down" in text or "up" in text):  # "down the left column to (4,0)": a run down, the side says which column
        text = _DOWN_THE_SIDE.sub(lambda m: m.group(0).replace(m.group(1), " " * len(m.group(1))), text)
    for key, pattern in _NOT_A_MOVE_FAMILIES:
        if key.search(text):
            text = _mask(text, pattern)
    return text


_RELATIVE = quick(re.compile(
    r"(?P<described>\b(?:basically|essentially|kind of|sort of|like|it'?s|that'?s|which is)\s+(?:going\s+)?back the way we came\b|"
    r"\b(?:read|reading|see|seeing|think|thinking|count|counting|understand|understanding|interpret\w*|label\w*|number\w*|doing|do|did)\s+"
    r"(?:it|this|that|things|them|everything|the map|the grid|coordinates)?\s*(?:exactly\s+)?the same(?: way)?\b)|"
    r"(?P<back>\b(?:back the way we came|(?:go|move|step|head) back(?!\s+(?:up|down|left|right)\b)|back to where we were|back where we were|"
    r"undo (?:that|the last)|retrace|reverse (?:that|the last))\b)"
    r"|(?P<repeat>\b(?:same again|repeat(?:ing)? (?:the |that |our )?(?:previous|last|same) (?:move|step|direction)|same (?:direction|way|move)(?:,?\s+(?:once more|again|one more time))?|same as before|(?<!not )again|once more|one more time|keep going(?!\s+(?:with|together|from here|as a team|like this|working|strong|in this)\b)|"
    r"continue(?! \w+ (?:up|down|left|right|north|south|east|west))(?!\s+(?:in|with|to|working|the|our|like|this|that|as|on|discussing|talking|planning|exploring|mapping)\b)|"
    r"same(?=\s*(?:$|[.!?,;:)]|again|x\s?\d|\d|then|and|please|pls|one|move|direction|way|step)(?! (?:page|thing|idea|here|for me|conclusion|map|view)))|(?<=, )the next one(?= *(?:[,.;!]|then|$))|(?:(?<=, )|(?<=\band ))the one after(?: it| that)?(?= *(?:[,.;!]|then|$)))\b)"
    r"|(?P<more>\b(?:x\s*[1-6]|[1-6]|one|two|three|four|five|six|seven|eight)\s*x?\s+more\b(?:\s+(?:steps?|cells?|squares?|moves?))?(?:\s+after(?:\s+that)?)?(?=\s*(?:$|[,.;:!?)]|then\b|and\b|please\b|pls\b|to\b|=))|\banother one\b)"
    r"|(?P<below>\b(?:the )?(?:cell|square|one|spot|tile)?\s*(?:directly |just |right )?(?:below|beneath|under(?:neath)?) us\b|\b(?:the )?(?:cell|square|spot|tile) (?:directly |just |right )?(?:below|beneath|under(?:neath)?)\b(?!\s*(?:[\(\[]|[A-La-l]\d|r\d|row|col|that|it|the|\*|@|(?:is|looks|seems)\s+(?:also\s+)?(?:open|clear|free|a wall|blocked)\b)))"
    r"|(?P<above>\b(?:the )?(?:cell|square|one|spot|tile)?\s*(?:directly |just |right )?above us\b|\b(?:the )?(?:cell|square|spot|tile) (?:directly |just |right )?above\b(?!\s*(?:[\(\[]|[A-La-l]\d|r\d|row|col|that|it|the|\*|@|(?:is|looks|seems)\s+(?:also\s+)?(?:open|clear|free|a wall|blocked)\b)))"
    r"|(?P<ourright>\b(?:on|to) (?:our|the) right\b(?=\s*(?:$|[.!?,;]|of us|side of us)))"
    r"|(?P<ourleft>\b(?:on|to) (?:our|the) left\b(?=\s*(?:$|[.!?,;]|of us|side of us)))",
    re.IGNORECASE,
))
_SAME_BATCH = re.compile(r"same(?:\s+again|\s+as before)?$", re.IGNORECASE)
_THEN_BEFORE = re.compile(r"\b(?:then|and(?:\s+then)?)\s+(?:(?:on|in)?to\s+|step\s+(?:on|in)?to\s+)?(?:the\s+)?$", re.IGNORECASE)
_TOWARD_GOAL = re.compile(r"\b(?:head(?:ing|s)?|toward|towards|way|aim(?:ing)?|reach|get|getting|find|route|path|need|want|try|eventually|closer|near|direction)\b", re.IGNORECASE)
_GOAL = quick(re.compile(r"\b(?:the\s+)?(?:goal|finish|exit|destination|end cell|(?<!\bsay the )(?<!\bname the )(?<!\bgive the )(?<!\bstate the )target(?!\s+(?:cells?\s+)?(?:for|of|per|in)\s+(?:each|every|a|any|the next|our|your|its|all)\b))(?:\s+cell)?\b|(?<![\w*])\*(?![\w*])|\bthe star\b", re.IGNORECASE))
_THERE = quick(re.compile(r"\b(?:go|move|step|head) (?:there|to it|to that cell|into it|onto it|in there)\b", re.IGNORECASE))
_COUNT = re.compile(
    r"^\s*(?:,\s*(?=x\s*\d|twice\b|thrice\b|(?:\d|two|three|four|five|six)\s+times\b))?(?:x\s*(?P<x>\d)|(?P<n>\d|two|three|four|five|six|seven|eight|twice|thrice)\s*(?:x|times|steps?|cells?|squares?|spaces?|moves?)?|(?:(?:,|and)\s*)?(?:again|once more)\s+(?:x\s*)?)",
    re.IGNORECASE,
)
_LEADING_COUNT = quick(re.compile(r"(?P<n>\d|two|three|four|five|six|seven|eight)\s+(?:more\s+)?(?:steps?|cells?|squares?|spaces?|moves?|times)\s+(?:to\s+the\s+)?$|(?P<m>\d|two|three|four|five|six|seven|eight)\s+(?:more\s+)?$|(?<![\w(,.])(?P<k>[1-9])\s*[x×]\s*$", re.IGNORECASE))  # "4x left"
_NUMBER_WORDS = {"two": 2, "twice": 2, "three": 3, "thrice": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_LABEL = re.compile(r"^\W*(?:[A-Za-z]+\s+){0,2}[A-Za-z]+\s*:\s+")
_ALONG_A_LINE = re.compile(r"\balong\s+(?:the\s+|this\s+|that\s+|our\s+)?(?:(?:top|bottom|same|\d(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth)\s+)?(?:row|line|column|col|corridor)(?:\s*\d{1,2})?\b", re.IGNORECASE)
_BARE_DIRECTIONS = quick(re.compile(r"\b(?:up|down|left|right|north|south|east|west|dwon|rigth|x\s?\d|\d+\s*x|so)\b", re.IGNORECASE))
_BARE_FILLER = quick(re.compile(
    r"\b(and|then|please|next|one|step|steps|the|to|a|more|again|now|first|ok|okay|move|go|let'?s|lets|so|i|we|think|"
    r"cell|square|into|onto|from|here|there|us|our|at|of|by|with|on|plan|path|route|proposal|propose|suggest|"
    r"twice|x|times|once|two|three|four|five|six|seven|goal|finally|after|that|it|would|should|could|maybe|perhaps|how|about|what|for|me|my|you)\b",
    re.IGNORECASE,
))


_REPEAT_JUST_BEFORE = re.compile(r"\b(?:again|once more|same (?:direction|way))\s*$", re.IGNORECASE)


def _count_after(text: str) -> int:
    return _written_count_after(text)[0]


def _written_count_after(text: str) -> tuple[int, int]:
    """The count written after a direction ("right x3", "left 3") and how far it reaches (0 if none)."""
    match = _COUNT.match(text)
    if not match:
        return 1, 0
    word = (match.group("x") or match.group("n") or "").lower()
    if not word:
        return 1, 0
    count = int(word) if word.isdigit() else _NUMBER_WORDS.get(word, 1)
    return (count if 1 <= count <= 9 else 1), match.end()


_STEP_COLUMN = re.compile(r"\d{1,2}[.)]?(?:\s{3,}|\t)(?=[a-z])", re.IGNORECASE)  # "3     down   (3,0)": a plan's step number, aligned in its column


def _count_before(text: str) -> int:
    match = _LEADING_COUNT.search(text)
    if not match:
        return 1
    word = (match.group("n") or match.group("m") or match.group("k")).lower()
    count = int(word) if word.isdigit() else _NUMBER_WORDS.get(word, 1)
    return count if 1 <= count <= 9 else 1


def _mask(text: str, pattern: re.Pattern) -> str:
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


_ECHO = _Gated(re.compile(
    r"\b(it is|it'?s agreed|agreed|confirmed|as (?:you|we) (?:said|proposed|suggested)|like you said|sounds good|works|"
    r"moving|going|heading|stepping|executing|done|then it is|we go then)\b|\b(?:up|down|left|right|rigth)\s+then\s*[.!]*$",
    re.IGNORECASE,
), ("it is", "agreed", "confirm", "as you", "as we", "like you", "sounds good", "works", "moving", "going", "heading", "stepping", "executing", "done", "then it", "we go then", "then"))
_TOWARDS = quick(re.compile(r"\b(?:towards?|in the direction of|aim(?:ing)? for|closer to|nearer to|approach(?:ing)?|next to|near|beside|adjacent to|close to|around)\s+(?:the\s+)?"
                            r"(?:[\(\[][^)\]]*[\)\]]|[A-La-l]\d{1,2}|r\d+c\d+|goal|\*|bottom|top|(?!(?:up|down|left|right)\b)\w+)", re.IGNORECASE))  # not "lean towards up, up, right"


_DIRECTION_HINT = _Literals("up|down|left|right|dwon|donw|dowm|doen|dwn|rigth|rihgt|righ|rght|riht|rigt|rite|lfet|letf|lft|lef|north|south|east|west|rt|dn".split("|"))
_RUN_GAP = re.compile(
    r"\s*(?:(?:x\s*\d|\d\s*(?:x|times|steps?|cells?|squares?)?|twice|two times|three times|(?:one|a|1)\s+(?:step|cell|square))\s*)?"
    r"(?:all the way\s+)?(?:(?:along\s+)?(?:the\s+)?(?:[a-h]-|\d(?:st|nd|rd|th)?\s+)?(?:col(?:umn)?|row|file|rank|side|edge)(?:\s*\w{1,2})?\s+)?(?:(?:to|into|onto|at|till|until|towards?)\s+|->\s*|=\s*)(?:the\s+)?(?:cell\s+|square\s+)?"
    r"(?:(?:goal|star|finish|target)\s*(?:,\s*|(?:in|at|on)\s+(?:the\s+)?|\(|=\s*))?",  # "right onto the goal in the sixth row, fourth column"
    re.IGNORECASE,
)
_ALONG = quick(re.compile(r"\b(?:along|across|all the way|straight(?=\s+(?:up|down|left|right|along|across|through)\b)|run)\b[^.;:()]{0,30}\b(?:to|until|till)\s+(?:the\s+)?(?:cell\s+)?$", re.IGNORECASE))
_CELL_THEN_TO = re.compile(r"(?P<start>\b(?:from|between)\s+)?(?:\([^()]{1,12}\)|\[[^\[\]]{1,12}\]|\b[A-La-l]\d{1,2}|\b[rR]\d+[cC]\d+)\s+(?:and\s+)?(?:on\s*)?(?:to|into|onto)\s+(?:the\s+)?$", re.IGNORECASE)


def _cell_then_to(text: str, at: int) -> bool:
    """ "… (2,2), (1,2) to the goal": one step more after the cells listed (not "from (1,2) to the goal")."""
    match = _CELL_THEN_TO.search(text, 0, at)
    return match is not None and match.group("start") is None


_LISTED_LAST = re.compile(r"(?:[\)\]]|\b[A-La-l]\d{1,2}|\b[rR]\d+[cC]\d+)\s*(?:,|->|→|=>)\s*(?:the\s+)?$")  # "C1, B1, A1, goal": the list's last step
_GOAL_IS = re.compile(r"\s*(?:is|was|lies|sits|seems|looks|'s)\b|\s+at\s+(?:row|line|rank|col(?:umn)?)\b", re.IGNORECASE)  # "…, then the goal at Row 8": where it is
_RANGE_GAP = re.compile(r"\s*(?:through|thru|till|until|up to|all the way to|[–—]|\.\.\.?|…)\s*", re.IGNORECASE)
_GOAL_HINT = _Literals(("goal", "finish", "exit", "destination", "end cell", "target", "*", "star"))
_RELATIVE_HINT = quick(re.compile(r"\b(?:back|retrace|undo|reverse|again|more|another|keep|continu\w*|same|below|beneath|under\w*|above|next one|one after|repeat\w*)\b|\b(?:our|the) (?:left|right)\b"))


_BACK_TO_CELL = re.compile(r"\s+(?:to|into|onto)\s+(?:the\s+)?(?:cell\s+)?(?:[\(\[]\s*\d|[A-La-l]-?\d|r\s?\d|row\s+\d)", re.IGNORECASE)
_DESCRIBED_GAP = re.compile(r"\s*[(\[:—–-]?\s*(?:i\.e\.?\s*|that'?s\s*|=\s*)?")
_DESCRIBED_END = re.compile(r"\s*(?:[)\].,;!?]|$|->)")
_TOWARDS_HINT = _Literals("toward|aim|closer|near|approach|direction of|next to|beside|adjacent|close to|around".split("|"))


_AGAIN_ALONE = re.compile(r"^\W*again\W*$", re.IGNORECASE)
_WORD_BEFORE = re.compile(r"([A-Za-z']+)\s*$")
_NOT_MOVED_AGAIN = {"sorry", "thanks", "thank", "thank you", "thx", "ty", "hi", "hello", "hey", "welcome", "congrats", "count", "counting",
                    "check", "checking", "look", "looking", "read", "reading", "think", "thinking", "ask", "asking", "say", "saying",
                    "recount", "reread", "re-read", "verify", "confirm", "wrong", "confused", "mixed", "off", "lagging", "lag", "here"}
_ASKED_AGAIN = re.compile(r"\b(?:let me|lemme|let'?s|i'?ll|i will|i need to|i'?m gonna|gonna|i'?m going to|i want to|i should|i must|i have to)\s+"
                          r"(?!go\b|move\b|step\b|head\b|do\b|try\b|walk\b)[a-z'-]+(?:\s+(?!up\b|down\b|left\b|right\b)[\w'-]+){0,4}?\s+(?:again|once more)$|"  # "lemme look again", "let me count again"
                          r"\b(?:what'?s|whats|what is|what was|what were|which|where|how|who|say|said|remind me|come|tell me|explain|read|check|confirm|verify|recap|repeat)\b[^.?!]{0,25}\b(?:again|once more)$", re.IGNORECASE)  # "Shall we confirm that once more?"
_NAMED_BACK = re.compile(r"(?:back the way we came|go back|move back|step back|head back|back)\s*(?:[,:—–-]|\(|, i\.e\.,?|, so)\s*(?:that'?s\s+|i\.e\.\s*|one\s+)?", re.IGNORECASE)
_SAYS_WHICH = re.compile(r"\s*(?::|[—–-]|,)\s*", re.IGNORECASE)
_NAMED_AGAIN = re.compile(r"(?:same again|same direction|same way|again|once more)(?:\s+then)?\s*[,:—–-]\s*(?:i\.e\.\s*|that'?s\s*|so\s*)?"
                          r"(?:(?:\d|two|three|four|five|six)\s+(?:more\s+)?(?:steps?\s+)?)?", re.IGNORECASE)  # "Same again then - two more down"
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:the\s+)?(?:cell\s+)?$", re.IGNORECASE)  # "from (4,0): right, down": where the moves start
_SAME_MOVES = re.compile(r"^[^\w(\[]*(?:=|:|i\.?e\.?|that'?s|that is|which is|aka|meaning|in (?:coords?|coordinates|cells))[^\w(\[]*$", re.IGNORECASE)


def _one_rendering(items: list[Item], text: str) -> list[Item]:
    """"down, right, down = (0,1), (1,1), (1,2)": the same moves in two notations, read once (as
    directions, which need no coordinate scheme)."""
    n = len(items)
    if n < 4 or n % 2 or any(i.mention is None for i in items):
        return items
    first, second = items[: n // 2], items[n // 2:]
    kinds = {i.kind for i in first}, {i.kind for i in second}
    if kinds not in (({"direction"}, {"cell"}), ({"cell"}, {"direction"})):
        return items
    gap = text[first[-1].mention.start + len(first[-1].mention.raw):second[0].mention.start]
    if not _SAME_MOVES.match(gap):
        return items
    return first if first[0].kind == "direction" else second


_TO_THE_EDGE = re.compile(r"all the way|to the (?:very )?(?:bottom|top|end|edge|wall|corner|last (?:row|column|col))|as far as (?:we|it) can|until (?:we hit |the )?(?:the )?(?:wall|edge|end)", re.IGNORECASE)
_EDGE_AFTER = re.compile(r"\s*(?:(?:along|across)\s+the\s+(?:(?:\w+\s+)?(?:column|col|file|row|corridor)\s+)?(?=until|till|to the (?:very )?(?:edge|end|wall))|the\s+(?:(?:\w+\s+)?(?:column|col|side|edge|file|row|corridor)\s+)?)?(?:" + _TO_THE_EDGE.pattern + r")\b", re.IGNORECASE)  # "down the left column all the way"


_TO_GOAL_AFTER = re.compile(r"\s*(?:the\s+(?:[\w-]+\s+){0,2}?(?:column|col|side|edge|row|line|file|corridor)\s+)?(?:all the way\s+|straight\s+)?(?:(?:on|in)?to|until|till|up to)\s+(?:we\s+(?:reach|hit|get\s+to)\s+)?(?:the\s+)?(?:goal|star|\*|finish|exit)(?![\w*])", re.IGNORECASE)


def _edge_of(text: str, mention: Mention) -> bool:
    """"all the way down", "right to the end", "down to the bottom": the direction, as far as the grid goes."""
    end = mention.start + len(mention.raw)
    return (text[max(0, mention.start - 12):mention.start].lower().rstrip().endswith("all the way")
            or _EDGE_AFTER.match(text, end, end + 40) is not None)


_DIAGONAL = re.compile(r"\bdiag(?:onal(?:ly)?)?\s*,?\s*(?:to\s+the\s+(?:(?:one|cell|square)\s+)?|one\s+)?(up|down)[\s-]*(left|right)\b|\b(up|down)[\s-]*(left|right)\s*,?\s*diag(?:onal(?:ly)?)?\b", re.IGNORECASE)


# A neighbour named by where it lies, as the way to it: the relative matcher's groups and the words themselves.
_RELATIVE_WAYS: dict[str, Direction] = {"below": "down", "beneath": "down", "under": "down", "underneath": "down", "above": "up",
                                         "ourright": "right", "ourleft": "left", "right": "right", "left": "left"}


def move_items(text: str) -> list[Item]:
    """Moves named in a clause, in order: cells, directions with counts, the goal, relative moves."""
    lower = text.lower()
    masked = _mask(text, _TOWARDS) if _TOWARDS_HINT.search(lower) else text
    found: list[tuple[int, Item]] = []
    if "diag" in lower:  # "go diagonal, down-right": one step to a corner neighbour, never two moves
        for match in _DIAGONAL.finditer(masked):
            vertical, horizontal = (match.group(1) or match.group(3)).lower(), (match.group(2) or match.group(4)).lower()
            found.append((match.start(), Item("diagonal", f"{vertical}-{horizontal}")))
        masked = _DIAGONAL.sub(lambda m: " " * len(m.group(0)), masked)  # before "right of us" is masked as a place
    if _DIRECTION_HINT.search(lower):
        masked = _mask_not_moves(masked)
    # where the last count written after a direction ends: "left 3 up 1" is left x3, up x1 (and a step-number column, before the move)
    counted = column.end() if masked[:1].isdigit() and (column := _STEP_COLUMN.match(masked)) else 0
    counts_lead: bool | None = None  # the clause writes each count before its move ("7 right 7 up"), told by its first move
    for mention in find_mentions(masked):
        if mention.kind == "direction" and _edge_of(masked, mention):
            found.append((mention.start, Item("edge", mention.direction or "", mention, mention.direction)))  # type: ignore[arg-type]
        elif mention.kind == "direction":
            end = mention.start + len(mention.raw)
            if counts_lead is None:
                counts_lead = counted <= mention.start and _count_before(masked[counted:mention.start]) > 1
            count, reach = (1, 0) if counts_lead else _written_count_after(masked[end:])
            if reach:
                counted = end + reach
            elif counted <= mention.start:
                count = _count_before(masked[counted:mention.start])
            to_goal = count == 1 and not reach and _TO_GOAL_AFTER.match(masked, end) is not None
            for k in range(count):
                found.append((mention.start + k * 0.01, Item("direction", mention.direction or "", mention, mention.direction, to_goal=to_goal)))  # type: ignore[arg-type]
        else:
            found.append((mention.start, Item("cell", mention.raw, mention)))
    taken = [(m.start, m.start + len(m.raw)) for _, item in found if (m := item.mention)]
    for match in (_RELATIVE.finditer(masked) if _RELATIVE_HINT.search(lower) else ()):
        if any(s < match.end() and match.start() < e for s, e in taken):
            continue
        kind = match.lastgroup
        if kind == "described":
            continue  # "basically back the way we came but one row lower": a comment on the moves
        if kind == "back":
            if _BACK_TO_CELL.match(masked, match.end()):
                continue  # "step back to (5,3)": the cell says where
            found.append((match.start(), Item("back", "back")))
        elif kind == "more":  # "x2 more", "two more", "another one": the last direction, that many times
            number = re.search(r"\d|one|two|three|four|five|six|seven|eight", match.group(0).lower())
            count = 1 if number is None else int(number.group(0)) if number.group(0).isdigit() else _NUMBER_WORDS.get(number.group(0), 1)
            earlier = [item for start, item in found if start < match.start() and item.kind == "direction"]
            last = earlier[-1].mention if earlier else None
            if last is not None and not masked[last.start + len(last.raw):match.start()].strip():
                continue  # "Down x2 more": the count was read with the direction
            if found and max(found, key=lambda pair: pair[0])[1].kind == "repeat" and _REPEAT_JUST_BEFORE.search(masked, 0, match.start()):
                continue  # "same again 2 more": the count was read with the repeat
            if earlier:  # "Up again, x2 more": that direction twice in all
                for k in range(count - 1):
                    found.append((match.start() + k * 0.01, Item("direction", earlier[-1].label, None, earlier[-1].direction)))
            elif not any(item.kind == "cell" for _, item in found):
                for k in range(count):
                    found.append((match.start() + k * 0.01, Item("repeat", "again")))
        elif kind == "repeat":
            if _ASKED_AGAIN.search(masked, 0, match.end()):
                continue  # "whats the plan again", "say that again?": asked again, not a move
            if match.group(0).lower() == "again" and (before := _WORD_BEFORE.search(masked, 0, match.start())) and before.group(1).lower() in _NOT_MOVED_AGAIN:
                continue  # "sorry again", "thanks again", "count again": said again, not a move
            earlier = [item for start, item in found if start < match.start() and item.kind == "direction"]
            if match.group(0).lower().startswith("the ") and earlier:  # "on our right, the next one": that direction again
                found.append((match.start(), Item("direction", earlier[-1].label, None, earlier[-1].direction)))
            elif not any(item.kind in ("direction", "cell") for _, item in found):
                times = _count_after(masked[match.end():])  # "same direction x3"
                label = "same again" if _SAME_BATCH.match(match.group(0)) and times == 1 else "again"  # "same again": the last moves made, as a whole; "same again x2": the last direction, twice
                for k in range(times):
                    found.append((match.start() + k * 0.01, Item("repeat", label)))
        else:
            if any(item.kind == "cell" and (m := item.mention) is not None and (
                    0 <= match.start() - (m.start + len(m.raw)) <= 4 or 0 <= m.start - match.end() <= 4) for _, item in found):
                continue  # "(1,1) below us", "the cell below us, (2,1)": the cell, located
            direction = _RELATIVE_WAYS[kind]
            found.append((match.start(), Item("direction", direction, None, direction)))  # type: ignore[arg-type]
    if _GOAL_HINT.search(text):
        for match in _GOAL.finditer(masked):
            # "go right to reach the goal": the goal is where the move leads, not another move; but
            # "right, right, then *" names one more step
            if any(s <= match.start() < e for s, e in taken) or (found and not _THEN_BEFORE.search(masked, 0, match.start())
                                                                and not _LISTED_LAST.search(masked, 0, match.start())
                                                                and not _cell_then_to(text, match.start())):  # (the unmasked words: "right from (1,2)")
                continue
            if _GOAL_IS.match(masked, match.end()):
                continue  # "goal is like middle bottom": what the goal is, not a move onto it
            travel = _TOWARD_GOAL.search(masked, 0, match.start()) is not None
            found.append((match.start(), Item("goal", "toward the goal" if travel else "the goal")))
            break
    found.sort(key=lambda pair: pair[0])
    for k in range(len(found) - 1, 0, -1):  # "same again, right": the repeat, then which way it is — one move
        (at, before), (at_after, after) = found[k - 1], found[k]
        if (before.kind == "repeat" and after.kind == "direction" and after.mention is not None
                and _NAMED_AGAIN.fullmatch(masked, int(at), after.mention.start)):
            del found[k - 1]
        elif (before.kind == "back" and after.kind == "direction" and after.mention is not None
              and _NAMED_BACK.fullmatch(masked, int(at), after.mention.start)):
            found[k - 1] = (at, replace(before, named_next=True))  # "back the way we came, up up": which way back is, and how far, when it is that way
        elif (before.kind == "direction" and before.mention is not None and after.kind == "direction" and after.mention is None
              and after.direction == before.direction
              and _SAYS_WHICH.fullmatch(masked, before.mention.start + len(before.mention.raw), int(at_after))):
            del found[k]  # "Now down: the cell below is open": the move, then the cell it goes to
    items = [item for _, item in found]
    described: list[Item] = []
    for k, item in enumerate(items):  # "(0,0) -> (1,0) right.": the direction names the step just made to (1,0)
        previous = described[-1] if described else None
        if (item.kind == "direction" and item.mention is not None and previous is not None and previous.kind == "cell"
                and previous.mention is not None
                and _DESCRIBED_GAP.fullmatch(masked[previous.mention.start + len(previous.mention.raw):item.mention.start])
                and _DESCRIBED_END.match(masked, item.mention.start + len(item.mention.raw))
                and not _FROM_BEFORE.search(masked, max(0, previous.mention.start - 8), previous.mention.start)):
            continue
        described.append(item)
    items = _one_rendering(described, masked)
    merged: list[Item] = []
    for item in items:
        previous = merged[-1] if merged else None
        if item.kind == "cell" and item.mention is not None and previous is not None and previous.kind == "direction" \
                and previous.mention is not None:
            gap = masked[previous.mention.start + len(previous.mention.raw):item.mention.start]
            if _RUN_GAP.fullmatch(gap):  # "down to (3,0)", "down twice to R3C1": a straight run to that cell
                count = 0
                while merged and merged[-1].kind == "direction" and merged[-1].mention is previous.mention:
                    merged.pop()
                    count += 1
                merged.append(Item("run", item.label, item.mention, previous.direction, max(count, 1)))
                continue
        if (item.kind == "cell" and item.mention is not None and previous is not None and previous.kind == "cell"
                and previous.mention is not None
                and _RANGE_GAP.fullmatch(masked[previous.mention.start + len(previous.mention.raw):item.mention.start])):
            merged.append(Item("run", item.label, item.mention, None))  # "(4,1) through (4,6)": every cell between
            continue
        if item.kind == "cell" and item.mention is not None and _ALONG.search(masked[max(0, item.mention.start - 40):item.mention.start]):
            merged.append(Item("run", item.label, item.mention, None, along=True))  # "along row 3 to R3C5"
            continue
        if item.kind == "direction" and item.mention is not None and (line := _TO_LINE.match(masked, item.mention.start + len(item.mention.raw))):
            number = line.group("n1") or line.group("n2")
            index = int(number) if number.isdigit() else _ORDINAL_NUMBERS.get(number.lower(), 0)
            axis = "row" if (line.group("a1") or line.group("a2")).lower() in ("row", "line") else "col"
            if index and (axis == "row") == (item.direction in ("up", "down")):
                while merged and merged[-1].kind == "direction" and merged[-1].mention is item.mention:
                    merged.pop()  # "down x2 to row 3": the line says where it stops
                mention = Mention("row_col", index if axis == "row" else 1, index if axis == "col" else 1, raw=line.group(0).strip())
                merged.append(Item("run", f"{item.label} to {axis} {index}", mention, item.direction, item.count, axis))
                continue
        merged.append(item)
    return merged


_ORDINAL_NUMBERS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "last": 0}
_TO_LINE = re.compile(
    r"\s*(?:x\s*\d\s*|\d\s*(?:x|times|steps?)?\s*|twice\s*)?"
    r"(?:along\s+(?:the\s+|this\s+|our\s+)?(?:(?:\d{1,2}|first|second|third|fourth|fifth|sixth|seventh|eighth)(?:st|nd|rd|th)?\s+)?(?:row|line|column|col)(?:\s*\d{1,2})?\s+)?"  # "right along the fifth row all the way to the seventh column"
    r"(?:all the way\s+)?(?:to|until|till|into|onto)\s+(?:the\s+)?"
    r"(?:(?P<a1>row|line|column|col)\s*(?P<n1>\d{1,2})|(?P<n2>\d{1,2}|first|second|third|fourth|fifth|sixth|seventh|eighth)(?:st|nd|rd|th)?\s+(?P<a2>row|line|column|col))\b"
    r"(?!\s*(?:,|and)?\s*(?:(?:col(?:umn)?|row|c)\s*\d|(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?|first|second|third|fourth|fifth|sixth|seventh|eighth)\s+(?:col(?:umn)?|row)\b))",  # "to the third row, second column": a cell
    re.IGNORECASE,
)


_RIGHT_AFTER = frozenset(("exactly", "quite", "absolutely", "totally", "entirely"))  # "exactly right": correct, never a move


def _interjections(clause: str) -> tuple[list[str], str]:
    words, rest = [], clause
    while True:
        head = rest.lstrip()[:1].lower()
        if not head or head not in _INTERJECTION_STARTS:
            break
        match = _INTERJECTION.match(rest)
        if not match or not match.group(0).strip():
            break
        tail = rest[match.end():]
        word = match.group("word").lower()
        # "right" followed by a move-ish word is a direction ("right, then down"), not an interjection.
        if word in ("right",) and words and words[-1] in _RIGHT_AFTER:
            pass  # "Yes, exactly right!": correct
        elif word in ("right",) and (not tail.strip() or _RIGHT_AS_MOVE_AFTER.match(tail) or _DIRECTION_NEXT.match(tail)):
            break
        if word in ("so", "well", "actually", "oh", "ah", "hmm", "hm") and not match.group(0).rstrip().endswith((",", ".", "!", "…", "—", "-")) and tail and tail[0].isalpha():
            break
        if word in ("no", "noo") and not re.match(r"no+\s*[,.!:;…—–-]", match.group(0), re.I) and _NO_AS_DETERMINER_AFTER.match(tail):
            break
        if (word in _WEAK_AGREE_WORDS or word in ("right",)) and not _PUNCTUATED.search(match.group(0)) and tail.strip():
            break  # "Right of start is open", "good path": not an interjection
        if word in ("great", "perfect") and not _PUNCTUATED.search(match.group(0)) and _PRAISED.match(tail):
            break  # "Great analysis!": praise of what was said, not a yes
        if word in ("agree", "agreed", "i agree") and _AGREE_WITH_STATEMENT.match("agree " + tail.lstrip(" ,")):
            break  # "I agree with your analysis": agreeing with a statement, read with the rest
        words.append(" ".join(word.split()))
        rest = tail
        if not rest:
            break
    return words, rest


def _stance_of_words(words: list[str]) -> Stance | None:
    stance: Stance | None = None
    for word in words:
        w = word.rstrip("!").replace("'", "")
        if w in _REFUSE_WORDS or _NO_WORD.fullmatch(w):
            stance = "refuse"
        elif w in _STRONG_AGREE_WORDS or _YES_WORD.fullmatch(w):
            stance = "agree"
        elif w in _WEAK_AGREE_WORDS or w.startswith(("youre", "you're", "good ")):
            stance = stance or "weak_agree"
    return stance


_SURE_OF_MINE = re.compile(r"\W*(?:yes|yeah|yep|ya|yup)\W*i(?:'?m|\s+am)\s+(?:very\s+|quite\s+|pretty\s+|fairly\s+|100%\s+)?(?:sure|certain|positive|confident)\W*$", re.IGNORECASE)


_STOP_AT_CELL = re.compile(r"\b(?:i'?d rather|i would rather|let'?s|we should|i want to|i'?d like to|i'?d prefer to|better to)\s+(?:just\s+)?(?:stop|pause|halt)\s+(?:at|on)\s+(?=[(\[]|[a-l]\d|r\d|row)", re.IGNORECASE)


def _clause_stance(clause: str, words: list[str], rest: str, question: bool) -> Stance | None:
    """The clause's stance towards the partner's pending proposal; the last decisive one wins."""
    if _CONDITIONAL_START.match(rest) or _ASKING_BACK.search(rest):
        return _stance_of_words(words)  # "If it is a wall, please say so": asking, not refusing
    if question and words and not _ANY_WORD_CHAR.search(rest):
        return None  # "Agree?", "OK?": asking, not agreeing
    if _WHY.match(clause):
        return "doubt"  # "why right?": questioning the proposal, not accepting it
    if not question and _STOP_AT_CELL.search(rest):
        return "agree"  # "I'd rather stop at R6C7 and look before the last step": the plan as far as that cell
    if _SARCASM_HINT.search(clause) and (_SARCASM.search(clause) or _EITHER_ANSWER.search(clause)):
        return "refuse" if _SARCASM.search(clause) else None  # "🙃 sure buddy", "yes or no?"
    if _UNDERSTOOD.match(rest) and all(word.rstrip("!.,") in _ACKNOWLEDGING for word in words):
        return None  # "ok i see", "ah I see now": what was said is understood, nothing is accepted
    if _SURE_OF_MINE.match(clause):
        return None  # "Yes I am sure.": answering "are you sure?" of its own plan, not taking the partner's
    if _EITHER_IS_FINE.match(rest):
        return None  # "Either way is fine with me!", "whichever works": the choice left open, nothing accepted
    stance = _stance_of_words(words)
    body = rest
    if stance == "refuse" and question:
        said = {w.rstrip("!,.") for w in words}
        if _ASK_START.match(rest) and said <= {*_HESITATIONS, "no"}:
            return "doubt"  # "wait no is the start in row 2?": checking before going on, not refusing
        if said and said <= _HESITATIONS and _CHECKED_WITH_A_TAG.search(rest):
            return "doubt"  # "wait, (7,0) is the bottom-right corner right?": checking, not refusing
    if _DOUBT.search(body):
        return "doubt"
    if _POSITIVE_IDIOM.search(body):
        return "agree"
    if _CONDITIONAL_AGREE.search(body):
        return "doubt"  # "I'd agree to up, right — assuming you haven't mislabelled a wall": not yet, the proposal stays open
    agree = _AGREE_PHRASE.search(body) or _UPPER_AGREE.search(body)
    if agree and _NEGATED_JUST_BEFORE.search(body[:agree.start()]):
        return "refuse"  # "But I have to be honest: I do NOT AGREE with that", "I can't really agree"
    if agree and agree.group(0).lower().startswith("confirm") and _CONFIRMED_REPORT.search(body):
        body = _CONFIRMED_REPORT.sub(lambda m: " " * len(m.group(0)), body)  # "(1,6) and (4,6) are confirmed open": what the map shows
        agree = _AGREE_PHRASE.search(body) or _UPPER_AGREE.search(body)
    if agree and _ABOUT_AGREEING.search(body):
        return stance  # "both players agree", "the other agent has to agree", "you can either agree…"
    if agree and (_ABOUT_CONVENTION.search(body) or conventions_stated(body)):
        return stance if stance != "agree" or not (_ABOUT_CONVENTION.search(clause) or conventions_stated(clause)) else None  # "Convention OK."
    if agree:
        before = body[:agree.start()]
        if _NEGATION.search(before[-40:]) or _TRAILING_NO.search(before):
            return "refuse"
        if question and not words:
            return stance
        if _SUBORDINATE_BEFORE_AGREE.search(before):
            return stance
        stance = "weak_agree" if _AGREE_WITH_STATEMENT.search(body[agree.start():]) else "agree"
    if _REFUSE_PHRASE.search(body):
        stance = "refuse"
    if stance is None and not question and (_MOVES_APPROVED.match(body) or _ONE_MOVE_APPROVED.match(body) or _MOVE_THEN_FINE.match(body)):
        stance = "agree"  # "down then right is good.", "right x2 works": the moves, approved
    return stance


_ANCHOR = quick(re.compile(
    r"(?P<start>(?:(?<!let's )(?<!lets )(?<!let us )\bstart(?:ing)?(?:\s+(?:cell|position|point|square))?|\borigin|(?-i:\bS(?=\s*[=:]?\s*[(\[]\s*\d)))\b|(?<![\w*@])@(?![\w*@]))|"
    r"(?P<goal>\b(?:goal|star|target|destination|finish|exit)(?:\s+(?:cell|position|square))?\b|(?<![\w*@])\*(?![\w*])|(?-i:\bG(?=\s*[=:]?\s*[(\[]\s*\d)))",
    re.IGNORECASE,
))
_NAMED_AS = re.compile(r"\s*(?:is|=|:)\s*(?:the\s+)?(?:(?P<start>@|start(?:ing)?(?:\s+(?:cell|position|point|square))?)|(?P<goal>goal|\*|star|target|finish))(?![\w*@])", re.IGNORECASE)
_ANCHOR_HINT = _Literals("start|@|origin|goal|star|target|destination|finish|exit|*|s=|g=|s =|g =|s (|g (|s:|g:".split("|"))
_ANCHOR_LINK = re.compile(r"^\W{0,3}(?:'s|is|=|:|at|lies at|sits at|is at|is on|on|in|cell)?\s*(?:at\s+)?(?:the\s+)?(?:cell\s+)?$", re.IGNORECASE)


_CONVENTION_STATEMENTS: tuple[tuple[str, object, re.Pattern], ...] = tuple(
    (attribute, value, re.compile(pattern, re.IGNORECASE)) for attribute, value, pattern in (
        ("order", "col_row", r"\(\s*(?:x\s*,\s*y|col(?:umn)?s?\s*,\s*rows?|c\s*,\s*r)\s*\)|\bx\s*(?:is|=|means)\s*(?:the\s+)?col|\bcolumn first\b|\b(?:use|using|in|as|with)\s+x\s*,\s*y\b|\bx\s+(?:goes\s+|runs\s+|counts?\s+|grows\s+|increases\s+)?(?:across|horizontal(?:ly)?|left[- ]to[- ]right|right(?:wards?)?)\b"),
        ("order", "row_col", r"\(\s*(?:rows?\s*,\s*col(?:umn)?s?|r\s*,\s*c)\s*\)|\brow first\b"),
        # Which coordinate the letters name: the reading depends on whether cells are written A1 or 1A.
        ("letters", "col", r"\bletters?\s+(?:go\s+|run\s+)?across\b|\bnumbers?\s+(?:go\s+|run\s+)?down\b|"
                           r"\bletters?\s+(?:[a-h][–-][a-h]\s+)?(?:for|are|=|as|name|mark|label)\s+(?:the\s+)?col|\bcol(?:umn)?s?\s+(?:are|as|=)\s+letters|"
                           r"\bcol(?:umn)?s?\s+(?:[a-h][–-][a-h]|a\s*(?:to|through)\s*[a-h])\b|\bnumbers?\s+(?:for|are|=|as)\s+(?:the\s+)?rows?\b|"
                           r"\bfiles?\s+(?:[a-h]\s*(?:[–-]|to|through)\s*[a-h]\s+)?(?:go\s+|run\s+|are\s+)?(?:left\s+to\s+right|across|from\s+(?:the\s+)?left)\b"),  # chess files: "files a-e left to right"
        ("letters", "row", r"\bletters?\s+(?:go\s+|run\s+)?down\b|\bnumbers?\s+(?:go\s+|run\s+)?across\b|\bletters?\s+(?:[a-h][–-][a-h]\s+)?(?:for|are|=|as|name|mark|label)\s+(?:the\s+)?rows?|"
                           r"\brows?\s+(?:are|as|=)\s+letters|\brows?\s+(?:[a-h][–-][a-h]|a\s*(?:to|through)\s*[a-h])\b|\bnumbers?\s+(?:for|are|=|as)\s+(?:the\s+)?col"),
        ("origin", 0, r"\b(?:0|zero)[- ]?(?:indexed|based)\b|\b(?:count(?:ing|ed)?|start(?:ing)?|numbered|index(?:ed)?)\s+(?:\w+\s+)?from\s+0\b|\bfrom 0\b|\bstart(?:ing|s)?\s+(?:at\s+|with\s+|from\s+)?(?:0|zero)\b"),
        ("origin", 1, r"\b(?:1|one)[- ]?(?:indexed|based)\b|\b(?:count(?:ing|ed)?|start(?:ing)?|numbered|index(?:ed)?)\s+(?:\w+\s+)?from\s+1\b|\bfrom 1\b|\bstart(?:ing|s)?\s+(?:at\s+|with\s+|from\s+)?(?:1|one)\b(?!\s*(?:step|cell|move|square))"),
        ("vertical", "top", r"\b(?:y|rows?|r)\s+(?:\w+\s+){0,3}(?:from|at)\s+(?:the\s+)?top\b|\bfrom\s+[01]\s*,?\s*(?:from\s+|at\s+)?(?:the\s+)?top[- ]left\b|"
                             r"\btop[- ]left\s+origin\b|\borigin\s+(?:at\s+|is\s+)?(?:the\s+)?top[- ]left\b|\btop[- ]left\s+(?:is|=|as)\s+(?:the\s+)?(?:origin|\(\s*[01]\s*,\s*[01]\s*\))|"
                             r"\b(?:count(?:ing|ed)?|numbered|index(?:ed)?|starting)\s+(?:\w+\s+){0,4}from\s+(?:\d\s+(?:at|from)\s+)?the\s+top\b|\brow\s+[01]\s+(?:is|=)\s+(?:the\s+)?top\b|\by\s+(?:grows\s+|increases\s+|goes\s+|counts?\s+|runs\s+)?down(?:wards?)?\b|\btop\s+(?:line|row)\s+(?:is\s+)?y\s*=\s*0\b"),
        ("vertical", "bottom", r"\b(?:y|rows?|r|ranks?)\s+(?:[\w–-]+\s+){0,2}(?:from|at)\s+(?:the\s+)?bottom\b|\b(?:y|rows?|ranks?|numbers?)\s+(?:\d\s*[-–]\s*\d\s+)?(?:go\s+|run\s+|count\s+)?(?:bottom\s*(?:->|→|to)\s*top|upwards?)\b|\bbottom[- ]left\s+(?:is|=|as)\s+(?:the\s+)?(?:origin|\(\s*[01]\s*,\s*[01]\s*\))|\by\s+(?:grows\s+|increases\s+|goes\s+|counts?\s+|runs\s+)?up(?:wards?)?\b|\bbottom\s+(?:line|row)\s+(?:is\s+)?y\s*=\s*0\b"),
    )
)


def conventions_stated(text: str) -> list[tuple[str, object]]:
    """Conventions a clause states ("letters for the columns", "(row, col), 0-indexed", "y from the bottom")."""
    if not _CONVENTION_HINT.search(text.lower()):
        return []
    return [(attribute, value) for attribute, value, pattern in _CONVENTION_STATEMENTS if pattern.search(text)]


_CONVENTION_HINT = quick(re.compile(r"\bx\s*,\s*y\b|\bx\s+(?:goes\s+|runs\s+|counts?\s+|grows\s+|increases\s+)?(?:across|horizontal|left|right)|\by\s+(?:up|down)\b|\bstarting\s+[01]\b|\b(?:letters?|numbers?)\s+(?:go|run|across|down)\b|\(\s*(?:x|y|rows?|cols?|columns?|r|c)\b|\b(?:x|y)\s*(?:is|=|means|counts?|grows|increases|goes)\b|\bletters?\b|\bcol(?:umn)?s?\s+(?:are|as|=|[a-h][–-])|\brows?\s+(?:are|as|=|[a-h][–-])|\b(?:indexed|based)\b|\bfrom [01]\b|\bbottom\b|\btop\b|\b(?:row|column) first\b|\bfiles?\b"))  # searched in lower case: a case-blind regex is far slower


_STANDING_AT = re.compile(r"\b(?:(?:we'?re|we are|were|we(?=\s+(?:now\s+)?(?:at|on)\s+(?:row|r\d|col|column|[\(\[]\s*\d|[a-l]\d))|you'?re|you are|ur|u r|we should (?:now )?be)\s+(?:now\s+|currently\s+|still\s+)?(?:at|on|in)?|(?:now|currently|still|standing)\s+(?:at|on)|(?:our|current) position(?: is)?|position:|\bposition(?=\s*[\(\[]\s*\d))\s*", re.IGNORECASE)


def _positions(text: str) -> list[Mention]:
    """Cells the clause says the pair stands on ("we're now at row 1, column 2", "Now at (2,3)"): under
    the right reading of the pair's notation they match where the agreed moves have taken it."""
    if "at" not in text and "on" not in text and "now" not in text.lower():
        return []
    out = []
    for match in _STANDING_AT.finditer(text):
        found = find_mentions(text[match.end():match.end() + 24], directions=False)
        if found and found[0].start == 0 and found[0].kind != "direction":
            out.append(found[0])
    return out


def _anchors(text: str) -> list[tuple[str, Mention]]:
    """Where the pair says the start and the goal are ("start (0,0)", "the goal is R4C5", "star's at (5,5)"):
    both seats see @ and *, so these statements show which coordinate scheme the pair uses."""
    if not _ANCHOR_HINT.search(text):
        return []
    cells = [m for m in find_mentions(text, directions=False)]
    out = []
    for match in _ANCHOR.finditer(text):
        after = next((m for m in cells if m.start >= match.end()), None)
        if after is not None and _ANCHOR_LINK.match(text[match.end():after.start]):
            out.append(("start" if match.group("start") else "goal", after))
    for cell in cells:  # "(0,0) is @", "R6C6 = goal": the same statement the other way round
        named = _NAMED_AS.match(text, cell.start + len(cell.raw))
        if named:
            out.append(("start" if named.group("start") else "goal", cell))
    return out


def _without_mentions(text: str, items: list[Item]) -> str:
    """The text with each item's own words blanked out, once per item: what is said around the moves."""
    for item in items:
        if item.mention is not None:
            text = text.replace(item.mention.raw, " ", 1)
    return text


def _is_bare(text: str, items: list[Item]) -> bool:
    """Only moves and filler: "Down.", "(1,2)?", "down, down, right", "then (2,3)"; a statement
    ("and so are (0,1), (0,2)") is not bare."""
    text = _LABEL.sub("", text, count=1)  # "Bottom row: right x2.", "Route: …"
    if _COPULA.search(text):
        return False
    rest = _without_mentions(text, items)
    if _RELATIVE_HINT.search(rest.lower()):
        rest = _RELATIVE.sub(" ", rest)
    if any(i.kind == "edge" for i in items):
        rest = _TO_THE_EDGE.sub(" ", rest)  # "all the way down"
    rest = _POSITIVE_IDIOM.pattern.sub(" ", rest) if "no" in rest.lower() else rest
    rest = _AGREE_PHRASE.pattern.sub(" ", rest)
    if "along" in rest and any(i.kind == "run" for i in items):
        rest = _ALONG_A_LINE.sub(" ", rest)  # "Left along the row to (4,1).": the way the run goes
    rest = _BARE_FILLER.sub(" ", _BARE_DIRECTIONS.sub(" ", rest))
    return len(_LETTER_RUN.findall(rest)) <= 1


@lru_cache(maxsize=8192)
def read_clause(text: str, section: str | None = None, previous_cell: Item | None = None) -> Clause:
    """One clause's act, stance and moves. Only "go there" needs the cell named before, so a clause is read
    once whatever came before it; each key still gets its own object (the fold tells the clauses of a
    message apart by identity)."""
    if previous_cell is None:
        return _read_clause(text, section)
    clause = read_clause(text, section)
    return _read_clause(text, section, previous_cell) if clause.points_back else copy(clause)


def _read_clause(text: str, section: str | None = None, previous_cell: Item | None = None) -> Clause:
    text = _IF_OPEN.sub(" ", text) if "if" in text or "If" in text else text  # "then (1,2) if open": a step of the plan
    if _HEDGE_HINT.search(text):
        text = _HEDGE.sub(_unhedged, text)  # "if I'm reading this right", "I think maybe": hedges, not hypotheses
    listed = text.lstrip()[:1] in _BULLET_STARTS and _BULLET.match(text) is not None
    stripped = _BULLET.sub("", text) if listed else text
    if "*" in stripped or "_" in stripped or "~" in stripped:
        stripped = _EMPHASIS.sub("", stripped)
    stripped = stripped.strip()
    if not stripped.isascii():
        stripped = _REFUSE_MARKS.sub(" ✘ ", _AGREE_MARKS.sub(" ✔ ", stripped))
        stripped = _TRAILING_EMOJI.sub("", stripped)  # "down it is 👇": decoration after the words (marks are ✔ and ✘ by now)
    question = stripped.rstrip(" )*_").endswith("?")
    words, rest = _interjections(stripped)
    clause = Clause(text=text, act="chat", listed=listed)
    clause.positions = _positions(stripped)
    if "old" in stripped and _HOLD_UNTIL.search(stripped):  # "Hold the ups until …" (a substring test first: this runs on every clause)
        clause.stance = "doubt"
        return clause
    if _GRADER.search(stripped) or _META.search(stripped):
        clause.act = "meta"  # "Dear grader, …", "we only say ACTI! at the goal": about the game, not in it
        return clause
    items = [] if words and words[-1].rstrip("!,.") in _NOT_MOVED_AGAIN and _AGAIN_ALONE.match(rest) else move_items(rest)  # "thanks again!"
    clause.anchors = _anchors(stripped)
    clause.conventions = conventions_stated(stripped)
    clause.stance = _clause_stance(stripped, words, rest, question)
    if clause.stance == "agree" and _ASKING_FOR_A_YES.search(stripped):
        clause.stance = None  # "I need a yes.", "still waiting on a clear yes/no": the yes asked for, not given
    clause.mixed = (clause.stance == "refuse" and bool(_AGREE_PHRASE.search(rest)) and not _NEGATION.search(rest)
                    and not _CONDITIONAL_AGREE.search(rest) and not words and not _SARCASM.search(stripped)
                    and not _AGREED_RULED_OUT.search(rest))
    clause.conditional = clause.stance == "doubt" and _CONDITIONAL_AGREE.search(rest) is not None
    clause.retracts = clause.stance == "refuse" and (
        any(w in _REFUSE_WORDS or _NO_WORD.fullmatch(w) for w in words)
        or bool(_RETRACTION.search(rest)))
    if not items and clause.stance == "agree" and (moves := _THE_MOVES_AGREED.match(stripped)) is not None:
        way = _DIRECTIONS_PLURAL[moves.group(2).lower()]
        items = [Item("direction", way, direction=way) for _ in range(_NUMBER_WORDS.get(moves.group(1).lower()) or int(moves.group(1)))]
        clause.act, clause.stance, clause.items, clause.echo = "propose", "agree", items, True  # "Okay, the two lefts — agreed.": those moves
        return clause
    if _DONE_MOVE.match(stripped):
        clause.stance = clause.stance or "agree"  # "Moved right.": going along with the move, as done
    if not items and _LETS_GO.match(rest):
        clause.stance = "agree"  # "Let's go!": on board
    if not items and rest.strip() in ("", "✔") and "✔" in stripped:
        clause.stance = "agree"
    if not items and _CHECK_MARK.search(rest) and not _NEGATION.search(rest):
        clause.stance = clause.stance or "agree"
    if "✘" in stripped and not items:
        clause.stance = "refuse"
    if (items and clause.stance in ("agree", "weak_agree")
            and (((listed or text.lstrip().startswith("|")) and _STATUS_TICK.search(stripped) and not _AGREE_WORD_PLAIN.search(_STATUS_TICK.sub(" ", stripped)))
                 or len(_CELL_TICK.findall(stripped)) >= 2)):
        clause.stance = None  # "- row 2, col 5 → `.` ✔", "| (0,1) | open ✔ |": a cell checked off in a list, not an acceptance
        clause.act = "inform"
        clause.items = items
        return clause
    if not items:
        there = _THERE.search(rest) is not None
        if there and previous_cell is not None:
            items = [previous_cell]  # "Is (1,2) open? If so, let's go there."
        else:
            clause.points_back = there
            clause.act = "claim" if _CLAIM.search(rest) else "chat"
            return clause
    leads_with_move = bool(items) and items[0].kind in ("direction", "run", "edge")
    if ":" in rest and any(i.kind == "direction" for i in items) and sum(i.kind == "cell" for i in items) >= 2:
        head, _, tail = rest.partition(":")
        said_after = find_mentions(tail)
        runs_to_ends = sum(i.kind == "direction" for i in items) > sum(i.kind == "cell" for i in items) and not find_mentions(_mask_not_moves(head))
        if said_after and not runs_to_ends and not any(i.kind == "cell" and i.label in head for i in items):
            items = [i for i in items if i.kind != "direction"]  # "column 1 straight down: (0,1), (1,1), (2,1)"
    clause.items = items
    worded_strong = bool(_STRONG_PROPOSAL.search(rest) or _POLITE_PROPOSAL.search(rest))  # in its own words, not only by its heading
    clause.strong = worded_strong or bool(section and _PROPOSAL_SECTION.search(section))
    clause.sequenced = bool(_SEQUENCED.search(rest))
    clause.moves_to = bool(_MOVES_TO.search(rest))
    clause.rendering = bool(_RENDERING.match(rest)) and not question and any(i.kind in ("cell", "run") for i in items)  # not "thats * right?"
    clause.conclusion = bool(_CONCLUSION.match(stripped))
    clause.echo = bool(clause.stance in ("agree", "weak_agree")) or bool(_ECHO.search(rest))
    section_inform = bool(section and _INFORM_SECTION.search(section)) and not clause.conclusion  # under "My view", "So: ↓ ← ← ↓" still decides
    if clause.stance == "doubt" and _HOLD_ON.search(rest):
        clause.act = "inform"  # "I'd like to hold on (4,0) for a moment": the cell it waits on, not a move
        return clause
    if clause.stance == "refuse" and _REFUSED_OBJECT.search(rest):
        clause.act = "inform"  # "I can't agree to (1,2)": the cell is what it refuses
        clause.blocked = _blocked_items(rest, items)  # "row 3 col 4 is a wall dont go there": and which wall
        return clause
    if clause.stance == "refuse" and items and all(i.kind in ("direction", "run") for i in items) and _MOVES_RUN_INTO.match(rest):
        clause.act = "inform"  # "so down x3 from @ runs into it.": where those moves end, not a counter of the same moves
        return clause
    if _I_COUNT_IT.search(rest) and not worded_strong:
        clause.act = "inform"  # "first row to seventh: I make it 5 downs.": how many it counts, not a move
        return clause
    if _THIS_IS_THE_WAY.match(rest):
        clause.act = "inform"  # "This is the path to the goal.": what the plan just told does, not one more move
        return clause
    if _LOCATIVE_ONLY.match(rest):
        clause.act = "inform"  # "- Directly to our right, (1,2) is open": where the cell lies, not a move
        return clause
    if _HELD_MOVES.search(rest) and items and all(i.kind in ("direction", "run", "cell") for i in items):
        clause.act, clause.stance = "inform", "doubt"  # "Down x3: hold": those moves not yet
        return clause
    if _MOVE_DISMISSED.match(rest):
        clause.act = "inform"  # "Right is pointless, agreed.": the way ruled out, not taken
        return clause
    if _NOT_THIS_MOVE.match(rest):
        clause.act = "inform"  # "AGREE to down, down. Not the right.": what it leaves out, not a move
        return clause
    if _NO_MOVE.match(stripped):
        clause.act, clause.stance, clause.blocked = "inform", "refuse", items  # "… is a # on mine. no left": not that move
        return clause
    if clause.stance == "agree" and _YES_IT_IS_OPEN.match(stripped) and items and all(i.kind == "cell" for i in items):
        clause.act = "inform"  # "yes, (2,1) is open.", "yes (2,0) open": what the cell is (the yes still counts), not a move of its own
        return clause
    blockers = _blocked_items(rest, items)
    if blockers:
        clause.blocked = blockers
        clause.act = "inform"
        if clause.stance is None and any(i.kind == "direction" for i in blockers):
            clause.stance = "refuse"
        return clause
    if not clause.strong and (_CLAIM.search(rest) or _ON_GOAL_NOW.match(rest)):
        clause.act = "claim"
        return clause
    if (_RECAP.search(rest) and not _PROPOSAL_OVER_RECAP.search(rest)
            and not any(i.kind == "back" for i in items) and not _NAMED_BACK.search(rest)):
        clause.act = "recap"
        return clause
    if not question and (_SOLO.search(rest) or _SOLO_WITHOUT_I.match(rest)) and (not _SOLO_EXCEPT.search(rest) or _GO_AHEAD.search(rest) or _OWN_WAYS.search(rest)):
        clause.act = "solo"
        return clause
    if _WHY.match(stripped) or _CONFIRM_REQUEST.match(rest) or _NEED_FROM_YOU.search(rest):
        clause.act = "ask"  # "why right?", "(please confirm (1,1), (1,3))": asking about cells, not moving
        return clause
    if _MOVES_THEN_STATUS.match(rest) and items and all(i.kind == "direction" for i in items):
        clause.act = "propose"  # "Right x2 open?": the moves, if the cells are open
        return clause
    if len(items) == 4 and {i.direction for i in items} == {"up", "down", "left", "right"} and _FOUR_WAYS.match(rest):
        clause.act = "inform"  # "talk in directions — up, down, left, right — from wherever we're standing": the words, not moves
        return clause
    if not question and items and _DIRECTION_STATUS.match(rest):
        clause.act = "inform"  # "down or rigth?" — "both open. … down: open": what lies that way, not a pick
        return clause
    if not question and items and _HIDDEN_ON_MINE.match(rest) and not worded_strong:
        clause.act = "inform"  # "left 2 from there is ? on mine": what the seat cannot see, not a move
        return clause
    if question and _THEN_STEP_CHECKED.match(rest) and len(items) == 1:
        clause.act = "propose"  # "…, then (4,4) which you said is open?": the next step, its cell checked back
        return clause
    if question and _OPEN_SO_GO.match(rest) and items and all(i.kind == "direction" for i in items):
        clause.act = "propose"  # "rigth looks open from me, 1 step?": the move offered, and why
        return clause
    if not question and _OPEN_SO_SEND.match(rest) and items and all(i.kind == "direction" for i in items):
        clause.act, clause.echo = "propose", True  # "left is open, send it ⬅️": the move, checked, and go
        return clause
    if question and not worded_strong and (_YOU_HAVE.match(rest) or ((_ASK_START.match(rest) or _ASK_ANY.search(rest)) and not _is_bare(rest, items))):
        clause.act = "ask"
        return clause
    hypothetical = clause.hypothetical = bool(_HYPOTHETICAL.search(rest)) and not _POLITE_PROPOSAL.search(rest) and not (
        _POLITE_YES.search(rest) and not question and not _CONDITION_WORD.search(rest))  # "I'd agree to down 2, I think.": a yes to those moves
    if (_CONVENTION.search(rest) or _LETTER_FOR_DIRECTION.search(rest)) and not _LETS_MOVE.search(rest):
        clause.act = "inform"
        return clause
    if (_GOAL_LIES.match(rest) or _WHERE_THE_GOAL_IS.match(rest) or _GOAL_NAMED.match(rest)) and not clause.strong and not _LETS_MOVE.search(rest):
        clause.act = "inform"  # "Yes, I agree, the goal is up and right.": where the goal lies, not the way to go
        if clause.stance == "agree":
            clause.stance = "weak_agree"  # the yes is to what was said of the goal
        return clause
    if _AS_IS.match(rest):
        clause.act = "inform"  # "R1C2 and R1C1 are open in my view, as is the first column down to R4C1": the report goes on
        return clause
    if clause.rendering or (clause.strong and not (hypothetical and _HYPOTHETICAL_START.match(rest))
                            and (worded_strong or clause.stance != "doubt")):  # under "### Decision", "I'll confirm once you check (6,4)" waits
        clause.act = "propose"
        return clause
    described = _ALONG_THE_SIDE.sub(" ", rest) if "the" in rest else rest  # "straight up the edge": the way, not the map
    informing = bool(_INFORM.search(described) or _INFORM_SYMBOL.search(rest) or _SEEN_LIST.match(rest) or _CELL_STATUS.search(rest)
                     or ("onfirmed" in rest and _CONFIRMED_REPORT.search(rest))) or section_inform
    if (_THEN_MOVE_ONTO.match(rest) or _THEN_GOAL.match(rest) or _THEN_MOVE_IS_GOAL.match(rest) or _MOVE_ONTO_GOAL.match(rest)
            or (_THEN_DIRECTION.match(rest) and leads_with_move)) and not hypothetical and (
            not question or (leads_with_move and _THEN_DIRECTION.match(rest) and _MOVES_TO_PLACE.match(rest))):  # "then left x4 to the left edge?": the plan, asking
        clause.act = "propose"  # "then right onto the goal at row 5 column 3": the last move, and where it lands
    elif _NEXT_LABEL.match(rest) and not hypothetical and not question and all(i.kind in ("cell", "direction", "run") for i in items):
        clause.act = "propose"  # "Next: up to (3,2) and up again to (2,2), both open on my side.": labelled as the next moves
    elif _MOVE_NUMBERED.search(rest) and items and not hypothetical and not question and all(i.kind in ("cell", "direction") for i in items):
        clause.act = "propose"  # "Then (2,3) and (3,3) are mine and open - moves 4 and 5.": numbered as moves of the plan
    elif _ACK_MOVE.match(stripped) and not hypothetical and not question and _moves_then_cells(items) and len(items) == 1:
        clause.act = "propose"  # "ok down yes, i can see that one, it's open.": the move it takes, then why
        clause.echo = True
    elif ((_LEADING_MOVES.match(rest) or _LEADING_AGAIN.match(rest)) and not hypothetical and _moves_then_cells(items)
          and (not question or _MOVES_TO_PLACE.match(rest))):
        clause.act = "propose"  # "down down rigth rigth = goal, all open on my side", "right then down, 4th row 2nd col open": the plan, then why
    elif not informing and not hypothetical and _is_bare(rest, items):
        clause.act = "propose"
    elif not hypothetical and _MOVE_VERB.search(rest) and (not informing or (all(i.kind in ("direction", "edge") for i in items) and _GO_VERB.search(rest))):
        clause.act = "propose"  # a move verb, and no description around it (or one around directions with "go")
    elif clause.conclusion and not hypothetical and not informing and not _COPULA.search(_FROM_WHERE_WE_ARE.sub(" ", rest)):
        clause.act = "propose"  # "So: right, right, right, the last one onto the goal."
    elif (clause.stance in ("agree", "weak_agree") and not hypothetical and not _MEANT.search(rest) and not _AGREES_THAT.search(rest)
          and not (informing and (_RELATIVE_PLACE.search(rest) or _I_SEE.search(rest) or _IS_OPEN.search(rest) or _BLOCK_WORDS.search(rest)))):  # "Yes, the cell below is open", "bet, I see (3,1) open": about cells
        clause.act = "propose"  # "down, down, right, right is fine by me": the moves it agrees to
        clause.echo = True
    else:
        clause.act = "inform"
    return clause


_TRAILING_EMOJI = re.compile("(?:\\s*[\U0001F300-\U0001FAFF\u2600-\u2713\u2715-\u2717\u2719-\u27BF]\ufe0f?)+\\s*$")
_FROM_WHERE_WE_ARE = re.compile(r"\bfrom (?:where we (?:are|stand)|where we're)(?:\s+now)?\b", re.IGNORECASE)  # "So from where we are: right x5": the start of the moves, not a report
_AS_IS = re.compile(r"\W*(?:and\s+)?(?:as|so)\s+(?:is|are|does|do)\b", re.IGNORECASE)
_ALONG_THE_SIDE = re.compile(r"\b(?:up|down|left|right|along|across)\s+the\s+(?:(?:left|right|top|bottom|outer|east|west|north|south)\s+)?(?:edge|side|border)\b(?!\s+(?:is|are|of)\b)|\b(?:up|down|left|right)(?:\s+(?:x\s?\d|\d|one|two|three|four|five|six|seven|more|times?|once|twice|steps?|moves?)){0,3}\s+(?:in)?to\s+the\s+(?:[\w-]+\s+)?corner\b", re.IGNORECASE)
_MOVES_TO_PLACE = re.compile(r"^[\w\s,;+×-]*?\b(?:back\s+)?(?:to|into|onto|until|till)\s+(?:the\s+)?[\w\s()]+\W*$", re.IGNORECASE)  # "up x2 back to the 3rd row?": the moves, and where they lead
_DIRECTION_WORD = r"(?:up|down|left|right|dwon|donw|dowm|doen|dwn|rigth|rihgt|rght|riht|lfet|letf|lft|rt|dn|north|south|east|west)"
_MOVE_DISMISSED = re.compile(rf"\W*(?:going\s+|moving\s+|heading\s+)?{_DIRECTION_WORD}(?:\s+(?:first|now|here|from here))?\s+(?:is|'s|seems|looks|would be)\s+(?:totally\s+|kind of\s+|pretty\s+|just\s+)?(?:pointless|useless|a dead[ -]end|no good|hopeless|not an option|a waste)\b", re.IGNORECASE)
_RECAP_BEFORE_MOVING = re.compile(r"\b(?:just\s+)?(?:to\s+|let me\s+)?recap(?:\s+the\s+(?:full\s+|whole\s+)?plan)?\s+before\s+we\s+(?:move|commit|start)\s*:\s*(?!we\b|we'|our\b)",
                                  re.IGNORECASE)  # the plan about to be made, said back: not the moves made
_RECAP_LABEL = re.compile(r"\b(?:recap|so far|summary|to sum up|history)\b[^:;.!?]*:", re.IGNORECASE)
_FOUR_WAYS = re.compile(r"^\W*(?:up|down|left|right)(?:\s*(?:,|/|and|or|,\s*and|,\s*or)\s*(?:up|down|left|right)){3}\W*$", re.IGNORECASE)
_DIRECTION_STATUS = re.compile(r"\W*(?:up|down|left|right|rigth|dwon|lfet)\s*[:=]\s*(?:open|clear|free|a\s+wall|wall|blocked|#|\?|unknown|hidden)\W*$", re.IGNORECASE)
_HIDDEN_ON_MINE = re.compile(r"^\W*(?:up|down|left|right|rigth|dwon|lfet)\s*(?:x?\s*\d\s*)?(?:(?:from|of)\s+(?:there|here|us|that)\s+)?(?:is|are|'s)\s+(?:a\s+|all\s+)?(?:\?|unknown|hidden)(?=\s|$)\s*(?:on|for|to|in)\s+(?:me|mine|my\s+(?:side|map|view|end|half))\b", re.IGNORECASE)
_THEN_STEP_CHECKED = re.compile(r"^\W*(?:and\s+)?then\s+\S+(?:\s*,)?\s+(?:which|that)\s+(?:you\s+said\s+|you\s+saw\s+|you\s+see\s+as\s+)?(?:is|was|looked|looks)\s+(?:\w+\s+)?(?:open|clear|free)\b[^?]*\?\s*$", re.IGNORECASE)
_OPEN_SO_GO = re.compile(rf"^\W*(?:the\s+(?:cell|one|square)\s+)?{_DIRECTION_WORD}(?:\s+of\s+(?:us|@|here))?\s+(?:looks|is|seems|'s)\s+(?:\w+\s+)?(?:open|clear|free)\b[^?,;]*[,;]\s*"
                         r"(?:(?:1|one)\s+step|go(?:\s+there)?|move(?:\s+there)?|ok|okay|shall we(?:\s+go)?|should we(?:\s+go)?|want to(?:\s+go)?|try it)\s*\?+\s*$", re.IGNORECASE)
_OPEN_SO_SEND = re.compile(rf"^\W*(?:the\s+(?:cell|one|square)\s+)?{_DIRECTION_WORD}(?:\s+of\s+(?:us|@|here))?\s+(?:looks|is|seems|'s)\s+(?:\w+\s+)?(?:open|clear|free)\b[^?,;]*[,;]\s*"
                           rf"(?:so\s+)?(?:send it|go|let'?s go|go for it|do it)(?:\s+{_DIRECTION_WORD})?\W*$", re.IGNORECASE)
_WHERE_THE_GOAL_IS = re.compile(rf"\W*(?:(?:so|and|but|i think)\W+)*(?:{_DIRECTION_WORD}|north|south|east|west)(?:[\s-]+(?:and\s+|&\s+)?(?:{_DIRECTION_WORD}))?\s+(?:is|'s)\s+(?:where|towards?)\s+(?:the\s+)?(?:goal|\*|star|exit|target|finish)\b", re.IGNORECASE)  # "down and right is where the goal is"
_LEADING_MOVES = re.compile(rf"\W*(?:(?:now|so|next|k|ok(?:ay)?),?\s+)?(?:(?:{_DIRECTION_WORD}(?:\s*[x×]\s*\d|\s+(?:once|twice|(?:\d|two|three|four|five|six|seven)\s+times))?[\s,;+>-]+(?:then\s+|and\s+)?(?:straight\s+)?){{1,}}{_DIRECTION_WORD}\b|{_DIRECTION_WORD}(?:\s*(?:[x×]\s*\d|\d)|\s+(?:twice|(?:\d|two|three|four|five|six|seven|eight)\s+times))\b(?!\s*(?:(?:from|of)\s+(?:the\s+)?(?:start|here|us|there|@)\s+)?(?:is|are|cells?\s+(?:is|are)|squares?\s+(?:is|are))\b))", re.IGNORECASE)
_MOVES_APPROVED = re.compile(rf"^\W*(?:{_DIRECTION_WORD}\b(?:\s*[x×]\s*\d|\s+twice|\s+again)?[\s,;+&>-]*(?:then\s+|and\s+)?){{2,}}(?:is\s+|are\s+|looks\s+|seems\s+)?(?:good|fine|great|ok|okay|perfect|works)\b(?:\s+(?:for|with|by)\s+me)?\W*$", re.IGNORECASE)


_MOVE_THEN_FINE = re.compile(r"^\W*(?:the\s+)?(?:single\s+|one\s+|first\s+|next\s+|last\s+)?(?:up|down|left|right|dwon|rigth|lfet)(?:\s+(?:move|step|one))?\s*[,:–—-]\s*(?:fine|ok|okay|good|sure|yes|agreed)\W*$", re.IGNORECASE)  # "The single up, fine."
_ONE_MOVE_APPROVED = re.compile(r"^\W*(?:up|down|left|dwon|lfet)\b(?:\s*[x×]\s*\d|\s+twice|\s+again)?\s+(?:is|seems|looks|sounds)\s+(?:good|fine|great|ok|okay|perfect)\b(?:\s+(?:for|with|by|to)\s+me)?\W*$", re.IGNORECASE)  # "Up seems fine to me." ("right is fine" may mean correct)


def _moves_then_cells(items: list[Item]) -> bool:
    """Directions (or the goal) first, then at most the cells they lead to."""
    kinds = [i.kind for i in items]
    while kinds and kinds[-1] == "cell":
        kinds.pop()
    return bool(kinds) and all(k in ("direction", "goal", "edge", "run") for k in kinds)


_MOVE_NO = r"(?:moves?|steps?)\s+#?\d{1,2}"  # "move 4", "steps 4 and 5": a plan's numbered moves
_NEXT_LABEL = re.compile(r"\W*(?:(?:and|so)\s+)?(?:next(?:\s+(?:move|step|up))?|then|keep going|continue|carry on|from here|from there)\s*[:—–]\s*", re.IGNORECASE)
_MOVE_NUMBERED = re.compile(r"\b" + _MOVE_NO + r"\b(?!\s*(?:is|was|would|will|looks|seems)\s+(?:a\s+)?(?:wall|blocked))", re.IGNORECASE)
_IS_OPEN = re.compile(r"\b(?:is|are)\s+(?:also\s+|both\s+|all\s+)?(?:open|clear|free)\b", re.IGNORECASE)  # "row 2, column 1 is open, yes"
_MOVES_RUN_INTO = re.compile(r"\W*(?:so\s+|and\s+|but\s+)?(?:going\s+|moving\s+)?[^.!?]{0,40}?\b(?:runs?|bumps?|crash(?:es)?|slams?|hits?|smacks?|walks?)\s+(?:us\s+)?(?:right\s+|straight\s+|directly\s+)?(?:into\s+)?(?:it|that|a\s+wall|the\s+wall|a\s+#|the\s+edge)\b", re.IGNORECASE)
_I_SEE = re.compile(r"\bi (?:can )?(?:see|got|have)\b", re.IGNORECASE)
_THEN_YES = re.compile(r"\W*(?:then\s+)?(?:yes|yeah|yep|ok(?:ay)?|k|sure|fine|agreed?|go|i agree|we go)\b[\W]*$", re.IGNORECASE)
_MOVES_LABEL = re.compile(r"\W*(?:(?:as|for|=)\s+)?" + _MOVE_NO + r"(?:\s*(?:and|&|,|-|–|to|through)\s*#?\d{1,2})*\s*[.!]?\s*$", re.IGNORECASE)
_ACK_MOVE = re.compile(rf"\W*(?:ok(?:ay)?|k|kk|yes|ya|yeah|yep|ys|sure|fine|agreed?)[,!.]?\s+{_DIRECTION_WORD}(?:\s+(?:yes|ok|it is))?\s*(?:[,;:!—–-]|\.\s|$)", re.IGNORECASE)
_AND_THEN = r"\W*(?:(?:and|then|and then),?\s+)?"
_LEADING_AGAIN = re.compile(rf"{_AND_THEN}(?:(?:go|move|step|do)\s+)?{_DIRECTION_WORD}\s+(?:again|once more|one more)(?:\s*[,;:—–-]|\s+then\s+{_DIRECTION_WORD}\b)|"
                            rf"{_AND_THEN}(?:1|one)\s+more\s+{_DIRECTION_WORD}\s*[,;:—–-]|"
                            rf"\W*(?:(?:now|so|then|next|ok(?:ay)?),?\s+)?(?:(?:go|move|step)\s+)?{_DIRECTION_WORD}\s*(?::|\s[—–-])\s", re.IGNORECASE)
_THEN_GOAL = re.compile(r"\W*(?:and\s+)?then\s+(?:(?:on|in)?to\s+)?(?:the\s+)?(?:\*|goal|star)(?!\s+(?:is|was|lies|sits|would)\b)", re.IGNORECASE)
_THEN_MOVE_ONTO = re.compile(rf"\W*(?:and\s+)?then\s+(?:go\s+|move\s+|step\s+|head\s+)?{_DIRECTION_WORD}\s+(?:on|in)?to\b", re.IGNORECASE)
_THEN_DIRECTION = re.compile(rf"\W*(?:and\s+)?then\s+(?:go\s+|move\s+|step\s+|head\s+)?(?:(?:\d|one|two|three|four|five|six)\s+(?:more\s+)?)?{_DIRECTION_WORD}\b(?!\s*(?:is|would|will|looks|seems|might|could)\b)", re.IGNORECASE)
_THEN_MOVE_IS_GOAL = re.compile(rf"\W*(?:and\s+)?then\s+(?:one\s+(?:more\s+)?|1\s+)?{_DIRECTION_WORD}\b[^.?!:;]{{0,40}}?\s+(?:is|=|would be|will be|gets us to|puts us on)\s+(?:the\s+)?(?:\*|goal|star|finish)", re.IGNORECASE)
_MOVE_ONTO_GOAL = re.compile(rf"\W*(?:(?:and\s+)?then\s+|and\s+|so\s+|now\s+)?(?:go\s+|move\s+|step\s+|head\s+)?{_DIRECTION_WORD}(?:\s*(?:x\s*)?(?:\d|two|three|four|five|six|seven|twice)(?:\s*(?:times|steps?|cells?|squares?))?)?\s+(?:on|in)?to\s+(?:the\s+)?(?:\*|goal|star|finish)(?!\s+(?:is|was|lies|sits|would)\b)", re.IGNORECASE)
_DONE_MOVE = re.compile(r"^\W*(?:(?:ok(?:ay)?|k|alright|right),?\s+)?(?:(?:moved|went|stepped|done|walked)\b[\s:,-]*(?:one\s+|1\s+)?(?:up|down|left|right)\b"
                        r"|done\b[\s:,.!-]*(?:(?:we'?re|we are|now)\s+)?(?:(?:at|on|in)\s+)?(?:[A-La-l]\d\b|[\(\[]\s*\d|r\d+c\d+\b))", re.IGNORECASE)  # "done, d1": there
_BLOCK_WORDS = _Gated(re.compile(r"\b(is|are|'s|would be|looks|seems)\s+(?:\w+\s+){0,2}(?:a\s+)?(?:wall|walls|blocked|closed|impassable|#)\b|\b(?:thats|its|thas)\s+(?:a\s+)?(?:wall|blocked|#)\b|\b(?:wall|blocked|#)\s+(?:at|on|in)\b|\bwalls?\s*(?::|are|at|in)\b|\bblocked\b"
                                    r"|(?:[)\]]|\b[a-h]\d|\br\d{1,2}c\d{1,2})\s*(?:[:=]\s*|[-\u2013\u2014]\s*)?(?:a\s+)?(?:wall|#)(?=\s*(?:[.,;!)]|$|here\b|on mine\b|on my side\b|for me\b|too\b))", re.IGNORECASE),  # "(5,6) wall.", "b3: #"
                     ("wall", "block", "closed", "impassable", "#"))


_SEGMENT_BREAK = quick(re.compile(r",(?![^()\[\]]*[\)\]])\s*|\s+\band\b\s+|\s+\bwhile\b\s+|\s+\bwhereas\b\s+"))


def _blocked_items(text: str, items: list[Item]) -> list[Item]:
    """Cells or directions a clause says are walls ("(2,3) is a wall", "down is blocked", "can't go left")."""
    if not _BLOCK_WORDS.search(text) and not _CANNOT_GO.search(text):
        return []
    if _HORTATIVE.search(text):
        return []
    blocked: list[Item] = []
    for segment in _SEGMENT_BREAK.split(text):
        if not (_BLOCK_WORDS.search(segment) or _CANNOT_GO.search(segment)):
            continue
        if _NEGATED_WALL.search(segment):
            continue
        labels = {m.raw for m in find_mentions(_mask_not_moves(segment))}
        blocked.extend(i for i in items if i.kind in ("cell", "direction") and i.label in labels or (i.kind == "goal" and _GOAL.search(segment)))
    if not blocked and _WALL_LIST.search(text):
        blocked = [i for i in items if i.kind == "cell"]
    return blocked


_CODE_WORDS = {"U": "up", "D": "down", "L": "left", "R": "right", "N": "north", "S": "south", "E": "east", "W": "west"}
_ARROW_WORDS = {"\u2191": "up", "\u2193": "down", "\u2190": "left", "\u2192": "right",
                "\u2b06": "up", "\u2b07": "down", "\u2b05": "left", "\u27a1": "right"}
_CODE = rf"(?<![\w'\u2019(\[])[{''.join(_CODE_WORDS)}](?![\w'\u2019])"
_CODE_SEP = r"(?:\s*[x\u00d7]\s*\d)?(?:[\s,;/]|->|\u2192|-|\u2013|then)+"
_CODE_RUN = re.compile(rf"(?:(?<=\()[{''.join(_CODE_WORDS)}](?![\w'\u2019])|{_CODE})(?:{_CODE_SEP}{_CODE})+")  # "R R D D", "R,R", "L, L, D"
_CODE_COUNTED = re.compile(rf"{_CODE}(?=\s*[x\u00d7]\s*\d)")  # "U×3"
_CODE_TO = re.compile(r"(?<![\w'\u2019(\[])[UDLR](?=\s*(?:to\s+|->|\u2192|=>))")  # "D to (3,3)", "L \u2192 (1,3)"
_CODE_LABELLED = re.compile(r"\b((?i:agree|agreed|move|next|go|step|proposal|propose|decision)\s*:\s*)([UDLR])(?=\s*(?:[.!,;]|$))", re.MULTILINE)  # "Agree: U."
_CODE_LISTED = re.compile(r"^(\s*(?:[-*+\u2022]|\d{1,2}[.):]|[Ss]tep\s+\d{1,2}[.):]?)\s*)([UDLR])(?=\s*(?:[x\u00d7]\s*\d)?\s*(?:[.,;:]|->|\u2192|\(|$))", re.MULTILINE)  # "1. R", "- D x2"
_CODE_NUMBERED = re.compile(r"(?<![\w'\u2019(\[])([UDLRNSEW])([1-9])(?![\w'\u2019])")  # "D4", "N3": a letter and a count


def _numbered_run(letters: str) -> re.Pattern:
    """Letter-and-count tokens of one alphabet written in a run ("D4, L6, D2", "L4, then D2", "N3, then E6")."""
    code = rf"[{letters}][1-9]"
    return re.compile(rf"(?<![\w'\u2019(\[]){code}(?:(?:\s*(?:,|;|->|\u2192|and|then)\s*)+{code}|\s+{code})+(?![\w'\u2019])")


_CODE_NUMBERED_RUNS = (_numbered_run("UDLR"), _numbered_run("NSEW"))  # never mixed: "D4, E4" are squares
_CODE_NUMBERED_ALONE = re.compile(r"(?<![\w'\u2019(\[])([LU])([1-9])(?![\w'\u2019]|\s*[,;]?\s*[A-Za-z][1-9])")  # "L6 → ok?": no square has a column L or U
_CODES_COUNTED_SAID = re.compile(r"\b[UDLR][1-9]\s*(?:=|means|is)\s*(?:up|down|left|right)\s*(?:x\s*)?[1-9]\b", re.IGNORECASE)  # "U2 = up 2"
_CODE_HINT = re.compile(r"[UDLRNSEW](?<![\w'\u2019(\[][UDLRNSEW])(?![\w'\u2019])|[UDLRNSEW](?<=\b[UDLRNSEW])[1-9]\b")  # _CODE or "D4", the letter first: a pattern that opens
# on a look-behind is tried at every position, one that opens on a character set jumps between its letters (six times faster)
_ARROW = f"[{''.join(_ARROW_WORDS)}]"  # variation selectors (U+FE0F, "⬇️") are dropped before these are searched
_ARROW_RUN = re.compile(rf"(?<![)\]]\s)(?<![)\]]){_ARROW}(?:[\s,]*{_ARROW})+(?!\s*(?:[(\[\d]|[A-Za-z]{{1,2}}\d))")  # "↓ ← ↓ ← ↓", not "(4,3) → (4,4)" nor "a3 → b3"
_ARROW_LEADING = re.compile(rf"(?<![)\]]\s)(?<![)\]]){_ARROW}(?=\s*(?:\u2192|->|=>)\s*[(\[])")  # "1. ↓ → (3,3)": the move, then where it lands
_ARROW_HINT = re.compile(_ARROW)
_COUNTED_ARROW = re.compile(rf"{_ARROW}(?=\s*[x\u00d7]\s*[1-9]|[1-9](?!\d|\)|\s*,\s*\d))")  # "➡️x4", "➡️1": a count, so a move
_LONE_ARROW = re.compile("[\u2191\u2193\u2190\u2b06\u2b07\u2b05]")  # up, down, left: "→" and "➡" also join cells


_EMOJI_ARROW = "[\u2b06\u2b07\u2b05\u27a1]"  # ⬆ ⬇ ⬅ ➡ (never "→", which also joins cells)
_ARROW_AFTER_ITS_WORD = re.compile(rf"\b(?P<word>up|down|left|right)\b(?P<count>\s*(?:[x\u00d7]\s*\d|\d|twice))?\s*(?P<arrows>{_EMOJI_ARROW}(?:\s*{_EMOJI_ARROW})*)(?!\s*[(\[])", re.IGNORECASE)


def _arrow_decoration_dropped(match: re.Match) -> str:
    """Arrows that only picture the direction word just written are dropped; other arrows stay."""
    if all(_ARROW_WORDS[a] == match.group("word").lower() for a in re.findall(_EMOJI_ARROW, match.group("arrows"))):
        return match.group("word") + (match.group("count") or "") + " "
    return match.group(0)


def _run_of_moves(run: str) -> bool:
    """A run of letter-and-count tokens that can only be moves: "D4, D2" may be squares of the d-file, "R2, R3"
    rows and "E4 E5" squares; "D4, L6, D2" (no square has a column L or U) and "N3, E6" (nor N, S or W) are moves."""
    letters = {m.group(1) for m in _CODE_NUMBERED.finditer(run)}
    if letters <= set("NSEW"):
        return bool(letters & set("NSW"))
    return len(letters) >= 2 or bool(letters & set("UL"))


def _count_spelled_out(match: re.Match) -> str:
    return f"{_CODE_WORDS[match.group(1)]} x{match.group(2)}"  # "L6": "left x6"


@lru_cache(maxsize=8192)
def codes_counted(text: str) -> bool:
    """The message writes moves as a letter and a count ("D4, L6, D2", "L6 → ok?", "N3, then E6", "U2 = up 2"):
    from then on the dialogue's lone "D2" is two moves down too, not a square."""
    if not _CODE_HINT.search(text):
        return False
    return (any(_run_of_moves(run.group(0)) for runs in _CODE_NUMBERED_RUNS for run in runs.finditer(text))
            or _CODE_NUMBERED_ALONE.search(text) is not None or _CODES_COUNTED_SAID.search(text) is not None)


def _codes_spelled_out(text: str, counted: bool = False) -> str:
    """Moves written as letters or arrows ("R,R to (0,2)", "full plan: R R D D R", "U×3 → (3,6)", "D to (4,3)",
    "↓ ← ↓", "1. ↓ → (3,3)") in words.
    Only capitals, and only where they read as moves: in a run, with a count, or leading to a cell; a run
    naming each compass letter once ("N, S, E, W") lists the letters, not moves."""
    def run(match: re.Match) -> str:
        letters = re.findall(_CODE, match.group(0))
        if len(letters) == len(set(letters)) == 4 or len({c in "UDLR" for c in letters}) > 1:
            return match.group(0)
        return re.sub(_CODE, lambda m: _CODE_WORDS[m.group(0)] + " ", match.group(0))  # "S×2, then E": "south ×2, then east "
    def numbered(match: re.Match) -> str:
        return _CODE_NUMBERED.sub(_count_spelled_out, match.group(0)) if _run_of_moves(match.group(0)) else match.group(0)
    def arrows(match: re.Match) -> str:
        return re.sub(_ARROW, lambda m: _ARROW_WORDS[m.group(0)] + " ", match.group(0))
    if _ARROW_HINT.search(text):
        text = _ARROW_AFTER_ITS_WORD.sub(_arrow_decoration_dropped, text.replace("\ufe0f", ""))  # "left 1 ⬅️", "down x2 ⬇️⬇️": the word, decorated
        text = _ARROW_LEADING.sub(arrows, _ARROW_RUN.sub(arrows, text))
        text = _LONE_ARROW.sub(arrows, _COUNTED_ARROW.sub(arrows, text))  # "then ⬇️": an arrow that never separates cells, alone; "➡️x4"
    text = _CODE_RUN.sub(run, text)
    for runs in _CODE_NUMBERED_RUNS:
        text = runs.sub(numbered, text)
    text = (_CODE_NUMBERED if counted else _CODE_NUMBERED_ALONE).sub(_count_spelled_out, text)
    text = _CODE_COUNTED.sub(lambda m: _CODE_WORDS[m.group(0)] + " ", text)  # "U×3": "up ×3"
    text = _CODE_LISTED.sub(lambda m: m.group(1) + _CODE_WORDS[m.group(2)] + " ", text)  # "1. R" on its own line
    text = _CODE_LABELLED.sub(lambda m: m.group(1) + _CODE_WORDS[m.group(2)], text)
    return _CODE_TO.sub(lambda m: _CODE_WORDS[m.group(0)], text)


_LETTER_MOVE = r"[rlud](?:\s*[x\u00d7]\s*\d)?"
_WORD_MOVE = r"(?:up|down|left|right|dwon|dwn|rigth|lft)(?:\s*[x\u00d7]\s*\d)?"
# A sentence of nothing but moves typed as small letters ("k r x4", "so r r r?", "then r then dwon?", "d l d d"):
# a letter is a move only there, where no other word could make "r" mean "are" or "u" mean "you".
_SMALL_LETTER_MOVES = re.compile(
    rf"(?:^|(?<=[.!?\n]))(?P<lead>\s*(?:(?:k|kk|ok|okay|so|then|yup|yep|ya|ye|ys|yes|go|now|and)\s+)*)"
    rf"(?P<moves>(?:{_LETTER_MOVE}|{_WORD_MOVE})(?:(?:\s*,\s*|\s+then\s+|\s*->\s*|\s+)(?:{_LETTER_MOVE}|{_WORD_MOVE}))*)"
    rf"(?P<tail>\s+(?:first|again|pls|plz|then))?(?=\s*[?!.]*\s*(?:$|\n)|\s*[.!?]\s)", re.MULTILINE)
_SMALL_LETTER = re.compile(r"(?<![\w'\u2019])[rlud](?![\w'\u2019])")
_MOVES_BEFORE = re.compile(rf"^\s*(?:(?:[RLUD]|{_WORD_MOVE})(?:\s*,\s*|\s+then\s+|\s*->\s*|\s+)){{2}}")  # "rr uu r u?" (read as "R R U U r u?"): moves all through
_SMALL_LETTER_HINT = re.compile(r"\b[rlud]\b")  # far cheaper than the look-arounds, and true whenever they are
_SMALL_LETTER_WORDS = {"r": "right", "l": "left", "u": "up", "d": "down"}


_LONE_CODE = re.compile(r"(?:^|(?<=[.!?]\s))(?<!\d\.\s)([UDLR])([?.!]+(?=\s|$)|$)", re.MULTILINE)  # "L?" as a sentence, not "1. L" (a listed step)
# "rrr", "UU", "RRDDD", "rdrd" as a word of their own (never "I'll"); the letter first, so the search jumps between letters
_LETTER_REPEAT = re.compile(r"([udlrUDLR])(?<![\w'\u2019].)(?:\1{1,11}|(?<=[UDLR])[UDLR]{2,11}|(?<=[udlr])[udlr]{2,11})(?![\w'\u2019])")
_LETTER_WORDS = frozenset({"dull", "lull", "dud"})  # words, not moves


# "lefttt", "uppp", "dooown": a direction word typed with a letter held down (never "upper", "downtown")
_STRETCHED_MOVE = re.compile(r"([lrudLRUD])(?<![\w'\u2019].)(?:(?<=[lL])[lL]*[eE]+[fF]+[tT]+|(?<=[rR])[rR]*[iI]+[gG]+[hH]+[tT]+|(?<=[uU])[uU]*[pP]+|(?<=[dD])[dD]*[oO]+[wW]+[nN]+)(?![\w'\u2019])")
_LAST_LETTER = re.compile(r"(?<=\bthen )[udlr](?=[?.!]|\s*$)")  # one small letter after "then", ending the sentence


# One cell or move typed wrong and put right at once, inside a list: "c5, b4... sorry, b5, then a5",
# "(6,5)... oops, (6,6)", "r3c4?? sorry, I mean r4c2". The slip goes, the list reads on with the right one.
_CELL_TOKEN = r"(?:\(\s*\d+\s*,\s*\d+\s*\)|\b[A-La-l]\d{1,2}\b|\b[Rr]\d+\s*[Cc]\d+\b)"
_MOVE_TOKEN = r"\b(?:up|down|left|right)\b"
_SLIP_MARK = r"\s*(?:\.{2,}|\u2026|\?{2,}|\s[\u2014-])\s*(?:sorry|oops|err|erm|whoops)\b[,!.]?\s*(?:I\s+mean[t]?\s+)?"
_SLIP_PUT_RIGHT = re.compile(rf"{_CELL_TOKEN}{_SLIP_MARK}(?={_CELL_TOKEN})|{_MOVE_TOKEN}{_SLIP_MARK}(?={_MOVE_TOKEN})", re.IGNORECASE)
_SLIP_HINT = _Literals(("sorry", "oops", "err"))  # ("whoops" holds "oops")


def _move_unstretched(match: re.Match) -> str:
    typed, word = match.group(0), _SMALL_LETTER_WORDS[match.group(1).lower()]
    return typed if len(typed) == len(word) else word.upper() if typed.isupper() else word.capitalize() if typed[0].isupper() else word


def _letters_repeated(match: re.Match) -> str:
    letters = match.group(0)
    return letters if letters in _LETTER_WORDS else " ".join(letters.upper())  # "rrddd": "R R D D D", a run of letter codes


_RIGHT_AS_A_WORD = re.compile(r"(?:^|(?<=[.!?]\s))Right([,.])\s+(?=(?i:so|well|I|I'm|I'd|we|we're|that|that's|you|you're|yes|ok|okay|good|agreed|got it)\b)")


def _small_letters_spelled_out(text: str) -> str:
    """Moves typed as small letters in a sentence of nothing else, in words; a sentence whose only letters are
    "u" ("k u?") or "r u" ("are you") is left alone."""
    def spelled(match: re.Match) -> str:
        letters = _SMALL_LETTER.findall(match.group("moves"))
        if not letters or set(letters) <= {"u"} or (letters == ["r", "u"] and not _MOVES_BEFORE.match(match.group("moves"))):
            return match.group(0)
        return match.group("lead") + _SMALL_LETTER.sub(lambda m: _SMALL_LETTER_WORDS[m.group(0)], match.group("moves")) + (match.group("tail") or "")
    return _SMALL_LETTER_MOVES.sub(spelled, text)


def read_dialogue(texts: list[str]) -> list[MessageReading]:
    """Every message read in order, as `AgreementState.feed` reads them: with what earlier messages settled
    about how moves are written ("D4, L6, D2" makes a later "D2" two moves down)."""
    readings, counted = [], False
    for text in texts:
        readings.append(read_message(text, counted))
        counted = counted or codes_counted(text)
    return readings


@lru_cache(maxsize=8192)
def read_message(text: str, counted: bool = False) -> MessageReading:
    """Read one message (cached: the same text reads the same way under every coordinate scheme).
    `counted`: the dialogue has written moves as a letter and a count ("D4, L6"), so "D2" is a move."""
    if "\ufe0f" in text:
        text = text.replace("\ufe0f", "")  # the variation selector after an emoji ("🛣️") draws it in colour, and hides it from "open 🛣 slide right"
    if _SLIP_HINT.search(text):
        text = _SLIP_PUT_RIGHT.sub("", text)  # "c5, b4... sorry, b5, then a5": the slip put right at once
    if _STRETCHED_MOVE.search(text):
        text = _STRETCHED_MOVE.sub(_move_unstretched, text)  # "lefttt x3", "uppp": the word, typed fast
    if _LETTER_REPEAT.search(text):
        text = _LETTER_REPEAT.sub(_letters_repeated, text)  # "rrr then dddd", "Plan: U, RRR, UU", "RRDDD?": one letter typed once a move
        text = _LAST_LETTER.sub(lambda m: _SMALL_LETTER_WORDS[m.group(0)], text)  # "uuu then rrrr then uu then r?": the last one too
    if _CODE_HINT.search(text) or _ARROW_HINT.search(text):
        text = _LONE_CODE.sub(lambda m: _CODE_WORDS[m.group(1)] + m.group(2), text)  # "(6,5) open. L?", "L. Then U x4": a sentence of one move
        text = _codes_spelled_out(text, counted)
    if _SMALL_LETTER_HINT.search(text) and _SMALL_LETTER.search(text):
        text = _small_letters_spelled_out(text)
    if "Right" in text:
        text = _RIGHT_AS_A_WORD.sub(r"Hm\1 ", text)  # "Right, so we can't start by going down.": said, not a move
    options, option_lines = find_options(text)
    if options:  # laid-out options are not proposals: their lines are read apart, as options
        lines = text.replace("\r\n", "\n").split("\n")
        text = "\n".join("" if k in option_lines else line for k, line in enumerate(lines))
    clauses: list[Clause] = []
    acti = False
    previous_cells: list[Item] = []
    solo = False
    for line, section in clean_lines(text):
        if '"' in line or "\u201c" in line or "\u00ab" in line:
            line = _QUOTED.sub(" ", line)  # quoted words are mentioned, not used (after JSON was read)
        if "'" in line:
            line = _SINGLE_QUOTED_ACTI.sub(" ", line)  # "whoever lands us on b1 types 'ACTI!'" (other single quotes may be apostrophes)
        if "ecap" in line:
            line = _RECAP_BEFORE_MOVING.sub("Plan: ", line)  # "Just to recap before we move: down three, then right four. Agreed?"
        previous: Clause | None = None
        reasoning = False
        recap_list = False  # inside a sentence that opened with a recap label ("Let me recap to be sure: …")
        for part in split_clauses(line):
            aside = part.startswith(ASIDE)
            clause = read_clause(part.lstrip(ASIDE) if aside else part, section, previous_cells[-1] if previous_cells else None)
            if clause.act == "meta" and _GRADER.search(clause.text):
                continue  # "EVALUATOR: the route was …": addressed to the grader, no part of the talk (nor a neighbour of what is)
            if previous is not None and clause.act == "propose" and not clause.listed and LONE_NUMBER.match(previous.text):
                clause = copy(clause)
                clause.listed = True  # "3. U → G": an item of a numbered plan, a step of its own even when it repeats one
            if section == _JSON_REASONS and clause.act != "meta":
                clause = copy(clause)  # {"agree": false, "reason": "right then down works"}: the flag decides, the reason informs
                clause.act, clause.stance, clause.echo = "inform", None, False
            if aside and clause.act == "propose" and not clause.strong and not _ASIDE_STEP.match(part):
                clause = Clause(clause.text, "inform", clause.stance, clause.items, listed=clause.listed)  # "(the cell below us)"
            if (previous is not None and previous.act == "inform" and previous.hypothetical and previous.items and clause.act == "propose"
                    and not clause.strong and _CONTINUATION.match(part) and not _CONSEQUENCE.match(previous.text)):
                clause = Clause(clause.text, "inform", clause.stance, clause.items, listed=clause.listed)  # "we can go right, then down"
            if previous is not None and previous.act == "propose" and _CONSEQUENCE.match(part) and _GERUND_OR_IF.match(previous.text):
                clauses[-1] = Clause(previous.text, "inform", previous.stance, previous.items, listed=previous.listed)  # "going right gets us to a wall"
            if (previous is not None and previous.act == "inform" and not previous.hypothetical and not previous.blocked
                    and len(previous.items) == 1 and previous.items[0].kind == "cell" and clause.act == "propose"
                    and _CONTINUATION.match(part)):
                clause = Clause(clause.text, "propose", clause.stance, [previous.items[0], *clause.items], clause.strong,
                                clause.sequenced, listed=clause.listed)  # "F6 is open for me, then F7, G7"
            if (previous is not None and previous.act == "recap" and clause.act == "propose" and not clause.strong
                    and _CONTINUATION.match(part) and not previous.text.rstrip().endswith((".", "!", "?"))
                    and not part.rstrip().endswith("?") and _WALKED.search(previous.text)):
                clause = Clause(clause.text, "recap", clause.stance, clause.items, listed=clause.listed)  # "so far: down, then right"
            if recap_list and clause.act == "propose" and not clause.strong and _is_bare(part, clause.items):
                clause = Clause(clause.text, "recap", clause.stance, clause.items, listed=clause.listed)  # "Let me recap: start top-right; left; left; down."
            recap_list = (recap_list or bool(_RECAP_LABEL.search(part))) and not part.rstrip(" )*_").endswith((".", "!", "?"))
            if (previous is not None and clause.act == "propose" and not clause.strong and len(clause.items) == 1
                    and clause.items[0].kind == "cell" and part.rstrip().endswith("?") and _WHERE_ARE_WE.search(previous.text)):
                clause = Clause(clause.text, "recap", clause.stance, [], positions=[clause.items[0].mention])  # "Where are we? (4,4)?"
            if solo and clause.act == "propose" and (_CONTINUATION.match(part) or _PROGRESSIVE.match(part)):
                clause = Clause(clause.text, "solo", clause.stance, clause.items, listed=clause.listed)  # "I'm moving left… Then down"
            solo = solo or clause.act == "solo" or (  # "then I'll explore the left side — moving down to (2,0)"
                clause.act == "chat" and not clause.items and _SOLO.search(part) is not None and not _SOLO_EXCEPT.search(part))
            if (previous is not None and clause.act == "propose" and _BARE_GOAL.match(part) and len(previous.items) == 1
                    and previous.items[0].kind == "cell"):
                clause = Clause(clause.text, "inform", clause.stance, clause.items, listed=clause.listed)  # "(6,3) — goal.": what the cell is
            if (previous is not None and previous.act == "inform" and previous.items and not previous.hypothetical and clause.act == "propose"
                    and not clause.strong and all(i.kind == "cell" for i in clause.items) and _SAID_OF_THEM_TOO.match(_without_mentions(part, clause.items))):
                clause = Clause(clause.text, "inform", clause.stance, clause.items, listed=clause.listed)  # "R3C5 is open on mine; R2C6 too."
            if (previous is not None and previous.act == "propose" and clause.act == "propose" and len(previous.items) == 1
                    and previous.items[0].kind == "cell" and _only_cells(previous) and len(clause.items) == 1
                    and clause.items[0].kind == "direction" and _DIRECTION_ALONE.match(part)):
                clause = Clause(clause.text, "inform", clause.stance, clause.items, listed=clause.listed)  # "2. `(4,1)` — right": the step, named both ways
            if clause.act == "propose" and _offers_a_choice(part, clause.items):
                clause = copy(clause)
                clause.alternatives = True  # "now e4 or f3?": a choice offered, not a plan of both
            if reasoning and clause.act == "propose" and not clause.strong and not clause.conclusion and not clause.echo:
                clause = Clause(clause.text, "inform", clause.stance, clause.items, listed=clause.listed)  # "let me reason: … then (1,1)"
            if ("let me" in part or "reason" in part or "thinking" in part) and _REASONING.search(part):
                reasoning = True
            elif clause.strong or clause.conclusion:
                reasoning = False
            previous = clause
            clauses.append(clause)
            previous_cells.extend(i for i in clause.items if i.kind == "cell")
            if clause.act != "meta" and "acti" in part.lower() and ACTI_WORD.search(part.replace("`", "")):
                acti = True
    for k in range(1, len(clauses)):  # what a clause means beside its neighbour (copies: read_clause's objects are shared)
        before, clause = clauses[k - 1], clauses[k]
        if before.act == "propose" and clause.act == "inform" and clause.items and _AFTER_A_MOVE.match(before.text):
            clauses[k - 1] = before = copy(before)
            before.act = "inform"  # "No to that: after left, (4,4) is a wall on mine.": where the wall is, not a move
        if clause.stance in ("agree", "weak_agree") and not clause.items and _CONDITIONAL_START.match(before.text) and _THEN_YES.match(clause.text):
            clauses[k] = clause = copy(clause)
            clause.stance, clause.conditional = "doubt", True  # "If they're open on your side, then yes.": not yet
        if (clause.act == "chat" and not clause.items and _MOVES_LABEL.match(clause.text) and before.act == "inform"
                and before.items and all(i.kind == "cell" for i in before.items) and not before.blocked):
            clauses[k - 1] = before = copy(before)
            before.act = "propose"  # "Then (2,3) and (3,3) are mine and open - moves 4 and 5."
        if (clause.act == "chat" and before.act == "propose" and before.stance is None and _THEN_ALONE.match(clause.text)
                and not any(c.stance in ("agree", "weak_agree") for c in clauses[:k - 1])):  # "Agreed. The cell beneath us, then.": the next one
            clauses[k - 1] = before = copy(before)
            before.stance, before.echo, before.conceded = "agree", True, True  # "Down again, then.": in that case, yes
        if (before.act == "propose" and clause.act == "propose" and not clause.sequenced
                and len(clause.items) > len(before.items)
                and [i.direction for i in clause.items[:len(before.items)]] == [i.direction for i in before.items]
                and ((_MOVES_THEN_STATUS.match(before.text) and not before.strong) or _once_then_counted(before, clause))):
            clauses[k - 1] = before = copy(before)
            before.act = "inform"  # "Left is open. We go left six times.", "Go left. Left two.": the move, then how far
        if (before.act == "propose" and before.items and all(i.kind == "repeat" for i in before.items) and clause.act == "propose"
                and len(clause.items) >= 2 and all(i.kind == "direction" for i in clause.items) and len({i.direction for i in clause.items}) == 1
                and not _CONTINUATION.match(clause.text)):
            clauses[k - 1] = before = copy(before)
            before.act = "inform"  # "Same again then - two more down.": the next clause says which way, and how far
        if (before.act == "propose" and before.items and all(i.kind == "back" for i in before.items) and clause.act == "propose"
                and clause.items and all(i.kind == "direction" for i in clause.items) and not clause.sequenced):
            clauses[k - 1] = before = copy(before)
            before.act = "inform"  # "We gotta go back the way we came. Up x2?": the next clause says which way back, and how far
        if (before.act in ("inform", "chat") and not before.stance and clause.act == "propose" and not clause.hypothetical
                and (way_on := _open_next_to_us(before.text)) is not None and _THEN_FIRST.match(clause.text)
                and all(i.direction == way_on for i in before.items) and len(before.items) <= 1):
            clauses[k - 1] = before = copy(before)
            before.act, before.items = "propose", [Item("direction", way_on, direction=way_on)]  # "The cell below is open. Then we go right right.": that one first
        if (clause.act == "ask" and before.act == "propose" and _THEN_DIRECTION.match(clause.text)
                and clause.items and clause.items[0].kind in ("direction", "run") and not before.hypothetical):
            clauses[k] = clause = copy(clause)
            clause.act = "propose"  # "How about right once, and then down into the cell you said is open?": the plan goes on
        if (before.act == "propose" and not before.strong and before.text.rstrip(" *_").endswith("?") and before.items
                and all(i.kind == "cell" for i in before.items) and _UNSEEN.match(clause.text) and _only_cells(before)):
            clauses[k - 1] = before = copy(before)
            before.act = "ask"  # "(6,1)? unknown to me.", "(2,6)? Can't see.": what the cell is, asked
        if (before.act == "propose" and not before.strong and len(before.items) == 1 and before.items[0].kind == "direction"
                and _DIRECTION_ALONE.match(before.text) and clause.stance == "doubt" and _NOT_SURE.match(clause.text)):
            clauses[k - 1] = before = copy(before)
            before.act = "inform"  # "Up, I'm not sure, I can't see the square above us.": the way it wonders about, not a move
    _how_far_said_after_why(clauses)
    _unconditioned_yes(clauses)
    return _reading(clauses, acti, [(o.key, o.position, _option_moves(o.text)) for o in options], _choice(clauses))


_NOT_SURE = re.compile(r"\W*(?:i'?m\s+not\s+sure|not\s+sure|no\s+idea|i\s+don'?t\s+know|dunno|can'?t\s+tell)\b", re.IGNORECASE)
_DIRECTION_ALONE = re.compile(rf"^\W*{_DIRECTION_WORD}\W*(?:(?:->|=>)\s*\W*(?:the\s+)?(?:goal|star|\*)\W*)?$", re.IGNORECASE)
_UNSEEN = re.compile(r"\W*(?:it'?s\s+|that'?s\s+|that\s+one'?s\s+)?(?:unknown|hidden|not visible|invisible|unseen|a\s+\?|\?|can'?t see|cannot see|i\s+can'?t see|i\s+cannot see|"
                     r"don'?t know|i\s+don'?t know|no idea|not on my (?:side|map|half))\b", re.IGNORECASE)


def _only_cells(clause: Clause) -> bool:
    """Nothing but the cells it names ("- (6,1)?"), no word around them."""
    return not _ANY_WORD_CHAR.search(_without_mentions(clause.text, clause.items))


def _reading(clauses: list[Clause], acti: bool, options: list[tuple[str, int, list[Item]]], choice: tuple[str, int] | None) -> MessageReading:
    stance = _stance(clauses)
    return MessageReading(clauses=clauses, stance=stance, acti=acti, options=options, choice=choice,
                          deferred=stance == "doubt" and any(_defers(c) for c in clauses))


def _unconditioned_yes(clauses: list[Clause]) -> None:
    """"I'd agree to left twice." with no condition anywhere in its sentence is a yes, however politely put;
    "I'd agree to up if you're sure" waits on its condition. (Hedges — "maybe", "I think" — are already
    out of clause texts; they never make a condition.)"""
    for k, clause in enumerate(clauses):
        if not clause.conditional:
            continue
        sentence = []
        for later in clauses[k:]:
            sentence.append(later.text)
            if later.text.rstrip(" )*_").endswith((".", "!", "?", "…")):
                break
        said = " ".join(sentence)
        if (not _CONDITION_WORD.search(said) or _CONDITION_TRUSTED.search(said)) and not said.rstrip(" )*_").endswith("?"):
            clauses[k] = clause = copy(clause)
            clause.stance, clause.conditional = "agree", False


_CONDITION_TRUSTED = re.compile(r"\b(?:which|and)\s+i\s+(?:do\s+|fully\s+)?trust\b", re.IGNORECASE)  # "assuming your view is right, which I trust"
_CONDITION_WORD = re.compile(r"\b(?:if|assuming|as long as|so long as|provided|providing|once|unless|given that|only|but|though|although|trusting|for now|at least|to start)\b|\bwhen\b", re.IGNORECASE)


def _how_far_said_after_why(clauses: list[Clause]) -> None:
    """"Now go up. Up is open. Up two times.": the move, why, then how far — two ups, not three. The bare
    move before a counted one, with only talk of that way between, informs (in place)."""
    for k, clause in enumerate(clauses):
        if clause.act != "propose" or not _BARE_COUNT.match(clause.text):
            continue
        j = k - 1
        while j >= 0 and clauses[j].act in ("chat", "inform") and all(i.direction == clause.items[0].direction for i in clauses[j].items):
            j -= 1
        if j >= 0 and j < k - 1 and clauses[j].act == "propose" and not clauses[j].listed and _once_then_counted(clauses[j], clause):
            clauses[j] = Clause(clauses[j].text, "inform", clauses[j].stance, clauses[j].items, listed=clauses[j].listed)


def _once_then_counted(before: Clause, clause: Clause) -> bool:
    """"Go left back. Left two.": one direction said bare, then the same direction with its count."""
    directions = {i.direction for i in clause.items}
    return (len(before.items) == 1 and before.items[0].kind == "direction" and len(directions) == 1
            and all(i.kind == "direction" for i in clause.items) and bool(_BARE_COUNT.match(clause.text)))


_BARE_COUNT = re.compile(rf"^\W*{_DIRECTION_WORD}\s*(?:x\s*)?(?:\d|two|three|four|five|six|seven|twice)(?:\s*(?:times|steps?|cells?|squares?))?\W*$", re.IGNORECASE)
_OPEN_NEXT_TO_US = re.compile(r"^\W*(?:the\s+)?(?:cell|square|spot|one)\s+(?:(below|above|beneath|under|underneath)(?:\s+us)?|(?:to\s+the|on\s+(?:our|the))\s+(left|right)(?:\s+of\s+us)?)\s+is\s+(?:open|free|clear)\W*$", re.IGNORECASE)
_THEN_FIRST = re.compile(r"\W*(?:and\s+)?then\b", re.IGNORECASE)


def _open_next_to_us(text: str) -> Direction | None:
    """"The cell below is open.", "the one on our left is open": the way to that open neighbour."""
    said = _OPEN_NEXT_TO_US.match(text)
    return _RELATIVE_WAYS[(said.group(1) or said.group(2)).lower()] if said else None


_THE_MOVES_AGREED = re.compile(r"^\W*(?:(?:ok(?:ay)?|yes|yep|sure|fine)\W+)?(?:the|those|these)\s+(two|three|four|five|[2-8])\s+(ups|downs|lefts|rights)\W*"
                               r"(?:(?:are\s+|is\s+)?(?:agreed|ok(?:ay)?|fine|good|accepted|confirmed)\W*)?$", re.IGNORECASE)
_DIRECTIONS_PLURAL: dict[str, Direction] = {"ups": "up", "downs": "down", "lefts": "left", "rights": "right"}
_ASKING_FOR_A_YES = re.compile(r"\b(?:i|we)?\s*(?:need|want|still\s+need|(?:am\s+|'m\s+)?(?:still\s+)?waiting\s+(?:for|on)|(?:am\s+|'m\s+)?looking\s+for|(?:am\s+|'m\s+)?asking\s+for)\s+"
                               r"(?:a|an|your)\s+(?:clear\s+|explicit\s+|simple\s+|proper\s+|firm\s+)?(?:yes|yea|ok|okay|go|agree)\b(?!\s+(?:from\s+)?(?:here|there)\b)", re.IGNORECASE)
_THEN_ALONE = re.compile(r"^\W*then\W*$", re.IGNORECASE)


_TAG_QUESTION = re.compile(r",\s*(?:right|rigth|correct|yes|yeah|no)\s*\?+\W*$", re.IGNORECASE)
_BARE_RIGHT = re.compile(r"^\W*(?:right|rigth)\s*[.!]*\s*$", re.IGNORECASE)


def answering_a_tag_question(asked: MessageReading, reply: MessageReading) -> MessageReading:
    """"so we go down twice, right?" — "right. (2,0) is open": a reply that opens with a bare "right" to a
    question ending in ", right?" says yes; it proposes no move right. Any other reply is returned as read."""
    if not (asked.clauses and reply.clauses and _TAG_QUESTION.search(asked.clauses[-1].text)
            and _BARE_RIGHT.match(reply.clauses[0].text)):
        return reply
    return _reading([Clause(reply.clauses[0].text, "chat", "agree"), *reply.clauses[1:]], reply.acti, reply.options, reply.choice)


def _defers(clause: Clause) -> bool:
    """It puts off saying yes: "before I say yes", "before we finish"."""
    return "before" in clause.text.lower() and _DEFERS.search(clause.text) is not None


def _stance(clauses: list[Clause]) -> Stance | None:
    """The message's last word towards the partner's proposal (a weak yes does not override a clear one)."""
    stance: Stance | None = None
    deferred = False
    for clause in clauses:
        if _defers(clause):
            stance, deferred = "doubt", True  # "Before we finish I want to double-check …": not yet
            continue
        if clause.stance is not None:
            if clause.stance == "weak_agree" and stance in ("agree", "refuse", "doubt"):
                continue
            stance = clause.stance
    if deferred and clauses[-1].text.rstrip(" )*_").endswith("?"):
        return "doubt"  # "… c5 is '.', yes. Can you confirm that by 'down' you mean toward r5?": still checking
    if stance in ("agree", "weak_agree") and clauses and not clauses[-1].items and _CHOICE_LEFT_OPEN.search(clauses[-1].text):
        return "doubt"  # "… option B is great too! Do you want to switch to option A, or keep B?": not decided yet
    return stance


_CHOICE_LEFT_OPEN = re.compile(r"\b(?:do you want|would you (?:like|prefer|rather)|you'?d (?:like|prefer|rather)|(?:do|would) you prefer|shall we|should we|want to)\b[^?]*\bor\b[^?]*\?\s*\W*$", re.IGNORECASE)


_DEFERS = re.compile(r"\bbefore\s+(?:(?:i|we)\s+(?:say\s+(?:yes|ok|okay|agreed?)|agree|commit|confirm|lock|finish|celebrate)|agreeing|committing|confirming|locking|finishing|celebrating)\b",
                     re.IGNORECASE)  # not "before we go further": that is about the next move


def _option_moves(text: str) -> list[Item]:
    return [i for c in read_message(text).clauses if c.act not in ("meta", "ask") and not c.blocked for i in c.items]


def _choice(clauses: list[Clause]) -> tuple[str, int] | None:
    """The last clause that names exactly one option ("Route A, all 7 moves"; not "A or B?")."""
    for k in range(len(clauses) - 1, -1, -1):
        lowered = clauses[k].text.lower()
        if any(word in lowered for word in OPTION_WORDS):
            named = {key for key, _ in references(clauses[k].text)}
            if len(named) == 1:
                return named.pop(), k
    return None


def clear_caches() -> None:
    """Forget cached readings (benchmarks measure reading afresh)."""
    read_message.cache_clear()
    read_clause.cache_clear()
    split_clauses.cache_clear()
    codes_counted.cache_clear()
    _words_of.cache_clear()


def acti_said(text: str) -> bool:
    """True when the completion phrase is *said* in a message, not quoted or talked about."""
    return "acti" in text.lower() and ACTI_WORD.search(text) is not None and read_message(text, False).acti  # (the key `read_dialogue` caches the reading under)
