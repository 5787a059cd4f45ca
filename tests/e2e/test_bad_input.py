"""Bad input, generated: every malformed invocation gets one line on stderr, exit code 2, no traceback,
and leaves an existing database byte for byte as it was.

The invocations are built from tables (options × bad values, config keys × bad values, unknown keys),
not listed by hand, and run in-process through the CLI's entry point so that a few hundred of them
take seconds.
"""

from __future__ import annotations

import hashlib
import itertools
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mazeplay import cli

BAD_INT = ["abc", "", "1.5", "99999999999999999999", "-99999999999999999999"]
BAD_NON_NEGATIVE = [*BAD_INT, "-1"]
BAD_POSITIVE = [*BAD_INT, "0", "-3"]
BAD_SIZE = ["1", "41", "100000", "six"]
BAD_SECONDS = ["nan", "inf", "0", "-5", "soon", "1e9"]
BAD_DOLLARS = ["nan", "-1", "inf", "lots"]

# (command prefix, option, bad values): every option that takes a value, in the commands that have it
OPTIONS = [
    *((["run", "--a", "bot", "--b", "bot"], option, values) for option, values in [
        ("--seed", BAD_NON_NEGATIVE), ("--split-seed", BAD_NON_NEGATIVE), ("--size", BAD_SIZE),
        ("--max-turns", [*BAD_POSITIVE, "10001"]), ("--timeout", BAD_SECONDS), ("--maze-set", [""]),
        ("--index", BAD_NON_NEGATIVE), ("--min-moves", BAD_POSITIVE), ("--max-moves", BAD_POSITIVE),
        ("--density", ["1", "-0.1", "nan", "x"])]),
    *((["mazes"], option, values) for option, values in [
        ("--count", [*BAD_NON_NEGATIVE, "2000000"]), ("--size", BAD_SIZE), ("--seed", BAD_NON_NEGATIVE)]),
    *((["bench", "--condition", "pair", "--models", "bot"], option, values) for option, values in [
        ("--mazes", [*BAD_POSITIVE, "100001"]), ("--rollouts", [*BAD_POSITIVE, "100000000"]),
        ("--max-turns", BAD_POSITIVE), ("--concurrency", [*BAD_POSITIVE, "1000"]), ("--max-cost", BAD_DOLLARS),
        ("--timeout", BAD_SECONDS), ("--maze-set", [""])]),
    *((["replay"], "", values) for values in [BAD_POSITIVE]),
    *((["resume"], "", values) for values in [BAD_POSITIVE]),
    *((["audit"], "--limit", values) for values in [BAD_POSITIVE]),
    *((["serve"], "--port", values) for values in [[*BAD_POSITIVE, "70000"]]),
]

VALID_PLAN = {"name": '"fuzz"', "mazes": "2", "rollouts": "1", "mode": '"paper"', "max_turns": "6",
              "concurrency": "1", "max_cost": "1.0"}
WRONG_VALUES = ['"x"', "-1", "0", "1e8", "true", "[1]", "{a=1}", "nan"]


def _plans() -> list[str]:
    """Bench configs that are wrong in one place each."""
    condition = '[[conditions]]\ntype = "pair"\nmodels = ["bot"]\n'
    out = []
    for key, value in itertools.product(VALID_PLAN, WRONG_VALUES):
        if key in ("name",) and value == '"x"' or key == "max_cost" and value in ("0", "1e8"):
            continue  # valid after all
        if key == "mode" and value == '"x"' or key in ("mazes", "rollouts", "max_turns", "concurrency") and value == "1e8":
            pass
        fields = {**VALID_PLAN, key: value}
        out.append("".join(f"{k} = {v}\n" for k, v in fields.items()) + condition)
    for typo in ("max_turn", "maze", "rollout", "max_retries", "limit", "condition"):
        out.append("".join(f"{k} = {v}\n" for k, v in VALID_PLAN.items()) + f"{typo} = 5\n" + condition)
    head = "".join(f"{k} = {v}\n" for k, v in VALID_PLAN.items())
    out += [head + 'conditions = "pair"\n', head + "[[conditions]]\ntype = \"pair\"\nmodels = [1]\n",
            head + '[[conditions]]\ntype = "pair"\npairs = [["bot"]]\n', head + '[[conditions]]\ntype = "duo"\nmodels = ["bot"]\n',
            head + 'limits = "x"\n' + condition, head + "[limits]\nopenai = 0\n" + condition,
            head + '[[conditions]]\ntype = "relay"\nstrong = "bot"\nweak = "bot"\nk = [0]\n',
            head + '[[conditions]]\ntype = "pair"\nmodels = ["bot"]\ncolour = "red"\n', "name = \n", head]
    return out


CONFIGS = ['llm = "x"\n', "[llm]\ntimeout = -1\n", "[llm]\nmax_retries = -1\n", "[llm]\nretries = 3\n",
           '[aliases]\nclaude = 5\n', '[models.smol]\nmodel = "smollm2"\n', '[models.smol]\nmodel = "openai/x"\nprice = 1\n',
           "[colours]\nbg = 1\n", "aliases = 3\n", "[llm\n"]


def _invocations(tmp: Path) -> list[tuple[list[str], dict]]:
    calls: list[tuple[list[str], dict]] = []
    for prefix, option, values in OPTIONS:
        for value in values:
            calls.append(([*prefix, option, value] if option else [*prefix, value], {}))
    for index, body in enumerate(_plans()):
        path = tmp / f"plan{index}.toml"
        path.write_text(body)
        calls.append((["bench", str(path)], {}))
    for index, body in enumerate(CONFIGS):
        path = tmp / f"config{index}.toml"
        path.write_text(body)
        calls.append((["run", "--a", "bot", "--b", "bot", "--seed", "1"], {"MAZEPLAY_CONFIG": str(path)}))
    for args in (["--no-such-flag"], ["frobnicate"], ["run", "--a"], ["run", "--a", "bot"], ["grade"],
                 ["grade", str(tmp)], ["export", "--out", str(tmp)], ["bench"], ["report", "--format", "pdf"],
                 ["run", "--a", "bot", "--b", "bot", "--mode", "telepathy"], ["mazes", "--size"]):
        calls.append((args, {}))
    return calls


@pytest.fixture(scope="module")
def saved_db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz")
    db = folder / "saved.db"
    subprocess.run([sys.executable, "-m", "mazeplay", "run", "--a", "bot", "--b", "bot", "--seed", "3", "--db", str(db)],
                   check=True, capture_output=True)
    return db


def test_malformed_invocations_get_one_line_exit_2_and_change_nothing(saved_db, tmp_path, capsys, monkeypatch):
    db = tmp_path / "copy.db"
    shutil.copy(saved_db, db)
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    calls = _invocations(tmp_path)
    assert len(calls) >= 150
    failures = []
    for args, env in calls:
        for key in ("MAZEPLAY_CONFIG",):
            monkeypatch.delenv(key, raising=False)
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        argv = [*args, "--db", str(db)] if args and args[0] in ("run", "bench", "replay", "resume", "audit", "export") else args
        with pytest.raises(SystemExit) as stop:
            cli.main(argv)
        out, err = capsys.readouterr()
        lines = err.strip().splitlines()
        if stop.value.code != 2 or len(lines) != 1 or not lines[0].startswith("mazeplay: error:") or "Traceback" in err:
            failures.append((args, env, stop.value.code, err[-300:]))
    assert not failures, f"{len(failures)} of {len(calls)} invocations misbehaved, e.g. {failures[:3]}"
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_a_damaged_database_is_one_line_not_a_traceback(saved_db, tmp_path):
    db = tmp_path / "damaged.db"
    data = bytearray(saved_db.read_bytes())
    data[4096:8192] = b"\xff" * 4096
    db.write_bytes(bytes(data))
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 10)
    for args in (["report", "--db", str(db)], ["export", "--db", str(db)], ["replay", "1", "--db", str(junk)],
                 ["run", "--a", "bot", "--b", "bot", "--seed", "2", "--db", str(db)]):
        result = subprocess.run([sys.executable, "-m", "mazeplay", *args], capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr


def test_an_unexpected_error_is_one_line_and_debug_shows_the_traceback(monkeypatch, capsys):
    from mazeplay import commands

    def broken(args):
        raise KeyError("boom")

    monkeypatch.setattr(commands, "cmd_audit", broken)
    with pytest.raises(SystemExit) as stop:
        cli.main(["audit"])
    err = capsys.readouterr().err
    assert stop.value.code == 1 and "internal error" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    monkeypatch.setenv("MAZEPLAY_DEBUG", "1")
    with pytest.raises(KeyError):
        cli.main(["audit"])
