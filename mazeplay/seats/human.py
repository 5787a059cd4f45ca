"""A person in a seat. The seat waits on an async source of lines: a queue the TUI fills, or the
terminal for plain line-based play."""

from __future__ import annotations

import asyncio
import atexit
import os
import sys
import threading
import time
from typing import Awaitable, Callable

from mazeplay.game.loop import SeatError
from mazeplay.game.turns import SeatReply, SeatRequest

LineSource = Callable[[SeatRequest], Awaitable[str]]


class HumanSeat:
    def __init__(self, source: LineSource, player: str | None = None) -> None:
        self._source = source
        self.player = player

    def describe(self) -> dict:
        return {"kind": "human", "name": "human", "player": self.player or "anonymous"}

    async def close(self) -> None:
        return None

    async def reply(self, request: SeatRequest) -> SeatReply:
        started = time.perf_counter()
        text = (await self._source(request)).strip()
        return SeatReply(text=text, latency_s=time.perf_counter() - started, model="human")


def queue_source(queue: "asyncio.Queue[str]") -> LineSource:
    """Lines put on `queue` by a user interface."""

    async def next_line(request: SeatRequest) -> str:
        return await queue.get()

    return next_line


PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"  # a terminal's bracketed-paste markers


def collect_message(first: str, read_more: Callable[[bool], str]) -> str:
    """One message from terminal lines: a pasted block (between bracketed-paste markers) stays whole,
    and a line ending in a backslash continues on the next line. Lines a program pipes in are never
    joined otherwise, so each stays its own message. `read_more(pasting)` reads the next line (no
    prompt is wanted inside a paste: the terminal has already shown the pasted lines)."""
    lines = [first]

    def in_paste() -> bool:
        joined = "\n".join(lines)
        return joined.count(PASTE_START) > joined.count(PASTE_END)

    while in_paste() or lines[-1].endswith("\\"):
        pasting = in_paste()
        if not pasting:
            lines[-1] = lines[-1][:-1]
        lines.append(read_more(pasting))
    return "\n".join(lines).replace(PASTE_START, "").replace(PASTE_END, "")


_terminal_ready = False


def prepare_terminal() -> None:
    """Once per game at a terminal, until the program ends: ask the terminal to mark pastes (so a
    pasted map is one message, even one pasted while the partner is still thinking) and to echo the
    markers raw, which the terminal then ignores, rather than as a visible `^[[200~`."""
    global _terminal_ready
    if _terminal_ready or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return
    _terminal_ready = True
    saved = _hide_control_echo()
    sys.stdout.write("\x1b[?2004h")
    sys.stdout.flush()

    def restore() -> None:
        sys.stdout.write("\x1b[?2004l")
        sys.stdout.flush()
        if saved is not None:
            _restore(saved)

    atexit.register(restore)
    _on_leave.append(restore)


_READER_THREAD = "mazeplay-input"  # the daemon thread that waits on stdin for the person's line
_on_leave: list[Callable[[], None]] = []  # what leaving at once must still undo (the terminal's settings)


def leave_if_reading(code: int) -> None:
    """Exit at once with `code` while a reader thread still waits on stdin (Ctrl-C at the prompt): the
    interpreter's normal shutdown would abort on the stdin lock that thread holds ("Fatal Python error:
    could not acquire lock"). The game is already saved; the terminal is put back first."""
    if not any(t.name == _READER_THREAD and t.is_alive() for t in threading.enumerate()):
        return
    for undo in _on_leave:
        undo()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _hide_control_echo() -> list | None:
    """Clear the terminal's ECHOCTL flag; the settings before, or None where there is no termios."""
    try:
        import termios

        saved = termios.tcgetattr(sys.stdin.fileno())
        changed = list(saved)
        changed[3] &= ~termios.ECHOCTL
        termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, changed)
        return saved
    except Exception:  # noqa: BLE001 - no POSIX terminal (ImportError, termios.error): markers may show
        return None


def _restore(saved: list) -> None:
    import termios

    try:
        termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, saved)
    except (termios.error, OSError, ValueError):  # the terminal has gone: nothing to restore
        pass


class InputClosed(SeatError):
    """The person ended their input (Ctrl-D): a way to stop, not an error."""

    stopped_by_player = True


def _read_message(prompt: str) -> "asyncio.Future[str]":
    """One message read on a daemon thread: Ctrl-C cancels the waiting game at once, and leaving never
    waits for a line the person will not type (asyncio.to_thread's pool is joined at exit, which
    would hang until Enter)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str] = loop.create_future()

    def settle(text: str | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(text or "")

    def read() -> None:
        try:
            text = collect_message(input(prompt), lambda pasting: input("" if pasting else "… "))
        except BaseException as error:  # EOFError (Ctrl-D) or an interrupt: hand it to the game
            loop.call_soon_threadsafe(settle, None, error if isinstance(error, Exception) else EOFError())
            return
        loop.call_soon_threadsafe(settle, text, None)

    threading.Thread(target=read, daemon=True, name=_READER_THREAD).start()
    return future


async def terminal_line(request: SeatRequest) -> str:
    """Ask on the terminal until a non-empty message is typed or pasted; end of input stops the game
    (it is saved)."""
    prompt = f"[turn {request.turn_index + 1}/{request.max_turns}] you ({request.seat})> "
    prepare_terminal()
    while True:
        try:
            text = await _read_message(prompt)
        except EOFError:
            raise InputClosed("stopped") from None
        if text.strip():
            return text
