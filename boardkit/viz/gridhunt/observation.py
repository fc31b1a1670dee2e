"""Checks of the observations the gridhunt pictures draw (:mod:`boardkit.viz.gridhunt`): the
GM's truth (``observation(None)``: ``cells``, ``know``) or a seat's view (``observation(seat)``:
``you``), a hand-made one compared with the game's own observations
(:func:`boardkit.viz.layout.check_observation`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from boardkit.core.checks import check_whole
from boardkit.core.state import State
from boardkit.core.validate import shorten
from boardkit.viz.layout import check_observation


def is_truth(obs: dict[str, Any]) -> bool:
    """True for the GM's truth (``observation(None)``), False for a seat's view."""
    return "know" in obs and "cells" in obs


def check_grid_observation(obs: Any, name: str, arg: str = "obs") -> int:
    """The grid's size of a gridhunt observation ``obs``: the truth (``observation(None)``)
    or a seat's view (``observation(seat)``).

    Args:
        obs: the value to check.
        name: the picture's name (``"grid_svg"``), for the message.
        arg: its argument's name, for the message.

    Returns:
        The grid's size (1 .. 26).

    Raises:
        ValueError: naming ``name`` or ``arg``: ``obs`` is no dict (a State: the message says
            how to draw it), has no whole ``size`` 1 .. 26, has neither the truth's ``cells``
            and ``know`` nor a seat's ``you`` (a public observation), or has an entry of
            another kind than the game's own observations have there
            (:func:`boardkit.viz.layout.check_observation`).
    """
    if isinstance(obs, State):
        raise ValueError(f"{name}: {arg} is a gridhunt observation, not a State: draw a state with "
                         f"grid_figure(state, seat=0) or {name}(state.observation(0)) (seat=None: the truth)")
    if not isinstance(obs, dict) or "size" not in obs:
        got = "a dict without 'size'" if isinstance(obs, dict) else f"{shorten(obs)} ({type(obs).__name__})"
        raise ValueError(f"{name}: {arg} is a gridhunt observation (state.observation(seat), a dict with the grid's "
                         f"size), not {got}")
    size = check_whole(f"{name}: {arg}['size']", obs["size"], 1, 26)
    if not is_truth(obs) and "you" not in obs:
        raise ValueError(f"{name}: {arg} is the truth (observation(None), with 'cells' and 'know') or a seat's "
                         f"view (observation(seat), with 'you'); this one has neither (a public observation "
                         f"draws no grid)")
    check_observation(obs, _default_game(), arg)
    return size


@lru_cache(maxsize=1)
def _default_game() -> Any:
    import boardkit

    return boardkit.load_game("gridhunt")


__all__ = ["check_grid_observation", "is_truth"]
