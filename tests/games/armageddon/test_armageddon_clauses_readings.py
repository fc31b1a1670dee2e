"""Armageddon clause tests: readings of rules 2.0.

The seed's board and readings of rules 2.0, one test per reading and its option (ARMA-1.4,
ARMA-3.4, ARMA-3.5, ARMA-3.7, ARMA-5.1, ARMA-5.3, ARMA-6.1, ARMA-6.2, ARMA-7.2, ARMA-D14 ..
ARMA-D16), on the default board and, where the option says so, the first drawing (data='v1').
Clauses of data/rules/armageddon.yaml; the positions are in armageddon_clause_support.py.
"""

from __future__ import annotations

import pytest

import boardkit
from boardkit import IllegalActionError
from boardkit.core.validate import BoardkitDataError

from armageddon_clause_support import V1, legal, state, where


def refused(s, action: str) -> str:
    """The clause that refuses ``action`` (the state is left unchanged)."""
    before = s.to_json()
    with pytest.raises(IllegalActionError) as info:
        s.apply_action(action)
    assert s.to_json() == before and info.value.reason
    return info.value.clause


def test_ARMA_D14_a_warrior_outside_passes_over_gk_round_the_ring():
    s = state("aliens", 3, {"w1": "f4", "w2": "gk", "officer": "e2"}, officer_mine=True, depot=2)
    s.apply_action("move w1 3")  # f5, GK (its own warrior stands there), s10
    assert where(s, "w1") == "s10" and where(s, "w2") == "gk"
    s = state("aliens", 3, {"w2": "gk"})  # from inside the way past GK is shut (ARMA-6.2)
    assert refused(s, "move w1 3") == "ARMA-6.2"
    g = boardkit.load_game("armageddon")
    assert g.board.successors("f5", "aliens") == ["gk"] and g.board.successors("landing", "aliens") == ["f1"]


def test_ARMA_3_7_chips_on_the_ship_walk_forward_and_back():
    s = state("red", 2, {"red1": "s3", "red2": "r4"})
    assert "back red1 2" in legal(s) and "back red2 1" not in legal(s)  # not on a trajectory
    s.apply_action("back red1 2")
    assert where(s, "red1") == "s1" and not s.observation(None)["skip"]
    s = state("red", 4, {"red1": "s3"})
    assert refused(s, "back red1 4") == "ARMA-3.7"  # no further back than the landing point
    s = state("aliens", 2, {"w1": "s4", "officer": "e3"}, officer_mine=True, depot=2)
    s.apply_action("back w1 2")
    assert where(s, "w1") == "s6"  # against the aliens' arrows: toward GK
    s = state("aliens", 2, {"w1": "s4", "officer": "e3"}, {"back": "none"}, officer_mine=True, depot=2)
    assert refused(s, "back w1 2") == "ARMA-3.7"


def test_ARMA_D15_a_mover_may_spare_an_enemy_chip_and_stops_behind_it():
    s = state("red", 4, {"red1": "s2", "w1": "s4", "red2": "out", "red3": "out", "red4": "out"})
    assert "spare red1 4" in legal(s) and "move red1 4" in legal(s)
    s.apply_action("spare red1 4")
    assert where(s, "red1") == "s3" and where(s, "w1") == "s4" and s.is_chance_node()
    s = state("red", 3, {"red1": "s3", "w1": "s4"})
    assert refused(s, "spare red1 3") == "ARMA-6.1"  # the enemy is right ahead: it could not move
    s = state("red", 1, {"red1": "s1", "w1": "s4"})
    assert refused(s, "spare red1 1") == "ARMA-6.1"  # no enemy within reach
    s = state("red", 4, {"red1": "s2", "w1": "s4"}, {"displace": "forced"})
    assert refused(s, "spare red1 4") == "ARMA-6.1"


def test_ARMA_6_1_displacement_is_a_right_earth_can_reach_gk_without_sending_warriors_home():
    chips = {"red1": "s7", "w1": "s9", "w2": "gk", "w3": "f2", "officer": "e4"}
    s = state("red", 1, chips, officer_mine=True, depot=2)
    s.apply_action("move red1 1")  # s8, behind w1: nobody sent inside
    assert where(s, "red1") == "s8" and where(s, "w1") == "s9"


def test_ARMA_5_1_the_mine_is_a_right_and_ARMA_5_3_the_arc_takes_the_officer_home():
    s = state("aliens", 6)
    s.apply_action("move officer 6")  # no mine taken: it may still go
    obs = s.observation(None)
    assert obs["chips"]["officer"] == "e5" and not obs["officer_mine"] and obs["depot"] == 3
    s = state("aliens", 3, {"officer": "a2"}, depot=3)
    s.apply_action("move officer 3")  # a3, a4, the dot circle
    assert where(s, "officer") == "dot" and s.observation(None)["destroyed"] == 0


def test_ARMA_3_5_two_on_one_penalty_removes_both_chips():
    opts = {"two_on_one": "penalty"}
    s = state("red", 1, {"red1": "r2", "red2": "r1"}, opts)
    s.apply_action("move red2 1")
    assert where(s, "red1") == "out" and where(s, "red2") == "out"
    s = state("aliens", 1, {"w1": "s5", "w2": "s4", "officer": "e2"}, opts, officer_mine=True, depot=2)
    s.apply_action("move w1 1")
    assert where(s, "w1") == "out" and where(s, "w2") == "out"
    s = state("red", 1, {"red1": "r2", "red2": "r1"})
    assert refused(s, "move red2 1") == "ARMA-3.5"


def test_ARMA_D16_with_no_alien_left_gk_is_taken_by_moving_onto_it():
    aliens_out = {"w1": "out", "w2": "out", "w3": "out", "officer": "out"}
    s = state("red", 1, {"red1": "s10", **aliens_out}, {"two_on_one": "penalty"}, depot=3)
    s.apply_action("move red1 1")
    assert s.outcome().clause == "ARMA-D16" and s.outcome().winners == (0, 1, 2)
    with pytest.raises(Exception) as info:  # alien chips leave the game only under the penalty
        state("red", 1, {"red1": "s10", **aliens_out}, depot=3)
    assert "two_on_one" in str(info.value)


def test_ARMA_1_4_by_colours_three_reds_play_on_one_of_each_ends_it():
    gone = {c: "out" for c in ("green2", "green3", "green4", "yellow2", "yellow3", "yellow4")}
    s = state("red", 1, {**gone, "green1": "out", "yellow1": "out", "red4": "r7"})  # three reds, no other
    s.apply_action("move red4 1")  # shot down on the laser: two reds left
    assert not s.is_terminal()
    s = state("red", 1, {**gone, "red2": "out", "red3": "out", "red4": "r7"})  # red1, red4, green1, yellow1
    s.apply_action("move red4 1")
    assert s.outcome().clause == "ARMA-1.4" and s.outcome().winners == (3,)
    s = state("red", 1, {**gone, "green1": "out", "yellow1": "out", "red4": "r7"}, {"aliens_win": "count"})
    s.apply_action("move red4 1")
    assert s.outcome().clause == "ARMA-1.4"


def test_ARMA_7_2_before_every_compartment_is_destroyed_a_chip_without_a_home_leaves_the_game():
    s = state("aliens", 1, {"w1": "s5", "red1": "s4", "red2": "r3", "red3": "r4", "officer": "e1"},
              depot=1, destroyed=2, officer_mine=False)  # red4 holds red's one home circle left, h3_red_1
    s.apply_action("move w1 1")  # no free home circle, a compartment still stands: out, not the table
    assert where(s, "red1") == "out"


def test_ARMA_3_4_the_table_stop_is_never_refused_for_wasting_points():
    s = state("red", 6, {"red2": "r3", "red3": "out", "red4": "out"})
    s.apply_action("move red1 1")
    assert where(s, "red1") == "table1" and s.is_chance_node()


def test_trophies_of_a_colour_that_does_not_play_are_refused():
    with pytest.raises(BoardkitDataError) as info:
        state("red", None, {}, {"colours": "red green"}, trophies={"yellow": 1}, depot=2)
    assert "trophies" in str(info.value) and "yellow" in str(info.value)
    s = state("red", None, {}, {"colours": "red green"}, trophies={"green": 1}, depot=2)
    assert s.to_position()["trophies"] == {"red": 0, "green": 1}


def test_the_first_drawing_stays_loadable_with_the_rules_of_1_0():
    g = boardkit.load_game("armageddon", **V1)
    assert len(g.alien_chips) == 7 and not g.arma.far and not g.arma.arc
    s = g.new_initial_state()
    s.apply_action("roll 6")
    assert all(a.startswith("move ") for a in legal(s))
