"""Battle Royale clause tests: properties over random playouts.

Clauses of data/rules/battle_royale.yaml; the positions and checks are in battle_royale_clause_support.py.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit

from battle_royale_clause_support import obs


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), max_turns=st.integers(1, 10))
def test_BR_D9_property_cut_off_never_exceeds_max_turns(seed: int, max_turns: int) -> None:
    """BR-D9 (property): with max_turns no more turns are played; a cut game returns zeros."""
    g = boardkit.load_game("battle_royale", max_turns=max_turns)
    s = boardkit.random_playout(g.new_initial_state(), random.Random(seed))
    assert s.is_terminal() and obs(s, "turn") <= max_turns
    if s.outcome().clause == "BR-D9":
        assert s.returns() == [0, 0] and s.winners() == [] and s.outcome().reason == "cut off"
    else:
        assert sorted(s.returns()) in ([-1, 1], [1, 1])


def _check_invariants(s) -> None:
    o = s.observation(None)
    n = o["players"]
    colours = ["red", "blue", "green", "yellow"][:n]
    assert s.figure_totals() == {c: 21 for c in colours} | ({"grey": 2} if "grey" in s.game.colours else {})  # BR-1.3
    if o["moving"] is None and o["push"] is None:  # BR-2.3
        assert all(sum(d.values()) <= o["capacity"] for d in o["tiles"].values()), o["tiles"]
    assert all(len(h) <= 4 for h in o["hands"])  # BR-1.4
    assert all(len(o["hands"][p]) + o["pile_sizes"][p] <= 10 for p in range(n))
    assert o["goal"] in o["tiles"] and len(o["tiles"]) + len(o["holes"]) == 25
    assert o["eliminator"] in [f"{f}{r}" for r in range(1, 6) for f in "abcde"]
    if not s.is_terminal() and o["phase"] not in ("setup",):
        # every remaining tile is connected to the goal (BR-4.2)
        import networkx as nx

        g = s.game.board.graph.subgraph(list(o["tiles"]))
        assert set(o["tiles"]) == nx.node_connected_component(g, "c3")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), rules=st.sampled_from(["seed", "published"]))
def test_BR_1_3_property_random_playouts_keep_invariants(seed: int, players: int, rules: str) -> None:
    """BR-1.3 / BR-2.3 / BR-1.4 (property): in seeded random playouts (max_turns=40, both rules
    profiles) figures are conserved after every action (21 per player colour, 2 neutral
    when the variant places them), no tile holds more than the capacity while no move or push
    is in progress, no hand holds more than 4 cards; chance probabilities sum to 1; actions
    are unique; a saved game replays to the same state."""
    g = boardkit.load_game("battle_royale", rules=rules, players=players, max_turns=40)
    s = g.new_initial_state()
    rng = random.Random(seed)
    _check_invariants(s)
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            assert sum(p for _, p in s.chance_outcomes()) == 1
            s.apply_action(boardkit.sample_chance(s, rng))
        else:
            acts = s.legal_actions()
            assert acts and len(set(map(str, acts))) == len(acts)
            s.apply_action(acts[rng.randrange(len(acts))])
        _check_invariants(s)
        steps += 1
        assert steps < 20000
    assert obs(s, "turn") <= 40
    if s.outcome().clause == "BR-D9" or not s.winners():  # cut off, or nobody on the goal (BR-D7)
        assert s.returns() == [0] * players and s.winners() == []
        assert s.outcome().clause == "BR-D9" or not any(s.observation(None)["tiles"].get("c3", {}).get(c) for c in
                                                        ("red", "blue", "green", "yellow"))
    else:
        assert 1 in s.returns() and set(s.returns()) <= {1, -1}
    again = boardkit.state_from_json(s.to_json())
    assert again.observation(None) == s.observation(None)
