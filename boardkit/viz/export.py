"""Static images (PNG, SVG, PDF...) of plotly figures, offline, with the system Chromium.

plotly writes images through kaleido (>= 1), which drives a Chromium browser. boardkit never
downloads one (``kaleido.get_chrome()`` / ``plotly_get_chrome`` need the network): it uses the
browser named by ``$BROWSER_PATH``, else ``/usr/bin/chromium`` (Debian: ``apt-get install
chromium``), else a ``chromium`` / ``chromium-browser`` / ``google-chrome`` on ``PATH``.

Example (about 2-4 s for the first image, as kaleido starts the browser)::

    import boardkit
    from boardkit.viz.leaders import hex_figure
    from boardkit.viz.export import write_image

    state = boardkit.load_game("leaders").new_initial_state()
    write_image(hex_figure(state), "board.svg")      # or board.png; returns the Path
"""

from __future__ import annotations

import math
import os
import shutil
from pathlib import Path
from typing import Any

from boardkit.core.checks import check_output_file, check_whole
from boardkit.core.validate import shorten

#: Formats kaleido writes, by file suffix.
FORMATS = ("png", "svg", "pdf", "jpeg", "webp")
#: Browser used when ``$BROWSER_PATH`` is not set (Debian's chromium package).
DEFAULT_CHROMIUM = "/usr/bin/chromium"
_ON_PATH = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


class ExportError(RuntimeError):
    """An image cannot be written: a missing tool (kaleido, Chromium) or a bad format."""


def find_chromium() -> str | None:
    """The Chromium executable kaleido should use, or None.

    Returns:
        ``$BROWSER_PATH`` if set (even if wrong: :func:`write_image` then says so),
        else ``/usr/bin/chromium`` if it exists, else the first of ``chromium``,
        ``chromium-browser``, ``google-chrome`` found on ``PATH``.
    """
    env = os.environ.get("BROWSER_PATH")
    if env:
        return env
    if os.access(DEFAULT_CHROMIUM, os.X_OK):
        return DEFAULT_CHROMIUM
    for name in _ON_PATH:
        found = shutil.which(name)
        if found:
            return found
    return None


#: The largest image side written, in pixels (width or height times scale): far larger ones
#: come out of Chromium as a few bytes that are no image.
MAX_SIDE = 8192


def _check_size(width: Any, height: Any, scale: Any) -> None:
    """Refuse a width or height that is not a whole number of pixels >= 1, a scale that is not
    a number > 0, or an image side past :data:`MAX_SIDE`, naming the argument."""
    for name, value in (("width", width), ("height", height)):
        if value is not None:
            check_whole(name, value)
    if scale is not None and (isinstance(scale, bool) or not isinstance(scale, (int, float))
                              or not math.isfinite(scale) or scale <= 0):
        raise ValueError(f"scale must be a number > 0, not {shorten(scale)}")
    for name, value in (("width", width), ("height", height)):
        if value is not None and value * (scale or 1) > MAX_SIDE:
            raise ValueError(f"{name}={value}" + (f" at scale={scale}" if scale else "")
                             + f" makes an image side past {MAX_SIDE} pixels (export.MAX_SIDE)")


def _format(path: Path, format: str | None) -> str:
    if format is not None and not isinstance(format, str):
        raise ValueError(f"format: one of {', '.join(FORMATS)} or None, not {shorten(format)}")
    fmt = (format or path.suffix.lstrip(".")).lower()
    fmt = {"jpg": "jpeg"}.get(fmt, fmt)
    if fmt not in FORMATS:
        raise ExportError(f"cannot tell the image format of {str(path)!r} "
                          f"(format={format!r}); use one of {', '.join(FORMATS)}")
    return fmt


def _check_figure(fig: Any) -> None:
    """Refuse anything plotly cannot draw (a Figure, or a figure's dict), naming ``fig``."""
    from plotly.basedatatypes import BaseFigure

    if not isinstance(fig, (BaseFigure, dict)):
        raise ValueError(f"fig: a plotly Figure (or its dict), not {shorten(fig)} ({type(fig).__name__})")


def write_image(fig: Any, path: str | Path, format: str | None = None, *,
                width: int | None = None, height: int | None = None, scale: float | None = None) -> Path:
    """Write a plotly figure as a static image, offline.

    Args:
        fig: a ``plotly.graph_objects.Figure`` (e.g. ``boardkit.viz.leaders.hex_figure(state)``).
        path: the file to write, in an existing folder (none is created: a mistyped folder is
            refused, as ``boardkit simulate --out`` and ``boardkit rulings --html`` refuse it).
        format: ``"png"``, ``"svg"``, ``"pdf"``, ``"jpeg"`` or ``"webp"``; default: the
            suffix of ``path``.
        width, height: size in pixels (default: the figure's layout size).
        scale: multiplies the resolution of bitmaps (e.g. 2 for sharp PNGs).

    Returns:
        The path written.

    Raises:
        ValueError: ``fig`` is not a plotly figure (or its dict); ``width`` or ``height`` not
            a whole number >= 1, ``scale`` not a number > 0, an image side (size times scale)
            past :data:`MAX_SIDE`; ``format`` not text; ``path`` is in a folder that does not
            exist, or is a folder (the message names the argument).
        ExportError: unknown format; kaleido (>= 1) not installed (``pip install -e
            '.[notebook]'``); no Chromium found, or ``$BROWSER_PATH`` does not name an
            executable (the message says which, and how to install it); or kaleido failed.
    """
    _check_figure(fig)
    _check_size(width, height, scale)
    path = check_output_file(path, "path")
    fmt = _format(path, format)
    try:
        import kaleido  # noqa: F401  # plotly needs it; import here for a clear message
    except ImportError:
        raise ExportError("writing images needs kaleido >= 1: pip install 'kaleido>=1' "
                          "(it is in boardkit's notebook extra: pip install -e '.[notebook]')") from None
    browser = find_chromium()
    if browser is None:
        raise ExportError(
            "no Chromium found for kaleido: looked at $BROWSER_PATH (not set), "
            f"{DEFAULT_CHROMIUM} and {', '.join(_ON_PATH)} on PATH. Install it "
            "(Debian/Ubuntu: apt-get install chromium) or set BROWSER_PATH to a Chromium/Chrome "
            "executable. (boardkit never downloads a browser.)"
        )
    if not (os.path.isfile(browser) and os.access(browser, os.X_OK)):
        raise ExportError(f"BROWSER_PATH={browser!r} is not an executable file: point it at "
                          "a Chromium/Chrome executable, or unset it to use " + DEFAULT_CHROMIUM)
    import plotly.io as pio

    old = os.environ.get("BROWSER_PATH")
    os.environ["BROWSER_PATH"] = browser  # kaleido/choreographer read it
    try:
        for attempt in (1, 2):
            try:
                pio.write_image(fig, path, format=fmt, width=width, height=height, scale=scale)
                break
            except Exception as exc:  # kaleido reports browser trouble with its own exception types
                # On a busy machine Chromium may answer before kaleido's page script has loaded
                # ("kaleido_scopes is not defined"): a fresh browser the second time does it.
                if attempt == 1 and "kaleido_scopes" in str(exc):
                    continue
                raise ExportError(f"kaleido could not write {path} with {browser}: "
                                  f"{type(exc).__name__}: {exc}") from exc
    finally:
        if old is None:
            os.environ.pop("BROWSER_PATH", None)
        else:
            os.environ["BROWSER_PATH"] = old
    return path


__all__ = ["ExportError", "FORMATS", "find_chromium", "write_image"]
