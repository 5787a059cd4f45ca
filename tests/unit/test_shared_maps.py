"""A map shared in a message is read back into cells in every layout the game and the bot use."""

import pytest

from mazeplay.dialogue.maps import read_shared_map
from mazeplay.engine.render import render_view
from mazeplay.game.setup import GameConfig, GameSetup


def truth(view) -> dict:
    rows = view.rows()
    return {(r, c): "wall" if ch == "#" else "open" for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "?"}


@pytest.mark.parametrize("render", ["plain", "labelled", "prose", "json"])
@pytest.mark.parametrize("size", [6, 11])
def test_each_rendering_of_a_view_reads_back_as_that_view(render, size):
    view = GameSetup.create(GameConfig(seed=5, maze=GameConfig().maze.__class__(size=size))).views["b"]
    text = "Here is what I see:\n" + render_view(view, render) + "\nWhat about yours?"
    assert read_shared_map(text, size) == truth(view)


def test_row_lines_from_zero_or_from_one():
    rows = ["@..#??", ".????.", "..#...", "#.?...", "....?.", "?...*."]
    from_zero = "\n".join(f"row {r}: {row}" for r, row in enumerate(rows))
    from_one = "\n".join(f"Row {r + 1}: {' '.join(row)}" for r, row in enumerate(rows))
    expected = read_shared_map("\n".join(rows), 6)
    assert expected[(0, 3)] == "wall" and expected[(0, 1)] == "open" and (0, 4) not in expected
    assert read_shared_map(from_zero, 6) == expected == read_shared_map(from_one, 6)


def test_a_message_without_a_grid_gives_nothing():
    assert read_shared_map("(2, 3) is a wall; let's go down. MOVE: down", 6) == {}
    assert read_shared_map("@..#\n.??.", 6) == {}  # rows of the wrong size
