"""A run's settings are part of its identity, and `report` combines runs on the same mazes."""

from __future__ import annotations

import json

import pytest

from mazeplay.cli import main


def bench(db, *flags):
    main(["bench", "--db", str(db), *flags])


def test_same_name_other_settings_is_refused_in_one_line(db_path, capsys):
    flags = ["--condition", "pair", "--models", "bot", "--mazes", "2", "--name", "r"]
    bench(db_path, *flags)
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        bench(db_path, *flags, "--max-turns", "4", "--mode", "live")
    err = capsys.readouterr().err.strip()
    assert stop.value.code == 2 and len(err.splitlines()) == 1
    assert "mode paper → live" in err and "max_turns 50 → 4" in err and "--new-run" in err
    bench(db_path, *flags, "--concurrency", "2")  # how fast a run goes is not what it is
    assert json.loads(capsys.readouterr().out)["skipped_done"] == 2


def test_new_run_flag_starts_a_new_run_and_resumes_it_next_time(db_path, capsys):
    flags = ["--condition", "pair", "--models", "bot", "--mazes", "2", "--name", "r"]
    bench(db_path, *flags)
    for expected_done in (2, 0):
        bench(db_path, *flags, "--max-turns", "6", "--new-run")
        out = json.loads(capsys.readouterr().out.splitlines()[-1])
        assert out["run"] == "r-2" and out["done"] == expected_done
    main(["report", "r", "--db", str(db_path), "--format", "json"])
    assert json.loads(capsys.readouterr().out)["games"] == 2  # the first run is not mixed with the second


def test_report_combines_runs_on_the_same_mazes_and_fills_the_gap(db_path, capsys):
    bench(db_path, "--condition", "solo-full", "--models", "bot", "--mazes", "3", "--name", "solo")
    bench(db_path, "--condition", "pair", "--models", "bot", "--mazes", "3", "--name", "pair")
    bench(db_path, "--condition", "pair", "--models", "bot", "--mazes", "3", "--name", "pair-short", "--max-turns", "4")
    capsys.readouterr()
    main(["report", "solo", "pair", "--db", str(db_path), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert report["runs"] == ["solo", "pair"]
    gap = report["gap"]["bot"]
    assert gap["solo-full"]["n"] == 3 and gap["pair"]["n"] == 3 and gap["gap"]["mazes"] == 3
    main(["report", "pair", "pair-short", "--db", str(db_path)])
    out = capsys.readouterr().out
    assert out.startswith("Runs pair + pair-short")
    assert "pair bot→bot [pair]" in out and "pair bot→bot [pair-short]" in out  # never pooled
    with pytest.raises(SystemExit):
        main(["report", "pair", "nope", "--db", str(db_path)])
    assert "no run named 'nope'" in capsys.readouterr().err


def test_a_run_may_grow_but_not_shrink(db_path, capsys):
    flags = ["--condition", "pair", "--models", "bot", "--name", "g"]
    bench(db_path, *flags, "--mazes", "2")
    bench(db_path, *flags, "--mazes", "3")
    out = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert out["skipped_done"] == 2 and out["done"] == 1
    with pytest.raises(SystemExit):
        bench(db_path, *flags, "--mazes", "2")
    assert "mazes 3 → 2" in capsys.readouterr().err
