"""Dataset exports: one row per game (jsonl), or per-seat chat transcripts for fine-tuning, with a
dataset card. Rows are built from saved columns that never hold keys; a final scan refuses to write
anything that looks like a secret."""

from __future__ import annotations

import json
import re
from typing import Iterator

from mazeplay.game.plumbing import seat_messages
from mazeplay.store.games import GameStore

_SECRET = re.compile(r"\b(sk-[A-Za-z0-9_\-]{16,}|sk-ant-[A-Za-z0-9_\-]{16,}|AIza[0-9A-Za-z_\-]{30,}|xai-[A-Za-z0-9]{20,})\b")


class SecretFound(ValueError):
    """An export row contains something shaped like an API key; nothing is written."""


def _games(store: GameStore, run_id: int | None) -> Iterator[int]:
    sql, args = ("select id from games where status = 'finished'", [])
    if run_id is not None:
        sql, args = sql + " and run_id = ?", [run_id]
    for row in store.db.query(sql + " order by id", args):
        yield row["id"]


def game_rows(store: GameStore, run_id: int | None = None) -> Iterator[dict]:
    for game_id in _games(store, run_id):
        saved = store.load_game(game_id)
        row = store.db["games"].get(game_id)
        grade = store.official_grade(game_id) or {}
        yield {
            "game_id": game_id,
            "key": row["key"],
            "kind": row.get("kind") or "pair",
            "condition": row.get("condition"),
            "mode": saved.setup.config.mode,
            "maze": saved.setup.maze.rows(),
            "view_a": saved.setup.views["a"].rows(),
            "view_b": saved.setup.views["b"].rows(),
            "maze_source": row["maze_source"],
            "seats": saved.seats,
            "player": saved.player,
            "first": saved.setup.config.first,
            "config": saved.setup.config.to_dict(),
            "versions": json.loads(row["versions"] or "{}"),
            "relay": json.loads(row["relay"]) if row.get("relay") else None,
            "transcript": [{"turn": t.index + 1, "seat": t.seat, "text": t.text, "notice": t.notice,
                            "usage": t.reply.usage, "cost_usd": t.reply.cost_usd} for t in saved.turns],
            "ending": saved.ending,
            "grade": {k: grade.get(k) for k in ("judge", "success", "weighted_outcome", "route", "scheme", "ambiguous", "reasons")},
            "diagnostics": grade.get("diagnostics"),
        }


def chat_rows(store: GameStore, run_id: int | None = None) -> Iterator[dict]:
    """Each seat's dialogue as it saw it: its own messages as assistant turns, the partner's as user."""
    for game_id in _games(store, run_id):
        saved = store.load_game(game_id)
        if (store.db["games"].get(game_id).get("kind") or "pair") not in ("pair", "relay"):
            continue
        grade = store.official_grade(game_id) or {}
        for seat in ("a", "b"):
            yield {
                "game_id": game_id,
                "seat": seat,
                "seat_kind": saved.seats[seat].get("kind"),
                "model": saved.seats[seat].get("name"),
                "messages": seat_messages(saved.setup, seat, saved.turns),
                "success": grade.get("success"),
                "weighted_outcome": grade.get("weighted_outcome"),
            }


def dump_lines(rows: Iterator[dict]) -> Iterator[str]:
    for row in rows:
        line = json.dumps(row, ensure_ascii=False)
        if _SECRET.search(line):
            raise SecretFound(f"game {row.get('game_id')} contains a string shaped like an API key; export stopped")
        yield line


DATASET_CARD = """# mazeplay dataset

Dialogues from the collaborative maze benchmark of *The Collaboration Gap* (arXiv 2511.02687), recorded
with mazeplay {version}. Two seats each saw half of an N×N maze and had to agree, in free-form messages,
on one path from `@` to `*`.

## Files
- `{name}` — {what}

## Fields ({format})
{fields}

## Grading
`weighted_outcome` = (a − b) / a, a = shortest start→goal distance, b = distance from the last valid
position of the agreed route; `success` = the route validly reached the goal. The route is replayed under
every coordinate scheme and the most favourable reading is kept (`scheme`). Live-mode games are graded by
the engine's executed moves; others by the rule grader or an LLM grader (`judge`). `ambiguous` is true
when the grader could not tell what the pair agreed (for example, the partners split up and each moved
on its own); `reasons` says why, in plain words. Leave such games out, or report them apart.

## People and consent
Human seats are recorded only under a pseudonym (`player`, default "anonymous"); no other personal data
is stored. Publish human–AI transcripts only with the consent of the people who played, given before
they played. Model outputs are subject to the terms of their providers.

## What is never included
API keys and other secrets (the exporter refuses rows containing key-shaped strings).
"""

FIELDS = {
    "jsonl": "game_id, key, kind (pair, relay, solo-full, solo-split), condition, mode, maze, view_a, view_b, "
             "maze_source, seats (kind, name, parameters; player pseudonym for people), first, config, versions "
             "(package, generator, prompts), relay (role, k, parent, swapped seat, newcomer, history seen), "
             "transcript (turn, seat, text, live notice, usage, cost), ending, grade, diagnostics.",
    "chat": "game_id, seat, seat_kind, model, messages (system, user and assistant turns exactly as that seat "
            "saw them), success, weighted_outcome.",
}


def dataset_card(name: str, fmt: str, version: str) -> str:
    what = "one JSON object per game" if fmt == "jsonl" else "one JSON object per seat and game, in chat format"
    return DATASET_CARD.format(version=version, name=name, what=what, format=fmt, fields=FIELDS[fmt])
