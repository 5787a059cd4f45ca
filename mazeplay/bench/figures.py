"""The paper's figures from a report, drawn with matplotlib (the optional `plots` extra, imported only
by `report --plots`): the first × second speaker heatmap (Fig. 4.3), relay curves against K with
their intervals (Fig. 4.6), solo-full / solo-split / pair per model (Fig. 4.1), messages per outcome
bucket (Fig. C.2), outcome per condition, and for studies people against AIs. Each as PNG and SVG.

Y axes follow the data (a mean of −0.8 is drawn, not covered by labels) and every label is kept
inside the image."""

from __future__ import annotations

import math
from pathlib import Path

from mazeplay.judge.diagnostics import BUCKETS

BUCKET_LABELS = {"fail": "fail\n[0, .25)", "partial_fail": "partial fail\n[.25, .5)",
                 "partial_success": "partial success\n[.5, .75)", "success": "success\n[.75, 1]"}


class PlotsUnavailable(ValueError):
    """matplotlib is not installed (one line for the user)."""


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise PlotsUnavailable("--plots needs matplotlib: pip install 'mazeplay[plots]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"font.size": 10, "axes.spines.top": False, "axes.spines.right": False, "svg.hashsalt": "mazeplay",
                         "svg.fonttype": "none"})
    return plt


def _ok(value) -> bool:
    return value is not None and not (isinstance(value, float) and math.isnan(value))


def _bounds(mean: float, ci) -> tuple[float, float]:
    """[low, high], or a half-width (the study report's), as (low, high)."""
    if ci is None or not _ok(mean):
        return mean, mean
    if isinstance(ci, (list, tuple)):
        return ci[0], ci[1]
    return mean - ci, mean + ci


def _ylim(ax, lows: list[float]) -> None:
    low = min([0.0, *[v for v in lows if _ok(v)]])
    ax.set_ylim(low - 0.08 * (1.15 - low), 1.15)
    ax.axhline(0, color="#888", linewidth=0.8)


def _save(fig, folder: Path, name: str) -> list[Path]:
    paths = [folder / f"{name}.png", folder / f"{name}.svg"]
    fig.savefig(paths[0], dpi=150, bbox_inches="tight", metadata={"Software": None})
    fig.savefig(paths[1], bbox_inches="tight", metadata={"Date": None, "Creator": None})
    fig.get_figure().clf()
    return paths


def _bars(plt, labels: list[str], estimates: list[tuple[float, object]], title: str, ylabel: str, colour: str = "#4a7bd0",
          counts: list[int] | None = None):
    fig, ax = plt.subplots(figsize=(max(5.0, 0.7 * len(labels) + 2), 4.2))
    means = [m for m, _ in estimates]
    bounds = [_bounds(m, ci) for m, ci in estimates]
    ax.bar(range(len(labels)), means, color=colour, width=0.6)
    for x, (mean, (_, high), n) in enumerate(zip(means, bounds, counts or [None] * len(means))):
        ax.annotate(f"{mean:.2f}" + (f"\nn={n}" if n else ""), (x, max(mean, high, 0.0)), ha="center", va="bottom",
                    fontsize=7, xytext=(0, 2), textcoords="offset points")
    errs = [[m - lo for m, (lo, _) in zip(means, bounds)], [hi - m for m, (_, hi) in zip(means, bounds)]]
    ax.errorbar(range(len(labels)), means, yerr=errs, fmt="none", ecolor="black", capsize=4, linewidth=1)
    ax.set_xticks(range(len(labels)), labels, rotation=30 if max(map(len, labels)) > 8 else 0, ha="right" if max(map(len, labels)) > 8 else "center")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    _ylim(ax, [lo for lo, _ in bounds])
    return fig


def conditions_figure(plt, conditions: dict[str, dict]):
    items = [(label, s) for label, s in conditions.items() if s.get("n") and _ok(s.get("weighted_outcome"))]
    if not items:
        return None
    return _bars(plt, [label for label, _ in items], [(s["weighted_outcome"], s.get("ci")) for _, s in items],
                 "Weighted outcome by condition (95% CI)", "weighted outcome", counts=[s["n"] for _, s in items])


def heatmap_figure(plt, matrix: dict):
    models = matrix["models"]
    if not models:
        return None
    values = [[matrix["rows"][a][b] for b in models] for a in models]
    size = max(4.0, 0.9 * len(models) + 2.5)
    fig, ax = plt.subplots(figsize=(size, size * 0.85))
    grid = [[v if _ok(v) else float("nan") for v in row] for row in values]
    image = ax.imshow(grid, cmap="RdYlGn", vmin=min(-0.25, min((v for row in grid for v in row if _ok(v)), default=0)), vmax=1.0)
    for i, row in enumerate(values):
        for j, value in enumerate(row):
            n = matrix.get("n", {}).get(models[i], {}).get(models[j])
            text = "—" if not _ok(value) else f"{value:.2f}" + (f"\nn={n}" if n else "")
            ax.text(j, i, text, ha="center", va="center", fontsize=9)
    ax.set_xticks(range(len(models)), models, rotation=30, ha="right")
    ax.set_yticks(range(len(models)), models)
    ax.set_xlabel("second speaker")
    ax.set_ylabel("first speaker")
    ax.set_title("Weighted outcome: first speaker × second speaker")
    fig.colorbar(image, ax=ax, shrink=0.8, label="weighted outcome")
    return fig


def relay_figure(plt, relay: dict):
    if not relay:
        return None
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    lows = []
    for (name, points), marker in zip(sorted(relay.items()), "osD^v<>"):
        ks = sorted(int(k) for k in points)
        est = [points[k] if k in points else points[str(k)] for k in ks]
        means = [e["mean"] for e in est]
        bounds = [_bounds(e["mean"], e.get("ci")) for e in est]
        lows += [lo for lo, _ in bounds]
        line, = ax.plot(ks, means, marker=marker, label=name)
        ax.fill_between(ks, [lo for lo, _ in bounds], [hi for _, hi in bounds], color=line.get_color(), alpha=0.15)
        ax.set_xticks(ks)
    ax.set_xlabel("K (messages before the swap)")
    ax.set_ylabel("weighted outcome")
    ax.set_title("Relay inference: weighted outcome against K (95% CI)")
    _ylim(ax, lows)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def gap_figure(plt, gap: dict):
    kinds = [k for k in ("solo-full", "solo-split", "pair") if any(k in row for row in gap.values())]
    if not gap or not kinds:
        return None
    models = list(gap)
    fig, ax = plt.subplots(figsize=(max(5.5, 1.4 * len(models) + 2.5), 4.2))
    width = 0.8 / len(kinds)
    lows = []
    for i, (kind, colour) in enumerate(zip(kinds, ("#3a9a4a", "#e0a030", "#4a7bd0"))):
        xs, means, errs = [], [], [[], []]
        for j, model in enumerate(models):
            e = gap[model].get(kind)
            if not e or not _ok(e["mean"]):
                continue
            lo, hi = _bounds(e["mean"], e.get("ci"))
            xs.append(j + (i - (len(kinds) - 1) / 2) * width)
            means.append(e["mean"])
            errs[0].append(e["mean"] - lo)
            errs[1].append(hi - e["mean"])
            lows.append(lo)
        ax.bar(xs, means, width=width, color=colour, label=kind)
        ax.errorbar(xs, means, yerr=errs, fmt="none", ecolor="black", capsize=3, linewidth=1)
    ax.set_xticks(range(len(models)), models, rotation=30 if len(models) > 3 else 0, ha="right" if len(models) > 3 else "center")
    ax.set_ylabel("weighted outcome")
    ax.set_title("The collaboration gap: solo against pair (95% CI)")
    _ylim(ax, lows)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def messages_figure(plt, conditions: dict[str, dict]):
    """Mean messages per game in each outcome bucket, pooled over the conditions of each kind of
    dialogue (pair, relay); solo answers are not dialogues and are left out."""
    buckets = [name for name, _ in BUCKETS]
    pooled: dict[str, dict[str, list[float]]] = {}
    for label, s in conditions.items():
        kind = label.split(" ", 1)[0]
        if kind not in ("pair", "relay") or not s.get("messages_by_bucket"):
            continue
        for bucket in buckets:
            mean, count = s["messages_by_bucket"].get(bucket), s["buckets"].get(bucket, 0)
            if _ok(mean) and count:
                sums = pooled.setdefault(kind, {}).setdefault(bucket, [0.0, 0])
                sums[0] += mean * count
                sums[1] += count
    if not pooled:
        return None
    fig, ax = plt.subplots(figsize=(7.0, 4.2))
    width = 0.8 / len(pooled)
    for i, (kind, values) in enumerate(sorted(pooled.items())):
        xs = [j + (i - (len(pooled) - 1) / 2) * width for j in range(len(buckets))]
        heights = [values[b][0] / values[b][1] if b in values else 0.0 for b in buckets]
        bars = ax.bar(xs, heights, width=width, label=f"{kind} games")
        for bar, bucket in zip(bars, buckets):
            if bucket in values:
                ax.annotate(f"n={values[bucket][1]}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                            ha="center", va="bottom", fontsize=8, xytext=(0, 2), textcoords="offset points")
    ax.set_xticks(range(len(buckets)), [BUCKET_LABELS[b] for b in buckets])
    ax.set_ylabel("mean messages per game")
    ax.set_xlabel("weighted outcome bucket")
    ax.set_title("Messages per outcome bucket")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def study_figure(plt, groups: dict[str, dict]):
    items = [(label, s) for label, s in groups.items() if s.get("n") and _ok(s.get("weighted_outcome"))]
    if not items:
        return None
    colours = ["#d04a4a" if label.startswith("human") else "#4a7bd0" for label, _ in items]
    fig = _bars(plt, [label for label, _ in items], [(s["weighted_outcome"], s.get("ci")) for _, s in items],
                "People and AIs on the same mazes (95% CI)", "weighted outcome", counts=[s["n"] for _, s in items])
    for bar, colour in zip(fig.axes[0].patches, colours):
        bar.set_color(colour)
    from matplotlib.patches import Patch

    fig.axes[0].legend(handles=[Patch(color="#d04a4a", label="with a person"), Patch(color="#4a7bd0", label="AIs only")],
                       loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def write_figures(report: dict, folder: str | Path) -> list[Path]:
    """Every figure the report has data for, as PNG and SVG in `folder`."""
    plt = _pyplot()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, draw, data in (("conditions", conditions_figure, report["conditions"]), ("heatmap", heatmap_figure, report["matrix"]),
                             ("relay", relay_figure, report["relay"]), ("gap", gap_figure, report["gap"]),
                             ("messages", messages_figure, report["conditions"])):
        fig = draw(plt, data)
        if fig is not None:
            written += _save(fig, folder, name)
            plt.close(fig)
    return written


def write_study_figures(report: dict, folder: str | Path, study: str) -> list[Path]:
    plt = _pyplot()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    fig = study_figure(plt, report["groups"])
    if fig is None:
        return []
    paths = _save(fig, folder, f"study-{study}")
    plt.close(fig)
    return paths
