"""The report reviewers asked for: on the same mazes, people alone, people with people, people with
each AI partner (per seat and speaking order) and AI pairs; the human–AI collaboration gap per model;
questionnaires per partner; dialogue diagnostics side by side.

Intervals are 95 %, `[low, high]`: Wilson for success rates, Student t for outcomes; clustered two ways
(participant and maze) for games with people, by maze for AI pairs (see mazeplay.bench.stats).
"""

from __future__ import annotations

import json
import math
from collections import defaultdict

from mazeplay.bench.stats import (mean_interval, proportion_interval, two_way_mean_interval,
                                  two_way_proportion_interval)
from mazeplay.store import GameStore
from mazeplay.store.db import StoreError


def _load(value):
    return json.loads(value) if isinstance(value, str) else value


def _is_human(seat: dict) -> bool:
    return seat.get("kind") == "human"


def _games(store: GameStore, sql: str, args: list, exclude_ambiguous: bool) -> list[dict]:
    out = []
    for game in store.db.query(sql, args):
        grade = store.official_grade(game["id"])
        if grade is None:
            continue
        game = {**game, "seat_a": _load(game["seat_a"]) or {}, "seat_b": _load(game["seat_b"]) or {}, "grade": grade,
                "excluded": bool(exclude_ambiguous and grade.get("ambiguous"))}
        out.append(game)
    return out


def _label(game: dict) -> tuple[str, dict]:
    """The group a game belongs to, and where a person sat and who spoke first."""
    a, b = game["seat_a"], game["seat_b"]
    first = json.loads(game["config"]).get("first", "a")
    if game.get("kind") in ("solo-full", "solo-split"):
        who = "human" if _is_human(a) else a.get("name", "?")
        return f"{who} solo ({game['kind'].removeprefix('solo-')})", {}
    if _is_human(a) and _is_human(b):
        return "human–human", {}
    if _is_human(a) or _is_human(b):
        human_seat = "a" if _is_human(a) else "b"
        partner = (b if human_seat == "a" else a).get("name", "?")
        return f"human–{partner}", {"seat": human_seat, "human_first": first == human_seat}
    return f"AI–AI {a.get('name', '?')}–{b.get('name', '?')}", {}


def _with_people(label: str) -> bool:
    return label.startswith("human")


def _summary(games: list[dict], people: bool) -> dict:
    scored = [g for g in games if not g["excluded"]]
    outcomes = [g["grade"]["weighted_outcome"] for g in scored]
    success = [float(bool(g["grade"]["success"])) for g in scored]
    mazes = [g["maze_source"] for g in scored]
    if people:
        who = [g["participant"] or "?" if not g.get("partner_participant") else
               "+".join(sorted([g["participant"], g["partner_participant"]])) for g in scored]
        outcome, ci = two_way_mean_interval(outcomes, who, mazes, maximum=1.0)
        rate, rate_ci = two_way_proportion_interval(success, who, mazes)
    else:
        outcome, ci = mean_interval(outcomes, mazes, maximum=1.0)
        rate, rate_ci = proportion_interval(success, mazes)
    diagnostics = [g["grade"].get("diagnostics") or {} for g in games]
    share = lambda key: sum(bool(d.get(key)) for d in diagnostics) / len(diagnostics) if diagnostics else float("nan")  # noqa: E731
    return {
        "n": len(scored), "excluded": len(games) - len(scored), "ambiguous": sum(bool(g["grade"].get("ambiguous")) for g in games),
        "weighted_outcome": outcome, "ci": list(ci) if ci else None, "success": rate,
        "success_ci": list(rate_ci) if rate_ci else None,
        "mazes": len(set(mazes)), "participants": len({g.get("participant") for g in scored}) if people else 0,
        "diagnostics": {
            "convention_stated": share("convention_stated"),
            "map_shared": sum(any((d.get("map_shared") or {}).values()) for d in diagnostics) / len(diagnostics) if diagnostics else float("nan"),
            "turns_used": sum(d.get("turns_used", 0) for d in diagnostics) / len(diagnostics) if diagnostics else float("nan"),
            "false_acti": share("false_acti"),
        },
    }


def build_study_report(store: GameStore, study: str, exclude_ambiguous: bool = False) -> dict:
    if store.db.execute("select 1 from studies where name = ?", [study]).fetchone() is None:
        raise StoreError(f"no study named {study!r} in this database")
    people = _games(store, "select * from games where study = ? and slot > 0 and status = 'finished'", [study], exclude_ambiguous)
    mazes = sorted({g["maze_source"] for g in people})
    marks = ",".join("?" * len(mazes))
    ai = [] if not mazes else _games(
        store, f"select * from games where study is null and status = 'finished' and maze_source in ({marks})"
        " and seat_a not like '%\"human\"%' and seat_b not like '%\"human\"%'", mazes, exclude_ambiguous)
    groups: dict[str, list[dict]] = defaultdict(list)
    by_seat: dict[str, list[dict]] = defaultdict(list)
    for game in people:
        label, where = _label(game)
        groups[label].append(game)
        if where:
            by_seat[f"{label}, person as {where['seat']}"].append(game)
            by_seat[f"{label}, {'person' if where['human_first'] else 'AI'} speaks first"].append(game)
    for game in ai:
        groups[_label(game)[0]].append(game)
    summaries = {label: _summary(games, _with_people(label)) for label, games in sorted(groups.items())}
    gaps = {}
    for label, summary in summaries.items():
        if label.startswith("human–") and label != "human–human":
            model = label.removeprefix("human–")
            twin = summaries.get(f"AI–AI {model}–{model}")
            gaps[model] = {
                "with_person": summary["weighted_outcome"],
                "with_itself": twin["weighted_outcome"] if twin else None,
                "gap": (twin["weighted_outcome"] - summary["weighted_outcome"]) if twin else None,
                "human_human": summaries.get("human–human", {}).get("weighted_outcome"),
            }
    return {
        "study": study,
        "mazes": mazes,
        "groups": summaries,
        "by_seat_and_order": {label: _summary(games, True) for label, games in sorted(by_seat.items())},
        "gap": gaps,
        "questionnaires": questionnaires(store, study, people),
        "exclude_ambiguous": exclude_ambiguous,
    }


def questionnaires(store: GameStore, study: str, games: list[dict]) -> dict:
    """Per partner group and question: the mean Likert answer (CI clustered by participant), or how
    many wrote free text."""
    label_of = {g["id"]: _label(g)[0] for g in games}
    values: dict[str, dict[str, list[tuple[str, str]]]] = defaultdict(lambda: defaultdict(list))
    for row in store.db.query("select participant, game_id, question, value from answers where study = ? and slot > 0", [study]):
        if row["game_id"] in label_of and row["value"] is not None:
            values[label_of[row["game_id"]]][row["question"]].append((row["participant"], row["value"]))
    out: dict[str, dict] = {}
    for label, questions in sorted(values.items()):
        out[label] = {}
        for question, answers in sorted(questions.items()):
            numbers = [(who, float(v)) for who, v in answers if v.replace(".", "", 1).isdigit()]
            if numbers and len(numbers) == len(answers):
                mean, ci = mean_interval([v for _, v in numbers], [who for who, _ in numbers])
                out[label][question] = {"mean": mean, "ci": list(ci) if ci else None, "n": len(numbers)}
            else:
                out[label][question] = {"text_answers": len(answers)}
    return out


def _f(value, digits: int = 2) -> str:
    return "—" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.{digits}f}"


def _ci(ci: list[float] | None) -> str:
    return f"[{_f(ci[0])}, {_f(ci[1])}]" if ci else "[—]"


def render_study_markdown(report: dict) -> str:
    lines = [f"# Study {report['study']}", "", f"On the same {len(report['mazes'])} mazes: {', '.join(report['mazes']) or '—'}.",
             "95 % intervals [low, high]: Wilson for success, Student t for outcomes and answers; clustered by participant "
             "and maze for games with people (two-way), by maze for AI pairs, by participant for answers.", "",
             "| group | n | success | weighted outcome | conventions stated | map shared | turns | false ACTI | ambiguous |",
             "|---|---|---|---|---|---|---|---|---|"]
    for label, s in {**report["groups"], **report["by_seat_and_order"]}.items():
        d = s["diagnostics"]
        lines.append(f"| {label} | {s['n']} | {_f(s['success'])} {_ci(s['success_ci'])} | {_f(s['weighted_outcome'])} {_ci(s['ci'])} "
                     f"| {_f(d['convention_stated'])} | {_f(d['map_shared'])} | {_f(d['turns_used'], 1)} | {_f(d['false_acti'])} "
                     f"| {s['ambiguous']}{' (excluded)' if s['excluded'] else ''} |")
    if report["gap"]:
        lines += ["", "## The human–AI collaboration gap", "",
                  "| model | with itself (AI–AI) | with a person | gap | person with person |", "|---|---|---|---|---|"]
        for model, g in report["gap"].items():
            lines.append(f"| {model} | {_f(g['with_itself'])} | {_f(g['with_person'])} | {_f(g['gap'])} | {_f(g['human_human'])} |")
    if report["questionnaires"]:
        lines += ["", "## Questionnaires (per partner)", ""]
        for label, questions in report["questionnaires"].items():
            parts = [f"{q}: {_f(a['mean'])} {_ci(a['ci'])} (n={a['n']})" if "mean" in a else f"{q}: {a['text_answers']} written"
                     for q, a in questions.items()]
            lines.append(f"- **{label}** — " + "; ".join(parts))
    return "\n".join(lines)


def render_study_json(report: dict) -> str:
    def clean(value):
        if isinstance(value, float) and math.isnan(value):
            return None
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value

    return json.dumps(clean(report), indent=2)
