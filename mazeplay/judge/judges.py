"""Choosing a judge by name: `rule`, `auto` (the paper's LLM grader when its key is set, else rule),
or any litellm model id for the LLM grader."""

from __future__ import annotations

import os

from mazeplay.engine import Maze
from mazeplay.judge.llm_grader import DEFAULT_MODEL, llm_extract
from mazeplay.judge.score import Grade, grade_extraction, rule_grade


def resolve_judge(name: str, api_base: str | None = None) -> str:
    """'rule' or a model id."""
    if name == "auto":
        return DEFAULT_MODEL if (api_base or os.environ.get("OPENAI_API_KEY")) else "rule"
    if name != "rule" and "/" not in name:
        raise ValueError(f"unknown judge {name!r}: use rule, auto, or a litellm model id like openai/gpt-4.1")
    return name


async def grade_messages(
    maze: Maze,
    messages: list[tuple[str, str]],
    first: str = "a",
    judge: str = "rule",
    api_base: str | None = None,
    api_key: str | None = None,
    timeout: float = 120.0,
    completion_tokens: list[int | None] | None = None,
) -> Grade:
    judge = resolve_judge(judge, api_base)
    if judge == "rule":
        return rule_grade(maze, messages, first, completion_tokens)
    if not api_base and not api_key:
        from mazeplay.seats.llm import check_model

        check_model(judge)
    extraction = await llm_extract(messages, first, judge, api_base, api_key, timeout)
    return grade_extraction(extraction, maze, messages, first, completion_tokens)
