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
        seat_keys={seat: getattr(args, f"{seat}_api_key") for seat in ("a", "b") if getattr(args, f"{seat}_api_key", None)},
        stream=_stream(args, config),
    )


def _stream(args: argparse.Namespace, config) -> bool | None:
    """--stream/--no-stream, else [llm] stream, else None (the TUI streams, a batch run does not)."""
    flag = getattr(args, "stream", None)
    return flag if flag is not None else config.llm_stream


def _seat_specs(args: argparse.Namespace, config, names: dict[str, str]) -> dict:
    """Both seats' specs with their own endpoints: a per-seat flag, else the model's [models.NAME]
    table, else --api-base. One --api-base (or --api-key) for two models of different providers is
    refused rather than sending one provider's request, or key, to the other."""
    from dataclasses import replace

    from mazeplay.seats.registry import parse_seat, provider

    specs = {seat: parse_seat(names[seat], config.aliases, args.api_base, config.models) for seat in ("a", "b")}
    for seat in ("a", "b"):
        if getattr(args, f"{seat}_api_base", None):
            specs[seat] = replace(specs[seat], api_base=getattr(args, f"{seat}_api_base"))
    shared = {seat: spec for seat, spec in specs.items() if spec.kind == "llm"}
    if len(shared) == 2 and len({provider(spec) for spec in shared.values()}) == 2:
        if args.api_base and all(spec.api_base == args.api_base for spec in shared.values()):
            raise ValueError(f"--api-base would send both {shared['a'].name} and {shared['b'].name} to {args.api_base}; "
                             "give it to one seat with --a-api-base or --b-api-base")
        if args.api_key and not (getattr(args, "a_api_key", None) or getattr(args, "b_api_key", None)):
            raise ValueError(f"--api-key would go to both {shared['a'].name} and {shared['b'].name}; "
                             "give it to one seat with --a-api-key or --b-api-key")
    return specs


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
    from mazeplay.store import GameStore, open_db

    with user_errors():
        config, options = _seat_options(args)
        specs = _seat_specs(args, config, seat_specs)
        setup = _setup(args)
        store = GameStore(open_db(args.db))
        with _stops():
            outcome = run_new(store, setup, specs, options, _printer(args))
    _finish(args, outcome)


@contextmanager
def _stops() -> Iterator[None]:
    """A person stopping a line-mode game (Ctrl-C, Ctrl-D) gets the resume line, not an error."""
    from mazeplay.headless import GameStopped
    from mazeplay.seats.human import leave_if_reading

    try:
        yield
    except GameStopped as stop:
        print(f"\n{stop}", file=sys.stderr)
        leave_if_reading(stop.exit_code)
        raise SystemExit(stop.exit_code) from None


def cmd_resume(args: argparse.Namespace) -> None:
    from mazeplay.game.solo import SOLO_KINDS
    from mazeplay.headless import GameSession, print_json, resume, resume_solo
    from mazeplay.store import GameStore, open_db

    with user_errors():
        _, options = _seat_options(args)
        store = GameStore(open_db(args.db, must_exist=True))
        saved = store.load_game(args.game_id)
        if saved.kind in SOLO_KINDS and saved.status != "finished":
            result = resume_solo(store, saved, options, None if args.json else sys.stderr, args.api_base)
            if args.json:
                print_json(result)
            else:
                print(f"{'SUCCESS' if result['success'] else 'FAILURE'} in game {args.game_id} ({saved.kind}): "
                      f"weighted outcome {result['weighted_outcome']:.2f}")
            return
        session = GameSession.load(store, args.game_id, options, api_base=args.api_base)
        if session.has_human and not args.json and not args.line:
            from mazeplay.tui.app import MazeplayApp

            _run_app(MazeplayApp(db=args.db, session=session, api_key=args.api_key, api_base=args.api_base))
            return
        with _stops():
            outcome = resume(store, args.game_id, options, _printer(args), api_base=args.api_base)
    _finish(args, outcome)


def _run_app(app) -> None:
    app.run()
    if app.return_code:
        raise SystemExit(app.return_code)


def cmd_watch(args: argparse.Namespace) -> None:
    from mazeplay.headless import GameSession
    from mazeplay.store import GameStore, open_db
    from mazeplay.tui.app import MazeplayApp
    from mazeplay.tui.screens.setup import MAX_SHOWN_SIZE
    from mazeplay.tui.screens.watch import WatchScreen

    with user_errors():
        config, options = _seat_options(args)
        specs = _seat_specs(args, config, {"a": args.a, "b": args.b})
        if any(spec.kind == "human" for spec in specs.values()):
            raise ValueError("watch is for two non-human seats; to play, run mazeplay --seat a --partner SEAT")
        setup = _setup(args)
        if setup.maze.size > MAX_SHOWN_SIZE:
            raise ValueError(_too_large(setup.maze.size, "mazeplay run --a SEAT --b SEAT"))
        session = GameSession.new(GameStore(open_db(args.db)), setup, specs, options)
    _run_app(MazeplayApp(db=args.db, screen_factory=lambda app: WatchScreen(session, paused=args.paused)))


def _too_large(size: int, instead: str) -> str:
    from mazeplay.tui.screens.setup import MAX_SHOWN_SIZE

    return (f"--size {size}: the game screen shows mazes up to {MAX_SHOWN_SIZE}×{MAX_SHOWN_SIZE} "
            f"(an 80×24 terminal); for larger mazes use {instead}")


def cmd_replay(args: argparse.Namespace) -> None:
    from mazeplay.store import GameStore, open_db
    from mazeplay.tui.app import MazeplayApp
    from mazeplay.tui.screens.replay import ReplayBrowser, ReplayScreen

    with user_errors():
        store = GameStore(open_db(args.db, must_exist=True))
        saved = store.load_game(args.game_id) if args.game_id else None
    _run_app(MazeplayApp(db=args.db, screen_factory=lambda app: ReplayScreen(saved) if saved else ReplayBrowser()))


def cmd_play(args: argparse.Namespace, fresh: bool) -> None:
    """The full-screen game: the setup screen, or straight into play when options were given."""
    from mazeplay.tui.app import MazeplayApp
    from mazeplay.tui.screens.setup import MAX_SHOWN_SIZE, GameChoice

    with user_errors():
        if args.seed is None and args.maze_set:
            raise ValueError("--maze-set is for mazeplay run; in the game, choose a --seed")
        if args.size > MAX_SHOWN_SIZE:
            raise ValueError(_too_large(args.size, "mazeplay run --a human --b SEAT (line mode)"))
        choice = GameChoice(seat=args.seat, partner=args.partner, seed=args.seed, size=args.size,
                            density=args.density, mode=args.mode, render=args.render, player=args.player,
                            first=args.first, max_turns=args.max_turns, split_seed=args.split_seed,
                            min_moves=args.min_moves, max_moves=args.max_moves, reject_solo_path=args.reject_solo_path,
                            replicate=args.replicate, timeout=args.timeout)
        app = MazeplayApp(db=args.db, start="setup" if fresh else "play", choice=choice,
                          api_key=args.api_key, api_base=args.api_base, stream=args.stream)
    _run_app(app)


def cmd_grade(args: argparse.Namespace) -> None:
    import asyncio

    from mazeplay.judge.judges import grade_messages
    from mazeplay.judge.transcripts import read_transcript

    with user_errors():
        try:
            with open(args.file, encoding="utf-8") as handle:
                data = json.load(handle)
        except OSError as exc:
            raise ValueError(f"cannot read {args.file}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise ValueError(f"{args.file} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
        maze, messages, first = read_transcript(data)
        grade = asyncio.run(grade_messages(maze, messages, first, args.judge, args.api_base, args.api_key, args.timeout))
    if args.json:
        print(json.dumps({**grade.summary(), "diagnostics": grade.diagnostics, "readings": grade.readings}))
    else:
        _print_grade(grade)


def _print_grade(grade, label: str = "") -> None:
    verdict = "SUCCESS" if grade.success else "FAILURE"
    route = " ".join(f"({r},{c})" for r, c in grade.route)
    print(f"{label}{verdict} weighted outcome {grade.weighted_outcome:.2f} by {grade.judge}, read as {grade.scheme}")
    print(f"  route (row, col from the top-left): {route}")
    if grade.ambiguous:
        print("  ambiguous: " + "; ".join(grade.reasons))


def cmd_regrade(args: argparse.Namespace) -> None:
    import asyncio

    from mazeplay.judge.judges import grade_messages
    from mazeplay.store import GameStore, open_db

    with user_errors():
        if bool(args.all) == bool(args.game_id):
            raise ValueError("give either a GAME_ID or --all")
        store = GameStore(open_db(args.db, must_exist=True))
        ids = store.finished_game_ids() if args.all else [args.game_id]
        for game_id in ids:
            saved = store.load_game(game_id)
            if saved.status != "finished":
                raise ValueError(f"game {game_id} is not finished (resume it first)")
            messages = [(t.seat, t.text) for t in saved.turns]
            tokens = [(t.reply.usage or {}).get("completion_tokens") for t in saved.turns]
            grade = asyncio.run(grade_messages(saved.setup.maze, messages, saved.setup.config.first, args.judge,
                                               args.api_base, args.api_key, args.timeout, tokens))
            store.save_grade(game_id, grade.judge, grade.to_dict())
            if args.json:
                print(json.dumps({"game_id": game_id, **grade.summary()}))
            else:
                _print_grade(grade, f"game {game_id}: ")


def cmd_audit(args: argparse.Namespace) -> None:
    from mazeplay.judge.audit import audit_store
    from mazeplay.store import GameStore, open_db

    with user_errors():
        report = audit_store(GameStore(open_db(args.db, must_exist=True)))
    if args.json:
        print(json.dumps(report))
        return
    print(f"{'judge':28s} {'games':>6s} {'exact route':>12s} {'success agr.':>13s} {'|Δ outcome|':>12s}   (live games, engine = truth)")
    for row in report["accuracy"]:
        print(f"{row['judge']:28s} {row['games']:6d} {row['exact_route']:12.1%} {row['success_agreement']:13.1%} {row['mean_abs_outcome_error']:12.3f}")
    agreement = report["agreement"]
    if agreement["games"]:
        print(f"agreement of {', '.join(agreement['judges'])} on {agreement['games']} games: ICC(2,1) {agreement['icc']:.3f}, "
              f"{agreement['kappa_name']} {agreement['kappa']:.3f}")
    else:
        print("agreement: no games graded by two or more judges (see mazeplay regrade --judge)")
    _print_disagreements("live games where a rule grader and the engine disagree", report["engine_disagreements"], args.limit)
    _print_disagreements("games where the rule and LLM graders disagree", report["llm_disagreements"], args.limit)


def _print_disagreements(title: str, rows: list[dict], limit: int) -> None:
    print(f"{title}: {len(rows) or 'none'}")
    for row in rows[:limit]:
        ref, judge = row[row["reference"]], row[row["judge"]]
        part = f", routes part at move {row['routes_part_at_move']}" if row["routes_part_at_move"] is not None else ""
        doubt = f" (ambiguous: {'; '.join(judge['reasons'])})" if judge["ambiguous"] else ""
        print(f"  game {row['game_id']}: {row['reference']} {_verdict(ref)} · {row['judge']} {_verdict(judge)}{part}{doubt}")
    if len(rows) > limit:
        print(f"  … and {len(rows) - limit} more (--limit N, or --json for all)")


def _verdict(outcome: dict) -> str:
    return f"{'success' if outcome['success'] else 'failure'} {outcome['weighted_outcome']:.2f} in {outcome['moves']} moves"


def _plan_from_flags(args: argparse.Namespace):
    from mazeplay.bench.plan import plan_from_dict

    if not args.condition:
        raise ValueError("give a CONFIG.toml, or --condition with its models")
    condition: dict = {"type": args.condition}
    if args.condition == "relay":
        condition.update(strong=args.strong, weak=args.weak, k=[int(k) for k in args.k.split(",") if k.strip()])
    else:
        condition["models"] = [m.strip() for m in (args.models or "").split(",") if m.strip()]
    data: dict = {"conditions": [condition]}
    data["name"] = args.name or "-".join([args.condition, *(condition.get("models") or [args.strong or "", args.weak or ""])])
    return plan_from_dict(data)


def cmd_bench(args: argparse.Namespace) -> None:
    import asyncio

    from mazeplay.bench.plan import load_plan
    from mazeplay.bench.runner import BenchRunner
    from mazeplay.seats.registry import SeatOptions
    from mazeplay.store import GameStore, open_db

    with user_errors():
        plan = load_plan(args.config) if args.config else _plan_from_flags(args)
        for name in ("mazes", "rollouts", "mode", "maze_set", "max_turns", "concurrency"):
            if getattr(args, name, None) is not None:
                setattr(plan, name, getattr(args, name))
        config = load_config()
        options = SeatOptions(api_key=args.api_key, timeout=args.timeout or config.llm_timeout,
                              max_retries=config.llm_max_retries, stream=_stream(args, config))
        store = GameStore(open_db(":memory:" if args.dry_run else args.db))  # a dry run leaves no file behind
        runner = BenchRunner(store, plan, options, config.aliases, args.api_base, models=config.models,
                             out=sys.stderr, max_cost=args.max_cost,  # today's stderr, not the one at import
                             new_run=args.new_run)
        if args.dry_run:
            _dry_run(runner, args)
            return
        from mazeplay.bench.progress import live_progress

        runner.check(plan.jobs())  # refusals (unknown seats, keys, a run's other settings) before the bar shows
        runner.claim_name(args.new_run)
        with live_progress(sys.stderr, lambda: runner.plan.name) as update:
            runner.on_progress = update
            progress = asyncio.run(runner.run())
    print(json.dumps({"run": plan.name, **progress.to_dict()}))
    if progress.errors:
        print(f"mazeplay: {progress.errors} games failed and are saved; run the same command again to resume them",
              file=sys.stderr)


def _dry_run(runner, args: argparse.Namespace) -> None:
    from mazeplay.bench.estimate import estimate, render_estimate
    from mazeplay.bench.runner import prices_of

    data = estimate(runner.plan, runner.spec, runner.setup, prices_of, args.tokens_per_message)
    print(json.dumps(data) if args.json else render_estimate(data), end="\n" if args.json else "")


def cmd_report(args: argparse.Namespace) -> None:
    from mazeplay.bench.report import build_report, render_json, render_markdown, render_table
    from mazeplay.store import GameStore, open_db

    if args.study:
        _study_report(args)
        return
    with user_errors():
        store = GameStore(open_db(args.db, must_exist=True))
        names, games = _runs_games(store, args.run)
        name = " + ".join(names)
        report = {"runs": names,
                  **build_report(games, store.run_games_with_humans(), exclude_ambiguous=args.exclude_ambiguous)}
        if args.plots:
            from mazeplay.bench.figures import write_figures

            for path in write_figures(report, args.plots):
                print(f"wrote {path}", file=sys.stderr)
    title = f"Run {name}" if len(args.run) < 2 else f"Runs {name}"
    if args.format == "json":
        print(render_json(report))
    elif args.format == "markdown":
        print(render_markdown(report, title))
    else:
        print(render_table(report, title))


def _runs_games(store, names: list[str]) -> tuple[list[str], list[dict]]:
    """The games of one run (the latest by default) or of several together. A condition label that
    several runs share gets the run's name, so games played under different settings never pool."""
    ids = [store.run_id(name) for name in names] if names else [store.run_id(None)]
    if len(set(ids)) < len(ids):
        raise ValueError("a run is named twice")
    runs = [(store.db["runs"].get(run_id)["name"], store.run_games(run_id)) for run_id in ids]
    seen: dict[str, int] = {}
    for _, games in runs:
        for label in {g["condition"] for g in games}:
            seen[label] = seen.get(label, 0) + 1
    combined = []
    for name, games in runs:
        combined += [{**g, "condition": f"{g['condition']} [{name}]"} if seen[g["condition"]] > 1 else g for g in games]
    return [name for name, _ in runs], combined


def _study_report(args: argparse.Namespace) -> None:
    from mazeplay.store import GameStore, open_db
    from mazeplay.study.report import build_study_report, render_study_json, render_study_markdown

    with user_errors():
        if args.run:
            raise ValueError("give either a run name or --study, not both")
        store = GameStore(open_db(args.db, must_exist=True))
        report = build_study_report(store, args.study, exclude_ambiguous=args.exclude_ambiguous)
        if args.plots:
            from mazeplay.bench.figures import write_study_figures

            for path in write_study_figures(report, args.plots, args.study):
                print(f"wrote {path}", file=sys.stderr)
    print(render_study_json(report) if args.format == "json" else render_study_markdown(report))


def cmd_export(args: argparse.Namespace) -> None:
    from pathlib import Path

    from mazeplay import __version__
    from mazeplay.store import GameStore, open_db
    from mazeplay.store.exports import CARD_MARK, chat_rows, dataset_card, dump_lines, game_rows

    with user_errors():
        store = GameStore(open_db(args.db, must_exist=True))
        run_id = store.run_id(args.run) if args.run else None
        rows = game_rows(store, run_id) if args.format == "jsonl" else chat_rows(store, run_id)
        skipped: list[int] | None = [] if args.skip_secrets else None
        lines = list(dump_lines(rows, skipped))  # every row checked before anything is written
        if skipped:
            print(f"left out {len(skipped)} game(s) holding something shaped like a secret: "
                  f"{', '.join(map(str, skipped[:50]))}{' …' if len(skipped) > 50 else ''}", file=sys.stderr)
        if args.out:
            out = Path(args.out)
            out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
            card = out.with_name("README.md")
            existing = card.read_text(encoding="utf-8") if card.is_file() else None
            if existing is not None and CARD_MARK not in existing:  # someone else's README: never overwrite it
                card = out.with_name(out.stem + ".card.md")
                existing = None
            card.write_text(dataset_card(out.name, args.format, __version__, args.license, existing), encoding="utf-8")
            print(f"wrote {len(lines)} rows to {out} and the dataset card {card}", file=sys.stderr)
        else:
            for line in lines:
                print(line)


__all__ = ["cmd_bench", "cmd_report", "cmd_export", "UserError", "cmd_mazes", "cmd_run", "cmd_resume", "cmd_play", "cmd_watch", "cmd_replay", "cmd_grade", "cmd_regrade", "cmd_audit"]
