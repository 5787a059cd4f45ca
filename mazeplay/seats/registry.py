"""Turning a seat spec from the command line ("bot", "human", "claude", "openai/gpt-4.1", "local")
into a seat. Specs are checked before a game starts, so typos fail fast with one clear line."""

from __future__ import annotations

import os
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator

from mazeplay.seats.bots import BOT_STYLES, GroundedBot, RandomBot

if TYPE_CHECKING:
    from mazeplay.config import ModelEntry

BOT_NAMES = (*BOT_STYLES, "bot:random")


class SeatSpecError(ValueError):
    """A seat spec that names no known participant."""


@dataclass(frozen=True)
class SeatSpec:
    """A parsed seat: its kind and what is needed to build it (never an API key: at most the name
    of the variable that holds it)."""

    kind: str  # "bot", "human", "llm", "local"
    name: str  # bot name, model id, "human" or "local"
    api_base: str | None = None
    options: dict = field(default_factory=dict)  # extra request parameters (`params` of [models.NAME])
    api_key_env: str | None = None
    prices: tuple[float, float] | None = None  # USD per input, output token, when the config sets them

    def describe(self) -> dict:
        data = {"kind": self.kind, "name": self.name}
        if self.api_base:
            data["api_base"] = self.api_base
        if self.options:
            data["options"] = dict(self.options)
        if self.api_key_env:
            data["api_key_env"] = self.api_key_env
        if self.prices:
            data["prices"] = list(self.prices)
        return data

    @classmethod
    def from_record(cls, record: dict) -> "SeatSpec":
        """The spec a saved game's seat record describes (to resume it the same way)."""
        prices = record.get("prices")
        return cls(kind=record["kind"], name=record["name"], api_base=record.get("api_base"),
                   options=dict(record.get("options") or {}), api_key_env=record.get("api_key_env"),
                   prices=tuple(prices) if prices else None)


def parse_seat(spec: str, aliases: dict[str, str], api_base: str | None = None,
               models: dict[str, ModelEntry] | None = None) -> SeatSpec:
    """Resolve `spec`; model ids must look like provider/model (or be an alias, or a [models.NAME]
    of the config, whose own endpoint wins over the command's `api_base`)."""
    spec = spec.strip()
    entry = (models or {}).get(spec)
    if entry is not None:
        return SeatSpec("llm", entry.model, api_base=entry.api_base or api_base, options=dict(entry.params),
                        api_key_env=entry.api_key_env, prices=entry.prices)
    if spec in BOT_NAMES:
        return SeatSpec("bot", spec)
    if spec == "human":
        return SeatSpec("human", "human")
    if spec == "local":
        return SeatSpec("local", "local")
    model = aliases.get(spec, spec)
    if "/" not in model or model.startswith("/") or model.endswith("/"):
        known = ", ".join([*BOT_NAMES, "human", "local", *sorted(aliases), *sorted(models or {})])
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
    seat_keys: dict = field(default_factory=dict, repr=False)  # seat → key given for that seat only
    stream: bool | None = None  # model replies streamed as written; None: the surface decides (TUI yes, batch no)


def api_key_for(seat: str, spec: SeatSpec, options: SeatOptions) -> str | None:
    """The key for one seat: its own flag, else its model's variable, else the command's key."""
    if options.seat_keys.get(seat):
        return options.seat_keys[seat]
    if spec.api_key_env and os.environ.get(spec.api_key_env):
        return os.environ[spec.api_key_env]
    return options.api_key


def _endpoint_key(spec: SeatSpec) -> str:
    """With --api-base and no key given: the provider's usual variable (OPENAI_API_KEY for openai/…),
    as the README says; a local server that wants none gets a placeholder (litellm insists on one)."""
    return os.environ.get(f"{provider(spec).upper().replace('-', '_')}_API_KEY") or "none"


def provider(spec: SeatSpec) -> str:
    return spec.name.split("/", 1)[0]


def check_specs(specs: dict[str, SeatSpec], options: SeatOptions) -> None:
    """Everything checkable before a game starts: providers, keys, the local model's files."""
    for seat, spec in specs.items():
        if spec.kind == "llm":
            from mazeplay.seats.llm import check_model

            if spec.api_key_env and not api_key_for(seat, spec, options):
                raise SeatSpecError(f"missing API key for {spec.name}: set {spec.api_key_env}")
            check_model(spec.name, spec.api_base, api_key_for(seat, spec, options))
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
                    api_key=api_key_for(seat, spec, options) or (_endpoint_key(spec) if spec.api_base else None),
                    timeout=options.timeout,
                    retry=RetryPolicy(max_retries=options.max_retries, base_delay=options.backoff),
                    params=dict(spec.options),
                    prices=spec.prices,
                    stream=bool(options.stream),
                )
        yield seats
