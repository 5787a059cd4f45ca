"""Which messages count as sharing a map (the result screen's "map shared")."""

import asyncio

from mazeplay.engine import render_view
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.headless import GameSession
from mazeplay.judge.diagnostics import map_shared
from mazeplay.seats.registry import SeatOptions, SeatSpec
from mazeplay.store import GameStore, open_db

ROWS = ["@?.?.#", ".?..?.", "#?????", "?..?.?", ".??##.", "#???.*"]


def test_a_map_shared_inline_on_one_line_counts():
    text = "Using your convention. My map: " + " ".join(f"row {r}: {row}" for r, row in enumerate(ROWS))
    assert map_shared(text, 6)


def test_a_map_pasted_on_several_lines_inside_a_longer_message_counts():
    assert map_shared("hi! here is my map:\n" + "\n".join(ROWS) + "\nshall we go down first?", 6)
    assert map_shared("my map\n" + "\n".join(" ".join(row) for row in ROWS), 6)  # spaced symbols


def test_coordinate_lists_count_as_a_shared_map():
    text = "Walls I can see: (1, 2), (2, 2), (3, 3). Open cells I can see: (1, 0), (3, 0) and (1, 1).\nAGREE."
    assert map_shared(text, 6)


def test_every_rendering_of_a_view_counts_when_pasted():
    setup = GameSetup.create(GameConfig(seed=2))
    for render in ("plain", "labelled", "json", "prose"):
        assert map_shared("Here is what I see:\n" + render_view(setup.views["a"], render), 6), render


def test_ordinary_talk_does_not_count():
    for text in ("Hello! I will follow your convention... shall we start?", "MOVE: down", "AGREE. (1, 2) next?",
                 "Is (2, 1) a wall? I think (3, 1) is open.", "Wait.... hmm"):
        assert not map_shared(text, 6), text


def test_bot_swap_shares_its_map_in_the_diagnostics(tmp_path):
    store = GameStore(open_db(tmp_path / "d.db"))
    session = GameSession.new(store, GameSetup.create(GameConfig(seed=2, mode="live")),
                              {"a": SeatSpec("bot", "bot"), "b": SeatSpec("bot", "bot:swap")}, SeatOptions())
    outcome = asyncio.run(session.play())
    assert outcome.score.diagnostics["map_shared"] == {"agent_1": True, "agent_2": True}
    assert outcome.score.diagnostics["map_shared_turn"]["agent_2"] == 2
