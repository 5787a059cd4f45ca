"""Snapshots of the main screens (fixed seeds and terminal size; update with --snapshot-update)."""

from mazeplay.tui.app import MazeplayApp
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.result import ResultScreen
from mazeplay.tui.screens.setup import GameChoice

SIZE = (100, 32)


def test_setup_screen(snap_compare, tmp_path):
    assert snap_compare(MazeplayApp(db=tmp_path / "s.db"), terminal_size=SIZE)


async def _wait_for_turn(pilot):
    """Until the person may write again (sending clears the turn at once, so this waits for the reply).

    A snapshot taken while the partner is still "thinking" shows a clock; a short wait that gave up silently
    drew that on a loaded CI machine. This one waits up to 30 s and then fails loudly instead of drawing early.
    """
    for _ in range(1500):
        screen = pilot.app.screen
        if isinstance(screen, ResultScreen) or (isinstance(screen, PlayScreen) and screen.your_turn):
            return
        await pilot.pause(0.02)
    raise AssertionError("the person's turn never came")


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


# -- 80×24, the smallest terminal every screen must work in, up to size 12 --------------------------
SMALL = (80, 24)


async def _blink_off(pilot):
    for widget in pilot.app.screen.query("Input"):
        widget.cursor_blink = False
    await pilot.pause(0.1)
    for transcript in pilot.app.screen.query("Transcript"):  # the newest message in view, whatever the timing
        transcript.scroll_end(animate=False, immediate=True)
    await pilot.pause(0.1)


def _play_after_one_exchange(choice, tmp_path):
    async def first_exchange(pilot):
        await _wait_for_turn(pilot)
        pilot.app.screen.query_one("#message").value = "Hello! AGREE"
        await pilot.press("enter")
        await _wait_for_turn(pilot)
        await _blink_off(pilot)

    return MazeplayApp(db=tmp_path / "p.db", start="play", choice=choice), first_exchange


def test_play_80x24_size_6(snap_compare, tmp_path):
    app, run_before = _play_after_one_exchange(GameChoice(seed=3), tmp_path)
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_play_80x24_size_12_live(snap_compare, tmp_path):
    app, run_before = _play_after_one_exchange(GameChoice(seed=3, size=12, mode="live", render="labelled"), tmp_path)
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def _bot_game(tmp_path, play: bool):
    import asyncio

    from mazeplay.engine import MazeParams
    from mazeplay.game.setup import GameConfig, GameSetup
    from mazeplay.headless import GameSession
    from mazeplay.seats.registry import SeatOptions, SeatSpec
    from mazeplay.store import GameStore, open_db

    store = GameStore(open_db(tmp_path / "w.db"))
    session = GameSession.new(store, GameSetup.create(GameConfig(seed=5, mode="live", maze=MazeParams(size=12))),
                              {"a": SeatSpec("bot", "bot"), "b": SeatSpec("bot", "bot:terse")}, SeatOptions())
    if play:
        asyncio.run(session.play())
    return store, session


def test_watch_80x24_size_12(snap_compare, tmp_path):
    """Watching, paused from the start, after one step: exactly one message, whatever the machine's speed.

    Starting it running and pressing pause raced the first turn's delay on a loaded CI machine.
    """
    from mazeplay.tui.screens.watch import WatchScreen

    _, session = _bot_game(tmp_path, play=False)
    app = MazeplayApp(db=tmp_path / "w.db", screen_factory=lambda app: WatchScreen(session, paused=True))

    async def one_step(pilot):
        await pilot.press("s")
        for _ in range(1500):
            screen = pilot.app.screen
            if len(screen.query(".message")) == 1 and not screen.pacer.running.is_set():
                break
            await pilot.pause(0.02)
        else:
            raise AssertionError("the step never produced a message")
        await pilot.pause(0.2)
        await _blink_off(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=one_step)


def test_replay_80x24_size_12(snap_compare, tmp_path):
    from mazeplay.tui.screens.replay import ReplayScreen

    store, _ = _bot_game(tmp_path, play=True)
    app = MazeplayApp(db=tmp_path / "w.db", screen_factory=lambda app: ReplayScreen(store.load_game(1)))

    async def a_few_turns(pilot):
        await pilot.press("home", "right", "right", "right", "right")
        await _blink_off(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=a_few_turns)


def test_result_80x24_size_12_wall(snap_compare, tmp_path):
    app = MazeplayApp(db=tmp_path / "r.db", start="play", choice=GameChoice(seed=0, mode="live", size=12))

    async def agree_into_the_wall(pilot):
        for _ in range(60):
            if isinstance(pilot.app.screen, ResultScreen):
                break
            await _wait_for_turn(pilot)
            if isinstance(pilot.app.screen, ResultScreen):
                break
            pilot.app.screen.query_one("#message").value = "yes AGREE"
            await pilot.press("enter")
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=SMALL, run_before=agree_into_the_wall)
