"""The paper-faithful LLM grader: a model reads the raw transcript and returns the route structure.

Its prompt states the same clause rules the rule grader applies (what is a proposal, an acceptance, a
restatement; when ACTI! is said), and its route goes through the same all-scheme replay, so where the
two disagree the audit points at a reading, not at two different rulebooks.

The transcript is passed as a JSON array inside tags, so a message cannot close the fence or pose as
the grader's instructions; the output is validated, retried when it does not parse, and every raw
output is kept. The model call goes through the LLM seat's client (the one place litellm lives).
"""

from __future__ import annotations

import json
from typing import Any

from mazeplay.judge.extraction import Extraction, RouteStep
from mazeplay.resources import asset

GRADER_VERSION = "v27"  # the prompt in assets/prompts/grader/v27/; what each version added: assets/prompts/grader/CHANGELOG.md
DEFAULT_MODEL = "openai/gpt-4.1"
_ORIENTATIONS = {"top_left", "bottom_left", "top_right", "bottom_right"}
_SYMBOLS = {"number_number", "letter_letter", "letter_number", "number_letter", "directions"}


class GraderOutputError(ValueError):
    """A grader answer that does not follow the schema."""


def grader_messages(messages: list[tuple[str, str]], first: str) -> list[dict[str, str]]:
    folder = asset("prompts", "grader", GRADER_VERSION)
    transcript = json.dumps(
        [{"turn": i + 1, "agent": "agent_1" if seat == first else "agent_2", "text": text}
         for i, (seat, text) in enumerate(messages)],
        ensure_ascii=True, indent=1,
    ).replace("<", "\\u003c").replace(">", "\\u003e")  # no tag can be closed from inside
    return [
        {"role": "system", "content": (folder / "system.txt").read_text().strip()},
        {"role": "user", "content": (folder / "user.txt").read_text().strip().replace("{transcript}", transcript)},
    ]


def parse_output(text: str, turns: int) -> tuple[dict, list[RouteStep]]:
    """Validate a grader answer; GraderOutputError says what is wrong."""
    body = text.strip()
    if body.startswith("```"):
        body = body.strip("`").removeprefix("json").strip()
    try:
        data: Any = json.loads(body)
    except json.JSONDecodeError as exc:
        raise GraderOutputError(f"not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("route"), list):
        raise GraderOutputError("expected an object with a 'route' list")
    schema = data.get("route_schema") or {}
    if not isinstance(schema, dict):
        raise GraderOutputError("'route_schema' must be an object")
    if schema.get("origin") not in (None, 0, 1) or schema.get("orientation") not in (None, *_ORIENTATIONS):
        raise GraderOutputError("bad origin or orientation in 'route_schema'")
    if schema.get("symbols") not in (None, *_SYMBOLS):
        raise GraderOutputError("bad symbols in 'route_schema'")
    steps = []
    for item in data["route"]:
        if not isinstance(item, dict):
            raise GraderOutputError("route entries must be objects")
        try:
            step = RouteStep.from_dict(item)
        except (KeyError, TypeError, ValueError):
            raise GraderOutputError("route entries need turn, coordinates, turn_type and agent") from None
        if step.turn_type not in ("move", "consider") or step.agent not in ("agent_1", "agent_2", "both"):
            raise GraderOutputError(f"bad turn_type or agent in turn {step.turn}")
        if not 1 <= step.turn <= turns:
            raise GraderOutputError(f"turn {step.turn} is outside the transcript (1–{turns})")
        steps.append(step)
    return schema, steps


async def llm_extract(
    messages: list[tuple[str, str]],
    first: str = "a",
    model: str = DEFAULT_MODEL,
    api_base: str | None = None,
    api_key: str | None = None,
    timeout: float = 120.0,
    attempts: int = 3,
) -> Extraction:
    """Ask `model` to grade; a provider failure raises (MazeplayError), bad answers are retried."""
    from mazeplay.seats.llm import LLMSeat

    client = LLMSeat(model=model, api_base=api_base, api_key=api_key, timeout=timeout, temperature=0.0)
    extraction = Extraction(judge=f"llm-{GRADER_VERSION}:{model}")
    prompt = grader_messages(messages, first)
    problem = "no attempt made"
    for _ in range(attempts):
        reply = await client.complete(prompt, response_format={"type": "json_object"})
        extraction.raw.append(reply.text)
        try:
            schema, steps = parse_output(reply.text, len(messages))
        except GraderOutputError as exc:
            problem = str(exc)
            continue
        extraction.route, extraction.route_schema = steps, schema or None
        extraction.ambiguous = [f"turn {s.turn}: {s.agent} moved on its own (the pair split up)"
                                for s in steps if s.turn_type == "move" and s.agent != "both"]
        return extraction
    extraction.ambiguous.append(f"the grader gave no valid answer in {attempts} attempts (last: {problem})")
    return extraction


