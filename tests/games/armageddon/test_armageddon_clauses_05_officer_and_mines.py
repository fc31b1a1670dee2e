"""Armageddon clause tests: ARMA-5 the officer, mines and explosions.

Clauses of data/rules/armageddon.yaml; the positions and checks are in armageddon_clause_support.py.
"""

from __future__ import annotations

from armageddon_clause_support import V1, legal, refused, state, where


def test_ARMA_5_1_the_officer_takes_a_mine_and_must_stop_on_the_pad():
    s = state("aliens", 4)
    assert "take mine" in legal(s)  # a right (mine='choice'), not a duty
    s.apply_action("move officer 2")
    obs = s.observation(None)
    assert obs["chips"]["officer"] == "e1" and not obs["officer_mine"] and obs["depot"] == 3
    assert refused(s, "take mine") == "ARMA-5.1"  # only on the dot circle
    s = state("aliens", 2)
    s.apply_action("take mine")
    s.apply_action("move officer 2")
    obs = s.observation(None)
    assert obs["chips"]["officer"] == "e1" and obs["officer_mine"] and obs["depot"] == 2
    s = state("aliens", 2, options={"mine": "always"})
    assert "take mine" not in legal(s) and refused(s, "take mine") == "ARMA-5.1"
    s.apply_action("move officer 2")
    assert s.observation(None)["officer_mine"]  # taken as it leaves the dot circle
    s = state("aliens", 3, {"officer": "e5"}, officer_mine=True, depot=2)
    assert refused(s, "move officer 3") == "ARMA-5.1"
    s = state("aliens", 2, {"officer": "e5"}, officer_mine=True, depot=2)
    s.apply_action("move officer 2")
    assert where(s, "officer") == "pad"


def test_ARMA_5_2_an_officer_with_a_mine_destroys_the_next_compartment():
    s = state("aliens", 1, {"officer": "b12"}, officer_mine=True, depot=2)
    s.apply_action("move officer 1")
    obs = s.observation(None)
    assert obs["destroyed"] == 1 and obs["chips"]["officer"] == "dot" and not obs["officer_mine"]
    for chip in ("red1", "red2", "green1", "green2", "yellow1", "yellow2"):  # compartment 1's chips
        assert obs["chips"][chip] == "out"
    assert obs["chips"]["red3"] == "h2_red_1"


def test_ARMA_5_3_without_a_mine_the_officer_flies_the_arc_back():
    s = state("aliens", 1, {"officer": "b12"}, officer_mine=False, depot=0)
    s.apply_action("move officer 1")
    assert where(s, "officer") == "a1"  # the arc, not the cruiser
    s = state("aliens", 5, {"officer": "b12"}, officer_mine=False, depot=0)
    s.apply_action("move officer 5")  # a1 .. a4, then home to the dot circle
    obs = s.observation(None)
    assert obs["destroyed"] == 0 and obs["chips"]["officer"] == "dot"
    s = state("aliens", 1, {"officer": "b12"}, V1, officer_mine=False, depot=0)  # the first drawing: no arc (ARMA-D8)
    s.apply_action("move officer 1")
    assert where(s, "officer") == "dot"


def test_ARMA_5_4_earth_intercepts_the_officer_on_a_crossing():
    s = state("green", 2, {"green1": "g6", "officer": "g7"}, officer_mine=True, depot=2)
    s.apply_action("move green1 2")  # passes over the crossing
    obs = s.observation(None)
    assert obs["chips"]["officer"] == "dot" and obs["trophies"]["green"] == 1 and not obs["officer_mine"]
    assert obs["chips"]["green1"] == "out"  # it ended on g8, the laser crossing, with the laser on (ARMA-4.2)


def test_ARMA_5_5_the_officer_intercepts_earth_chips():
    s = state("aliens", 2, {"officer": "b5", "green1": "g7"}, officer_mine=True, depot=2)
    s.apply_action("move officer 2")  # passes over g7
    assert where(s, "officer") == "b7" and where(s, "green1") == "h1_green_1"


def test_ARMA_5_6_no_warrior_stands_on_the_dot_circle():
    s = state("aliens", 1)
    assert refused(s, "move w1 1") == "ARMA-5.6"
    assert legal(s) == ["move officer 1", "take mine"]
    s = state("aliens", 2, {"officer": "e2"}, officer_mine=True, depot=2)
    assert "move w1 2" in legal(s)
