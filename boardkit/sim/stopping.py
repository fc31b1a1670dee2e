"""How a run of :func:`boardkit.sim.play_many` stops when told: SIGINT or SIGTERM raise
:class:`RunStopped` in the run's process while it lasts, its local worker processes ignore
SIGINT and die of SIGTERM (also one forked before its initializer ran), and a stopping run
ends its pool's processes at once.
"""

from __future__ import annotations

import os
import signal
import threading
from concurrent.futures import process as _futures_process
from concurrent.futures import ProcessPoolExecutor
from typing import Any


class RunStopped(KeyboardInterrupt):
    """A run stopped by a signal (SIGINT or SIGTERM) before its games were all played; the
    work not yet done was cancelled and no output file was written. ``signum`` is the
    signal's number; a KeyboardInterrupt, so code that stops on Ctrl-C stops on it too."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(f"stopped by {signal.Signals(signum).name}: the games not yet played were cancelled")

    def __str__(self) -> str:
        return str(self.args[0])


#: The process whose run installed :func:`_on_signal` (a forked worker inherits the handler).
_RUN_PID = [0]


def _on_signal(signum: int, frame: Any) -> None:
    """The run's handler: raise :class:`RunStopped`. In a worker forked before its initializer
    ran (:func:`_worker_init`), act as the worker will: ignore SIGINT, die of SIGTERM (a
    stopping run ends its workers with it), without a traceback."""
    if os.getpid() == _RUN_PID[0]:
        raise RunStopped(signum)
    _worker_init()
    if signum == signal.SIGTERM:
        os.kill(os.getpid(), signal.SIGTERM)


class _StopOnSignals:
    """While a run lasts (in the main thread): SIGINT and SIGTERM raise RunStopped."""

    def __enter__(self) -> "_StopOnSignals":
        self.old: dict[int, Any] = {}
        if threading.current_thread() is threading.main_thread():
            _RUN_PID[0] = os.getpid()
            for sig in (signal.SIGINT, signal.SIGTERM):
                self.old[sig] = signal.signal(sig, _on_signal)
        return self

    def __exit__(self, *exc: Any) -> None:
        for sig, old in self.old.items():
            signal.signal(sig, old)


def _worker_init() -> None:
    """Local workers leave SIGINT to the run (a Ctrl-C reaches the whole process group) and
    stop on SIGTERM, which the run sends them when it stops."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel a pool's pending chunks and end its processes now (SIGTERM, then SIGKILL after
    two seconds), instead of waiting for the chunks they are playing."""
    procs = list(getattr(pool, "_processes", {}).values())
    ignored: dict[signal.Signals, Any] = {}
    if threading.current_thread() is threading.main_thread():  # a second Ctrl-C must not cut this short
        for sig in (signal.SIGINT, signal.SIGTERM):
            ignored[sig] = signal.signal(sig, signal.SIG_IGN)
    try:
        _end_processes(pool, procs)
    finally:
        for sig, old in ignored.items():
            signal.signal(sig, old)


def _end_processes(pool: ProcessPoolExecutor, procs: list[Any]) -> None:
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    for proc in procs:
        proc.join(2)
        if proc.is_alive():
            proc.kill()
            proc.join(1)
    # the pool's manager thread closes its wake-up pipe as it sees the processes gone; let it
    # finish now, or Python 3.11's exit hook may write to that pipe as it closes (EBADF traceback)
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None and manager is not threading.current_thread():
        manager.join(2)
        # the exit hook must not wake it: its pipe is closed, or will be as it sees the processes
        # gone (a loaded machine can take longer than the join); it ends without being woken
        getattr(_futures_process, "_threads_wakeups", {}).pop(manager, None)


__all__ = ["RunStopped"]
