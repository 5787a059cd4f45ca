"""Means with 95 % confidence intervals, plain and clustered by maze."""

from __future__ import annotations

from collections import defaultdict

import numpy as np


def mean_ci(values: list[float]) -> tuple[float, float]:
    """(mean, half-width of the 95 % CI: 1.96 · SE); half-width 0 for fewer than two values."""
    if not values:
        return float("nan"), float("nan")
    arr = np.asarray(values, dtype=float)
    half = 1.96 * arr.std(ddof=1) / np.sqrt(len(arr)) if len(arr) > 1 else 0.0
    return float(arr.mean()), float(half)


def clustered_ci(values: list[float], clusters: list[object]) -> tuple[float, float]:
    """Mean and 95 % CI treating games on the same maze as one cluster (cluster-robust SE of the mean)."""
    if not values:
        return float("nan"), float("nan")
    arr = np.asarray(values, dtype=float)
    mean = float(arr.mean())
    groups: dict[object, list[float]] = defaultdict(list)
    for value, cluster in zip(arr, clusters):
        groups[cluster].append(value - mean)
    g = len(groups)
    if g < 2:
        return mean, 0.0
    sums = np.array([sum(residuals) for residuals in groups.values()])
    variance = (g / (g - 1)) * float((sums**2).sum()) / len(arr) ** 2
    return mean, 1.96 * float(np.sqrt(variance))


def two_way_clustered_ci(values: list[float], first: list[object], second: list[object]) -> tuple[float, float]:
    """Mean and 95 % CI with errors clustered two ways (e.g. by participant and by maze): the
    Cameron–Gelbach–Miller variance V(first) + V(second) − V(first ∩ second), each a cluster-robust
    variance of the mean; never below the larger one-way variance."""
    if not values:
        return float("nan"), float("nan")
    mean, by_first = clustered_ci(values, first)
    _, by_second = clustered_ci(values, second)
    _, by_both = clustered_ci(values, list(zip(first, second)))
    variance = (by_first / 1.96) ** 2 + (by_second / 1.96) ** 2 - (by_both / 1.96) ** 2
    variance = max(variance, (by_first / 1.96) ** 2, (by_second / 1.96) ** 2)
    return mean, 1.96 * float(np.sqrt(variance))
