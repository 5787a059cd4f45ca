"""One owner per game: a process that plays a game holds its lease until it stops, and a second
process (a second `bench` of the same run, a `resume` of a game being played) is told who holds it.

The lease is a one-byte POSIX record lock at offset `game_id` in a file beside the database
(`mazeplay.db.leases`). The kernel drops such locks when their process exits, however it exits, so
a lease can never outlive its holder (kill -9 included) and needs no expiry clock. Who holds it is
also written to the game's row (`owner`), for the message a second process prints.

SQLite's own POSIX locks are why the lock file is not the database itself: closing any descriptor
of a file drops every lock the process holds on it, which would silently release SQLite's.
"""

from __future__ import annotations

import json
import os
import socket
from datetime import datetime, timezone
from pathlib import Path

try:
    import fcntl
except ImportError:  # not POSIX: the owner column alone (no enforcement)
    fcntl = None  # type: ignore[assignment]

from mazeplay.errors import MazeplayError


class GameBusy(MazeplayError):
    """Another process holds the game's lease."""


# One descriptor per lock file for the life of the process: closing it would drop every lease on it.
_files: dict[str, int] = {}
_held: set[tuple[str, int]] = set()  # (lock file, game id) held by this process


def lock_path(db_path: str) -> str | None:
    """The lock file beside a database (None for an in-memory one: nobody else can open it)."""
    if not db_path or db_path == ":memory:":
        return None
    return str(Path(db_path).resolve()) + ".leases"


def me() -> dict:
    """Who this process is, as saved in a game's `owner` column."""
    return {"pid": os.getpid(), "host": socket.gethostname(),
            "since": datetime.now(timezone.utc).isoformat(timespec="seconds")}


def describe_owner(owner: str | None) -> str:
    """'process 4242 on host x since 09:12:03' from an owner column (or 'another process')."""
    try:
        data = json.loads(owner or "")
        return f"process {int(data['pid'])} on {data['host']} (since {data['since'].replace('T', ' ')[:19]} UTC)"
    except (ValueError, TypeError, KeyError):
        return "another process"


def try_lock(path: str | None, game_id: int) -> bool:
    """Take the lease on `game_id` for this process; False if anyone holds it, this process included
    (a POSIX lock cannot tell two players inside one process apart, so they are tracked here)."""
    if path is None or fcntl is None:
        return True
    key = (path, game_id)
    if key in _held:
        return False  # one owner inside a process too: a second player of the same game is refused
    if path not in _files:
        try:
            _files[path] = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:  # a read-only folder: nothing can be written there anyway
            return True
    try:
        fcntl.lockf(_files[path], fcntl.LOCK_EX | fcntl.LOCK_NB, 1, game_id)
    except OSError:
        return False
    _held.add(key)
    return True


def unlock(path: str | None, game_id: int) -> None:
    if path is None or fcntl is None or (path, game_id) not in _held:
        return
    _held.discard((path, game_id))
    fcntl.lockf(_files[path], fcntl.LOCK_UN, 1, game_id)


def is_free(path: str | None, game_id: int) -> bool:
    """Whether nobody (this process included) holds the lease; takes nothing."""
    if not try_lock(path, game_id):
        return False
    unlock(path, game_id)
    return True
