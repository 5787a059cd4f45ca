"""Saves: every game, turn and grade in one SQLite file (sqlite-utils)."""

from mazeplay.store.db import StoreError, open_db
from mazeplay.store.games import GameStore, SavedGame, game_key

__all__ = ["StoreError", "open_db", "GameStore", "SavedGame", "game_key"]
