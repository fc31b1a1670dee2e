"""boardkit.analysis.gridhunt: reachable cells, belief sets, expected cells revealed (GRID-3.1,
GRID-5.2, GRID-5.3)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import boardkit
from boardkit import random_playout
from boardkit.analysis.gridhunt import belief_set, belief_sizes, expected_revealed, reachable_cells

from gridhunt_helpers import position


def test_reachable_cells_match_the_path_orders() -> None:
    """GRID-3.1: the ends of a player's path orders are the reachable cells (independent counts)."""
    for cell, walls in (("f6", []), ("b2", ["b4", "c2", "d3"]), ("a1", ["a2"])):
        s = position({0: cell}, cells={"wall": walls})
        for w in walls:
            s.know[0].walls.add(s.game.index[w])
        ends = {a.path[-1] for a in s.legal_actions()}
        assert ends == reachable_cells(12, cell, walls)
    assert len(reachable_cells(12, "f6")) == 84 - 2  # the 85-cell diamond, minus f6 and 2 cells off the grid and reachable_cells(12, "a1", ["a2", "b1"]) == set()


def test_belief_set_grows_with_moves_and_collapses_on_a_beacon() -> None:
    """GRID-5.3: the public belief about a player starts at the whole grid, stays a superset of
    its true cell, is one cell once it is beaconed and empty once it is dead."""
    g = boardkit.load_game("gridhunt", layout="small", turn_order="fixed")
    s = g.new_initial_state()
    random_playout(s, random.Random(7))
    for target in range(8):
        sizes = belief_sizes(s, target)
        assert sizes[0] == 25 and len(sizes) == len(s.history())
        if not s.alive[target]:
            assert sizes[-1] == 0 and belief_set(s, target) == set()
    s = position({0: "b2"}, cells={"beacon": ["b3"]})
    s.apply_action("move b3")
    assert s.beaconed[0]


def test_belief_set_contains_the_truth_along_games() -> None:
    for seed in range(3):
        g = boardkit.load_game("gridhunt", layout="small")
        s = g.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            random_playout(s, rng, max_actions=5)
            for t in range(8):
                if s.alive[t] and s.pos[t] is not None:
                    assert s.game.names[s.pos[t]] in belief_set(s, t)


def test_expected_revealed_by_hand() -> None:
    """GRID-5.2: from a1 on an empty corner with a wall at a3 hidden, the 2 orders ``move a2``
    (sees a1 a2 a3 b1 b2 b3: 6 new) and ``move b1`` (a1 a2 b1 b2 c1 c2: 6 new), and longer paths:
    the exact mean over every order."""
    s = position({0: "a1"}, cells={"wall": ["a3"]})
    e = expected_revealed(s)
    assert isinstance(e, Fraction) and 0 < e <= 9
    total = 0
    orders = s.legal_actions()
    for o in orders:
        c = s.clone()
        c.apply_action(o)
        _r, at, rad, _ = c.know[0].looks[-1]
        from boardkit.games.gridhunt.rules import around
        total += len(set(around(12, at, rad)) | {at})
    assert e == Fraction(total, len(orders))  # nothing was seen before


def test_docstring_examples() -> None:
    """The examples in the gridhunt modules' docstrings run as written."""
    import doctest

    import boardkit.analysis.gridhunt as analysis
    from boardkit.games.gridhunt import actions, game, rules

    for module in (analysis, actions, game, rules):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("target", [99, -1, 1.0, True, "1"])
def test_belief_set_refuses_a_value_that_is_not_a_seat(target: object) -> None:
    s = boardkit.load_game("gridhunt", layout="small").new_initial_state()
    with pytest.raises(ValueError, match="player is a seat 0 .. "):
        belief_set(s, target)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player is a seat 0 .. "):
        belief_sizes(s, target)  # type: ignore[arg-type]
