"""The reader searches its large patterns only when a trigger word is present, and in lowered text (for
speed); a trigger list that falls behind its pattern silently changes the reading. This checks, on every
clause of the labelled corpora, that a gated pattern finds exactly what the pattern alone finds."""

import json
from pathlib import Path

import mazeplay.dialogue.clauses as clauses
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
    gated = {name: value for name, value in vars(clauses).items() if isinstance(value, clauses._CaseBlind)}
    texts = _texts()
    assert len(gated) >= 10 and len(texts) > 1000
    missed = {name: [text for text in texts if _span(gate.pattern.search(text)) != _span(gate.search(text))]
              for name, gate in gated.items()}
    assert {name: found[:3] for name, found in missed.items() if found} == {}
