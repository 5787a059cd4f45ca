"""What a plan will cost before any call is made (`bench --dry-run`): games, model calls, tokens and
dollars per condition, from the real prompts of the plan's first maze and litellm's price map.

Token counts are estimates: a prompt's tokens are its characters / 4, every message is taken to be
`tokens_per_message` tokens long and every pair game to run to `max_turns` (an upper bound: games
that end early cost less; hidden reasoning tokens cost more). Prices come from a `[models.NAME]`
table when it sets them, else from litellm; models with no price, or a price of 0 in litellm's map,
are named rather than counted as free."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable

from mazeplay.bench.plan import Job, Plan
from mazeplay.game.setup import GameSetup
from mazeplay.seats.registry import SeatSpec

CHARS_PER_TOKEN = 4


@dataclass
class Line:
    """One condition's estimate."""

    condition: str
    games: int = 0
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    unpriced: set[str] = field(default_factory=set)

    def to_dict(self) -> dict:
        return {"condition": self.condition, "games": self.games, "calls": self.calls, "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "cost_usd": round(self.cost, 4), "unpriced": sorted(self.unpriced)}


def _tokens(messages: list[dict[str, str]]) -> int:
    return sum(len(m["content"]) for m in messages) // CHARS_PER_TOKEN + 4 * len(messages)


def estimate(plan: Plan, spec_of: Callable[[str], SeatSpec], setup_of: Callable[[Job], GameSetup],
             prices_of: Callable[[SeatSpec], tuple[float, float] | None], tokens_per_message: int = 100) -> dict:
    """Per condition and in total; `prices_of` gives (input, output) USD per token, or None."""
    from mazeplay.game.plumbing import seat_messages
    from mazeplay.game.solo import solo_prompt

    jobs = plan.jobs()
    first = {job.kind: job for job in reversed(jobs)}
    base: dict[str, int] = {}
    talking = first.get("pair") or first.get("relay")
    if talking:
        base["pair"] = _tokens(seat_messages(setup_of(talking), "a", []))
    for kind in ("solo-full", "solo-split"):
        if kind in first:
            base[kind] = _tokens(solo_prompt(setup_of(first[kind]), kind))
    lines: dict[str, Line] = {}
    unpriced: dict[str, str] = {}
    priced_cache: dict[str, tuple[float, float] | None] = {}
    m, turns = tokens_per_message, plan.max_turns
    for job in jobs:
        line = lines.setdefault(job.condition, Line(job.condition))
        line.games += 1
        calls: dict[str, list[tuple[int, int]]] = defaultdict(list)  # seat name → (prompt, completion) per call
        if job.kind in ("solo-full", "solo-split"):
            calls[job.seats[0]] += [(base[job.kind], 3 * m), (base[job.kind] + 4 * m, 3 * m)]  # answer, then the critic step
        else:
            start = job.relay["k"] if job.relay else 0  # a relay copies its first K messages from the parent
            for t in range(start, turns):
                seat = job.seats[t % 2]  # seat a speaks first in bench games
                calls[seat].append((base["pair"] + t * (m + 8), m))
        for name, seat_calls in calls.items():
            spec = spec_of(name)
            if spec.kind != "llm":
                continue
            if spec.name not in priced_cache:
                priced_cache[spec.name] = prices_of(spec)
            prices = priced_cache[spec.name]
            prompt = sum(p for p, _ in seat_calls)
            completion = sum(c for _, c in seat_calls)
            line.calls += len(seat_calls)
            line.prompt_tokens += prompt
            line.completion_tokens += completion
            if prices is None or prices == (0.0, 0.0):
                line.unpriced.add(spec.name)
                unpriced[spec.name] = "no price" if prices is None else "priced at $0 in litellm's map"
            else:
                line.cost += prompt * prices[0] + completion * prices[1]
    rows = [line.to_dict() for line in lines.values()]
    total = {key: sum(row[key] for row in rows) for key in ("games", "calls", "prompt_tokens", "completion_tokens", "cost_usd")}
    return {"run": plan.name, "max_turns": turns, "tokens_per_message": m, "conditions": rows,
            "total": {**total, "cost_usd": round(total["cost_usd"], 2)}, "unpriced": dict(sorted(unpriced.items()))}


def render_estimate(data: dict) -> str:
    """A table for the terminal."""
    header = ("condition", "games", "calls", "prompt tokens", "completion tokens", "cost USD")
    rows = [(r["condition"], str(r["games"]), str(r["calls"]), f"{r['prompt_tokens']:,}", f"{r['completion_tokens']:,}",
             f"{r['cost_usd']:.2f}" + (" +?" if r["unpriced"] else "")) for r in data["conditions"]]
    t = data["total"]
    rows.append(("total", str(t["games"]), str(t["calls"]), f"{t['prompt_tokens']:,}", f"{t['completion_tokens']:,}",
                 f"{t['cost_usd']:.2f}" + (" +?" if data["unpriced"] else "")))
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [f"dry run of {data['run']}: nothing is played. Upper bound: every pair game runs to {data['max_turns']} turns, "
             f"{data['tokens_per_message']} tokens a message (--tokens-per-message), prompts measured on the first maze.", ""]
    for i, row in enumerate([header, *rows]):
        lines.append("  ".join(cell.ljust(w) if j == 0 else cell.rjust(w) for j, (cell, w) in enumerate(zip(row, widths))))
        if i == 0 or i == len(rows) - 1:
            lines.append("  ".join("-" * w for w in widths))
    if data["unpriced"]:
        lines += ["", "not counted (+?): " + "; ".join(f"{name}: {why}" for name, why in data["unpriced"].items())
                  + " — set input_cost_per_token / output_cost_per_token in a [models.NAME] table"]
    return "\n".join(lines) + "\n"
