"""Run every notebook headless and write self-contained HTML reports.

Usage (from the repository root; ``make report`` does this)::

    python -m boardkit.tools.report                      # every notebooks/*.ipynb
    python -m boardkit.tools.report leaders_tour         # only notebooks/leaders_tour.ipynb
    python -m boardkit.tools.report --notebooks /tmp/nb  # another notebook folder
    python -m boardkit.tools.report --assets-only        # only fetch the offline JS assets
    python -m boardkit.tools.report leaders_tour --param N_GAMES=50 --param SEED=3
                                                         # -> reports/leaders_tour-N_GAMES=50-SEED=3.html

Each notebook is executed with nbclient in a fresh kernel that runs on *this* interpreter
(``sys.executable``; the working directory is the notebook's folder, 600 s per cell), then
exported with nbconvert's ``HTMLExporter`` to ``reports/<name>.html``. ``reports/index.html``
links every report with the run date and the versions of the main libraries.

The reports open with no network:

* require.js, the Jupyter widget manager (``@jupyter-widgets/html-manager``) and MathJax 2 are
  installed once with npm into ``.cache/npm/`` and copied to ``reports/_static/``; the HTML
  refers to them by relative paths.
* Widget state is saved by nbclient (``store_widget_state``), so widgets show their final state
  (static: callbacks need a kernel).
* Plotly figures are embedded only if the notebook sets
  ``plotly.io.renderers.default = "plotly_mimetype+notebook"`` itself (plotly's default under a
  kernel emits only a mimetype that exported HTML cannot show).

Parameters (papermill's convention): a notebook's code cell tagged ``parameters`` assigns the
defaults (``SEED = 2026``). ``--param NAME=VALUE`` (value read as a Python literal, else as a
string) has papermill insert a cell tagged ``injected-parameters`` right after it, which
overrides them; the
report goes to its own file ``<name>-NAME=VALUE-....html`` (names sorted; a long value is
shortened there with a stable hash), listed in the index with its parameters. Before anything
runs, a name the parameters cell does not assign is refused, listing the valid ones, and so is
a value that is not a finite literal of the type assigned there. Without a notebook name,
``--param`` goes to every notebook of the folder, so each must declare it: one that does not is
refused before anything runs, naming the notebooks that take it.

A notebook that fails (a cell raises or times out, the kernel dies, the file cannot be read) is
marked FAILED in the index, naming the cell by its 1-based index and first line; the other
notebooks still run and the command exits with status 1.

Environment variables: ``BOARDKIT_NOTEBOOKS`` (notebook folder), ``BOARDKIT_REPORTS`` (output
folder), ``BOARDKIT_NPM_CACHE`` (npm cache folder), ``NB`` (names of notebooks to run,
separated by commas or spaces), ``PARAMS`` (``NAME=VALUE`` pairs separated by spaces, used when
no ``--param`` is given; ``make report NB=leaders_tour PARAMS='N_GAMES=50 SEED=3'``: without
``NB`` or a notebook name, ``PARAMS`` is refused, saying it needs ``NB=``).

Modules: :mod:`~boardkit.tools.report.assets` (offline JS), :mod:`~boardkit.tools.report.params`
(parameters and report names), :mod:`~boardkit.tools.report.run` (execution),
:mod:`~boardkit.tools.report.export` (HTML), :mod:`~boardkit.tools.report.index` (index page),
:mod:`~boardkit.tools.report.cli` (the command).
"""

from boardkit.tools.report.assets import (
    MATHJAX_URL,
    NPM_PACKAGES,
    REQUIRE_JS_URL,
    STATIC_DIRNAME,
    WIDGET_RENDERER_URL,
    assets_installed,
    copy_assets,
    default_npm_cache,
    install_assets,
)
from boardkit.tools.report.cli import build_reports, find_notebooks, main
from boardkit.tools.report.errors import DEFAULT_TIMEOUT, NotebookFailure, ReportError, UnreadableNotebook
from boardkit.tools.report.export import export_html, external_urls
from boardkit.tools.report.index import VERSIONED_PACKAGES, library_versions, write_index
from boardkit.tools.report.params import (
    INJECTED_TAG,
    MAX_NAME_VALUE,
    MAX_REPORT_NAME,
    PARAMETERS_TAG,
    check_parameters,
    inject_parameters,
    parameter_defaults,
    parameter_names,
    parameters_cell,
    parse_params,
    report_name,
    split_params,
)
from boardkit.tools.report.run import check_timeout, execute_notebook, read_notebook

__all__ = [
    "DEFAULT_TIMEOUT", "INJECTED_TAG", "MATHJAX_URL", "MAX_NAME_VALUE", "MAX_REPORT_NAME", "NPM_PACKAGES",
    "PARAMETERS_TAG", "REQUIRE_JS_URL", "STATIC_DIRNAME", "VERSIONED_PACKAGES", "WIDGET_RENDERER_URL",
    "NotebookFailure", "ReportError", "UnreadableNotebook",
    "assets_installed", "build_reports", "check_parameters", "check_timeout", "copy_assets",
    "default_npm_cache", "execute_notebook", "export_html", "external_urls", "find_notebooks",
    "inject_parameters", "install_assets", "library_versions", "main", "parameter_defaults",
    "parameter_names", "parameters_cell", "parse_params", "read_notebook", "report_name", "split_params",
    "write_index",
]
