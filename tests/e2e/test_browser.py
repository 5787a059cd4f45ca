"""A real browser: `mazeplay serve --study` in a subprocess, Debian's chromium driven by Playwright,
a participant going from consent to the completion code by keyboard only (keys the browser leaves to
the page). The screens shown are recorded by each game process; the saves are checked afterwards."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRED = os.environ.get("MAZEPLAY_REQUIRE_BROWSER") == "1"

STUDY = """
name = "browser"
games_per_participant = 1
consent = "Do you agree to take part in this test?"
[practice]
partner = "bot"
size = 4
max_turns = 6
[[conditions]]
name = "bot"
partner = "bot"
seat = "a"
indices = [0]
[[questions]]
id = "understood"
text = "How well did your partner understand you?"
kind = "likert"
"""


def _missing() -> str | None:
    try:
        import playwright  # noqa: F401
        import textual_serve  # noqa: F401
    except ImportError:
        return "playwright and textual-serve are not installed"
    if CHROMIUM is None:
        return "chromium is not installed (apt-get install chromium)"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def served(tmp_path):
    reason = _missing()
    if reason:
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    study = tmp_path / "study.toml"
    study.write_text(STUDY)
    db, trace, port = tmp_path / "study.db", tmp_path / "screens.txt", _free_port()
    env = {**os.environ, "MAZEPLAY_STUDY_TRACE": str(trace), "OPENAI_API_KEY": "sk-test-never-shown"}
    server = subprocess.Popen([sys.executable, "-m", "mazeplay", "serve", "--study", str(study), "--port", str(port),
                               "--db", str(db)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.2)
    else:
        server.kill()
        pytest.fail("mazeplay serve did not start: " + (server.stdout.read() if server.stdout else ""))
    yield {"url": f"http://127.0.0.1:{port}", "db": db, "trace": trace, "shots": tmp_path}
    server.terminate()
    try:
        out, _ = server.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        out, _ = server.communicate()
    assert "Traceback" not in out
    assert "that handles pid" not in out  # every game process was waited for before the server's loop closed


def screens(trace: Path) -> list[str]:
    return trace.read_text().split() if trace.exists() else []


async def wait_for_screen(trace: Path, name: str, count: int = 1, timeout: float = 40.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if screens(trace).count(name) >= count:
            await asyncio.sleep(0.6)  # let the frame reach the page
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"the page never showed {name} #{count}; screens so far: {screens(trace)}")


async def test_a_participant_plays_a_study_in_a_real_browser(served):
    from playwright.async_api import async_playwright

    trace, shots = served["trace"], served["shots"]
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = await browser.new_page(viewport={"width": 1280, "height": 800})
        await page.goto(served["url"])
        await page.wait_for_selector("body.-first-byte", timeout=30000)
        content = await page.content()
        assert "sk-test-never-shown" not in content
        await wait_for_screen(trace, "ConsentScreen")
        await page.focus(".xterm-helper-textarea")  # the terminal takes the keys, as after a click
        await page.screenshot(path=shots / "1-consent.png")
        await page.keyboard.press("Enter")  # "I agree" has the focus
        await wait_for_screen(trace, "IdentityScreen")
        await page.keyboard.press("Enter")  # "Give me a new ID"
        await wait_for_screen(trace, "MessageScreen")
        await page.screenshot(path=shots / "2-intro.png")
        await page.keyboard.press("Enter")  # Start the practice game
        for game in (1, 2):
            await wait_for_screen(trace, "PlayScreen", game)
            await asyncio.sleep(1.0)
            if game == 1:  # a message of several lines: ctrl+j adds a line (the browser leaves it to the page)
                await page.keyboard.type("My map:")
                await page.keyboard.press("Control+j")
                await page.keyboard.type("@.#")
                await page.keyboard.press("Control+j")
            await page.keyboard.type("We are both at the goal. ACTI!")
            await page.screenshot(path=shots / f"3-play-{game}.png")
            await page.keyboard.press("Enter")
            await wait_for_screen(trace, "ConfirmDialog", game)  # the game asks before a message that says ACTI!
            await page.keyboard.press("y")
            await wait_for_screen(trace, "MessageScreen", 2 * game)  # game over
            await page.screenshot(path=shots / f"4-over-{game}.png")
            await page.keyboard.press("Enter")
            if game == 1:
                await wait_for_screen(trace, "MessageScreen", 3)  # the intro to game 1
                await page.keyboard.press("Enter")
        await wait_for_screen(trace, "QuestionsScreen")
        await asyncio.sleep(1.0)
        await page.keyboard.press("ArrowRight")
        await page.keyboard.press("Space")  # choose 2 on the first (focused) scale
        await page.keyboard.press("Tab")
        await asyncio.sleep(0.5)
        await page.screenshot(path=shots / "5-questions.png")
        await page.keyboard.press("Enter")  # Submit
        await wait_for_screen(trace, "MessageScreen", 5)  # the completion code
        await page.screenshot(path=shots / "6-done.png")
        await browser.close()
    assert screens(trace) == ["ConsentScreen", "IdentityScreen", "MessageScreen", "PlayScreen", "ConfirmDialog", "MessageScreen",
                              "MessageScreen", "PlayScreen", "ConfirmDialog", "MessageScreen", "QuestionsScreen", "MessageScreen"]
    with sqlite3.connect(served["db"]) as db:
        status, code = db.execute("select status, completion_code from participants").fetchone()
        assert status == "completed" and code.startswith("MZ-")
        assert db.execute("select count(*) from games where status = 'finished'").fetchone()[0] == 2
        assert db.execute("select value from answers where question = 'understood'").fetchone()[0] == "2"
        said = [row[0] for row in db.execute("select text from turns where seat = (select case when seat_a like '%human%' "
                                              "then 'a' else 'b' end from games where id = turns.game_id)")]
        assert "My map:\n@.#\nWe are both at the goal. ACTI!" in said
        assert "sk-test" not in " ".join(str(r) for r in db.execute("select seat_a, seat_b, config from games"))
