"""Built-in partners: the bot solves the fixed set with itself; variants behave as documented."""

import asyncio

import pytest

from mazeplay.game.loop import GameState, play
from mazeplay.game.mazesets import load_set, record_maze
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.judge.score import grade_game
from mazeplay.seats.bots import GroundedBot, RandomBot
from mazeplay.seats.registry import SeatOptions, SeatSpec, open_seats


def bot(name):
    return RandomBot() if name == "bot:random" else GroundedBot(name)


def play_set(a, b, mode, count=200):
    results = []
    for index, record in enumerate(load_set()[:count]):
        maze, views = record_maze(record)
        setup = GameSetup(GameConfig(seed=record["seed"], mode=mode), maze, views, f"6x6-v1#{index}")
        state = GameState.start(setup)
        asyncio.run(play(state, {"a": bot(a), "b": bot(b)}))
        results.append((state, grade_game(state)[0]))
    return results


@pytest.mark.parametrize("mode", ["live", "paper"])
def test_bot_pair_solves_at_least_95_percent_of_the_fixed_set(mode):
    results = play_set("bot", "bot", mode)
    solved = sum(score.success for _, score in results) / len(results)
    print(f"bot vs bot, {mode} mode: {solved:.1%} of {len(results)} solved")
    assert solved >= 0.95


def test_bot_is_deterministic_and_stateless():
    first = [s.text for s in play_set("bot", "bot:random", "live", count=5)[2][0].turns]
    again = [s.text for s in play_set("bot", "bot:random", "live", count=5)[2][0].turns]
    assert first == again


def test_bot_states_its_convention_and_shares_its_map():
    state, _ = play_set("bot", "bot", "live", count=1)[0]
    opening = state.turns[0].text
    assert "(row, col)" in opening and "top-left" in opening
    for r, row in enumerate(state.setup.views["a"].rows()):
        assert f"row {r}: {row}" in opening


def test_swap_bot_uses_column_row_silently_and_terse_never_shares():
    swap, _ = play_set("bot:swap", "bot", "live", count=1)[0]
    assert "(row, col)" not in swap.turns[0].text and "Walls I can see" in swap.turns[0].text
    wall = next(tuple(map(int, c)) for c in zip(*(swap.setup.views["a"].cells == 1).nonzero()))
    assert f"({wall[1]}, {wall[0]})" in swap.turns[0].text
    terse, _ = play_set("bot:terse", "bot", "live", count=1)[0]
    for turn in terse.turns[::2]:
        assert "row" not in turn.text and "(" not in turn.text and len(turn.text) < 40


def test_bot_answers_a_person_who_follows_its_conventions():
    """A scripted person: shares their map as the bot asks, then agrees and proposes moves."""
    record = load_set()[0]
    maze, views = record_maze(record)
    setup = GameSetup(GameConfig(seed=0, mode="live"), maze, views)
    rows = "\n".join(f"row {r}: {row}" for r, row in enumerate(views["b"].rows()))

    class Person:
        def describe(self):
            return {"kind": "human"}

        async def close(self):
            return None

        async def reply(self, request):
            from mazeplay.game.turns import SeatReply

            if request.turn_index == 1:
                return SeatReply(text=f"Hi! Using your convention. My map:\n{rows}\nok")
            return SeatReply(text="yes, agreed")

    state = GameState.start(setup)
    asyncio.run(play(state, {"a": GroundedBot("bot"), "b": Person()}))
    assert state.ending == "goal"


def test_open_seats_builds_each_bot():
    specs = {"a": SeatSpec("bot", "bot:terse"), "b": SeatSpec("bot", "bot:random")}
    with open_seats(specs, SeatOptions()) as seats:
        assert seats["a"].describe()["name"] == "bot:terse"
        assert seats["b"].describe()["name"] == "bot:random"


def test_bot_survives_any_partner_in_both_modes():
    """A random partner drives the bot into every corner case (goal reached mid-dispute, walls)."""
    for mode in ("paper", "live"):
        for a, b in (("bot", "bot:random"), ("bot:random", "bot"), ("bot:terse", "bot:random"), ("bot:swap", "bot:random")):
            play_set(a, b, mode, count=60)
