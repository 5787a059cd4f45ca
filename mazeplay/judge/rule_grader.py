"""The offline rule grader: reads the agreed route out of a free-form dialogue, deterministically.

Per message it finds the *reply* (the opening sentence: agreement or refusal of the partner's pending
proposal) and the *proposal* (cells or directions in sentences about moving, never in sentences that
describe the map or where the pair stands). A proposal becomes a `move` when the partner's next
message agrees or restates it; otherwise it stays a `consider`. First-person moves ("I'll go to…")
are recorded per agent as a split-up. Whatever it cannot decide is listed in `ambiguous`.
"""

from __future__ import annotations

import re

from mazeplay.game.moves import ACTI, EXPLICIT_AGREE, QUOTED
from mazeplay.judge.extraction import Extraction, RouteStep
from mazeplay.judge.notation import find_mentions

JUDGE = "rule-1"

_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
_MOVE_WORDS = re.compile(
    r"\b(go|goes|going|move|moving|moves|step|steps|head|heading|let'?s|propose|proposing|suggest|next|then|"
    r"proceed|travel|take|path|route|plan|continue|walk|walked|moved|went|stepped|finally|now)\b|->|→|=>|\bMOVE:",
    re.IGNORECASE,
)
_VAGUE_PROPOSAL = re.compile(
    r"\b(let'?s|we should|should we|shall we)\s+(go|move|head)\b|\b(go|move|head)\s+(to|towards|toward)\b", re.IGNORECASE
)
_SOLO = re.compile(r"\b(I'?ll|I will|I'?m|I am|I)\s+(go|goes|going|move|moving|moved|went|step|stepped|head|heading|walk)\b", re.IGNORECASE)
_POSITION = re.compile(r"\b(we'?re|we are|now at|currently|current position|standing|still at|i'?m at|i am at|back at|arrived)\b", re.IGNORECASE)
_DESCRIPTIVE = re.compile(
    r"\b(wall|walls|blocked|open|free|hidden|see|sees|map|visible|unknown|is|are|goal|start|corner|origin|means|"
    r"counting|count|numbered|indexed|based|grows?|increases?|like|think|call|name|(?:top|bottom)[- ](?:left|right))\b|#|@|\*",
    re.IGNORECASE,
)
_AGREE = re.compile(
    r"\b(agree|agreed|ok|okay|yes|yep|yeah|sure|sounds good|deal|confirmed|confirm|let'?s do it|go ahead|great|perfect|correct|right on|fine)\b",
    re.IGNORECASE,
)
_REFUSE = re.compile(r"\b(no|nope|disagree|don'?t|do not|instead|wait|rather|can'?t|cannot|not|won'?t|wrong)\b", re.IGNORECASE)
_REPEAT = re.compile(r"^\s*(?:x\s*)?(\d|two|three|four|five|twice)\s*(?:times|steps|cells|squares|x)?\b", re.IGNORECASE)
_NUMBERS = {"two": 2, "twice": 2, "three": 3, "four": 4, "five": 5}


_ASIDE = re.compile(r"\(([^()]*[A-Za-z]{3,}[^()]*)\)")


def _sentences(text: str) -> list[str]:
    """Sentences, with quoted text removed and worded asides "(counting from 1, …)" set apart."""
    text = _ASIDE.sub(lambda m: ". " + m.group(1) + ". ", QUOTED.sub(" ", text))
    return [s for s in _SENTENCE.split(text) if s.strip() and re.search(r"\w", s)]


def _expand_repeats(sentence: str) -> list[str]:
    """Directions with counts ("down twice", "right 2 times") expanded in order."""
    out = []
    for m in find_mentions(sentence):
        if m.kind != "direction":
            continue
        repeat = _REPEAT.match(sentence[m.start + len(m.raw):])
        count = 1
        if repeat:
            word = repeat.group(1).lower()
            count = int(word) if word.isdigit() else _NUMBERS[word]
            count = count if 1 <= count <= 9 else 1
        out.extend([m.direction] * count)
    return out


class Reading:
    """What one message says: its reply to a pending proposal, its own proposal, solo moves."""

    def __init__(self, text: str) -> None:
        sentences = _sentences(text)
        opening = sentences[0] if sentences else ""
        mentions_by_sentence = [find_mentions(x) for x in sentences]
        explicit = bool(EXPLICIT_AGREE.search(QUOTED.sub(" ", text)))
        first_mention = mentions_by_sentence[0][0].start if sentences and mentions_by_sentence[0] else len(opening)
        lead = opening[:first_mention]
        self.reply_index: int | None = None
        if _AGREE.search(lead) and not _REFUSE.search(lead):
            self.reply_index = 0
        else:
            for i, sentence in enumerate(sentences[:2]):
                if not mentions_by_sentence[i] and _AGREE.search(sentence) and not _REFUSE.search(sentence):
                    self.reply_index = i
                    break
        self.agree = explicit or self.reply_index is not None
        self.refuse = not self.agree and bool(_REFUSE.search(opening) or re.search(r"\b(wall|blocked)\b", opening, re.I))
        self.chunks: list[tuple[int, list[str]]] = []  # (sentence index, labels) proposed
        self.solo: list[str] = []
        self.unparsed = False
        self.acti = ACTI.lower() in text.lower()
        for i, sentence in enumerate(sentences):
            mentions = mentions_by_sentence[i]
            if not mentions:
                self.unparsed = self.unparsed or bool(_VAGUE_PROPOSAL.search(sentence))
                continue
            strong = bool(_MOVE_WORDS.search(sentence))
            if _POSITION.search(sentence) or (not strong and _DESCRIPTIVE.search(sentence)):
                continue
            if i > 0 and _REFUSE.search(sentence) and not re.search(r"\b(instead|rather)\b", sentence, re.I):
                continue  # "don't go to (2,1)"
            cells = [m for m in mentions if m.kind != "direction"]
            if not cells and not strong and len(sentence.split()) > 6:
                continue  # a direction word inside a longer remark is not a proposal
            labels = [m.raw for m in cells] if cells else _expand_repeats(sentence)
            if _SOLO.search(sentence) and not re.search(r"\b(we|us|let'?s|together)\b", sentence, re.I):
                self.solo.extend(labels)
            else:
                self.chunks.append((i, labels))

    @property
    def proposal(self) -> list[str]:
        return [label for _, labels in self.chunks for label in labels]

    def proposal_after_reply(self, pending: list[str]) -> list[str]:
        """The new proposal once a restatement of the accepted move ("OK, down it is") is set aside."""
        chunks = self.chunks
        if chunks and self.reply_index is not None and chunks[0][0] == self.reply_index and chunks[0][1] == pending:
            chunks = chunks[1:]
        return [label for _, labels in chunks for label in labels]


def grade_dialogue(messages: list[tuple[str, str]], first: str = "a") -> Extraction:
    """Extract the route from (seat, text) messages; `first` is agent_1."""
    extraction = Extraction(judge=JUDGE)
    pending: tuple[str, int, list[str]] | None = None  # (seat, step index, labels)
    for index, (seat, text) in enumerate(messages):
        agent = "agent_1" if seat == first else "agent_2"
        reading = Reading(text)
        own = reading.proposal
        if pending and pending[0] != seat:
            step = extraction.route[pending[1]]
            concurs = bool(own) and own == pending[2] and not reading.agree  # a plain restatement
            if (reading.agree or concurs) and not reading.refuse:
                step.turn_type, step.agent = "move", "both"
                own = [] if concurs else reading.proposal_after_reply(pending[2])
        pending = None
        if reading.solo:
            extraction.route.append(RouteStep(index + 1, reading.solo, "move", agent))
            extraction.ambiguous.append(f"turn {index + 1}: {agent} moved on its own (the pair split up)")
        if reading.unparsed and not own:
            extraction.ambiguous.append(f"turn {index + 1}: a move was proposed in words the grader cannot place")
        if own:
            extraction.route.append(RouteStep(index + 1, own, "consider", agent))
            pending = (seat, len(extraction.route) - 1, own)
        if reading.acti:
            break
    return extraction
