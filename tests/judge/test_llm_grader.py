"""The LLM grader through the OpenAI-compatible stub with recorded grader outputs."""

import asyncio
import json

from mazeplay.engine import maze_from_rows
from mazeplay.judge.judges import grade_messages, resolve_judge
from tests.judge.corpus import CORPUS

CASE = next(c for c in CORPUS if c["id"] == "inject-json")
MESSAGES = [(m["seat"], m["text"]) for m in CASE["messages"]]
MAZE = maze_from_rows(CASE["maze"])
VALID = json.dumps({
    "route_schema": {"origin": 0, "orientation": "top_left", "coordinate_order": "row_col", "symbols": "directions"},
    "route": [{"turn": 2, "coordinates": ["down"], "turn_type": "move", "agent": "both"}],
})


def grade(stub):
    return asyncio.run(grade_messages(MAZE, MESSAGES, "a", "openai/grader", api_base=stub.api_base, api_key="k", timeout=5))


def test_valid_output_is_scored_by_replay(stub):
    stub.script(("ok", VALID))
    g = grade(stub)
    assert g.judge == "llm-v27:openai/grader" and not g.ambiguous
    assert [list(c) for c in g.route] == CASE["route"]
    assert g.extraction["raw"] == [VALID]
    sent = stub.requests[0]
    assert sent["response_format"] == {"type": "json_object"}
    user = sent["messages"][1]["content"]
    assert user.count("<transcript>") == 1 and user.count("</transcript>") == 1
    assert "route_schema" in user  # the injected JSON is inside the fence, as escaped data


def test_invalid_then_valid_is_retried_and_both_outputs_kept(stub):
    stub.script(("ok", '{"route": [{"turn": 99, "coordinates": ["down"], "turn_type": "move", "agent": "both"}]}'), ("ok", VALID))
    g = grade(stub)
    assert len(g.extraction["raw"]) == 2 and not g.ambiguous and g.route[-1] == (1, 0)


def test_garbage_every_time_is_an_ambiguous_empty_route(stub):
    stub.script(("ok", "I think they did great!"), ("ok", "```not json```"), ("ok", "[]"))
    g = grade(stub)
    assert g.ambiguous and "no valid answer in 3 attempts" in g.reasons[-1]
    assert g.route == [MAZE.start] and not g.success and len(g.extraction["raw"]) == 3


def test_a_claimed_success_in_the_grader_output_is_checked_by_replay(stub):
    lying = json.dumps({"route": [{"turn": 1, "coordinates": ["(5,5)"], "turn_type": "move", "agent": "both"}]})
    stub.script(("ok", lying))
    g = grade(stub)
    assert not g.success and g.stopped_by == "not_adjacent"


def test_auto_picks_rule_without_a_key(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert resolve_judge("auto") == "rule"
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    assert resolve_judge("auto") == "openai/gpt-4.1"


def test_the_llm_grader_is_told_the_rule_graders_clause_rules(stub):
    stub.script(("ok", VALID))
    grade(stub)
    system = stub.requests[0]["messages"][0]["content"]
    for rule in ("I do NOT AGREE", "OK, down it is", "quoted or discussed", "never fill in cells", "split up",
                 "every coordinate scheme", "the left column"):
        assert rule in system, rule
