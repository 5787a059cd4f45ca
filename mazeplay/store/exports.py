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


# The fixed schema of each export, in the Hub's YAML feature notation: every row has every field with
# one type, whatever seats or modes produced it, so exports from different runs load together.
# Parts whose inner structure varies (config, versions, relay, diagnostics, seat parameters) are JSON
# text: a fixed type that still carries everything.
_SEAT = [("kind", "string"), ("name", "string"), ("api_base", "string"), ("player", "string"), ("parameters", "string")]
SCHEMA: dict[str, list] = {
    "games": [
        ("game_id", "int64"), ("key", "string"), ("run", "string"), ("kind", "string"), ("condition", "string"),
        ("mode", "string"), ("maze", ["string"]), ("view_a", ["string"]), ("view_b", ["string"]),
        ("maze_source", "string"), ("seats", {"a": _SEAT, "b": _SEAT}), ("player", "string"), ("first", "string"),
        ("config", "string"), ("versions", "string"), ("relay", "string"),
        ("transcript", [[("turn", "int64"), ("seat", "string"), ("text", "string"), ("notice", "string"),
                         ("prompt_tokens", "int64"), ("completion_tokens", "int64"), ("cost_usd", "float64")]]),
        ("ending", "string"),
        ("grade", [("judge", "string"), ("success", "bool"), ("weighted_outcome", "float64"), ("route", [["int64"]]),
                   ("scheme", "string"), ("ambiguous", "bool"), ("reasons", ["string"])]),
        ("diagnostics", "string"),
    ],
    "chat": [
        ("game_id", "int64"), ("run", "string"), ("kind", "string"), ("condition", "string"), ("seat", "string"),
        ("seat_kind", "string"), ("model", "string"), ("messages", [[("role", "string"), ("content", "string")]]),
        ("success", "bool"), ("weighted_outcome", "float64"),
    ],
}


def _text(value: object) -> str | None:
    """JSON text for the parts whose structure varies (null stays null)."""
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def _seat(record: dict) -> dict:
    known = ("kind", "name", "api_base", "player")
    rest = {k: v for k, v in record.items() if k not in known}
    return {"kind": record.get("kind"), "name": record.get("name"), "api_base": record.get("api_base"),
            "player": record.get("player"), "parameters": _text(rest)}


def _float(value: object) -> float | None:
    return None if value is None else float(value)


def _run_names(store: GameStore) -> dict[int, str]:
    return {row["id"]: row["name"] for row in store.db.query("select id, name from runs")} if "runs" in store.db.table_names() else {}


def game_rows(store: GameStore, run_id: int | None = None) -> Iterator[dict]:
    runs = _run_names(store)
    for game_id in _games(store, run_id):
        saved = store.load_game(game_id)
        row = store.db["games"].get(game_id)
        grade = store.official_grade(game_id) or {}
        yield {
            "game_id": game_id,
            "key": row["key"],
            "run": runs.get(row.get("run_id")),
            "kind": row.get("kind") or "pair",
            "condition": row.get("condition"),
            "mode": saved.setup.config.mode,
            "maze": saved.setup.maze.rows(),
            "view_a": saved.setup.views["a"].rows(),
            "view_b": saved.setup.views["b"].rows(),
            "maze_source": row["maze_source"],
            "seats": {seat: _seat(saved.seats.get(seat) or {}) for seat in ("a", "b")},
            "player": saved.player,
            "first": saved.setup.config.first,
            "config": _text(saved.setup.config.to_dict()),
            "versions": row["versions"] or "{}",
            "relay": row.get("relay") or None,
            "transcript": [{"turn": t.index + 1, "seat": t.seat, "text": t.text, "notice": t.notice,
                            "prompt_tokens": (t.reply.usage or {}).get("prompt_tokens"),
                            "completion_tokens": (t.reply.usage or {}).get("completion_tokens"),
                            "cost_usd": _float(t.reply.cost_usd)} for t in saved.turns],
            "ending": saved.ending,
            "grade": {"judge": grade.get("judge"), "success": None if grade.get("success") is None else bool(grade["success"]),
                      "weighted_outcome": _float(grade.get("weighted_outcome")),
                      "route": [[int(r), int(c)] for r, c in grade.get("route") or []], "scheme": grade.get("scheme"),
                      "ambiguous": None if grade.get("ambiguous") is None else bool(grade["ambiguous"]),
                      "reasons": list(grade.get("reasons") or [])},
            "diagnostics": _text(grade.get("diagnostics")),
        }


def chat_rows(store: GameStore, run_id: int | None = None) -> Iterator[dict]:
    """Each seat's dialogue as it saw it: its own messages as assistant turns, the partner's as user,
    ending on the seat's own last message (what a model would be trained to produce). A seat that
    never spoke gives no row."""
    runs = _run_names(store)
    for game_id in _games(store, run_id):
        saved = store.load_game(game_id)
        row = store.db["games"].get(game_id)
        if (row.get("kind") or "pair") not in ("pair", "relay"):
            continue
        grade = store.official_grade(game_id) or {}
        for seat in ("a", "b"):
            messages = seat_messages(saved.setup, seat, saved.turns)
            last = max((i for i, m in enumerate(messages) if m["role"] == "assistant"), default=None)
            if last is None:
                continue
            yield {
                "game_id": game_id,
                "run": runs.get(row.get("run_id")),
                "kind": row.get("kind") or "pair",
                "condition": row.get("condition"),
                "seat": seat,
                "seat_kind": saved.seats[seat].get("kind"),
                "model": saved.seats[seat].get("name"),
                "messages": messages[: last + 1],
                "success": None if grade.get("success") is None else bool(grade["success"]),
                "weighted_outcome": _float(grade.get("weighted_outcome")),
            }


def dump_lines(rows: Iterator[dict], skipped: list[int] | None = None) -> Iterator[str]:
    """JSON lines, each checked for anything shaped like a secret (an API key, credentials in a URL).
    With `skipped` (a list), such games are left out and their numbers added to it; without, the export
    stops at the first one."""
    for row in rows:
        line = json.dumps(row, ensure_ascii=False)
        if _SECRET.search(line) or _URL_CREDENTIALS.search(line):
            if skipped is None:
                raise SecretFound(f"game {row.get('game_id')} contains a string shaped like an API key or a password; "
                                  "export stopped (--skip-secrets leaves such games out and lists them)")
            if row.get("game_id") not in skipped:
                skipped.append(row.get("game_id"))
            continue
        yield line


_URL_CREDENTIALS = re.compile(r"://[^/\s:@\\\"]+:[^/\s@\\\"]+@|[?&](?:api[-_]?key|key|token|access_token|password)=[^&\s\\\"]{6,}", re.IGNORECASE)


CARD_MARK = "<!-- mazeplay dataset card: files below are listed by mazeplay export -->"

DATASET_CARD = """---
{front_matter}---
{mark}

# mazeplay dataset

Dialogues from the collaborative maze benchmark of *The Collaboration Gap* (arXiv 2511.02687), recorded
with mazeplay {version}. Two seats each saw half of an N×N maze and had to agree, in free-form messages,
on one path from `@` to `*`.

Load with HuggingFace `datasets`: `load_dataset("path/to/this/folder", "{config}")`; every file listed
under `configs` in the front matter has the same schema (`dataset_info`), so exports of different runs
load together.

## Files
{files}

## Fields
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
they played. Model outputs are subject to the terms of their providers; the license above ({license})
covers this compilation.

## What is never included
API keys and other secrets (the exporter refuses rows containing key-shaped strings).
"""

FIELDS = {
    "games": {
        "game_id": "the game's number in the database it came from", "key": "a hash of maze, seats and settings",
        "run": "the bench run it belongs to (null outside runs)", "kind": "pair, relay, solo-full or solo-split",
        "condition": "the run's label for its condition, e.g. `pair gpt→claude`", "mode": "paper or live",
        "maze": "the full maze, one string per row (`@` start, `*` goal, `#` wall, `.` open)",
        "view_a": "seat a's half (`?` hidden)", "view_b": "seat b's half", "maze_source": "e.g. `6x6-v1#17`",
        "seats": "a and b, each {kind, name, api_base, player, parameters (JSON text: timeouts, extra parameters)}",
        "player": "pseudonym of the human seat, if any", "first": "the seat that spoke first",
        "config": "JSON text: the game configuration (seeds, size, density, max turns, rendering)",
        "versions": "JSON text: package, maze generator and prompt versions",
        "relay": "JSON text or null: role, K, parent game, swapped seat, newcomer, history it saw",
        "transcript": "list of {turn, seat, text, notice (live mode), prompt_tokens, completion_tokens, cost_usd}",
        "ending": "acti, goal, wall, turn_limit or answer",
        "grade": "{judge, success, weighted_outcome, route (list of [row, col]), scheme, ambiguous, reasons}",
        "diagnostics": "JSON text: convention stated, maps shared, agreement loops, tokens, efficiency bucket",
    },
    "chat": {
        "game_id": "the game", "run": "its bench run (null outside runs)", "kind": "pair or relay",
        "condition": "the run's label", "seat": "a or b", "seat_kind": "llm, bot, human or local",
        "model": "model id or bot name",
        "messages": "list of {role, content}: system, user and assistant turns exactly as that seat saw them, "
                    "ending on the seat's own (assistant) message",
        "success": "did the agreed route reach the goal", "weighted_outcome": "see Grading",
    },
}


def _yaml_features(fields: list, indent: int) -> list[str]:
    """The Hub's `dataset_info.features` notation for SCHEMA entries."""
    pad, out = " " * indent, []
    for name, kind in fields:
        out.append(f"{pad}- name: {name}")
        out += _yaml_type(kind, indent + 2)
    return out


def _yaml_type(kind, indent: int) -> list[str]:
    """str: a value; dict: a struct of named structs; [(name, kind), …]: a struct; [kind]: a list."""
    pad = " " * indent
    if isinstance(kind, str):
        return [f"{pad}dtype: {kind}"]
    if isinstance(kind, dict):
        lines = [f"{pad}struct:"]
        for name, inner in kind.items():
            lines += [f"{pad}- name: {name}"] + _yaml_type(inner, indent + 2)
        return lines
    if kind and isinstance(kind[0], tuple):
        return [f"{pad}struct:"] + _yaml_features(kind, indent)
    inner = kind[0]
    if isinstance(inner, str):
        return [f"{pad}list: {inner}"]
    if inner and isinstance(inner[0], tuple):  # a list of structs
        return [f"{pad}list:"] + _yaml_features(inner, indent)
    return [f"{pad}list:"] + _yaml_type(inner, indent + 2)


def listed_files(card: str) -> dict[str, list[str]]:
    """The data files a mazeplay card already lists, per config (to add an export beside them)."""
    files: dict[str, list[str]] = {}
    config = None
    for line in card.split("\n---", 1)[0].splitlines():
        if line.startswith("dataset_info:"):
            break
        if line.startswith("- config_name: "):
            config = line.split(": ", 1)[1].strip()
            files[config] = []
        elif config and line.startswith("    - ") and line.strip().endswith(".jsonl"):
            files[config].append(line.strip()[2:])
    return files


def dataset_card(name: str, fmt: str, version: str, license: str = "cc-by-4.0", existing: str | None = None) -> str:
    """README.md for the Hub: YAML front matter (license, configs with their files, the schema) and the
    card. `existing` is a card this folder already has: its files stay listed."""
    config = "games" if fmt == "jsonl" else "chat"
    files = listed_files(existing) if existing and CARD_MARK in existing else {}
    files.setdefault(config, [])
    if name not in files[config]:
        files[config].append(name)
    front = [f"license: {license}", "language:", "- en", "pretty_name: mazeplay collaborative maze dialogues",
             "tags:", "- dialogue", "- collaboration", "- benchmark", "task_categories:", "- text-generation", "configs:"]
    for cfg, names in sorted(files.items()):
        front += [f"- config_name: {cfg}", "  data_files:", "  - split: train", "    path:"] + [f"    - {n}" for n in names]
    front.append("dataset_info:")
    for cfg in sorted(files):
        front += [f"- config_name: {cfg}", "  features:"] + _yaml_features(SCHEMA[cfg], 2)
    listing = "\n".join(f"- `{n}` — {'one JSON object per game' if cfg == 'games' else 'one JSON object per seat and game, in chat format'} (config `{cfg}`)"
                        for cfg, names in sorted(files.items()) for n in names)
    fields = "\n\n".join(f"`{cfg}`:\n\n" + "\n".join(f"- `{k}`: {v}" for k, v in FIELDS[cfg].items()) for cfg in sorted(files))
    return DATASET_CARD.format(front_matter="\n".join(front) + "\n", mark=CARD_MARK, version=version, config=config,
                               files=listing, fields=fields, license=license)
