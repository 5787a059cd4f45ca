"""Line mode: a pasted map is one message, a trailing backslash continues a line, lines piped in one
by one stay separate messages, and the end of input stops the game rather than failing it."""

import asyncio

import pytest

from mazeplay.game.loop import SeatError
from mazeplay.seats import human
from mazeplay.seats.human import PASTE_END, PASTE_START, InputClosed, collect_message

MAP = ["my map:", "@..#??", ".????.", "..#...", "#.?...", "....?.", "?...*."]
REQUEST = type("Request", (), {"turn_index": 0, "max_turns": 50, "seat": "a"})()


def reader(lines):
    it = iter(lines)
    return lambda *prompt: next(it)


def typed(monkeypatch, lines):
    """The person's keyboard: `input()` returns these lines, then the end of input (Ctrl-D)."""
    it = iter(lines)

    def read(prompt=""):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", read)


def test_a_bracketed_paste_is_one_message_with_its_line_breaks():
    lines = [PASTE_START + MAP[0], *MAP[1:-1], MAP[-1] + PASTE_END]
    assert collect_message(lines[0], reader(lines[1:])) == "\n".join(MAP)


def test_a_paste_ending_in_a_line_break_waits_for_enter():
    lines = [PASTE_START + MAP[0], *MAP[1:], PASTE_END + " see?"]
    assert collect_message(lines[0], reader(lines[1:])) == "\n".join(MAP) + "\n see?"


def test_a_trailing_backslash_adds_a_line_and_plain_lines_stay_apart():
    assert collect_message("first\\", reader(["second\\", "third"])) == "first\nsecond\nthird"
    assert collect_message("just one line", reader([])) == "just one line"


def test_terminal_line_reads_a_pasted_map_as_one_message(monkeypatch):
    typed(monkeypatch, [PASTE_START + MAP[0], *MAP[1:-1], MAP[-1] + PASTE_END, "next message"])
    assert asyncio.run(human.terminal_line(REQUEST)) == "\n".join(MAP)
    assert asyncio.run(human.terminal_line(REQUEST)) == "next message"


def test_end_of_input_stops_the_game_even_inside_a_paste(monkeypatch):
    typed(monkeypatch, [PASTE_START + "half a map"])
    with pytest.raises(InputClosed) as stop:
        asyncio.run(human.terminal_line(REQUEST))
    assert isinstance(stop.value, SeatError) and stop.value.stopped_by_player
