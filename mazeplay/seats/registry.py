"""Turning a seat spec from the command line ("bot", "human", "claude", "openai/gpt-4.1", "local")
into a seat. Specs are checked before a game starts, so typos fail fast with one clear line."""

from __future__ import annotations

from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Iterator

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


@dataclass
class SeatOptions:
    """How to build seats besides their specs; the API key is used, never saved."""

    api_key: str | None = None
    timeout: float = 120.0
    max_retries: int = 4
    player: str | None = None
    human_source: object = None  # a LineSource; the terminal when None
    local_max_tokens: int = 160
    backoff: float = 1.0  # seconds before the first retry; doubles each time
    local_server: object = None  # a running LocalModelServer shared by many games (a batch run)


def check_specs(specs: dict[str, SeatSpec], options: SeatOptions) -> None:
    """Everything checkable before a game starts: providers, keys, the local model's files."""
    for spec in specs.values():
        if spec.kind == "llm":
            from mazeplay.seats.llm import check_model

            check_model(spec.name, spec.api_base, options.api_key)
        elif spec.kind == "local" and options.local_server is None:
            from mazeplay.seats.local_model import find_gguf

            find_gguf()


@contextmanager
def open_seats(specs: dict[str, SeatSpec], options: SeatOptions) -> Iterator[dict[str, object]]:
    """Build the seats (starting one shared local model server if needed) and stop what was started."""
    from mazeplay.seats.human import HumanSeat, terminal_line

    with ExitStack() as stack:
        server = None
        seats: dict[str, object] = {}
        for seat, spec in specs.items():
            if spec.kind == "bot":
                seats[seat] = build_bot(spec)
            elif spec.kind == "human":
                seats[seat] = HumanSeat(options.human_source or terminal_line, options.player)
            elif spec.kind == "local":
                if server is None:
                    from mazeplay.seats.local_model import LocalModelServer

                    server = options.local_server or stack.enter_context(LocalModelServer())
                seats[seat] = server.seat(max_tokens=options.local_max_tokens, timeout=options.timeout)
            else:
                from mazeplay.seats.llm import LLMSeat, RetryPolicy

                seats[seat] = LLMSeat(
                    model=spec.name,
                    api_base=spec.api_base,
                    api_key=options.api_key or ("none" if spec.api_base else None),
                    timeout=options.timeout,
                    retry=RetryPolicy(max_retries=options.max_retries, base_delay=options.backoff),
                )
        yield seats
