"""Execute a notebook top to bottom in a fresh kernel on this interpreter, with its
parameters injected, naming the cell that failed."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import sys
from pathlib import Path
from typing import Any, Mapping

from boardkit.tools.report.errors import DEFAULT_TIMEOUT, NotebookFailure, ReportError, UnreadableNotebook
from boardkit.tools.report.params import INJECTED_TAG, inject_parameters


def _kernel_manager():  # type: ignore[no-untyped-def]
    """Kernel manager whose ``python3`` kernel runs on ``sys.executable`` (this venv), and the
    folder of its sockets (the caller removes it)."""
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

    # local sockets, not TCP: nothing listens on the network, and the kernel does not warn
    # "Kernel is running over TCP without encryption" for every notebook. Their path is
    # absolute (the kernel runs in the notebook's folder, the client in ours) and short (a
    # socket path has at most about 100 characters).
    sockets = tempfile.mkdtemp(prefix="bk-kernel-")
    return AsyncKernelManager(kernel_name="python3", transport="ipc", ip=os.path.join(sockets, "k"),
                              kernel_spec_manager=_ThisPythonKernelSpecManager()), sockets


def _first_line(cell) -> str:  # type: ignore[no-untyped-def]
    return (cell.source.strip().splitlines() or [""])[0][:80]


def _failing_cell(nb) -> int | None:  # type: ignore[no-untyped-def]
    """Index of the first code cell with an error output (cells allowed to raise aside)."""
    for i, cell in enumerate(nb.cells):
        if cell.get("cell_type") != "code":
            continue
        if "raises-exception" in cell.get("metadata", {}).get("tags", []):
            continue
        if any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
            return i
    return None


def _where(nb, index: int | None) -> tuple[int | None, str]:  # type: ignore[no-untyped-def]
    """Index in the notebook as written (the injected parameters cell, which the file does not
    hold, is not counted) and first source line of executed cell ``index``."""
    if index is None or not 0 <= index < len(nb.cells):
        return None, ""
    injected = [i for i, c in enumerate(nb.cells)
                if INJECTED_TAG in c.get("metadata", {}).get("tags", [])]
    if index in injected:
        return index, "injected parameters"
    return index - sum(i < index for i in injected), _first_line(nb.cells[index])


def read_notebook(path: Path):  # type: ignore[no-untyped-def]
    """Read a notebook file as nbformat version 4.

    Args:
        path: The ``.ipynb`` file.

    Returns:
        The notebook (an ``nbformat.NotebookNode``).

    Raises:
        UnreadableNotebook: the file cannot be read, is not JSON, or is not a notebook.
    """
    import nbformat

    try:
        return nbformat.read(Path(path), as_version=4)
    except Exception as exc:  # noqa: BLE001
        # nbformat raises NotJSONError (a ValueError) for text that is not JSON, and a
        # jsonschema ValidationError, KeyError, TypeError or AttributeError for JSON that is
        # not shaped like a notebook. NotJSONError quotes the file's start: give the JSON
        # decoder's reason (line and column) instead.
        from nbformat.reader import NotJSONError

        if isinstance(exc, NotJSONError):
            reason = f"not JSON ({exc.__cause__ or 'no detail'})"
        else:
            reason = f"{type(exc).__name__}: {exc}"
        raise UnreadableNotebook(Path(path), reason) from exc


def check_timeout(timeout: Any) -> int:
    """Check the time allowed per cell.

    Args:
        timeout: Seconds, a positive whole number.

    Returns:
        ``timeout`` as an int.

    Raises:
        ReportError: ``timeout`` is zero, negative, or not a whole number (nbclient would read
            zero or a negative value as "no limit").
    """
    if isinstance(timeout, bool) or not isinstance(timeout, int) or timeout <= 0:
        raise ReportError(f"timeout {timeout!r}: expected a positive whole number of seconds "
                          f"per cell (default {DEFAULT_TIMEOUT})")
    return timeout


def execute_notebook(path: Path, *, timeout: int = DEFAULT_TIMEOUT,  # type: ignore[no-untyped-def]
                     parameters: Mapping[str, Any] | None = None):
    """Execute a notebook top to bottom in a fresh kernel.

    The kernel is ipykernel on the running interpreter (``sys.executable``), its working
    directory is the notebook's folder, and widget state is stored in the notebook metadata.
    Cells tagged ``raises-exception`` may raise.

    Args:
        path: The ``.ipynb`` file.
        timeout: Seconds allowed per cell (a positive whole number).
        parameters: values injected after the ``parameters`` cell (:func:`inject_parameters`).

    Returns:
        The executed notebook (an ``nbformat.NotebookNode``).

    Raises:
        NotebookFailure: If a cell raises, times out, or the kernel dies; names the cell by its
            1-based index in the notebook file and its first line.
        UnreadableNotebook: the file is not a readable notebook (a :class:`NotebookFailure`).
        ReportError: unknown or invalid parameters, no parameters cell when some are given, or
            a timeout that is not a positive whole number.
    """
    from jupyter_core.utils import run_sync
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    check_timeout(timeout)
    if sys.platform.startswith("win"):  # pragma: no cover
        asyncio.set_event_loop_policy(asyncio.WindowsSelectorEventLoopPolicy())
    path = Path(path).resolve()
    nb = read_notebook(path)
    if parameters:
        inject_parameters(nb, parameters, source=path.name)
    running: list[int] = []

    def started(cell: Any, cell_index: int) -> None:  # noqa: ARG001
        running.append(cell_index)

    km, sockets = _kernel_manager()
    client = NotebookClient(
        nb,
        km=km,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        store_widget_state=True,
        on_cell_execute=started,
    )
    try:
        client.execute()
    except CellExecutionError as exc:
        failed = _failing_cell(nb)
        idx, src = _where(nb, failed if failed is not None else running[-1] if running else None)
        raise NotebookFailure(path, idx, src, f"{exc.ename}: {exc.evalue}") from exc
    except CellTimeoutError as exc:  # the cell that hung is the last one started
        idx, src = _where(nb, running[-1] if running else None)
        raise NotebookFailure(path, idx, src, f"timed out after {timeout} s") from exc
    except DeadKernelError as exc:
        idx, src = _where(nb, running[-1] if running else None)
        raise NotebookFailure(path, idx, src, f"kernel died: {exc}") from exc
    finally:  # nbclient shuts down only a kernel manager it made: this one is ours
        if km.has_kernel:
            run_sync(km.shutdown_kernel)(now=True)
        shutil.rmtree(sockets, ignore_errors=True)
    return nb
