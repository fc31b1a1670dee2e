"""Armageddon's heuristic for search agents (declared as ``heuristic`` in the game's spec)."""

from __future__ import annotations

from typing import Any

from boardkit.games.armageddon.rules import colour_counts, earth_in_play


def heuristic(state: Any, player: int) -> float:
    """Armageddon (ARMA-1.4, option ``aliens_win``): the aliens win when Earth is down to its
    last chips, so the share of Earth's spare chips still in play, from -1 (none) to 1 (all),
    for an Earth seat, and its negative for the aliens. Spare chips are those beyond each
    colour's last one under ``aliens_win='colours'`` (the seed's: the aliens win when every
    colour is down to one chip or none), beyond one per colour in all under ``'count'`` (when
    Earth has as many chips in play as colours play, or fewer). Positions are public.

    Args:
        state: an Armageddon state.
        player: the seat.

    Returns:
        A number in ``[-1, 1]``, higher when ``player`` stands better.
    """
    g = state.game
    if g.aliens_win == "colours":
        spare = sum(len(chips) - 1 for chips in g.colour_chips)
        now = sum(max(0, n - 1) for n in colour_counts(g, state.pos))
    else:
        spare = len(g.earth_chips) - g.alien_win_at
        now = earth_in_play(g, state.pos) - g.alien_win_at
    share = now / spare if spare > 0 else 0.0
    value = max(-1.0, min(1.0, 2 * share - 1))
    return -value if player == g.aliens_seat else value
