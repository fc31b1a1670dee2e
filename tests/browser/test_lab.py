"""The Leaders board as a user meets it: the tour notebook run in JupyterLab, in chromium.

A JupyterLab server is started on 127.0.0.1 (free port, token, its own process group, every
Jupyter config/runtime/settings/workspace folder in a temp dir, news and notification toasts
off), a temp copy of ``notebooks/leaders_tour.ipynb`` is opened in headless chromium
(playwright) and run with *Run > Run All Cells*. Then, on the live board the notebook shows:

1. 'Roll until decision' resolves the pending draw (the board's log grows);
2. a piece is clicked: the buttons highlighted in the page are its targets;
3. a cell that is not a target is clicked: the clause and reason show in the page;
4. a highlighted target is clicked: the piece moves (button labels change) and the log grows.

What the page must show is computed by replaying the page's own log in Python and driving a
second board (no kernel) with the same clicks, so the test follows the notebook if it changes.
The browser may only talk to 127.0.0.1: every other request is recorded and aborted.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import boardkit
from boardkit.viz.hexboard import HIGHLIGHT_FILL, SELECTED_STROKE
from boardkit.viz.widgets import ROLL_ALL_LABEL, LeadersBoard

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.browser

NOTEBOOK = REPO / "notebooks" / "leaders_tour.ipynb"

SERVER_START_TIMEOUT = 90  # s, until /api/status answers
RUN_ALL_TIMEOUT = 240  # s, for every cell of the tour to finish
UI_TIMEOUT = 20  # s, for one click to show in the page

#: Lab settings overrides: no news / update check / toasts (they cover screenshots and would
#: reach the network), and every cell attached to the DOM so that prompts can be counted.
SETTINGS_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
}

#: Server config (in the temp JUPYTER_CONFIG_DIR): nothing fetched from the network.
SERVER_CONFIG = {
    "LabApp": {"news_url": None, "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"},
}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(predicate: Callable[[], Any], timeout: float, what: str, interval: float = 0.2) -> Any:
    """Poll ``predicate`` until it returns a true value (returned) or ``timeout`` s pass.

    Other exceptions are retried (the page may be changing); AssertionError stops at once."""
    deadline = time.monotonic() + timeout
    last_exc: Exception | None = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except AssertionError:
            raise
        except Exception as exc:  # noqa: BLE001 - page not ready yet: retried until the deadline
            last_exc = exc
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}"
                         + (f" (last error: {last_exc!r})" if last_exc else ""))


def _kill_group(proc: subprocess.Popen[bytes], runtime_dir: Path) -> None:
    """Stop the server's process group, then any kernel it left (kernels get their own
    session: they are found by their connection file, which lives in our runtime dir)."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=10)
    else:  # the leader is gone; its group may not be
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    marker = str(runtime_dir).encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if marker in cmdline:
            try:
                os.kill(int(entry.name), signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """A JupyterLab server on 127.0.0.1 serving a temp copy of the tour notebook."""
    home = tmp_path / "jupyter"
    dirs = {name: home / name for name in ("config", "runtime", "data", "settings",
                                          "workspaces", "app-settings")}
    for d in dirs.values():
        d.mkdir(parents=True)
    (dirs["config"] / "jupyter_server_config.json").write_text(json.dumps(SERVER_CONFIG))
    (dirs["app-settings"] / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES))
    root = tmp_path / "nb"
    root.mkdir()
    shutil.copy2(NOTEBOOK, root / NOTEBOOK.name)

    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ,
               JUPYTER_CONFIG_DIR=str(dirs["config"]),
               JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
               JUPYTER_DATA_DIR=str(dirs["data"]),
               JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
               JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]),
               JUPYTER_PLATFORM_DIRS="1",
               PYTHONUNBUFFERED="1")
    env.pop("JUPYTER_TOKEN", None)
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
           "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           f"--LabApp.app_settings_dir={dirs['app-settings']}"]
    log_path = tmp_path / "jupyterlab.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                env=env, cwd=root, start_new_session=True)
    base = f"http://127.0.0.1:{port}"

    def ready() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyter lab exited with {proc.returncode}")
        with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
            return r.status == 200

    try:
        try:
            _wait(ready, SERVER_START_TIMEOUT, "JupyterLab to answer")
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n--- server log ---\n"
                                 f"{log_path.read_text(errors='replace')[-4000:]}") from None
        yield {"base": base, "token": token, "root": root, "log": log_path,
               "url": f"{base}/lab/tree/{NOTEBOOK.name}?token={token}&reset"}
    finally:
        _kill_group(proc, dirs["runtime"])


# --------------------------------------------------------------------------- page helpers

_HEX = re.compile(r"#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})", re.IGNORECASE)


def _rgb(hex_colour: str) -> str:
    """``#9be28f`` -> ``rgb(155, 226, 143)`` (how computed styles report colours)."""
    m = _HEX.fullmatch(hex_colour)
    assert m, hex_colour
    return "rgb({}, {}, {})".format(*(int(g, 16) for g in m.groups()))


HIGHLIGHT_RGB, SELECTED_RGB = _rgb(HIGHLIGHT_FILL), _rgb(SELECTED_STROKE)

#: Every board button in the page: cell name (from the tooltip), label, background colour.
_CELLS_JS = """() => Array.from(document.querySelectorAll('button.boardkit-cell')).map(b => ({
    name: (b.getAttribute('title') || '').split(':')[0].trim(),
    label: b.textContent.trim(),
    bg: getComputedStyle(b).backgroundColor,
}))"""


def _board(page: Any) -> dict[str, dict[str, str]]:
    cells = page.evaluate(_CELLS_JS)
    return {c["name"]: c for c in cells}


def _highlighted(page: Any) -> set[str]:
    return {n for n, c in _board(page).items() if c["bg"] == HIGHLIGHT_RGB}


def _selected(page: Any) -> set[str]:
    return {n for n, c in _board(page).items() if c["bg"] == SELECTED_RGB}


def _widget_area(page: Any) -> Any:
    """The output area that holds the board widget (there is one board in the tour)."""
    return page.locator(".jp-OutputArea-output").filter(has=page.locator("button.boardkit-cell"))


def _cell(page: Any, name: str) -> Any:
    """The board button of cell ``name`` (tooltip ``name`` or ``name: Kind (player n)``)."""
    return page.locator(f"button.boardkit-cell[title='{name}'], button.boardkit-cell[title^='{name}:']")


def _tracebacks(page: Any) -> list[str]:
    """Texts of the error outputs in the notebook (Lab renders them as stderr)."""
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    return [t for t in errors.all_inner_texts() if "Traceback" in t or "Error" in t]


def _kernel_idle(page: Any) -> bool:
    """A Python kernel is attached to the notebook and idle (toolbar name and indicator)."""
    name = page.locator(".jp-NotebookPanel-toolbar .jp-KernelName").inner_text(timeout=2000)
    status = page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator")
    return "Python" in name and status.get_attribute("data-status", timeout=2000) == "idle"


def _log(page: Any) -> list[str]:
    """The board's action log as shown (the widget's only ordered list)."""
    return [t.strip() for t in _widget_area(page).locator("ol li").all_inner_texts()]


def _mirror(log: list[str]) -> LeadersBoard:
    """A kernel-less board in the state the page's log leads to."""
    errors = []
    for options in ({"first_player": 0}, {"first_player": 1}, {}):
        state = boardkit.load_game("leaders", **options).new_initial_state()
        try:
            for action in log:
                state.apply_action(action)
        except Exception as exc:  # noqa: BLE001 - try the next set of options
            errors.append(f"{options}: {exc}")
            continue
        return LeadersBoard(state)
    raise AssertionError(f"the page's log {log} does not replay: {errors}")


def _expected_labels(board: LeadersBoard) -> dict[str, str]:
    return {name: b.description for name, b in board.cell_buttons.items()}


def _replayed(log: list[str], clicks: list[str]) -> LeadersBoard:
    board = _mirror(log)
    for cell in clicks:
        board.click(cell)
    return board


# --------------------------------------------------------------------------- the test


def test_leaders_tour_board_in_jupyterlab(browser: Any, lab: dict[str, Any], artifacts: Path) -> None:
    for old in artifacts.glob("lab-*.png"):
        old.unlink()
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    n_code = sum(c["cell_type"] == "code" for c in nb["cells"])
    offsite: list[str] = []

    def guard(route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:")):
            route.continue_()
        else:
            offsite.append(url)
            route.abort()

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(UI_TIMEOUT * 1000)
    context.route("**/*", guard)
    page = context.new_page()
    console_errors: list[str] = []
    page.on("pageerror", lambda exc: console_errors.append(str(exc)))
    shot = lambda name: page.screenshot(path=str(artifacts / f"lab-{name}.png"))
    try:
        page.goto(lab["url"], wait_until="domcontentloaded", timeout=60_000)
        # The notebook is open and its kernel is idle.
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=60_000)
        # The committed notebook names no kernel (jupytext strips the metadata): Lab asks,
        # with "Python 3 (ipykernel)" preselected, as it asks a user.
        def kernel_ready() -> bool:
            dialog = page.locator(".jp-Dialog")
            if dialog.count() and dialog.first.is_visible():
                shot("0-kernel-dialog")
                dialog.locator(".jp-mod-accept").click()
                return False
            return _kernel_idle(page)

        _wait(kernel_ready, 60, "the kernel to start and be idle", interval=0.5)
        # Focus the notebook (Run All is unreliable before), then Run > Run All Cells.
        page.locator(".jp-NotebookPanel .jp-Cell .jp-InputPrompt").first.click()
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()

        def all_ran() -> bool:
            tracebacks = _tracebacks(page)
            assert not tracebacks, f"a cell raised in JupyterLab: {tracebacks[0][-2000:]}"
            prompts = page.locator(".jp-CodeCell .jp-InputArea-prompt").all_inner_texts()
            done = [p for p in prompts if re.fullmatch(r"\[\d+\]:", p.strip())]
            return len(prompts) == n_code and len(done) == n_code

        try:
            _wait(all_ran, RUN_ALL_TIMEOUT, f"the {n_code} code cells to run", interval=0.5)
            _wait(lambda: _kernel_idle(page), UI_TIMEOUT, "the kernel to be idle")
        finally:
            shot("1-run-all")
        assert not _tracebacks(page)

        # -- the live board is rendered: 37 buttons, pieces labelled
        area = _widget_area(page)
        area.scroll_into_view_if_needed()
        _wait(lambda: len(_board(page)) == 37, UI_TIMEOUT, "the 37 board buttons")
        log0 = _log(page)
        assert log0, "the board's log is empty: the scripted clicks did not run"
        mirror = _mirror(log0)
        assert {n: c["label"] for n, c in _board(page).items()} == _expected_labels(mirror)

        # -- 1. resolve the pending draw with the page's 'Roll until decision'
        if mirror.controller.state.is_chance_node():
            area.get_by_role("button", name=ROLL_ALL_LABEL, exact=True).click()
            _wait(lambda: len(_log(page)) > len(log0), UI_TIMEOUT, "the draw to be logged")
        log1 = _wait(lambda: (log := _log(page)) and not _mirror(log).controller.state.is_chance_node()
                     and log, UI_TIMEOUT, "a decision node after the draw")
        base = _mirror(log1)
        assert not base.controller.state.is_chance_node() and not base.controller.state.is_terminal()
        assert {n: c["label"] for n, c in _board(page).items()} == _expected_labels(base)
        assert _highlighted(page) == set(base.controller.highlights())  # the selectable pieces

        # Choose, with the kernel-less board, a piece that has targets, a cell that is not a
        # target (illegal, with a clause) and a target whose click plays an action.
        piece = next(c for c in sorted(base.controller.highlights())
                     if _replayed(log1, [c]).controller.highlights())
        after_piece = _replayed(log1, [piece])
        targets = set(after_piece.controller.highlights())
        illegal = next(c for c in after_piece.cell_buttons if c not in targets | {piece}
                       and (r := _replayed(log1, [piece, c]).controller.last_result) is not None
                       and r.status == "illegal" and r.clause)
        after_illegal = _replayed(log1, [piece, illegal])
        refusal = after_illegal.controller.message
        target = next(c for c in sorted(targets)
                      if (r := _replayed(log1, [piece, illegal, c]).controller.last_result)
                      is not None and r.status == "applied")
        after_move = _replayed(log1, [piece, illegal, target])

        # -- 2. click a piece: its targets are highlighted in the page
        _cell(page, piece).click()
        _wait(lambda: _selected(page) == {piece}, UI_TIMEOUT, f"{piece} to show as selected")
        _wait(lambda: _highlighted(page) == targets, UI_TIMEOUT,
              f"targets {sorted(targets)} to be highlighted")
        shot("2-piece-selected")

        # -- 3. click a cell that is not a target: the clause and reason show in the page
        clause = after_illegal.controller.last_result.clause  # type: ignore[union-attr]
        assert refusal and clause and clause in refusal
        _cell(page, illegal).click()
        _wait(lambda: refusal in area.inner_text(), UI_TIMEOUT, f"the refusal {refusal!r}")
        shot("3-illegal-click")
        assert _highlighted(page) == targets and _selected(page) == {piece}  # selection kept
        assert _log(page) == log1 + after_piece.controller.log()  # 'select': nothing more played

        # -- 4. click a highlighted target: the move is played in the page
        _cell(page, target).click()
        played = log1 + after_move.controller.log()
        _wait(lambda: _log(page) == played, UI_TIMEOUT, f"the log to become {played}")
        labels = {n: c["label"] for n, c in _board(page).items()}
        assert labels == _expected_labels(after_move)
        assert labels[piece] != _expected_labels(base)[piece]  # the piece left its cell
        assert _highlighted(page) == set(after_move.controller.highlights())
        area.screenshot(path=str(artifacts / "lab-4-board-after-move.png"))
        shot("4-after-move")

        assert not console_errors, f"JavaScript errors in the page: {console_errors[:3]}"
        assert not offsite, f"the page tried to reach the network: {sorted(set(offsite))[:5]}"
    except BaseException:
        with contextlib.suppress(Exception):  # keep the original error
            shot("failure")
        raise
    finally:
        context.close()
