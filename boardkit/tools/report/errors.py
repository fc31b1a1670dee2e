"""Errors of the report builder, and the default time allowed per cell."""

from __future__ import annotations

from pathlib import Path

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
