"""The paper's figures (matplotlib, the `plots` extra): written as PNG and SVG, axes that follow the
data, and matplotlib imported only when --plots asks for it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mazeplay.bench.report import build_report
from mazeplay.cli import main
from tests.bench.test_report import game

pytest.importorskip("matplotlib")
from mazeplay.bench import figures  # noqa: E402


def games_with_everything():
    out, i = [], 0
    for maze in range(4):
        for kind, a, b, value in (("pair", "x", "x", -0.8), ("pair", "x", "y", 0.5), ("pair", "y", "x", 1.0),
                                  ("pair", "y", "y", 1.0), ("solo-full", "x", "", 1.0), ("solo-split", "x", "", 0.5)):
            i += 1
            out.append(game(i, kind, a, b, maze, value + 0.05 * maze if value < 1 else value))
        for role in ("primer", "recovery"):
            for k in (2, 4):
                i += 1
                out.append(game(i, "relay", "x", "x", maze, 0.1 * k - 0.1 * maze,
                                relay={"role": role, "k": k, "strong": "y", "weak": "x"}))
    return out


def test_every_figure_is_written_as_png_and_svg(tmp_path):
    paths = figures.write_figures(build_report(games_with_everything()), tmp_path)
    names = {p.name for p in paths}
    for name in ("conditions", "heatmap", "relay", "gap", "messages"):
        assert {f"{name}.png", f"{name}.svg"} <= names
        assert (tmp_path / f"{name}.png").read_bytes().startswith(b"\x89PNG")
        assert "<svg" in (tmp_path / f"{name}.svg").read_text()


def test_a_negative_mean_is_inside_the_axes_and_the_heatmap_shows_values():
    plt = figures._pyplot()
    report = build_report(games_with_everything())
    fig = figures.conditions_figure(plt, report["conditions"])
    low = min(s["ci"][0] for s in report["conditions"].values())
    assert low < -0.7 and fig.axes[0].get_ylim()[0] < low
    heat = figures.heatmap_figure(plt, report["matrix"])
    texts = {t.get_text().split("\n")[0] for t in heat.axes[0].texts}
    assert {"-0.72", "1.00"} <= texts  # x→x is −0.8 + 0.05·maze on average
    relay = figures.relay_figure(plt, report["relay"])
    assert len(relay.axes[0].collections) == 2  # a CI band per curve
    plt.close("all")


def test_matplotlib_is_imported_only_by_plots():
    code = ("import sys; from mazeplay.cli import main\n"
            "import mazeplay.commands, mazeplay.bench.report\nprint('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_without_matplotlib_plots_is_one_line(db_path, capsys, monkeypatch):
    main(["bench", "--condition", "pair", "--models", "bot", "--mazes", "2", "--db", str(db_path)])
    capsys.readouterr()
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(SystemExit) as stop:
        main(["report", "--db", str(db_path), "--plots", str(db_path.parent / "plots")])
    assert stop.value.code == 2 and "pip install 'mazeplay[plots]'" in capsys.readouterr().err
