"""What the play and watch screens share: a GameSession played in a worker, a model's reply shown as it
is written and its retries as they happen, a retry/quit dialog when a partner fails (the game is saved
either way), and saving on quit."""

from __future__ import annotations

from textual import work
from textual.css.query import NoMatches
from textual.screen import Screen

from mazeplay.errors import MazeplayError
from mazeplay.game.turns import SeatProgress
from mazeplay.headless import GameSession
from mazeplay.tui.screens.dialogs import ErrorDialog
from mazeplay.tui.widgets.transcript import Transcript


class SessionScreen(Screen):
    closed = False  # set once the screen goes away; observer callbacks then do nothing
    retry_note: str | None = None  # "attempt 2/5 (connection error)" while a partner's call is being retried

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

    def speaker(self, seat: str) -> str:
        """How the transcript names a seat."""
        return f"Seat {seat}"

    def progress(self, event: SeatProgress) -> None:
        """Observer: a reply under way. Its text so far is shown in the transcript; a failed attempt is
        announced there (what failed, where, when the next one starts) and noted for the status line."""
        if self.closed:
            return
        try:
            transcript = self.query_one(Transcript)
        except NoMatches:  # not composed yet, or already gone
            return
        if event.problem:
            self.retry_note = f"attempt {event.attempt}/{event.attempts} ({event.problem.split(':', 1)[0]})"
            wait = f" in {event.retry_in:.0f} s" if event.retry_in else ""
            transcript.show_partial(self.speaker(event.seat), "")
            transcript.add_notice(f"{self.speaker(event.seat)}: {event.problem}. "
                                  f"Attempt {event.attempt} of {event.attempts}{wait}.")
            self.refresh_status()
            return
        transcript.show_partial(self.speaker(event.seat), event.text, turn=event.turn_index + 1)

    def refresh_status(self) -> None:
        """Hook: redraw the status line (with `retry_note`)."""

    @work(exclusive=True, group="game")
    async def run_game(self) -> None:
        options = getattr(self.session, "options", None)  # a guest in someone else's game has none
        if options is not None and options.stream is None:  # on screen, model replies appear as written
            options.stream = True
        try:
            outcome = await self.session.play(observer=self, wrap=self.seat_wrapper())
        except (MazeplayError, ValueError) as error:  # partner failure: saved, can be retried
            message = str(error)
        except Exception as error:  # never let a worker error end the app: the game is saved anyway
            message = f"unexpected error: {error}"
        else:
            self.app.show_result(outcome)
            return
        self.retry_note = None
        for transcript in self.query(Transcript):  # a reply cut off by the failure is not a message
            transcript.show_partial("", "")
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
