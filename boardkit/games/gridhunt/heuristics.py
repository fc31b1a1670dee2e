"""Gridhunt's heuristic for search agents (declared as ``heuristic`` in the game's spec)."""

from __future__ import annotations

from typing import Any


def heuristic(state: Any, player: int) -> float:
    """Gridhunt (GRID-1.1, GRID-5.3): -1 when the seat's side (itself, or its team) has no
    living player; else the share of its rivals already dead, in ``[0, 1]``. Deaths are
    public, so it reads only what every seat knows.

    Args:
        state: a Gridhunt state.
        player: the seat.

    Returns:
        A number in ``[-1, 1]``, higher when ``player`` stands better.
    """
    side = state.team_of(player)
    if not any(state.alive[q] for q in range(state.n) if state.team_of(q) == side):
        return -1.0
    rivals = [q for q in range(state.n) if state.team_of(q) != side]
    return sum(not state.alive[q] for q in rivals) / max(1, len(rivals))
