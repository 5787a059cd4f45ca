"""`bot:random`: proposes and agrees at random, seeded by game seed, seat and turn."""

from __future__ import annotations

import random

from mazeplay.game.turns import SeatReply, SeatRequest

_DIRECTIONS = ("up", "down", "left", "right")


class RandomBot:
    def describe(self) -> dict:
        return {"kind": "bot", "name": "bot:random"}

    async def close(self) -> None:
        return None

    async def reply(self, request: SeatRequest) -> SeatReply:
        rng = random.Random(f"{request.seed}/{request.seat}/{request.turn_index}")
        roll = rng.random()
        move = rng.choice(_DIRECTIONS)
        if roll < 0.3:
            text = f"MOVE: {move}"
        elif roll < 0.6:
            text = "AGREE."
        elif roll < 0.9:
            text = f"AGREE. MOVE: {move}"
        else:
            text = "Hmm, I am not sure where we are."
        return SeatReply(text=text, model="bot:random")
