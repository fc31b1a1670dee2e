"""Shared set-up of the real-browser tests: Python playwright driving Debian's chromium.

The tests skip (with the reason) only when the ``playwright`` package or a chromium binary
cannot be found; ``playwright install`` is never used (it downloads browsers). The browser
path is ``$BOARDKIT_CHROMIUM``, else ``/usr/bin/chromium``, else ``chromium`` on PATH.
Screenshots go to ``test-artifacts/browser/`` at the repository root (git ignores it).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "browser"

#: Flags for a headless, offline-friendly chromium (see shared ecosystem notes).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def find_chromium() -> str | None:
    """Path of the chromium executable, or None."""
    env = os.environ.get("BOARDKIT_CHROMIUM")
    if env:
        return env if os.access(env, os.X_OK) else None
    for cand in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if cand and os.access(cand, os.X_OK):
            return cand
    return None


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        pytest.skip("chromium not found (looked at $BOARDKIT_CHROMIUM, /usr/bin/chromium and PATH): "
                    "install Debian's chromium (`apt-get install -y chromium`) to run the browser tests")
    return path


@pytest.fixture
def browser(chromium_path: str) -> Iterator[object]:
    """A headless chromium launched by playwright, closed after the test.

    Function-scoped on purpose: playwright's sync API keeps an asyncio loop for as long as it
    runs, which must not overlap the other tests' notebook executions (nbclient, asyncio)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the Python package `playwright` is not installed: it comes with the dev "
                    "extra (`pip install -e '.[dev]'`); never run `playwright install`")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS,
                               timeout=60_000)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
