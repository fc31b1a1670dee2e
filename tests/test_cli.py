"""The ``boardkit`` command line's own arguments: its usage, ``--version``, and the simulate
flags that only make sense together."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pandas as pd
import pytest

import boardkit
from boardkit.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]


def test_rulings_usage_names_only_the_game_as_required(capsys: pytest.CaptureFixture[str]) -> None:
    """``boardkit rulings`` with no argument said "required: game, files"; the files are
    optional (the game's book by default)."""
    with pytest.raises(SystemExit) as stop:
        cli(["rulings"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "the following arguments are required: game\n" in err and "files" not in err.splitlines()[-1], err
    assert "[files ...]" in err  # the usage line shows them as optional


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"boardkit {boardkit.__version__}\n"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert boardkit.__version__ == project["version"]


def test_simulate_refuses_log_without_out(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``--log`` without ``--out`` kept the logs in a table the command never wrote; it is
    refused naming both flags, before any game; with ``--out`` the logs are in the file."""
    assert cli(["simulate", "leaders", "--n", "2", "--log", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("boardkit simulate: --log ") and "--out" in err and err.count("\n") == 1, err
    out = tmp_path / "logs.parquet"
    assert cli(["simulate", "leaders", "--n", "2", "--log", "--quiet", "--out", str(out)]) == 0
    table = pd.read_parquet(out)
    assert len(table) == 2 and all(len(log) > 0 for log in table["log"])
