"""Gridhunt clause tests: GRID-6 turn structure.

Clauses of data/rules/gridhunt.yaml; the positions and checks are in gridhunt_clause_support.py.
"""

from __future__ import annotations

from fractions import Fraction

import boardkit
from boardkit import CHANCE

from gridhunt_clause_support import act, err, position


def test_GRID_6_random_order_each_round_and_fixed_order():
    g = boardkit.load_game("gridhunt", layout="small")
    s = g.new_initial_state()
    for p, c in enumerate(["a2", "b1", "b3", "c1", "c4", "d3", "e2", "e4"]):
        act(s, f"start {p} {c}")
    assert s.current_player() == CHANCE and {p for _, p in s.chance_outcomes()} == {Fraction(1, 8)}
    act(s, "turn 5")
    assert s.current_player() == 5 and err(s, "move a3", 0).clause == "GRID-6"
    g = boardkit.load_game("gridhunt", layout="small", turn_order="fixed")
    s = g.new_initial_state()
    for p, c in enumerate(["a2", "b1", "b3", "c1", "c4", "d3", "e2", "e4"]):
        act(s, f"start {p} {c}")
    assert s.current_player() == 0


def test_GRID_6_an_order_for_a_dead_player_is_refused():
    s = position({0: "b2", 1: None})
    e = err(s, "move c10", 1)
    assert e.clause == "GRID-6" and "dead" in e.reason
