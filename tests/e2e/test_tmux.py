"""The real `mazeplay` command in a real terminal (tmux): play a game against the bot and quit."""

import re
import shutil
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from mazeplay.engine import generate_maze, split_views

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def zombie_status(pid: int) -> str | None:
    """The exit status of a process that has ended but not been reaped (Linux /proc), as tmux reports it."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    if fields[0] != "Z":
        return None
    code = int(fields[-1])  # the wait status
    return str(code >> 8) if code & 0x7F == 0 else f"signal {code & 0x7F}"


class Tmux:
    def __init__(self, command: str, width: int = 100, height: int = 32) -> None:
        self.socket = f"mazeplay-{uuid.uuid4().hex[:8]}"
        self.run("new-session", "-d", "-x", str(width), "-y", str(height), "-s", "t", command)
        self.run("set-option", "-t", "t", "remain-on-exit", "on")

    def run(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True).stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "t")

    def wait_for(self, *texts: str, timeout: float = 30.0) -> str:
        """The screen once any of `texts` shows on it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if any(text in screen for text in texts):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"none of {texts!r} appeared; screen:\n{self.screen()}")

    def type(self, text: str) -> None:
        """Type like a person: the text, a moment, then Enter (a burst with Enter can read as a paste)."""
        self.run("send-keys", "-t", "t", "-l", text)
        time.sleep(0.3)
        self.run("send-keys", "-t", "t", "Enter")

    def turn(self) -> int:
        match = re.search(r"Turn (\d+)/", self.screen())
        return int(match.group(1)) if match else 0

    def exit_status(self, timeout: float = 40.0) -> str:
        """"0" for a clean exit; "signal N" if a signal ended it; the screen is shown on a timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            dead, status, signal, pid = (self.run("display-message", "-p", "-t", "t",
                                                  "#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}|#{pane_pid}")
                                         .strip().split("|") + ["", "", ""])[:4]
            if dead == "1" and (status or signal):  # the pane can close before tmux has reaped the process
                return status if status else f"signal {signal}"
            if dead == "1" and pid and (zombie := zombie_status(int(pid))) is not None:
                return zombie  # tmux 3.3a sometimes never reaps the process: read its status from /proc
            time.sleep(0.1)
        raise AssertionError(f"mazeplay did not exit; screen:\n{self.screen()}")

    def kill(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def test_play_a_game_against_the_bot_and_quit(tmp_path: Path):
    db = tmp_path / "e2e.db"
    rows = split_views(generate_maze(0), 0)[0].rows()
    tmux = Tmux(f"{sys.executable} -m mazeplay --seed 0 --mode live --db {db}")
    try:
        tmux.wait_for("Your turn")
        assert "Your map" in tmux.screen()
        tmux.type("Using your convention. My map: " + " ".join(f"row {r}: {row}" for r, row in enumerate(rows)))
        for _ in range(50):
            screen = tmux.wait_for("Your turn", "Solved!", "Not solved")
            if "Solved!" in screen or "Not solved" in screen:
                break
            before = tmux.turn()
            tmux.type("AGREE")
            deadline = time.monotonic() + 30
            while tmux.turn() == before and "olved" not in tmux.screen() and time.monotonic() < deadline:
                time.sleep(0.1)  # until the message was taken
        screen = tmux.wait_for("Solved!")
        assert "weighted outcome 1.00" in screen
        tmux.run("send-keys", "-t", "t", "q")
        status = tmux.exit_status()
        assert status == "0", f"exit {status}; screen:\n{tmux.screen()}"
    finally:
        tmux.kill()
    db_rows = sqlite3.connect(db).execute("select status, ending from games").fetchall()
    assert db_rows == [("finished", "goal")]


MAP = "my map:\n@..#??\n.????.\n..#...\n#.?...\n....?.\n?...*."


def paste(tmux: Tmux, text: str) -> None:
    """Paste as a terminal does: bracketed, when the program asked for it (`paste-buffer -p`)."""
    subprocess.run(["tmux", "-L", tmux.socket, "load-buffer", "-"], input=text, text=True, check=True)
    tmux.run("paste-buffer", "-p", "-t", "t")
    time.sleep(0.3)


def saved_texts(db: Path) -> list[tuple[str, str]]:
    if not db.exists():
        return []
    with sqlite3.connect(db) as connection:
        return connection.execute("select seat, text from turns order by idx").fetchall()


@pytest.mark.parametrize("surface, command, ready, new_line", [
    ("full-screen", "--seed 3", "Your turn", ["C-j"]),  # ctrl+j adds a line
    ("line mode", "run --a human --b bot --seed 3", "you (a)>", ["\\", "Enter"]),  # a trailing \ continues
])
def test_a_typed_line_and_a_pasted_map_arrive_as_one_message(tmp_path: Path, surface: str, command: str, ready: str,
                                                            new_line: list[str]):
    db = tmp_path / "paste.db"
    tmux = Tmux(f"{sys.executable} -m mazeplay {command} --db {db}", width=80, height=24)
    try:
        tmux.wait_for(ready)
        tmux.run("send-keys", "-t", "t", "-l", "Look:")
        for key in new_line:
            tmux.run("send-keys", "-t", "t", *(["-l", key] if key == "\\" else [key]))
        time.sleep(0.3)
        paste(tmux, MAP)
        tmux.run("send-keys", "-t", "t", "Enter")
        deadline = time.monotonic() + 30
        while len(saved_texts(db)) < 2 and time.monotonic() < deadline:  # ours, then the bot's answer
            time.sleep(0.2)
        assert saved_texts(db)[:1] == [("a", "Look:\n" + MAP)], f"{surface}: {saved_texts(db)}\n{tmux.screen()}"
        if surface == "line mode":
            assert "[200~" not in tmux.screen()  # the paste markers are not echoed
    finally:
        tmux.kill()


@pytest.mark.parametrize("key, status", [("C-c", "130"), ("C-d", "0")])
def test_line_mode_stops_at_the_first_ctrl_c_or_ctrl_d_and_names_the_game(tmp_path: Path, key: str, status: str):
    db = tmp_path / "line.db"
    tmux = Tmux(f"{sys.executable} -m mazeplay run --a human --b bot --seed 3 --db {db}", width=80, height=24)
    try:
        tmux.wait_for("you (a)>")
        tmux.run("send-keys", "-t", "t", key)  # once, and no Enter after it
        assert tmux.exit_status(timeout=15) == status, tmux.screen()
        screen = tmux.screen()
        assert "Game 1 is saved: mazeplay resume 1 --line" in screen and "rror" not in screen, screen
    finally:
        tmux.kill()
