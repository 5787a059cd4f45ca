"""The CLI verbs of human studies: serve, study (play, status), withdraw and merge."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from mazeplay.commands import UserError, user_errors


def cmd_serve(args: argparse.Namespace) -> None:
    """Serve the game (or a study) to browsers: one game process per connection, on loopback by default."""
    try:
        from mazeplay.served import GameServer
    except ImportError:
        raise UserError("mazeplay serve needs textual-serve: pip install 'mazeplay[serve]'") from None
    from mazeplay.store.db import resolve_path

    with user_errors():
        db = resolve_path(args.db).resolve()
        parts = [sys.executable, "-m", "mazeplay"]
        if args.study:
            from mazeplay.study.spec import load_study

            spec = load_study(args.study)  # a broken study file fails here, not in every browser
            parts += ["study", "play", str(Path(args.study).resolve()), "--db", str(db)]
            title = f"mazeplay — {spec.name}"
        else:
            parts += ["--db", str(db)]
            title = "mazeplay"
        if args.api_base:
            parts += ["--api-base", args.api_base]
    where = "only this machine can connect" if args.host in ("127.0.0.1", "localhost", "::1") else \
        "other machines CAN connect; API keys stay in this server's environment"
    print(f"mazeplay: serving {title} at http://{args.host}:{args.port} ({where}); saves go to {db}", file=sys.stderr)
    server = GameServer(shlex.join(parts), host=args.host, port=args.port, title=title)
    server.serve()


def cmd_study(args: argparse.Namespace) -> None:
    if args.study_command == "play":
        _study_play(args)
    elif args.study_command == "status":
        _study_status(args)
    elif args.study_command == "simulate":
        _study_simulate(args)
    else:
        raise UserError("use: mazeplay study play FILE, study simulate FILE, or study status NAME")


def _study_simulate(args: argparse.Namespace) -> None:
    import asyncio

    from mazeplay.config import load_config
    from mazeplay.seats.registry import BOT_NAMES
    from mazeplay.seats.registry import SeatOptions
    from mazeplay.store import GameStore, open_db
    from mazeplay.study.flow import StudyFlow
    from mazeplay.study.simulate import simulate
    from mazeplay.study.spec import load_study

    with user_errors():
        if args.stand_in not in BOT_NAMES:
            raise ValueError(f"--stand-in must be a bot ({', '.join(BOT_NAMES)})")
        spec = load_study(args.file)
        flow = StudyFlow(spec, GameStore(open_db(args.db)))
        config = load_config()
        ids = asyncio.run(simulate(flow, args.participants, args.stand_in, config.aliases,
                                   SeatOptions(api_key=args.api_key)))
    print(f"simulated {len(ids)} participants in study {spec.name} ({ids[0]} … {ids[-1]}); "
          f"see: mazeplay study status {spec.name}, mazeplay report --study {spec.name}")


def _study_play(args: argparse.Namespace) -> None:
    from mazeplay.commands import _run_app
    from mazeplay.store import GameStore, open_db
    from mazeplay.study.flow import StudyFlow
    from mazeplay.study.spec import load_study
    from mazeplay.tui.study_app import StudyApp

    with user_errors():
        spec = load_study(args.file)
        StudyFlow(spec, GameStore(open_db(args.db)))  # a changed design is refused before the page opens
    import os

    trace = args.trace or os.environ.get("MAZEPLAY_STUDY_TRACE")  # tests of `serve` set it for every process
    _run_app(StudyApp(spec, db=args.db, api_key=args.api_key, api_base=args.api_base, trace=trace))


def _study_status(args: argparse.Namespace) -> None:
    import json

    from mazeplay.store import GameStore, open_db
    from mazeplay.study.status import study_status

    with user_errors():
        store = GameStore(open_db(args.db, must_exist=True))
        status = study_status(store, args.name, stale_minutes=args.stale)
    if args.json:
        print(json.dumps(status, indent=2))
        return
    people = status["participants"]
    print(f"study {status['study']}: {people['total']} participants — {people['completed']} completed, "
          f"{people['active']} in progress, {people['dropped']} dropped out (no activity for {args.stale} min)")
    print(f"{'condition':24s} {'games':>6s} {'solved':>7s} {'median min':>11s} {'fallbacks':>10s}")
    for row in status["conditions"]:
        median = "—" if row["median_minutes"] is None else f"{row['median_minutes']:.1f}"
        print(f"{row['condition']:24s} {row['finished']:6d} {row['solved']:7d} {median:>11s} {row['fallbacks']:10d}")
    print(f"practice games finished: {status['practice_finished']}; unfinished games: {status['unfinished_games']}")


def cmd_withdraw(args: argparse.Namespace) -> None:
    from mazeplay.store import GameStore, open_db
    from mazeplay.store.studies import StudyStore

    with user_errors():
        store = GameStore(open_db(args.db, must_exist=True))
        studies = StudyStore(store.db)
        if studies.participant(args.participant) is None and not store.db.execute(
                "select 1 from games where participant = ? or partner_participant = ? or player = ?",
                [args.participant] * 3).fetchone():
            raise ValueError(f"no participant {args.participant!r} in {args.db or 'the default database'}")
        counts = studies.withdraw(args.participant)
    print(f"withdrew {args.participant}: deleted {counts['games']} games, {counts['turns']} turns, "
          f"{counts['grades']} grades and {counts['answers']} answers")


def cmd_merge(args: argparse.Namespace) -> None:
    from mazeplay.store.merge import merge_databases

    with user_errors():
        summary = merge_databases(args.target, args.sources)
    for line in summary:
        print(line)


__all__ = ["cmd_serve", "cmd_study", "cmd_withdraw", "cmd_merge"]
