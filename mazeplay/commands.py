"""What each CLI verb does, kept apart from argument parsing. Errors a user can cause become
`UserError` (one line, exit code 2); nothing here prints a traceback for bad input."""

from __future__ import annotations

import argparse
import json
import random
import sys
from contextlib import contextmanager
from typing import Iterator

from mazeplay.config import load_config
from mazeplay.engine import MazeParams, SplitParams
from mazeplay.errors import MazeplayError


class UserError(RuntimeError):
    """A problem the user can fix; printed as one line."""


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn errors the user can act on into UserError; anything else is a bug and keeps its traceback."""
    try:
        yield
    except (ValueError, MazeplayError) as exc:
        raise UserError(str(exc)) from None


def maze_params(args: argparse.Namespace) -> MazeParams:
    return MazeParams(size=args.size, density=args.density, min_moves=args.min_moves, max_moves=args.max_moves)


def cmd_mazes(args: argparse.Namespace) -> None:
    from mazeplay.game.mazesets import generate_records

    with user_errors():
        split = SplitParams(reject_solo_path=args.reject_solo_path)
        records = generate_records(args.count, args.seed, maze_params(args), split)
    for record in records:
        if args.json:
            print(json.dumps(record))
            continue
        print(f"seed {record['seed']}: {record['size']}×{record['size']}, shortest path {record['shortest_path']} moves")
        for full, a, b in zip(record["grid"], record["view_a"], record["view_b"]):
            print(f"  {full}   {a}   {b}")
        width = record["size"]
        print("  " + "   ".join(label.ljust(width) for label in ("maze", "view a", "view b")))
        print()


def _setup(args: argparse.Namespace):
    from mazeplay.game.mazesets import load_set, record_maze
    from mazeplay.game.setup import GameConfig, GameSetup

    seed = args.seed if args.seed is not None else random.randrange(2**31)
    split = SplitParams(reject_solo_path=args.reject_solo_path)
    if args.maze_set:
        records = load_set(args.maze_set)
        if args.index >= len(records):
            raise ValueError(f"maze set {args.maze_set} has {len(records)} mazes; --index {args.index} is out of range")
        record = records[args.index]
        config = GameConfig(
            seed=record["seed"], split_seed=record["split_seed"], maze=MazeParams(size=record["size"], density=record["density"]),
            split=split, mode=args.mode, first=args.first, max_turns=args.max_turns, render=args.render,
            replicate=args.replicate,
        )
        maze, views = record_maze(record)
        return GameSetup(config, maze, views, f"{args.maze_set}#{args.index}")
    config = GameConfig(
        seed=seed, split_seed=args.split_seed, maze=maze_params(args), split=split, mode=args.mode,
        first=args.first, max_turns=args.max_turns, render=args.render, replicate=args.replicate,
    )
    return GameSetup.create(config)


def _seat_options(args: argparse.Namespace):
    from mazeplay.seats.registry import SeatOptions

    config = load_config()
    return config, SeatOptions(
        api_key=args.api_key,
        timeout=args.timeout or config.llm_timeout,
        max_retries=config.llm_max_retries,
        player=args.player,
    )


def _printer(args: argparse.Namespace):
    from mazeplay.headless import TranscriptPrinter

    return TranscriptPrinter(sys.stderr if args.json else sys.stdout)


def _finish(args: argparse.Namespace, outcome) -> None:
    from mazeplay.headless import print_json

    if args.json:
        print_json(outcome.to_dict())
    else:
        _printer(args).result(outcome)


def cmd_run(args: argparse.Namespace, seat_specs: dict[str, str]) -> None:
    from mazeplay.headless import run_new
    from mazeplay.seats.registry import parse_seat
    from mazeplay.store import GameStore, open_db

    with user_errors():
        config, options = _seat_options(args)
        specs = {seat: parse_seat(seat_specs[seat], config.aliases, args.api_base) for seat in ("a", "b")}
        setup = _setup(args)
        store = GameStore(open_db(args.db))
        outcome = run_new(store, setup, specs, options, _printer(args))
    _finish(args, outcome)


def cmd_resume(args: argparse.Namespace) -> None:
    from mazeplay.headless import resume
    from mazeplay.store import GameStore, open_db

    with user_errors():
        _, options = _seat_options(args)
        store = GameStore(open_db(args.db))
        outcome = resume(store, args.game_id, options, _printer(args))
    _finish(args, outcome)


__all__ = ["UserError", "cmd_mazes", "cmd_run", "cmd_resume"]
