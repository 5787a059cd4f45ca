"""Snapshots of the main screens (fixed seeds and terminal size; update with --snapshot-update)."""

from mazeplay.tui.app import MazeplayApp
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.result import ResultScreen
from mazeplay.tui.screens.setup import GameChoice

SIZE = (100, 32)


def test_setup_screen(snap_compare, tmp_path):
    assert snap_compare(MazeplayApp(db=tmp_path / "s.db"), terminal_size=SIZE)


async def _wait_for_turn(pilot):
    for _ in range(100):
        if isinstance(pilot.app.screen, PlayScreen) and pilot.app.screen.your_turn:
            return
        await pilot.pause(0.02)


def test_play_screen_seat_b_live(snap_compare, tmp_path):
    app = MazeplayApp(db=tmp_path / "p.db", start="play",
                      choice=GameChoice(seed=3, seat="b", mode="live", render="labelled"))

    async def first_exchange(pilot):
        await _wait_for_turn(pilot)
        pilot.app.screen.query_one("#message").value = "Hello! AGREE"
        await pilot.press("enter")
        await _wait_for_turn(pilot)
        pilot.app.screen.query_one("#message").cursor_blink = False
        await pilot.pause(0.05)

    assert snap_compare(app, terminal_size=SIZE, run_before=first_exchange)


def test_result_screen(snap_compare, tmp_path):
    app = MazeplayApp(db=tmp_path / "r.db", start="play", choice=GameChoice(seed=0, mode="live"))

    async def play_to_the_end(pilot):
        rows = None
        for turn in range(60):
            if isinstance(pilot.app.screen, ResultScreen):
                break
            await _wait_for_turn(pilot)
            if isinstance(pilot.app.screen, ResultScreen):
                break
            rows = rows or pilot.app.screen.session.setup.views["a"].rows()
            text = "My map: " + " ".join(f"row {r}: {row}" for r, row in enumerate(rows)) if turn == 0 else "AGREE"
            pilot.app.screen.query_one("#message").value = text
            await pilot.press("enter")
        await pilot.pause(0.1)

    assert snap_compare(app, terminal_size=SIZE, run_before=play_to_the_end)
