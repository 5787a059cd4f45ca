"""Reports of a run: per condition scores with CIs, the heterogeneous matrix, relay curves, the
collaboration gap (solo vs pair), and human seats against AI pairs on the same mazes."""

from __future__ import annotations

import json
import math
from collections import defaultdict

from mazeplay.bench.stats import clustered_ci, mean_ci
from mazeplay.judge.diagnostics import BUCKETS, efficiency_bucket


def _name(record: dict | None) -> str:
    return (record or {}).get("name", "?")


def _scored(games: list[dict], exclude_ambiguous: bool) -> list[dict]:
    """Games as scored: with `exclude_ambiguous`, those whose grade the grader could not be sure of
    keep their place (they are counted) but lose their grade."""
    if not exclude_ambiguous:
        return games
    return [{**g, "grade": None, "excluded": True} if g["grade"] and g["grade"].get("ambiguous") else g for g in games]


def build_report(games: list[dict], human_games: list[dict] | None = None, exclude_ambiguous: bool = False) -> dict:
    ambiguous = {g["id"] for g in games if g.get("grade") and g["grade"].get("ambiguous")}
    games = _scored(games, exclude_ambiguous)
    human_games = _scored(human_games or [], exclude_ambiguous)
    by_condition: dict[str, list[dict]] = defaultdict(list)
    for game in games:
        by_condition[game["condition"] or "unlabelled"].append(game)
    conditions = {label: summarize(group) for label, group in sorted(by_condition.items())}
    return {
        "games": len(games),
        "ambiguous": len(ambiguous),
        "exclude_ambiguous": exclude_ambiguous,
        "conditions": conditions,
        "matrix": pair_matrix(games),
        "relay": relay_curves(games),
        "gap": collaboration_gap(games),
        "humans": human_comparison(games, human_games or []),
    }


def summarize(group: list[dict]) -> dict:
    graded = [g for g in group if g["status"] == "finished" and g["grade"]]
    errors = [g for g in group if g["status"] != "finished"]
    ambiguous = sum(1 for g in group if g.get("excluded") or (g["grade"] and g["grade"].get("ambiguous")))
    outcomes = [g["grade"]["weighted_outcome"] for g in graded]
    successes = [float(g["grade"]["success"]) for g in graded]
    mazes = [g["maze_source"] for g in graded]
    mean, half = mean_ci(outcomes)
    _, clustered = clustered_ci(outcomes, mazes)
    success, success_half = mean_ci(successes)
    completed = [g for g in graded if (g["ending"] in ("acti", "goal", "answer"))]
    buckets = {name: 0 for name, _ in BUCKETS}
    for value in outcomes:
        buckets[efficiency_bucket(value)] += 1
    tokens = [g["grade"]["diagnostics"].get("tokens_total", 0) for g in graded]
    return {
        "n": len(graded), "errors": len(errors), "ambiguous": ambiguous, "error_rate": len(errors) / len(group) if group else 0.0,
        "weighted_outcome": mean, "ci": half, "ci_clustered": clustered,
        "success": success, "success_ci": success_half,
        "completion_rate": len(completed) / len(graded) if graded else float("nan"),
        "buckets": buckets, "tokens_mean": sum(tokens) / len(tokens) if tokens else float("nan"),
    }


def pair_matrix(games: list[dict]) -> dict:
    """Mean weighted outcome by first speaker (rows) and second speaker (columns)."""
    cells: dict[tuple[str, str], list[float]] = defaultdict(list)
    for g in games:
        if g["kind"] == "pair" and g["status"] == "finished" and g["grade"]:
            first, second = (g["seat_a"], g["seat_b"]) if g["first"] == "a" else (g["seat_b"], g["seat_a"])
            cells[(_name(first), _name(second))].append(g["grade"]["weighted_outcome"])
    models = sorted({m for pair in cells for m in pair})
    return {"models": models,
            "rows": {a: {b: (mean_ci(cells[(a, b)])[0] if cells.get((a, b)) else None) for b in models} for a in models}}


def relay_curves(games: list[dict]) -> dict:
    curves: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        if g["kind"] == "relay" and g["status"] == "finished" and g["grade"]:
            relay = g["relay"]
            curves[f"{relay['role']} {relay['strong']}/{relay['weak']}"][relay["k"]].append(g["grade"]["weighted_outcome"])
    return {name: {k: mean_ci(values) for k, values in sorted(points.items())} for name, points in curves.items()}


def collaboration_gap(games: list[dict]) -> dict:
    """Per model: solo-full, solo-split and homogeneous pair outcomes side by side."""
    table: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        if g["status"] != "finished" or not g["grade"]:
            continue
        value = g["grade"]["weighted_outcome"]
        if g["kind"] in ("solo-full", "solo-split"):
            table[_name(g["seat_a"])][g["kind"]].append(value)
        elif g["kind"] == "pair" and _name(g["seat_a"]) == _name(g["seat_b"]):
            table[_name(g["seat_a"])]["pair"].append(value)
    out = {}
    for model, columns in sorted(table.items()):
        row = {kind: mean_ci(values)[0] for kind, values in columns.items()}
        if "solo-full" in row and "pair" in row:
            row["gap"] = row["solo-full"] - row["pair"]
        out[model] = row
    return out


def human_comparison(games: list[dict], human_games: list[dict]) -> dict:
    """Games with a person in a seat against AI pairs of the run on the same mazes."""
    mazes = {g["maze"] for g in human_games if g["status"] == "finished" and g["grade"]}
    humans = [g["grade"]["weighted_outcome"] for g in human_games if g["status"] == "finished" and g["grade"]]
    ai = [g["grade"]["weighted_outcome"] for g in games
          if g["kind"] == "pair" and g["status"] == "finished" and g["grade"] and g["maze"] in mazes]
    return {"mazes": len(mazes), "human": mean_ci(humans) if humans else None, "ai_pairs": mean_ci(ai) if ai else None,
            "human_n": len(humans), "ai_n": len(ai)}


def _fmt(value: float | None, digits: int = 2) -> str:
    return "—" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.{digits}f}"


def render_markdown(report: dict, title: str) -> str:
    if report.get("exclude_ambiguous"):
        note = (f" {report['ambiguous']} ambiguous games (where the grader could not tell what the pair agreed) are "
                "left out of the scores.")
    else:
        note = (f" {report.get('ambiguous', 0)} of them ambiguous (the grader could not tell what the pair agreed); they "
                "are scored as read, `--exclude-ambiguous` leaves them out." if report.get("ambiguous") else "")
    lines = [f"# {title}", "", f"{report['games']} games.{note}", "",
             "| condition | n | errors | ambiguous | weighted outcome (95% CI) | clustered by maze | success | completed | fail/partial fail/partial success/success |",
             "|---|---|---|---|---|---|---|---|---|"]
    for label, s in report["conditions"].items():
        b = s["buckets"]
        lines.append(f"| {label} | {s['n']} | {s['errors']} | {s.get('ambiguous', 0)} | {_fmt(s['weighted_outcome'])} ± {_fmt(s['ci'])} | "
                     f"± {_fmt(s['ci_clustered'])} | {_fmt(s['success'])} ± {_fmt(s['success_ci'])} | "
                     f"{_fmt(s['completion_rate'])} | {b['fail']}/{b['partial_fail']}/{b['partial_success']}/{b['success']} |")
    matrix = report["matrix"]
    if matrix["models"]:
        lines += ["", "## Pairs: first speaker (rows) × second speaker (columns), mean weighted outcome", "",
                  "| first \\ second | " + " | ".join(matrix["models"]) + " |", "|---" * (len(matrix["models"]) + 1) + "|"]
        for a in matrix["models"]:
            lines.append(f"| {a} | " + " | ".join(_fmt(matrix["rows"][a][b]) for b in matrix["models"]) + " |")
    if report["relay"]:
        lines += ["", "## Relay: weighted outcome against K", ""]
        for name, points in report["relay"].items():
            lines.append(f"- {name}: " + ", ".join(f"K={k}: {_fmt(m)} ± {_fmt(h)}" for k, (m, h) in points.items()))
    if report["gap"]:
        lines += ["", "## The collaboration gap (solo vs homogeneous pair)", "", "| model | solo-full | solo-split | pair | gap |", "|---|---|---|---|---|"]
        for model, row in report["gap"].items():
            lines.append(f"| {model} | {_fmt(row.get('solo-full'))} | {_fmt(row.get('solo-split'))} | {_fmt(row.get('pair'))} | {_fmt(row.get('gap'))} |")
    humans = report["humans"]
    if humans["human"]:
        lines += ["", f"## People on the same mazes ({humans['mazes']} mazes)", "",
                  f"- human–AI games: {_fmt(humans['human'][0])} ± {_fmt(humans['human'][1])} (n={humans['human_n']})",
                  f"- AI pairs: {_fmt(humans['ai_pairs'][0]) if humans['ai_pairs'] else '—'} (n={humans['ai_n']})"]
    return "\n".join(lines) + "\n"


def render_table(report: dict, title: str) -> str:
    """Plain text for the terminal: the markdown tables with aligned columns."""
    out, table = [], []

    def flush() -> None:
        if table:
            widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
            out.extend("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in table)
            table.clear()

    for line in render_markdown(report, title).splitlines():
        if line.startswith("|"):
            if not set(line) <= set("|-"):
                table.append([cell.strip() for cell in line.strip("|").split("|")])
            continue
        flush()
        out.append(line.lstrip("# "))
    flush()
    return "\n".join(out) + "\n"


def _no_nan(value):
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {str(k): _no_nan(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_no_nan(v) for v in value]
    return value


def render_json(report: dict) -> str:
    """Strict JSON: NaN (no data) becomes null."""
    return json.dumps(_no_nan(report))
