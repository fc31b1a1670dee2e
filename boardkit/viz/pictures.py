"""The pictures a notebook shows for a State: ``state_svg`` of ``boardkit.viz.<game id>``.

``boardkit`` adds :func:`state_picture` as a picture finder of core
(:func:`boardkit.core.face.add_picture_finder`), so evaluating a State in a Jupyter cell draws
it; the game's module is imported only then (it imports neither plotly nor ipywidgets).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable


def state_picture(game_id: str) -> Callable[[Any], str] | None:
    """The function ``state -> SVG text`` of a game: ``state_svg`` of ``boardkit.viz.<game_id>``.

    Args:
        game_id: a registered game id (``"leaders"``).

    Returns:
        The function, or None when there is no such module or it has no ``state_svg``.

    Raises:
        ImportError: the module exists but fails to import (a missing import inside it).
    """
    if not game_id.isidentifier():
        return None
    name = f"boardkit.viz.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):  # no such module
            return None
        raise
    draw = getattr(module, "state_svg", None)
    return draw if callable(draw) else None


__all__ = ["state_picture"]
