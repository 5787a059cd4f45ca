"""What the play and watch screens share: a GameSession played in a worker, a retry/quit dialog when
a partner fails (the game is saved either way), and saving on quit."""

from __future__ import annotations

from textual import work
from textual.screen import Screen

from mazeplay.errors import MazeplayError
from mazeplay.headless import GameSession
from mazeplay.tui.screens.dialogs import ErrorDialog


class SessionScreen(Screen):
    closed = False  # set once the screen goes away; observer callbacks then do nothing

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def on_unmount(self) -> None:
        self.closed = True

    def seat_wrapper(self):
        """A `wrap(seat, inner)` for the session's seats, or None."""
        return None

    def on_failure(self) -> None:
        """Hook: tidy the screen's status before the dialog opens."""

    @work(exclusive=True, group="game")
    async def run_game(self) -> None:
        try:
            outcome = await self.session.play(observer=self, wrap=self.seat_wrapper())
        except (MazeplayError, ValueError) as error:  # partner failure: saved, can be retried
            message = str(error)
        except Exception as error:  # never let a worker error end the app: the game is saved anyway
            message = f"unexpected error: {error}"
        else:
            self.app.show_result(outcome)
            return
        self.on_failure()
        self.app.push_screen(ErrorDialog(message), self._after_error)

    def _after_error(self, retry: bool | None) -> None:
        handler = getattr(self.app, "after_game_error", None)
        if handler is not None:  # a study decides what comes next
            handler(self.session, bool(retry))
            return
        if retry:
            self.session = GameSession.load(self.session.store, self.session.game_id, self.session.options)
            self.run_game()
        else:
            self.save_and_quit()

    def save_and_quit(self) -> None:
        self.workers.cancel_group(self, "game")
        self.app.exit(message=f"Game {self.session.game_id} is saved: mazeplay resume {self.session.game_id}")
