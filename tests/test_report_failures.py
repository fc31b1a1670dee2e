"""The report command finishes and names the right cell (issue 13, item 9): an unreadable
notebook, a bad PARAMS string, a bad timeout or parameter value each get a clear message; a
failed notebook is FAILED in the index and the other notebooks still run."""

from __future__ import annotations

import hashlib
from pathlib import Path

import nbformat
import pytest

from boardkit.tools import report
from report_notebooks import need_assets, tiny_notebook

PARAMS_CELL = 'N = 2\nWORD: str = "ab"\nP = 0.5\nF = True\n'


def _notebook(path: Path, *sources: str, params: bool = True) -> Path:
    """Write a notebook: a markdown cell, the parameters cell (if ``params``), then ``sources``."""
    return tiny_notebook(path, PARAMS_CELL if params else None, *sources)


def _args(nb_dir: Path, out: Path, *more: str, cache: Path | None = None) -> list[str]:
    args = ["--notebooks", str(nb_dir), "--out", str(out), "--no-progress", *more]
    return args + (["--npm-cache", str(cache)] if cache is not None else [])


def test_unreadable_notebook_is_failed_in_index_and_others_run(tmp_path: Path, capsys) -> None:
    """Guards: a notebook that is not JSON no longer aborts the run with NotJSONError (also in
    the parameter check done before running); it is FAILED in index.html with a short reason
    that does not quote the file, the other notebook's report is written, and the exit status
    is 1."""
    cache = need_assets()
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    (nb_dir / "bad.ipynb").write_text("secret text, not json {", encoding="utf-8")
    _notebook(nb_dir / "good.ipynb", "print(N)")
    out = tmp_path / "reports"
    rc = report.main(_args(nb_dir, out, "--param", "N=3", "--timeout", "60", cache=cache))
    assert rc == 1
    err = capsys.readouterr().err
    assert "bad.ipynb: cannot be read as a notebook: not JSON" in err
    assert "secret" not in err
    assert (out / "good-N=3.html").is_file()
    index = (out / "index.html").read_text(encoding="utf-8")
    row = next(line for line in index.splitlines() if "bad-N=3" in line)
    assert "FAILED" in row and "cannot be read as a notebook" in row
    assert 'href="good-N=3.html"' in index


@pytest.mark.parametrize("text", ["{}", "[]", '{"nbformat": 4, "nbformat_minor": 5, "cells": 3, "metadata": {}}'])
def test_json_that_is_no_notebook_is_unreadable(tmp_path: Path, text: str) -> None:
    """Guards: JSON that is not a notebook raises UnreadableNotebook (a NotebookFailure, so
    the run goes on) naming the file, not a raw ValidationError/TypeError/AttributeError."""
    path = tmp_path / "odd.ipynb"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(report.UnreadableNotebook, match=r"^odd\.ipynb: cannot be read as a notebook: "):
        report.read_notebook(path)


def test_unbalanced_quote_in_PARAMS_is_a_clear_error(tmp_path: Path, monkeypatch, capsys) -> None:
    """Guards: PARAMS with an unbalanced quote (as `make report PARAMS=...` passes it) gives a
    short error naming PARAMS and exit status 2, not a ValueError traceback."""
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _notebook(nb_dir / "tiny.ipynb", "print(WORD)")
    monkeypatch.setenv("PARAMS", "N=1 WORD='a b")
    rc = report.main(_args(nb_dir, tmp_path / "reports"))
    assert rc == 2
    err = capsys.readouterr().err
    assert "PARAMS=\"N=1 WORD='a b\"" in err and "No closing quotation" in err
    assert "Traceback" not in err


def test_timeout_names_the_cell_that_hung(tmp_path: Path, capsys) -> None:
    """Guards: a timeout names the cell that hung (1-based index in the notebook file, not
    counting the injected parameters cell, and its first line), not the cell after it."""
    cache = need_assets()
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _notebook(nb_dir / "slow.ipynb", "x = 1", "import time\ntime.sleep(60)", "y = 2")
    out = tmp_path / "reports"
    rc = report.main(_args(nb_dir, out, "--param", "N=3", "--timeout", "1", cache=cache))
    assert rc == 1
    err = capsys.readouterr().err
    assert "slow.ipynb: cell 4 (1-based) ('import time') failed: timed out after 1 s" in err
    assert "FAILED" in (out / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("value", ["0", "-5", "1.5", "soon"])
def test_timeout_must_be_a_positive_number(tmp_path: Path, capsys, value: str) -> None:
    """Guards: `--timeout 0` or a negative (or non-whole) value is refused before anything
    runs, instead of silently meaning no limit."""
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _notebook(nb_dir / "tiny.ipynb", "x = 1")
    with pytest.raises(SystemExit) as exc:
        report.main(_args(nb_dir, tmp_path / "reports", f"--timeout={value}"))
    assert exc.value.code == 2
    assert "positive whole number of seconds" in capsys.readouterr().err
    for bad in (0, -5):
        with pytest.raises(report.ReportError, match="positive whole number of seconds"):
            report.build_reports([nb_dir / "tiny.ipynb"], tmp_path / "r2", timeout=bad, progress=False)
        with pytest.raises(report.ReportError, match="positive whole number of seconds"):
            report.execute_notebook(nb_dir / "tiny.ipynb", timeout=bad)
    assert not (tmp_path / "r2").exists()


def test_out_that_cannot_be_a_folder_is_named(tmp_path: Path, capsys) -> None:
    """`--out` naming a file (or a path under one) is refused in one line naming `--out`,
    not with a traceback from deep inside pathlib."""
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _notebook(nb_dir / "tiny.ipynb", "x = 1")
    a_file = tmp_path / "taken"
    a_file.write_text("x", encoding="utf-8")
    for out in (a_file, a_file / "reports"):
        assert report.main(_args(nb_dir, out)) == 2
        assert f"report: error: --out: {out} cannot be a reports folder" in capsys.readouterr().err


def test_non_finite_parameter_is_refused(tmp_path: Path, capsys) -> None:
    """Guards: `--param SEED=1e999` (inf), nan or complex values are refused with a message
    naming the parameter before any notebook runs, instead of injecting `SEED = inf`."""
    for text in ("N=1e999", "N=-1e999", "N=1j", "N=[1e999]"):
        with pytest.raises(report.ReportError, match=r"parameter N=.*not a finite number"):
            report.parse_params([text])
    with pytest.raises(report.ReportError, match="P=nan is not a finite number"):
        report.check_parameters({"P": float("nan")}, {"P": "0.5"}, source="tiny.ipynb")
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _notebook(nb_dir / "tiny.ipynb", "print(N)")
    out = tmp_path / "reports"
    rc = report.main(["tiny", *_args(nb_dir, out, "--param", "N=1e999")])
    assert rc == 2
    assert "parameter N=1e999: reads as inf, not a finite number" in capsys.readouterr().err
    assert not out.exists()


def test_parameter_must_have_the_type_the_cell_assigns(tmp_path: Path, capsys) -> None:
    """Guards: a value of another type than the parameters cell's default (int, float, str,
    bool) is refused naming the notebook and the parameter; an int is taken for a float."""
    nb = nbformat.read(_notebook(tmp_path / "tiny.ipynb", "x = 1"), as_version=4)
    bad = {"N": 1.5, "WORD": 3, "F": 1, "P": "x"}
    for name, value in bad.items():
        with pytest.raises(report.ReportError, match=rf"^tiny\.ipynb: parameter {name}=.* but the parameters cell assigns"):
            report.inject_parameters(nb, {name: value}, source="tiny.ipynb")
    with pytest.raises(report.ReportError, match="quote it"):
        report.inject_parameters(nb, {"WORD": 3}, source="tiny.ipynb")
    report.inject_parameters(nb, {"P": 1, "N": 4, "WORD": "z", "F": False})
    injected = next(c for c in nb.cells if "injected-parameters" in c.metadata.get("tags", []))
    assert "P = 1.0\n" in injected.source and "N = 4\n" in injected.source
    assert report.check_parameters({"X": 2.5}, {"X": "compute()"}) == {"X": 2.5}
    with pytest.raises(report.ReportError, match="expected a bool, int, float or str"):
        report.check_parameters({"X": [1]}, {"X": "compute()"}, source="tiny.ipynb")

    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _notebook(nb_dir / "tiny.ipynb", "x = 1")
    rc = report.main(["tiny", *_args(nb_dir, tmp_path / "reports", "--param", "N=2.5")])
    assert rc == 2
    assert "tiny.ipynb: parameter N=2.5 is a float, but the parameters cell assigns an int" in capsys.readouterr().err


def test_long_value_gets_a_short_stable_report_name(tmp_path: Path) -> None:
    """Guards: a 300-character value no longer runs the notebook and then fails on the file
    name: the report name stays short, with a stable hash telling such values apart."""
    long_a, long_b = "a" * 300, "a" * 299 + "b"
    name = report.report_name("tiny", {"WORD": long_a, "N": 3})
    digest = hashlib.sha256(repr(long_a).encode()).hexdigest()[:10]
    assert name == f"tiny-N=3-WORD={'a' * (report.MAX_NAME_VALUE - 12)}~{digest}"
    assert name == report.report_name("tiny", {"N": 3, "WORD": long_a})
    assert name != report.report_name("tiny", {"WORD": long_b, "N": 3})
    assert report.report_name("tiny", {"WORD": "a" * report.MAX_NAME_VALUE}) == "tiny-WORD=" + "a" * 60
    many = {f"P{i}": "v" * 59 for i in range(10)}
    assert len(report.report_name("tiny", many)) <= report.MAX_REPORT_NAME
    assert report.report_name("tiny", many) == report.report_name("tiny", dict(reversed(many.items())))

    cache = need_assets()
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _notebook(nb_dir / "tiny.ipynb", "print(len(WORD))")
    out = tmp_path / "reports"
    assert report.main(_args(nb_dir, out, "--param", f"WORD={long_a}", "--timeout", "60", cache=cache)) == 0
    page = out / f"{report.report_name('tiny', {'WORD': long_a})}.html"
    assert page.is_file() and "300" in page.read_text(encoding="utf-8")


def test_each_notebook_kernel_is_shut_down_when_it_ends_on_local_sockets(tmp_path: Path, capfd) -> None:
    """A report runs many notebooks in one process: each kernel is shut down as its notebook
    ends, passed or failed (before, every kernel lived until the report process exited and
    then warned "Parent appears to have exited"), and it talks over local sockets, not TCP
    (no "running over TCP without encryption" warning per notebook)."""
    import psutil

    from boardkit.tools.report.run import NotebookFailure, execute_notebook

    def kernels() -> list[psutil.Process]:
        return [p for p in psutil.Process().children(recursive=True) if "ipykernel_launcher" in " ".join(p.cmdline())]

    good = _notebook(tmp_path / "good.ipynb", "print(N)")
    bad = _notebook(tmp_path / "bad.ipynb", "raise ValueError('no')")
    for _ in range(2):
        assert execute_notebook(good, timeout=60).cells[-1].outputs[0]["text"] == "2\n"
        assert kernels() == []
    with pytest.raises(NotebookFailure):
        execute_notebook(bad, timeout=60)
    assert kernels() == []
    assert "TCP" not in capfd.readouterr().err
