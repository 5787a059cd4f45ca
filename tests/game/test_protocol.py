"""The dialogue protocol: alternation, limits, ACTI!, plumbing, live execution, and privacy."""

import asyncio

import numpy as np
import pytest

from mazeplay.engine import HIDDEN, maze_from_rows
from mazeplay.engine.render import RENDERINGS
from mazeplay.game.loop import GameState, play
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.game.turns import SeatReply


class Scripted:
    """A seat that says the next line of a script and records what it was sent."""

    def __init__(self, lines):
        self.lines = list(lines)
        self.requests = []

    def describe(self):
        return {"kind": "scripted"}

    async def close(self):
        return None

    async def reply(self, request):
        self.requests.append(request)
        return SeatReply(text=self.lines.pop(0) if self.lines else "hello")


def run(setup, a, b):
    state = GameState.start(setup)
    asyncio.run(play(state, {"a": a, "b": b}))
    return state


def test_strict_alternation_first_speaker_and_turn_limit():
    setup = GameSetup.create(GameConfig(seed=1, first="b", max_turns=5))
    state = run(setup, Scripted([]), Scripted([]))
    assert [t.seat for t in state.turns] == ["b", "a", "b", "a", "b"]
    assert state.ending == "turn_limit"


def test_acti_ends_the_dialogue():
    setup = GameSetup.create(GameConfig(seed=1))
    state = run(setup, Scripted(["hi", "we are there, ACTI!"]), Scripted(["hello"]))
    assert len(state.turns) == 3 and state.ending == "acti"


def test_plumbing_roles_tags_and_first_message():
    setup = GameSetup.create(GameConfig(seed=2, max_turns=4))
    a, b = Scripted(["A1", "A2"]), Scripted(["B1", "B2"])
    run(setup, a, b)
    first_b = b.requests[0].messages
    assert [m["role"] for m in first_b] == ["system", "user"]
    assert "relaying user" in first_b[0]["content"]
    assert first_b[1]["content"].startswith("[user]:")
    assert "\n".join(setup.views["b"].rows()) in first_b[1]["content"]
    assert first_b[1]["content"].endswith("[other agent]: A1")
    second_a = a.requests[1].messages
    assert [m["role"] for m in second_a] == ["system", "user", "assistant", "user"]
    assert second_a[2]["content"] == "A1" and second_a[3]["content"] == "[other agent]: B1"
    for request in a.requests + b.requests:  # chat APIs need user/assistant alternation
        roles = [m["role"] for m in request.messages[1:]]
        assert all(x != y for x, y in zip(roles, roles[1:]))


MAZE = maze_from_rows(["@.#", "..#", "#.*"])


def test_live_mode_executes_agreed_moves_and_tells_both_seats():
    setup = GameSetup.from_maze(GameConfig(mode="live", max_turns=4), MAZE)
    a = Scripted(["MOVE: down", "AGREE. MOVE: down"])
    b = Scripted(["AGREE. MOVE: right", "AGREE"])
    state = run(setup, a, b)
    assert [t.executed for t in state.turns] == [None, "down", "right", "down"]
    assert state.position == (2, 1) and state.ending == "turn_limit"
    notice = state.turns[1].notice
    assert notice.startswith("[user]: Move executed: down")
    assert notice in a.requests[1].messages[-1]["content"]  # the proposer hears it too


def test_live_mode_ends_on_the_goal_and_on_a_wall():
    goal = GameSetup.from_maze(GameConfig(mode="live"), maze_from_rows(["@*", ".."]))
    state = run(goal, Scripted(["MOVE: right"]), Scripted(["AGREE"]))
    assert state.ending == "goal" and state.position == (0, 1)
    wall = GameSetup.from_maze(GameConfig(mode="live"), maze_from_rows(["@#", ".*"]))
    state = run(wall, Scripted(["MOVE: right"]), Scripted(["AGREE"]))
    assert state.ending == "wall" and state.position == (0, 0)


def test_paper_mode_gives_no_feedback():
    setup = GameSetup.from_maze(GameConfig(mode="paper", max_turns=4), maze_from_rows(["@#", ".*"]))
    a = Scripted(["MOVE: right", "x"])
    state = run(setup, a, Scripted(["AGREE", "y"]))
    assert all(t.notice is None for t in state.turns)
    assert len(state.turns) == 4  # walking into a wall does not end a paper-mode dialogue




@pytest.mark.parametrize("style", sorted(RENDERINGS))
def test_no_prompt_ever_contains_the_partners_private_cells(style):
    """For many mazes, a seat's prompts equal those built from a maze in which every cell only the
    partner holds is flipped: so nothing the seat is sent depends on the partner's private cells."""
    for seed in range(40):
        config = GameConfig(seed=seed, render=style, max_turns=4, mode="paper")
        setup = GameSetup.create(config)
        for seat, partner in (("a", "b"), ("b", "a")):
            private = (setup.views[partner].cells != HIDDEN) & (setup.views[seat].cells == HIDDEN)
            flipped_cells = setup.maze.cells.copy()
            flip = private & (flipped_cells <= 1)
            flipped_cells[flip] = 1 - flipped_cells[flip]
            flipped_maze = type(setup.maze)(cells=flipped_cells, start=setup.maze.start, goal=setup.maze.goal)
            flipped_views = dict(setup.views)
            flipped_views[partner] = type(setup.views[partner])(
                partner, np.where(setup.views[partner].cells == HIDDEN, HIDDEN, flipped_cells).astype(np.int8),
                setup.maze.start, setup.maze.goal,
            )
            flipped = GameSetup(config, flipped_maze, flipped_views)
            lines = ["I see some cells.", "and more", "ok", "fine"]
            original = Scripted(lines), Scripted(lines)
            twin = Scripted(lines), Scripted(lines)
            run(setup, *original)
            run(flipped, *twin)
            index = 0 if seat == "a" else 1
            sent = [r.messages for r in original[index].requests]
            sent_twin = [r.messages for r in twin[index].requests]
            assert sent == sent_twin
            assert all(np.array_equal(r.view.cells, setup.views[seat].cells) for r in original[index].requests)
            own_map = setup.rendered_view(seat)
            assert own_map in sent[0][1]["content"]
            assert setup.rendered_view(partner) not in "".join(m["content"] for m in sent[0])
