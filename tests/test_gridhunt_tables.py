"""Gridhunt's shared move tables and cached answers agree with the rules they stand for
(GRID-3.1, GRID-3.3, GRID-5.2, GRID-6, GRID-7).

- The moves from a cell among known walls (``GridhuntGame.moves_from``: notation written
  directly, paths filtered by the cells they enter) are exactly ``rules.paths_from`` among the
  walls near enough to matter, each Move's notation as the notation table writes it, sorted by
  it, on seeded random cells and wall sets of a small and the default grid.
- A seat's known walls, kept until they grow, are the union of the public walls and what its
  sharing seats saw, after every action of seeded games, with and without shared vision.
- Chance outcomes, made once per position, are in notation order and equal to a fresh draw.
"""

from __future__ import annotations

import random

import pytest

import boardkit
from boardkit import sample_chance
from boardkit.games.gridhunt.actions import Move
from boardkit.games.gridhunt.rules import paths_from


@pytest.mark.parametrize("options", [{"layout": "random", "size": 5, "walls": 3}, {}], ids=["5x5", "12x12"])
def test_moves_from_are_the_paths_of_the_rules(options) -> None:
    """GRID-3.1, GRID-3.3: the table's moves are the rules' paths among the known walls."""
    game = boardkit.load_game("gridhunt", **options)
    size = game.size
    rng = random.Random(3)
    for _ in range(60):
        start = rng.randrange(size * size)
        others = [c for c in range(size * size) if c != start]
        walls = frozenset(rng.sample(others, rng.randrange(0, min(25, len(others)))))
        got = game.moves_from(start, walls)
        want = sorted((Move(tuple(game.names[c] for c in p)) for p in paths_from(size, start, walls)), key=str)
        assert got == want, (start, sorted(walls))
        assert [str(a) for a in got] == [" ".join(["move", *a.path]) for a in want]
        assert game.moves_from(start, walls) == got  # the cached answer is the same


@pytest.mark.parametrize("shared", [False, True])
def test_known_walls_are_the_union_after_every_action(shared: bool) -> None:
    """GRID-5.2, GRID-5.3, GRID-1.3: the kept known walls equal the union made afresh."""
    game = boardkit.load_game("gridhunt", teams=2 if shared else 0, team_shares_vision=shared, max_turns=30)
    rng = random.Random(11)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        for p in range(game.n):
            fresh = set(state.public_walls).union(*(state.know[q].walls for q in state.sharers(p)))
            assert state.known_walls(p) == fresh
            checked += 1
    assert checked > 100


def test_chance_outcomes_in_notation_order_and_made_once() -> None:
    """GRID-7, GRID-5.1, GRID-6: outcomes sorted by notation, the same on every ask."""
    game = boardkit.load_game("gridhunt", max_turns=10)
    rng = random.Random(5)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            out = state.chance_outcomes()
            assert [str(a) for a, _ in out] == sorted(str(a) for a, _ in out)
            assert out == state._chance_outcomes() == state.chance_outcomes()
            assert sum(p for _, p in out) == 1
            seen += 1
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert seen > 50
