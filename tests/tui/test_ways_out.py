"""No key leaves a blank screen or a game without asking: Esc from `replay N`, the help's close hint,
the replay filter's way to the results, and the palette's "New game" in the middle of a game."""

from __future__ import annotations

from textual.widgets import DataTable, Input

from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.headless import GameSession
from mazeplay.seats.registry import SeatOptions, SeatSpec
from mazeplay.store import GameStore, open_db
from mazeplay.tui.app import MazeplayApp
from mazeplay.tui.screens.dialogs import ConfirmDialog
from mazeplay.tui.screens.help import HelpScreen
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.replay import ReplayBrowser, ReplayScreen
from mazeplay.tui.screens.setup import GameChoice, SetupScreen

SIZE = (100, 32)


async def wait_for(pilot, test, what: str):
    for _ in range(100):
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"{what} never happened")


async def saved_games(db_path, count: int = 1) -> GameStore:
    store = GameStore(open_db(db_path))
    for _ in range(count):
        session = GameSession.new(store, GameSetup.create(GameConfig(seed=2)), {"a": SeatSpec("bot", "bot"), "b": SeatSpec("bot", "bot")},
                                  SeatOptions())
        await session.play()
    return store


def visible_text(screen) -> str:
    return "\n".join(str(widget.render()) for widget in screen.query("Static"))


async def test_replay_of_one_game_then_escape_shows_the_saved_games(db_path):
    store = await saved_games(db_path)
    app = MazeplayApp(db=db_path, screen_factory=lambda app: ReplayScreen(store.load_game(1)))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayBrowser), "the saved games")
        await pilot.pause(0.1)
        assert app.screen.query_one(DataTable).row_count == 1
        await pilot.press("enter")  # and back into the game, and out again to the same list
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay again")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayBrowser), "the saved games again")
        assert len(app.screen_stack) == 2


async def test_enter_or_down_in_the_replay_filter_reaches_the_results(db_path):
    await saved_games(db_path, 2)
    app = MazeplayApp(db=db_path, screen_factory=lambda app: ReplayBrowser())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayBrowser), "the saved games")
        table = app.screen.query_one(DataTable)
        for key in ("enter", "down"):
            await pilot.press("slash")
            assert isinstance(app.focused, Input)
            await pilot.press(*"finished", key)
            assert app.focused is table, key
            assert table.row_count == 2
            app.screen.query_one(Input).value = ""
        await pilot.pause(0.05)
        second = int(table.coordinate_to_cell_key((1, 0)).row_key.value)
        await pilot.press("down", "enter")  # the table's own keys still work: the second row opens
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        assert app.screen.saved.id == second


async def test_the_help_says_how_to_close_it(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the game")
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        hint = app.screen.query_one("#help-close")
        assert "Esc" in str(hint.render()) and hint.region.height == 1 and hint.region.y < 24
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the game again")


async def open_new_game_from_the_palette(pilot) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause(0.2)
    await pilot.press(*"New game")
    await pilot.pause(0.3)
    await pilot.press("enter")


async def test_new_game_from_the_palette_mid_game_asks_first(db_path):
    app = MazeplayApp(db=db_path, start="play", choice=GameChoice(seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.your_turn, "our turn")
        play = app.screen
        await open_new_game_from_the_palette(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog), "the question")
        assert "Game 1" in visible_text(app.screen) and "mazeplay resume 1" in visible_text(app.screen)
        await pilot.press("n")  # stay: the same game, still ours to play
        await wait_for(pilot, lambda: app.screen is play, "the game again")
        assert play.your_turn and not play.closed
        await open_new_game_from_the_palette(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog), "the question again")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
        await pilot.pause(0.1)
    assert GameStore(open_db(db_path)).load_game(1).status == "interrupted"


async def test_new_game_from_the_result_screen_does_not_ask(db_path):
    store = await saved_games(db_path)
    app = MazeplayApp(db=db_path, screen_factory=lambda app: ReplayScreen(store.load_game(1)))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await open_new_game_from_the_palette(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
