"""The HTML reports of the tours, opened from disk in chromium with no network.

The reports are built with ``boardkit.tools.report`` into temp folders, then opened as ``file://``
pages. Every request a page makes is recorded (and any to the network is aborted): only
``file:``, ``data:`` and ``blob:`` URLs are allowed.

- leaders_tour: a plotly plot (drawn SVG), the board widget (its buttons, rendered by the
  offline widget manager from the saved state) and the static SVG boards;
- battle_royale_connectivity: its plotly plots (heat maps, a line chart), each drawn;
- battle_royale_tour: the square board widget (25 visible buttons) and an SVG arena (one
  ``rect`` per position). This notebook makes no plotly figure;
- marabunta_tour: its four plotly figures, the static territory SVGs (84 fields each) and the
  live board from its saved state: 84 visible field buttons labelled, highlighted and pictured
  (the widget's own territory SVG) as a board replaying the log the saved widget shows;
- marabunta_split_odds: its four plotly bar charts and the territory SVG of each of the three
  positions studied.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardkit
from boardkit.tools import report
from boardkit.viz.layout import HIGHLIGHT_FILL
from boardkit.viz.widgets import board_widget

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "notebooks" / "leaders_tour.ipynb"
BR_NOTEBOOKS = [REPO / "notebooks" / f"battle_royale_{name}.ipynb" for name in ("tour", "connectivity")]
MARA_NOTEBOOKS = [REPO / "notebooks" / f"marabunta_{name}.ipynb" for name in ("tour", "split_odds")]
LOCAL_SCHEMES = ("file:", "data:", "blob:")
RENDER_TIMEOUT = 60_000  # ms, for require.js + widget manager + plotly to draw


def _record_requests(context: Any) -> tuple[list[str], list[str]]:
    """Record every request of ``context``; abort those that would leave the machine.

    Returns:
        (all request URLs, the non-local ones), filled as the page loads.
    """
    seen: list[str] = []
    remote: list[str] = []

    def on_request(request: Any) -> None:
        seen.append(request.url)
        if not request.url.startswith(LOCAL_SCHEMES):
            remote.append(request.url)

    def guard(route: Any) -> None:
        if route.request.url.startswith(LOCAL_SCHEMES):
            route.continue_()
        else:
            remote.append(route.request.url)
            route.abort()

    context.on("request", on_request)
    context.route("**/*", guard)
    return seen, remote


def test_request_recorder_sees_remote_loads_from_file_pages(browser: Any, tmp_path: Path) -> None:
    """The recorder is not blind: a file:// page asking for a remote script is caught."""
    page_path = tmp_path / "canary.html"
    (tmp_path / "local.js").write_text("window.localLoaded = true;", encoding="utf-8")
    page_path.write_text('<html><body><script src="local.js"></script>'
                         '<script src="http://127.0.0.1:9/remote.js"></script>'
                         '<img src="https://example.invalid/x.png"></body></html>', encoding="utf-8")
    context = browser.new_context()
    try:
        seen, remote = _record_requests(context)
        page = context.new_page()
        page.goto(page_path.as_uri(), wait_until="load", timeout=30_000)
        assert page.evaluate("window.localLoaded") is True
        assert any(u.endswith("/local.js") and u.startswith("file:") for u in seen), seen
        assert "http://127.0.0.1:9/remote.js" in remote
        assert "https://example.invalid/x.png" in remote
    finally:
        context.close()


def _build(notebooks: list[Path], out: Path) -> dict[str, Path]:
    """Build the reports of ``notebooks`` into ``out`` (before any browser starts).

    Returns:
        notebook name -> its report page."""
    cache = report.default_npm_cache()
    if not report.assets_installed(cache) and shutil.which("npm") is None:
        pytest.skip("npm not found: it is needed to fetch the offline report assets "
                    "(widget manager, require.js, MathJax); install npm or run `make assets`")
    results = report.build_reports(notebooks, out, npm_cache=cache, timeout=300, progress=False)
    assert results == {nb.stem: None for nb in notebooks}, results
    pages = {nb.stem: out / f"{nb.stem}.html" for nb in notebooks}
    assert all(p.is_file() for p in pages.values()) and (out / "index.html").is_file()
    return pages


@pytest.fixture(scope="module")
def tour_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """reports/leaders_tour.html built in a temp folder (once for this module's tests)."""
    return _build([NOTEBOOK], tmp_path_factory.mktemp("reports"))["leaders_tour"]


@pytest.fixture(scope="module")
def br_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The reports of both Battle Royale notebooks, built in one temp folder."""
    return _build(BR_NOTEBOOKS, tmp_path_factory.mktemp("br-reports"))


@pytest.fixture(scope="module")
def mara_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The reports of both Marabunta notebooks, built in one temp folder."""
    return _build(MARA_NOTEBOOKS, tmp_path_factory.mktemp("mara-reports"))


@contextlib.contextmanager
def _offline_page(browser: Any, path: Path) -> Iterator[Any]:
    """``path`` opened from disk in a new context; on leaving: nothing but local URLs were
    requested, nothing was sent to the network, and no JavaScript error was raised."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(RENDER_TIMEOUT)
    page_errors: list[str] = []
    try:
        seen, remote = _record_requests(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: page_errors.append(str(exc)))
        page.goto(path.as_uri(), wait_until="load")
        yield page
        assert seen and all(u.startswith(LOCAL_SCHEMES) for u in seen if u not in remote)
        assert not remote, f"the report tried to reach the network: {sorted(set(remote))}"
        assert not page_errors, f"JavaScript errors in the report: {page_errors[:3]}"
    finally:
        context.close()


def _plotly_drawn(page: Any, minimum: int = 1) -> Any:
    """Wait until at least ``minimum`` plotly plots are drawn (their SVG has marks, or the
    heat map image) and check the first is a real size; returns the first plot."""
    plot = page.locator(".js-plotly-plot").first
    plot.wait_for(state="visible")
    page.wait_for_function(
        """n => Array.from(document.querySelectorAll('.js-plotly-plot')).filter(p =>
               p.querySelector('svg.main-svg') &&
               p.querySelectorAll('svg.main-svg path, svg.main-svg rect, svg.main-svg image').length > 0
           ).length >= n""", arg=minimum)
    box = plot.bounding_box()
    assert box and box["width"] > 100 and box["height"] > 100
    plot.scroll_into_view_if_needed()
    return plot


def _cells_visible(page: Any, n: int) -> Any:
    """Wait for the board widget's ``n`` buttons (rendered by the offline widget manager from
    the saved state) and check they are all visible; returns them."""
    page.wait_for_function(f"() => document.querySelectorAll('button.boardkit-cell').length >= {n}")
    cells = page.locator("button.boardkit-cell")
    assert cells.count() == n  # one live board in the tour
    cells.first.scroll_into_view_if_needed()
    assert all(cells.nth(i).is_visible() for i in range(n))
    return cells


def test_tour_report_renders_offline(tour_report: Path, browser: Any, artifacts: Path) -> None:
    for old in artifacts.glob("report-*.png"):
        old.unlink()
    with _offline_page(browser, tour_report) as page:
        # A plotly plot, drawn: its SVG has marks in it.
        _plotly_drawn(page).screenshot(path=str(artifacts / "report-plotly.png"))

        # The board widget, rendered by the offline widget manager from the saved state.
        cells = _cells_visible(page, 37)
        labels = cells.all_inner_texts()
        assert {"Kg", "Qn"} <= {t.strip() for t in labels}, labels  # pieces are labelled
        board = page.locator(".widget-vbox", has=cells.first).first
        board.screenshot(path=str(artifacts / "report-widget-board.png"))

        # The static SVG boards (hex_svg): hexagons drawn as polygons, visible.
        svg = page.locator("svg", has=page.locator("polygon")).first
        svg.scroll_into_view_if_needed()
        assert svg.is_visible()
        n_polygons = page.evaluate("""() => Math.max(...Array.from(document.querySelectorAll('svg'))
            .map(s => s.querySelectorAll('polygon').length))""")
        assert n_polygons >= 37
        svg.screenshot(path=str(artifacts / "report-svg-board.png"))

        page.screenshot(path=str(artifacts / "report-page.png"), full_page=False)


@pytest.mark.parametrize("name", ["battle_royale_tour", "battle_royale_connectivity"])
def test_battle_royale_reports_render_offline(name: str, br_reports: dict[str, Path], browser: Any,
                                              artifacts: Path) -> None:
    prefix = f"br-report-{name.removeprefix('battle_royale_')}"
    for old in artifacts.glob(f"{prefix}-*.png"):
        old.unlink()
    with _offline_page(browser, br_reports[name]) as page:
        if name == "battle_royale_connectivity":
            # Its three plotly figures (two heat maps, the tiles-by-turn lines), drawn.
            _plotly_drawn(page, minimum=3).screenshot(path=str(artifacts / f"{prefix}-plotly.png"))
            assert page.locator(".js-plotly-plot").count() == 3
        else:
            # The square board widget: 25 visible buttons, tiles labelled with figure counts.
            cells = _cells_visible(page, 25)
            assert any("R1 B1" in t for t in cells.all_inner_texts()), cells.all_inner_texts()
            page.locator(".widget-vbox", has=cells.first).first.screenshot(path=str(artifacts / f"{prefix}-widget.png"))
            # An SVG arena (arena_svg): one rect per position of the 5x5 frame, visible.
            n_rects = page.evaluate("""() => Math.max(...Array.from(document.querySelectorAll('svg.boardkit-arena'))
                .map(s => s.querySelectorAll('rect').length))""")
            assert n_rects >= 25
            svg = page.locator("svg.boardkit-arena").first
            svg.scroll_into_view_if_needed()
            assert svg.is_visible()
            svg.screenshot(path=str(artifacts / f"{prefix}-svg.png"))
        page.screenshot(path=str(artifacts / f"{prefix}-page.png"))


def test_report_index_opens_offline_and_links_the_reports(tour_report: Path, browser: Any) -> None:
    """reports/index.html opens from disk, loads nothing remote, and links every report."""
    index = tour_report.parent / "index.html"
    context = browser.new_context()
    try:
        seen, remote = _record_requests(context)
        page = context.new_page()
        page.goto(index.as_uri(), wait_until="load", timeout=30_000)
        hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
        assert "leaders_tour.html" in hrefs, hrefs
        assert all((index.parent / h).is_file() for h in hrefs if not h.startswith(("http:", "https:"))), hrefs
        assert "boardkit" in page.inner_text("body")
        assert not remote, f"the index tried to reach the network: {sorted(set(remote))}"
    finally:
        context.close()


def _marabunta_replay(log: list[str]) -> Any:
    """A Marabunta board (no kernel) in the state the saved widget's log leads to."""
    errors = []
    for options in ({"first_player": 0}, {"first_player": 1}, {}):
        state = boardkit.load_game("marabunta", **options).new_initial_state()
        try:
            for action in log:
                state.apply_action(action)
        except Exception as exc:  # noqa: BLE001 - try the next set of options
            errors.append(f"{options}: {exc}")
            continue
        return board_widget(state)
    raise AssertionError(f"the saved widget's log {log} does not replay: {errors}")


def _territories(page: Any) -> Any:
    """Wait for the territory SVGs (territory_svg) and check each has its 84 fields."""
    page.wait_for_selector("svg.boardkit-marabunta g.field")
    fields = page.evaluate("""() => Array.from(document.querySelectorAll('svg.boardkit-marabunta'))
        .map(s => s.querySelectorAll('g.field polygon').length)""")
    assert fields and set(fields) == {84}, fields
    return page.locator("svg.boardkit-marabunta")


@pytest.mark.parametrize("name", ["marabunta_tour", "marabunta_split_odds"])
def test_marabunta_reports_render_offline(name: str, mara_reports: dict[str, Path], browser: Any,
                                          artifacts: Path) -> None:
    prefix = f"mara-report-{name.removeprefix('marabunta_').replace('_', '-')}"
    for old in artifacts.glob(f"{prefix}-*.png"):
        old.unlink()
    with _offline_page(browser, mara_reports[name]) as page:
        # The plotly figures, drawn (tour: win rates, lengths, scores; split odds: the roll
        # distribution and the 63 splits of each position).
        _plotly_drawn(page, minimum=4).screenshot(path=str(artifacts / f"{prefix}-plotly.png"))
        assert page.locator(".js-plotly-plot").count() == 4

        svgs = _territories(page)
        if name == "marabunta_split_odds":
            # One territory per position studied (opening, midgame, late game); no board widget.
            assert svgs.count() == 3 and page.locator("button.boardkit-cell").count() == 0
        else:
            # The live board, rendered by the offline widget manager from the saved state:
            # labelled, highlighted and pictured as a board replaying the log it shows.
            cells = _cells_visible(page, 84)
            board = page.locator(".widget-vbox", has=cells.first).first
            log = [t.strip() for t in board.locator("ol li").all_inner_texts()]
            assert log, "the saved board shows no log"
            replay = _marabunta_replay(log)
            ctl = replay.controller
            texts = board.locator("button.boardkit-cell").evaluate_all(
                """bs => bs.map(b => [(b.getAttribute('title') || '').split(':')[0].trim(), b.textContent.trim(),
                                       getComputedStyle(b).backgroundColor])""")
            assert {n: t for n, t, _ in texts} == {n: b.description for n, b in replay.cell_buttons.items()}
            use = board.locator(".widget-toggle-buttons", has=page.locator(".widget-label", has_text="Use:"))
            in_use = use.locator("button.mod-active").inner_text().strip()
            ctl.select_element(dict(ctl.elements())[in_use])  # the element the notebook left in use
            green = "rgb({}, {}, {})".format(*(int(HIGHLIGHT_FILL[i:i + 2], 16) for i in (1, 3, 5)))
            highlighted = {n for n, _, bg in texts if bg == green}
            assert highlighted == set(ctl.highlights()) != set()
            assert ctl.message in board.inner_text()  # 'using green 1: click a highlighted field (14)'
            # The widget's own territory SVG: the numbers written, the highlighted fields.
            own = board.locator("svg.boardkit-marabunta")
            assert own.count() == 1 and svgs.count() >= 3  # and the static pictures of the tour
            written = {f for f, v in ctl.state.observation(None)["fields"].items() if v not in (None, "x")}
            assert written and set(own.locator("g.field:has(text.number)").evaluate_all(
                "gs => gs.map(g => g.getAttribute('data-field'))")) == written
            assert set(own.locator("g.field[data-highlight='1']").evaluate_all(
                "gs => gs.map(g => g.getAttribute('data-field'))")) == highlighted
            board.screenshot(path=str(artifacts / f"{prefix}-widget.png"))
        svgs.first.scroll_into_view_if_needed()
        assert all(svgs.nth(i).is_visible() for i in range(svgs.count()))
        svgs.first.screenshot(path=str(artifacts / f"{prefix}-svg.png"))
        page.screenshot(path=str(artifacts / f"{prefix}-page.png"))
