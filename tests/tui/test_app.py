"""Pilot tests of every screen and flow of the terminal game."""

import json
import re

from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.headless import GameSession
from mazeplay.seats.registry import SeatOptions, SeatSpec
from mazeplay.store import GameStore, open_db
from mazeplay.tui.app import MazeplayApp
from mazeplay.tui.screens.dialogs import ErrorDialog
from mazeplay.tui.screens.help import HelpScreen
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.replay import ReplayBrowser, ReplayScreen
from mazeplay.tui.screens.result import ResultScreen
from mazeplay.tui.screens.setup import GameChoice, SetupScreen
from mazeplay.tui.screens.watch import WatchScreen
from mazeplay.tui.widgets.maze_grid import MazeGrid
from mazeplay.tui.widgets.transcript import Transcript

SIZE = (110, 36)


async def say(pilot, text):
    screen = pilot.app.screen
    for _ in range(100):
        if isinstance(screen, PlayScreen) and screen.your_turn:
            break
        await pilot.pause(0.02)
    screen.query_one("#message").value = text
    await pilot.press("enter")
    await pilot.pause(0.05)


async def until(pilot, condition, timeout: float = 10.0) -> None:
    """Pause until `condition()` holds: a screen switch waits on a worker, slower on a busy machine."""
    for _ in range(int(timeout / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)


async def agree_until_result(pilot, first_message="Hi! I will follow your convention."):
    await say(pilot, first_message)
    for _ in range(60):
        if isinstance(pilot.app.screen, ResultScreen):
            return
        await say(pilot, "yes, AGREE")
    raise AssertionError("the game did not end")


def screen_text(app) -> str:
    return "\n".join(str(s.render()) for s in app.screen.query("Static")) + "\n".join(
        "\n".join(g.rows) for g in app.screen.query(MazeGrid))


async def test_full_game_against_bot_reaches_the_result_screen(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=0, mode="paper", player="p1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        rows = app.screen.session.setup.views["a"].rows()
        await agree_until_result(pilot, "Using your convention. My map: " + " ".join(f"row {r}: {row}" for r, row in enumerate(rows)))
        result = app.screen
        assert isinstance(result, ResultScreen)
        assert result.outcome.score.success
        grids = result.query(MazeGrid)
        assert grids[0].rows == result.outcome.state.setup.maze.rows() and grids[0].route
    store = GameStore(open_db(db_path))
    assert store.load_game(1).status == "finished" and store.load_game(1).player == "p1"


async def test_seat_b_in_live_mode_shows_the_shared_position(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=4, seat="b", mode="live"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        play = app.screen
        assert isinstance(play, PlayScreen) and play.human_seat == "b"
        assert play.query_one("#own", MazeGrid).rows == play.session.setup.views["b"].rows()
        assert "you both: lit @" in str(play.query_one("#legend").render())  # right from the start
        await say(pilot, "Hello, AGREE")  # the bot (seat a) proposed first
        await pilot.pause(0.1)
        assert play.query_one("#own", MazeGrid).position != play.session.setup.maze.start
        assert "● you both" in str(play.query_one("#legend").render())


async def test_the_play_screen_never_shows_the_partners_private_cells(tmp_path):
    """The screen of seat a is identical whether the cells only seat b holds are walls or open."""
    import numpy as np

    from mazeplay.engine import HIDDEN, View

    def flipped(setup):
        private = (setup.views["b"].cells != HIDDEN) & (setup.views["a"].cells == HIDDEN)
        cells = setup.maze.cells.copy()
        cells[private & (cells <= 1)] = 1 - cells[private & (cells <= 1)]
        maze = type(setup.maze)(cells=cells, start=setup.maze.start, goal=setup.maze.goal)
        view_b = View("b", np.where(setup.views["b"].cells == HIDDEN, HIDDEN, cells).astype(np.int8),
                      maze.start, maze.goal)
        return GameSetup(setup.config, maze, {"a": setup.views["a"], "b": view_b})

    for seed in range(6):
        screens = []
        original = GameSetup.create(GameConfig(seed=seed, render="labelled", mode="live"))
        for index, setup in enumerate((original, flipped(original))):
            store = GameStore(open_db(tmp_path / f"{seed}-{index}.db"))
            specs = {"a": SeatSpec("human", "human"), "b": SeatSpec("bot", "bot")}
            session = GameSession.new(store, setup, specs, SeatOptions())
            app = MazeplayApp(db=tmp_path / f"{seed}-{index}.db", session=session)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause(0.1)
                assert isinstance(app.screen, PlayScreen) and app.screen.your_turn
                app.screen.query_one("#message").cursor_blink = False  # a blinking cursor is not a leak
                await pilot.pause(0.1)
                screens.append(re.sub(r"terminal-\d+", "terminal", app.export_screenshot()))  # drop the SVG's id
                await pilot.press("ctrl+q")
        assert screens[0] == screens[1]


async def test_notepad_marks_are_saved_and_never_sent(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=2))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        play = app.screen
        rows = play.session.setup.views["a"].rows()
        hidden = next((r, c) for r in range(6) for c in range(6) if rows[r][c] == "?")
        await pilot.press("ctrl+n")
        grid = play.query_one("#own", MazeGrid)
        grid.cursor = hidden
        await pilot.press("space")
        await pilot.pause(0.05)
        assert grid.notes == {hidden: "wall"}
        await pilot.press("space")
        await pilot.press("ctrl+t")
        await say(pilot, "hello")
    store = GameStore(open_db(db_path))
    assert store.load_notes(1) == {hidden: "open"}
    requests = [json.dumps(t.reply.request or {}) for t in store.load_game(1).turns]
    assert all("open" not in r or "note" not in r for r in requests)


async def test_partner_error_offers_retry_and_the_game_continues(db_path, stub):
    stub.script(("status", 500))
    stub.default = ("ok", "MOVE: down")
    app = MazeplayApp(db=db_path, start="play", api_base=stub.api_base,
                      choice=GameChoice(seed=1, seat="b", partner="openai/stub"))
    app.config.llm_max_retries = 0
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await pilot.pause(0.05)
            if isinstance(app.screen, ErrorDialog):
                break
        assert isinstance(app.screen, ErrorDialog)
        await pilot.press("r")
        for _ in range(200):
            await pilot.pause(0.05)
            if isinstance(app.screen, PlayScreen) and app.screen.your_turn:
                break
        assert app.screen.your_turn
        assert "MOVE: down" in str(app.screen.query(Transcript).first().children[-1].render())


async def test_quit_then_resume_continues_where_it_stopped(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=6))
    async with app.run_test(size=SIZE) as pilot:
        await say(pilot, "Hi there, I follow your convention.")
        await pilot.pause(0.1)
        await pilot.press("ctrl+q")
    store = GameStore(open_db(db_path))
    assert store.load_game(1).status == "interrupted" and len(store.load_game(1).turns) == 2
    session = GameSession.load(store, 1, SeatOptions())
    app = MazeplayApp(db=db_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        assert len(app.screen.query_one(Transcript).children) >= 2
        await agree_until_result(pilot, "AGREE")
        assert isinstance(app.screen, ResultScreen)
    indexes = [t.index for t in GameStore(open_db(db_path)).load_game(1).turns]
    assert indexes == list(range(len(indexes)))


async def test_setup_screen_starts_a_game_and_reports_bad_input(db_path):
    app = MazeplayApp(db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#density").value = "0.99"
        app.screen.query_one("#size").value = "4"
        await pilot.click("#start")
        await pilot.pause(0.1)
        assert isinstance(app.screen, SetupScreen)  # no 4×4 maze at that density: a notification, no crash
        app.screen.query_one("#density").value = "0.3"
        app.screen.query_one("#size").value = "6"
        app.screen.query_one("#seed").value = "9"
        start = app.screen.query_one("#start")
        await until(pilot, lambda: not start.has_class("-active"))  # a button ignores clicks while it shows the last press
        await pilot.click("#start")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert isinstance(app.screen, PlayScreen) and app.screen.session.setup.config.seed == 9


async def test_a_model_partner_without_a_key_is_refused_with_the_variable_to_set(db_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(partner="openai/gpt-4.1"))
    notes: list[str] = []
    notify = app.notify
    monkeypatch.setattr(app, "notify", lambda message, **kw: (notes.append(str(message)), notify(message, **kw)))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):  # the key check imports litellm in a thread: seconds on a cold start
            if isinstance(app.screen, SetupScreen):
                break
            await pilot.pause(0.05)
        await pilot.pause(0.1)  # let the screen finish mounting before the test ends the app
        assert isinstance(app.screen, SetupScreen) and app.screen.query_one("#model").value == "openai/gpt-4.1"
        assert any("OPENAI_API_KEY" in note for note in notes), notes
        assert GameStore(open_db(db_path)).list_games() == []


async def test_help_and_palette_commands(db_path):
    app = MazeplayApp(db=db_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"New game", "Resume game", "Replay saved games", "Help"} <= set(titles)


async def test_watch_pauses_steps_and_finishes(db_path):
    store = GameStore(open_db(db_path))
    session = GameSession.new(store, GameSetup.create(GameConfig(seed=5, mode="live")),
                              {"a": SeatSpec("bot", "bot"), "b": SeatSpec("bot", "bot:terse")}, SeatOptions())
    app = MazeplayApp(db=db_path, screen_factory=lambda app: WatchScreen(session))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        transcript = app.screen.query_one(Transcript)
        await pilot.pause(1.0)
        before = len(transcript.query('.message'))
        await pilot.pause(1.0)
        assert len(transcript.query('.message')) == before  # paused: nothing moves
        await pilot.press("s")
        for _ in range(100):
            await pilot.pause(0.05)
            if len(transcript.query('.message')) > before:
                break
        await pilot.pause(1.0)
        assert len(transcript.query('.message')) == before + 1  # one step, then paused again
        await pilot.press("plus", "plus", "plus", "space")
        for _ in range(100):
            await pilot.pause(0.05)
            if isinstance(app.screen, ResultScreen):
                break
        assert isinstance(app.screen, ResultScreen)


async def test_replay_browser_filters_and_steps_through_a_game(db_path):
    store = GameStore(open_db(db_path))
    for seed, partner in ((1, "bot"), (2, "bot:swap")):
        session = GameSession.new(store, GameSetup.create(GameConfig(seed=seed, mode="live")),
                                  {"a": SeatSpec("bot", "bot"), "b": SeatSpec("bot", partner)}, SeatOptions())
        await session.play()
    app = MazeplayApp(db=db_path, screen_factory=lambda app: ReplayBrowser())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#games")
        assert table.row_count == 2
        app.screen.query_one("#filter").value = "swap"
        await pilot.pause()
        assert table.row_count == 1
        table.focus()
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.shown == len(replay.saved.turns)
        await pilot.press("home", "right", "right")
        assert replay.shown == 2
        truth = replay.query_one("#truth", MazeGrid)
        assert truth.route[0] == replay.saved.setup.maze.start


async def test_messages_are_literal_text(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await say(pilot, "[bold red]x[/] \x1b[2J\x1b[31mred\x07 [link=http://x]y[/link]")
        await pilot.pause(0.1)
        shown = app.screen.query_one(Transcript).children[0].render()
        assert "[bold red]x[/]" in str(shown) and "\\x1b[2J" in str(shown) and "\x1b" not in str(shown)
        assert all(span.style in ("bold", "") or str(span.style) == "bold" for span in shown.spans)


async def test_every_game_option_given_on_the_command_line_reaches_the_game_and_the_save(db_path):
    from mazeplay import cli

    args = cli.build_parser().parse_args(["--seed", "5", "--max-turns", "4", "--first", "b", "--split-seed", "11",
                                          "--min-moves", "3", "--max-moves", "12", "--reject-solo-path", "--replicate", "2",
                                          "--timeout", "7", "--render", "labelled", "--mode", "live", "--size", "5"])
    choice = GameChoice(seat=args.seat, partner=args.partner, seed=args.seed, size=args.size, density=args.density,
                        mode=args.mode, render=args.render, first=args.first, max_turns=args.max_turns,
                        split_seed=args.split_seed, min_moves=args.min_moves, max_moves=args.max_moves,
                        reject_solo_path=args.reject_solo_path, replicate=args.replicate, timeout=args.timeout)
    app = MazeplayApp(db=db_path, start="play", choice=choice)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(50):
            if isinstance(app.screen, PlayScreen):
                break
            await pilot.pause(0.05)
        await pilot.pause(0.3)
        assert re.search(r"Turn \d/4 · \d left · live · ", str(app.screen.query_one("#status").render()))
        assert app.options(None).timeout == 7
        await pilot.press("f1")
        await pilot.pause(0.1)
        assert isinstance(app.screen, HelpScreen) and app.screen.max_turns == 4
    config = GameStore(open_db(db_path)).load_game(1).setup.config
    assert (config.max_turns, config.first, config.split_seed, config.replicate, config.mode, config.render) == (4, "b", 11, 2, "live", "labelled")
    assert (config.maze.size, config.maze.min_moves, config.maze.max_moves, config.split.reject_solo_path) == (5, 3, 12, True)


def test_the_play_command_passes_every_game_option_on(monkeypatch):
    from mazeplay import cli, commands

    seen = {}
    monkeypatch.setattr(commands, "_run_app", lambda app: seen.setdefault("choice", app.choice))
    cli.main(["--seed", "5", "--max-turns", "4", "--first", "b", "--split-seed", "11", "--replicate", "2", "--timeout", "7"])
    choice = seen["choice"]
    assert (choice.max_turns, choice.first, choice.split_seed, choice.replicate, choice.timeout) == (4, "b", 11, 2, 7)


async def test_the_setup_screen_keeps_command_line_options_and_bounds_the_size(db_path):
    app = MazeplayApp(db=db_path, start="setup", choice=GameChoice(max_turns=6, first="b"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        choice = screen.read_choice()
        assert (choice.max_turns, choice.first) == (6, "b")
        screen.query_one("#size").value = "40"
        import pytest

        with pytest.raises(ValueError, match="from 2 to 12"):
            screen.read_choice()


async def test_ctrl_q_mid_game_saves_and_prints_the_resume_line(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(50):
            if isinstance(app.screen, PlayScreen):
                break
            await pilot.pause(0.05)
        game_id = app.screen.session.game_id
        said = []
        original = app.exit
        app.exit = lambda *args, **kwargs: (said.append(str(kwargs.get("message"))), original(*args, **kwargs))
        await pilot.press("ctrl+q")
        await pilot.pause(0.1)
    assert said and f"mazeplay resume {game_id}" in said[-1]


async def test_a_message_that_says_acti_asks_before_it_is_sent(db_path):
    from mazeplay.tui.screens.dialogs import ConfirmDialog

    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await say(pilot, "We are there. ACTI!")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause(0.05)
        play = app.screen
        assert isinstance(play, PlayScreen) and play.your_turn
        await say(pilot, 'Hi! Remember we only say "ACTI!" at the goal.')  # quoted: no question, sent
        assert isinstance(app.screen, PlayScreen)
        await pilot.pause(0.3)
    import sqlite3

    first = sqlite3.connect(db_path).execute("select text from turns where game_id = 1 order by idx").fetchone()
    assert first is not None and first[0].startswith("Hi! Remember")  # only the quoted one was sent
