"""The reader searches its large patterns only when a trigger word is present, in lowered text and led by a
lookahead (for speed); a trigger list that falls behind its pattern silently changes the reading. This
checks, on every clause of the labelled corpora, that a gated pattern finds exactly what the pattern alone
finds, and that `quick` changes no pattern's matches."""

import json
import re
from pathlib import Path

import mazeplay.dialogue.clauses as clauses
import mazeplay.dialogue.notation as notation
import mazeplay.judge.diagnostics as diagnostics
from mazeplay.dialogue.quick import CaseBlind, quick, starting_chars
from tests.judge.corpus import CORPUS

HERE = Path(__file__).parent / "corpus"


def _texts() -> list[str]:
    messages = [m["text"] for case in CORPUS for m in case["messages"]]
    for name in ("dev.jsonl", "heldout.jsonl"):
        for line in (HERE / name).read_text().splitlines():
            if line.strip():
                messages += [m["text"] for m in json.loads(line)["messages"]]
    out = []
    for message in messages:
        for line, _ in clauses.clean_lines(message):
            out.extend(clauses.split_clauses(line))
    return out


def _span(match):
    return match and match.span()


def test_gates_never_hide_a_match():
    gated = {name: value for module in (clauses, diagnostics) for name, value in vars(module).items() if isinstance(value, CaseBlind)}
    texts = _texts()
    assert len(gated) >= 10 and len(texts) > 1000
    missed = {name: [text for text in texts if _span(gate.pattern.search(text)) != _span(gate.search(text))]
              for name, gate in gated.items()}
    assert {name: found[:3] for name, found in missed.items() if found} == {}


def _as_written(pattern: re.Pattern) -> re.Pattern:
    """The pattern without the lookahead `quick` led it with."""
    lead = f"(?={starting_chars(pattern)})(?:"
    return re.compile(pattern.pattern[len(lead):-1], pattern.flags) if pattern.pattern.startswith(lead) else pattern


def test_quick_patterns_find_what_the_pattern_finds():
    patterns = [value for module in (clauses, notation, diagnostics) for value in vars(module).values() if isinstance(value, re.Pattern)]
    written = [_as_written(pattern) for pattern in [*patterns, *(p for family in clauses._NOT_A_MOVE_FAMILIES for p in family)]]
    texts = _texts()
    assert len(written) > 100
    differ = {pattern.pattern[:60]: [text for text in texts if _span(fast.search(text)) != _span(pattern.search(text))]
              for pattern, fast in ((pattern, quick(pattern)) for pattern in written)}
    assert {name: found[:3] for name, found in differ.items() if found} == {}


def test_a_reading_never_depends_on_what_was_read_before():
    """Clause readings are cached and shared; a message whose neighbouring clauses change a reading ("If
    they're open on your side, then yes.": not yet) must change a copy, never the shared clause. One such
    leak made the hand-written corpus's "Ok." stop accepting once the blind corpus had been read."""
    mine = sorted({m["text"] for case in CORPUS for m in case["messages"]})
    alone = {}
    for text in mine:
        clauses.read_message.cache_clear()
        clauses.read_clause.cache_clear()
        alone[text] = _summary(clauses.read_message(text))
    for name in ("dev.jsonl", "heldout.jsonl"):
        for line in (HERE / name).read_text().splitlines():
            for message in json.loads(line)["messages"] if line.strip() else ():
                clauses.read_message(message["text"])
    clauses.read_message.cache_clear()  # the clause cache stays: only shared clauses could leak
    changed = [text for text in mine if _summary(clauses.read_message(text)) != alone[text]]
    assert not changed, changed[:3]


def _summary(reading) -> list[tuple]:
    return [(c.text, c.act, c.stance, tuple(i.label for i in c.items)) for c in reading.clauses]
