"""The structure every grader returns, as the paper's grader did: a coordinate schema and a per-turn
route with `move` (both agreed) or `consider` (only discussed) entries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

TurnType = Literal["move", "consider"]
Agent = Literal["agent_1", "agent_2", "both"]


@dataclass
class RouteStep:
    turn: int  # 1-based message number
    coordinates: list[str]  # cells as written ("(2, 3)", "B3", "r2c3") or directions ("down")
    turn_type: TurnType
    agent: Agent

    @classmethod
    def from_dict(cls, data: dict) -> "RouteStep":
        return cls(int(data["turn"]), [str(c) for c in data["coordinates"]], data["turn_type"], data["agent"])


@dataclass
class Extraction:
    judge: str
    route: list[RouteStep] = field(default_factory=list)
    route_schema: dict | None = None
    ambiguous: list[str] = field(default_factory=list)  # reasons the grader could not decide
    raw: list[str] = field(default_factory=list)  # raw grader outputs (LLM graders)

    def agreed(self) -> list[str]:
        """Coordinates of the joint route, in order."""
        return [c for step in self.route if step.turn_type == "move" and step.agent == "both" for c in step.coordinates]

    def to_dict(self) -> dict:
        return {
            "judge": self.judge,
            "route": [{"turn": s.turn, "coordinates": list(s.coordinates), "turn_type": s.turn_type, "agent": s.agent} for s in self.route],
            "route_schema": dict(self.route_schema) if self.route_schema else self.route_schema,
            "ambiguous": list(self.ambiguous),
            "raw": list(self.raw),
        }
