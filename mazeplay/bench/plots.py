"""Plots as standalone SVG files (no plotting library needed): outcomes per condition with CI
whiskers, and relay curves against K."""

from __future__ import annotations

import math
from html import escape
from pathlib import Path

_W, _H, _PAD = 720, 400, 60


def _frame(title: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{_H}" font-family="sans-serif" font-size="12">'
            f'<rect width="100%" height="100%" fill="white"/>'
            f'<text x="{_W / 2}" y="24" text-anchor="middle" font-size="15">{escape(title)}</text>'
            + "".join(body) + "</svg>")


def _y(value: float, low: float = -0.25, high: float = 1.0) -> float:
    return _H - _PAD - (value - low) / (high - low) * (_H - 2 * _PAD)


def _axis() -> list[str]:
    parts = []
    for tick in (-0.25, 0, 0.25, 0.5, 0.75, 1.0):
        y = _y(tick)
        parts.append(f'<line x1="{_PAD}" x2="{_W - 20}" y1="{y}" y2="{y}" stroke="#ddd"/>'
                     f'<text x="{_PAD - 8}" y="{y + 4}" text-anchor="end">{tick:g}</text>')
    return parts


def _bounds(mean: float, ci) -> tuple[float, float]:
    """An interval as (low, high), from `[low, high]` or a half-width (the study report's)."""
    if ci is None:
        return mean, mean
    if isinstance(ci, (list, tuple)):
        return ci[0], ci[1]
    return mean - ci, mean + ci


def conditions_svg(conditions: dict[str, dict]) -> str:
    items = [(label, s) for label, s in conditions.items() if s["n"] and not math.isnan(s["weighted_outcome"])]
    body = _axis()
    width = (_W - _PAD - 20) / max(1, len(items))
    for i, (label, s) in enumerate(items):
        x = _PAD + i * width + width * 0.2
        top, zero = _y(s["weighted_outcome"]), _y(0)
        body.append(f'<rect x="{x}" y="{min(top, zero)}" width="{width * 0.6}" height="{abs(zero - top)}" fill="#4a7bd0"/>')
        cx = x + width * 0.3
        low, high = _bounds(s["weighted_outcome"], s["ci"])
        body.append(f'<line x1="{cx}" x2="{cx}" y1="{_y(low)}" y2="{_y(high)}" stroke="black"/>')
        body.append(f'<text x="{cx}" y="{_H - _PAD + 14}" text-anchor="end" transform="rotate(-30 {cx} {_H - _PAD + 14})">{escape(label)}</text>')
    return _frame("Weighted outcome by condition (95% CI)", body)


def relay_svg(curves: dict[str, dict[int, tuple[float, float]]]) -> str:
    body = _axis()
    ks = sorted({k for points in curves.values() for k in points}) or [1]
    x = lambda k: _PAD + (ks.index(k) + 0.5) * (_W - _PAD - 20) / len(ks)  # noqa: E731
    for k in ks:
        body.append(f'<text x="{x(k)}" y="{_H - _PAD + 16}" text-anchor="middle">K={k}</text>')
    colours = ["#d04a4a", "#4a7bd0", "#3a9a4a", "#a04ad0"]
    for i, (name, points) in enumerate(sorted(curves.items())):
        colour = colours[i % len(colours)]
        coords = [(x(k), _y(e["mean"])) for k, e in sorted(points.items()) if not math.isnan(e["mean"])]
        body.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{" ".join(f"{a},{b}" for a, b in coords)}"/>')
        body.append(f'<text x="{_W - 200}" y="{50 + 16 * i}" fill="{colour}">{escape(name)}</text>')
    return _frame("Relay inference: weighted outcome against K", body)


def write_plots(report: dict, folder: str | Path) -> list[Path]:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "conditions.svg"]
    written[0].write_text(conditions_svg(report["conditions"]))
    if report["relay"]:
        path = folder / "relay.svg"
        path.write_text(relay_svg(report["relay"]))
        written.append(path)
    return written
