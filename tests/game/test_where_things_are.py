"""Config where users expect it ($XDG_CONFIG_HOME), and every "not found" about saves names the
database and how to open another."""

from __future__ import annotations

import pytest

from mazeplay.cli import main
from mazeplay.config import config_path, load_config


def test_xdg_config_home_is_honoured(tmp_path, monkeypatch):
    monkeypatch.delenv("MAZEPLAY_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_path() == tmp_path / "xdg" / "mazeplay" / "config.toml"
    config_path().parent.mkdir(parents=True)
    config_path().write_text('[aliases]\nmine = "openai/mine"\n')
    assert load_config().aliases["mine"] == "openai/mine"
    monkeypatch.setenv("MAZEPLAY_CONFIG", str(tmp_path / "other.toml"))
    assert config_path() == tmp_path / "other.toml"


@pytest.mark.parametrize("argv", [["report"], ["report", "nope"], ["export", "--run", "nope"], ["replay", "3"],
                                  ["resume", "3"], ["audit"], ["regrade", "--all", "--judge", "rule"]])
def test_not_found_names_the_database_and_how_to_open_another(tmp_path, capsys, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "elsewhere.db"
    for missing in (True, False):  # no file at all; a database without that run or game
        if not missing:
            main(["run", "--a", "bot", "--b", "bot", "--seed", "1", "--db", str(db), "--json"])
            capsys.readouterr()
        try:
            main([*argv, "--db", str(db)])
        except SystemExit as stop:
            err = capsys.readouterr().err
            assert stop.code == 2 and str(db) in err and "--db FILE or MAZEPLAY_DB=FILE" in err, err
        else:
            assert not missing and argv[0] in ("audit", "regrade")  # these have something to say about one game
            capsys.readouterr()
