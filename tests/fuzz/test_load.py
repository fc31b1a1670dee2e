"""Load: seeded random games of every game, played twice, with no exception and identical
tables.

Size: ``BOARDKIT_LOAD_GAMES`` games per game (default 5, the CI size); the full load is
``BOARDKIT_LOAD_GAMES=10000 BOARDKIT_LOAD_WORKERS=2 pytest tests/fuzz/test_load.py -s``,
which prints each game's figures (games, seconds, actions, timeouts).
"""

from __future__ import annotations

import os
import time

import pytest
from fuzzcheck import GAMES

import boardkit
from boardkit.sim import play_many

GAMES_PER_GAME = int(os.environ.get("BOARDKIT_LOAD_GAMES", "5"))
WORKERS = int(os.environ.get("BOARDKIT_LOAD_WORKERS", "1"))


@pytest.mark.parametrize("name", GAMES)
def test_seeded_random_games_replay_identically(name: str) -> None:
    game = boardkit.load_game(name)
    start = time.perf_counter()
    first = play_many(game, GAMES_PER_GAME, seed="load", workers=WORKERS, progress=False)
    took = time.perf_counter() - start
    second = play_many(game, GAMES_PER_GAME, seed="load", workers=WORKERS, progress=False)
    assert len(first) == GAMES_PER_GAME
    assert first.equals(second), f"{name}: two runs of the same seeds differ"
    timeouts = int(first["timeout"].sum())
    print(f"\n{name}: {GAMES_PER_GAME} games in {took:.1f} s, {int(first['actions'].sum())} actions, "
          f"{timeouts} timeouts")
