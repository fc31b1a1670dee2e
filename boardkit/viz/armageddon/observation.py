"""Checks of what the Armageddon pictures (:mod:`boardkit.viz.armageddon`) read inside a
hand-made observation, past the kinds of its entries
(:func:`boardkit.viz.layout.check_observation`): the chips and their places, the laser and the
mine depot."""

from __future__ import annotations

import re
from typing import Any

from boardkit.core.checks import check_whole
from boardkit.core.validate import shorten

#: Where a chip may be besides a node of the board: left the game (ARMA-3.5) or displaced,
#: waiting for a circle (ARMA-7.2); as the game's own observations write it.
OFF_BOARD = ("out", "pending")
#: The laser's states (ARMA-4.2, ARMA-4.3).
LASER_STATES = ("on", "off")


def chip_list(names: tuple[str, ...]) -> str:
    """The chip names in short: numbered ones of one kind as a span (``red1-4, w1-3, officer``)."""
    spans: dict[str, list[int]] = {}
    for name in names:
        m = re.fullmatch(r"(\D+)(\d+)", name)
        if m:
            spans.setdefault(m.group(1), []).append(int(m.group(2)))
        else:
            spans.setdefault(name, [])
    return ", ".join(f"{k}{min(v)}-{max(v)}" if len(v) > 1 else f"{k}{v[0]}" if v else k for k, v in spans.items())


def check_contents(obs: dict[str, Any], game: Any, arg: str) -> None:
    """Refuse a chip the game does not have, a chip's place that is neither a node of the
    board nor ``'out'`` or ``'pending'``, a laser other than ``'on'`` or ``'off'``, and a
    depot that is no whole number >= 0 (entries the observation lacks are not checked).

    Args:
        obs: the observation, its entries of the game's kinds.
        game: the Armageddon game it is of.
        arg: the argument's name, for the messages.

    Raises:
        ValueError: ``"state_or_obs: 'chips' holds 'red9', not a chip of the game (red1-4,
            ...)"``, ``"state_or_obs: 'chips'['red1'] is 'nowhere', not a node of the board,
            'out' or 'pending'"``, ``"state_or_obs: 'laser' is 'bogus', not 'on' or 'off'"`` or
            ``"state_or_obs: 'depot' must be a whole number >= 0, not -5"``.
    """
    known = set(game.chip_names)
    for chip, place in (obs.get("chips") or {}).items():
        if chip not in known:
            raise ValueError(f"{arg}: 'chips' holds {shorten(chip)}, not a chip of the game "
                             f"({chip_list(game.chip_names)})")
        if place not in game.node and place not in OFF_BOARD:
            raise ValueError(f"{arg}: 'chips'[{chip!r}] is {shorten(place)}, not a node of the board, 'out' or "
                             f"'pending'")
    if "laser" in obs and obs["laser"] not in LASER_STATES:
        raise ValueError(f"{arg}: 'laser' is {shorten(obs['laser'])}, not 'on' or 'off'")
    if "depot" in obs:
        check_whole(f"{arg}: 'depot'", obs["depot"], 0)


__all__ = ["check_contents", "chip_list"]
