"""Auditing graders: accuracy against live-mode ground truth, and agreement between graders
(ICC(2,1) on weighted outcomes, Cohen's κ for two graders and Fleiss' κ for more on success)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np


@dataclass
class Accuracy:
    judge: str
    games: int
    exact_route: float
    success_agreement: float
    mean_abs_outcome_error: float

    def to_dict(self) -> dict:
        return self.__dict__.copy()


def accuracy(judge: str, pairs: list[tuple[dict, dict]]) -> Accuracy:
    """`pairs` of (truth grade, judge grade) as saved dicts."""
    if not pairs:
        return Accuracy(judge, 0, float("nan"), float("nan"), float("nan"))
    exact = [truth["route"] == graded["route"] for truth, graded in pairs]
    success = [truth["success"] == graded["success"] for truth, graded in pairs]
    error = [abs(truth["weighted_outcome"] - graded["weighted_outcome"]) for truth, graded in pairs]
    return Accuracy(judge, len(pairs), float(np.mean(exact)), float(np.mean(success)), float(np.mean(error)))


def icc_2_1(ratings: np.ndarray) -> float:
    """Two-way random effects, absolute agreement, single rater (Shrout & Fleiss ICC(2,1)).

    `ratings` is games × graders."""
    x = np.asarray(ratings, dtype=float)
    n, k = x.shape
    if n < 2 or k < 2:
        return float("nan")
    grand = x.mean()
    ss_rows = k * ((x.mean(axis=1) - grand) ** 2).sum()
    ss_cols = n * ((x.mean(axis=0) - grand) ** 2).sum()
    ss_error = ((x - grand) ** 2).sum() - ss_rows - ss_cols
    ms_rows, ms_cols = ss_rows / (n - 1), ss_cols / (k - 1)
    ms_error = ss_error / ((n - 1) * (k - 1))
    denominator = ms_rows + (k - 1) * ms_error + k * (ms_cols - ms_error) / n
    return float((ms_rows - ms_error) / denominator) if denominator else 1.0


def cohen_kappa(a: list[bool], b: list[bool]) -> float:
    a_arr, b_arr = np.asarray(a, dtype=bool), np.asarray(b, dtype=bool)
    observed = float(np.mean(a_arr == b_arr))
    p_a, p_b = a_arr.mean(), b_arr.mean()
    expected = float(p_a * p_b + (1 - p_a) * (1 - p_b))
    return 1.0 if expected == 1 else (observed - expected) / (1 - expected)


def fleiss_kappa(ratings: np.ndarray) -> float:
    """`ratings` is games × graders of booleans (two categories)."""
    x = np.asarray(ratings, dtype=bool)
    n, k = x.shape
    counts = np.stack([x.sum(axis=1), k - x.sum(axis=1)], axis=1).astype(float)
    p_j = counts.sum(axis=0) / (n * k)
    p_i = ((counts**2).sum(axis=1) - k) / (k * (k - 1))
    p_bar, p_e = p_i.mean(), (p_j**2).sum()
    return 1.0 if p_e == 1 else float((p_bar - p_e) / (1 - p_e))


def _same(a: dict, b: dict) -> bool:
    """Two grades agree: the same success and weighted outcomes within 0.01."""
    return a["success"] == b["success"] and abs(a["weighted_outcome"] - b["weighted_outcome"]) < 0.01


def _outcome(grade: dict) -> dict:
    return {"success": grade["success"], "weighted_outcome": round(grade["weighted_outcome"], 3),
            "moves": len(grade.get("route") or []) - 1, "ambiguous": bool(grade.get("ambiguous")),
            "reasons": list(grade.get("reasons") or [])}


def _first_difference(truth: dict, graded: dict) -> int | None:
    """The first move (1-based) where two routes part, or None if one extends the other equally."""
    a, b = truth.get("route") or [], graded.get("route") or []
    for k, (x, y) in enumerate(zip(a, b)):
        if list(x) != list(y):
            return k
    return min(len(a), len(b)) if len(a) != len(b) else None


def disagreements(graded: dict[int, dict[str, dict]], judge: str, reference: str) -> list[dict]:
    """Games where `judge` and `reference` (e.g. the engine, or an LLM grader) reach different results."""
    rows = []
    for game_id, grades in sorted(graded.items()):
        if judge in grades and reference in grades and not _same(grades[reference], grades[judge]):
            rows.append({"game_id": game_id, "judge": judge, "reference": reference,
                         reference: _outcome(grades[reference]), judge: _outcome(grades[judge]),
                         "routes_part_at_move": _first_difference(grades[reference], grades[judge])})
    return rows


def _version_order(judge: str) -> list:
    """"rule-9" before "rule-10": numbers in a judge's name compare as numbers."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", judge)]


def audit_store(store) -> dict:
    """Accuracy of every judge (each version apart) on live games, agreement among non-engine judges,
    and, game by game, where a rule grader and the engine disagree, and where rule and LLM graders do."""
    graded = store.grades_by_judge()
    judges = sorted({j for grades in graded.values() for j in grades if j not in ("engine", "_mode")}, key=_version_order)
    rows = []
    for judge in judges:
        pairs = [(g["engine"], g[judge]) for g in graded.values() if "engine" in g and judge in g]
        if pairs:
            rows.append(accuracy(judge, pairs).to_dict())
    rule_judges = [j for j in judges if j.startswith("rule")]
    llm_judges = [j for j in judges if j.startswith("llm")]
    engine_disagreements = [row for j in rule_judges for row in disagreements(graded, j, "engine")]
    llm_disagreements = [row for j in rule_judges for llm in llm_judges for row in disagreements(graded, j, llm)]
    common = [g for g in graded.values() if sum(j in g for j in judges) >= 2]
    used = [j for j in judges if all(j in g for g in common)] if common else []
    agreement: dict = {"games": 0, "judges": used}
    if len(used) >= 2 and len(common) >= 2:
        outcomes = np.array([[g[j]["weighted_outcome"] for j in used] for g in common])
        success = np.array([[g[j]["success"] for j in used] for g in common])
        kappa = cohen_kappa(list(success[:, 0]), list(success[:, 1])) if len(used) == 2 else fleiss_kappa(success)
        agreement = {"games": len(common), "judges": used, "icc": icc_2_1(outcomes), "kappa": kappa,
                     "kappa_name": "Cohen's kappa" if len(used) == 2 else "Fleiss' kappa"}
    return {"accuracy": rows, "agreement": agreement, "engine_disagreements": engine_disagreements,
            "llm_disagreements": llm_disagreements}
