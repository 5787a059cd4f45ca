"""Confidence intervals a reviewer cannot fault, without scipy or statsmodels at run time.

- Proportions (success): Wilson score intervals, which stay inside [0, 1] and are not zero-width at
  10/10; where mazes repeat, the sample size is shrunk by the design effect of clustering by maze.
- Means (weighted outcome): Student-t intervals (t with n − 1 degrees of freedom), cluster-robust by
  maze where mazes repeat (CR1 variance, t with G − 1 degrees of freedom, G mazes).
- Paired differences on the same mazes (order effects, the collaboration gap): a t interval of the
  per-maze differences.

- Games with people (studies): the same, clustered two ways (participant and maze) with the
  Cameron–Gelbach–Miller variance, never below either one-way variance; t with min(G1, G2) − 1 df.

Every interval is 95 % and returned as (low, high); it is None when it cannot be estimated (n < 2).
"""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np

Z95 = 1.959963984540054
Interval = tuple[float, float]


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the regularised incomplete beta (Lentz's method)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for num in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T ≤ t) for Student's t with `df` degrees of freedom."""
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t (bisection on the CDF; p in (0.5, 1))."""
    low, high = 0.0, 1e6
    for _ in range(200):
        mid = (low + high) / 2
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def wilson_interval(successes: float, n: float) -> Interval | None:
    """Wilson score interval for successes/n (n may be an effective, fractional sample size)."""
    if n <= 0:
        return None
    p, z2 = successes / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if p <= 0.0 else max(0.0, centre - half)  # exactly 0 or 1 at the ends, not 0.9999999999999999
    return low, 1.0 if p >= 1.0 else min(1.0, centre + half)


def _repeats(clusters: list[object] | None) -> bool:
    return clusters is not None and len(set(clusters)) < len(clusters)


def _cluster_variance(values: np.ndarray, clusters: list[object]) -> tuple[float, int]:
    """CR1 cluster-robust variance of the mean (Stata's and statsmodels' small-sample factor
    G/(G−1)·(N−1)/(N−K), which is G/(G−1) for a mean) and the number of clusters G."""
    mean = values.mean()
    sums: dict[object, float] = defaultdict(float)
    for value, cluster in zip(values, clusters):
        sums[cluster] += value - mean
    g, n = len(sums), len(values)
    if g < 2:
        return float("nan"), g
    total = float(sum(s * s for s in sums.values()))
    return (g / (g - 1)) * total / (n * n), g


def mean_interval(values: list[float], clusters: list[object] | None = None,
                  maximum: float | None = None) -> tuple[float, Interval | None]:
    """Mean and 95 % t interval; cluster-robust (t with G − 1 df) when a cluster holds several values.
    `maximum` is a value no observation can exceed (1 for the weighted outcome): the interval stops there."""
    if not values:
        return float("nan"), None
    arr = np.asarray(values, dtype=float)
    mean = float(arr.mean())
    if _repeats(clusters):
        variance, g = _cluster_variance(arr, clusters)  # type: ignore[arg-type]
        df = g - 1
    else:
        variance = float(arr.var(ddof=1)) / len(arr) if len(arr) > 1 else float("nan")
        df = len(arr) - 1
    if df < 1 or math.isnan(variance):
        return mean, None
    half = t_quantile(0.975, df) * math.sqrt(variance)
    high = mean + half if maximum is None else min(maximum, mean + half)
    return mean, (mean - half, high)


def proportion_interval(successes: list[float], clusters: list[object] | None = None) -> tuple[float, Interval | None]:
    """Share of successes and its Wilson interval; where clusters repeat, Wilson on the effective
    sample size n / design effect (cluster-robust variance over the binomial variance, at least 1)."""
    if not successes:
        return float("nan"), None
    arr = np.asarray(successes, dtype=float)
    n, p = len(arr), float(arr.mean())
    effective = float(n)
    if _repeats(clusters) and 0.0 < p < 1.0:
        variance, g = _cluster_variance(arr, clusters)  # type: ignore[arg-type]
        if g >= 2:
            effective = n / max(1.0, variance / (p * (1 - p) / n))
    return p, wilson_interval(p * effective, effective)


def _two_way_variance(values: np.ndarray, first: list[object], second: list[object]) -> tuple[float, int]:
    """Cameron–Gelbach–Miller two-way cluster-robust variance of the mean, V(first) + V(second) −
    V(first ∩ second) with CR1 factors, never below the larger one-way variance; and min(G1, G2)."""
    v1, g1 = _cluster_variance(values, first)
    v2, g2 = _cluster_variance(values, second)
    v12, _ = _cluster_variance(values, list(zip(first, second)))
    if math.isnan(v1) or math.isnan(v2):
        return float("nan"), min(g1, g2)
    v12 = 0.0 if math.isnan(v12) else v12
    return max(v1 + v2 - v12, v1, v2), min(g1, g2)


def two_way_mean_interval(values: list[float], first: list[object], second: list[object],
                          maximum: float | None = None) -> tuple[float, Interval | None]:
    """Mean and 95 % t interval clustered two ways (e.g. participant and maze), t with min(G1, G2) − 1 df."""
    if not values:
        return float("nan"), None
    arr = np.asarray(values, dtype=float)
    mean = float(arr.mean())
    variance, g = _two_way_variance(arr, first, second)
    if g < 2 or math.isnan(variance):
        return mean, None
    half = t_quantile(0.975, g - 1) * math.sqrt(variance)
    return mean, (mean - half, mean + half if maximum is None else min(maximum, mean + half))


def two_way_proportion_interval(successes: list[float], first: list[object], second: list[object]) -> tuple[float, Interval | None]:
    """Share of successes and its Wilson interval on the effective sample size of two-way clustering."""
    if not successes:
        return float("nan"), None
    arr = np.asarray(successes, dtype=float)
    n, p = len(arr), float(arr.mean())
    effective = float(n)
    if 0.0 < p < 1.0:
        variance, g = _two_way_variance(arr, first, second)
        if g >= 2 and not math.isnan(variance):
            effective = n / max(1.0, variance / (p * (1 - p) / n))
    return p, wilson_interval(p * effective, effective)


def paired_difference(pairs: dict[object, tuple[float, float]]) -> dict | None:
    """Mean of first − second over the same mazes, with its 95 % t interval (None below two mazes)."""
    if not pairs:
        return None
    diffs = [a - b for a, b in pairs.values()]
    mean, ci = mean_interval(diffs)
    return {"mean": mean, "ci": ci, "mazes": len(diffs)}
