"""Leaders' heuristic for search agents (declared as ``heuristic`` in the game's spec)."""

from __future__ import annotations

from typing import Any

from boardkit.games.leaders.rules import capture_score


def heuristic(state: Any, player: int) -> float:
    """Leaders (LEAD-3.2, LEAD-3.3): pressure on the enemy Leader minus pressure on one's own;
    pressure is the capture points (2 capture) plus the share of occupied neighbours.

    Args:
        state: a Leaders state (perfect information: the whole state is the seat's view).
        player: the seat, 0 or 1.

    Returns:
        A number in ``[-1, 1]``, higher when ``player`` stands better.
    """
    g = state.game.geometry

    def pressure(owner: int) -> float:
        lc = state.leader_cell(owner)
        nbrs = g.nbrs[lc]
        occupied = sum(state.pieces[j] is not None for j in nbrs) / max(1, len(nbrs))
        return min(capture_score(g, state.pieces, lc, owner), 2) / 2 + occupied / 2

    return (pressure(1 - player) - pressure(player)) / 2
