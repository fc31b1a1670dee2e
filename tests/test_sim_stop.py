"""Runs that stop when told: ``boardkit simulate --workers 2`` receiving SIGINT or SIGTERM, or
a chunk's first error, stops within seconds, with no process left, no partial file, the
previous output as it was, a non-zero exit and a one-line reason (in a subprocess)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

import boardkit
from boardkit.sim import RunStopped, play_many

REPO = Path(__file__).resolve().parents[1]


def _wait_for(check, seconds: float) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return check()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_simulate_stops_within_seconds_of_a_signal(tmp_path: Path, sig: signal.Signals) -> None:
    out = tmp_path / "run.parquet"
    out.write_bytes(b"the previous output")
    proc = subprocess.Popen([sys.executable, "-m", "boardkit", "simulate", "leaders", "--n", "3000", "--workers", "2",
                             "--out", str(out), "--quiet"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        me = psutil.Process(proc.pid)
        # the games are under way: the temporary file exists and both workers run
        assert _wait_for(lambda: any(tmp_path.glob(".run.parquet.*.part")) and len(me.children()) >= 2, 120), \
            "the run did not start"
        children = me.children(recursive=True)
        proc.send_signal(sig)
        start = time.monotonic()
        stdout, stderr = proc.communicate(timeout=30)
        took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
    assert took < 5, f"stopped {took:.1f} s after {sig.name}"
    assert proc.returncode == 128 + sig, (proc.returncode, stderr)
    assert stderr.strip().count("\n") == 0 and f"stopped by {sig.name}" in stderr and "left as it was" in stderr, stderr
    assert _wait_for(lambda: not any(c.is_running() and c.status() != psutil.STATUS_ZOMBIE for c in children), 2), \
        "a worker process is still running"
    assert not list(tmp_path.glob("*.part")) and not list(tmp_path.glob(".*.part"))
    assert out.read_bytes() == b"the previous output"


class FailsOnce:
    """An agent whose first call (over all processes) raises; every later call is counted in
    a file and plays (module level: it goes to the worker processes)."""

    name = "fails_once"

    def __init__(self, folder: Path) -> None:
        self.marker, self.calls = folder / "failed", folder / "calls"

    def __call__(self, state: boardkit.State, rng: object) -> object:
        try:
            with open(self.marker, "x"):
                pass
        except FileExistsError:
            with open(self.calls, "a") as f:
                f.write(".")
            time.sleep(0.01)
            return state.legal_actions()[0]
        raise RuntimeError("planted agent failure")


def test_the_first_error_stops_the_run_without_waiting_for_the_other_chunks(tmp_path: Path) -> None:
    """The first error is raised as soon as it comes and the other chunks are cancelled: of
    600 games (some 12,000 decisions of the failing seat) only those under way are played."""
    game = boardkit.load_game("leaders")
    out = tmp_path / "run.parquet"
    out.write_bytes(b"old")
    before = {p.pid for p in psutil.Process().children(recursive=True)}  # earlier tests' kernels, clusters
    with pytest.raises(RuntimeError, match="planted agent failure"):
        play_many(game, 600, agents=[FailsOnce(tmp_path), "random"], workers=2, chunk=10, out=out, progress=False)
    calls = (tmp_path / "calls").stat().st_size if (tmp_path / "calls").exists() else 0
    assert calls < 1000, f"{calls} decisions played after the first error"
    assert out.read_bytes() == b"old" and not list(tmp_path.glob(".*.part"))
    left = [p for p in psutil.Process().children(recursive=True) if p.pid not in before]
    assert not left, f"worker processes left running: {left}"
    assert len(play_many(game, 4, workers=2, chunk=2, progress=False)) == 4  # the next run works at once


def test_a_signal_inside_a_local_run_is_a_run_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """In process: the handler turns SIGTERM into RunStopped (a KeyboardInterrupt) and the
    previous handler is back afterwards."""
    game = boardkit.load_game("leaders")
    before = signal.getsignal(signal.SIGTERM)

    def agent(state: boardkit.State, rng: object) -> object:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.1)
        return state.legal_actions()[0]

    with pytest.raises(RunStopped, match="stopped by SIGTERM") as info:
        play_many(game, 3, agents=agent, progress=False)
    assert isinstance(info.value, KeyboardInterrupt) and info.value.signum == signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) == before


def test_the_first_error_on_dask_cancels_the_other_futures(tmp_path: Path) -> None:
    """On a Dask client the first error cancels the run's other futures: the cluster does
    not go on playing the rest."""
    distributed = pytest.importorskip("distributed")
    game = boardkit.load_game("leaders")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        with pytest.raises(RuntimeError, match="planted agent failure"):
            play_many(game, 600, agents=[FailsOnce(tmp_path), "random"], client=client, chunk=10, progress=False)
        calls = tmp_path / "calls"
        after = calls.stat().st_size if calls.exists() else 0
        time.sleep(1)
        later = calls.stat().st_size if calls.exists() else 0
        assert later - after < 200, "the cluster goes on playing the cancelled chunks"
        assert not [k for k, v in client.processing().items() if v], "tasks still processing"


def test_a_worker_forked_before_its_initializer_ran_ignores_sigint_and_dies_of_sigterm_quietly() -> None:
    # a run's workers inherit its handler between the fork and their initializer; a run that
    # stops then (SIGTERM to its workers) must not make them print a traceback
    code = """
import os, signal, time
from boardkit.sim.stopping import _StopOnSignals
with _StopOnSignals():
    pid = os.fork()
    if pid == 0:
        os.kill(os.getpid(), signal.SIGINT)   # a worker ignores it
        os.kill(os.getpid(), signal.SIGTERM)  # and dies of this one
        time.sleep(5)
        os._exit(3)
    _, status = os.waitpid(pid, 0)
    print(os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM)
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert proc.returncode == 0 and proc.stdout.strip() == "True" and proc.stderr == "", (proc.stdout, proc.stderr)
