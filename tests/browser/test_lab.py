"""The live boards as a user meets them: tour notebooks run in JupyterLab, in chromium.

A JupyterLab server is started on 127.0.0.1 (once for the module's tests; free port, token,
its own process group, every Jupyter config/runtime/settings/workspace folder in a temp dir,
news and notification toasts off; each test's kernels shut down after it), a temp copy of a tour notebook (``notebooks/leaders_tour.ipynb`` or
``notebooks/battle_royale_tour.ipynb``) is opened in headless chromium (playwright) and run
with *Run > Run All Cells*. Then, on the first live board the notebook shows:

1. the page's buttons lead to a decision: 'Roll until decision' at chance nodes, else the
   first legal action (Battle Royale: until a ``play ...`` card can be played, which is pressed);
2. a piece (a tile with a figure of the mover) is clicked: the buttons highlighted in the page
   are its targets;
3. a cell that is not a target is clicked: the clause (``LEAD-``/``BR-``) and reason show;
4. a highlighted target is clicked: the piece moves (button labels change) and the log grows.

The Marabunta tour (``notebooks/marabunta_tour.ipynb``) shows its board when red is about to
carry out its pool; on it:

1. the 84 fields are labelled, and the fields highlighted (buttons and territory SVG) are
   those of the element the notebook put in use;
2. '◀ Back' steps back to the split (the line stays, greyed, for 'Forward');
3. all seven split toggles and 'Split': refused with MARA-3.2; then the dice showing a number
   are toggled off and 'Split' splits them off from the tile, and the chooser presses the
   ``take ...`` button of the numbers (a new line, in the 'Line' dropdown);
4. a die is picked with 'Use': its fields are highlighted; a field of another region is
   refused (MARA-4.3); a highlighted field takes the number (button, SVG, log);
5. the next die on that same field: refused (MARA-1.2).

A small notebook (``tests/data/state_faces.ipynb``) ends a cell with a State of each game:
each output is that game's picture (an SVG, drawn) with the State's repr as caption.

What the page must show is computed by replaying the page's own log in Python and driving a
second board (no kernel) with the same clicks, so the test follows the notebook if it changes.
The browser may only talk to 127.0.0.1: every other request is recorded and aborted, and a
cell whose outputs the server drops (its IOPub rate limits, left at their defaults) fails.
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import boardkit
from boardkit.viz.layout import HIGHLIGHT_FILL, SELECTED_STROKE
from boardkit.viz.marabunta import PLAYER_COLOURS, REGION_STROKE
from boardkit.viz.marabunta.widget import SPLIT_LABEL
from boardkit.viz.battle_royale import colour_of_player
from boardkit.viz.widgets import BACK_LABEL, ROLL_ALL_LABEL, BoardWidget, board_widget

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.browser



@dataclass(frozen=True)
class Tour:
    """A tour notebook with a live board, and what the test needs to know about it."""

    notebook: Path
    game: str  # boardkit.load_game name, to replay the page's log
    n_cells: int  # board buttons
    prefix: str  # of the screenshot names
    clause: str  # prefix of the game's clause ids
    card: bool = False  # a 'play ...' card button is pressed before a piece is clicked


LEADERS = Tour(REPO / "notebooks" / "leaders_tour.ipynb", "leaders", 37, "lab", "LEAD-")
BATTLE_ROYALE = Tour(REPO / "notebooks" / "battle_royale_tour.ipynb", "battle_royale", 25, "br-lab", "BR-",
                     card=True)
MARABUNTA = Tour(REPO / "notebooks" / "marabunta_tour.ipynb", "marabunta", 84, "mara-lab", "MARA-")
#: Not a tour: a cell per game that ends with a State, which the notebook draws as a picture.
STATE_FACES = Tour(REPO / "tests" / "data" / "state_faces.ipynb", "leaders", 0, "faces", "")

SERVER_START_TIMEOUT = 90  # s, until /api/status answers
RUN_ALL_TIMEOUT = 240  # s, for every cell of the tour to finish
UI_TIMEOUT = 60  # s, at most, for one click to show in the page (a busy 2-core machine running the suite on both cores)

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


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A JupyterLab server on 127.0.0.1 over an empty temp folder, shared by this module's
    tests (started once: each test copies its notebook in, and its kernels are shut down after
    it, see :func:`lab`)."""
    home = tmp_path_factory.mktemp("jupyter")
    dirs = {name: home / name for name in ("config", "runtime", "data", "settings",
                                          "workspaces", "app-settings")}
    for d in dirs.values():
        d.mkdir(parents=True)
    (dirs["config"] / "jupyter_server_config.json").write_text(json.dumps(SERVER_CONFIG))
    (dirs["app-settings"] / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES))
    root = home / "nb"
    root.mkdir()

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
    log_path = home / "jupyterlab.log"
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
        yield {"base": base, "token": token, "root": root, "log": log_path, "proc": proc}
    finally:
        _kill_group(proc, dirs["runtime"])


def _shut_down_sessions(server: dict[str, Any]) -> None:
    """Shut down every session (and its kernel) of ``server`` through its REST API."""
    url = f"{server['base']}/api/sessions?token={server['token']}"
    with urllib.request.urlopen(url, timeout=10) as r:
        sessions = json.loads(r.read())
    for session in sessions:
        req = urllib.request.Request(f"{server['base']}/api/sessions/{session['id']}?token={server['token']}",
                                     method="DELETE")
        with urllib.request.urlopen(req, timeout=30):
            pass


@pytest.fixture
def lab(request: pytest.FixtureRequest, lab_server: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The module's JupyterLab server serving a temp copy of a tour notebook (the Leaders
    tour, or the Tour given with ``parametrize("lab", [...], indirect=True)``); the notebook's
    kernel is shut down after the test."""
    tour: Tour = getattr(request, "param", LEADERS)
    root = lab_server["root"]
    shutil.copy2(tour.notebook, root / tour.notebook.name)
    base, token = lab_server["base"], lab_server["token"]
    try:
        yield {"base": base, "token": token, "root": root, "log": lab_server["log"], "tour": tour,
               "url": f"{base}/lab/tree/{tour.notebook.name}?token={token}&reset"}
    finally:
        if lab_server["proc"].poll() is None:
            _shut_down_sessions(lab_server)


# --------------------------------------------------------------------------- page helpers

_HEX = re.compile(r"#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})", re.IGNORECASE)


def _rgb(hex_colour: str) -> str:
    """``#9be28f`` -> ``rgb(155, 226, 143)`` (how computed styles report colours)."""
    m = _HEX.fullmatch(hex_colour)
    assert m, hex_colour
    return "rgb({}, {}, {})".format(*(int(g, 16) for g in m.groups()))


HIGHLIGHT_RGB, SELECTED_RGB = _rgb(HIGHLIGHT_FILL), _rgb(SELECTED_STROKE)

#: Board buttons: cell name (from the tooltip), label, background colour.
_CELLS_JS = """buttons => buttons.map(b => ({
    name: (b.getAttribute('title') || '').split(':')[0].trim(),
    label: b.textContent.trim(),
    bg: getComputedStyle(b).backgroundColor,
}))"""


def _widget_area(page: Any) -> Any:
    """The output area that holds the first board widget of the notebook."""
    return page.locator(".jp-OutputArea-output").filter(has=page.locator("button.boardkit-cell")).first


def _board(page: Any) -> dict[str, dict[str, str]]:
    cells = _widget_area(page).locator("button.boardkit-cell").evaluate_all(_CELLS_JS)
    return {c["name"]: c for c in cells}


def _labels(page: Any) -> dict[str, str]:
    return {n: c["label"] for n, c in _board(page).items()}


def _highlighted(page: Any) -> set[str]:
    return {n for n, c in _board(page).items() if c["bg"] == HIGHLIGHT_RGB}


def _selected(page: Any) -> set[str]:
    return {n for n, c in _board(page).items() if c["bg"] == SELECTED_RGB}


def _cell(page: Any, name: str) -> Any:
    """The board button of cell ``name`` (tooltip ``name`` or ``name: ...``)."""
    return _widget_area(page).locator(f"button.boardkit-cell[title='{name}'], button.boardkit-cell[title^='{name}:']")


def _press(page: Any, label: str) -> None:
    """Press the board's non-cell button labelled ``label`` (``play 2x2``, ``done``...)."""
    _widget_area(page).get_by_role("button", name=label, exact=True).click()


def _tracebacks(page: Any) -> list[str]:
    """Texts of the error outputs in the notebook (Lab renders them as stderr)."""
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    return [t for t in errors.all_inner_texts() if "Traceback" in t or "Error" in t]


#: Notices JupyterLab shows in place of the outputs the server dropped: a cell sent more
#: IOPub messages (widget updates...) or bytes than the server's rate limits allow.
_DROPPED = ("IOPub message rate exceeded", "IOPub data rate exceeded")


def _dropped(page: Any) -> list[str]:
    """Texts of the outputs that say the server dropped outputs (the rate-limit notices)."""
    return [t for t in page.locator(".jp-OutputArea-output").all_inner_texts() if any(d in t for d in _DROPPED)]


def _kernel_idle(page: Any) -> bool:
    """A Python kernel is attached to the notebook and idle (toolbar name and indicator)."""
    name = page.locator(".jp-NotebookPanel-toolbar .jp-KernelName").inner_text(timeout=2000)
    status = page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator")
    return "Python" in name and status.get_attribute("data-status", timeout=2000) == "idle"


def _log(page: Any) -> list[str]:
    """The board's action log as shown (the widget's only ordered list)."""
    return [t.strip() for t in _widget_area(page).locator("ol li").all_inner_texts()]


def _mirror(tour: Tour, log: list[str]) -> BoardWidget:
    """A kernel-less board in the state the page's log leads to."""
    errors = []
    for options in ({"first_player": 0}, {"first_player": 1}, {}):
        state = boardkit.load_game(tour.game, **options).new_initial_state()
        try:
            for action in log:
                state.apply_action(action)
        except Exception as exc:  # noqa: BLE001 - try the next set of options
            errors.append(f"{options}: {exc}")
            continue
        return board_widget(state)
    raise AssertionError(f"the page's log {log} does not replay: {errors}")


def _expected_labels(board: BoardWidget) -> dict[str, str]:
    return {name: b.description for name, b in board.cell_buttons.items()}


def _replayed(tour: Tour, log: list[str], clicks: list[str]) -> BoardWidget:
    board = _mirror(tour, log)
    for cell in clicks:
        board.click(cell)
    return board


@contextlib.contextmanager
def _lab_page(browser: Any, lab: dict[str, Any], artifacts: Path) -> Iterator[tuple[Any, Callable[..., None]]]:
    """A chromium page on the lab's notebook, every cell run (Run > Run All Cells), and
    ``shot(name, locator=page)`` saving ``<prefix>-<name>.png``; on leaving: no JavaScript
    error and no request off 127.0.0.1."""
    tour: Tour = lab["tour"]
    for old in artifacts.glob(f"{tour.prefix}-*.png"):
        old.unlink()
    nb = json.loads(tour.notebook.read_text(encoding="utf-8"))
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

    def shot(name: str, what: Any = None) -> None:
        (what or page).screenshot(path=str(artifacts / f"{tour.prefix}-{name}.png"))

    try:
        page.goto(lab["url"], wait_until="domcontentloaded", timeout=60_000)
        # The notebook is open and its kernel is idle.
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=60_000)
        # A notebook that names no kernel (jupytext strips the metadata): Lab asks, with
        # "Python 3 (ipykernel)" preselected, as it asks a user.
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
            dropped = _dropped(page)
            assert not dropped, f"JupyterLab dropped outputs of a cell (default server limits): {dropped[0][:400]}"
            prompts = page.locator(".jp-CodeCell .jp-InputArea-prompt").all_inner_texts()
            done = [p for p in prompts if re.fullmatch(r"\[\d+\]:", p.strip())]
            return len(prompts) == n_code and len(done) == n_code

        try:
            _wait(all_ran, RUN_ALL_TIMEOUT, f"the {n_code} code cells to run", interval=0.5)
            _wait(lambda: _kernel_idle(page), UI_TIMEOUT, "the kernel to be idle")
        finally:
            shot("1-run-all")
        assert not _tracebacks(page) and not _dropped(page)
        yield page, shot
        assert not console_errors, f"JavaScript errors in the page: {console_errors[:3]}"
        assert not offsite, f"the page tried to reach the network: {sorted(set(offsite))[:5]}"
    except BaseException:
        with contextlib.suppress(Exception):  # keep the original error
            shot("failure")
        raise
    finally:
        context.close()


def _advance(page: Any, tour: Tour, ready: Callable[[BoardWidget], bool], max_steps: int = 12) -> list[str]:
    """Use the page's buttons until ``ready(mirror)``: 'Roll until decision' at a chance node,
    else the first legal action (by notation: its cells clicked, or its button pressed).

    Returns:
        The page's log then."""
    for _ in range(max_steps):
        log = _log(page)
        mirror = _mirror(tour, log)
        ctl = mirror.controller
        if ready(mirror):
            return log
        assert not ctl.state.is_terminal(), f"the game ended before a decision: {log}"
        if ctl.state.is_chance_node():
            _press(page, ROLL_ALL_LABEL)
            def rolled(log: list[str] = log) -> bool:
                new = _log(page)
                return len(new) > len(log) and not _mirror(tour, new).controller.state.is_chance_node()

            _wait(rolled, UI_TIMEOUT, "the draws to be logged")
            continue
        action = min(ctl.state.legal_actions(), key=str)
        for cell in action.cells:
            _cell(page, cell).click()
        result = _replayed(tour, log, list(action.cells)).controller.last_result if action.cells else None
        if result is None or result.status == "pending":
            _press(page, str(action))
        def logged(played: list[str] = log + [str(action)]) -> bool:
            return _log(page) == played

        _wait(logged, UI_TIMEOUT, f"{action} to be logged")
    raise AssertionError(f"no decision reached in {max_steps} steps: {_log(page)}")


def _moves(tour: Tour, log: list[str], piece: str, own: str | None) -> bool:
    """Clicking ``piece`` plays an action (of a figure of colour ``own``, if given) that
    leaves targets to click."""
    after = _replayed(tour, log, [piece])
    r = after.controller.last_result
    return (r is not None and r.status == "applied" and r.action is not None
            and own in (None, r.action.choice) and bool(after.controller.highlights()))


def _check_piece_move(page: Any, tour: Tour, shot: Callable[..., None]) -> None:
    """Steps 2-4 of the module doc on the board of ``page``, which is at a decision."""
    area = _widget_area(page)
    log1 = _log(page)
    base = _mirror(tour, log1)
    assert not base.controller.state.is_chance_node() and not base.controller.state.is_terminal()
    assert _labels(page) == _expected_labels(base)
    assert _highlighted(page) == set(base.controller.highlights())  # the selectable pieces
    own = colour_of_player(base.controller.state.current_player()) if tour.card else None

    # Choose, with the kernel-less board, a piece of the mover whose click plays an action
    # and leaves targets, an enabled cell that is not a target (illegal, with a clause) and a
    # target whose click plays an action.
    piece = next(c for c in sorted(base.controller.highlights()) if _moves(tour, log1, c, own))
    after_piece = _replayed(tour, log1, [piece])
    targets = set(after_piece.controller.highlights())
    illegal = next(c for c, b in after_piece.cell_buttons.items() if c not in targets | {piece} and not b.disabled
                   and (r := _replayed(tour, log1, [piece, c]).controller.last_result) is not None
                   and r.status == "illegal" and (r.clause or "").startswith(tour.clause))
    after_illegal = _replayed(tour, log1, [piece, illegal])
    refusal = after_illegal.controller.message
    target = next(c for c in sorted(targets)
                  if (r := _replayed(tour, log1, [piece, illegal, c]).controller.last_result)
                  is not None and r.status == "applied")
    after_move = _replayed(tour, log1, [piece, illegal, target])
    selected = after_piece.selected_cells(after_piece.controller.state.observation(None))
    assert piece in selected

    # -- 2. click a piece: its targets are highlighted in the page
    _cell(page, piece).click()
    _wait(lambda: _selected(page) == selected, UI_TIMEOUT, f"{sorted(selected)} to show as selected")
    _wait(lambda: _highlighted(page) == targets, UI_TIMEOUT, f"targets {sorted(targets)} to be highlighted")
    shot("2-piece-selected")

    # -- 3. click a cell that is not a target: the clause and reason show in the page
    clause = after_illegal.controller.last_result.clause  # type: ignore[union-attr]
    assert refusal and clause and clause.startswith(tour.clause) and clause in refusal
    _cell(page, illegal).click()
    _wait(lambda: refusal in area.inner_text(), UI_TIMEOUT, f"the refusal {refusal!r}")
    shot("3-illegal-click")
    assert _highlighted(page) == targets and _selected(page) == selected  # selection kept
    assert _log(page) == log1 + after_piece.controller.log()  # the piece's action: nothing more played

    # -- 4. click a highlighted target: the move is played in the page
    _cell(page, target).click()
    played = log1 + after_move.controller.log()
    _wait(lambda: _log(page) == played, UI_TIMEOUT, f"the log to become {played}")
    labels = _labels(page)
    assert labels == _expected_labels(after_move)
    assert labels[piece] != _expected_labels(base)[piece]  # the piece left its cell
    assert _highlighted(page) == set(after_move.controller.highlights())
    shot("4-board-after-move", area)
    shot("4-after-move")


def _check_board_rendered(page: Any, tour: Any) -> None:
    """The live board shows all its cell buttons, labelled as a board driven in Python from
    the page's own log would label them."""
    _widget_area(page).scroll_into_view_if_needed()
    _wait(lambda: len(_board(page)) == tour.n_cells, UI_TIMEOUT, f"the {tour.n_cells} board buttons")
    log0 = _log(page)
    assert log0, "the board's log is empty: the scripted clicks did not run"
    assert _labels(page) == _expected_labels(_mirror(tour, log0))


# --------------------------------------------------------------------------- the tests


def test_leaders_tour_board_in_jupyterlab(browser: Any, lab: dict[str, Any], artifacts: Path) -> None:
    tour = lab["tour"]
    with _lab_page(browser, lab, artifacts) as (page, shot):
        _check_board_rendered(page, tour)  # 37 buttons, pieces labelled
        # -- 1. resolve the pending draw with the page's 'Roll until decision'
        _advance(page, tour, lambda m: not m.controller.state.is_chance_node())
        _check_piece_move(page, tour, shot)


@pytest.mark.parametrize("lab", [BATTLE_ROYALE], indirect=True, ids=["battle_royale"])
def test_battle_royale_tour_board_in_jupyterlab(browser: Any, lab: dict[str, Any], artifacts: Path) -> None:
    tour = lab["tour"]
    with _lab_page(browser, lab, artifacts) as (page, shot):
        _check_board_rendered(page, tour)  # 25 buttons, tiles labelled with figure counts

        # -- 1. on to a decision where a card can be played; play the first card whose
        # figures include one of the mover's that can step (checked on the kernel-less board)
        def plays(m: BoardWidget) -> list[str]:
            return sorted(str(a) for a in m.controller.button_actions() if str(a).startswith("play "))

        log1 = _advance(page, tour, lambda m: bool(plays(m)))
        mirror = _mirror(tour, log1)
        own = colour_of_player(mirror.controller.state.current_player())

        card = next(c for c in plays(mirror) if any(_moves(tour, log1 + [c], t, own)
                                                    for t in _mirror(tour, log1 + [c]).controller.highlights()))
        _press(page, card)
        _wait(lambda: _log(page) == log1 + [card], UI_TIMEOUT, f"{card!r} to be logged")
        _wait(lambda: _highlighted(page) == set(_mirror(tour, log1 + [card]).controller.highlights()),
              UI_TIMEOUT, "the tiles of figures that may move to be highlighted")
        _check_piece_move(page, tour, shot)


# --------------------------------------------------------------------------- Marabunta

#: The log's items up to the current state: after '◀ Back' the rest of the line is greyed
#: (a ``span``), the current action bold.
_PLAYED_JS = "items => items.filter(li => !li.querySelector('span')).map(li => li.textContent.trim())"
_NUMBERS = ("0", "1", "2", "3")


def _played(page: Any) -> list[str]:
    """The actions from the start to the board's current state (the log without the greyed
    actions that 'Forward' replays)."""
    return _widget_area(page).locator("ol li").evaluate_all(_PLAYED_JS)


def _use_selector(page: Any) -> Any:
    """The 'Use:' toggle buttons of the element in use (shown while a pool is carried out)."""
    return _widget_area(page).locator(".widget-toggle-buttons").filter(
        has=page.locator(".widget-label", has_text="Use:"))


def _in_use(page: Any) -> str:
    """The label of the element in use, as the page shows it ('any' for none)."""
    return _use_selector(page).locator("button.mod-active").inner_text(timeout=2000).strip()


def _split_toggle(page: Any, board: Any, element: str) -> Any:
    """The split toggle of ``element`` (a die colour or ``tile``), found by its label on the
    kernel-less ``board`` (``yellow 2``, ``purple ○``, ``tile zeros2``)."""
    return _widget_area(page).get_by_role("button", name=board.split_toggles[element].description, exact=True)


def _toggled(page: Any, board: Any) -> set[str]:
    """The elements whose split toggle is on in the page."""
    return {e for e in board.split_toggles
            if "mod-active" in (_split_toggle(page, board, e).get_attribute("class") or "")}


def _territory_highlights(page: Any) -> set[str]:
    """Fields outlined as legal targets in the territory SVG under the board."""
    return set(_widget_area(page).locator("svg.boardkit-marabunta g.field[data-highlight='1']").evaluate_all(
        "gs => gs.map(g => g.getAttribute('data-field'))"))


def _mara_board(log: list[str], element: str = "", clicks: tuple[str, ...] = ()) -> Any:
    """A kernel-less Marabunta board after ``log``, ``element`` in use and ``clicks`` made."""
    board = _mirror(MARABUNTA, log)
    if element:
        board.controller.select_element(element)
    for cell in clicks:
        board.click(cell)
    return board


def _use(page: Any, log: list[str], element: str, shot: Callable[..., None], name: str) -> tuple[Any, set[str]]:
    """Pick ``element`` with the page's 'Use' selector; wait until its fields are highlighted
    (buttons and SVG). Returns the kernel-less board with it in use and the highlights."""
    board = _mara_board(log, element)
    label = dict((k, lab) for lab, k in board.controller.elements())[element]
    _use_selector(page).get_by_role("button", name=label, exact=True).click()
    targets = set(board.controller.highlights())
    assert targets, f"{label} has no legal field"
    _wait(lambda: _in_use(page) == label, UI_TIMEOUT, f"{label!r} to be in use")
    # buttons, then the message ('using teal 2: click a highlighted field (14)') and the SVG
    _wait(lambda: _highlighted(page) == targets and board.controller.message in _widget_area(page).inner_text()
          and _territory_highlights(page) == targets, UI_TIMEOUT, f"the fields of {label} to be highlighted")
    shot(name)
    return board, targets


def _refused(page: Any, log: list[str], element: str, field: str, clause: str, shot: Callable[..., None],
             name: str) -> None:
    """Click ``field`` with ``element`` in use: the page shows the same refusal as the
    kernel-less board, naming ``clause``; nothing is played and the highlights stay."""
    board = _mara_board(log, element, (field,))
    result = board.controller.last_result
    assert result is not None and result.status == "illegal" and result.clause == clause, result
    refusal = board.controller.message
    assert f"[{clause}]" in refusal, refusal
    # A refused click changes nothing, so it may be given again: on a busy machine a click that
    # lands while the board is still redrawing from the 'Use' selection can be lost, or its
    # message overwritten by that redraw (seen under pytest-xdist); three tries at most.
    for attempt in range(3):
        _cell(page, field).click()
        try:
            _wait(lambda: refusal in _widget_area(page).inner_text(), UI_TIMEOUT / 3, f"the refusal {refusal!r}")
            break
        except AssertionError:
            if attempt == 2:
                raise
    shot(name)
    assert _played(page) == log
    assert _highlighted(page) == set(board.controller.highlights())


@pytest.mark.parametrize("lab", [MARABUNTA], indirect=True, ids=["marabunta"])
def test_marabunta_tour_board_in_jupyterlab(browser: Any, lab: dict[str, Any], artifacts: Path) -> None:
    tour = lab["tour"]
    with _lab_page(browser, lab, artifacts) as (page, shot):
        area = _widget_area(page)
        # -- 1. the board as the notebook leaves it: red carries out its pool, an element in use
        _check_board_rendered(page, tour)  # 84 fields, labelled as a board replaying the page's log
        log0 = _log(page)
        assert _played(page) == log0
        base = _mirror(tour, log0)
        assert base.controller.state.observation(None)["phase"] == "pool"
        in_use = dict(base.controller.elements())[_wait(lambda: _in_use(page), UI_TIMEOUT, "the element in use")]
        base.controller.select_element(in_use)
        targets = set(base.controller.highlights())
        assert targets and _highlighted(page) == targets
        _wait(lambda: _territory_highlights(page) == targets, UI_TIMEOUT, "the SVG to outline the same fields")
        assert area.locator("svg.boardkit-marabunta g.field").count() == 84
        shot("1-pool")

        # -- 2. '◀ Back' to the split; the line stays (greyed) for 'Forward'
        k = next(i for i, a in enumerate(log0) if a.startswith("split "))
        for n in range(len(log0) - 1, k - 1, -1):
            _press(page, BACK_LABEL)
            _wait(lambda n=n: len(_played(page)) == n, UI_TIMEOUT, f"'Back' to move {n}")
        log1 = log0[:k]
        assert _played(page) == log1 and _log(page) == log0
        at_split = _mirror(tour, log1)
        dice = at_split.controller.state.observation(None)["dice"]
        assert at_split.controller.state.observation(None)["phase"] == "split"
        for e in at_split.split_toggles:  # 'yellow 2', 'orange ○', ..., 'tile zeros2'; dice in their colour
            toggle = _split_toggle(page, at_split, e)
            toggle.wait_for(state="visible")
            assert "widget-toggle-button" in (toggle.get_attribute("class") or "")
            if e in REGION_STROKE:
                assert toggle.evaluate("b => getComputedStyle(b).color") == _rgb(REGION_STROKE[e]), e
        assert not _toggled(page, at_split)
        assert _labels(page) == _expected_labels(at_split) and not _highlighted(page)
        shot("2-split")

        # -- 3. the split: all seven elements in one pool are refused (MARA-3.2); then the dice
        # that show a number are toggled off, split off from the tile, and the chooser takes them
        for e in at_split.split_toggles:
            _split_toggle(page, at_split, e).click()
            _wait(lambda e=e: e in _toggled(page, at_split), UI_TIMEOUT, f"the {e} toggle to be on")
            at_split.split_toggles[e].value = True
        at_split.press(SPLIT_LABEL)
        refusal = at_split.controller.message
        assert at_split.controller.last_result.clause == "MARA-3.2", refusal  # type: ignore[union-attr]
        _press(page, SPLIT_LABEL)
        _wait(lambda: refusal in area.inner_text(), UI_TIMEOUT, f"the refusal {refusal!r}")
        assert _played(page) == log1
        shot("3-split-refused")

        numbers = [c for c, face in dice.items() if face in _NUMBERS]
        assert len(numbers) >= 2, f"the notebook's roll {dice} has fewer than two numbers for this test"
        for e in numbers:
            _split_toggle(page, at_split, e).click()
            _wait(lambda e=e: e not in _toggled(page, at_split), UI_TIMEOUT, f"the {e} toggle to be off")
            at_split.split_toggles[e].value = False
        assert _toggled(page, at_split) == {e for e, t in at_split.split_toggles.items() if t.value}
        _wait(lambda: f"other pool: {' '.join(numbers)}" in area.inner_text(), UI_TIMEOUT, "the split preview")
        split = at_split.split_text()  # 'split yellow orange purple tile'
        _press(page, SPLIT_LABEL)
        _wait(lambda: _played(page) == log1 + [split], UI_TIMEOUT, f"{split!r} to be logged")
        takes = sorted(str(a) for a in _mirror(tour, log1 + [split]).controller.button_actions())
        assert len(takes) == 2 and all(t.startswith("take ") for t in takes), takes
        for t in takes:
            area.get_by_role("button", name=t, exact=True).wait_for(state="visible")
        take = f"take {' '.join(numbers)}"
        assert take in takes, takes
        shot("3-split")
        _press(page, take)
        log2 = log1 + [split, take]
        _wait(lambda: _played(page) == log2, UI_TIMEOUT, f"{take!r} to be logged")
        assert _log(page) == log2  # a new line ...
        assert area.locator(".widget-dropdown select option").count() == 2  # ... next to the first

        # -- 4. the chooser uses a die: a field of another region is refused (MARA-4.3), a
        # highlighted field takes the number
        chooser = _mirror(tour, log2).controller.state.current_player()
        first, second = numbers[:2]
        board, targets = _use(page, log2, first, shot, "4-use")
        region = {f: d["region"] for f, d in board.controller.game.territory().items()}
        illegal = next(f for f in board.cell_buttons if region[f] != first and f not in targets)
        _refused(page, log2, first, illegal, "MARA-4.3", shot, "4-other-region")
        target = next(f for f in sorted(targets)
                      if (r := _mara_board(log2, first, (f,)).controller.last_result) is not None and r.status == "applied")
        after = _mara_board(log2, first, (target,))
        log3 = log2 + after.controller.log()  # the kernel-less board starts after log2
        _cell(page, target).click()
        _wait(lambda: _played(page) == log3, UI_TIMEOUT, f"{log3[-1]!r} to be logged")
        labels = _labels(page)
        assert labels == _expected_labels(after)
        assert labels[target].startswith(dice[first])  # the number is written on the field ...
        colour = _cell(page, target).evaluate("b => getComputedStyle(b).color")
        assert colour == _rgb(PLAYER_COLOURS[("red", "blue")[chooser]])  # ... in the chooser's colour
        number = area.locator(f"svg.boardkit-marabunta g.field[data-field='{target}'] text.number")
        _wait(lambda: number.count() and number.text_content() == dice[first], UI_TIMEOUT,
              f"the territory SVG to show {dice[first]} on {target}")  # and in the territory SVG
        assert _highlighted(page) == set(after.controller.highlights())
        shot("4-written", area)

        # -- 5. the next die on the field just written: refused (MARA-1.2)
        _use(page, log3, second, shot, "5-use")
        _refused(page, log3, second, target, "MARA-1.2", shot, "5-taken-field")
        shot("5-after", area)


@pytest.mark.parametrize("lab", [STATE_FACES], indirect=True, ids=["state_faces"])
def test_a_state_in_a_cell_shows_as_a_picture_in_jupyterlab(browser: Any, lab: dict[str, Any], artifacts: Path) -> None:
    """A cell ending with a State shows its picture: for each of the games, the output holds
    a ``boardkit-state`` block of that game with a visible SVG and the repr as caption."""
    with _lab_page(browser, lab, artifacts) as (page, shot):
        for name in boardkit.list_games():
            block = page.locator(f'.jp-OutputArea-output .boardkit-state[data-game="{name}"]')
            assert block.count() == 1, f"{name}: no picture in the output"
            svg = block.locator("svg").first
            box = svg.bounding_box()
            assert box is not None and box["width"] > 50 and box["height"] > 50, f"{name}: the SVG is not drawn: {box}"
            caption = block.locator(".boardkit-state-caption").inner_text()
            assert caption.startswith(f"{name} state: 12 actions, "), caption
            shot(name, block)

