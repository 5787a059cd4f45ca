"""Cell mentions in free text, in every notation agents invent, and the coordinate schemes that read them.

A mention keeps its raw symbols; only a `Scheme` turns it into a cell, because the same "(2, 3)"
means different cells to agents who count from 0 or 1, from the top or the bottom, rows or columns
first. Directions are read relative to the map as displayed (up = towards the first text line).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Iterator, Literal

from mazeplay.dialogue.quick import quick
from mazeplay.engine import Cell

Kind = Literal["pair", "row_col", "letter_number", "number_letter", "letter_letter", "direction"]

_DIRECTIONS = {
    "up": "up", "north": "up", "upward": "up", "upwards": "up", "down": "down", "south": "down",
    "downward": "down", "downwards": "down", "left": "left", "west": "left", "right": "right", "east": "right",
    # what fast typists write
    "dwon": "down", "donw": "down", "dowm": "down", "doen": "down", "dwn": "down", "rigth": "right", "rihgt": "right", "rite": "right",
    "ups": "up", "downs": "down", "lefts": "left", "rights": "right",  # "three ups"
    "righ": "right", "rght": "right", "riht": "right", "rigt": "right", "lfet": "left", "letf": "left", "lft": "left", "lef": "left", "uo": "up",
    "rt": "right", "dn": "down",  # "dwn 2, rt 2", "dn, lft, lft"
}
_NUM = r"(\d{1,2})"
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
_ORDINAL_WORDS = "|".join(_ORDINALS)
_CARDINALS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_WORD_NUM = r"(\d{1,2}|" + "|".join(_CARDINALS) + r")"  # "row two, column three"
_ORD_NUM = r"(\d{1,2}(?=st|nd|rd|th)|" + _ORDINAL_WORDS + r")(?:st|nd|rd|th)?"  # "4th", "fourth"
_PATTERNS: list[tuple[str, re.Pattern]] = [
    ("rc", re.compile(r"\b[rR]\s?" + _NUM + r"\s?[,/]?\s?[cC]\s?" + _NUM + r"\b")),
    ("ordinal_rc", re.compile(r"\b(\d{1,2}|" + _ORDINAL_WORDS + r")(?:st|nd|rd|th)?\s+row\s*(?:,|and)?\s*(?:(?:the\s+)?(\d{1,2}|" + _ORDINAL_WORDS + r")(?:st|nd|rd|th)?\s+(?:col(?:umn)?|cell)\b)", re.IGNORECASE)),
    ("ordinal_cr", re.compile(r"\b(\d{1,2}|" + _ORDINAL_WORDS + r")(?:st|nd|rd|th)?\s+(?:col(?:umn)?|cell)\s*(?:,|and|of|in)?\s*(?:the\s+)?(\d{1,2}|" + _ORDINAL_WORDS + r")(?:st|nd|rd|th)?\s+row\b", re.IGNORECASE)),
    ("words_rc", re.compile(r"\brow\s*" + _WORD_NUM + r"\s*(?:,|and|/|;)?\s*(?:col(?:umn)?|c)\s*" + _WORD_NUM + r"\b", re.IGNORECASE)),
    ("words_cr", re.compile(r"\b(?:col(?:umn)?)\s*" + _WORD_NUM + r"\s*(?:,|and|/|;)?\s*row\s*" + _WORD_NUM + r"\b", re.IGNORECASE)),
    ("words_r_ordc", re.compile(r"\brow\s*" + _WORD_NUM + r"\s*(?:,|and)?\s*(?:the\s+)?" + _ORD_NUM + r"\s+col(?:umn)?\b", re.IGNORECASE)),
    ("xy", re.compile(r"\bx\s*=\s*" + _NUM + r"\s*,?\s*y\s*=\s*" + _NUM, re.IGNORECASE)),
    ("pair", re.compile(r"[\(\[]\s*" + _NUM + r"\s*[,;]\s*" + _NUM + r"\s*[\)\]]")),
    ("bare_pair", re.compile(r"(?<![\w.,(\[/:=+-])(?<!row )(?<!rows )(?<!col )(?<!cols )(?<!column )(?<!columns )(\d),(\d)(?![\w,)\]/:%+]|\.\d)")),  # "down to 4,1" typed fast
    ("letter_number", re.compile(r"(?<![\w'])([A-La-l])-?" + _NUM + r"(?![\w'])")),
    ("number_letter", re.compile(r"(?<![\w'])" + _NUM + r"([A-La-l])(?![\w'])")),
    ("direction", re.compile(r"\b(up|down|left|right|north|south|east|west|upwards?|downwards?|(?:(?<=two )|(?<=three )|(?<=four )|(?<=five )|(?<=six )|(?<=seven )|(?<=eight )|(?<=\d ))(?:(?<!the \w{3} )(?<!the \w{4} )(?<!the \w{5} )(?<!all \w{3} )(?<!all \w{4} )(?<!all \w{5} )(?<!not \w{3} )(?<!not \w{4} )(?<!not \w{5} )(?:ups|downs|lefts|rights)|(?:ups|downs|lefts|rights)(?=\s+(?:to|into|onto)\s+[(\[]))|dwon|donw|dowm|doen|dwn|rigth|rihgt|righ|rght|riht|rigt|rite|lfet|letf|lft|lef|rt|dn)(?:\b|(?=[1-9]\b))", re.IGNORECASE)),  # "left1 up3" typed fast
]


_DIGIT = re.compile(r"\d")
_DIRECTION_HINT = re.compile(r"up|down|left|right|north|south|east|west|dwon|donw|dowm|doen|dwn|rigth|rihgt|righ|rght|riht|rigt|rite|lfet|letf|lft|lef|\brt\b|\bdn\b")


@dataclass(frozen=True)
class Mention:
    """One place or move named in a message."""

    kind: Kind
    first: int = 0  # numbers as written; letters as 1-based positions (A = 1)
    second: int = 0
    direction: str | None = None
    start: int = 0  # character offset in the message
    raw: str = ""
    ordinal: bool = False  # "3rd row, 2nd column": counted from 1 whatever the pair's numbering

    def label(self) -> str:
        return self.raw


_ORDINAL_MARK = re.compile(r"\d(?:st|nd|rd|th)\b|\b(?:" + _ORDINAL_WORDS + r")\b", re.IGNORECASE)


def _number(word: str) -> int:
    """A coordinate as written: digits, a number word or an ordinal ("3", "three", "third")."""
    word = word.lower()
    return int(word) if word.isdigit() else _CARDINALS.get(word) or _ORDINALS[word]


def _letter(ch: str) -> int:
    return ord(ch.lower()) - ord("a") + 1


_COMBINED = quick(re.compile("|".join(f"(?P<{name}>{pattern.pattern})" for name, pattern in _PATTERNS), re.IGNORECASE))
_BY_NAME = dict(_PATTERNS)


def find_mentions(text: str, directions: bool = True) -> list[Mention]:
    """All mentions in reading order, in one scan; where notations overlap at a position the more
    specific one (earlier in `_PATTERNS`) wins."""
    found: list[Mention] = []
    if not _DIGIT.search(text):
        lowered = text.lower()
        if not _DIRECTION_HINT.search(lowered) and "row" not in lowered and "col" not in lowered:
            return found  # no digit, no direction, no "row two, column three" / "third row, first column"
    for match in _COMBINED.finditer(text):
        name = match.lastgroup
        if name is None or (name == "direction" and not directions):
            continue
        specific = _BY_NAME[name].match(text, match.start())
        mention = _mention(name, specific) if specific is not None else None
        if mention is not None:
            found.append(mention)
    return found


def _mention(name: str, match: re.Match) -> Mention | None:
    g, raw, at = match.groups(), match.group(0), match.start()
    if name in ("ordinal_rc", "ordinal_cr"):  # "2nd row, 3rd column": counted from 1, as people count
        a, b = (_number(x) for x in g[:2])
        counted = bool(_ORDINAL_MARK.search(raw))  # "3rd", "third": an ordinal; "3 row" is a number as written
        return (Mention("row_col", a, b, start=at, raw=raw, ordinal=counted) if name == "ordinal_rc"
                else Mention("row_col", b, a, start=at, raw=raw, ordinal=counted))
    if name in ("rc", "words_rc", "words_r_ordc"):
        return Mention("row_col", _number(g[0]), _number(g[1]), start=at, raw=raw)
    if name == "words_cr":
        return Mention("row_col", _number(g[1]), _number(g[0]), start=at, raw=raw)
    if name == "xy":  # x is the column, y the row
        return Mention("row_col", int(g[1]), int(g[0]), start=at, raw=raw)
    if name in ("pair", "bare_pair"):
        return Mention("pair", int(g[0]), int(g[1]), start=at, raw=raw)
    if name == "letter_number":
        return Mention("letter_number", _letter(g[0]), int(g[1]), start=at, raw=raw)
    if name == "number_letter":
        return Mention("number_letter", int(g[0]), _letter(g[1]), start=at, raw=raw)
    return Mention("direction", direction=_DIRECTIONS[g[0].lower()], start=at, raw=raw)


def parse_mention(label: str) -> Mention | None:
    """Read one coordinate as an LLM grader writes it ("(2, 3)", "B3", "r2c3", "down")."""
    mentions = find_mentions(label)
    return mentions[0] if len(mentions) == 1 else None


@dataclass(frozen=True)
class Scheme:
    """How numbers map to cells: origin, the corner they count from, and which comes first."""

    origin: int  # 0 or 1
    orientation: str  # top_left, bottom_left, top_right, bottom_right
    order: str  # row_col or col_row

    def name(self) -> str:
        return f"{self.order}/{self.origin}-based/{self.orientation}"

    def to_dict(self) -> dict:
        return {"origin": self.origin, "orientation": self.orientation, "order": self.order}

    def cell(self, mention: Mention, size: int) -> Cell | None:
        """The cell `mention` names under this scheme (None for directions)."""
        if mention.kind == "direction":
            return None
        if mention.kind == "number_letter":  # "2A" is the square "A2" written number first: the letter keeps its axis
            mention = Mention("letter_number", mention.second, mention.first, raw=mention.raw)
        first_letter = mention.kind in ("letter_number", "letter_letter")
        second_letter = mention.kind in ("number_letter", "letter_letter")
        first = mention.first - (1 if first_letter or mention.ordinal else self.origin)  # letters always count from A,
        second = mention.second - (1 if second_letter or mention.ordinal else self.origin)  # ordinals from the first
        if mention.kind == "row_col" or self.order == "row_col":
            row, col = first, second
        else:
            row, col = second, first
        if self.orientation in ("bottom_left", "bottom_right"):
            row = size - 1 - row
        if self.orientation in ("top_right", "bottom_right"):
            col = size - 1 - col
        return (row, col)


ORIENTATIONS = ("top_left", "bottom_left", "top_right", "bottom_right")
SCHEMES: tuple[Scheme, ...] = tuple(
    Scheme(origin, orientation, order)
    for order, origin, orientation in itertools.product(("row_col", "col_row"), (0, 1), ORIENTATIONS)
)


def symbol_type(mentions: list[Mention]) -> str:
    """The spec's `symbols` field for the notation that dominates a route."""
    kinds = [m.kind for m in mentions]
    if not kinds:
        return "directions"
    best = max(set(kinds), key=kinds.count)
    return {"pair": "number_number", "row_col": "number_number", "direction": "directions"}.get(best, best)


def iter_schemes() -> Iterator[Scheme]:
    return iter(SCHEMES)
