"""benchmarks/playouts.py: rounds interleaved with python-chess, the ratio as the median of the
rounds' ratios, the verdict line, the JSON's shape and clear errors for bad input (tiny runs)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import statistics
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "playouts.py"
GAMES = ["leaders", "marabunta"]
TINY = ["--games", "2", "--max-turns", "8", "--chess-games", "1", "--rounds", "2"]


def _module() -> ModuleType:
    """benchmarks/playouts.py loaded as a module (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location("playouts_benchmark", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], dict[str, Any]]:
    """One tiny run of two games, two rounds: (printed lines, the JSON written)."""
    pytest.importorskip("chess")
    path = tmp_path_factory.mktemp("playouts") / "out.json"
    module = _module()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert module.main([*GAMES, *TINY, "--cpu", "--json", str(path)]) == 0
    return out.getvalue().splitlines(), json.loads(path.read_text(encoding="utf-8"))


def test_json_has_every_round_and_the_ratio_is_the_median_of_the_rounds_ratios(run: tuple[list[str], dict[str, Any]]) -> None:
    _, doc = run
    assert doc["args"]["rounds"] == 2
    assert [(r["game"], r["mode"]) for r in doc["results"]] == [(g, m) for g in GAMES for m in ("checked", "unchecked")]
    chess = doc["reference"]
    assert chess["game"] == "python-chess" and chess["games"] == 1
    assert [len(runs) for runs in chess["rounds"]] == [5, 5]  # one run before each timing, one after the last
    assert chess["plies_per_s"] == pytest.approx(statistics.median(p for runs in chess["rounds"] for p in runs), abs=0.1)
    for i, r in enumerate(doc["results"]):
        rounds = r["rounds"]
        assert len(rounds) == 2
        assert {t["actions"] for t in rounds} == {r["actions"]} and {t["games"] for t in rounds} == {2}  # same seeds
        for k, t in enumerate(rounds):
            around = (chess["rounds"][k][i] + chess["rounds"][k][i + 1]) / 2  # the runs just before and after
            assert t["chess_plies_per_s"] == pytest.approx(around, abs=0.1)
            assert t["ratio_to_chess"] == pytest.approx(t["actions_per_s"] / t["chess_plies_per_s"], abs=1e-3)
        ratios = [t["ratio_to_chess"] for t in rounds]
        assert r["ratio_to_chess"] == pytest.approx(statistics.median(ratios), abs=1e-4)
        assert r["ratio_range"] == [min(ratios), max(ratios)]
        assert r["actions_per_s"] == pytest.approx(statistics.median(t["actions_per_s"] for t in rounds), abs=0.1)


def test_last_line_is_the_verdict_on_checked_ratios(run: tuple[list[str], dict[str, Any]]) -> None:
    lines, doc = run
    below = {r["game"]: r["ratio_to_chess"] for r in doc["results"] if r["mode"] == "checked" and r["ratio_to_chess"] < 1}
    assert doc["verdict"] == {"checked_at_least_chess": not below, "below": below}
    head = "checked >= 1.0x python-chess in every game (2): "
    if below:
        assert lines[-1] == head + "NO, below 1.0: " + ", ".join(f"{g} {v:.3f}" for g, v in below.items())
    else:
        assert lines[-1] == head + "yes"
    assert sum(line.startswith(GAMES[0]) for line in lines) == 2  # one table line per mode


def test_without_reference_the_last_line_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert _module().main(["leaders", *TINY, "--chess-games", "0", "--rounds", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "no python-chess reference: no ratio, no verdict"


@pytest.mark.parametrize("argv, option", [
    (["--rounds", "0"], "--rounds"), (["--rounds", "x"], "--rounds"), (["--games", "0"], "--games"),
    (["--seconds", "-1"], "--seconds"), (["--chess-games", "-2"], "--chess-games"), (["nosuchgame"], "unknown game"),
    (["--rounds", "99999999999999999999"], "--rounds"), (["--games", "100001"], "--games"),
    (["--json", "/nonexistent/dir/x.json"], "--json"),  # refused before the run, not after it
])
def test_bad_input_is_an_argparse_error_naming_the_option(argv: list[str], option: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        _module().main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert option in err and "Traceback" not in err
