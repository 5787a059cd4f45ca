"""The solo conditions of the paper: one agent, the whole maze (`solo-full`) or both partial maps
(`solo-split`); one answer with reasoning, then one self-review ("critic") step that may revise it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from mazeplay.engine import View, render_view
from mazeplay.engine.cells import HIDDEN
from mazeplay.game.prompts import load_prompts
from mazeplay.game.setup import GameSetup
from mazeplay.game.turns import SeatReply, Turn

SOLO_KINDS = ("solo-full", "solo-split")
_ANSWER = re.compile(r"ANSWER\s*:\s*(\[.*?\])", re.IGNORECASE | re.DOTALL)
_PAIR = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)")


@dataclass
class SoloRequest:
    """What a solo agent may see: the prompt, and (for offline solvers) the maps it was given."""

    messages: list[dict[str, str]]
    views: list[View]


class SoloSolver(Protocol):
    async def solve(self, request: SoloRequest) -> SeatReply: ...


def full_view(setup: GameSetup) -> View:
    return View("a", setup.maze.cells.copy(), setup.maze.start, setup.maze.goal)


def solo_views(setup: GameSetup, kind: str) -> list[View]:
    if kind not in SOLO_KINDS:
        raise ValueError(f"unknown solo condition {kind!r}")
    return [full_view(setup)] if kind == "solo-full" else [setup.views["a"], setup.views["b"]]


def solo_prompt(setup: GameSetup, kind: str) -> list[dict[str, str]]:
    prompts = load_prompts(setup.config.prompt_version)
    views = solo_views(setup, kind)
    if kind == "solo-full":
        maps, hidden = "The maze:\n" + render_view(views[0], setup.config.render), ""
    else:
        maps = "\n\n".join(f"Partial map {i + 1}:\n{render_view(v, setup.config.render)}" for i, v in enumerate(views))
        maps = ("Two partial maps of the same maze; every cell hidden (?) in one is shown in the other.\n\n" + maps)
        hidden = ", ? = hidden in this partial map"
    task = prompts["solo_task"].format(maps=maps, hidden_legend=hidden)
    return [{"role": "system", "content": "You are a careful puzzle solver."}, {"role": "user", "content": task}]


def critic_messages(setup: GameSetup, kind: str, first: str) -> list[dict[str, str]]:
    prompts = load_prompts(setup.config.prompt_version)
    critic = prompts["solo_critic"].format(plural="s" if kind == "solo-split" else "")
    return [*solo_prompt(setup, kind), {"role": "assistant", "content": first}, {"role": "user", "content": critic}]


def answer_labels(text: str) -> list[str]:
    """The cells of the last ANSWER line, as written ("(r, c)")."""
    answers = _ANSWER.findall(text)
    return _PAIR.findall(answers[-1]) if answers else []


async def run_solo(setup: GameSetup, kind: str, solver) -> list[Turn]:
    """Answer, then critic; two turns, both by seat a."""
    views = solo_views(setup, kind)
    turns: list[Turn] = []
    for index, messages in enumerate((solo_prompt(setup, kind), None)):
        if messages is None:
            messages = critic_messages(setup, kind, turns[0].text)
        request = SoloRequest(messages, views)
        reply = await (solver.solve(request) if hasattr(solver, "solve") else solver.complete(messages))
        turns.append(Turn(index=index, seat="a", text=reply.text, reply=reply))
    return turns


def merged_view(views: list[View]) -> View:
    cells = views[0].cells.copy()
    for view in views[1:]:
        cells[cells == HIDDEN] = view.cells[cells == HIDDEN]
    return View("a", cells, views[0].start, views[0].goal)
