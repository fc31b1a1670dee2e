"""Every notebook in notebooks/ runs top to bottom in a fresh kernel; its asserts are the
checks of the numbers it claims. Notebooks are committed without outputs."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from boardkit.tools.report import execute_notebook

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert [p.stem for p in NOTEBOOKS if p.stem == "leaders_tour"] == ["leaders_tour"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.outputs or c.execution_count)]
    assert not dirty, f"{path.name}: cells {dirty} have outputs; clear them before committing"
    assert any("parameters" in c.metadata.get("tags", []) for c in nb.cells), f"{path.name}: no parameters cell"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_notebook_with_plots_embeds_plotly(path):
    """A notebook that draws plotly figures sets the renderer that keeps them in the HTML
    report (with plotly's default the report silently has no plots)."""
    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    if "plotly" in code or "boardkit.viz" in code:
        assert 'pio.renderers.default = "plotly_mimetype+notebook"' in code, path.name


#: The notebooks that take a minute or more here: started first (tests/conftest.py).
LONG = {"outcomes", "armageddon_tour"}


@pytest.mark.notebook
@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.starts_first) if p.stem in LONG else p for p in NOTEBOOKS],
                         ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path):
    nb = execute_notebook(path, timeout=600)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors
