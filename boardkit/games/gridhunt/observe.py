"""What a gridhunt seat, an onlooker or the GM sees (GRID-5, GRID-D9): ``observation(seat)``
is exactly what that seat has been told, ``public_observation()`` what everyone has, and
``observation(None)`` the GM's truth (:func:`boardkit.games.gridhunt.position.to_position`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from boardkit.core.validate import shorten
from boardkit.games.gridhunt.position import to_position

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.state import GridhuntState


def observation(state: "GridhuntState", player: int | None) -> dict[str, Any]:
    """See :meth:`GridhuntState.observation <boardkit.games.gridhunt.state.GridhuntState.observation>`."""
    if player is None:
        obs = to_position(state)
        obs["outcome"] = None if state.outcome_value is None else state.outcome_value.to_dict()
        obs["waiting"] = state.current_players()
        return obs
    if isinstance(player, bool) or not isinstance(player, int) or player not in range(state.n):
        raise ValueError(f"observation(player): player is 0 .. {state.n - 1} or None, not {shorten(player)}")
    names = state.game.names
    obs = public_observation(state)
    share = state.sharers(player)
    views = {}
    for q in share:
        k = state.know[q]
        at = state.seat_cell(q)
        views[str(q)] = {
            "position": None if at is None else names[at],
            "alive": state.told_alive(q), "shield": state.shield[q], "blocked": state.blocked[q],
            "idle": state.idle[q], "enhanced": state.enhanced[q], "beaconed": state.beaconed[q],
            "walls_seen": sorted(names[c] for c in k.walls),
            "teleports_seen": sorted(names[c] for c in k.teleports),
            "cells": {names[c]: kind for c, kind in sorted(k.cells.items())},
            "found": [[r, names[c], kind] for r, c, kind in k.found],
            "looks": [{"round": r, "at": names[a], "radius": rad, "players": {str(s): names[c] for s, c in seen}}
                      for r, a, rad, seen in k.looks],
            "order": str(state.orders[q]) if q in state.orders else None,
            "shot": str(state.shots[q]) if q in state.shots else None,
        }
    obs["seat"] = player
    obs["you"] = views.pop(str(player))
    obs["team_views"] = views
    obs["known_walls"] = sorted(names[c] for c in state.known_walls(player))
    obs["known_teleports"] = sorted(names[c] for c in state.known_teleports(player))
    return obs


def public_observation(state: "GridhuntState") -> dict[str, Any]:
    """See :meth:`GridhuntState.public_observation <boardkit.games.gridhunt.state.GridhuntState.public_observation>`."""
    names = state.game.names
    return {
        "size": state.size, "players": state.n, "teams": None if state.game.teams is None else list(state.game.teams),
        "phase": state.phase, "round": state.round, "turns": state.turns,
        "to_move": state.current_player(), "waiting": state.current_players(), "acted": list(state.acted),
        "public_walls": sorted(names[c] for c in state.public_walls),
        "public_teleports": sorted(names[c] for c in state.public_teleports),
        "beacons": {str(q): names[c] for q in range(state.n) if state.beaconed[q] and state.told_alive(q)
                    for c in [state.seat_cell(q)] if c is not None},
        "deaths": [[q, r] for q, r in state.told_deaths()],
        "alive": [state.told_alive(q) for q in range(state.n)],
        "outcome": None if state.outcome_value is None else state.outcome_value.to_dict(),
    }


def player_view_json(state: "GridhuntState", player: int) -> str:
    """See :meth:`GridhuntState.player_view_json <boardkit.games.gridhunt.state.GridhuntState.player_view_json>`."""
    return json.dumps({"observation": observation(state, player), "history": [str(a) for a in state.history(player)]},
                      sort_keys=True)


__all__ = ["observation", "player_view_json", "public_observation"]
