"""The report's 95 % intervals checked against statsmodels (a test-only dependency: the runtime
computes them itself, because statsmodels takes ~2 s to import)."""

from __future__ import annotations

import numpy as np
import pytest

from mazeplay.bench.stats import mean_interval, paired_difference, proportion_interval, t_quantile, wilson_interval

sm = pytest.importorskip("statsmodels.api")
from statsmodels.stats.proportion import proportion_confint  # noqa: E402
from statsmodels.stats.weightstats import DescrStatsW  # noqa: E402


@pytest.mark.parametrize("k,n", [(10, 10), (3, 3), (0, 5), (7, 20), (1, 2), (99, 100)])
def test_wilson_matches_statsmodels(k, n):
    low, high = wilson_interval(k, n)
    ref = proportion_confint(k, n, alpha=0.05, method="wilson")
    assert (low, high) == pytest.approx(ref, abs=1e-9)
    assert high - low > 0.05  # never "1.00 ± 0.00"


@pytest.mark.parametrize("df", [1, 2, 4, 9, 29, 200])
def test_t_quantile_matches_scipy(df):
    from scipy import stats

    assert t_quantile(0.975, df) == pytest.approx(stats.t.ppf(0.975, df), rel=1e-9)


@pytest.mark.parametrize("values", [[0.2, 0.9, 1.0], [1.0, -1.0, 0.5, 0.5, 0.8], list(np.linspace(-1, 1, 12))])
def test_small_n_mean_interval_is_t_based(values):
    mean, (low, high) = mean_interval(values)
    ref = DescrStatsW(np.asarray(values)).tconfint_mean(alpha=0.05)
    assert (low, high) == pytest.approx(ref, abs=1e-9) and mean == pytest.approx(np.mean(values))


def test_mean_interval_clustered_by_maze_matches_statsmodels_ols():
    rng = np.random.default_rng(3)
    mazes = [m for m in range(8) for _ in range(3)]
    effects = rng.normal(0, 0.4, 8)
    values = [float(effects[m] + rng.normal(0, 0.2)) for m in mazes]
    mean, (low, high) = mean_interval(values, mazes)
    fit = sm.OLS(np.asarray(values), np.ones((len(values), 1))).fit(
        cov_type="cluster", cov_kwds={"groups": np.asarray(mazes)}, use_t=True)
    assert (low, high) == pytest.approx(tuple(fit.conf_int(alpha=0.05)[0]), abs=1e-9)
    plain = DescrStatsW(np.asarray(values)).tconfint_mean()
    assert high - low > plain[1] - plain[0]  # repeated mazes are not independent evidence


def test_proportion_clustered_by_maze_is_wilson_on_the_effective_sample():
    mazes = [m for m in range(6) for _ in range(4)]
    success = [1.0 if m < 3 else (1.0 if r == 0 else 0.0) for m, r in zip(mazes, [i % 4 for i in range(24)])]
    p, (low, high) = proportion_interval(success, mazes)
    fit = sm.OLS(np.asarray(success), np.ones((24, 1))).fit(cov_type="cluster", cov_kwds={"groups": np.asarray(mazes)})
    effective = 24 / max(1.0, float(fit.bse[0]) ** 2 / (p * (1 - p) / 24))
    assert (low, high) == pytest.approx(proportion_confint(p * effective, effective, method="wilson"), abs=1e-9)
    assert high - low > np.subtract(*proportion_confint(sum(success), 24, method="wilson")[::-1])


def test_intervals_cannot_be_estimated_from_one_value():
    assert mean_interval([0.5]) == (0.5, None)
    assert mean_interval([]) [1] is None
    assert proportion_interval([1.0])[1] == pytest.approx(proportion_confint(1, 1, method="wilson"))


def test_paired_difference_on_the_same_mazes():
    pairs = {0: (1.0, 0.5), 1: (0.8, 0.8), 2: (1.0, -0.2), 3: (0.6, 0.1)}
    out = paired_difference(pairs)
    diffs = np.array([a - b for a, b in pairs.values()])
    assert out["mazes"] == 4 and out["mean"] == pytest.approx(diffs.mean())
    assert tuple(out["ci"]) == pytest.approx(DescrStatsW(diffs).tconfint_mean(), abs=1e-9)


def test_two_way_clustering_matches_statsmodels_or_the_larger_one_way():
    from statsmodels.stats.sandwich_covariance import cov_cluster, cov_cluster_2groups

    from mazeplay.bench.stats import two_way_mean_interval, two_way_proportion_interval

    for seed in range(4):
        rng = np.random.default_rng(seed)
        people, mazes = rng.integers(0, 8, 40), rng.integers(0, 6, 40)
        values = rng.normal(0, 1, 40) + 0.3 * people / 8
        fit = sm.OLS(values, np.ones((40, 1))).fit()
        reference = max(float(cov_cluster_2groups(fit, people, mazes)[0][0, 0]), float(cov_cluster(fit, people)[0, 0]),
                        float(cov_cluster(fit, mazes)[0, 0]))
        mean, (low, high) = two_way_mean_interval(list(values), list(people), list(mazes))
        from scipy import stats

        half = stats.t.ppf(0.975, min(len(set(people)), len(set(mazes))) - 1) * np.sqrt(reference)
        assert (low, high) == pytest.approx((mean - half, mean + half), abs=1e-9)
    rate, (low, high) = two_way_proportion_interval([1.0] * 3, ["p1", "p2", "p3"], ["m1", "m2", "m3"])
    assert rate == 1.0 and (low, high) == pytest.approx(proportion_confint(3, 3, method="wilson"))  # not "1.00 ± 0.00"
