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


def test_GRID_6_an_order_with_no_player_named_while_all_give_orders_is_refused_by_the_rule_path():
    """In the simultaneous variant every living player gives an order at once: an order
    applied without ``player=`` is refused with the same GRID-6 error why_illegal gives (one
    rule path), and nothing changes."""
    g = boardkit.load_game("gridhunt", layout="small", turn_order="simultaneous")
    s = g.new_initial_state()
    for p, c in enumerate(["a2", "b1", "b3", "c1", "c4", "d3", "e2", "e4"]):
        act(s, f"start {p} {c}")
    assert len(s.current_players()) == 8
    order = s.legal_actions(0)[0]
    said = s.why_illegal(order)
    before = s.saved_history()
    try:
        s.apply_action(order)
    except boardkit.IllegalActionError as refused:
        assert refused.clause == said.clause == "GRID-6" and str(refused) == str(said)
        assert "say which player" in refused.reason
    else:
        raise AssertionError("an order with no player named was applied")
    assert s.saved_history() == before and len(s.current_players()) == 8
    s.apply_action(order, player=0)
    assert 0 not in s.current_players()
