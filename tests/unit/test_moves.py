"""The live-mode move syntax and the plain language it understands."""

import pytest

from mazeplay.game.moves import MoveTracker, agreed_moves, read_intent


@pytest.mark.parametrize(
    "text, proposal, agree, refuse",
    [
        ("MOVE: down", "down", False, False),
        ("propose left", "left", False, False),
        ("AGREE. MOVE: right", "right", True, False),
        ("Let's go south.", "down", False, False),
        ("I suggest we move up one step", "up", False, False),
        ("east?", "right", False, False),
        ("ok", None, True, False),
        ("Sounds good!", None, True, False),
        ("No, that is a wall. Instead, go left.", "left", False, True),
        ('I accept with "AGREE" and propose with "MOVE: up"', None, False, False),  # mentions, not uses
        ("No: (2, 1) is a wall on my map.\nMOVE: down", "down", False, True),
    ],
)
def test_read_intent(text, proposal, agree, refuse):
    intent = read_intent(text)
    assert (intent.proposal, intent.agree, intent.refuse) == (proposal, agree, refuse)


def test_acti_is_detected_anywhere():
    assert read_intent("We made it. ACTI!").acti
    assert not read_intent("almost there").acti


def test_tracker_executes_only_agreed_moves():
    dialogue = [
        ("a", "MOVE: down"),
        ("b", "AGREE. MOVE: right"),
        ("a", "No, wall. MOVE: down"),  # refuses right, proposes down
        ("b", "down"),  # a concurring plain proposal is an agreement
        ("a", "MOVE: left"),
        ("b", "hmm, let me think"),  # ignoring a proposal lets it lapse
        ("a", "AGREE"),  # nothing pending from b: no move
    ]
    assert agreed_moves(dialogue) == ["down", "down"]


def test_a_seat_cannot_agree_to_its_own_proposal():
    tracker = MoveTracker()
    tracker.feed("a", "MOVE: down")
    assert tracker.feed("a", "AGREE") == []
