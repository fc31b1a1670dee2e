"""Static images of plotly figures with kaleido and the system Chromium (boardkit.viz.export)."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardkit
from boardkit.viz import export
from boardkit.viz.export import ExportError, find_chromium, write_image

pytest.importorskip("plotly")


def _chromium_or_skip() -> str:
    browser = find_chromium()
    if browser is None:
        pytest.skip("no Chromium: install it (Debian: apt-get install chromium) or set BROWSER_PATH; "
                    "CI installs Debian's chromium")
    pytest.importorskip("kaleido", reason="kaleido >= 1 is in the notebook extra: pip install -e '.[notebook]'")
    return browser


@pytest.fixture(scope="module")
def figure():
    from boardkit.viz.leaders import hex_figure

    state = boardkit.load_game("leaders").state_from_position(
        {"pieces": {0: "King d1, Archer c3", 1: "Queen d7"}, "market": ["Rider", "Vizier", "Jailer"]})
    return hex_figure(state, title="Leaders")


def test_write_png_and_svg(figure, tmp_path: Path) -> None:
    _chromium_or_skip()
    png = write_image(figure, tmp_path / "board.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    (tmp_path / "sub").mkdir()  # write_image creates no folder
    svg = write_image(figure, tmp_path / "sub" / "board", format="svg")
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<svg") and "</svg>" in text and "Leaders" in text


def test_unknown_format_is_refused(figure, tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="png, svg"):
        write_image(figure, tmp_path / "board.gif")


def test_missing_chromium_is_named(figure, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BROWSER_PATH", raising=False)
    monkeypatch.setattr(export, "DEFAULT_CHROMIUM", str(tmp_path / "no-chromium"))
    monkeypatch.setenv("PATH", str(tmp_path))
    pytest.importorskip("kaleido")
    with pytest.raises(ExportError, match="no Chromium found.*apt-get install chromium"):
        write_image(figure, tmp_path / "board.png")


def test_wrong_browser_path_is_named(figure, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BROWSER_PATH", str(tmp_path / "nowhere"))
    pytest.importorskip("kaleido")
    with pytest.raises(ExportError, match="BROWSER_PATH=.*nowhere.*not an executable"):
        write_image(figure, tmp_path / "board.svg")
