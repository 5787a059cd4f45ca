"""Two people, two processes, one game: they meet in the waiting room through the shared SQLite file."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

STUDY = """
name = "pairs"
games_per_participant = 1
practice = false
[waiting_room]
timeout = 90
fallback = "bot"
[[conditions]]
name = "person"
partner = "human"
seat = "any"
indices = [0, 1]
[[questions]]
id = "understood"
text = "How well did your partner understand you?"
kind = "likert"
"""


def test_two_people_in_two_processes_play_one_game(tmp_path):
    study, db = tmp_path / "pairs.toml", tmp_path / "pairs.db"
    study.write_text(STUDY)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    lines = {"alice": ["Hi! I am at @ top-left. Shall we go down?", "down then, AGREE"],
             "bobby": ["Hello. Going down is fine with me.", "AGREE. ACTI!"]}
    procs = {name: subprocess.Popen([sys.executable, "-m", "tests.study.participant", str(study), str(db), name, *said],
                                    cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for name, said in lines.items()}
    outputs = {name: proc.communicate(timeout=180) for name, proc in procs.items()}
    for name, proc in procs.items():
        assert proc.returncode == 0, f"{name}: {outputs[name][0][-2000:]} {outputs[name][1][-3000:]}"
        assert "DONE" in outputs[name][0]
    assert any("WaitingScreen" in out for out, _ in outputs.values())  # the first to arrive waited
    with sqlite3.connect(db) as conn:
        games = conn.execute("select id, participant, partner_participant, status, kind from games").fetchall()
        assert len(games) == 1, games
        game_id, host, guest, status, kind = games[0]
        assert {host, guest} == {"alice", "bobby"} and status == "finished" and kind == "pair"
        turns = conn.execute("select seat, text from turns where game_id = ? order by idx", [game_id]).fetchall()
        assert [seat for seat, _ in turns] == ["a", "b"] * (len(turns) // 2) + ["a"] * (len(turns) % 2)
        said = {text for _, text in turns}
        assert "Hi! I am at @ top-left. Shall we go down?" in said and "Hello. Going down is fine with me." in said
        assert turns[-1][1].endswith("ACTI!")
        assert conn.execute("select count(*) from grades where game_id = ?", [game_id]).fetchone()[0] >= 1
        answered = {row[0] for row in conn.execute("select participant from answers where question = 'understood'")}
        assert answered == {"alice", "bobby"}
        completed = conn.execute("select count(*) from participants where status = 'completed'").fetchone()[0]
        assert completed == 2
