"""Every notebook in notebooks/ runs top to bottom in a fresh kernel; its asserts are the
checks of the numbers it claims. Notebooks are committed without outputs. A parameter out of
range is refused by the first cell after the parameters, naming it and the value."""

from __future__ import annotations

from pathlib import Path

import re

import nbformat
import pytest

from boardkit.sim import MAX_GAMES
from boardkit.tools.report import NotebookFailure, execute_notebook, parameter_names, parameters_cell

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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_the_cell_after_the_parameters_checks_their_ranges(path):
    """The first code cell after the parameters cell checks each parameter's range (a seed takes
    any whole number: it needs none), so a bad value stops there, named (README: parameters)."""
    nb = nbformat.read(path, as_version=4)
    after = next(c.source for c in nb.cells[parameters_cell(nb) + 1:] if c.cell_type == "code")
    unchecked = [name for name in parameter_names(nb)
                 if "SEED" not in name and not re.search(rf"\b{name}\b", after)]
    assert not unchecked, f"{path.name}: no range check of {', '.join(unchecked)} in the cell after the parameters"
    if len(parameter_names(nb)) > sum("SEED" in name for name in parameter_names(nb)):
        assert "# the parameters' range" in after, path.name


#: (notebook, parameters, what the refusal says besides the first parameter's name and value).
OUT_OF_RANGE = [
    ("gridhunt_gm", {"SAVE_ROUND": 999}, "MAX_ROUNDS = 60"),
    ("gridhunt_gm", {"MAX_ROUNDS": 0}, ">= 2"),
    ("gridhunt_tour", {"TARGET": 99}, "seat 0 .. 7"),
    ("gridhunt_game_master", {"SAVE_AFTER": 50}, "ROUNDS = 8"),
    ("leaders_tour", {"N_GAMES": 10**12}, f"1 .. {MAX_GAMES}"),
    ("marabunta_tour", {"N_GAMES": MAX_GAMES + 1}, f"1 .. {MAX_GAMES}"),
    ("armageddon_tour", {"N_AB": MAX_GAMES + 1}, f"1 .. {MAX_GAMES}"),
    ("armageddon_dice", {"T_MAX": 4}, ">= 5"),
    ("marabunta_split_odds", {"TOP": 64}, "1 .. 63"),
    ("outcomes", {"ARMA_PAIRS": -1}, f"0 .. {MAX_GAMES}"),
    ("rulings_book", {"GAME": "chess"}, "or 'all'"),
]


@pytest.mark.notebook
@pytest.mark.parametrize("stem, params, says", OUT_OF_RANGE,
                         ids=[f"{stem}-{'-'.join(f'{k}={v}' for k, v in p.items())}" for stem, p, _ in OUT_OF_RANGE])
def test_a_parameter_out_of_range_is_refused_in_the_first_cell_naming_it(stem, params, says):
    """Guards: a value out of range stops the notebook in the cell after the parameters (cell 3
    of the file) with a ValueError naming the parameter and the value, before any work: not
    later as an empty AssertionError, an engine error that does not name it, or a run that
    silently plays something else (SAVE_AFTER past ROUNDS)."""
    path = next(p for p in NOTEBOOKS if p.stem == stem)
    with pytest.raises(NotebookFailure) as info:
        execute_notebook(path, timeout=120, parameters=params)
    name, value = next(iter(params.items()))
    message = str(info.value)
    assert "cell 3 (1-based)" in message and "ValueError" in message, message
    assert f"{name} is" in message and f"not {value!r}" in message and says in message, message
