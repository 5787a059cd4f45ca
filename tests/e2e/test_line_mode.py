"""Line mode (`run --a human`): stopping is clean and names the game, notices are not speakers, a
message can hold several lines, and `resume --line` continues a game line by line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from mazeplay.store import GameStore, open_db

from tests.e2e.test_cli import mazeplay
from tests.interruptible import with_ctrl_c


def start(db, *args):
    return subprocess.Popen([sys.executable, "-u", "-m", "mazeplay", *map(str, args), "--db", str(db)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ}, preexec_fn=with_ctrl_c)


def wait_for_prompt(proc) -> str:
    seen = ""
    deadline = time.monotonic() + 60
    while "you (a)>" not in seen:
        assert time.monotonic() < deadline, seen
        char = proc.stdout.read(1)
        assert char, f"mazeplay ended before asking: {seen}"
        seen += char
    return seen


def test_the_first_ctrl_c_stops_at_once_and_names_the_game(db_path):
    proc = start(db_path, "run", "--a", "human", "--b", "bot", "--seed", "4")
    try:
        wait_for_prompt(proc)
        started = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=15)  # no Enter, no second Ctrl-C; stdin stays open, as at a terminal (closing it is Ctrl-D)
        err = proc.stderr.read()
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "Game 1 is saved: mazeplay resume 1 --line" in err and "Traceback" not in err
    assert time.monotonic() - started < 10
    assert GameStore(open_db(db_path)).load_game(1).status == "interrupted"


def test_ctrl_d_stops_without_an_error_and_resume_line_continues(db_path):
    done = mazeplay("run", "--a", "human", "--b", "bot", "--seed", "4", "--mode", "live", "--db", db_path,
                    input="Hi, I follow your convention.\nAGREE\n")
    assert done.returncode == 0, done.stderr
    assert "error" not in done.stderr.lower() and "Game 1 is saved: mazeplay resume 1 --line" in done.stderr
    assert "      Move executed: down" in done.stdout and "      [user]:" not in done.stdout  # a notice, not a speaker
    again = mazeplay("resume", "1", "--line", "--db", db_path, input="AGREE\n")
    assert again.returncode == 0, again.stderr
    assert "resuming game 1 after 4 turns" in again.stdout and "you (a)>" in again.stdout
    assert len(GameStore(open_db(db_path)).load_game(1).turns) == 6


def test_a_line_ending_in_a_backslash_continues_the_same_message(db_path):
    done = mazeplay("run", "--a", "human", "--b", "bot", "--seed", "4", "--db", db_path,
                    input="my map:\\\n@???#?\\\n.?..?.\nAGREE\n")
    assert done.returncode == 0, done.stderr
    texts = [turn.text for turn in GameStore(open_db(db_path)).load_game(1).turns if turn.seat == "a"]
    assert texts == ["my map:\n@???#?\n.?..?.", "AGREE"]
