"""Saving a study: participants, their answers, the waiting room and the mailbox between two people.

Two people in a game each run their own process; they meet through this database (WAL mode lets
one write while the other reads). Matching happens inside one `BEGIN IMMEDIATE` transaction, so two
people arriving at once can never both take the same partner.
"""

from __future__ import annotations

import json
import re
import secrets
from datetime import datetime, timezone
from typing import Any

from sqlite_utils import Database

from mazeplay.store.db import StoreError

PARTICIPANT_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,63}$")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def new_participant_id() -> str:
    """A pseudonymous ID that says nothing about the person: P- and 8 random letters and digits."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: people copy it by hand
    return "P-" + "".join(secrets.choice(alphabet) for _ in range(8))


def check_participant_id(text: str) -> str:
    """A typed ID (e.g. from a recruitment platform); ValueError in one line when it cannot be one."""
    text = text.strip()
    if not PARTICIPANT_ID.match(text):
        raise ValueError("an ID is 3 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit")
    return text


class StudyStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # -- studies and participants ------------------------------------------------------------------
    def register_study(self, name: str, design: dict, source: str) -> None:
        """Record the study's design the first time it is served; a changed design is refused, because
        participants already assigned under the old one would no longer be comparable."""
        row = self.db.execute("select design from studies where name = ?", [name]).fetchone()
        blob = json.dumps(design, sort_keys=True)
        if row is None:
            with self.db.conn:
                self.db.execute("insert into studies (name, created_at, design, source) values (?, ?, ?, ?)",
                                [name, _now(), blob, source])
        elif json.loads(row[0]) != design:
            raise StoreError(f"study {name} was started with a different design; give the changed study a new name")

    def participant(self, participant_id: str) -> dict | None:
        row = self.db.execute("select * from participants where id = ?", [participant_id]).fetchone()
        if row is None:
            return None
        columns = [d[0] for d in self.db.execute("select * from participants limit 0").description]
        data = dict(zip(columns, row))
        data["assignment"] = json.loads(data["assignment"])
        return data

    def enrol(self, study: str, participant_id: str, assign) -> dict:
        """Add a consenting participant (or return the one already enrolled under that ID in this study).
        `assign(number)` gives the assignment for arrival number `number`; it is stored with them."""
        existing = self.participant(participant_id)
        if existing is not None:
            if existing["study"] != study:
                raise StoreError(f"ID {participant_id} belongs to another study")
            return existing
        with self.db.conn:
            self.db.execute("begin immediate")
            number = self.db.execute("select coalesce(max(number) + 1, 0) from participants where study = ?",
                                     [study]).fetchone()[0]
            assignment = assign(number)
            self.db.execute(
                "insert into participants (id, study, number, created_at, consent_at, assignment, status, last_seen)"
                " values (?, ?, ?, ?, ?, ?, 'active', ?)",
                [participant_id, study, number, _now(), _now(), json.dumps(assignment), _now()])
        return self.participant(participant_id)  # type: ignore[return-value]

    def touch(self, participant_id: str) -> None:
        with self.db.conn:
            self.db.execute("update participants set last_seen = ? where id = ?", [_now(), participant_id])

    def complete(self, participant_id: str, code: str) -> str:
        """Mark the participant done; the first code given is kept (a reload shows the same code)."""
        row = self.db.execute("select completion_code from participants where id = ?", [participant_id]).fetchone()
        if row and row[0]:
            return row[0]
        with self.db.conn:
            self.db.execute("update participants set status = 'completed', completion_code = ?, finished_at = ? where id = ?",
                            [code, _now(), participant_id])
        return code

    def participants(self, study: str) -> list[dict]:
        rows = self.db.query("select * from participants where study = ? order by number", [study])
        return [{**row, "assignment": json.loads(row["assignment"])} for row in rows]

    def study_games(self, study: str) -> list[dict]:
        return list(self.db.query("select * from games where study = ? order by id", [study]))

    def slot_game(self, participant_id: str, slot: int) -> dict | None:
        """The newest game of that slot in which the participant sat: as host, or as the guest a host
        took from the waiting room (whose own slot number may differ)."""
        row = list(self.db.query(
            "select * from games where (participant = ? and slot = ?) or id in (select game_id from waiting"
            " where participant = ? and slot = ? and game_id is not null) order by id desc limit 1",
            [participant_id, slot, participant_id, slot]))
        return row[0] if row else None

    # -- answers ---------------------------------------------------------------------------------
    def save_answers(self, participant_id: str, study: str, slot: int, game_id: int | None, answers: dict[str, Any]) -> None:
        with self.db.conn:
            self.db.execute("delete from answers where participant = ? and slot = ?", [participant_id, slot])
            for question, value in answers.items():
                self.db.execute(
                    "insert into answers (participant, study, game_id, slot, question, value, created_at) values (?, ?, ?, ?, ?, ?, ?)",
                    [participant_id, study, game_id, slot, question, None if value is None else str(value), _now()])

    def answered(self, participant_id: str, slot: int) -> bool:
        return self.db.execute("select 1 from answers where participant = ? and slot = ? limit 1",
                               [participant_id, slot]).fetchone() is not None

    def answers(self, study: str) -> list[dict]:
        return list(self.db.query("select * from answers where study = ? order by id", [study]))

    # -- the waiting room ------------------------------------------------------------------------
    def wait_or_match(self, study: str, condition: str, participant_id: str, slot: int) -> dict:
        """Join the room for (study, condition). If someone else is already waiting there, take them as
        partner: returns {"partner": their row} and marks both matched; else {"ticket": our row id}."""
        with self.db.conn:
            self.db.execute("begin immediate")
            mine = self.db.execute("select id from waiting where participant = ? and slot = ? and status = 'waiting'",
                                   [participant_id, slot]).fetchone()
            other = self.db.execute(
                "select id, participant, slot from waiting where study = ? and condition = ? and status = 'waiting'"
                " and participant != ? order by id limit 1", [study, condition, participant_id]).fetchone()
            if other is not None:
                if mine:
                    self.db.execute("update waiting set status = 'matched' where id = ?", [mine[0]])
                self.db.execute("update waiting set status = 'matched' where id = ?", [other[0]])
                return {"partner": {"ticket": other[0], "participant": other[1], "slot": other[2]}}
            if mine:
                return {"ticket": mine[0]}
            ticket = self.db.execute(
                "insert into waiting (study, condition, participant, slot, created_at, status) values (?, ?, ?, ?, ?, 'waiting')",
                [study, condition, participant_id, slot, _now()]).lastrowid
            return {"ticket": ticket}

    def hand_over(self, ticket: int, game_id: int, seat: str) -> None:
        """Tell a waiting partner which game and seat are theirs."""
        with self.db.conn:
            self.db.execute("update waiting set game_id = ?, seat = ? where id = ?", [game_id, seat, ticket])

    def ticket(self, ticket: int) -> dict | None:
        rows = list(self.db.query("select * from waiting where id = ?", [ticket]))
        return rows[0] if rows else None

    def leave_room(self, ticket: int) -> bool:
        """Give up waiting (the timeout); False when someone matched us in the meantime."""
        with self.db.conn:
            return self.db.execute("update waiting set status = 'timed_out' where id = ? and status = 'waiting'",
                                   [ticket]).rowcount == 1

    # -- the mailbox between two people ----------------------------------------------------------
    def post(self, game_id: int, idx: int, seat: str, text: str) -> None:
        with self.db.conn:
            self.db.execute("insert or replace into mailbox (game_id, idx, seat, text, created_at) values (?, ?, ?, ?, ?)",
                            [game_id, idx, seat, text, _now()])

    def collect(self, game_id: int, idx: int) -> str | None:
        row = self.db.execute("select text from mailbox where game_id = ? and idx = ?", [game_id, idx]).fetchone()
        return row[0] if row else None

    # -- withdrawal ------------------------------------------------------------------------------
    def withdraw(self, participant_id: str) -> dict[str, int]:
        """Delete everything about a participant: their games (and a partner's game they took part in),
        the turns, grades and notes of those games, every answer given about them, their waiting-room
        tickets and the participant row. Deleted pages are overwritten (secure_delete) and the WAL is
        folded back, so the text does not linger in the file."""
        games = [row[0] for row in self.db.execute(
            "select id from games where participant = ? or partner_participant = ? or player = ?",
            [participant_id, participant_id, participant_id])]
        counts = {"games": len(games)}
        self.db.execute("PRAGMA secure_delete = ON")
        with self.db.conn:
            self.db.execute("begin immediate")
            marks = ",".join("?" * len(games))
            if games:
                counts["turns"] = self.db.execute(f"delete from turns where game_id in ({marks})", games).rowcount
                counts["grades"] = self.db.execute(f"delete from grades where game_id in ({marks})", games).rowcount
                self.db.execute(f"delete from mailbox where game_id in ({marks})", games)
                answers = self.db.execute(f"delete from answers where game_id in ({marks})", games).rowcount
                self.db.execute(f"update games set parent_game = null where parent_game in ({marks})", games)
                self.db.execute(f"delete from games where id in ({marks})", games)
            else:
                counts["turns"] = counts["grades"] = answers = 0
            counts["answers"] = answers + self.db.execute("delete from answers where participant = ?", [participant_id]).rowcount
            self.db.execute("delete from waiting where participant = ?", [participant_id])
            counts["participants"] = self.db.execute("delete from participants where id = ?", [participant_id]).rowcount
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return counts
