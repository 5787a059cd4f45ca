"""Per-seat message plumbing: how the dialogue looks from one seat, as the spec prescribes.

A system prompt explains the relaying user; the first user message holds the task, the rules, the
legend and the seat's own map; the seat's own messages are assistant turns, the partner's are user
turns tagged "[other agent]:". Live-mode notices come from the relaying user. Consecutive user parts
are joined, so chat APIs that insist on alternation accept the history.
"""

from __future__ import annotations

from mazeplay.game.prompts import Prompts, load_prompts
from mazeplay.game.setup import GameSetup
from mazeplay.game.turns import Turn


def task_text(setup: GameSetup, seat: str, prompts: Prompts) -> str:
    mode_rules = prompts["live_rules"] + "\n" if setup.config.mode == "live" else ""
    return prompts["task"].format(
        max_turns=setup.config.max_turns, mode_rules=mode_rules, map=setup.rendered_view(seat)
    )


def seat_messages(setup: GameSetup, seat: str, turns: list[Turn]) -> list[dict[str, str]]:
    """The chat history `seat` receives before its next message."""
    prompts = load_prompts(setup.config.prompt_version)
    parts: list[tuple[str, str]] = [("system", prompts["system"]), ("user", task_text(setup, seat, prompts))]
    for turn in turns:
        if turn.seat == seat:
            parts.append(("assistant", turn.text))
        else:
            parts.append(("user", f"[other agent]: {turn.text}"))
        if turn.notice:
            parts.append(("user", turn.notice))
    messages: list[dict[str, str]] = []
    for role, content in parts:
        if messages and messages[-1]["role"] == role:
            messages[-1]["content"] += "\n\n" + content
        else:
            messages.append({"role": role, "content": content})
    return messages
