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

GRADER_VERSION = "v26"  # v26: stretched words ("lefttt"), "rrrr along row 2", compass words leading a plan, moves then their cells as one route, cells listed "to the goal", "yes (2,0) open", "goal top right.", "Above us, …", "Hmm, why …?", "Right is pointless", "ok all of it", {"ack": 1}, a plan told from where the partner's ends, as in rule-27; v25: "rt"/"dn", letters typed once a move ("rrr", "RRDDD"), a sentence of one capital letter, "Left along the row to (4,1)", "Up, I'm not sure", "(5,6) wall.", "colour me convinced", as in rule-26; v24: "1)" item numbers, runs along a row until the edge, "Requesting approval for …", plan steps asked with where they lead, "from where we are:", "so left into it", a move the partner named next, "should place us on the goal", "teaming up", "heading up and to the right", "I'd go along with that as far as …", "The single up, fine.", "one of us types ACTI!", as in rule-25; v23: a polite yes with no condition to named moves, "Up to (2,1), yes" as the move, "all four ups", "I agree to 6 only", "Agree … only. Hold the remaining three", a numbered range label, a step-number column in a code block, cells listed one by one after counted moves, runs to the corner and up a named file, "you got (1,2)?", "I make it 5 downs", "Pos row five col one", a yes to a recap asked about, "recapping", as in rule-24; v22: "I see the way:", a labelled plan after the way told in prose, step tables noting who saw each cell, counted table rows before the next cell, a counted run to a line it does not reach, moves said to run into a wall, a turn at a place ahead, "down: open", "ratified", {"ack": "👍"}, "yea"/"nay" votes, "b4 ya", "all five steps" of numbered steps, the first part agreed then "how many downs?", as in rule-23; v21: moves counted in words before where they go, "The cell below is open. Then …", moves as a letter and a count carried through the dialogue, phases numbered and agreed by number, a route option agreed for one phase, "final position … confirmed", "Yes, (6,1) is mine and open", "the two lefts — agreed", "I need a yes", the first move said yes to then "go", JSON moves held back, clarification asked before agreeing, "will confirm next turn", moves just agreed told as executed, a stop inside bold, steps checked open, as in rule-22; v20: both seats going their own way, "moved down" without the I, cells listed after moves, a plan told again with the move just agreed, "Up up up up up. Left left." as a recap, "So:" under a heading of what a seat sees, "recap before we move", "aye", an agree object holding moves, moves the partner named after other moves were agreed, "Confirmed. Left x2?", the rest of a plan laid out with a yes, "right until we hit the star", as in rule-21; v19: verdict headings, numbered phases and counted table rows, "D4, L6, D2", JSON "plan_accepted", "pending" and a listed yes, "bet, so <plan>?" put back for a yes, "so up then left…" after the up, "after left, (4,4) is a wall", cells "on yours" after a report, "Status: position (5,0).", "if I've counted right", going one's own way, as in rule-20; v18: moves as small letters, "send it" after a move checked open, a JSON proposal inside a yes, "Now move down", "Right" as a word, "no going straight right", "as is …" reports, cells "all confirmed", the way here told again, chess files and ranks, "not gonna say no", a salute, steps named in bold or before their yes, "sure, they are" meeting a condition, a partial JSON yes, "right again, we're …", a trusted condition, "OK — is it open?", moves held off, a yes while proposing read again on "ACTI!", two downs summed up, emoji after the words as decoration, as in rule-19; v17: emoji closing a report, counted legs under labels, "the five rights to (6,2)", steps checked back, counts said from where the pair stands, "@ = f1" and ranks from the bottom, where the goal lies with its cell, the map "all the way left", "we gotta", "? on mine", the four ways as words, recap labels, plans held back, "exactly right", the one way reported open taken, the last step held for a check, "stop at R6C7", polite yeses with no condition, a yes to the moves just settled, moves put off for a check, "no cap", "One left" as a move, the rest of a numbered plan named by its step numbers, as in rule-18; v16: a list ending on the goal, "right one", "1 step?" offers, "down, twice", hedged moves before a comma, "That would be:" plans, runs along a row to a column, "Keep going:" and "from here:" labels, JSON [move, cell] pairs, the move then how far, questions under a proposal heading, "Position (5,0).", "the mix-up", a plan line's cell and its direction, arrow emoji as decoration, label lines over lists, "both parts", moves put on hold, "one more right?", "How many?", conditional yeses met and conditional offers, the last part said back, as in rule-17; v15: a cell asked then said unseen, the next cell said open, "after left we go up", "This is the path to the goal", "happy to agree move 5", "so not left", a yes that names the move then the move, "Agreed: right. Then right.", repeats counted once and "2 more after", "keep going up", "That's:" plans, cells in words, counted runs ending where they say, as in rule-16; v14: "I confirm", JSON votes, flags and frames, the format shown, the move words named, cells with their map symbols, "all five", "the first three moves" after the plan said back, a yes to another direction, moves echoed then agreed, "Awaiting confirmation", a choice left open, as in rule-15; v13: moves as listed letters, counted arrows and counted JSON, steps agreed by number of a plan not numbered, "same again" of two moves, runs to the goal, "Yes I am sure", an invitation to propose, a missed yes shown by "ACTI!" on the goal after a short reading, as in rule-14; v12: a yes put off, "right." to a tag question, lists of seen cells, plans written as code, as in rule-13; v11: a reading that runs into a wall read again when the pair ends on the goal, "no left" refuses, "send it" accepts, as in rule-12; v10: moves as capital letters and arrows, a choice offered, numbered steps agreed by number, as in rule-11; v9: conditional yes kept open until the condition is met, as in rule-10; v8: "ACTI!" on the goal as evidence, as in rule-9; v7: the reconsidered replies of rule-8 (what the pair says later of where it stands decides); v6: the clause rules of rule-7 (checklists, ordinal cells, named route options); v5: the clause rules of rule-6; v4: those of rule-5; v3: those of rule-3 and rule-4; v2: those of rule-2
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


