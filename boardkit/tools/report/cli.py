"""The report command (``python -m boardkit.tools.report``): find the notebooks, run each
with its parameters, write its page and the index."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Mapping, Sequence

from boardkit.tools.report.assets import STATIC_DIRNAME, copy_assets, install_assets
from boardkit.tools.report.errors import DEFAULT_TIMEOUT, NotebookFailure, ReportError, UnreadableNotebook
from boardkit.tools.report.export import export_html, external_urls
from boardkit.tools.report.index import write_index
from boardkit.tools.report.params import (
    inject_parameters,
    parameter_names,
    parse_params,
    report_name,
    split_params,
    tag_parameters,
)
from boardkit.tools.report.run import check_timeout, execute_notebook, read_notebook


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

    Every notebook is tried even if an earlier one fails (or cannot be read); a failed one is
    marked FAILED in the index with its error.

    Args:
        notebooks: Notebook paths.
        out_dir: Reports folder (created if needed).
        npm_cache: npm cache folder for the offline assets (default:
            :func:`default_npm_cache`); the assets are installed there if missing.
        timeout: Seconds allowed per cell, a positive whole number.
        progress: Show a tqdm progress bar on stderr.
        parameters: Values injected into every notebook after its ``parameters`` cell; each
            report is then written to ``<name>-NAME=VALUE-....html`` (:func:`report_name`).

    Returns:
        Report name (the notebook name, plus the parameters if any) -> None if its report was
        written, else the error message.

    Raises:
        ReportError: If the offline assets cannot be installed, ``out_dir`` cannot be made a
            folder (naming ``--out``), or (before anything runs) the timeout is not a positive
            whole number, or a readable notebook lacks a parameters cell, does not take a given
            parameter or assigns it another type.
    """
    from tqdm import tqdm  # type: ignore[import-untyped]

    check_timeout(timeout)
    params = dict(parameters or {})
    if params:  # refuse unknown names and wrong values before running anything
        for path in notebooks:
            try:
                nb = read_notebook(Path(path))
            except UnreadableNotebook:
                continue  # reported as failed below, in its turn
            inject_parameters(nb, params, source=Path(path).name)

    out_dir = Path(out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file in the way, no such device, no right to write
        raise ReportError(f"--out: {out_dir} cannot be a reports folder: {exc.strerror or exc}") from None
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
        except Exception as exc:  # noqa: BLE001 - one notebook must not end the run
            first = (str(exc).strip().splitlines() or [""])[0][:160]
            results[name] = f"{path.name}: failed: {type(exc).__name__}: {first}"
            (out_dir / f"{name}.html").unlink(missing_ok=True)
            continue
        if params:
            text = tag_parameters(text, params)
        (out_dir / f"{name}.html").write_text(text, encoding="utf-8")
        results[name] = None
        remote = external_urls(text)
        if remote:
            tqdm.write(f"report: warning: {name}.html loads from the network: "
                       + ", ".join(sorted(set(remote))), file=sys.stderr)
    bar.close()
    write_index(out_dir, results, parameters=shown)
    return results


def check_shared_parameters(notebooks: Sequence[Path], params: Mapping[str, Any], folder: Path) -> None:
    """Refuse ``--param`` given without a notebook name when some notebook of the folder does
    not take every parameter: the values go to every notebook, so each must declare them.

    Args:
        notebooks: every notebook of the folder (an unreadable one is skipped: it is reported
            as failed in its turn).
        params: the parameters given.
        folder: the notebook folder, for the message.

    Raises:
        ReportError: naming the notebooks that lack a parameter, those that take them all and
            a command that names them.
    """
    takers: list[str] = []
    others: list[str] = []
    for path in notebooks:
        try:
            names = parameter_names(read_notebook(Path(path)))
        except UnreadableNotebook:
            continue
        (takers if all(k in names for k in params) else others).append(Path(path).stem)
    if not others:
        return
    given = " ".join(f"--param {k}={v!r}" for k, v in params.items())[:120]
    hint = (f"the notebooks that take {'it' if len(params) == 1 else 'them all'}: {', '.join(takers)}; name the ones "
            f"to run: python -m boardkit.tools.report {takers[0]} {given}" if takers
            else f"no notebook there takes {'it' if len(params) == 1 else 'them all'}")
    raise ReportError(f"{given} without a notebook name goes to every notebook of {folder}, and "
                      f"{', '.join(others)} {'does' if len(others) == 1 else 'do'} not take "
                      f"{'' if len(params) == 1 else 'all of '}{', '.join(params)}; {hint}")


def _seconds(text: str) -> int:
    """``--timeout`` value: a positive whole number of seconds (0 or less would mean no limit)."""
    try:
        return check_timeout(int(text.strip()))
    except (ValueError, ReportError):
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected a positive whole number of seconds per cell, e.g. 600") from None


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m boardkit.tools.report",
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
    p.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                   help=f"seconds per cell, a positive whole number (default: {DEFAULT_TIMEOUT})")
    p.add_argument("--assets-only", action="store_true",
                   help="only install the offline assets into the npm cache")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--param", "-p", action="append", default=[], metavar="NAME=VALUE",
                   help="override a value of the notebook's `parameters` cell (repeatable; "
                        "value read as a Python literal, else a string); the report is written "
                        "to <name>-NAME=VALUE....html (default: $PARAMS, space-separated); without "
                        "a notebook name, every notebook of the folder must declare it")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point.

    Args:
        argv: Arguments (default: ``sys.argv[1:]``).

    Returns:
        Exit status: 0 if every report was written, 1 if a notebook failed (every other
        notebook is still run and the index written), 2 on a setup error (missing folder,
        notebook or assets, invalid parameter or timeout, ``PARAMS`` from the environment
        without ``NB`` or a notebook name; nothing is run); argparse exits
        with 2 on a bad option.
    """
    args = _parse_args(argv)
    try:
        if args.assets_only:
            cache = install_assets(args.npm_cache)
            print(f"offline report assets ready in {cache}")
            return 0
        names = args.names or os.environ.get("NB", "").replace(",", " ").split()
        params = parse_params(args.param or split_params(os.environ.get("PARAMS", "")))
        if params and not names and not args.param:  # make's PARAMS belong to one notebook's parameters cell
            raise ReportError(f"PARAMS {' '.join(f'{k}={v!r}' for k, v in params.items())[:120]} needs NB= (the "
                              f"notebook the parameters belong to): make report NB=leaders_tour PARAMS='N_GAMES=3'")
        notebooks = find_notebooks(args.notebooks, names)
        if not notebooks:
            print(f"no notebooks in {args.notebooks}", file=sys.stderr)
            return 2
        if params and not names:
            check_shared_parameters(notebooks, params, args.notebooks)
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

