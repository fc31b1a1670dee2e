"""Armageddon clause tests: ARMA-6 fighting on the alien ship.

Clauses of data/rules/armageddon.yaml; the positions and checks are in armageddon_clause_support.py.
"""

from __future__ import annotations

from armageddon_clause_support import legal, refused, state, where


def test_ARMA_6_1_displacement_blocks_and_chains():
    s = state("aliens", 3, {"w1": "s7", "green1": "s6", "green2": "s5", "officer": "e2"}, officer_mine=True, depot=2)
    assert refused(s, "move w1 3") == "ARMA-6.1"  # two green chips in a row: a block
    s.apply_action("move w1 1")
    assert where(s, "w1") == "s6"
    s = state("aliens", 3, {"w1": "s7", "green1": "s6", "red1": "s5", "officer": "e2"}, officer_mine=True, depot=2)
    s.apply_action("move w1 2")  # different colours: both displaced
    assert where(s, "w1") == "s5" and where(s, "green1") == "h1_green_1" and where(s, "red1") == "h1_red_1"
    s = state("red", 2, {"red1": "s3", "w1": "s4", "w2": "s6"})
    s.apply_action("move red1 2")  # aliens displaced by the same rules, and red1 goes on
    assert where(s, "red1") == "s5" and where(s, "w1") == "n1_1"


def test_ARMA_6_2_gk_is_safe_while_an_alien_is_inside_and_cannot_be_passed_from_inside():
    s = state("red", 2, {"red1": "s9", "w1": "gk"})
    assert refused(s, "move red1 2") == "ARMA-6.2"
    s = state("aliens", 3, {"w1": "gk"})
    assert refused(s, "move w2 3") == "ARMA-6.2" and refused(s, "move officer 2") == "ARMA-6.2"
    assert "move w1 3" in legal(s)  # the warrior on GK must leave to open the way


def test_ARMA_6_3_an_empty_gk_wins_only_with_the_option():
    chips = {"red1": "s10", "w1": "s1", "w2": "s2", "w3": "s3", "officer": "e1"}
    s = state("red", 1, chips, depot=2, officer_mine=True)
    s.apply_action("move red1 1")
    assert not s.is_terminal() and where(s, "red1") == "gk"
    s = state("red", 1, chips, {"empty_gk_wins": True}, depot=2, officer_mine=True)
    s.apply_action("move red1 1")
    assert s.outcome().clause == "ARMA-6.3" and s.outcome().winners == (0, 1, 2)
