"""Built-in partners: offline, instant and deterministic by seed."""

from mazeplay.seats.bots.grounded import BOT_STYLES, GroundedBot
from mazeplay.seats.bots.random_bot import RandomBot

__all__ = ["BOT_STYLES", "GroundedBot", "RandomBot"]
