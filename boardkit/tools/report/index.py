"""The index page of the reports folder: every report with its parameters, run time and
status, and the versions of the main libraries."""

from __future__ import annotations

import datetime as _dt
import html
import platform
from importlib import metadata
from pathlib import Path
from typing import Any, Mapping

from boardkit.tools.report.assets import STATIC_DIRNAME
from boardkit.tools.report.params import page_parameters, params_text

#: Libraries whose versions are listed in the index page.
VERSIONED_PACKAGES: tuple[str, ...] = ("boardkit", "networkx", "sympy", "plotly", "ipywidgets")


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
        ptext = params_text(given) if given else (page_parameters(page) if page.is_file() else None)
        pcell = f"<code>{html.escape(ptext)}</code>" if ptext else "defaults"
        if err is not None:
            rows.append(f"<tr><td>{esc}</td><td>{pcell}</td><td>{html.escape(fmt(run_date))}</td>"
                        f"<td><strong>FAILED</strong>: <code>{html.escape(err)}</code></td></tr>")
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
