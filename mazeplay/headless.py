"""Headless games: play, save every turn, score, and print — the engine room of `mazeplay run`,
`mazeplay resume` and plain terminal play. Uses the one turn loop in `mazeplay.game.loop`."""

from __future__ import annotations

import asyncio
import json
import sys
from dataclasses import dataclass, replace
from typing import Protocol, TextIO

from mazeplay.errors import MazeplayError
from mazeplay.game.loop import GameState, SeatError, play
from mazeplay.game.plumbing import task_text
from mazeplay.game.prompts import load_prompts
from mazeplay.game.setup import GameSetup
from mazeplay.game.solo import SOLO_KINDS, run_solo
from mazeplay.game.turns import SeatProgress, Turn
from mazeplay.judge.score import Grade, grade_game, grade_solo_answer
from mazeplay.seats.registry import SeatOptions, SeatSpec, check_specs, open_seats
from mazeplay.store import GameStore, SavedGame
from mazeplay.text import literal

@dataclass
class Outcome:
    game_id: int
    state: GameState
    score: Grade

    def to_dict(self) -> dict:
        data = {
            "game_id": self.game_id,
            "status": "finished",
            "ending": self.state.ending,
            "turns": len(self.state.turns),
            "mode": self.state.setup.config.mode,
            **self.score.summary(),
            "diagnostics": self.score.diagnostics,
        }
        return data


class GameInterrupted(MazeplayError):
    """The game stopped before its end; it is saved and can be resumed."""

    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__(f"{reason} (game {game_id} is saved; continue it with: mazeplay resume {game_id})")
        self.game_id = game_id


class GameStopped(GameInterrupted):
    """The person stopped a line-mode game (Ctrl-D, or Ctrl-C with exit code 130): said plainly, with
    the line that continues it, not as an error."""

    def __init__(self, game_id: int, exit_code: int = 0, line: bool = True) -> None:
        MazeplayError.__init__(self, f"Game {game_id} is saved: mazeplay resume {game_id}{' --line' if line else ''}")
        self.game_id, self.exit_code = game_id, exit_code


def spec_from_record(record: dict) -> SeatSpec:
    return SeatSpec.from_record(record)


class TranscriptPrinter:
    """Prints turns as they happen; to stderr when stdout carries JSON."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def turn(self, turn: Turn, max_turns: int) -> None:
        text = literal(turn.text).replace("\n", "\n      ")
        print(f"[{turn.index + 1}/{max_turns}] {turn.seat.upper()}: {text}", file=self.out)
        if turn.notice:
            print(f"      {turn.notice.removeprefix('[user]: ')}", file=self.out)  # a notice, not a speaker
        self.out.flush()

    def progress(self, event: SeatProgress) -> None:
        """Retries as they happen (streamed text is not printed: the turn line follows)."""
        if event.problem:
            wait = f" in {event.retry_in:.0f} s" if event.retry_in else ""
            print(f"      (seat {event.seat}: {literal(event.problem)}; attempt {event.attempt} of {event.attempts}{wait})",
                  file=self.out, flush=True)

    def intro_for_human(self, setup: GameSetup, seat: str) -> None:
        print(f"You are seat {seat}. This is exactly what an AI in your seat is told:\n", file=self.out)
        print(task_text(setup, seat, load_prompts(setup.config.prompt_version)), file=self.out)
        print("\nType your message and press Enter. A pasted map stays one message; end a line with \\ to add "
              "another. Ctrl-C or Ctrl-D stops (the game is saved).\n", file=self.out)

    def result(self, outcome: Outcome) -> None:
        s, setup = outcome.score, outcome.state.setup
        print("\nThe whole maze:", file=self.out)
        print("\n".join(setup.maze.rows()), file=self.out)
        verdict = "SUCCESS" if s.success else "FAILURE"
        route = " ".join(f"({r},{c})" for r, c in s.route)
        print(
            f"\n{verdict} in game {outcome.game_id}: ending {outcome.state.ending}, {len(outcome.state.turns)} turns, "
            f"weighted outcome {s.weighted_outcome:.2f}\nroute (row, col from the top-left): {route}",
            file=self.out,
        )
        print(f"graded by {s.judge}, coordinates read as {s.scheme}", file=self.out)
        if s.ambiguous:
            print("ambiguous: " + "; ".join(s.reasons), file=self.out)


class Observer(Protocol):
    """Whoever watches a game: the terminal printer, the TUI."""

    def turn(self, turn: Turn, max_turns: int) -> None: ...

    # optional: asking(seat) when a seat is asked; progress(SeatProgress) while its reply is under way


async def drive(
    store: GameStore, game_id: int, state: GameState, seats: dict, observer: Observer | None
) -> Outcome:
    """Play to the end, committing each turn before the next request; grade and save the grades."""

    def save(turn: Turn) -> None:
        store.add_turn(game_id, turn)
        if observer:
            observer.turn(turn, state.setup.config.max_turns)

    asking, progress = getattr(observer, "asking", None), getattr(observer, "progress", None)
    try:
        await play(state, seats, on_turn=save, on_ask=asking, on_progress=progress)
    except SeatError as exc:
        if getattr(exc, "stopped_by_player", False):  # Ctrl-D in line mode: a way to stop, not an error
            store.set_status(game_id, "interrupted", error="stopped by the player")
            raise GameStopped(game_id) from None
        store.set_status(game_id, "interrupted", error=str(exc))
        raise GameInterrupted(game_id, str(exc)) from None
    except asyncio.CancelledError:  # Ctrl-C under asyncio.run, or a UI closing: keep cancelling
        store.set_status(game_id, "interrupted", error="interrupted by the user")
        raise
    except KeyboardInterrupt:
        store.set_status(game_id, "interrupted", error="interrupted by the user")
        raise GameInterrupted(game_id, "interrupted") from None
    grades = grade_game(state)
    store.finish_game(game_id, [(grade.judge, grade.to_dict()) for grade in grades], state.ending)
    return Outcome(game_id, state, grades[0])


@dataclass
class GameSession:
    """One game with its save row and seat specs: started fresh or loaded to resume. The CLI and the
    TUI both play through it."""

    store: GameStore
    game_id: int
    setup: GameSetup
    specs: dict[str, SeatSpec]
    options: SeatOptions
    turns: list[Turn]

    @classmethod
    def new(
        cls, store: GameStore, setup: GameSetup, specs: dict[str, SeatSpec], options: SeatOptions,
        extra: dict | None = None, turns: list[Turn] | None = None,
    ) -> "GameSession":
        """Save a new game (with batch fields in `extra`, and `turns` already played, as a relay fork has)."""
        check_specs(specs, options)
        records = {seat: seat_record(specs[seat], options) for seat in ("a", "b")}
        game_id = store.create_game(setup, records, player=options.player, extra=extra, turns=turns)
        return cls(store, game_id, setup, specs, options, list(turns or []))

    @classmethod
    def load(cls, store: GameStore, game_id: int, options: SeatOptions, api_base: str | None = None) -> "GameSession":
        """A saved, unfinished game, to play on. `api_base` replaces the model seats' saved endpoint
        (saved without the credentials a URL may carry, so such an endpoint must be given again)."""
        saved = store.load_game(game_id)
        if saved.status == "finished":
            raise ValueError(f"game {game_id} is already finished")
        if saved.kind in SOLO_KINDS:
            raise ValueError(f"game {game_id} is a {saved.kind} answer, not a conversation (resume answers it anew)")
        store.check_free(game_id)
        specs = {seat: with_endpoint(spec_from_record(record), api_base) for seat, record in saved.seats.items()}
        options.player = options.player or saved.player
        check_specs(specs, options)
        return cls(store, game_id, saved.setup, specs, options, saved.turns)

    @property
    def has_human(self) -> bool:
        return any(spec.kind == "human" for spec in self.specs.values())

    async def play(self, observer: Observer | None = None, wrap=None) -> Outcome:
        """Start the seats (a local model server starts in a thread), play on from the saved turns.
        `wrap(seat, inner)` may wrap each seat (a UI pacing a watched game)."""
        with self.store.lease(self.game_id):  # one player per game: a second process is refused in one line
            seats_context = open_seats(self.specs, self.options)
            seats = await asyncio.to_thread(seats_context.__enter__)
            if wrap is not None:
                seats = {seat: wrap(seat, inner) for seat, inner in seats.items()}
            try:
                self.store.set_status(self.game_id, "playing")
                turns = self.store.load_game(self.game_id).turns
                return await drive(self.store, self.game_id, GameState.start(self.setup, turns), seats, observer)
            finally:
                for seat in seats.values():
                    await seat.close()
                await asyncio.to_thread(seats_context.__exit__, None, None, None)


async def answer_solo(store: GameStore, game_id: int, setup: GameSetup, kind: str, spec: SeatSpec,
                      options: SeatOptions) -> Grade:
    """A solo condition's saved game: the answer and its critic step, saved with the grade in one
    transaction. A failed call leaves the game `interrupted` with its error, and no turn: answering
    again (the next bench run, or `mazeplay resume`) starts it over in the same row."""
    with store.lease(game_id):
        store.set_status(game_id, "playing")
        try:
            with open_seats({"a": spec}, options) as seats:
                turns = await run_solo(setup, kind, seats["a"])
        except SeatError as exc:
            store.set_status(game_id, "interrupted", error=str(exc))
            raise GameInterrupted(game_id, str(exc)) from None
        except (asyncio.CancelledError, KeyboardInterrupt):
            store.set_status(game_id, "interrupted", error="interrupted by the user")
            raise
        grade = grade_solo_answer(setup.maze, turns)
        store.finish_game(game_id, [(grade.judge, grade.to_dict())], "answer", turns=turns)
    return grade


def with_endpoint(spec: SeatSpec, api_base: str | None) -> SeatSpec:
    """A model seat sent to `api_base` instead of its saved endpoint (others are left as they are)."""
    return replace(spec, api_base=api_base) if api_base and spec.kind == "llm" else spec


def resume_solo(store: GameStore, saved: SavedGame, options: SeatOptions, out: TextIO | None,
                api_base: str | None = None) -> dict:
    """`mazeplay resume` of an unfinished solo game: answer it anew with the model it names."""
    game_id = saved.id
    spec = with_endpoint(spec_from_record(saved.seats["a"]), api_base)
    check_specs({"a": spec}, options)
    store.check_free(game_id)
    if out is not None:
        print(f"answering {saved.kind} game {game_id} anew with {spec.name}", file=out)
    grade = asyncio.run(answer_solo(store, game_id, saved.setup, saved.kind, spec, options))
    return {"game_id": game_id, "status": "finished", "ending": "answer", "kind": saved.kind, **grade.summary()}


def seat_record(spec: SeatSpec, options: SeatOptions) -> dict:
    """What is saved about a seat: its spec, and the pseudonym or the call parameters (never keys)."""
    record = spec.describe()
    if spec.kind == "human":
        record["player"] = options.player or "anonymous"
    elif spec.kind in ("llm", "local"):
        record["params"] = {"timeout": options.timeout, "max_retries": options.max_retries}
        if spec.kind == "local":
            record["params"]["max_tokens"] = options.local_max_tokens
    return record


def run_new(
    store: GameStore,
    setup: GameSetup,
    specs: dict[str, SeatSpec],
    options: SeatOptions,
    printer: TranscriptPrinter | None,
) -> Outcome:
    session = GameSession.new(store, setup, specs, options)
    if printer:
        print(f"game {session.game_id}: {setup.config.mode} mode, seat a = {specs['a'].name}, seat b = {specs['b'].name}", file=printer.out)
        for seat, spec in specs.items():
            if spec.kind == "human":
                printer.intro_for_human(setup, seat)
    return _play(session, printer)


def _play(session: "GameSession", printer: TranscriptPrinter | None) -> Outcome:
    """Play to the end; Ctrl-C stops at once (not after the next Enter) and names the saved game."""
    try:
        return asyncio.run(session.play(printer))
    except KeyboardInterrupt:
        session.store.set_status(session.game_id, "interrupted", error="interrupted by the user")
        raise GameStopped(session.game_id, 130, line=session.has_human) from None


def resume(store: GameStore, game_id: int, options: SeatOptions, printer: TranscriptPrinter | None,
           api_base: str | None = None) -> Outcome:
    session = GameSession.load(store, game_id, options, api_base=api_base)
    if printer:
        print(f"resuming game {game_id} after {len(session.turns)} turns", file=printer.out)
        for seat, spec in session.specs.items():
            if spec.kind == "human":
                printer.intro_for_human(session.setup, seat)
        for turn in session.turns:
            printer.turn(turn, session.setup.config.max_turns)
    return _play(session, printer)


def print_json(data: dict, out: TextIO | None = None) -> None:
    print(json.dumps(data), file=out or sys.stdout)  # today's stdout, not the one at import
