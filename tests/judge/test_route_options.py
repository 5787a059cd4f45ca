"""Named route options: a message that lays out "Route A" and "Route B" proposes neither; naming one later
says its moves, and picking the partner's option with a yes agrees them."""

from mazeplay.engine import maze_from_rows
from mazeplay.judge.score import rule_grade

MAZE = maze_from_rows(["@...", ".#.#", "...#", "#..*"])
ROUTES = ("## Candidate routes\n"
          "| # | Route | Moves |\n|---|---|---|\n"
          "| A | (0,1)→(0,2)→(1,2)→(2,2)→(3,2)→(3,3) | 6 |\n"
          "| B | (1,0)→(2,0)→(2,1)→(2,2)→(3,2)→(3,3) | 6 |\n")


def route(messages, first="a"):
    return [list(c) for c in rule_grade(MAZE, messages, first).route[1:]]


def test_laying_out_options_proposes_none_of_them():
    assert route([("a", ROUTES + "\nWhich do you prefer?"), ("b", "Agreed.")]) == []


def test_picking_the_partners_option_agrees_all_its_moves():
    assert route([("a", ROUTES + "\nBoth work for me."), ("b", "Checked both. **Agreed — Route B, all 6 moves.**")]) == [
        [1, 0], [2, 0], [2, 1], [2, 2], [3, 2], [3, 3]]


def test_an_option_chosen_by_the_one_who_laid_it_out_is_a_proposal():
    messages = [("a", ROUTES + "\n**Proposal:** Route A, if (0,2) is open on your side.")]
    assert route(messages) == []
    assert route(messages + [("b", "(0,2) is open. Agreed.")]) == [[0, 1], [0, 2], [1, 2], [2, 2], [3, 2], [3, 3]]


def test_options_in_a_numbered_list_and_a_first_step_only():
    text = "That gives two routes:\n1. right, right, down, down, down, right\n2. down, down, right, right, down, right\nI'd take route 1. Shall we start with 'right'?"
    assert route([("a", text), ("b", "sure")]) == [[0, 1]]


def test_a_question_naming_two_options_picks_neither():
    text = "Options:\nOption 1: (0,1) -> (0,2) -> (1,2)\nOption 2: (1,0) -> (2,0) -> (2,1)"
    assert route([("a", text), ("b", "Option 1 or option 2? Both look fine to me.")]) == []
