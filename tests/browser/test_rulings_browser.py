"""The rulings book's HTML report (notebooks/rulings_book.ipynb, every game), opened from disk in
chromium with no network: its contents list links every ruling, each ruling has its board
picture, no reading is marked failed except the notebook's deliberately wrong example, and the
page makes no request off the machine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_report_browser import _build, _offline_page

from boardkit import rulings

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]


def test_rulings_book_report_renders_offline_with_pictures(browser: Any, artifacts: Path,
                                                           tmp_path_factory: pytest.TempPathFactory) -> None:
    page_path = _build([REPO / "notebooks" / "rulings_book.ipynb"], tmp_path_factory.mktemp("rulings"))["rulings_book"]
    n = sum(len(rulings.load(g)) for g in rulings.books())
    for old in artifacts.glob("rulings-*.png"):
        old.unlink()
    with _offline_page(browser, page_path) as page:
        links = page.locator(".rulings ol a")
        assert links.count() == n  # one contents entry per ruling of every book
        entries = page.locator(".rulings .ruling")
        assert entries.count() == n + 1  # and the deliberately wrong example
        with_picture = page.evaluate("""() => Array.from(document.querySelectorAll('.rulings .ruling'))
            .filter(r => r.querySelector('.pictures svg')).length""")
        assert with_picture == n + 1
        assert page.locator(".rulings tr.failed").count() == 1  # only the deliberately wrong one
        first = entries.first
        first.scroll_into_view_if_needed()
        assert first.locator("svg").first.is_visible()
        first.screenshot(path=str(artifacts / "rulings-first-entry.png"))
        page.locator(".rulings tr.failed").first.screenshot(path=str(artifacts / "rulings-failed-row.png"))
