"""Turning a seat spec from the command line ("bot", "human", "claude", "openai/gpt-4.1", "local")
into a seat. Specs are checked before a game starts, so typos fail fast with one clear line."""

from __future__ import annotations

from dataclasses import dataclass, field

from mazeplay.seats.bots import BOT_STYLES, GroundedBot, RandomBot

BOT_NAMES = (*BOT_STYLES, "bot:random")


class SeatSpecError(ValueError):
    """A seat spec that names no known participant."""


@dataclass(frozen=True)
class SeatSpec:
    """A parsed seat: its kind and what is needed to build it (never an API key)."""

    kind: str  # "bot", "human", "llm", "local"
    name: str  # bot name, model id, "human" or "local"
    api_base: str | None = None
    options: dict = field(default_factory=dict)

    def describe(self) -> dict:
        data = {"kind": self.kind, "name": self.name}
        if self.api_base:
            data["api_base"] = self.api_base
        if self.options:
            data["options"] = dict(self.options)
        return data


def parse_seat(spec: str, aliases: dict[str, str], api_base: str | None = None) -> SeatSpec:
    """Resolve `spec`; model ids must look like provider/model (or be an alias)."""
    spec = spec.strip()
    if spec in BOT_NAMES:
        return SeatSpec("bot", spec)
    if spec == "human":
        return SeatSpec("human", "human")
    if spec == "local":
        return SeatSpec("local", "local")
    model = aliases.get(spec, spec)
    if "/" not in model or model.startswith("/") or model.endswith("/"):
        known = ", ".join([*BOT_NAMES, "human", "local", *sorted(aliases)])
        raise SeatSpecError(f"unknown seat {spec!r}: use one of {known}, or a litellm model id like openai/gpt-4.1")
    return SeatSpec("llm", model, api_base=api_base)


def build_bot(spec: SeatSpec):
    return RandomBot() if spec.name == "bot:random" else GroundedBot(spec.name)
