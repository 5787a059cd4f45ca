"""The report's numbers and the shape of its JSON (a snapshot: tools that read it rely on the keys)."""

from __future__ import annotations

import json

import pytest

from mazeplay.bench.report import build_report, render_json, render_markdown

pytest.importorskip("statsmodels")
from statsmodels.stats.proportion import proportion_confint  # noqa: E402
from statsmodels.stats.weightstats import DescrStatsW  # noqa: E402


def game(i, kind, a, b, maze, outcome, first="a", relay=None):
    grade = {"success": outcome == 1.0, "weighted_outcome": outcome, "ambiguous": False, "reasons": [],
             "diagnostics": {"tokens_total": 10, "turns_used": 6}}
    label = f"{kind} {a}→{b}" if kind == "pair" else (f"relay {relay['role']}" if relay else f"{kind} {a}")
    return {"id": i, "condition": label, "kind": kind, "status": "finished", "grade": grade, "ending": "acti",
            "maze_source": f"6x6-v1#{maze}", "maze": f"m{maze}", "seat_a": {"name": a}, "seat_b": {"name": b or "none"},
            "first": first, "relay": relay}


PAIR_GPT = [1.0, 0.5, 1.0, 0.0, 1.0]
PAIR_GPT_BOT = [1.0, 1.0, 0.5, 1.0, 1.0]
PAIR_BOT_GPT = [1.0, 0.5, 0.5, 0.0, 1.0]
SOLO_GPT = [1.0, 1.0, 1.0, 0.5, 1.0]


@pytest.fixture()
def games():
    out, i = [], 0
    for maze in range(5):
        for kind, a, b, values in (("pair", "gpt", "gpt", PAIR_GPT), ("pair", "gpt", "bot", PAIR_GPT_BOT),
                                   ("pair", "bot", "gpt", PAIR_BOT_GPT), ("solo-full", "gpt", "", SOLO_GPT)):
            i += 1
            out.append(game(i, kind, a, b, maze, values[maze]))
        for k in (2, 4):
            i += 1
            out.append(game(i, "relay", "gpt", "gpt", maze, 0.5 + 0.1 * maze,
                            relay={"role": "primer", "k": k, "strong": "gpt", "weak": "gpt"}))
    return out


def shape(value):
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    return type(value).__name__


def test_report_json_shape_snapshot(games):
    report = json.loads(render_json(build_report(games)))
    condition = shape(report["conditions"]["pair gpt→gpt"])
    assert condition == {
        "n": "int", "mazes": "int", "errors": "int", "ambiguous": "int", "error_rate": "float",
        "weighted_outcome": "float", "ci": ["float"], "success": "float", "success_ci": ["float"],
        "clustered_by_maze": "bool", "completion_rate": "float",
        "buckets": {"fail": "int", "partial_fail": "int", "partial_success": "int", "success": "int"},
        "messages_by_bucket": {"fail": "float", "partial_fail": "NoneType", "partial_success": "float", "success": "float"},
        "tokens_mean": "float"}
    assert set(report) == {"games", "ambiguous", "exclude_ambiguous", "intervals", "conditions", "matrix", "order",
                           "relay", "gap", "humans"}
    estimate = {"mean": "float", "ci": ["float"], "n": "int"}
    assert shape(report["relay"]["primer gpt/gpt"]["2"]) == estimate
    assert shape(report["gap"]["gpt"]) == {"solo-full": estimate, "pair": estimate,
                                           "gap": {"mean": "float", "ci": ["float"], "mazes": "int"}}
    assert shape(report["order"]) == {"bot first − gpt first": {"mean": "float", "ci": ["float"], "mazes": "int"}}
    assert shape(report["matrix"]) == {"models": ["str"], "rows": {"bot": {"bot": "NoneType", "gpt": "float"},
                                                                   "gpt": {"bot": "float", "gpt": "float"}},
                                       "n": {"bot": {"bot": "int", "gpt": "int"}, "gpt": {"bot": "int", "gpt": "int"}}}
    assert all(len(c["ci"]) == 2 and len(c["success_ci"]) == 2 for c in report["conditions"].values())


def test_success_at_ten_of_ten_is_an_asymmetric_wilson_interval():
    games = [game(i, "pair", "bot", "bot", i, 1.0) for i in range(10)]
    report = json.loads(render_json(build_report(games)))
    low, high = report["conditions"]["pair bot→bot"]["success_ci"]
    assert (low, high) == pytest.approx(proportion_confint(10, 10, method="wilson"))
    assert round(low, 2) == 0.72 and high == 1.0
    assert "1.00 [0.72, 1.00]" in render_markdown(build_report(games), "r")


def test_gap_and_order_effects_are_paired_over_the_same_mazes(games):
    report = build_report(games)
    gap = report["gap"]["gpt"]["gap"]
    diffs = [s - p for s, p in zip(SOLO_GPT, PAIR_GPT)]
    assert gap["mazes"] == 5 and gap["mean"] == pytest.approx(sum(diffs) / 5)
    assert tuple(gap["ci"]) == pytest.approx(DescrStatsW(diffs).tconfint_mean())
    order = report["order"]["bot first − gpt first"]
    diffs = [b - g for b, g in zip(PAIR_BOT_GPT, PAIR_GPT_BOT)]
    assert tuple(order["ci"]) == pytest.approx(DescrStatsW(diffs).tconfint_mean())


def test_outcome_intervals_end_at_the_best_outcome():
    games = [game(i, "pair", "bot", "bot", i, v) for i, v in enumerate([1.0, 1.0, 0.2])]
    low, high = build_report(games)["conditions"]["pair bot→bot"]["ci"]
    assert high == 1.0 and low < 0.2
