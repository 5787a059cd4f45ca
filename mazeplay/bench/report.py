"""Reports of a run (or of several runs on the same mazes): per condition scores with 95 % intervals,
the heterogeneous matrix, order effects, relay curves, the collaboration gap (solo vs pair), and human
seats against AI pairs on the same mazes.

Intervals (see `mazeplay.bench.stats`): Wilson for success rates, Student t for mean weighted
outcomes, both clustered by maze where mazes repeat; paired t intervals over the same mazes for order
effects and the gap. Each is `[low, high]` in JSON (null when it cannot be estimated)."""

from __future__ import annotations

import json
import math
from collections import defaultdict

from mazeplay.bench.stats import mean_interval, paired_difference, proportion_interval
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
        "intervals": INTERVALS,
        "matrix": pair_matrix(games),
        "order": order_effects(games),
        "relay": relay_curves(games),
        "gap": collaboration_gap(games),
        "humans": human_comparison(games, human_games or []),
    }


INTERVALS = ("95 %: Wilson score for success rates, Student t for mean weighted outcomes, both clustered by maze "
             "where mazes repeat (design effect / CR1 with G−1 df), outcome intervals ending at 1 (the best outcome); paired t over the same mazes for order effects and the gap")


def _finished(g: dict) -> bool:
    return g["status"] == "finished" and bool(g["grade"])


def estimate(values: list[float], mazes: list[object] | None = None) -> dict:
    """A mean weighted outcome with its interval (never above 1, the best outcome) and count."""
    mean, ci = mean_interval(values, mazes, maximum=1.0)
    return {"mean": mean, "ci": list(ci) if ci else None, "n": len(values)}


def summarize(group: list[dict]) -> dict:
    graded = [g for g in group if _finished(g)]
    errors = [g for g in group if g["status"] != "finished"]
    ambiguous = sum(1 for g in group if g.get("excluded") or (g["grade"] and g["grade"].get("ambiguous")))
    outcomes = [g["grade"]["weighted_outcome"] for g in graded]
    successes = [float(g["grade"]["success"]) for g in graded]
    mazes = [g["maze_source"] for g in graded]
    mean, ci = mean_interval(outcomes, mazes, maximum=1.0)
    success, success_ci = proportion_interval(successes, mazes)
    completed = [g for g in graded if (g["ending"] in ("acti", "goal", "answer"))]
    buckets = {name: 0 for name, _ in BUCKETS}
    messages: dict[str, list[int]] = {name: [] for name, _ in BUCKETS}
    for g, value in zip(graded, outcomes):
        buckets[efficiency_bucket(value)] += 1
        messages[efficiency_bucket(value)].append(int(g["grade"]["diagnostics"].get("turns_used") or 0))
    tokens = [g["grade"]["diagnostics"].get("tokens_total", 0) for g in graded]
    return {
        "n": len(graded), "mazes": len(set(mazes)), "errors": len(errors), "ambiguous": ambiguous,
        "error_rate": len(errors) / len(group) if group else 0.0,
        "weighted_outcome": mean, "ci": list(ci) if ci else None,
        "success": success, "success_ci": list(success_ci) if success_ci else None,
        "clustered_by_maze": len(set(mazes)) < len(mazes),
        "completion_rate": len(completed) / len(graded) if graded else float("nan"),
        "buckets": buckets, "messages_by_bucket": {k: (sum(v) / len(v) if v else None) for k, v in messages.items()},
        "tokens_mean": sum(tokens) / len(tokens) if tokens else float("nan"),
    }


def _first_second(g: dict) -> tuple[str, str]:
    return (_name(g["seat_a"]), _name(g["seat_b"])) if g["first"] == "a" else (_name(g["seat_b"]), _name(g["seat_a"]))


def pair_matrix(games: list[dict]) -> dict:
    """Mean weighted outcome by first speaker (rows) and second speaker (columns), with counts."""
    cells: dict[tuple[str, str], list[float]] = defaultdict(list)
    for g in games:
        if g["kind"] == "pair" and _finished(g):
            cells[_first_second(g)].append(g["grade"]["weighted_outcome"])
    models = sorted({m for pair in cells for m in pair})
    return {"models": models,
            "rows": {a: {b: (sum(cells[(a, b)]) / len(cells[(a, b)]) if cells.get((a, b)) else None) for b in models} for a in models},
            "n": {a: {b: len(cells.get((a, b), [])) for b in models} for a in models}}


def _by_maze(games: list[dict]) -> dict[object, float]:
    """Mean weighted outcome per maze (replicates averaged), for paired comparisons."""
    values: dict[object, list[float]] = defaultdict(list)
    for g in games:
        values[g["maze_source"]].append(g["grade"]["weighted_outcome"])
    return {maze: sum(v) / len(v) for maze, v in values.items()}


def _paired(first: list[dict], second: list[dict]) -> dict | None:
    a, b = _by_maze(first), _by_maze(second)
    return paired_difference({maze: (a[maze], b[maze]) for maze in a if maze in b})


def order_effects(games: list[dict]) -> dict:
    """For two different models that played both orders: (X first) − (Y first) on the same mazes."""
    cells: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for g in games:
        if g["kind"] == "pair" and _finished(g):
            cells[_first_second(g)].append(g)
    out = {}
    for (x, y) in sorted(cells):
        if x < y and (y, x) in cells:
            diff = _paired(cells[(x, y)], cells[(y, x)])
            if diff:
                out[f"{x} first − {y} first"] = diff
    return out


def relay_curves(games: list[dict]) -> dict:
    curves: dict[str, dict[int, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        if g["kind"] == "relay" and _finished(g):
            relay = g["relay"]
            curves[f"{relay['role']} {relay['strong']}/{relay['weak']}"][relay["k"]].append(g)
    return {name: {k: estimate([g["grade"]["weighted_outcome"] for g in group], [g["maze_source"] for g in group])
                   for k, group in sorted(points.items())} for name, points in curves.items()}


def collaboration_gap(games: list[dict]) -> dict:
    """Per model: solo-full, solo-split and homogeneous pair outcomes side by side, and the gap
    (solo-full − pair) as a paired difference over the mazes both were played on."""
    table: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        if not _finished(g):
            continue
        if g["kind"] in ("solo-full", "solo-split"):
            table[_name(g["seat_a"])][g["kind"]].append(g)
        elif g["kind"] == "pair" and _name(g["seat_a"]) == _name(g["seat_b"]):
            table[_name(g["seat_a"])]["pair"].append(g)
    out = {}
    for model, columns in sorted(table.items()):
        row: dict = {kind: estimate([g["grade"]["weighted_outcome"] for g in group], [g["maze_source"] for g in group])
                     for kind, group in columns.items()}
        if "solo-full" in columns and "pair" in columns:
            row["gap"] = _paired(columns["solo-full"], columns["pair"])
        out[model] = row
    return out


def human_comparison(games: list[dict], human_games: list[dict]) -> dict:
    """Games with a person in a seat against AI pairs of the run on the same mazes."""
    people = [g for g in human_games if _finished(g)]
    mazes = {g["maze"] for g in people}
    ai = [g for g in games if g["kind"] == "pair" and _finished(g) and g["maze"] in mazes]
    return {"mazes": len(mazes),
            "human": estimate([g["grade"]["weighted_outcome"] for g in people], [g["maze"] for g in people]) if people else None,
            "ai_pairs": estimate([g["grade"]["weighted_outcome"] for g in ai], [g["maze"] for g in ai]) if ai else None,
            "human_n": len(people), "ai_n": len(ai)}


def _fmt(value: float | None, digits: int = 2) -> str:
    return "—" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.{digits}f}"


def _ci(ci: list[float] | None) -> str:
    return f"[{_fmt(ci[0])}, {_fmt(ci[1])}]" if ci else "[—]"


def _est(e: dict | None) -> str:
    return f"{_fmt(e['mean'])} {_ci(e['ci'])}" if e else "—"


def render_markdown(report: dict, title: str) -> str:
    if report.get("exclude_ambiguous"):
        note = (f" {report['ambiguous']} ambiguous games (where the grader could not tell what the pair agreed) are "
                "left out of the scores.")
    else:
        note = (f" {report.get('ambiguous', 0)} of them ambiguous (the grader could not tell what the pair agreed); they "
                "are scored as read, `--exclude-ambiguous` leaves them out." if report.get("ambiguous") else "")
    lines = [f"# {title}", "", f"{report['games']} games.{note}", "", f"Intervals: {report['intervals']}.", "",
             "| condition | n | mazes | errors | ambiguous | weighted outcome [95% CI] | success [95% CI] | completed | fail/partial fail/partial success/success |",
             "|---|---|---|---|---|---|---|---|---|"]
    for label, s in report["conditions"].items():
        b = s["buckets"]
        lines.append(f"| {label} | {s['n']} | {s['mazes']} | {s['errors']} | {s.get('ambiguous', 0)} | "
                     f"{_fmt(s['weighted_outcome'])} {_ci(s['ci'])} | {_fmt(s['success'])} {_ci(s['success_ci'])} | "
                     f"{_fmt(s['completion_rate'])} | {b['fail']}/{b['partial_fail']}/{b['partial_success']}/{b['success']} |")
    matrix = report["matrix"]
    if matrix["models"]:
        lines += ["", "## Pairs: first speaker (rows) × second speaker (columns), mean weighted outcome", "",
                  "| first \\ second | " + " | ".join(matrix["models"]) + " |", "|---" * (len(matrix["models"]) + 1) + "|"]
        for a in matrix["models"]:
            lines.append(f"| {a} | " + " | ".join(_fmt(matrix["rows"][a][b]) for b in matrix["models"]) + " |")
    if report.get("order"):
        lines += ["", "## Order effects: paired over the same mazes", "", "| comparison | mazes | difference [95% CI] |", "|---|---|---|"]
        for name, diff in report["order"].items():
            lines.append(f"| {name} | {diff['mazes']} | {_est(diff)} |")
    if report["relay"]:
        lines += ["", "## Relay: weighted outcome against K", ""]
        for name, points in report["relay"].items():
            lines.append(f"- {name}: " + ", ".join(f"K={k}: {_est(e)} (n={e['n']})" for k, e in points.items()))
    if report["gap"]:
        lines += ["", "## The collaboration gap (solo vs homogeneous pair; gap = solo-full − pair, paired over the same mazes)", "",
                  "| model | solo-full | solo-split | pair | gap | mazes |", "|---|---|---|---|---|---|"]
        for model, row in report["gap"].items():
            gap = row.get("gap")
            lines.append(f"| {model} | {_est(row.get('solo-full'))} | {_est(row.get('solo-split'))} | {_est(row.get('pair'))} | "
                         f"{_est(gap)} | {gap['mazes'] if gap else '—'} |")
    humans = report["humans"]
    if humans["human"]:
        lines += ["", f"## People on the same mazes ({humans['mazes']} mazes)", "",
                  f"- human–AI games: {_est(humans['human'])} (n={humans['human_n']})",
                  f"- AI pairs: {_est(humans['ai_pairs'])} (n={humans['ai_n']})"]
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
