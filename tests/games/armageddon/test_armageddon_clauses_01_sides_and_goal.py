"""Armageddon clause tests: ARMA-1 sides, pieces, goal.

Clauses of data/rules/armageddon.yaml; the positions and checks are in armageddon_clause_support.py.
"""

from __future__ import annotations

import pytest

import boardkit
from boardkit.core.rules import IllegalPositionError

from armageddon_clause_support import V1, legal, refused, state


def test_ARMA_1_1_earth_colours_four_chips_each_each_colour_a_seat():
    g = boardkit.load_game("armageddon")
    assert g.seat_names == ("red", "green", "yellow", "aliens") and g.num_players == 4
    obs = g.new_initial_state().observation(None)["chips"]
    for colour in ("red", "green", "yellow"):
        assert sum(1 for c in obs if c.startswith(colour)) == 4
    two = boardkit.load_game("armageddon", colours="green red")
    assert two.seat_names == ("green", "red", "aliens") and two.num_players == 3
    s = two.new_initial_state()
    s.apply_action("roll 2")
    assert s.current_player() == 0 and refused(s, "move yellow1 2") == "ARMA-3.1"  # yellow does not play


def test_ARMA_1_2_warriors_on_numbered_circles_officer_on_dot_mines_in_depot():
    obs = boardkit.load_game("armageddon").new_initial_state().observation(None)
    assert sorted(obs["chips"][f"w{i}"] for i in range(1, 4)) == ["n1_1", "n2_1", "n3_1"]  # one per numbered circle
    assert obs["chips"]["officer"] == "dot" and obs["depot"] == 3 and obs["officer_mine"] is False
    old = boardkit.load_game("armageddon", **V1).new_initial_state().observation(None)  # the first drawing: a parameter
    assert sorted(old["chips"][f"w{i}"] for i in range(1, 7)) == ["n1_1", "n1_2", "n2_1", "n2_2", "n3_1", "n3_2"]


def test_ARMA_1_3_displacing_the_alien_on_gk_wins_for_earth():
    chips = {"red1": "s9", "w1": "s1", "w2": "s5", "w3": "gk", "officer": "e3"}
    s = state("red", 2, chips, {"colours": "red green"})
    s.apply_action("move red1 2")
    o = s.outcome()
    assert s.is_terminal() and o.clause == "ARMA-1.3" and o.winners == (0, 1) and o.returns == (1, 1, -1)


def test_ARMA_1_4_aliens_win_when_earth_has_three_chips_in_play():
    out = {c: "out" for c in ("red3", "red4", "green2", "green3", "green4", "yellow2", "yellow3", "yellow4")}
    s = state("red", 1, {**out, "red1": "r7"})  # four Earth chips in play; red1 steps onto the laser
    assert "move red1 1" in legal(s)
    s.apply_action("move red1 1")
    o = s.outcome()
    assert o.clause == "ARMA-1.4" and o.winners == (3,) and o.returns == (-1, -1, -1, 1)
    with pytest.raises(IllegalPositionError) as info:  # a position already lost is refused
        state("red", None, {**out, "red1": "out"})
    assert info.value.clause == "ARMA-1.4"
    assert state("red", None, {**out, "red1": "out"}, study=True).is_terminal()
