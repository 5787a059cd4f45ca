"""Saving each turn's exact request in space linear in the game's text.

A seat's request at turn t repeats its request at turn t-2 and adds the last two messages, so saving
every request whole grows with the square of the game's length (a 50-turn game of long messages
saved 12× its text). A request is saved as its difference from the seat's previous request in the
same game: the count of leading messages it shares with that one, and the messages after them. Every
other field is saved as is, in its place, so the request unpacks to the same JSON, byte for byte.

Saved form: `{"mazeplay:prefix": {"turn": 4, "messages": 9}, ...request, "messages": [tail]}`.
Requests with nothing to share are saved whole, exactly as before (old saves need no migration).
"""

from __future__ import annotations

from typing import Any, Callable

PREFIX = "mazeplay:prefix"


def pack(request: dict[str, Any], previous: tuple[int, dict[str, Any]] | None) -> dict[str, Any]:
    """`request` as saved, given the seat's previous request in the game as (turn index, request)."""
    messages = request.get("messages")
    if previous is None or not isinstance(messages, list) or PREFIX in request:
        return request
    turn, before = previous
    earlier = before.get("messages")
    if not isinstance(earlier, list):
        return request
    shared = 0
    for mine, theirs in zip(messages, earlier):
        if mine != theirs:
            break
        shared += 1
    if shared == 0:
        return request
    packed: dict[str, Any] = {PREFIX: {"turn": turn, "messages": shared}}
    for key, value in request.items():
        packed[key] = messages[shared:] if key == "messages" else value
    return packed


def unpack(saved: dict[str, Any] | None, request_of: Callable[[int], dict[str, Any] | None]) -> dict[str, Any] | None:
    """The exact request from its saved form; `request_of(turn)` gives an earlier turn's (unpacked) request."""
    if not isinstance(saved, dict) or PREFIX not in saved:
        return saved
    link = saved[PREFIX]
    base = request_of(int(link["turn"])) or {}
    head = list(base.get("messages") or [])[: int(link["messages"])]
    return {key: head + list(value) if key == "messages" else value for key, value in saved.items() if key != PREFIX}
