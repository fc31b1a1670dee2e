"""The leaders_tour HTML report, opened from disk in chromium with no network.

The report is built with ``boardkit.report`` into a temp folder, then opened as a ``file://``
page. Every request the page makes is recorded (and any to the network is aborted): only
``file:``, ``data:`` and ``blob:`` URLs are allowed. The page must show a plotly plot (drawn
SVG), the board widget (its buttons, rendered by the offline widget manager from the saved
state) and the static SVG boards.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from boardkit import report

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "notebooks" / "leaders_tour.ipynb"
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


@pytest.fixture
def tour_report(tmp_path: Path) -> Path:
    """reports/leaders_tour.html built in a temp folder (before the browser starts)."""
    cache = report.default_npm_cache()
    if not report.assets_installed(cache) and shutil.which("npm") is None:
        pytest.skip("npm not found: it is needed to fetch the offline report assets "
                    "(widget manager, require.js, MathJax); install npm or run `make assets`")
    out = tmp_path / "reports"
    results = report.build_reports([NOTEBOOK], out, npm_cache=cache, timeout=300, progress=False)
    assert results == {"leaders_tour": None}, results
    page = out / "leaders_tour.html"
    assert page.is_file() and (out / "index.html").is_file()
    return page


def test_tour_report_renders_offline(tour_report: Path, browser: Any, artifacts: Path) -> None:
    for old in artifacts.glob("report-*.png"):
        old.unlink()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(RENDER_TIMEOUT)
    page_errors: list[str] = []
    try:
        seen, remote = _record_requests(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: page_errors.append(str(exc)))
        page.goto(tour_report.as_uri(), wait_until="load")

        # A plotly plot, drawn: its SVG has marks in it.
        plot = page.locator(".js-plotly-plot").first
        plot.wait_for(state="visible")
        page.wait_for_function(
            """() => Array.from(document.querySelectorAll('.js-plotly-plot')).some(p =>
                   p.querySelector('svg.main-svg') &&
                   p.querySelectorAll('svg.main-svg path, svg.main-svg rect').length > 0)""")
        box = plot.bounding_box()
        assert box and box["width"] > 100 and box["height"] > 100
        plot.scroll_into_view_if_needed()
        plot.screenshot(path=str(artifacts / "report-plotly.png"))

        # The board widget, rendered by the offline widget manager from the saved state.
        page.wait_for_function("() => document.querySelectorAll('button.boardkit-cell').length >= 37")
        cells = page.locator("button.boardkit-cell")
        assert cells.count() == 37  # one live board in the tour
        cells.first.scroll_into_view_if_needed()
        assert all(cells.nth(i).is_visible() for i in range(cells.count()))
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
        assert seen and all(u.startswith(LOCAL_SCHEMES) for u in seen if u not in remote)
        assert not remote, f"the report tried to reach the network: {sorted(set(remote))}"
        assert not page_errors, f"JavaScript errors in the report: {page_errors[:3]}"
    finally:
        context.close()


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
