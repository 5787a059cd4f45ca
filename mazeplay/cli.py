"""The `mazeplay` command: argument parsing and dispatch only.

Heavy modules (litellm, textual) are imported inside the commands that need them, so `--help`
and the offline commands start fast.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import NoReturn, Sequence

EXAMPLES = """examples:
  mazeplay                                   open the game: choose seat, partner, maze and mode
  mazeplay --seat b --partner claude --mode live
  mazeplay run --a human --b bot             play line by line, without the full-screen game
  mazeplay mazes --count 3 --seed 7 --json   print three mazes as JSON lines
  mazeplay run --a bot --b bot:swap --seed 4 --mode live
  mazeplay run --a claude --b gpt --seed 1 --json
  mazeplay run --a local --b bot --max-turns 6
  mazeplay run --a openai/smollm2 --b bot --api-base http://127.0.0.1:8080/v1
  mazeplay run --a claude --b openai/smollm2 --b-api-base http://127.0.0.1:8080/v1
  mazeplay watch --a bot --b bot:swap --mode live
  mazeplay replay
  mazeplay resume 12
  mazeplay grade transcript.json --judge rule --json
  mazeplay regrade --all --judge openai/gpt-4.1
  mazeplay audit
  mazeplay bench experiments.toml --max-cost 20
  mazeplay bench --condition relay --strong bot --weak bot:terse --mazes 10
  mazeplay report --format markdown --plots plots/
  mazeplay report solo-gpt pair-gpt-gpt      runs on the same mazes together: the collaboration gap
  mazeplay export --format chat --out dialogues.jsonl
  mazeplay serve --study assets/studies/example.toml
  mazeplay study status example-pilot
  mazeplay withdraw P-7KQ2M9XA
  mazeplay merge all.db lab1.db lab2.db
"""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors, exit code 2, and no abbreviations (`--a` is a seat, not `--api-key`)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        fail(message)


def fail(message: str, code: int = 2) -> NoReturn:
    from mazeplay.text import scrub

    print(f"mazeplay: error: {scrub(' '.join(message.split()))}", file=sys.stderr)  # one line, no escapes, no keys
    raise SystemExit(code)


INT_LIMIT = 2**63 - 1  # what SQLite stores and numpy seeds; anything larger is a typo
MAX_SIZE = 40  # mazes past this take minutes to generate and cannot be shown; the paper used 4–8
MAX_TURNS = 10_000


def _integer(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if abs(value) > INT_LIMIT:
        raise argparse.ArgumentTypeError(f"must be below 2^63, got {text[:24]}{'…' if len(text) > 24 else ''}")
    return value


def _positive(text: str) -> int:
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _non_negative(text: str) -> int:
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
    return value


def _at_most(limit: int, low: int = 1):
    """A whole number from `low` (1 unless said) to `limit`: larger values are typos that would run for days."""
    def parse(text: str) -> int:
        value = _non_negative(text) if low == 0 else _positive(text)
        if value > limit:
            raise argparse.ArgumentTypeError(f"must be at most {limit}, got {value}")
        return value
    return parse


def _size(text: str) -> int:
    value = _integer(text)
    if not 2 <= value <= MAX_SIZE:
        raise argparse.ArgumentTypeError(f"must be from 2 to {MAX_SIZE}, got {value}")
    return value


_turns = _at_most(MAX_TURNS)


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number, got {text}")
    return value


def _seconds(text: str) -> float:
    value = _number(text)
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 86400 seconds, got {text}")
    return value


def _dollars(text: str) -> float:
    value = _number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {text}")
    return value


def _name(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return text


def _density(text: str) -> float:
    value = _number(text)
    if not 0.0 <= value < 1.0:
        raise argparse.ArgumentTypeError(f"must be in [0, 1), got {value}")
    return value


def _maze_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("maze")
    group.add_argument("--seed", type=_non_negative, help="maze seed (default: random, and recorded)")
    group.add_argument("--split-seed", type=_non_negative, help="seed of the split into views (default: the maze seed)")
    group.add_argument("--size", type=_size, default=6, help=f"grid size N, 2 to {MAX_SIZE} (default 6)")
    group.add_argument("--density", type=_density, default=0.30, help="wall density (default 0.30)")
    group.add_argument("--min-moves", type=_at_most(MAX_SIZE**2), help="shortest path at least this many moves (default 2N-4)")
    group.add_argument("--max-moves", type=_at_most(MAX_SIZE**2), help="shortest path at most this many moves (default 2N-2)")
    group.add_argument("--reject-solo-path", action="store_true", help="re-split while one view alone shows a path")
    group.add_argument("--maze-set", type=_name, help="take the maze from a fixed set in assets/mazes (e.g. 6x6-v1)")
    group.add_argument("--index", type=_non_negative, default=0, help="maze index in --maze-set (default 0)")


def _game_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("game")
    group.add_argument("--mode", choices=("paper", "live"), default="paper", help="paper: as published; live: moves executed on agreement")
    group.add_argument("--first", choices=("a", "b"), default="a", help="who speaks first (default a)")
    group.add_argument("--max-turns", type=_turns, default=50, help="turn limit (default 50)")
    group.add_argument("--render", choices=("plain", "labelled", "json", "prose"), default="plain", help="map rendering given to both seats")
    group.add_argument("--replicate", type=_non_negative, default=0, help="replicate number (part of the game key)")


def _io_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("saves and models")
    group.add_argument("--db", help="database file (default $MAZEPLAY_DB or saves/mazeplay.db)")
    group.add_argument("--api-base", help="OpenAI-compatible server for model seats, e.g. http://127.0.0.1:8080/v1")
    group.add_argument("--api-key", help="API key for model seats (never saved; default: the provider's variable)")
    group.add_argument("--timeout", type=_seconds, help="seconds per model call (default 120)")
    group.add_argument("--stream", action=argparse.BooleanOptionalAction, default=None,
                       help="show model replies as they are written (default: on full-screen, off for run; "
                       "what is saved is the same)")
    group.add_argument("--player", help="pseudonym recorded for a human seat (default anonymous)")
    group.add_argument("--json", action="store_true", help="print a final JSON object (transcript goes to stderr)")


def _two_seat_command(sub, name: str, summary: str, description: str, seats: str) -> argparse.ArgumentParser:
    parser = sub.add_parser(name, help=summary, description=description)
    parser.add_argument("--a", required=True, metavar="SEAT", help=f"seat a: {seats}")
    parser.add_argument("--b", required=True, metavar="SEAT", help="seat b (same choices)")
    _maze_options(parser)
    _game_options(parser)
    _io_options(parser)
    group = parser.add_argument_group("per seat (else [models.NAME] of the config, else --api-base/--api-key)")
    for seat in ("a", "b"):
        group.add_argument(f"--{seat}-api-base", metavar="URL", help=f"endpoint for seat {seat}'s model only")
        group.add_argument(f"--{seat}-api-key", metavar="KEY", help=f"API key for seat {seat}'s model only (never saved)")
    return parser


def _judge_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("judge")
    group.add_argument("--judge", default="auto", help="rule, auto (the LLM grader openai/gpt-4.1 if OPENAI_API_KEY is set, else rule) or a model id")
    group.add_argument("--api-base", help="OpenAI-compatible server for the LLM grader")
    group.add_argument("--api-key", help="API key for the LLM grader (never saved)")
    group.add_argument("--timeout", type=_seconds, default=120.0, help="seconds per grader call")
    group.add_argument("--json", action="store_true", help="print JSON")


def build_parser() -> Parser:
    parser = Parser(
        prog="mazeplay",
        description="Two partners, each seeing half of a maze, must agree on a path through it.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--seat", choices=("a", "b"), default="a", help="your seat when playing (default a)")
    parser.add_argument("--partner", default="bot", help="who plays the other seat (default: the offline bot)")
    _maze_options(parser)
    _game_options(parser)
    _io_options(parser)
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    mazes = sub.add_parser("mazes", help="print generated mazes", description="Print mazes and their two views.")
    mazes.add_argument("--count", type=_at_most(1_000_000, low=0), default=1, help="how many mazes (seeds SEED, SEED+1, …)")
    mazes.add_argument("--seed", type=_non_negative, default=0, help="first seed (default 0)")
    mazes.add_argument("--size", type=_size, default=6)
    mazes.add_argument("--density", type=_density, default=0.30)
    mazes.add_argument("--min-moves", type=_at_most(MAX_SIZE**2))
    mazes.add_argument("--max-moves", type=_at_most(MAX_SIZE**2))
    mazes.add_argument("--reject-solo-path", action="store_true")
    mazes.add_argument("--json", action="store_true", help="one JSON object per line")

    seats = "bot, bot:swap, bot:terse, bot:random, human, local, an alias (claude, gpt, gemini, grok) or provider/model"
    _two_seat_command(sub, "run", "play one game headless", "Play one game between two seats, saving every turn.", seats)
    watch = _two_seat_command(sub, "watch", "watch two AIs play", "Watch two seats play, both views and the maze side by side.",
                              seats.replace("human, ", ""))
    watch.add_argument("--paused", action="store_true", help="start paused (space runs, s steps one turn)")

    replay = sub.add_parser("replay", help="browse and replay saved games", description="Browse saved games, or replay one turn by turn.")
    replay.add_argument("game_id", type=_positive, nargs="?", metavar="GAME_ID")
    replay.add_argument("--db", help="database file")

    grade = sub.add_parser("grade", help="grade an external transcript", description="Grade a transcript file: "
                           '{"maze": [rows with @ * . #], "first": "a", "messages": [{"seat": "a", "text": "..."}, ...]}.')
    grade.add_argument("file", metavar="FILE.json")
    _judge_options(grade)

    regrade = sub.add_parser("regrade", help="grade saved games again (every grade is kept)", description="Grade saved games again; earlier grades are kept.")
    regrade.add_argument("game_id", type=_positive, nargs="?", metavar="GAME_ID")
    regrade.add_argument("--all", action="store_true", help="every finished game")
    _judge_options(regrade)
    regrade.add_argument("--db", help="database file")

    audit = sub.add_parser("audit", help="grader accuracy and agreement", description="Accuracy of each judge (each version apart) against live-mode ground truth, agreement between judges, and, game by game, where a rule grader and the engine disagree and where rule and LLM graders do.")
    audit.add_argument("--db", help="database file")
    audit.add_argument("--json", action="store_true")
    audit.add_argument("--limit", type=_positive, default=20, help="games listed per disagreement list (default 20)")

    bench = sub.add_parser("bench", help="run the paper's experiments in batch", description="Run a batch of games "
                           "from a TOML config (see mazeplay.bench.plan) or from flags; resumes by name.")
    bench.add_argument("config", nargs="?", metavar="CONFIG.toml")
    bench.add_argument("--name", help="run name (flags mode; default: derived from the flags)")
    bench.add_argument("--condition", choices=("pair", "relay", "solo-full", "solo-split"), help="flags mode: one condition")
    bench.add_argument("--models", help="comma-separated seats for pair/solo conditions")
    bench.add_argument("--strong", help="relay: the strong model")
    bench.add_argument("--weak", help="relay: the weak model")
    bench.add_argument("--k", default="2,4,6,8", help="relay points (default 2,4,6,8)")
    bench.add_argument("--mazes", type=_at_most(100_000), help="how many mazes of the set")
    bench.add_argument("--rollouts", type=_at_most(1_000), help="replicates per cell")
    bench.add_argument("--mode", choices=("paper", "live"))
    bench.add_argument("--maze-set", type=_name, help="fixed maze set (default 6x6-v1)")
    bench.add_argument("--max-turns", type=_turns)
    bench.add_argument("--concurrency", type=_at_most(256))
    bench.add_argument("--max-cost", type=_dollars, help="USD budget: no new game is scheduled past it")
    bench.add_argument("--dry-run", action="store_true", help="play nothing: print games, calls, estimated tokens and "
                       "cost per condition (litellm's prices; models without a price are named)")
    bench.add_argument("--tokens-per-message", type=_positive, default=100, help="dry run: assumed tokens a message (default 100)")
    bench.add_argument("--json", action="store_true", help="dry run: print the estimate as JSON")
    bench.add_argument("--new-run", action="store_true", help="if the run name was played with other settings, "
                       "start a new run (NAME-2, …) instead of refusing")
    for option in ("--db", "--api-base", "--api-key"):
        bench.add_argument(option)
    bench.add_argument("--timeout", type=_seconds)
    bench.add_argument("--stream", action="store_true", default=None,
                       help="stream model replies (default off; what is saved is the same)")

    report = sub.add_parser("report", help="report a batch run", description="Scores per condition with 95% CIs, "
                            "the pair matrix, relay curves, the collaboration gap, people vs AI pairs.")
    report.add_argument("run", nargs="*", metavar="RUN", help="run name (default: the latest); several runs on the same "
                        "mazes are reported together (e.g. solo and pair runs: the collaboration gap)")
    report.add_argument("--format", choices=("table", "markdown", "json"), default="table")
    report.add_argument("--plots", metavar="DIR", help="write SVG plots into DIR")
    report.add_argument("--study", metavar="NAME", help="a human study instead of a run: people alone, with people, "
                        "with each AI partner, and AI pairs, on the same mazes")
    report.add_argument("--exclude-ambiguous", action="store_true",
                        help="leave out of the scores games whose grade is ambiguous (they are still counted)")
    report.add_argument("--db")

    export = sub.add_parser("export", help="export games as a dataset", description="Export finished games as "
                            "JSON lines (one per game) or per-seat chat transcripts, with a dataset card.")
    export.add_argument("--format", choices=("jsonl", "chat"), default="jsonl")
    export.add_argument("--out", help="output file (default: stdout, no card); the dataset card goes to README.md "
                        "beside it (Hub front matter; several exports in one folder are listed together)")
    export.add_argument("--license", default="cc-by-4.0", help="license field of the dataset card (default cc-by-4.0)")
    export.add_argument("--run", help="only this run")
    export.add_argument("--skip-secrets", action="store_true", help="leave out (and list) games holding anything "
                        "shaped like an API key or a password, instead of stopping")
    export.add_argument("--db")

    serve = sub.add_parser("serve", help="serve the game or a study to browsers", description="Serve the game, "
                           "or a study, to web browsers with textual-serve: one game process per browser connection. "
                           "Binds to 127.0.0.1 unless --host says otherwise; API keys stay in this environment.")
    serve.add_argument("--study", metavar="FILE.toml", help="a study file (see assets/studies/example.toml)")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=_at_most(65_535), default=8000, help="port (default 8000)")
    serve.add_argument("--db", help="database file")
    serve.add_argument("--api-base", help="OpenAI-compatible server for model partners")

    study = sub.add_parser("study", help="run a human study", description="Play a study in this terminal, or see how it is going.")
    study_sub = study.add_subparsers(dest="study_command", parser_class=Parser, metavar="STUDY_COMMAND")
    study_play = study_sub.add_parser("play", help="take part in a study here (what serve runs per browser)")
    study_play.add_argument("file", metavar="FILE.toml")
    study_play.add_argument("--db", help="database file")
    study_play.add_argument("--api-base")
    study_play.add_argument("--api-key")
    study_play.add_argument("--trace", help=argparse.SUPPRESS)  # tests: record each screen shown
    study_sim = study_sub.add_parser("simulate", help="run a study with bots standing in for the participants")
    study_sim.add_argument("file", metavar="FILE.toml")
    study_sim.add_argument("--participants", type=_at_most(10_000), default=12, help="how many stand-ins (default 12)")
    study_sim.add_argument("--stand-in", default="bot", help="the bot that plays each participant's seat (default bot)")
    study_sim.add_argument("--db", help="database file")
    study_sim.add_argument("--api-base")
    study_sim.add_argument("--api-key")
    study_status = study_sub.add_parser("status", help="participants, games per condition, time per game, drop-outs")
    study_status.add_argument("name", metavar="NAME")
    study_status.add_argument("--stale", type=_seconds, default=30.0, help="minutes without activity that count as a drop-out (default 30)")
    study_status.add_argument("--json", action="store_true")
    study_status.add_argument("--db", help="database file")

    withdraw = sub.add_parser("withdraw", help="delete everything about one participant", description="Consent withdrawal: "
                              "delete a participant's games, turns, grades and answers everywhere in the database.")
    withdraw.add_argument("participant", metavar="PARTICIPANT")
    withdraw.add_argument("--db", help="database file")

    merge = sub.add_parser("merge", help="merge databases from several machines", description="Copy every game, "
                           "turn, grade, run, study, participant and answer from SOURCE databases into TARGET, "
                           "renumbering game ids. Merging the same source twice adds nothing.")
    merge.add_argument("target", metavar="TARGET.db")
    merge.add_argument("sources", nargs="+", metavar="SOURCE.db")

    resume = sub.add_parser("resume", help="continue an interrupted game", description="Continue an interrupted game where it stopped.")
    resume.add_argument("game_id", type=_positive, metavar="GAME_ID")
    resume.add_argument("--line", action="store_true",
                        help="continue line by line in this terminal (as run --a human), not full-screen")
    _io_options(resume)
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    from mazeplay import commands

    try:
        if args.version:
            from mazeplay import __version__

            print(__version__)
        elif args.command == "run":
            commands.cmd_run(args, {"a": args.a, "b": args.b})
        elif args.command in ("serve", "study", "withdraw", "merge"):
            from mazeplay import study_commands

            getattr(study_commands, f"cmd_{args.command}")(args)
        elif args.command:
            getattr(commands, f"cmd_{args.command}")(args)
        else:
            commands.cmd_play(args, fresh=not list(argv if argv is not None else sys.argv[1:]))
    except commands.UserError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted (the game is saved; see mazeplay resume)", 130)
    except BrokenPipeError:  # `mazeplay report | head`: the reader has gone; stop quietly, like other tools
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes
        raise SystemExit(141) from None
    except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, never a traceback
        _explain(exc, getattr(args, "db", None))


def _explain(exc: Exception, db: str | None) -> NoReturn:
    """Errors of the environment (a damaged or read-only database, a path that is a folder) are the
    user's to fix: one line, exit 2. Anything else is a bug: one line, exit 1, and the traceback only
    with MAZEPLAY_DEBUG=1."""
    import os
    import sqlite3

    if os.environ.get("MAZEPLAY_DEBUG"):
        raise exc
    if isinstance(exc, sqlite3.DatabaseError):
        where = f" {db}" if db else " (see --db)"
        fail(f"the database{where} cannot be used: {_one_line(exc)}")
    if isinstance(exc, OSError) and exc.strerror:
        fail(f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror)
    if isinstance(exc, RecursionError):
        fail("the input is nested too deeply to read")
    fail(f"internal error ({type(exc).__name__}: {_one_line(exc)}); set MAZEPLAY_DEBUG=1 to see where", 1)


def _one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return text[:300] + ("…" if len(text) > 300 else "")


if __name__ == "__main__":
    main()
