"""Tiny notebooks and the offline assets for the report tests (test support, not a product)."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest

from boardkit.tools import report


def tiny_notebook(path: Path, params_cell: str | None, *sources: str) -> Path:
    """Write a notebook: a markdown cell, the cell tagged ``parameters`` (if given), then one
    code cell per source. Returns ``path``."""
    nb = nbformat.v4.new_notebook()
    cells = [nbformat.v4.new_markdown_cell("# tiny")]
    if params_cell is not None:
        cells.append(nbformat.v4.new_code_cell(params_cell, metadata={"tags": ["parameters"]}))
    cells += [nbformat.v4.new_code_cell(src) for src in sources]
    nb.cells = cells
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


def need_assets() -> Path:
    """The offline report assets (fetched with npm once); skips the test without npm."""
    cache = report.default_npm_cache()
    if not report.assets_installed(cache) and shutil.which("npm") is None:
        pytest.skip("npm not found: it is needed to fetch the offline report assets; run `make assets`")
    return report.install_assets(cache)
