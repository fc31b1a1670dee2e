"""Notebook parameters, papermill's way: the cell tagged ``parameters`` holds the defaults and
papermill inserts a cell tagged ``injected-parameters`` after it; each run with parameters has
its own report file, which records them in its head for the index page."""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path
from typing import Any, Mapping, Sequence

from boardkit.tools.report.errors import ReportError

#: Tag of the cell holding a notebook's default parameters (papermill's convention).
PARAMETERS_TAG = "parameters"
#: Tag of the cell inserted after it with the values given on the command line.
INJECTED_TAG = "injected-parameters"

#: The kernel and language the reports run (ipykernel on this interpreter).
KERNEL_NAME = "python3"
LANGUAGE = "python"

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


def _prepare(nb: Any) -> Any:
    """Give ``nb`` the metadata papermill expects of a notebook it loaded itself (``tags`` on
    every cell, a ``papermill`` entry), as :func:`papermill.iorw.load_notebook_node` does."""
    nb.metadata.setdefault("papermill", {"default_parameters": {}, "parameters": {}, "environment_variables": {}})
    for cell in nb.cells:
        cell.metadata.setdefault("tags", [])
        cell.metadata.setdefault("papermill", {})
    return nb


def parameters_cell(nb: Any) -> int | None:
    """Index of the first cell tagged ``parameters``, or None.

    Args:
        nb: the notebook (``nbformat.NotebookNode``).
    """
    from papermill.utils import find_first_tagged_cell_index

    i = find_first_tagged_cell_index(_prepare(nb), PARAMETERS_TAG)
    return None if i < 0 else int(i)


def parameter_names(nb: Any) -> list[str]:
    """Names the ``parameters`` cell assigns, in order ([] if there is none), as papermill's
    Python translator reads them (``NAME = value`` or ``NAME: type = value``, one a line).

    Args:
        nb: the notebook (``nbformat.NotebookNode``); cells get papermill's metadata.

    Returns:
        The names.
    """
    from papermill.translators import papermill_translators

    i = parameters_cell(nb)
    if i is None:
        return []
    translator = papermill_translators.find_translator(KERNEL_NAME, LANGUAGE)
    names: list[str] = []
    for p in translator.inspect(nb.cells[i]):
        if p.name not in names:
            names.append(p.name)
    return names


def inject_parameters(nb: Any, params: Mapping[str, Any], *, source: str = "notebook") -> Any:
    """Insert the cell tagged ``injected-parameters`` right after the ``parameters`` cell with
    :func:`papermill.parameterize.parameterize_notebook` (an earlier injected cell is
    replaced). ``nb`` is changed in place.

    Args:
        nb: the notebook (``nbformat.NotebookNode``).
        params: name -> value, written as Python literals by papermill.
        source: the notebook's name, for error messages.

    Returns:
        ``nb``, with ``metadata.papermill.parameters`` set to ``params``.

    Raises:
        ReportError: the notebook has no ``parameters`` cell, or a name is not assigned there
            (the message lists the valid names).
    """
    from papermill.parameterize import parameterize_notebook

    if not params:
        return nb
    if parameters_cell(nb) is None:
        raise ReportError(f"{source}: no cell tagged {PARAMETERS_TAG!r}: it takes no parameters "
                          f"(given: {', '.join(params)})")
    valid = parameter_names(nb)
    unknown = [k for k in params if k not in valid]
    if unknown:
        raise ReportError(f"{source}: unknown parameter(s) {', '.join(unknown)}; "
                          f"valid parameters: {', '.join(valid) or 'none'}")
    done = parameterize_notebook(nb, dict(params), kernel_name=KERNEL_NAME, language=LANGUAGE)
    if done is not nb:  # nbformat upgraded an older notebook into a new object
        nb.clear()
        nb.update(done)
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


def tag_parameters(html_text: str, params: Mapping[str, Any]) -> str:
    """Record the parameters in the page's head (read back by :func:`write_index`)."""
    meta = f'<meta name="boardkit-parameters" content="{html.escape(params_text(params), quote=True)}">'
    anchor = r"(<meta charset=[^>]*>)" if re.search(r"<meta charset=", html_text[:4096]) else r"(<head[^>]*>)"
    return re.sub(anchor, lambda m: m.group(1) + "\n" + meta, html_text, count=1)


def params_text(params: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={v!r}" for k, v in sorted(params.items()))


def page_parameters(page: Path) -> str | None:
    """The parameters recorded in a report page, or None (a run with the defaults)."""
    try:
        with page.open(encoding="utf-8", errors="replace") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    m = _PARAMS_META_RE.search(head)
    return html.unescape(m.group(1)) if m else None
