"""Engine invariants (property-based) and hand-checked replay/score cases."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazeplay.engine import (
    GOAL, HIDDEN, START, WALL, MazeError, MazeParams, SplitParams, distances_from, generate_maze,
    maze_from_rows, render_view, replay_route, shortest_path, split_views,
)
from mazeplay.engine.render import RENDERINGS

seeds = st.integers(min_value=0, max_value=2**40)
sizes = st.sampled_from([4, 6, 8, 10, 12])
densities = st.sampled_from([0.0, 0.15, 0.30, 0.45, 0.60])


@settings(max_examples=80, deadline=None)
@given(seed=seeds, size=sizes, density=densities)
def test_generated_mazes_are_solvable_with_exact_walls_and_bounded_paths(seed, size, density):
    params = MazeParams(size=size, density=density)
    maze = generate_maze(seed, params)
    assert maze.cells.shape == (size, size)
    assert maze.start == (0, 0) and maze.cells[maze.start] == START and maze.cells[maze.goal] == GOAL
    corner = (size - 1, size - 1)
    assert abs(maze.goal[0] - corner[0]) + abs(maze.goal[1] - corner[1]) <= 1
    assert int((maze.cells == WALL).sum()) == params.wall_count() == int(density * (size * size - 2) + 0.5)
    low, high = params.bounds()
    moves = len(shortest_path(maze)) - 1
    assert low <= moves <= high
    assert distances_from(maze.passable(), maze.start)[maze.goal] == moves


@settings(max_examples=40, deadline=None)
@given(seed=seeds, size=sizes)
def test_same_seed_same_maze_and_split(seed, size):
    params = MazeParams(size=size)
    first, second = generate_maze(seed, params), generate_maze(seed, params)
    assert first.rows() == second.rows()
    assert [v.rows() for v in split_views(first, seed)] == [v.rows() for v in split_views(second, seed)]


def test_generator_is_pinned_to_known_mazes():
    """Same seed → same maze on every machine and numpy version (bit-stream based RNG)."""
    assert generate_maze(0).rows() == ["@.....", ".....#", ".#...#", ".#.#..", ".##...", "##.#.*"]
    assert generate_maze(3).rows() == ["@..#..", "...#..", ".#.#.#", "..#.#.", ".#.##.", "....*."]


@settings(max_examples=80, deadline=None)
@given(seed=seeds, size=sizes, density=densities, share=st.sampled_from([0.3, 0.5, 0.7]))
def test_views_are_complementary(seed, size, density, share):
    maze = generate_maze(seed, MazeParams(size=size, density=density))
    a, b = split_views(maze, seed + 1, SplitParams(share_a=share))
    for view in (a, b):
        assert view.cells[maze.start] == START and view.cells[maze.goal] == GOAL
    others = np.ones(maze.cells.shape, dtype=bool)
    others[maze.start] = others[maze.goal] = False
    known_a, known_b = a.cells != HIDDEN, b.cells != HIDDEN
    assert np.all(known_a[others] ^ known_b[others]), "every other cell is in exactly one view"
    merged = np.where(known_a, a.cells, b.cells)
    assert np.array_equal(merged, maze.cells), "together the views give the full maze"


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_reject_solo_path_gives_views_without_a_one_seat_path(seed):
    maze = generate_maze(seed)
    a, b = split_views(maze, seed, SplitParams(reject_solo_path=True))
    assert not a.shows_full_path() and not b.shows_full_path()


def test_impossible_parameters_raise_a_clear_error():
    with pytest.raises(MazeError, match="no 4×4 maze"):
        generate_maze(1, MazeParams(size=4, density=0.75))
    with pytest.raises(MazeError):
        generate_maze(1, MazeParams(size=6, density=1.0))
    with pytest.raises(MazeError):
        generate_maze(1, MazeParams(size=1))


def test_every_ablation_density_works_on_6x6():
    for density in (0.0, 0.15, 0.30, 0.45, 0.60, 0.75):
        maze = generate_maze(11, MazeParams(size=6, density=density))
        assert len(shortest_path(maze)) - 1 in range(8, 11)


# Hand-checked maze:     a = 6 (shortest start→goal moves)
HAND = maze_from_rows([
    "@..#",
    ".#..",
    "...#",
    "##.*",
])


def test_shortest_path_hand_checked():
    assert len(shortest_path(HAND)) - 1 == 6


@pytest.mark.parametrize(
    "route, success, last, outcome, stopped",
    [
        ([(1, 0), (2, 0), (2, 1), (2, 2), (3, 2), (3, 3)], True, (3, 3), 1.0, None),
        ([(0, 1), (0, 2), (1, 2), (1, 3)], False, (1, 3), (6 - 4) / 6, None),  # (1,3) is 4 from the goal
        ([(1, 0), (2, 0), (2, 1)], False, (2, 1), (6 - 3) / 6, None),
        ([(1, 0), (1, 1)], False, (1, 0), (6 - 5) / 6, "wall"),
        ([(0, 1), (0, 2), (1, 2), (1, 3), (0, 3)], False, (1, 3), (6 - 4) / 6, "wall"),
        ([(-1, 0)], False, (0, 0), 0.0, "off_grid"),
        ([(2, 2)], False, (0, 0), 0.0, "not_adjacent"),
        ([(0, 0), (1, 0), (1, 0), (2, 0)], False, (2, 0), (6 - 4) / 6, None),  # restated cells are no-ops
    ],
)
def test_replay_and_weighted_outcome_hand_checked(route, success, last, outcome, stopped):
    replay = replay_route(HAND, route)
    assert replay.success is success
    assert replay.last == last
    assert replay.weighted_outcome == pytest.approx(outcome)
    assert replay.stopped_by == stopped


def test_weighted_outcome_is_negative_when_ending_further_away():
    maze = maze_from_rows([
        "....",
        ".##.",
        ".#@.",
        ".#.*",
    ])
    # a = 2 (down, right). Right, up, up, left ends at (0, 2), 4 moves away: (2 − 4) / 2 = −1.
    replay = replay_route(maze, [(2, 3), (1, 3), (0, 3), (0, 2)])
    assert replay.shortest == 2
    assert replay.last == (0, 2)
    assert replay.remaining == 4
    assert replay.weighted_outcome == pytest.approx(-1.0)
    assert replay.weighted_outcome < 0


@pytest.mark.parametrize("style", sorted(RENDERINGS))
def test_renderings_carry_exactly_the_view(style):
    maze = generate_maze(5)
    a, b = split_views(maze, 5)
    text_a = render_view(a, style)
    assert render_view(a, style) == text_a  # deterministic
    assert text_a != render_view(b, style)
    if style == "plain":
        assert text_a.splitlines() == a.rows()


def test_unknown_rendering_is_refused():
    with pytest.raises(ValueError, match="unknown rendering"):
        render_view(split_views(generate_maze(1), 1)[0], "ascii-art")
