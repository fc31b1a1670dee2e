"""Execute a notebook top to bottom in a fresh kernel on this interpreter, with its
parameters injected, naming the cell that failed."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any, Mapping

from boardkit.tools.report.errors import DEFAULT_TIMEOUT, NotebookFailure
from boardkit.tools.report.params import inject_parameters


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
