"""Battle Royale's heuristic for search agents (declared as ``heuristic`` in the game's spec)."""

from __future__ import annotations

from typing import Any


def heuristic(state: Any, player: int) -> float:
    """Battle Royale (BR-3.2, BR-3.3): the seat's lead on the goal tile, then in prisoners,
    from its own observation.

    Args:
        state: a Battle Royale state.
        player: the seat.

    Returns:
        A number in ``[-1, 1]``, higher when ``player`` stands better.
    """
    obs = state.observation(player)
    colours = state.game.colours  # seats' colours first (BR-1.3)
    goal = obs["tiles"].get(obs["goal"], {})
    prisoners = obs["prisoners"]
    mine = colours[player]
    on_goal = goal.get(mine, 0) - max((v for k, v in goal.items() if k != mine), default=0)
    caught = [sum(p.values()) for p in prisoners]
    lead = caught[player] - max((c for i, c in enumerate(caught) if i != player), default=0)
    return max(-1.0, min(1.0, on_goal / 4 + lead / 40))
