"""Named route options: "Route A: (0,1) -> (0,2) …", "Option B — eastern approach:", a numbered list of
"two routes:", a table with a Route column; and the later choice of one by name ("Agreed — Route A",
"Route 1 it is", "your first option").

A message that lays out options has not proposed any of them; a message that names one has said that
option's moves, in the words of the message that laid it out. This module only finds the texts: what
the moves are is read by `mazeplay.dialogue.clauses`, and what the choice does by the agreement fold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_KINDS = r"(?:option|route|plan|path|alternative|variant)"
_LABEL = r"([a-d]|[1-4])"
OPTION_WORDS = ("option", "route", "plan", "path", "alternative", "variant")

# "Route A: …", "**Option B — eastern approach:**", "Option 2 (via the top): …" at the start of a line
_LABELLED_LINE = re.compile(
    rf"^[\s*_#>|-]*{_KINDS}\s+{_LABEL}(?![\w'])\**\s*(?:\([^)]{{0,60}}\)\s*)?(?:[—–-][^:\n]{{0,60}})?:\**\s*(.*)$",
    re.IGNORECASE)
_LIST_ITEM = re.compile(r"^\s*(?:\*\*)?(?:([1-4])[.)]|([a-d])[.)]|\(([1-4a-d])\))(?:\*\*)?\s+(.*)$", re.IGNORECASE)
_LIST_INTRO = re.compile(r"\b(?:routes|options|paths|plans|alternatives|variants|candidates|ways)\b", re.IGNORECASE)
_TITLE = re.compile(r"^\W*[A-Za-z][^:()\d]{0,40}:\**\s*")  # "**Left column:** (1,0) -> …"
_MOVE_HINT = re.compile(r"\(\s*\d|\b[A-Ha-h]\d\b|\b[rR]\d|\b(?:up|down|left|right|north|south|east|west)\b|->|→", re.IGNORECASE)
_TABLE_RULE = re.compile(r"^\s*\|?[\s:|-]+\|?\s*$")
_TABLE_LABEL = re.compile(rf"^\W*(?:{_KINDS}\s+)?{_LABEL}\W*$", re.IGNORECASE)
_REFERENCE = re.compile(
    rf"\b{_KINDS}\s+{_LABEL}(?![\w'])|\b(first|second|third|1st|2nd|3rd)\s+{_KINDS}\b", re.IGNORECASE)
_ORDINALS = {"first": "1", "1st": "1", "second": "2", "2nd": "2", "third": "3", "3rd": "3"}


@dataclass(frozen=True)
class Option:
    key: str  # "a", "1": the label as written, lower-cased
    position: int  # 1 for the first option laid out, 2 for the second…
    text: str  # the moves as written ("(0,1) -> (0,2) -> (0,3)", "right, down, down")


def _has_moves(text: str) -> bool:
    return len(_MOVE_HINT.findall(text)) >= 2


def _labelled(lines: list[str]) -> tuple[list[tuple[str, str]], set[int]]:
    found, used = [], set()
    for k, line in enumerate(lines):
        match = _LABELLED_LINE.match(line)
        if not match:
            continue
        body, at = match.group(2).strip(), {k}
        if not body and k + 1 < len(lines) and _has_moves(lines[k + 1]) and not _LABELLED_LINE.match(lines[k + 1]):
            body, at = lines[k + 1].strip(), {k, k + 1}  # "**Option A — southern approach:**" then the moves
        found.append((match.group(1).lower(), body))
        used |= at
    return found, used


def _listed(lines: list[str]) -> tuple[list[tuple[str, str]], set[int]]:
    """A numbered or lettered list right after a line that announces routes or options."""
    for k, line in enumerate(lines):
        if not _LIST_INTRO.search(line) or _LIST_ITEM.match(line):
            continue
        found, used, j = [], set(), k + 1
        while j < len(lines) and (match := _LIST_ITEM.match(lines[j])):
            found.append(((match.group(1) or match.group(2) or match.group(3)).lower(), match.group(4)))
            used.add(j)
            j += 1
        if len(found) >= 2 and all(_has_moves(body) for _, body in found):
            return found, used
    return [], set()


def _tabled(lines: list[str]) -> tuple[list[tuple[str, str]], set[int]]:
    """A table whose first column labels its rows (A, B or Route 1, Route 2) and whose rows hold routes."""
    found, used, header = [], set(), ""
    for k, line in enumerate(lines):
        if line.count("|") < 2:
            header = ""
            continue
        if _TABLE_RULE.match(line):
            continue
        if not header:
            header = line.lower()
            continue
        if not any(word in header for word in OPTION_WORDS) or "step" in header:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not (label := _TABLE_LABEL.match(cells[0])):
            continue
        route = max(cells[1:], key=lambda c: c.count("->") + c.count("→") + len(_MOVE_HINT.findall(c)))
        if route.count("->") + route.count("→") >= 2 or _has_moves(route):  # "(0,1) → (0,2) → …" or "↓ ← ↓ ← ↓"
            found.append((label.group(1).lower(), route))
            used.add(k)
    return found, used


def find_options(text: str) -> tuple[list[Option], set[int]]:
    """The options a message lays out (two labels or more; those that name no move are left out), and the indexes of the lines
    (`text.split("\\n")`) that lay them out."""
    lowered = text.lower()
    if not any(word in lowered for word in OPTION_WORDS) and "|" not in text:
        return [], set()
    lines = text.replace("\r\n", "\n").split("\n")
    for finder in (_labelled, _tabled, _listed):
        found, used = finder(lines)
        keys = {key for key, _ in found}
        if len(keys) >= 2:
            options = [Option(key, n, _TITLE.sub("", body, count=1)) for n, (key, body) in enumerate(found, 1)
                       if _MOVE_HINT.search(body)]
            if options:
                return options, used
    return [], set()


def references(text: str) -> list[tuple[str, int]]:
    """Options named in a text, in order: ("a", start) for "Route A", ("#1", start) for "the first option"."""
    out = []
    for match in _REFERENCE.finditer(text):
        if match.group(1):
            out.append((match.group(1).lower(), match.start()))
        else:
            out.append(("#" + _ORDINALS[match.group(2).lower()], match.start()))
    return out
