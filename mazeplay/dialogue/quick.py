"""Regex searches made quicker without changing what they find.

Python's regex engine tries a pattern at every position of the text; for a large alternation that starts
with `\\b` it tries every alternative at every word. When every match must start with one of a few
characters, a lookahead on them lets the engine pass over the other positions at once. `quick` adds
that lookahead, computed from the pattern itself so that it cannot fall behind an edit. `CaseBlind`
also avoids the engine's case-blind mode, several times slower.
"""

from __future__ import annotations

import re
from re import _constants as sre  # the parsed form of a pattern: private, but the same in Python 3.11 to 3.13
from re import _parser as sre_parse
from typing import Iterator

_ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)


_CATEGORIES = {sre.CATEGORY_SPACE: r"\s", sre.CATEGORY_NOT_SPACE: r"\S", sre.CATEGORY_DIGIT: r"\d",
               sre.CATEGORY_NOT_DIGIT: r"\D", sre.CATEGORY_WORD: r"\w", sre.CATEGORY_NOT_WORD: r"\W"}


def _class_members(items: list) -> set[str] | None:
    """A character class as the members of another: characters (escaped) and categories (\\s, \\d, \\w…)."""
    members: set[str] = set()
    for op, av in items:
        if op is sre.LITERAL:
            members.add(re.escape(chr(av)))
        elif op is sre.RANGE and av[1] - av[0] < 128:
            members.update(re.escape(chr(code)) for code in range(av[0], av[1] + 1))
        elif op is sre.CATEGORY and av in _CATEGORIES:
            members.add(_CATEGORIES[av])
        else:
            return None  # a negated class or a wide range
    return members


def _starts(items: list) -> tuple[set[str], bool] | None:
    """(class members a match of this sequence can start with, whether it can match empty), or None."""
    chars: set[str] = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue  # anchors and lookarounds consume nothing: the next item starts the match
        if op is sre.LITERAL:
            return chars | {re.escape(chr(av))}, False
        if op is sre.IN:
            found = _class_members(av)
            return None if found is None else (chars | found, False)
        if op is sre.BRANCH:
            parts = [_starts(alternative) for alternative in av[1]]
        elif op is sre.SUBPATTERN and not av[1] and not av[2]:  # a group without inline flags
            parts = [_starts(av[3])]
        elif op is sre.ATOMIC_GROUP:
            parts = [_starts(av)]
        elif op in _REPEATS:
            part = _starts(av[2])
            parts = [None if part is None else (part[0], part[1] or av[0] == 0)]
        else:
            return None  # any character, a negated literal, a back-reference…
        if any(part is None for part in parts):
            return None
        chars = chars.union(*(part[0] for part in parts))
        if not any(part[1] for part in parts):
            return chars, False
    return chars, True


def starting_chars(pattern: re.Pattern) -> str | None:
    """A character class holding the first character of every match, or None when the pattern can match
    the empty string or start with a character no small class covers."""
    found = _starts(list(sre_parse.parse(pattern.pattern, pattern.flags)))
    if found is None or found[1]:
        return None
    return "[" + "".join(sorted(found[0])) + "]"


def quick(pattern: re.Pattern) -> re.Pattern:
    """The same pattern, led by a lookahead on the characters its matches start with (when that is known)."""
    chars = starting_chars(pattern)
    return re.compile(f"(?={chars})(?:{pattern.pattern})", pattern.flags) if chars else pattern


class CaseBlind:
    """A case-blind pattern, searched case-sensitively in the lowered text when that text is ASCII (lowering
    then keeps every position): Python's regex engine is several times slower when it compares every
    letter both ways. Matches hold the lowered text; the pattern must be written in lower case. The
    lowered pattern is also `quick`."""

    def __init__(self, pattern: re.Pattern) -> None:
        assert pattern.flags & re.IGNORECASE and not re.search("[A-Z]", re.sub(r"\\.|\(\?P", "", pattern.pattern)), pattern.pattern
        self.pattern = pattern
        self.lowered = quick(re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE))

    def search(self, text: str) -> re.Match | None:
        return self.lowered.search(text.lower()) if text.isascii() else self.pattern.search(text)

    def match(self, text: str) -> re.Match | None:
        return self.lowered.match(text.lower()) if text.isascii() else self.pattern.match(text)

    def finditer(self, text: str) -> Iterator[re.Match]:
        return self.lowered.finditer(text.lower()) if text.isascii() else self.pattern.finditer(text)

    def split(self, text: str) -> list[str]:
        """`re.split` for a pattern without groups that never matches empty: the text cut where it matches."""
        if not text.isascii():
            return self.pattern.split(text)
        pieces, start = [], 0
        for match in self.lowered.finditer(text.lower()):
            pieces.append(text[start:match.start()])
            start = match.end()
        pieces.append(text[start:])
        return pieces
