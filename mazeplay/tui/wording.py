"""What the screens say about a game, in the person's terms: seats as "you" / "your partner" / "seat a",
schemes as sentences, diagnostics as plain yes/no with turns (never Python's True/None or raw ids)."""

from __future__ import annotations

ENDINGS = {"acti": "“ACTI!” was said", "turn_limit": "the turn limit was reached", "goal": "the goal was reached",
           "wall": "an agreed move ran into a wall"}
_CORNERS = {"top_left": "top-left", "bottom_left": "bottom-left", "top_right": "top-right", "bottom_right": "bottom-right"}
_BUCKETS = {"fail": "fail (less than a quarter of the way)", "partial_fail": "partial fail (a quarter to half way)",
            "partial_success": "partial success (half to three quarters of the way)",
            "success": "success (three quarters of the way or more)"}


def ending(code: str | None) -> str:
    return ENDINGS.get(code or "", code or "the game stopped")


def scheme(code: str) -> str:
    """`row_col/0-based/top_left` → "(row, column), counted from 0 at the top-left corner"."""
    if code == "directions":
        return "moves written as directions (up, down, left, right)"
    try:
        order, origin, corner = code.split("/")
    except ValueError:
        return code
    pair = "(row, column)" if order == "row_col" else "(column, row)"
    return f"cells written {pair}, counted from {origin[0]} at the {_CORNERS.get(corner, corner)} corner"


def seat_name(seat: str, human: str | None) -> str:
    """"you" / "your partner" when a person plays, "seat a" / "seat b" when watching."""
    if human is None:
        return f"seat {seat}"
    return f"you (seat {seat})" if seat == human else f"your partner (seat {seat})"


def yes_no(flag: object, turn: object = None) -> str:
    if not flag:
        return "no"
    return f"yes, turn {turn}" if turn else "yes"


def weighted_outcome(value: float, shortest: int, remaining: int) -> str:
    """One sentence on the score: (a − b) / a, where a is the shortest start→goal path and b what is left."""
    if remaining == 0:
        return "Weighted outcome: 1 when the route reaches the goal, as this one did; 0 when it ends no closer " \
               "than the start; below 0 when it ends further away."
    closer = shortest - remaining
    progress = (f"{closer} of the {shortest} closer than the start" if closer >= 0
                else f"{-closer} further than the start ({shortest} away)")
    return (f"Weighted outcome {value:.2f}: the route ended {remaining} moves from the goal, {progress}; "
            f"1 = reached the goal, 0 = no closer, below 0 = further away.")


def judge(code: str) -> str:
    if code == "engine":
        return "the game engine (the moves it executed)"
    if code.startswith("rule"):
        return "reading the agreed moves from the dialogue"
    return f"a language model reading the dialogue ({code})"


def diagnostics(data: dict, human: str | None, first: str) -> list[tuple[str, str]]:
    """The diagnostics as (what, answer) rows a person can read; agent_1 is the seat that spoke first."""
    agents = {"agent_1": first, "agent_2": "b" if first == "a" else "a"}
    rows = [("Agreed how to name cells", yes_no(data.get("convention_stated"), data.get("convention_turn")))]
    shared, turns = data.get("map_shared") or {}, data.get("map_shared_turn") or {}
    for agent, seat in sorted(agents.items(), key=lambda item: item[1]):
        rows.append((f"Map shared by {seat_name(seat, human)}", yes_no(shared.get(agent), turns.get(agent))))
    rows += [
        ("Moves agreed", str(data.get("moves_agreed", 0))),
        ("Proposals not agreed to", str(data.get("proposals_not_agreed", 0))),
        ("Longest stretch without a move", f"{data.get('longest_stall', 0)} turns"
         + (" (stuck in a loop of proposals)" if data.get("agreement_loop") else "")),
        ("“ACTI!” said", yes_no(data.get("acti_claimed"), data.get("acti_turn"))
         + (" — before the goal was reached" if data.get("false_acti") else "")),
        ("An agreed move hit a wall", yes_no(data.get("agreed_move_into_wall"))),
        ("The partners split up", yes_no(data.get("split_up"))),
        ("Turns used", str(data.get("turns_used", 0))),
    ]
    if data.get("tokens_total"):
        how = "counted" if data.get("tokens_source") == "usage" else "estimated from words"
        rows.append(("Length of messages", f"about {data.get('tokens_per_message', 0):g} tokens each, "
                                           f"{data.get('tokens_total')} in all ({how})"))
    bucket = data.get("efficiency_bucket")
    if bucket:
        rows.append(("Progress band", _BUCKETS.get(bucket, bucket)))
    return rows
