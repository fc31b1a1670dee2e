"""Positions for gridhunt tests: a few players on a 12x12 grid with a chosen layout."""

from __future__ import annotations

from typing import Any

import boardkit

#: Where the seats stand unless a test puts them elsewhere (far from rows 1 .. 6).
FAR = {0: "a10", 1: "c10", 2: "e10", 3: "g10", 4: "i10", 5: "k10", 6: "a12", 7: "c12"}


def position(players: dict[int, Any], cells: dict[str, list[str]] | None = None, mover: int = 0, phase: str = "move",
             game: Any = None, **extra: Any) -> Any:
    """A gridhunt state: ``players`` seat -> cell (or a dict of player fields; None: dead),
    ``cells`` the layout (two teleports in the far corners unless given), ``mover`` to act.
    The dead are listed in ``public.deaths`` (GRID-5.3), as dying in the position's round,
    unless ``public`` gives the deaths."""
    game = game or boardkit.load_game("gridhunt", **extra.pop("options", {}))
    layout = {"teleport": ["l12", "l11"], **(cells or {})}
    seats: dict[str, Any] = {}
    for p in range(game.n):
        v = players.get(p, FAR[p] if p in FAR else None)
        if v is None and p in players:
            seats[str(p)] = {"at": None, "alive": False}
        elif isinstance(v, dict):
            seats[str(p)] = v
        else:
            seats[str(p)] = {"at": v}
    dead = [[int(p), extra.get("round", 1)] for p, v in seats.items() if v.get("alive", True) is False]
    if dead and "deaths" not in extra.get("public", {}):
        extra["public"] = {**extra.get("public", {}), "deaths": dead}
    doc = {"size": game.size, "cells": layout, "phase": phase, "to_move": mover if phase in ("move", "shot") else None,
           "round": 1, "turns": 1, "acted": [mover] if phase in ("move", "shot") else [], "players": seats, **extra}
    return game.state_from_position(doc)
