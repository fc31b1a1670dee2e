"""Notebook parameters, papermill's way: the cell tagged ``parameters`` holds the defaults and
papermill inserts a cell tagged ``injected-parameters`` after it; each run with parameters has
its own report file, which records them in its head for the index page."""

from __future__ import annotations

import ast
import hashlib
import html
import math
import re
import shlex
from pathlib import Path
from typing import Any, Mapping, Sequence

from boardkit.core.checks import with_article
from boardkit.tools.report.errors import ReportError

#: Tag of the cell holding a notebook's default parameters (papermill's convention).
PARAMETERS_TAG = "parameters"
#: Tag of the cell inserted after it with the values given on the command line.
INJECTED_TAG = "injected-parameters"

#: The kernel and language the reports run (ipykernel on this interpreter).
KERNEL_NAME = "python3"
LANGUAGE = "python"

_NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

#: Longest value, as written in a report's file name; a longer one is shortened there and
#: followed by a stable hash of the value.
MAX_NAME_VALUE = 60
#: Longest report file name (without ``.html``); past it, the parameters part is replaced
#: by a stable hash of all of them.
MAX_REPORT_NAME = 200

#: Types a parameter value may have (the types a ``parameters`` cell assigns literally).
SCALAR_TYPES: tuple[type, ...] = (bool, int, float, str)


def split_params(text: str, *, source: str = "PARAMS") -> list[str]:
    """Split ``NAME=VALUE`` pairs separated by spaces, with shell quoting
    (``N=1 WORD='q r'`` -> ``["N=1", "WORD=q r"]``).

    Args:
        text: the pairs, as ``make report PARAMS='...'`` passes them.
        source: where the text comes from, for error messages.

    Returns:
        The pairs, for :func:`parse_params`.

    Raises:
        ReportError: the quoting is unbalanced (names ``source`` and shows the text).
    """
    try:
        return shlex.split(text)
    except ValueError as exc:
        shown = text if len(text) <= 80 else text[:77] + "..."
        raise ReportError(f"{source}={shown!r}: {exc} (quote a value with spaces as "
                          "WORD='a b', and close every quote)") from None


def _finite(value: Any) -> bool:
    """True if no float in ``value`` (or in the containers it holds) is inf or nan, and it
    holds no complex number."""
    if isinstance(value, complex):
        return False
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(_finite(v) for v in value)
    if isinstance(value, dict):
        return all(_finite(k) and _finite(v) for k, v in value.items())
    return True


def parse_params(items: Sequence[str]) -> dict[str, Any]:
    """Parse ``NAME=VALUE`` pairs; each value is a Python literal if it reads as one, else a
    string (``N_GAMES=50`` -> 50, ``MODE=fast`` -> ``"fast"``, ``P=0.5``, ``FLAG=True``).

    Args:
        items: the pairs, in order; a later pair overrides an earlier one.

    Returns:
        Name -> value.

    Raises:
        ReportError: a pair without ``=``, a name that is not a Python identifier, or a value
            that is not finite (``1e999`` reads as inf, ``1j`` is complex).

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
            value = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            value = text.strip()
        if not _finite(value):
            raise ReportError(f"parameter {name}={_short(text.strip())}: reads as {_short(repr(value))}, "
                              "not a finite number; give a finite int or float")
        out[name] = value
    return out


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


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


def parameter_defaults(nb: Any) -> dict[str, str]:
    """Default of each name the ``parameters`` cell assigns, as written there (the last
    assignment of a name wins, as when the cell runs).

    Args:
        nb: the notebook (``nbformat.NotebookNode``); cells get papermill's metadata.

    Returns:
        Name -> source text of its value ({} if there is no parameters cell).
    """
    from papermill.translators import papermill_translators

    i = parameters_cell(nb)
    if i is None:
        return {}
    translator = papermill_translators.find_translator(KERNEL_NAME, LANGUAGE)
    return {p.name: p.default for p in translator.inspect(nb.cells[i])}


def _literal_type(text: str) -> type | None:
    """Type of the literal ``text``, or None if it is no literal or is None."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return None if value is None else type(value)


def check_parameters(params: Mapping[str, Any], defaults: Mapping[str, str], *,
                     source: str = "notebook") -> dict[str, Any]:
    """Check each value against the type of the default the ``parameters`` cell assigns.

    A value must be finite and of the default's type (an int is accepted, as a float, for a
    float). A default that is no literal, or None, accepts a bool, int, float or str.

    Args:
        params: name -> value (names not in ``defaults`` are not checked).
        defaults: name -> default's source text (:func:`parameter_defaults`).
        source: the notebook's name, for error messages.

    Returns:
        name -> the value to inject (ints given for a float default become floats).

    Raises:
        ReportError: a value is not finite or not of the expected type; the message names the
            notebook, the parameter, the value and the default.
    """
    out: dict[str, Any] = {}
    for name, value in params.items():
        shown = _short(repr(value))
        if not _finite(value):
            raise ReportError(f"{source}: parameter {name}={shown} is not a finite number")
        if name not in defaults:
            out[name] = value
            continue
        default = defaults[name]
        expected = _literal_type(default)
        if expected is float and type(value) is int:
            value = float(value)
        elif expected is None and not isinstance(value, SCALAR_TYPES):
            raise ReportError(f"{source}: parameter {name}={shown} is {with_article(type(value).__name__)}; "
                              f"expected a bool, int, float or str (default: {_short(default)})")
        elif expected is not None and type(value) is not expected:
            hint = (f"; to pass it as text, quote it: {name}=\"'...'\"" if expected is str else "")
            raise ReportError(f"{source}: parameter {name}={shown} is {with_article(type(value).__name__)}, "
                              f"but the parameters cell assigns {with_article(expected.__name__)} "
                              f"({name} = {_short(default)}){hint}")
        out[name] = value
    return out


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
        ReportError: the notebook has no ``parameters`` cell, a name is not assigned there
            (the message lists the valid names), or a value is not finite or not of the type
            assigned there (:func:`check_parameters`).
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
    values = check_parameters(params, parameter_defaults(nb), source=source)
    done = parameterize_notebook(nb, values, kernel_name=KERNEL_NAME, language=LANGUAGE)
    if done is not nb:  # nbformat upgraded an older notebook into a new object
        nb.clear()
        nb.update(done)
    return nb


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]


def _slug(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    slug = re.sub(r"[^A-Za-z0-9._+-]+", "_", text).strip("_") or "_"
    if len(slug) > MAX_NAME_VALUE:  # keep the start readable, the hash tells values apart
        slug = f"{slug[:MAX_NAME_VALUE - 12]}~{_digest(repr(value))}"
    return slug


def report_name(stem: str, params: Mapping[str, Any] | None) -> str:
    """File name (without ``.html``) of a notebook's report with these parameters.

    A value longer than :data:`MAX_NAME_VALUE` characters in the name is shortened and
    followed by a stable hash of the value; a name longer than :data:`MAX_REPORT_NAME` has
    its parameters part replaced by a stable hash of all of them.

    Args:
        stem: the notebook's name.
        params: name -> value (empty or None for a run with the defaults).

    Returns:
        ``stem``, then ``-NAME=VALUE`` for each parameter, names sorted.

    >>> report_name("leaders_tour", {"SEED": 3, "N_GAMES": 50})
    'leaders_tour-N_GAMES=50-SEED=3'
    >>> report_name("leaders_tour", {})
    'leaders_tour'
    """
    if not params:
        return stem
    name = stem + "".join(f"-{k}={_slug(v)}" for k, v in sorted(params.items()))
    if len(name) > MAX_REPORT_NAME:
        name = f"{stem[:MAX_REPORT_NAME - 20]}-params~{_digest(params_text(params))}"
    return name


_PARAMS_META_RE = re.compile(r'<meta name="boardkit-parameters" content="([^"]*)">')


def tag_parameters(html_text: str, params: Mapping[str, Any]) -> str:
    """Record the parameters in the page's head (read back by :func:`write_index`)."""
    meta = f'<meta name="boardkit-parameters" content="{html.escape(params_text(params), quote=True)}">'
    anchor = r"(<meta charset=[^>]*>)" if re.search(r"<meta charset=", html_text[:4096]) else r"(<head[^>]*>)"
    return re.sub(anchor, lambda m: m.group(1) + "\n" + meta, html_text, count=1)


def params_text(params: Mapping[str, Any]) -> str:
    """The parameters as ``NAME=repr(VALUE)`` pairs, names sorted, separated by spaces."""
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
