"""Pilot tests of issue 10's screen defects: the ending shown (5), every screen at 80×24 up to size 12 (7),
diagnostics in the person's terms (8), the small ones (10) and the cues people expect while playing."""

import time

import pytest
from rich.console import Console
from textual.color import Color
from textual.widgets import Static

from mazeplay.engine import MazeParams
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.headless import GameSession
from mazeplay.seats.registry import SeatOptions, SeatSpec
from mazeplay.store import GameStore, open_db
from mazeplay.tui.app import MazeplayApp
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.replay import ReplayScreen
from mazeplay.tui.screens.result import ResultScreen
from mazeplay.tui.screens.setup import GameChoice, SetupScreen
from mazeplay.tui.screens.watch import WatchScreen
from mazeplay.tui.widgets.maze_grid import MazeGrid
from mazeplay.tui.widgets.transcript import Transcript

SMALL = (80, 24)


def shown(screen) -> str:
    """Every Static on the screen as plain text (tables included), as a person would read it."""
    console = Console(width=200, record=True, file=open("/dev/null", "w"))
    for static in screen.query(Static):
        content = static.content
        console.print(content if not isinstance(content, str) else static.render())
    return console.export_text()


async def wait_for(pilot, condition, tries=200, delay=0.05):
    for _ in range(tries):
        if condition():
            return True
        await pilot.pause(delay)
    return False


async def say(pilot, text):
    assert await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen) and pilot.app.screen.your_turn)
    pilot.app.screen.query_one("#message").value = text
    await pilot.press("enter")
    await pilot.pause(0.05)


async def agree_until_result(pilot, first="yes AGREE"):
    await say(pilot, first)
    for _ in range(60):
        if isinstance(pilot.app.screen, ResultScreen):
            break
        if isinstance(pilot.app.screen, PlayScreen) and pilot.app.screen.your_turn:
            await say(pilot, "yes AGREE")
        else:
            await pilot.pause(0.05)
    assert isinstance(pilot.app.screen, ResultScreen), "the game did not end"
    await pilot.pause(0.2)


def assert_boards_whole(app, vertically=True):
    """No board is cut: each grid has the width its cells need and lies wholly on the screen."""
    grids = list(app.screen.query(MazeGrid))
    assert grids
    for grid in grids:
        geometry = app.screen.find_widget(grid)
        needed = grid.get_content_width(None, None)
        assert grid.content_region.width >= needed, f"{grid.id}: {grid.content_region.width} < {needed} columns"
        assert geometry.region.right <= app.size.width, f"{grid.id} runs off the right edge"
        assert geometry.visible_region.width == geometry.region.width, f"{grid.id} is cut"
        if vertically:
            assert geometry.visible_region == geometry.region, f"{grid.id} is cut at the bottom"


# -- defect 5: the ending is visible --------------------------------------------------------------

async def test_the_result_shows_how_it_ended_the_last_messages_the_wall_hit_and_the_route(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=0, mode="live", size=12))
    async with app.run_test(size=SMALL) as pilot:
        await agree_until_result(pilot)
        result = app.screen
        state, grade = result.outcome.state, result.outcome.score
        assert state.ending == "wall"  # this seed's bot leads into a wall when the person agrees to all
        text = shown(result)
        assert "an agreed move ran into a wall" in text
        last = state.turns[-1]
        assert last.text in text and "That move ran into a wall" in text  # the last message and the live notice
        truth = result.query_one("#truth", MazeGrid)
        assert truth.fatal == tuple(grade.blocked_at) and truth.rows[truth.fatal[0]][truth.fatal[1]] == "#"
        drawn = truth.render().plain
        assert "✗" in drawn and sum(drawn.count(a) for a in "↑↓←→") == len(grade.route) - 1
        assert f"Route: {len(grade.route) - 1} moves · shortest path: " in text
        assert "Weighted outcome" in text and "1 = reached the goal" in text  # the score explained


# -- defect 7: 80×24 up to size 12 ----------------------------------------------------------------

@pytest.mark.parametrize("render,mode", [("plain", "paper"), ("labelled", "live")])
async def test_play_at_80x24_with_size_12_keeps_the_map_and_the_status_on_screen(db_path, render, mode):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3, size=12, render=render, mode=mode))
    async with app.run_test(size=SMALL) as pilot:
        await say(pilot, "hello")
        assert await wait_for(pilot, lambda: app.screen.your_turn)
        assert_boards_whole(app)
        for name in ("#status", "#message"):
            geometry = app.screen.find_widget(app.screen.query_one(name))
            assert geometry.visible_region == geometry.region and geometry.region.bottom <= SMALL[1] - 1, name


async def test_watch_and_replay_at_80x24_show_three_whole_12x12_boards(db_path):
    store = GameStore(open_db(db_path))
    setup = GameSetup.create(GameConfig(seed=5, mode="live", maze=MazeParams(size=12)))
    specs = {"a": SeatSpec("bot", "bot"), "b": SeatSpec("bot", "bot:terse")}
    await GameSession.new(store, setup, specs, SeatOptions()).play()
    session = GameSession.new(store, setup, specs, SeatOptions())
    app = MazeplayApp(db=db_path, screen_factory=lambda app: WatchScreen(session))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("space")
        await pilot.pause(0.1)
        assert len(app.screen.query(MazeGrid)) == 3
        assert_boards_whole(app)
        await pilot.press("q")
    app = MazeplayApp(db=db_path, screen_factory=lambda app: ReplayScreen(store.load_game(1)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.1)
        assert len(app.screen.query(MazeGrid)) == 3
        assert_boards_whole(app)


async def test_the_result_at_80x24_shows_three_whole_boards_and_stacks_when_too_narrow(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=0, mode="live", size=12))
    async with app.run_test(size=SMALL) as pilot:
        await agree_until_result(pilot)
        assert_boards_whole(app, vertically=False)
        await pilot.resize_terminal(40, 24)  # too narrow even for one-column cells side by side: stacked
        await pilot.pause(0.2)
        assert app.screen.query_one("#mazes").has_class("stacked")
        assert_boards_whole(app, vertically=False)
        await pilot.resize_terminal(140, 40)  # room again: two-column cells side by side
        await pilot.pause(0.2)
        assert not any(grid.compact for grid in app.screen.query(MazeGrid))
        assert_boards_whole(app, vertically=False)


def test_play_and_watch_refuse_a_maze_the_screen_cannot_show(tmp_path):
    import subprocess
    import sys

    for args in (["--size", "13"], ["watch", "--a", "bot", "--b", "bot", "--size", "20"]):
        done = subprocess.run([sys.executable, "-m", "mazeplay", *args, "--db", str(tmp_path / "x.db")],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode != 0 and "up to 12×12" in done.stderr and "Traceback" not in done.stderr
        assert not (tmp_path / "x.db").exists()


# -- defect 8: diagnostics in the person's terms --------------------------------------------------

async def test_diagnostics_speak_of_you_and_your_partner_and_see_an_inline_map(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=0, mode="paper"))
    async with app.run_test(size=(110, 60)) as pilot:
        await pilot.pause(0.1)
        rows = app.screen.session.setup.views["a"].rows()
        await agree_until_result(pilot, "Using your convention. My map: " + " ".join(f"row {r}: {row}" for r, row in enumerate(rows)))
        text = shown(app.screen)
        line = next(line for line in text.splitlines() if "Map shared by you (seat a)" in line)
        assert line.split()[-3:] == ["yes,", "turn", "1"], line
        assert "Map shared by your partner (seat b)" in text
        for raw in ("agent_1", "agent_2", "True", "False", "None", "row_col/", "_"):
            assert raw not in text, raw
        assert "Weighted outcome" in text and "closer" in text or "reached the goal" in text


# -- defect 10 and what people expect -------------------------------------------------------------

async def test_status_shows_game_seed_turns_left_warns_at_five_and_cues_your_turn(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3, max_turns=8))
    notes, bells = [], []
    notify = app.notify
    app.notify = lambda message, **kw: (notes.append((str(message), kw.get("severity"))), notify(message, **kw))
    app.bell = lambda: bells.append(1)
    async with app.run_test(size=SMALL) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.your_turn)
        play = app.screen
        status = str(play.query_one("#status").render())
        assert "Turn 1/8 · 8 left" in status and "game 1" in status and "seed 3" in status
        assert "Your turn" in play.sub_title and not bells  # no bell unless asked for
        await pilot.press("f3")  # the bell on
        await say(pilot, "hello")
        assert await wait_for(pilot, lambda: play.your_turn)
        assert bells and "Your turn" in play.sub_title
        assert not any("turns left" in n for n, _ in notes)
        await say(pilot, "hello again")  # turn 3 done by the bot: 8 - 4 = 4 left
        assert await wait_for(pilot, lambda: play.your_turn)
        assert any("turns left" in n and severity == "warning" for n, severity in notes)
        assert "4 left" in str(play.query_one("#status").render())


async def test_the_thinking_timer_does_not_wrap_at_ten_seconds(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=SMALL) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.your_turn)
        play = app.screen
        heights = {}
        for seconds in (3, 12, 123):
            play.your_turn, play.thinking_since = False, time.monotonic() - seconds
            play.refresh_status()
            await pilot.pause(0.05)
            status = play.query_one("#status")
            assert f"Partner is thinking… {seconds:>4} s" in str(status.render())
            heights[seconds] = status.size.height
        assert len(set(heights.values())) == 1, heights


async def test_watch_says_paused_after_a_step(db_path):
    store = GameStore(open_db(db_path))
    session = GameSession.new(store, GameSetup.create(GameConfig(seed=5, mode="live")),
                              {"a": SeatSpec("bot", "bot"), "b": SeatSpec("bot", "bot:terse")}, SeatOptions())
    app = MazeplayApp(db=db_path, screen_factory=lambda app: WatchScreen(session))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("space")
        transcript = app.screen.query_one(Transcript)
        await pilot.press("s")
        assert await wait_for(pilot, lambda: len(transcript.query(".message")) == 1)
        await pilot.pause(0.1)
        status = str(app.screen.query_one("#watch-status").render())
        assert status.startswith("paused") and "stepping" not in status


async def test_the_palette_screenshot_is_saved_under_the_data_folder_without_downloads(db_path, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))  # no ~/Downloads
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    app = MazeplayApp(db=db_path)
    notes = []
    notify = app.notify
    app.notify = lambda message, **kw: (notes.append(str(message)), notify(message, **kw))
    async with app.run_test(size=SMALL) as pilot:
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "Screenshot")
        command.callback()
        folder = db_path.parent / "screenshots"
        assert await wait_for(pilot, lambda: folder.is_dir() and any(folder.glob("*.svg")) and notes)
    assert any(str(folder) in note for note in notes), notes
    assert not (home / "Downloads").exists()


def _contrast(one: Color, two: Color) -> float:
    def luminance(color: Color) -> float:
        def channel(x: int) -> float:
            x /= 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)

    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", ["textual-light", "textual-dark", "catppuccin-latte", "solarized-light"])
async def test_own_messages_are_readable_in_light_and_dark_themes(db_path, theme):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=SMALL) as pilot:
        app.theme = theme
        await say(pilot, "hello there")
        await pilot.pause(0.1)
        own = app.screen.query_one(Transcript).query(".own").first()
        background = own.background_colors[1]
        assert _contrast(background + own.styles.color, background) >= 4.5


async def test_the_setup_screen_explains_the_partner_and_the_rendering(db_path):
    app = MazeplayApp(db=db_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.1)
        assert isinstance(app.screen, SetupScreen)
        explain = lambda: str(app.screen.query_one("#explain").render())  # noqa: E731
        assert "bot — A helpful" in explain() and "plain — " in explain()
        app.screen.query_one("#partner").value = "bot:swap"
        app.screen.query_one("#render").value = "labelled"
        await pilot.pause(0.1)
        assert "(column, row)" in explain() and "row and column numbers" in explain()
        app.screen.query_one("#model").value = "openai/gpt-4.1"
        await pilot.pause(0.1)
        assert "openai/gpt-4.1" in explain() and "API key" in explain()
