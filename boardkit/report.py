"""Run every notebook headless and write self-contained HTML reports.

Usage (from the repository root; ``make report`` does this)::

    python -m boardkit.report                      # every notebooks/*.ipynb
    python -m boardkit.report leaders_tour         # only notebooks/leaders_tour.ipynb
    python -m boardkit.report --notebooks /tmp/nb  # another notebook folder
    python -m boardkit.report --assets-only        # only fetch the offline JS assets
    python -m boardkit.report leaders_tour --param N_GAMES=50 --param SEED=3
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
string) inserts a cell tagged ``injected-parameters`` right after it, which overrides them; the
report goes to its own file ``<name>-NAME=VALUE-....html`` (names sorted), listed in the index
with its parameters. A name the parameters cell does not assign is refused, listing the valid
ones.

Environment variables: ``BOARDKIT_NOTEBOOKS`` (notebook folder), ``BOARDKIT_REPORTS`` (output
folder), ``BOARDKIT_NPM_CACHE`` (npm cache folder), ``NB`` (names of notebooks to run,
separated by commas or spaces), ``PARAMS`` (``NAME=VALUE`` pairs separated by spaces, used when
no ``--param`` is given; ``make report PARAMS='N_GAMES=50 SEED=3'``).
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import datetime as _dt
import html
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any, Mapping, Sequence

#: npm packages fetched for offline reports (installed into the npm cache folder).
NPM_PACKAGES: tuple[str, ...] = (
    "@jupyter-widgets/html-manager@^1.0.0",
    "requirejs@^2.3.6",
    "mathjax@2.7.7",
)

#: Folder name, inside the reports folder, that holds the copied JS assets.
STATIC_DIRNAME = "_static"

#: Relative URLs (from a report in the reports folder) of the local assets.
REQUIRE_JS_URL = f"{STATIC_DIRNAME}/requirejs/require.js"
WIDGET_RENDERER_URL = f"{STATIC_DIRNAME}/html-manager/embed-amd.js"
MATHJAX_URL = f"{STATIC_DIRNAME}/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"

#: Libraries whose versions are listed in the index page.
VERSIONED_PACKAGES: tuple[str, ...] = ("boardkit", "networkx", "sympy", "plotly", "ipywidgets")

#: Files that must exist in the npm cache (relative to its node_modules) for the assets.
_REQUIRED_NPM_FILES: tuple[str, ...] = (
    "@jupyter-widgets/html-manager/dist/embed-amd.js",
    "requirejs/require.js",
    "mathjax/MathJax.js",
    "mathjax/config/TeX-AMS_CHTML-full.js",
)

#: Parts of the MathJax 2 package needed for the TeX-AMS_CHTML-full configuration.
_MATHJAX_PARTS: tuple[str, ...] = (
    "MathJax.js",
    "LICENSE",
    "config/TeX-AMS_CHTML-full.js",
    "extensions",
    "jax/element",
    "jax/input/TeX",
    "jax/output/CommonHTML",
    "jax/output/PreviewHTML",
    "fonts/HTML-CSS/TeX/woff",
)

DEFAULT_TIMEOUT = 600


class ReportError(RuntimeError):
    """A notebook could not be executed or exported, or assets are missing."""


class NotebookFailure(ReportError):
    """A notebook raised (or timed out, or its kernel died) while being executed.

    Attributes:
        notebook: Path of the notebook.
        cell_index: 0-based index of the failing cell in the notebook (None if unknown).
        cell_source: First line of the failing cell's source ('' if unknown).
        detail: Exception name and value, or the reason (timeout, dead kernel).
    """

    def __init__(self, notebook: Path, cell_index: int | None, cell_source: str,
                 detail: str) -> None:
        self.notebook = Path(notebook)
        self.cell_index = cell_index
        self.cell_source = cell_source
        self.detail = detail
        where = "unknown cell" if cell_index is None else f"cell {cell_index + 1} (1-based)"
        src = f" ({cell_source!r})" if cell_source else ""
        super().__init__(f"{self.notebook.name}: {where}{src} failed: {detail}")


# --------------------------------------------------------------------------- assets


def default_npm_cache() -> Path:
    """Return the npm cache folder for report assets.

    Returns:
        ``$BOARDKIT_NPM_CACHE`` if set, else ``.cache/npm`` in the repository that holds this
        package (editable install), else ``.cache/npm`` in the current directory.
    """
    env = os.environ.get("BOARDKIT_NPM_CACHE")
    if env:
        return Path(env).resolve()
    repo = Path(__file__).resolve().parent.parent
    if (repo / "pyproject.toml").is_file():
        return repo / ".cache" / "npm"
    return Path.cwd() / ".cache" / "npm"


def assets_installed(cache_dir: Path) -> bool:
    """Tell whether the npm cache folder holds every file the reports need.

    Args:
        cache_dir: Folder given to ``npm install --prefix``.

    Returns:
        True if all required files exist under ``cache_dir/node_modules``.
    """
    modules = Path(cache_dir) / "node_modules"
    return all((modules / rel).is_file() for rel in _REQUIRED_NPM_FILES)


def install_assets(cache_dir: Path | None = None, *, npm: str | None = None) -> Path:
    """Install the offline JS assets with npm, unless already there.

    Args:
        cache_dir: Folder for ``npm install --prefix`` (default: :func:`default_npm_cache`).
        npm: npm executable (default: ``npm`` found on PATH).

    Returns:
        The cache folder.

    Raises:
        ReportError: If npm is not found or ``npm install`` fails.
    """
    cache_dir = Path(cache_dir) if cache_dir is not None else default_npm_cache()
    if assets_installed(cache_dir):
        return cache_dir
    npm = npm or shutil.which("npm")
    if not npm:
        raise ReportError(
            "npm not found: it is needed once to fetch the offline report assets "
            f"({', '.join(NPM_PACKAGES)}) into {cache_dir}. Install Node.js/npm "
            "(e.g. `apt-get install -y npm`) and run `make assets`."
        )
    cache_dir.mkdir(parents=True, exist_ok=True)
    cmd = [npm, "install", "--prefix", str(cache_dir), "--no-audit", "--no-fund",
           "--loglevel=error", *NPM_PACKAGES]
    proc = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0 or not assets_installed(cache_dir):
        raise ReportError(
            f"`{' '.join(cmd)}` failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}"
        )
    return cache_dir


def copy_assets(cache_dir: Path, static_dir: Path) -> Path:
    """Copy require.js, the widget manager and MathJax from the npm cache to ``static_dir``.

    Args:
        cache_dir: npm cache folder holding ``node_modules`` (see :func:`install_assets`).
        static_dir: Destination, normally ``reports/_static``.

    Returns:
        ``static_dir``.

    Raises:
        ReportError: If the npm cache lacks a required file.
    """
    modules = Path(cache_dir) / "node_modules"
    if not assets_installed(cache_dir):
        raise ReportError(f"offline assets missing in {cache_dir}: run `make assets`")
    static_dir = Path(static_dir)
    static_dir.mkdir(parents=True, exist_ok=True)

    req = static_dir / "requirejs"
    req.mkdir(exist_ok=True)
    shutil.copy2(modules / "requirejs" / "require.js", req / "require.js")

    hm_src = modules / "@jupyter-widgets" / "html-manager" / "dist"
    hm = static_dir / "html-manager"
    hm.mkdir(exist_ok=True)
    for f in hm_src.iterdir():
        # embed-amd.js is self-contained; the fonts are loaded relative to it.
        if f.is_file() and (f.name == "embed-amd.js" or f.suffix in
                            {".woff", ".woff2", ".ttf", ".eot", ".svg"}):
            shutil.copy2(f, hm / f.name)

    mj_src = modules / "mathjax"
    mj = static_dir / "mathjax"
    for part in _MATHJAX_PARTS:
        src, dst = mj_src / part, mj / part
        if src.is_dir():
            shutil.copytree(src, dst, dirs_exist_ok=True)
        elif src.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    return static_dir


# --------------------------------------------------------------------------- parameters

#: Tag of the cell holding a notebook's default parameters (papermill's convention).
PARAMETERS_TAG = "parameters"
#: Tag of the cell inserted after it with the values given on the command line.
INJECTED_TAG = "injected-parameters"

_NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def parse_params(items: Sequence[str]) -> dict[str, Any]:
    """Parse ``NAME=VALUE`` pairs; each value is a Python literal if it reads as one, else a
    string (``N_GAMES=50`` -> 50, ``MODE=fast`` -> ``"fast"``, ``P=0.5``, ``FLAG=True``).

    Args:
        items: the pairs, in order; a later pair overrides an earlier one.

    Returns:
        Name -> value.

    Raises:
        ReportError: a pair without ``=`` or with a name that is not a Python identifier.

    >>> parse_params(["N_GAMES=50", "MODE=fast", "XS=[1, 2]"])
    {'N_GAMES': 50, 'MODE': 'fast', 'XS': [1, 2]}
    """
    out: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or not _NAME_RE.match(name):
            raise ReportError(f"parameter {item!r}: expected NAME=VALUE with NAME a Python "
                              "identifier, e.g. N_GAMES=50")
        try:
            out[name] = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            out[name] = text.strip()
    return out


def _tags(cell: Any) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def parameters_cell(nb: Any) -> int | None:
    """Index of the first code cell tagged ``parameters``, or None."""
    for i, cell in enumerate(nb.cells):
        if cell.get("cell_type") == "code" and PARAMETERS_TAG in _tags(cell):
            return i
    return None


def parameter_names(nb: Any) -> list[str]:
    """Names assigned at top level in the ``parameters`` cell, in order ([] if there is none).

    Raises:
        ReportError: the parameters cell is not valid Python.
    """
    i = parameters_cell(nb)
    if i is None:
        return []
    try:
        tree = ast.parse(nb.cells[i].source)
    except SyntaxError as exc:
        raise ReportError(f"parameters cell (cell {i + 1}) is not valid Python: {exc}") from None
    names: list[str] = []
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Name) and n.id not in names:
                    names.append(n.id)
    return names


def inject_parameters(nb: Any, params: Mapping[str, Any], *, source: str = "notebook") -> Any:
    """Insert a cell tagged ``injected-parameters`` right after the ``parameters`` cell, as
    papermill does (an earlier injected cell is replaced). ``nb`` is changed in place.

    Args:
        nb: the notebook (``nbformat.NotebookNode``).
        params: name -> value; each value is written with ``repr``.
        source: the notebook's name, for error messages.

    Returns:
        ``nb``, with ``metadata.boardkit.parameters`` set to ``params``.

    Raises:
        ReportError: the notebook has no ``parameters`` cell, or a name is not assigned there
            (the message lists the valid names).
    """
    import nbformat

    if not params:
        return nb
    i = parameters_cell(nb)
    if i is None:
        raise ReportError(f"{source}: no cell tagged {PARAMETERS_TAG!r}: it takes no parameters "
                          f"(given: {', '.join(params)})")
    valid = parameter_names(nb)
    unknown = [k for k in params if k not in valid]
    if unknown:
        raise ReportError(f"{source}: unknown parameter(s) {', '.join(unknown)}; "
                          f"valid parameters: {', '.join(valid) or 'none'}")
    nb.cells = [c for c in nb.cells if INJECTED_TAG not in _tags(c)]
    i = parameters_cell(nb)
    assert i is not None
    lines = ["# Parameters"] + [f"{k} = {v!r}" for k, v in params.items()]
    cell = nbformat.v4.new_code_cell("\n".join(lines) + "\n", metadata={"tags": [INJECTED_TAG]})
    if nb.get("nbformat_minor", 0) < 5:  # cell ids exist from nbformat 4.5 on
        cell.pop("id", None)
    nb.cells.insert(i + 1, cell)
    nb.metadata.setdefault("boardkit", {})["parameters"] = dict(params)
    return nb


def _slug(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return re.sub(r"[^A-Za-z0-9._+-]+", "_", text).strip("_") or "_"


def report_name(stem: str, params: Mapping[str, Any] | None) -> str:
    """File name (without ``.html``) of a notebook's report with these parameters.

    >>> report_name("leaders_tour", {"SEED": 3, "N_GAMES": 50})
    'leaders_tour-N_GAMES=50-SEED=3'
    >>> report_name("leaders_tour", {})
    'leaders_tour'
    """
    if not params:
        return stem
    return stem + "".join(f"-{k}={_slug(v)}" for k, v in sorted(params.items()))


_PARAMS_META_RE = re.compile(r'<meta name="boardkit-parameters" content="([^"]*)">')


def _tag_parameters(html_text: str, params: Mapping[str, Any]) -> str:
    """Record the parameters in the page's head (read back by :func:`write_index`)."""
    meta = f'<meta name="boardkit-parameters" content="{html.escape(_params_text(params), quote=True)}">'
    anchor = r"(<meta charset=[^>]*>)" if re.search(r"<meta charset=", html_text[:4096]) else r"(<head[^>]*>)"
    return re.sub(anchor, lambda m: m.group(1) + "\n" + meta, html_text, count=1)


def _params_text(params: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={v!r}" for k, v in sorted(params.items()))


def _page_parameters(page: Path) -> str | None:
    """The parameters recorded in a report page, or None (a run with the defaults)."""
    try:
        with page.open(encoding="utf-8", errors="replace") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    m = _PARAMS_META_RE.search(head)
    return html.unescape(m.group(1)) if m else None


# --------------------------------------------------------------------------- execution


def _kernel_manager():  # type: ignore[no-untyped-def]
    """Kernel manager whose ``python3`` kernel runs on ``sys.executable`` (this venv)."""
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    class _ThisPythonKernelSpecManager(KernelSpecManager):
        def get_kernel_spec(self, kernel_name: str) -> KernelSpec:  # noqa: ARG002
            return KernelSpec(
                argv=[sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                display_name="Python 3 (ipykernel)",
                language="python",
                resource_dir="",
            )

    return AsyncKernelManager(kernel_name="python3",
                              kernel_spec_manager=_ThisPythonKernelSpecManager())


def _failing_cell(nb) -> tuple[int | None, str]:  # type: ignore[no-untyped-def]
    """Index and first source line of the first code cell with an error output."""
    for i, cell in enumerate(nb.cells):
        if cell.get("cell_type") != "code":
            continue
        if "raises-exception" in cell.get("metadata", {}).get("tags", []):
            continue
        if any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
            return i, (cell.source.strip().splitlines() or [""])[0][:80]
    return None, ""


def execute_notebook(path: Path, *, timeout: int = DEFAULT_TIMEOUT,  # type: ignore[no-untyped-def]
                     parameters: Mapping[str, Any] | None = None):
    """Execute a notebook top to bottom in a fresh kernel.

    The kernel is ipykernel on the running interpreter (``sys.executable``), its working
    directory is the notebook's folder, and widget state is stored in the notebook metadata.
    Cells tagged ``raises-exception`` may raise.

    Args:
        path: The ``.ipynb`` file.
        timeout: Seconds allowed per cell.
        parameters: values injected after the ``parameters`` cell (:func:`inject_parameters`).

    Returns:
        The executed notebook (an ``nbformat.NotebookNode``).

    Raises:
        NotebookFailure: If a cell raises, times out, or the kernel dies; names the cell.
        ReportError: unknown parameters, or no parameters cell when some are given.
    """
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    if sys.platform.startswith("win"):  # pragma: no cover
        asyncio.set_event_loop_policy(asyncio.WindowsSelectorEventLoopPolicy())
    path = Path(path).resolve()
    nb = nbformat.read(path, as_version=4)
    if parameters:
        inject_parameters(nb, parameters, source=path.name)
    client = NotebookClient(
        nb,
        km=_kernel_manager(),
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        store_widget_state=True,
    )
    try:
        client.execute()
    except CellExecutionError as exc:
        idx, src = _failing_cell(nb)
        raise NotebookFailure(path, idx, src, f"{exc.ename}: {exc.evalue}") from exc
    except CellTimeoutError as exc:
        idx, src = _running_cell(nb)
        raise NotebookFailure(path, idx, src, f"timed out after {timeout} s") from exc
    except DeadKernelError as exc:
        idx, src = _running_cell(nb)
        raise NotebookFailure(path, idx, src, f"kernel died: {exc}") from exc
    return nb


def _running_cell(nb) -> tuple[int | None, str]:  # type: ignore[no-untyped-def]
    """Best guess of the cell running when execution stopped: the last one with a count."""
    last: tuple[int | None, str] = (None, "")
    for i, cell in enumerate(nb.cells):
        if cell.get("cell_type") == "code" and cell.get("execution_count"):
            last = (i, (cell.source.strip().splitlines() or [""])[0][:80])
    idx = last[0]
    # The cell after the last executed one is the one that hung.
    code = [i for i, c in enumerate(nb.cells) if c.get("cell_type") == "code"]
    nxt = [i for i in code if idx is None or i > idx]
    if nxt:
        cell = nb.cells[nxt[0]]
        return nxt[0], (cell.source.strip().splitlines() or [""])[0][:80]
    return last


# --------------------------------------------------------------------------- export


def export_html(nb, *, static_url: str = STATIC_DIRNAME) -> str:  # type: ignore[no-untyped-def]
    """Export an executed notebook to HTML that loads its JS from local files.

    Args:
        nb: Executed notebook (``nbformat.NotebookNode``).
        static_url: URL of the assets folder relative to the HTML file.

    Returns:
        The HTML text.
    """
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(
        template_name="lab",
        require_js_url=f"{static_url}/requirejs/require.js",
        widget_renderer_url=f"{static_url}/html-manager/embed-amd.js",
        mathjax_url=f"{static_url}/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe",
    )
    body, _ = exporter.from_notebook_node(nb)
    # plotly's "notebook" renderer always adds a MathJax 3 <script> from a CDN to each figure;
    # the page already loads MathJax 2 locally, which plotly.js uses for LaTeX labels.
    return _PLOTLY_MATHJAX_RE.sub("<!-- remote MathJax removed: loaded locally -->", body)


_PLOTLY_MATHJAX_RE = re.compile(
    r"""<script\s+src=["']https://cdnjs\.cloudflare\.com/ajax/libs/mathjax/[^"']*["']\s*>\s*</script>"""
)


_TAG_RE = re.compile(r"<(script|link)\b[^>]*>", re.IGNORECASE)
_ATTR_RE = re.compile(r"""\b(src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.IGNORECASE)
_WIDGET_SRC_RE = re.compile(r"""widgetRendererSrc\s*=\s*['"]([^'"]*)['"]""")


def external_urls(html_text: str) -> list[str]:
    """List the remote URLs a page would load scripts or stylesheets from.

    Looks at ``src`` of ``<script>`` tags, ``href`` of ``<link>`` tags, and the widget manager
    URL that nbconvert's template injects from JavaScript (``widgetRendererSrc``). Links in
    ``<a>`` tags and URLs inside inline scripts (e.g. license comments) are not loads and are
    ignored.

    Args:
        html_text: The HTML page.

    Returns:
        The ``http://``, ``https://`` or protocol-relative (``//host``) URLs found, in order.
    """
    found: list[str] = []

    def remote(url: str) -> bool:
        u = url.strip().lower()
        return u.startswith(("http://", "https://", "//"))

    for tag in _TAG_RE.finditer(html_text):
        name = tag.group(1).lower()
        for attr in _ATTR_RE.finditer(tag.group(0)):
            key = attr.group(1).lower()
            if (name, key) not in {("script", "src"), ("link", "href")}:
                continue
            url = next(g for g in attr.groups()[1:] if g is not None)
            if remote(url):
                found.append(url.strip())
    for m in _WIDGET_SRC_RE.finditer(html_text):
        if remote(m.group(1)):
            found.append(m.group(1))
    return found


# --------------------------------------------------------------------------- index


def library_versions() -> dict[str, str]:
    """Versions of Python and the libraries listed in :data:`VERSIONED_PACKAGES`.

    Returns:
        Mapping name -> version ('not installed' when missing), ``python`` first.
    """
    out = {"python": platform.python_version()}
    for name in VERSIONED_PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def write_index(out_dir: Path, results: dict[str, str | None],
                run_date: _dt.datetime | None = None, *,
                parameters: Mapping[str, Mapping[str, Any]] | None = None) -> Path:
    """Write ``index.html`` linking every report in ``out_dir``.

    Reports left by earlier runs (e.g. ``make report NB=...`` for one notebook) are listed too,
    each with the time its file was written; notebooks that failed in this run are marked.

    Args:
        out_dir: Reports folder.
        results: This run's report name -> None if its report was written, else the error.
        run_date: Time of the run (default: now, local time).
        parameters: This run's report name -> the parameters injected (for failed runs; the
            parameters of written reports are read from their pages).

    Returns:
        Path of the index file.
    """
    out_dir = Path(out_dir)
    run_date = run_date or _dt.datetime.now().astimezone()

    def fmt(when: _dt.datetime) -> str:
        return when.strftime("%Y-%m-%d %H:%M %Z").strip()

    names = {p.stem for p in out_dir.glob("*.html") if p.name != "index.html"} | set(results)
    parameters = parameters or {}
    rows = []
    for name in sorted(names):
        esc = html.escape(name)
        err = results.get(name)
        page = out_dir / f"{name}.html"
        given = parameters.get(name)
        ptext = _params_text(given) if given else (_page_parameters(page) if page.is_file() else None)
        pcell = f"<code>{html.escape(ptext)}</code>" if ptext else "defaults"
        if err is not None:
            rows.append(f"<tr><td>{esc}</td><td>{pcell}</td><td>{html.escape(fmt(run_date))}</td>"
                        f"<td><strong>failed</strong>: <code>{html.escape(err)}</code></td></tr>")
        elif page.is_file():
            when = _dt.datetime.fromtimestamp(page.stat().st_mtime).astimezone()
            rows.append(f'<tr><td><a href="{esc}.html">{esc}</a></td><td>{pcell}</td>'
                        f"<td>{html.escape(fmt(when))}</td><td>ok</td></tr>")
    stamp = fmt(run_date)
    versions = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>"
                       for k, v in library_versions().items())
    text = f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>boardkit reports</title>
<style>body{{font-family:sans-serif;max-width:50em;margin:2em auto}}
th,td{{text-align:left;padding-right:1em}}</style></head>
<body>
<h1>boardkit reports</h1>
<p>Last run on {html.escape(stamp)}.</p>
<table>
<tr><th>report</th><th>parameters</th><th>run</th><th>status</th></tr>
{chr(10).join(rows)}
</table>
<h2>Versions</h2>
<table>{versions}</table>
<p>Open the reports with no network: they load their scripts from <code>{STATIC_DIRNAME}/</code>.</p>
</body>
</html>
"""
    path = out_dir / "index.html"
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- driver


def find_notebooks(nb_dir: Path, names: Sequence[str] = ()) -> list[Path]:
    """List the notebooks to run.

    Args:
        nb_dir: Folder holding ``*.ipynb`` files.
        names: Notebook names (with or without ``.ipynb``); empty for all of them.

    Returns:
        Sorted notebook paths.

    Raises:
        ReportError: If the folder is missing, or a named notebook does not exist.
    """
    nb_dir = Path(nb_dir)
    if not nb_dir.is_dir():
        raise ReportError(f"notebook folder {nb_dir} does not exist")
    if not names:
        return sorted(p for p in nb_dir.glob("*.ipynb") if not p.name.startswith("."))
    paths = []
    for name in names:
        p = nb_dir / (name if name.endswith(".ipynb") else f"{name}.ipynb")
        if not p.is_file():
            have = ", ".join(q.stem for q in sorted(nb_dir.glob("*.ipynb"))) or "none"
            raise ReportError(f"no notebook {p} (available: {have})")
        paths.append(p)
    return paths


def build_reports(notebooks: Sequence[Path], out_dir: Path, *,
                  npm_cache: Path | None = None, timeout: int = DEFAULT_TIMEOUT,
                  progress: bool = True,
                  parameters: Mapping[str, Any] | None = None) -> dict[str, str | None]:
    """Execute notebooks and write ``<out_dir>/<name>.html`` plus ``index.html``.

    Every notebook is tried even if an earlier one fails.

    Args:
        notebooks: Notebook paths.
        out_dir: Reports folder (created if needed).
        npm_cache: npm cache folder for the offline assets (default:
            :func:`default_npm_cache`); the assets are installed there if missing.
        timeout: Seconds allowed per cell.
        progress: Show a tqdm progress bar on stderr.
        parameters: Values injected into every notebook after its ``parameters`` cell; each
            report is then written to ``<name>-NAME=VALUE-....html`` (:func:`report_name`).

    Returns:
        Report name (the notebook name, plus the parameters if any) -> None if its report was
        written, else the error message.

    Raises:
        ReportError: If the offline assets cannot be installed, or (before anything runs) a
            notebook lacks a parameters cell or does not take a given parameter.
    """
    import nbformat
    from tqdm import tqdm  # type: ignore[import-untyped]

    params = dict(parameters or {})
    if params:  # refuse unknown names before running anything
        for path in notebooks:
            nb = nbformat.read(Path(path), as_version=4)
            inject_parameters(nb, params, source=Path(path).name)

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    copy_assets(install_assets(npm_cache), out_dir / STATIC_DIRNAME)

    results: dict[str, str | None] = {}
    shown: dict[str, Mapping[str, Any]] = {}
    bar = tqdm(list(notebooks), desc="notebooks", unit="nb", disable=not progress,
               file=sys.stderr)
    for path in bar:
        path = Path(path)
        name = report_name(path.stem, params)
        shown[name] = params
        bar.set_postfix_str(name)
        try:
            nb = execute_notebook(path, timeout=timeout, parameters=params)
            text = export_html(nb)
        except NotebookFailure as exc:
            results[name] = str(exc)
            (out_dir / f"{name}.html").unlink(missing_ok=True)
            continue
        if params:
            text = _tag_parameters(text, params)
        (out_dir / f"{name}.html").write_text(text, encoding="utf-8")
        results[name] = None
        remote = external_urls(text)
        if remote:
            tqdm.write(f"report: warning: {name}.html loads from the network: "
                       + ", ".join(sorted(set(remote))), file=sys.stderr)
    bar.close()
    write_index(out_dir, results, parameters=shown)
    return results


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m boardkit.report",
        description="Execute notebooks headless and write offline HTML reports.",
    )
    p.add_argument("names", nargs="*",
                   help="notebook names to run (default: $NB, else every notebook)")
    p.add_argument("--notebooks", type=Path,
                   default=Path(os.environ.get("BOARDKIT_NOTEBOOKS", "notebooks")),
                   help="notebook folder (default: $BOARDKIT_NOTEBOOKS or notebooks/)")
    p.add_argument("--out", type=Path,
                   default=Path(os.environ.get("BOARDKIT_REPORTS", "reports")),
                   help="reports folder (default: $BOARDKIT_REPORTS or reports/)")
    p.add_argument("--npm-cache", type=Path, default=None,
                   help="npm cache folder for offline assets (default: .cache/npm)")
    p.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT,
                   help=f"seconds per cell (default: {DEFAULT_TIMEOUT})")
    p.add_argument("--assets-only", action="store_true",
                   help="only install the offline assets into the npm cache")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--param", "-p", action="append", default=[], metavar="NAME=VALUE",
                   help="override a value of the notebook's `parameters` cell (repeatable; "
                        "value read as a Python literal, else a string); the report is written "
                        "to <name>-NAME=VALUE....html (default: $PARAMS, space-separated)")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point.

    Args:
        argv: Arguments (default: ``sys.argv[1:]``).

    Returns:
        Exit status: 0 if every report was written, 1 if a notebook failed, 2 on a setup error
        (missing folder, notebook or assets).
    """
    args = _parse_args(argv)
    try:
        if args.assets_only:
            cache = install_assets(args.npm_cache)
            print(f"offline report assets ready in {cache}")
            return 0
        names = args.names or os.environ.get("NB", "").replace(",", " ").split()
        params = parse_params(args.param or shlex.split(os.environ.get("PARAMS", "")))
        notebooks = find_notebooks(args.notebooks, names)
        if not notebooks:
            print(f"no notebooks in {args.notebooks}", file=sys.stderr)
            return 2
        results = build_reports(notebooks, args.out, npm_cache=args.npm_cache,
                                timeout=args.timeout, progress=not args.no_progress,
                                parameters=params)
    except ReportError as exc:
        print(f"report: error: {exc}", file=sys.stderr)
        return 2
    failed = {k: v for k, v in results.items() if v is not None}
    ok = len(results) - len(failed)
    print(f"report: {ok} of {len(results)} notebook(s) written to {args.out}/ "
          f"(index: {args.out / 'index.html'})")
    for name, err in results.items():
        if err is None:
            print(f"report: {args.out / (name + '.html')}")
    for msg in failed.values():
        print(f"report: FAILED {msg}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
