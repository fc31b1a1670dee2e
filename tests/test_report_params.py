"""Parameterised reports: values injected after a notebook's `parameters` cell (papermill's
convention), each run written to its own report and listed in the index with its parameters."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from boardkit.tools import report
from report_notebooks import need_assets, tiny_notebook

ROOT = Path(__file__).resolve().parents[1]

PARAMS_CELL = 'N = 2  # how many times\nWORD: str = "ab"\n'
USE_CELL = 'print("OUT=" + WORD * N)\nassert isinstance(N, int)'


def _tiny(path: Path, with_params: bool = True) -> Path:
    return tiny_notebook(path, PARAMS_CELL if with_params else None, USE_CELL)


def test_parse_params_reads_literals_else_strings() -> None:
    assert report.parse_params(["N_GAMES=50", "SEED=3", "MODE=fast", "P=0.5", "F=True", "S='x y'"]) == {
        "N_GAMES": 50, "SEED": 3, "MODE": "fast", "P": 0.5, "F": True, "S": "x y"}
    with pytest.raises(report.ReportError, match="NAME=VALUE"):
        report.parse_params(["N_GAMES"])
    with pytest.raises(report.ReportError, match="identifier"):
        report.parse_params(["2x=1"])


def test_report_name_lists_parameters_sorted() -> None:
    assert report.report_name("leaders_tour", {"SEED": 3, "N_GAMES": 50}) == "leaders_tour-N_GAMES=50-SEED=3"
    assert report.report_name("t", {"MODE": "a b/c"}) == "t-MODE=a_b_c"
    assert report.report_name("t", {}) == "t"


def test_inject_after_parameters_cell(tmp_path: Path) -> None:
    nb = nbformat.read(_tiny(tmp_path / "tiny.ipynb"), as_version=4)
    assert report.parameter_names(nb) == ["N", "WORD"]
    report.inject_parameters(nb, {"N": 5})
    tags = [c.metadata.get("tags", []) for c in nb.cells]
    assert tags[1] == ["parameters"] and tags[2] == ["injected-parameters"]
    assert nb.cells[2].source == "# Parameters\nN = 5\n"
    assert nb.metadata["papermill"]["parameters"] == {"N": 5}
    report.inject_parameters(nb, {"WORD": "z"})  # a second injection replaces the first
    assert [c.source for c in nb.cells].count('# Parameters\nWORD = "z"\n') == 1
    assert sum("injected-parameters" in c.metadata.get("tags", []) for c in nb.cells) == 1
    nbformat.validate(nb)


def test_unknown_parameter_is_refused_listing_valid_ones(tmp_path: Path) -> None:
    nb = nbformat.read(_tiny(tmp_path / "tiny.ipynb"), as_version=4)
    with pytest.raises(report.ReportError, match=r"unknown parameter\(s\) SEEDS; valid parameters: N, WORD"):
        report.inject_parameters(nb, {"N": 1, "SEEDS": 3}, source="tiny.ipynb")
    bare = nbformat.read(_tiny(tmp_path / "bare.ipynb", with_params=False), as_version=4)
    with pytest.raises(report.ReportError, match="no cell tagged 'parameters'"):
        report.inject_parameters(bare, {"N": 1})


def test_cli_refuses_unknown_parameter_before_running(tmp_path: Path, capsys) -> None:
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _tiny(nb_dir / "tiny.ipynb")
    out = tmp_path / "reports"
    rc = report.main(["tiny", "--notebooks", str(nb_dir), "--out", str(out), "--param", "SEED=3"])
    assert rc == 2
    err = capsys.readouterr().err
    assert "unknown parameter(s) SEED" in err and "valid parameters: N, WORD" in err
    assert not list(out.glob("*.html")) if out.exists() else True


def test_parameterised_report_has_its_own_file_and_index_row(tmp_path: Path, monkeypatch) -> None:
    cache = need_assets()
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _tiny(nb_dir / "tiny.ipynb")
    out = tmp_path / "reports"
    common = ["tiny", "--notebooks", str(nb_dir), "--out", str(out), "--npm-cache", str(cache),
              "--no-progress", "--timeout", "120"]
    assert report.main(common) == 0                                   # defaults
    assert report.main([*common, "--param", "N=3", "--param", "WORD=xy"]) == 0
    monkeypatch.setenv("PARAMS", "N=1 WORD='q r'")                   # as `make report PARAMS=...`
    assert report.main(common) == 0

    assert "OUT=abab" in (out / "tiny.html").read_text(encoding="utf-8")
    page = (out / "tiny-N=3-WORD=xy.html").read_text(encoding="utf-8")
    assert "OUT=xyxyxy" in page and "injected-parameters" in page
    assert "OUT=q r" in (out / "tiny-N=1-WORD=q_r.html").read_text(encoding="utf-8")
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="tiny.html"' in index and 'href="tiny-N=3-WORD=xy.html"' in index
    assert "<code>N=3 WORD=&#x27;xy&#x27;</code>" in index
    assert "<code>N=1 WORD=&#x27;q r&#x27;</code>" in index
    row = next(line for line in index.splitlines() if 'href="tiny.html"' in line)
    assert "defaults" in row


def test_every_notebook_has_a_parameters_cell() -> None:
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert notebooks
    for path in notebooks:
        names = report.parameter_names(nbformat.read(path, as_version=4))
        assert names, f"{path.name}: no code cell tagged 'parameters' assigning its parameters"


def test_cli_refuses_PARAMS_without_NB(tmp_path: Path, monkeypatch, capsys) -> None:
    """`make report PARAMS='N_GAMES=3'` without NB= ran every notebook with the value; the
    parameters belong to one notebook, so the command says PARAMS needs NB=, running nothing."""
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _tiny(nb_dir / "tiny.ipynb")
    out = tmp_path / "reports"
    monkeypatch.delenv("NB", raising=False)
    monkeypatch.setenv("PARAMS", "N=3")                                 # as `make report PARAMS=...`
    assert report.main(["--notebooks", str(nb_dir), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("report: error: PARAMS N=3 needs NB=") and "make report NB=" in err, err
    assert not out.exists()


def test_readme_says_how_to_run_one_notebook_headless() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Reports"):]
    section = section[:section.index("\n## ", 1)]
    assert "make report NB=leaders_tour        # one notebook, headless" in section
    command = ".venv/bin/jupyter nbconvert --to notebook --execute notebooks/leaders_tour.ipynb --output /tmp/out.ipynb"
    assert f"```\n{command}\n```" in section and (ROOT / "notebooks" / "leaders_tour.ipynb").exists()
    assert "without `NB=` is refused" in section
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "report: export NB := $(NB)" in makefile and "report: export PARAMS := $(PARAMS)" in makefile


def test_cli_param_without_a_notebook_name_goes_to_every_notebook(tmp_path: Path, capsys) -> None:
    """``--param`` without a notebook name goes to every notebook of the folder: one that does
    not declare it is refused before anything runs, naming it and the notebooks that take it
    (with the shipped notebooks `--param SEED=3` was refused naming only gridhunt_tour)."""
    nb_dir = tmp_path / "nb"
    nb_dir.mkdir()
    _tiny(nb_dir / "a.ipynb")
    _tiny(nb_dir / "b.ipynb")
    tiny_notebook(nb_dir / "c.ipynb", "SEED = 1\n", "print(SEED)")
    out = tmp_path / "reports"
    assert report.main(["--notebooks", str(nb_dir), "--out", str(out), "--param", "N=3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"report: error: --param N=3 without a notebook name goes to every notebook of {nb_dir}, "
                          f"and c does not take N; the notebooks that take it: a, b; name the ones to run: "
                          f"python -m boardkit.tools.report a --param N=3"), err
    assert report.main(["--notebooks", str(nb_dir), "--out", str(out), "--param", "N=3", "--param", "SEED=2"]) == 2
    assert "a, b, c do not take all of N, SEED; no notebook there takes them all" in capsys.readouterr().err
    assert not out.exists()


def test_readme_param_example_names_notebooks_that_take_it() -> None:
    """The README's ``--param`` example runs: every notebook it names declares the parameter."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "goes to every notebook of the folder, so\nevery one of them must declare it" in readme
    example = "python -m boardkit.tools.report leaders_tour marabunta_tour --param SEED=3"
    assert example in readme
    for name in ("leaders_tour", "marabunta_tour"):
        nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
        assert "SEED" in report.parameter_names(nb), name
    shared = set.intersection(*(set(report.parameter_names(nbformat.read(p, as_version=4)))
                                for p in (ROOT / "notebooks").glob("*.ipynb")))
    assert not shared or "share no parameter" not in readme, f"the notebooks share {shared}: the README says none"
