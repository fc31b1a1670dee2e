"""The report pipeline: notebooks run headless and export to HTML that opens offline."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest

from boardkit.tools import report

PLOTLY_CELL = """\
import plotly.graph_objects as go
import plotly.io as pio
pio.renderers.default = "plotly_mimetype+notebook"
go.Figure(go.Bar(x=["a", "b"], y=[1, 2]))
"""

WIDGET_CELL = """\
import ipywidgets as widgets
slider = widgets.IntSlider(value=7, min=0, max=10, description="turns")
slider
"""

MATH_CELL = r"The chance is $\frac{1}{6}$."


def _write_notebook(path: Path, cells: list) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = cells
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, path)
    return path


def _need_assets() -> Path:
    """The npm cache with the offline assets; skip if they cannot be had without npm."""
    cache = report.default_npm_cache()
    if not report.assets_installed(cache) and shutil.which("npm") is None:
        pytest.skip("npm not found: it is needed to fetch the offline report assets "
                    "(widget manager, require.js, MathJax); install npm or run `make assets`")
    return report.install_assets(cache)


def test_external_urls_finds_remote_loads_only() -> None:
    page = """<html><head>
    <script src="https://cdn.example.org/require.js"></script>
    <script src='_static/requirejs/require.js'></script>
    <link rel="stylesheet" href="//fonts.example.org/css">
    <link rel="stylesheet" href="local.css">
    <script>var widgetRendererSrc = 'https://unpkg.com/x/embed-amd.js';</script>
    </head><body><a href="https://example.org/">a link is not a load</a>
    <script>/* see https://example.org/license */</script></body></html>"""
    assert report.external_urls(page) == [
        "https://cdn.example.org/require.js",
        "//fonts.example.org/css",
        "https://unpkg.com/x/embed-amd.js",
    ]


def test_report_html_is_offline(tmp_path: Path) -> None:
    cache = _need_assets()
    nb_dir = tmp_path / "notebooks"
    nb_dir.mkdir()
    _write_notebook(nb_dir / "tiny.ipynb", [
        nbformat.v4.new_markdown_cell(MATH_CELL),
        nbformat.v4.new_code_cell(PLOTLY_CELL),
        nbformat.v4.new_code_cell(WIDGET_CELL),
    ])
    out = tmp_path / "reports"
    rc = report.main(["--notebooks", str(nb_dir), "--out", str(out),
                      "--npm-cache", str(cache), "--no-progress", "--timeout", "120"])
    assert rc == 0

    page = out / "tiny.html"
    assert page.is_file()
    text = page.read_text(encoding="utf-8")
    # plotly.js itself is embedded (the "notebook" renderer), not loaded from a CDN.
    assert "plotly.js v" in text or "Plotly.newPlot" in text and len(text) > 1_000_000
    # Widget state was stored and the local widget manager is referenced.
    assert "application/vnd.jupyter.widget-state+json" in text
    assert report.WIDGET_RENDERER_URL in text
    assert (out / report.WIDGET_RENDERER_URL).is_file()
    assert (out / report.REQUIRE_JS_URL).is_file()
    assert (out / report.MATHJAX_URL.split("?")[0]).is_file()
    assert report.external_urls(text) == []

    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="tiny.html"' in index
    for name in ("python", "boardkit", "networkx", "sympy", "plotly", "ipywidgets"):
        assert f"<th>{name}</th>" in index


def test_failing_notebook_names_notebook_and_cell(tmp_path: Path, capsys) -> None:
    cache = _need_assets()
    nb_dir = tmp_path / "notebooks"
    nb_dir.mkdir()
    _write_notebook(nb_dir / "broken.ipynb", [
        nbformat.v4.new_code_cell("x = 1"),
        nbformat.v4.new_code_cell("1 / 0"),
    ])
    out = tmp_path / "reports"
    rc = report.main(["--notebooks", str(nb_dir), "--out", str(out),
                      "--npm-cache", str(cache), "--no-progress", "--timeout", "120"])
    assert rc == 1
    err = capsys.readouterr().err
    assert "broken.ipynb" in err and "cell 2" in err and "ZeroDivisionError" in err
    assert not (out / "broken.html").exists()


def test_unknown_notebook_name_is_a_setup_error(tmp_path: Path, capsys) -> None:
    (tmp_path / "a.ipynb").write_text("{}", encoding="utf-8")
    rc = report.main(["nope", "--notebooks", str(tmp_path), "--out", str(tmp_path / "r")])
    assert rc == 2
    assert "no notebook" in capsys.readouterr().err
