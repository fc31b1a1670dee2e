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


class UnreadableNotebook(NotebookFailure):
    """A notebook file could not be read (not JSON, not a valid notebook, or an I/O error).

    Attributes are those of :class:`NotebookFailure`, with ``cell_index`` None and
    ``cell_source`` empty; ``detail`` is the reason, shortened to its first line.
    """

    def __init__(self, notebook: Path, reason: str) -> None:
        first = (str(reason).strip().splitlines() or ["unknown error"])[0]
        detail = first if len(first) <= 160 else first[:157] + "..."
        self.notebook = Path(notebook)
        self.cell_index = None
        self.cell_source = ""
        self.detail = detail
        ReportError.__init__(self, f"{self.notebook.name}: cannot be read as a notebook: {detail}")
