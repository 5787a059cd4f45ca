"""`mazeplay … | head` stops quietly when the reader goes away: no BrokenPipe traceback."""

from __future__ import annotations

import subprocess
import sys


def test_output_into_a_closed_pipe_has_no_traceback(tmp_path):
    command = f"{sys.executable} -m mazeplay mazes --count 400 --json | head -1"
    result = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], capture_output=True, text=True, timeout=120)
    assert result.stdout.startswith('{"seed": 0')
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr, result.stderr
    assert result.returncode == 141  # like any tool killed by SIGPIPE


def test_tenacity_is_not_a_dependency_nobody_imports():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]
    assert not any(dep.startswith("tenacity") for dep in project["dependencies"])
