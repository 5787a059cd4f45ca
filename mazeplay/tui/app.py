"""The mazeplay Textual app: screens for setup, play, results, watching and replaying."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Iterable

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from mazeplay.config import load_config
from mazeplay.engine import MazeParams, SplitParams
from mazeplay.errors import MazeplayError
from mazeplay.game.setup import GameConfig, GameSetup
from mazeplay.headless import GameSession, Outcome
from mazeplay.seats.human import queue_source
from mazeplay.seats.registry import SeatOptions, SeatSpecError, parse_seat
from mazeplay.store import GameStore, open_db
from mazeplay.tui.screens.dialogs import ConfirmDialog
from mazeplay.tui.screens.help import HelpScreen
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.result import ResultScreen
from mazeplay.tui.screens.session import SessionScreen
from mazeplay.tui.screens.setup import GameChoice, SetupScreen


class MazeplayApp(App):
    """Start on the setup screen, or straight into a game, a watch or a replay."""

    CSS_PATH = "app.tcss"
    TITLE = "mazeplay"
    BINDINGS = [Binding("f1", "help", "Help")]

    def __init__(self, db: str | Path | None = None, start: str = "setup", choice: GameChoice | None = None,
                 session: GameSession | None = None, api_key: str | None = None, api_base: str | None = None,
                 screen_factory=None, stream: bool | None = None) -> None:
        super().__init__()
        self.db_path = db
        self.start = start
        self.choice = choice or GameChoice()
        self.session = session
        self.api_key, self.api_base = api_key, api_base
        self.screen_factory = screen_factory
        self.config = load_config()
        self.stream = stream if stream is not None else self.config.llm_stream  # None: on (see SessionScreen)
        self.bell_on_turn = self.config.bell  # F3 or the palette toggles it for this session
        self._store: GameStore | None = None

    @property
    def store(self) -> GameStore:
        if self._store is None:
            self._store = GameStore(open_db(self.db_path))
        return self._store

    def on_mount(self) -> None:
        self.open_first_screen()

    def open_first_screen(self) -> None:
        if self.session is not None:
            self.resume_session(self.session)
        elif self.screen_factory is not None:
            self.push_screen(self.screen_factory(self))
        elif self.start == "play":
            self.start_game(self.choice)
        else:
            self.push_screen(SetupScreen(self.choice))

    # -- games -----------------------------------------------------------------------------------
    def options(self, player: str | None, queue: "asyncio.Queue[str] | None" = None) -> SeatOptions:
        timeout = self.choice.timeout if self.choice and self.choice.timeout else self.config.llm_timeout
        return SeatOptions(api_key=self.api_key, timeout=timeout, max_retries=self.config.llm_max_retries,
                           player=player, human_source=queue_source(queue) if queue is not None else None,
                           stream=self.stream)

    @work(exclusive=True, group="start-game")
    async def start_game(self, choice: GameChoice) -> None:
        """Create and save a game for `choice`; errors become notifications, never crashes."""
        try:
            seed = choice.seed if choice.seed is not None else random.randrange(2**31)
            config = GameConfig(seed=seed, split_seed=choice.split_seed, first=choice.first, max_turns=choice.max_turns,
                                maze=MazeParams(size=choice.size, density=choice.density, min_moves=choice.min_moves,
                                                max_moves=choice.max_moves),
                                split=SplitParams(reject_solo_path=choice.reject_solo_path),
                                mode=choice.mode, render=choice.render, replicate=choice.replicate)
            setup = GameSetup.create(config)
            partner = "b" if choice.seat == "a" else "a"
            specs = {choice.seat: parse_seat("human", {}), partner: parse_seat(choice.partner, self.config.aliases, self.api_base)}
            queue: asyncio.Queue[str] = asyncio.Queue()
            options = self.options(choice.player, queue)
            if specs[partner].kind == "llm":
                await self.warm_up_litellm()
            session = GameSession.new(self.store, setup, specs, options)
        except (ValueError, SeatSpecError, MazeplayError) as error:
            self.notify(str(error), severity="error", timeout=8)
            if not self.screen_stack or len(self.screen_stack) <= 1:
                self.push_screen(SetupScreen(choice))
            return
        self.switch_or_push(PlayScreen(session, choice.seat, queue))

    async def warm_up_litellm(self) -> None:
        """Import litellm in a thread (seconds, once) so that checking a model's key never freezes the UI."""
        from mazeplay.seats.llm import load_litellm

        if "litellm" in sys.modules:
            return
        self.notify("Loading the model client…", timeout=3)
        await asyncio.to_thread(load_litellm)

    def resume_session(self, session: GameSession) -> None:
        human = next(seat for seat, spec in session.specs.items() if spec.kind == "human")
        queue: asyncio.Queue[str] = asyncio.Queue()
        session.options.human_source = queue_source(queue)
        self.switch_or_push(PlayScreen(session, human, queue))

    def switch_or_push(self, screen: Screen) -> None:
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_result(self, outcome: Outcome) -> None:
        human = next((s.human_seat for s in reversed(self.screen_stack) if isinstance(s, PlayScreen)), None)
        self.switch_or_push(ResultScreen(outcome, human))

    def screenshot_folder(self) -> Path:
        """Screenshots go beside the saves (the data folder), which exists, rather than ~/Downloads, which may not."""
        from mazeplay.store.db import resolve_path

        folder = resolve_path(self.db_path).resolve().parent / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """The palette's Screenshot: saved under the data folder; Textual's notice says where."""
        try:
            path = path or str(self.screenshot_folder())
        except OSError as error:
            self.notify(f"Cannot save a screenshot: {error}", severity="error")
            return None
        return super().deliver_screenshot(filename, path, time_format)

    # -- actions and the command palette ----------------------------------------------------------
    async def action_quit(self) -> None:
        """ctrl+q (Textual's own quit, which runs before any screen's binding) and the palette's Quit:
        a game in progress is saved and its resume line printed, as with F10."""
        for screen in reversed(self.screen_stack):
            if callable(getattr(screen, "save_and_quit", None)) and getattr(screen, "session", None) is not None \
                    and not getattr(screen, "closed", False):
                screen.save_and_quit()
                return
        self.exit()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            session = getattr(self.screen, "session", None)  # the game on screen, else the one being set up
            setup = getattr(session, "setup", None)
            self.push_screen(HelpScreen(setup.config.max_turns if setup is not None else self.choice.max_turns))

    def action_toggle_bell(self) -> None:
        self.bell_on_turn = not self.bell_on_turn
        self.notify("The bell rings when it is your turn." if self.bell_on_turn else "No bell on your turn.")

    def action_new_game(self) -> None:
        """The setup screen; from a game in progress only once the person says so (it stays saved)."""
        game = self.game_in_progress()
        if game is None:
            self.switch_or_push(SetupScreen(self.choice))
            return
        game_id = game.session.game_id

        def leave(yes: bool | None) -> None:
            if yes and not game.closed:
                game.workers.cancel_group(game, "game")
                self.notify(f"Game {game_id} is saved: mazeplay resume {game_id}", timeout=10)
                self.switch_or_push(SetupScreen(self.choice))

        self.push_screen(ConfirmDialog("Leave this game?", f"Game {game_id} is not over. It is saved and "
                                       f"mazeplay resume {game_id} continues it later.", yes="Leave", no="Stay"),
                         leave)

    def game_in_progress(self) -> SessionScreen | None:
        """The play or watch screen of a game not yet over, if one is open."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, SessionScreen) and not screen.closed:
                return screen
        return None

    def action_replay(self) -> None:
        from mazeplay.tui.screens.replay import ReplayBrowser

        self.switch_or_push(ReplayBrowser())

    @work(exclusive=True, group="start-game")
    async def action_resume_latest(self) -> None:
        games = [g for g in self.store.list_games() if g["status"] in ("interrupted", "playing")
                 and "human" in (g["seat_a"].get("kind"), g["seat_b"].get("kind"))]
        if not games:
            self.notify("No interrupted game with a human seat to resume.")
            return
        try:
            if "llm" in (games[0]["seat_a"].get("kind"), games[0]["seat_b"].get("kind")):
                await self.warm_up_litellm()
            self.resume_session(GameSession.load(self.store, games[0]["id"], self.options(None)))
        except (ValueError, MazeplayError) as error:
            self.notify(str(error), severity="error")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Choose seat, partner, maze and mode", self.action_new_game)
        yield SystemCommand("Resume game", "Continue the latest interrupted game", self.action_resume_latest)
        yield SystemCommand("Replay saved games", "Browse and replay saved games", self.action_replay)
        yield SystemCommand("Help", "Rules, the notepad and what the bot understands", self.action_help)
        yield SystemCommand("Bell on your turn", "Ring the terminal bell when it is your turn (on/off; F3 while playing)",
                            self.action_toggle_bell)
        for name, help_text, callback in getattr(screen, "palette_commands", lambda: [])():
            yield SystemCommand(name, help_text, callback)
