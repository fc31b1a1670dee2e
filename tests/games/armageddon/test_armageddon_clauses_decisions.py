"""Armageddon clause tests: decisions ARMA-D1 .. ARMA-D13.

Clauses of data/rules/armageddon.yaml; the positions and checks are in armageddon_clause_support.py.
"""

from __future__ import annotations

import boardkit

from armageddon_clause_support import V1, legal, refused, state, where


def test_ARMA_D1_two_home_circles_per_colour_in_the_first_compartment():
    g = boardkit.load_game("armageddon")
    assert [sum(1 for h in comp if "red" in h) for comp in g.arma.compartments] == [2, 1, 1]


def test_ARMA_D2_shared_launch_table_and_the_fifth_surface_circle_controls_the_laser():
    g = boardkit.load_game("armageddon")
    assert g.arma.control == "s5"
    assert sorted(g.board.successors("h3_green_1", "earth")) == ["table1", "table2", "table3"]
    assert g.board.successors("table2", "earth") == ["r1", "g1", "y1"]


def test_ARMA_D3_each_chip_takes_one_share_per_turn():
    s = state("red", 5)
    s.apply_action("move red1 2")
    assert refused(s, "move red1 2") == "ARMA-D3"


def test_ARMA_D4_the_landing_point_is_a_stop():
    s = state("red", 2, {"red1": "r12"})
    assert refused(s, "move red1 2") == "ARMA-D4"


def test_ARMA_D5_passing_the_launch_table_needs_no_free_circle():
    s = state("red", 2, {"green1": "table1", "green2": "table2", "yellow1": "table3"})
    s.apply_action("move red1 2")
    assert where(s, "red1") == "r1"
    s = state("red", 1, {"green1": "table1", "green2": "table2", "yellow1": "table3", "red2": "r1"})
    assert refused(s, "move red1 1") == "ARMA-3.5"


def test_ARMA_D6_no_share_beyond_the_end_of_a_path():
    s = state("red", 2, {"red1": "s10", "w1": "s1"})
    assert refused(s, "move red1 2") == "ARMA-D6"
    s = state("aliens", 2, {"officer": "b12"}, officer_mine=True, depot=2)
    assert refused(s, "move officer 2") == "ARMA-D6"  # the cruiser ends the officer's path
    s = state("aliens", 2, {"w1": "s1", "officer": "e1"}, V1, officer_mine=True, depot=2)
    assert refused(s, "move w1 2") == "ARMA-D6"  # the first drawing: the warriors' path ends at the landing point


def test_ARMA_D7_the_officer_on_its_dot_circle_is_inside():
    chips = {"red1": "s9", "w1": "gk", "w2": "s1", "w3": "s2"}
    s = state("red", 2, chips)
    assert refused(s, "move red1 2") == "ARMA-6.2"
    s = state("red", 2, {**chips, "officer": "e1"}, officer_mine=True, depot=2)
    s.apply_action("move red1 2")
    assert s.outcome().clause == "ARMA-1.3"


def test_ARMA_D8_the_mine_is_spent_when_every_compartment_is_gone(tmp_path):
    data = tmp_path / "four_mines.yaml"
    data.write_text("name: four\nchips: 4\nmines: 4\nlayout: armageddon\n")
    s = state("aliens", 1, {"officer": "b12", "red1": "table1", "red2": "table2", "red3": "r1", "red4": "r2"},
              {"data": str(data)}, officer_mine=True, depot=0, destroyed=3)
    s.apply_action("move officer 1")
    obs = s.observation(None)
    assert obs["chips"]["officer"] == "dot" and not obs["officer_mine"] and obs["destroyed"] == 3


def test_ARMA_D9_alien_chips_form_blocks_and_a_displaced_officer_gives_its_mine():
    s = state("red", 3, {"red1": "s1", "w1": "s2", "w2": "s3"})
    assert refused(s, "move red1 3") == "ARMA-6.1"
    chips = {"red1": "s10", "officer": "gk", "w1": "s1", "w2": "s2", "w3": "s3"}
    s = state("red", 1, chips, officer_mine=True, depot=2)
    s.apply_action("move red1 1")
    assert s.observation(None)["trophies"]["red"] == 1 and s.outcome().clause == "ARMA-1.3"


def test_ARMA_D10_a_single_free_circle_is_taken_without_a_choice():
    s = state("aliens", 1, {"w1": "s5", "red1": "s4", "officer": "e1"}, officer_mine=True, depot=2)
    s.apply_action("move w1 1")
    assert where(s, "red1") == "h1_red_1" and s.is_chance_node()
    s = state("aliens", 1, {"w1": "s5", "red1": "s4", "red2": "s8", "officer": "e1"}, officer_mine=True, depot=2)
    s.apply_action("move w1 1")
    assert legal(s) == ["home red1 h1_red_1", "home red1 h1_red_2"] and s.current_player() == 0
    assert refused(s, "home red1 h2_red_1") == "ARMA-7.1"


def test_ARMA_D11_with_one_colour_the_aliens_win_at_one_chip():
    s = state("red", 1, {"red1": "r7", "red2": "out", "red3": "out"}, {"colours": "red"})
    s.apply_action("move red1 1")
    assert s.outcome().clause == "ARMA-1.4" and s.outcome().winners == (1,)


def test_ARMA_D12_max_turns_cuts_the_game_off_without_a_winner():
    g = boardkit.load_game("armageddon", max_turns=2)
    s = g.new_initial_state()
    for _ in range(2):
        s.apply_action("roll 1")
        s.apply_action(legal(s)[0])
    o = s.outcome()
    assert o.winners == () and o.clause == "ARMA-D12" and o.returns == (0, 0, 0, 0)


def test_ARMA_D13_a_turn_with_no_usable_point_ends_by_itself():
    s = state("red", None, {"red1": "gk", "red2": "out", "red3": "out", "red4": "out", "w1": "s1"}, {"back": "none"})
    s.apply_action("roll 3")
    assert s.seat_name == "green" and s.is_chance_node()
