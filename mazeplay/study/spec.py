"""A study file: what a researcher fixes before the first participant arrives.

A study is a TOML file (see `assets/studies/example.toml` for every key, with comments)::

    name = "pilot"
    games_per_participant = 4
    message_time_limit = 120          # seconds per message; 0 or absent: no limit
    completion_code = "auto"          # or a fixed code from the recruitment platform
    consent = "You will play ... Do you agree to take part?"
    [practice]                        # one game against `bot` before the real ones
    partner = "bot"
    size = 4
    [assignment]
    method = "latin"                  # Williams Latin square, or "balanced" (seeded random)
    seed = 7
    [waiting_room]                    # for conditions with partner = "human"
    timeout = 180
    fallback = "bot"
    [[conditions]]
    name = "bot"
    partner = "bot"
    seat = "any"                      # a, b, or any (counterbalanced across participants)
    mode = "paper"
    render = "plain"
    maze_set = "6x6-v1"
    indices = [0, 1, 2, 3]
    [[questions]]
    id = "understood"
    text = "How well did your partner understand you?"
    kind = "likert"                   # or "text"
    scale = 5

Errors name the key that is wrong, in one line.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from mazeplay.game.mazesets import load_set

DEFAULT_QUESTIONS = (
    {"id": "understood", "text": "How well did your partner understand you?", "kind": "likert", "scale": 5,
     "labels": ["not at all", "completely"]},
    {"id": "again", "text": "Would you work with this partner again?", "kind": "likert", "scale": 5,
     "labels": ["never", "gladly"]},
    {"id": "difficulty", "text": "How hard was this game?", "kind": "likert", "scale": 5,
     "labels": ["very easy", "very hard"]},
    {"id": "comments", "text": "Anything else about this game? (optional)", "kind": "text", "required": False},
)

DEFAULT_CONSENT = (
    "You are invited to play a short cooperative maze game for a research study. You and a partner each see "
    "half of a maze and must agree, by writing messages, on one path from the start to the goal. Your partner "
    "may be another person or an AI system. We record your messages, your answers to a few questions and how "
    "long you take. We do not ask for your name or any other personal detail: you are known only by a "
    "pseudonymous ID. You may stop at any time, and you may ask for your data to be deleted with your ID."
)


class StudyError(ValueError):
    """A study file that cannot be used; the message is one line naming the problem."""


@dataclass(frozen=True)
class Condition:
    """One cell of the design: who the partner is, which seat the participant takes, and on which mazes."""

    name: str
    partner: str  # a seat spec (bot, claude, provider/model, local…) or "human" for another person
    kind: str = "pair"  # pair, or the paper's solo baselines for a person: solo-full, solo-split
    seat: str = "any"  # a, b, or any: counterbalanced across participants
    mode: str = "paper"
    render: str = "plain"
    maze_set: str = "6x6-v1"
    indices: tuple[int, ...] = (0,)
    max_turns: int = 50
    first: str = "a"

    @property
    def with_person(self) -> bool:
        return self.kind == "pair" and self.partner == "human"

    @property
    def solo(self) -> bool:
        return self.kind != "pair"

    def to_dict(self) -> dict:
        return {"name": self.name, "partner": self.partner, "kind": self.kind, "seat": self.seat, "mode": self.mode, "render": self.render,
                "maze_set": self.maze_set, "indices": list(self.indices), "max_turns": self.max_turns, "first": self.first}


@dataclass(frozen=True)
class Question:
    id: str
    text: str
    kind: str = "likert"  # likert or text
    scale: int = 5
    labels: tuple[str, str] = ("", "")
    required: bool = True


@dataclass(frozen=True)
class Practice:
    partner: str = "bot"
    size: int = 4
    density: float = 0.25
    max_turns: int = 20
    seed: int = 1


@dataclass(frozen=True)
class WaitingRoom:
    timeout: float = 180.0  # seconds before the fallback partner takes the seat
    fallback: str = "bot"


@dataclass(frozen=True)
class StudySpec:
    name: str
    conditions: tuple[Condition, ...]
    games_per_participant: int
    consent: str = DEFAULT_CONSENT
    practice: Practice | None = field(default_factory=Practice)
    assignment: str = "latin"
    seed: int = 0
    questions: tuple[Question, ...] = ()
    message_time_limit: float = 0.0
    completion_code: str = "auto"
    waiting_room: WaitingRoom = field(default_factory=WaitingRoom)
    source: str = ""

    def condition(self, name: str) -> Condition:
        for condition in self.conditions:
            if condition.name == name:
                return condition
        raise StudyError(f"study {self.name} has no condition {name!r}")

    def to_dict(self) -> dict:
        """What is recorded with the study (the design, not the consent prose)."""
        return {
            "name": self.name, "games_per_participant": self.games_per_participant, "assignment": self.assignment,
            "seed": self.seed, "conditions": [c.to_dict() for c in self.conditions],
            "questions": [q.id for q in self.questions], "message_time_limit": self.message_time_limit,
            "practice": None if self.practice is None else self.practice.__dict__,
            "waiting_room": self.waiting_room.__dict__,
        }


def _expect(table: dict, key: str, kind: type | tuple[type, ...], where: str, default=None):
    value = table.get(key, default)
    if value is None:
        return None
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise StudyError(f"{where}{key} must be {names}, got {value!r}")
    return value


def _condition(table: dict, number: int) -> Condition:
    where = f"conditions[{number}]."
    known = {"name", "partner", "kind", "seat", "mode", "render", "maze_set", "indices", "max_turns", "first"}
    if unknown := sorted(set(table) - known):
        raise StudyError(f"{where}{unknown[0]} is not a condition key (known: {', '.join(sorted(known))})")
    kind = _expect(table, "kind", str, where, "pair")
    if kind not in ("pair", "solo-full", "solo-split"):
        raise StudyError(f"{where}kind must be pair, solo-full or solo-split, got {kind!r}")
    partner = _expect(table, "partner", str, where, "none" if kind != "pair" else None)
    if not partner:
        raise StudyError(f"{where}partner is missing (bot, human, local, an alias or provider/model)")
    seat = _expect(table, "seat", str, where, "any")
    if seat not in ("a", "b", "any"):
        raise StudyError(f"{where}seat must be a, b or any, got {seat!r}")
    mode = _expect(table, "mode", str, where, "paper")
    if mode not in ("paper", "live"):
        raise StudyError(f"{where}mode must be paper or live, got {mode!r}")
    render = _expect(table, "render", str, where, "plain")
    if render not in ("plain", "labelled", "json", "prose"):
        raise StudyError(f"{where}render must be plain, labelled, json or prose, got {render!r}")
    first = _expect(table, "first", str, where, "a")
    if first not in ("a", "b"):
        raise StudyError(f"{where}first must be a or b, got {first!r}")
    maze_set = _expect(table, "maze_set", str, where, "6x6-v1")
    try:
        available = len(load_set(maze_set))
    except (OSError, ValueError) as error:
        raise StudyError(f"{where}maze_set: {error}") from None
    indices = _expect(table, "indices", list, where, [0])
    if not indices or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < available for i in indices):
        raise StudyError(f"{where}indices must be a non-empty list of maze indices in 0..{available - 1}")
    max_turns = _expect(table, "max_turns", int, where, 50)
    if max_turns < 2:
        raise StudyError(f"{where}max_turns must be at least 2")
    name = _expect(table, "name", str, where, kind if kind != "pair" else f"{partner}-{seat}-{mode}")
    return Condition(name=name, partner=partner, kind=kind, seat=seat, mode=mode, render=render, maze_set=maze_set,
                     indices=tuple(indices), max_turns=max_turns, first=first)


def _question(table: dict, number: int) -> Question:
    where = f"questions[{number}]."
    qid = _expect(table, "id", str, where)
    text = _expect(table, "text", str, where)
    if not qid or not text:
        raise StudyError(f"{where}id and text are required")
    kind = _expect(table, "kind", str, where, "likert")
    if kind not in ("likert", "text"):
        raise StudyError(f"{where}kind must be likert or text, got {kind!r}")
    scale = _expect(table, "scale", int, where, 5)
    if not 2 <= scale <= 11:
        raise StudyError(f"{where}scale must be between 2 and 11, got {scale}")
    labels = _expect(table, "labels", list, where, ["", ""])
    if len(labels) != 2 or not all(isinstance(label, str) for label in labels):
        raise StudyError(f"{where}labels must be two strings: the low end and the high end")
    required = _expect(table, "required", bool, where, kind == "likert")
    return Question(qid, text, kind, scale, (labels[0], labels[1]), required)


def parse_study(data: dict, source: str = "") -> StudySpec:
    """Validate a study's TOML data; StudyError names the first wrong key."""
    known = {"name", "consent", "practice", "games_per_participant", "conditions", "assignment", "questions",
             "message_time_limit", "completion_code", "waiting_room"}
    if unknown := sorted(set(data) - known):
        raise StudyError(f"{unknown[0]} is not a study key (known: {', '.join(sorted(known))})")
    name = _expect(data, "name", str, "")
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        raise StudyError("name is required: letters, digits, - and _ only")
    conditions = tuple(_condition(table, i) for i, table in enumerate(_expect(data, "conditions", list, "", [])))
    if not conditions:
        raise StudyError("a study needs at least one [[conditions]] table")
    if len({c.name for c in conditions}) != len(conditions):
        raise StudyError("condition names must differ")
    games = _expect(data, "games_per_participant", int, "", len(conditions))
    if games < 1:
        raise StudyError("games_per_participant must be at least 1")
    assignment = _expect(data, "assignment", dict, "", {})
    method = _expect(assignment, "method", str, "assignment.", "latin")
    if method not in ("latin", "balanced"):
        raise StudyError(f"assignment.method must be latin or balanced, got {method!r}")
    seed = _expect(assignment, "seed", int, "assignment.", 0)
    practice_table = data.get("practice", {})
    practice = None
    if practice_table is not False:
        if not isinstance(practice_table, dict):
            raise StudyError("practice must be a table, or false for no practice game")
        practice = Practice(
            partner=_expect(practice_table, "partner", str, "practice.", "bot"),
            size=_expect(practice_table, "size", int, "practice.", 4),
            density=_expect(practice_table, "density", float, "practice.", 0.25),
            max_turns=_expect(practice_table, "max_turns", int, "practice.", 20),
            seed=_expect(practice_table, "seed", int, "practice.", 1),
        )
        if not 3 <= practice.size <= 12:
            raise StudyError("practice.size must be between 3 and 12")
    questions_data = _expect(data, "questions", list, "", None)
    questions = tuple(_question(t, i) for i, t in enumerate(questions_data if questions_data is not None else DEFAULT_QUESTIONS))
    if len({q.id for q in questions}) != len(questions):
        raise StudyError("question ids must differ")
    limit = _expect(data, "message_time_limit", float, "", 0.0)
    if limit < 0:
        raise StudyError("message_time_limit must not be negative")
    code = _expect(data, "completion_code", str, "", "auto")
    room = _expect(data, "waiting_room", dict, "", {})
    waiting_room = WaitingRoom(timeout=_expect(room, "timeout", float, "waiting_room.", 180.0),
                               fallback=_expect(room, "fallback", str, "waiting_room.", "bot"))
    if waiting_room.fallback == "human":
        raise StudyError("waiting_room.fallback must not be human: it is who plays when no person comes")
    consent = _expect(data, "consent", str, "", DEFAULT_CONSENT).strip()
    return StudySpec(name=name, conditions=conditions, games_per_participant=games, consent=consent, practice=practice,
                     assignment=method, seed=seed, questions=questions, message_time_limit=limit,
                     completion_code=code, waiting_room=waiting_room, source=source)


def load_study(path: str | Path) -> StudySpec:
    """Read and validate a study file."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StudyError(f"no study file at {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise StudyError(f"cannot read study file {path}: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise StudyError(f"{path} is not valid TOML: {error}") from None
    return parse_study(data, str(path))
