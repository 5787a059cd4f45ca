"""A scripted participant in its own process: `python -m tests.study.participant STUDY DB ID LINE...`.

It consents, types its ID, plays each game by sending its lines in turn (ACTI! when it runs out),
answers every question with 3, and prints the screens it saw, one per line, then DONE and the code."""

from __future__ import annotations

import asyncio
import sys

from textual.widgets import Input, RadioSet

from mazeplay.study.spec import load_study
from mazeplay.tui.screens.dialogs import ConfirmDialog
from mazeplay.tui.screens.play import PlayScreen
from mazeplay.tui.screens.study import ConsentScreen, IdentityScreen, MessageScreen, QuestionsScreen, WaitingScreen
from mazeplay.tui.study_app import StudyApp


async def visit(study: str, db: str, participant: str, lines: list[str], timeout: float = 120.0) -> None:
    app = StudyApp(load_study(study), db=db)
    seen: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        script = list(lines)
        while loop.time() < deadline:
            await pilot.pause(0.05)
            screen = app.screen
            name = type(screen).__name__ + (f"#{screen.id}" if screen.id else "")
            if not seen or seen[-1] != name:
                seen.append(name)
                print(participant, name, file=sys.stderr, flush=True)
            if isinstance(screen, ConsentScreen):
                screen.query_one("#agree").press()
            elif isinstance(screen, IdentityScreen):
                screen.query_one("#typed", Input).value = participant
                screen.query_one("#typed-ok").press()
            elif isinstance(screen, MessageScreen) and screen.id == "done":
                print("\n".join(seen))
                print("DONE", app.participant_id, flush=True)
                return
            elif isinstance(screen, MessageScreen) and screen.id in ("intro", "game-over"):
                if screen.query("#continue"):  # else still being drawn (a loaded machine shows the screen first)
                    screen.query_one("#continue").press()
            elif isinstance(screen, QuestionsScreen):
                if not screen.query("RadioButton"):
                    continue  # still being drawn
                for radio_set in screen.query(RadioSet):
                    list(radio_set.query("RadioButton"))[2].value = True
                await pilot.pause(0.05)
                screen.query_one("#submit").press()
            elif isinstance(screen, ConfirmDialog):
                await pilot.press("y")  # the game asks before a message that says ACTI! is sent
            elif isinstance(screen, PlayScreen) and screen.your_turn:
                screen.query_one("#message").value = script.pop(0) if script else "We are there. ACTI!"
                await pilot.press("enter")
            elif isinstance(screen, WaitingScreen):
                pass
        print("\n".join(seen))
        print("TIMEOUT", flush=True)
        raise SystemExit(1)


if __name__ == "__main__":
    asyncio.run(visit(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]))
