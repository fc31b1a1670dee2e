"""Armageddon clause tests: ARMA-7 going home.

Clauses of data/rules/armageddon.yaml; the positions and checks are in armageddon_clause_support.py.
"""

from __future__ import annotations

from armageddon_clause_support import legal, state, where


def test_ARMA_7_1_displaced_chips_go_home():
    s = state("red", 1, {"red1": "s3", "w1": "s4"})
    s.apply_action("move red1 1")
    assert where(s, "w1") == "n1_1"
    s = state("aliens", 1, {"w1": "s5", "red1": "s4", "officer": "e1"}, officer_mine=True, depot=2)
    s.apply_action("move w1 1")
    assert where(s, "red1") == "h1_red_1"


def test_ARMA_7_2_no_home_circle_left_launch_table_then_out_owner_chooses():
    s = state("aliens", 1, {"w1": "s5", "red1": "s4", "red2": "r3", "red3": "r4", "red4": "r5", "officer": "e1"},
              depot=0, destroyed=3)
    s.apply_action("move w1 1")  # all compartments gone: red1 goes to the launch table, red chooses
    assert s.current_player() == 0 and legal(s) == ["home red1 table1", "home red1 table2", "home red1 table3"]
    s.apply_action("home red1 table2")
    assert where(s, "red1") == "table2" and s.is_chance_node()  # the roll of 1 is used: next side
    s = state("aliens", 1, {"w1": "s5", "red1": "s4", "red2": "table1", "red3": "table2", "red4": "table3",
                            "officer": "e1"}, depot=0, destroyed=3)
    s.apply_action("move w1 1")
    assert where(s, "red1") == "out"
