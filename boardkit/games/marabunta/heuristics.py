"""Marabunta's heuristic and running score for search agents and simulations (declared as
``heuristic`` and ``score`` in the game's spec)."""

from __future__ import annotations

from typing import Any

from boardkit.games.marabunta.scoring import totals


def heuristic(state: Any, player: int) -> float:
    """Marabunta (MARA-8): the seat's points lead as the scoring counts it now, over 25.

    Args:
        state: a Marabunta state.
        player: the seat, 0 or 1.

    Returns:
        A number in ``[-1, 1]``, higher when ``player`` stands better.
    """
    t = totals(state)
    return max(-1.0, min(1.0, (t[player] - t[1 - player]) / 25))


def score(state: Any) -> list[float]:
    """Marabunta's points as the final scoring would count them now (MARA-8), one per seat."""
    return [float(x) for x in totals(state)]
