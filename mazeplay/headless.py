"""Headless games: play, save every turn, score, and print — the engine room of `mazeplay run`,
`mazeplay resume` and plain terminal play. Uses the one turn loop in `mazeplay.game.loop`."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from dataclasses import dataclass
from typing import TextIO

from mazeplay.errors import MazeplayError
from mazeplay.game.loop import GameState, SeatError, play
from mazeplay.game.plumbing import task_text
from mazeplay.game.prompts import load_prompts
from mazeplay.game.setup import GameSetup
from mazeplay.game.turns import Turn
from mazeplay.judge.score import Grade, grade_game
from mazeplay.seats.registry import SeatOptions, SeatSpec, check_specs, open_seats
from mazeplay.store import GameStore

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")


def printable(text: str) -> str:
    """Message text with control characters (ANSI escapes included) made visible, not obeyed."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


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


def seat_record(spec: SeatSpec, seat: object) -> dict:
    return {**spec.describe(), "params": seat.describe()}  # type: ignore[attr-defined]


def spec_from_record(record: dict) -> SeatSpec:
    return SeatSpec(kind=record["kind"], name=record["name"], api_base=record.get("api_base"))


class TranscriptPrinter:
    """Prints turns as they happen; to stderr when stdout carries JSON."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def turn(self, turn: Turn, max_turns: int) -> None:
        text = printable(turn.text).replace("\n", "\n      ")
        print(f"[{turn.index + 1}/{max_turns}] {turn.seat.upper()}: {text}", file=self.out)
        if turn.notice:
            print(f"      {turn.notice}", file=self.out)
        self.out.flush()

    def intro_for_human(self, setup: GameSetup, seat: str) -> None:
        print(f"You are seat {seat}. This is exactly what an AI in your seat is told:\n", file=self.out)
        print(task_text(setup, seat, load_prompts(setup.config.prompt_version)), file=self.out)
        print("\nType your message and press Enter. Ctrl-D stops (the game is saved).\n", file=self.out)

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


async def drive(
    store: GameStore, game_id: int, state: GameState, seats: dict, printer: TranscriptPrinter | None
) -> Outcome:
    """Play to the end, committing each turn before the next request; score and save the grade."""

    def save(turn: Turn) -> None:
        store.add_turn(game_id, turn)
        if printer:
            printer.turn(turn, state.setup.config.max_turns)

    try:
        await play(state, seats, on_turn=save)
    except SeatError as exc:
        store.set_status(game_id, "interrupted", error=str(exc))
        raise GameInterrupted(game_id, str(exc)) from None
    except (KeyboardInterrupt, asyncio.CancelledError):
        store.set_status(game_id, "interrupted", error="interrupted by the user")
        raise GameInterrupted(game_id, "interrupted") from None
    finally:
        for seat in seats.values():
            await seat.close()
    grades = grade_game(state)
    for grade in grades:
        store.save_grade(game_id, grade.judge, grade.to_dict())
    score = grades[0]
    store.set_status(game_id, "finished", ending=state.ending)
    return Outcome(game_id, state, score)


def run_new(
    store: GameStore,
    setup: GameSetup,
    specs: dict[str, SeatSpec],
    options: SeatOptions,
    printer: TranscriptPrinter | None,
) -> Outcome:
    check_specs(specs, options)
    with open_seats(specs, options) as seats:
        records = {seat: seat_record(specs[seat], seats[seat]) for seat in ("a", "b")}
        game_id = store.create_game(setup, records, player=options.player)
        if printer:
            print(f"game {game_id}: {setup.config.mode} mode, seat a = {specs['a'].name}, seat b = {specs['b'].name}", file=printer.out)
            for seat, spec in specs.items():
                if spec.kind == "human":
                    printer.intro_for_human(setup, seat)
        state = GameState.start(setup)
        return asyncio.run(drive(store, game_id, state, seats, printer))


def resume(store: GameStore, game_id: int, options: SeatOptions, printer: TranscriptPrinter | None) -> Outcome:
    saved = store.load_game(game_id)
    if saved.status == "finished":
        raise ValueError(f"game {game_id} is already finished")
    specs = {seat: spec_from_record(record) for seat, record in saved.seats.items()}
    options.player = options.player or saved.player
    check_specs(specs, options)
    state = GameState.start(saved.setup, saved.turns)
    with open_seats(specs, options) as seats:
        store.set_status(game_id, "playing")
        if printer:
            print(f"resuming game {game_id} after {len(saved.turns)} turns", file=printer.out)
            for seat, spec in specs.items():
                if spec.kind == "human":
                    printer.intro_for_human(saved.setup, seat)
            for turn in saved.turns:
                printer.turn(turn, saved.setup.config.max_turns)
        return asyncio.run(drive(store, game_id, state, seats, printer))


def print_json(data: dict, out: TextIO = sys.stdout) -> None:
    print(json.dumps(data), file=out)
