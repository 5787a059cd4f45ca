"""`quick`: the lookahead on the characters a pattern's matches start with, read off the pattern."""

import re

import pytest

from mazeplay.dialogue.quick import quick, starting_chars


@pytest.mark.parametrize(
    "pattern, chars",
    [
        (r"\b(?:ab|cd)e", "[ac]"),
        (r"x?y", "[xy]"),
        (r"(?<![\w'])(?:[a-c]|\d)-?\d", r"[\dabc]"),
        (r"\s*;|,", r"[,;\s]"),
        (r"(?=q)\bfoo|bar", "[bf]"),
        (r"a*", None),  # it may match nothing
        (r"x|\b", None),
        (r"[^a]b", None),  # any character but one
        (r".b", None),
    ],
)
def test_starting_chars(pattern, chars):
    assert starting_chars(re.compile(pattern)) == chars


def test_quick_finds_what_the_pattern_finds():
    pattern = re.compile(r"\b(?:set|line)\s+(?:up|down)\b|\bup\s+to\b", re.IGNORECASE)
    fast = quick(pattern)
    assert fast.pattern.startswith("(?=")
    for text in ("Set up the map", "go up to row 3", "lined up", "LINE DOWN", "upset", ""):
        assert [m.span() for m in fast.finditer(text)] == [m.span() for m in pattern.finditer(text)]
