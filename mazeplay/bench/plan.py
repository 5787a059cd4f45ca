"""Planning a batch run: a TOML config (or flags) expanded into jobs with deterministic keys.

    name = "pilot"            # runs resume by name
    maze_set = "6x6-v1"
    mazes = 20                # the first N mazes of the set
    rollouts = 1              # replicates per cell
    mode = "paper"
    max_turns = 50
    concurrency = 8
    max_cost = 5.0            # USD; no new game is scheduled past it
    [limits]                  # concurrent games per provider
    openai = 4

    [[conditions]]
    type = "pair"             # every ordered pair of `models` (homogeneous and both orders)
    models = ["gpt", "claude"]  # or pairs = [["gpt", "gpt"], ["claude", "claude"]]: just these (seat a, seat b)
    [[conditions]]
    type = "relay"            # primer and recovery at each K
    strong = "gpt"
    weak = "claude"
    k = [2, 4, 6, 8]
    [[conditions]]
    type = "solo-full"        # or "solo-split" (both maps, with the critic step)
    models = ["gpt"]
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from mazeplay.schema import TEXT, Field, ListOf, Table, check, number, whole

CONDITIONS = ("pair", "relay", "solo-full", "solo-split")
# The settings that decide which games a run plays and how: a run is these settings under a name.
# concurrency, limits and max_cost only change how fast or how far it goes, so they may differ.
IDENTITY = ("maze_set", "mazes", "rollouts", "mode", "max_turns", "conditions")
EXTENDABLE = ("mazes", "rollouts")  # a run may grow: more mazes of the same set, more replicates


@dataclass(frozen=True)
class Job:
    key: str
    condition: str  # a readable label, e.g. "pair gpt→claude"
    kind: str  # pair, relay, solo-full, solo-split
    maze_index: int
    replicate: int
    seats: tuple[str, str]  # seat a, seat b ("" for solo)
    relay: dict | None = None  # role, k, parent key, swapped seat, newcomer

    @property
    def parent(self) -> str | None:
        return self.relay["parent"] if self.relay else None


@dataclass
class Plan:
    name: str
    maze_set: str = "6x6-v1"
    mazes: int = 20
    rollouts: int = 1
    mode: str = "paper"
    max_turns: int = 50
    concurrency: int = 8
    max_cost: float | None = None
    limits: dict[str, int] = field(default_factory=dict)
    conditions: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return dict(self.__dict__)

    def difference(self, saved: dict) -> str | None:
        """How this plan's identity differs from a saved run's config ("mode paper → live, …"), or None.
        More mazes or rollouts than before extend the run (the games already played stay valid); fewer
        would leave games the plan no longer has, so they count as a difference."""
        changes = [f"{key} {_show(saved.get(key))} → {_show(getattr(self, key))}" for key in IDENTITY
                   if _comparable(saved.get(key)) != _comparable(getattr(self, key))
                   and not (key in EXTENDABLE and isinstance(saved.get(key), int) and getattr(self, key) > saved[key])]
        return ", ".join(changes) or None

    def jobs(self) -> list[Job]:
        """Every job, parents before the relays that fork them, without duplicates."""
        jobs: dict[str, Job] = {}
        relays: list[Job] = []
        for condition in self.conditions:
            kind = condition["type"]
            for index in range(self.mazes):
                for rep in range(self.rollouts):
                    if kind == "pair":
                        models = condition.get("models") or []
                        pairs = condition.get("pairs") or [(a, b) for a in models for b in models]
                        for a, b in pairs:
                            job = self._pair(a, b, index, rep)
                            jobs.setdefault(job.key, job)
                    elif kind in ("solo-full", "solo-split"):
                        for model in condition["models"]:
                            key = self._key(kind, index, rep, model, "")
                            jobs.setdefault(key, Job(key, f"{kind} {model}", kind, index, rep, (model, "")))
                    else:
                        strong, weak = condition["strong"], condition["weak"]
                        primer_parent = self._pair(strong, weak, index, rep)
                        recovery_parent = self._pair(weak, weak, index, rep)
                        for parent in (primer_parent, recovery_parent):
                            jobs.setdefault(parent.key, parent)
                        for k in condition.get("k", [2, 4, 6, 8]):
                            for role, parent, seats, newcomer in (
                                ("primer", primer_parent, (weak, weak), weak),
                                ("recovery", recovery_parent, (strong, weak), strong),
                            ):
                                relay = {"role": role, "k": k, "parent": parent.key, "swapped_seat": "a",
                                         "newcomer": newcomer, "strong": strong, "weak": weak,
                                         "history": "the first K messages as sent; the newcomer sees the swapped seat's "
                                                    "earlier messages as its own (assistant) turns"}
                                key = self._key("relay", index, rep, *seats, role, str(k))
                                label = f"relay {role} {strong}/{weak} K={k}"
                                relays.append(Job(key, label, "relay", index, rep, seats, relay))
        ordered = list(jobs.values()) + [j for j in relays if j.key not in jobs]
        return list({job.key: job for job in ordered}.values())

    def _pair(self, a: str, b: str, index: int, rep: int) -> Job:
        key = self._key("pair", index, rep, a, b)
        return Job(key, f"pair {a}→{b}", "pair", index, rep, (a, b))

    def _key(self, *parts: object) -> str:
        blob = json.dumps([self.maze_set, self.mode, self.max_turns, *parts])
        return hashlib.sha256(blob.encode()).hexdigest()[:20]


def _comparable(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def _show(value: object) -> str:
    if isinstance(value, list):  # conditions: short and readable
        return "[" + "; ".join(" ".join(f"{k}={v}" for k, v in c.items()) if isinstance(c, dict) else str(c) for c in value) + "]"
    return str(value)


CONDITION = Table({
    "type": Field((str,), choices=CONDITIONS),
    "models": ListOf(TEXT, min_items=1),
    "pairs": ListOf(ListOf(TEXT, length=2), min_items=1),
    "strong": TEXT,
    "weak": TEXT,
    "k": ListOf(whole(1, 1_000), min_items=1),
})
PLAN = Table({
    "name": TEXT,
    "maze_set": TEXT,
    "mazes": whole(1, 100_000),
    "rollouts": whole(1, 1_000),
    "mode": Field((str,), choices=("paper", "live")),
    "max_turns": whole(1, 10_000),
    "concurrency": whole(1, 256),
    "max_cost": number(0),
    "limits": Table({}, any_key=whole(1, 256)),
    "conditions": ListOf(CONDITION, min_items=1),
})


def plan_from_dict(data: dict, where: str = "the bench config") -> Plan:
    """Validate a parsed config; ValueError with one line names what is wrong."""
    check(data, PLAN, where)
    if not isinstance(data.get("name"), str) or not data["name"].strip():
        raise ValueError("a bench config needs a name (runs resume by name)")
    conditions = data.get("conditions") or []
    if not conditions:
        raise ValueError("a bench config needs at least one [[conditions]] table")
    for i, condition in enumerate(conditions, 1):
        kind = condition.get("type")
        if kind not in CONDITIONS:
            raise ValueError(f"condition {i}: type must be one of {', '.join(CONDITIONS)}")
        if kind == "relay" and not (condition.get("strong") and condition.get("weak")):
            raise ValueError(f"condition {i}: relay needs strong and weak models")
        if kind != "relay" and not (condition.get("models") or condition.get("pairs")):
            raise ValueError(f"condition {i}: {kind} needs models")
        if any(not isinstance(k, int) or k < 1 for k in condition.get("k", [2])):
            raise ValueError(f"condition {i}: k must be positive integers")
    plan = Plan(name=data["name"], conditions=conditions)
    for name in ("maze_set", "mazes", "rollouts", "mode", "max_turns", "concurrency", "max_cost", "limits"):
        if name in data:
            setattr(plan, name, data[name])
    for name in ("mazes", "rollouts", "max_turns", "concurrency"):
        if not isinstance(getattr(plan, name), int) or getattr(plan, name) < 1:
            raise ValueError(f"{name} must be a positive integer")
    if plan.mode not in ("paper", "live"):
        raise ValueError("mode must be paper or live")
    return plan


def load_plan(path: str | Path) -> Plan:
    try:
        data = tomllib.loads(Path(path).read_text())
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path} is not valid TOML: {exc}") from None
    return plan_from_dict(data, str(path))
