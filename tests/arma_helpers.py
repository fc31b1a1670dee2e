"""Shared helpers of the Armageddon tests: positions written from the default board's node
names (data/boards/armageddon.yaml), not read from the engine."""

from __future__ import annotations

import random
from typing import Any

import boardkit
from boardkit.core.playout import sample_chance

EARTH_START = {
    "red1": "h1_red_1", "red2": "h1_red_2", "red3": "h2_red_1", "red4": "h3_red_1",
    "green1": "h1_green_1", "green2": "h1_green_2", "green3": "h2_green_1", "green4": "h3_green_1",
    "yellow1": "h1_yellow_1", "yellow2": "h1_yellow_2", "yellow3": "h2_yellow_1", "yellow4": "h3_yellow_1",
}
#: The default board (rules 2.0): three numbered circles, one warrior each (ARMA-1.2, ARMA-9).
START = {**EARTH_START, "w1": "n1_1", "w2": "n2_1", "w3": "n3_1", "officer": "dot"}
#: The first drawing (data/armageddon/v1.yaml): two warriors per number.
START_V1 = {**EARTH_START, "w1": "n1_1", "w2": "n1_2", "w3": "n2_1", "w4": "n2_2", "w5": "n3_1", "w6": "n3_2",
            "officer": "dot"}
#: The rules of 1.0 as options: the first drawing and its readings (ARMA-9, rules history).
V1 = {"data": "v1", "back": "none", "displace": "forced", "mine": "always", "aliens_win": "count"}


def position(turn: str = "red", roll: int | None = None, chips: dict[str, str] | None = None,
             colours: str = "red green yellow", v1: bool = False, **extra: Any) -> dict[str, Any]:
    """A position description: START (START_V1 with ``v1``) with ``chips`` put elsewhere; a roll
    means the move phase."""
    placed = dict(START_V1 if v1 else START)
    playing = colours.split()
    placed = {k: v for k, v in placed.items() if not any(k.startswith(c) for c in ("red", "green", "yellow"))
              or any(k.startswith(c) for c in playing)}
    gone = extra.get("destroyed", 0)  # chips left in destroyed compartments are out
    placed = {k: ("out" if v[0] == "h" and int(v[1]) <= gone else v) for k, v in placed.items()}
    placed.update(chips or {})
    d: dict[str, Any] = {"turn": turn, "chips": placed, **extra}
    if roll is not None:
        d.update(phase="move", roll=roll)
    return d


def state(turn: str = "red", roll: int | None = None, chips: dict[str, str] | None = None,
          options: dict[str, Any] | None = None, study: bool = False, **extra: Any) -> Any:
    """The state of :func:`position` in a game with ``options``."""
    options = options or {}
    game = boardkit.load_game("armageddon", **options)
    v1 = options.get("data") == "v1"
    return game.state_from_position(position(turn, roll, chips, options.get("colours", "red green yellow"), v1,
                                             **extra), study=study)


def legal(s: Any) -> list[str]:
    """The legal actions' notation."""
    return [str(a) for a in s.legal_actions()]


def where(s: Any, chip: str) -> str:
    """Where ``chip`` stands in the observation (a node, 'out' or 'pending')."""
    return str(s.observation(None)["chips"][chip])


def decisions(game: Any, seeds: Any, ends: bool = False) -> Any:
    """Each decision of seeded games played unchecked, chance drawn by ``sample_chance``: yields
    ``(state, rng)``; the caller applies one action to the state before taking the next. With
    ``ends``, also ``(state, None)`` once each game is over."""
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_unchecked(sample_chance(s, rng))
            else:
                yield s, rng
        if ends:
            yield s, None
