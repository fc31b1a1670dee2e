"""One test per Armageddon clause (ARMA-1.1 .. ARMA-9 and the decisions ARMA-D1 .. ARMA-D13),
each named after its clause, on the default board (data/armageddon/default.yaml)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardkit
from boardkit import IllegalActionError
from boardkit.core.rules import IllegalPositionError

from arma_helpers import V1, legal, state, where


def refused(s, action: str) -> str:
    """The clause that refuses ``action``, checking the state is left unchanged."""
    before = (s.to_json(), s.observation(None))
    with pytest.raises(IllegalActionError) as info:
        s.apply_action(action)
    assert (s.to_json(), s.observation(None)) == before
    assert info.value.reason
    return info.value.clause


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


def test_ARMA_2_1_earth_chips_start_on_home_circles_of_their_colour():
    g = boardkit.load_game("armageddon")
    obs = g.new_initial_state().observation(None)["chips"]
    for chip, node in obs.items():
        if chip[0] in "rgy":
            colour = chip.rstrip("1234")
            assert node in g.arma.homes[colour]
            assert any(node in comp for comp in g.arma.compartments)


def test_ARMA_2_2_launch_table_has_three_circles_and_is_never_destroyed():
    g = boardkit.load_game("armageddon")
    assert len(g.arma.table) == 3
    assert not any(t in comp for comp in g.arma.compartments for t in g.arma.table)
    s = state("aliens", 1, {"officer": "b12", "red1": "table1"}, officer_mine=True, depot=0, destroyed=2)
    s.apply_action("move officer 1")  # the third compartment goes; the table stays
    assert s.observation(None)["destroyed"] == 3 and where(s, "red1") == "table1"


def test_ARMA_2_3_earth_colours_in_order_then_the_aliens():
    s = boardkit.load_game("armageddon", colours="yellow red").new_initial_state()
    seen = []
    for _ in range(3):
        seen.append(s.seat_name)
        s.apply_action("roll 1")
        s.apply_action(legal(s)[0])
    assert seen == ["yellow", "red", "aliens"] and s.seat_name == "yellow"
    s.apply_action("roll 3")
    some = s.legal_actions()[0]
    err = s.why_illegal(some, player=1)
    assert isinstance(err, IllegalActionError) and err.clause == "ARMA-2.3"


def test_ARMA_3_1_one_roll_split_among_chips_share_by_share():
    s = boardkit.load_game("armageddon").new_initial_state()
    assert s.chance_outcomes() == [(a, Fraction(1, 6)) for a, _ in s.chance_outcomes()]
    assert [str(a) for a, _ in s.chance_outcomes()] == [f"roll {i}" for i in range(1, 7)]
    s.apply_action("roll 6")
    assert "move red1 6" in legal(s)  # all to one chip
    assert refused(s, "move red1 7") == "ARMA-3.1"  # more points than rolled
    s.apply_action("move red1 4")
    assert refused(s, "move red2 3") == "ARMA-3.1"  # only 2 left
    s.apply_action("move red2 2")
    assert s.seat_name == "green" and s.is_chance_node()


def test_ARMA_3_2_as_many_points_as_possible_must_be_used():
    out = {c: "out" for c in ("red2", "red3", "red4")}
    s = state("red", 5, {**out, "red1": "r10"})  # r11, r12, landing: 3 of 5 usable
    assert legal(s) == ["move red1 3"] and s.usable() == 3
    assert refused(s, "move red1 2") == "ARMA-3.2"
    s.apply_action("move red1 3")
    assert s.seat_name == "green"  # the 2 points left are lost


def test_ARMA_3_3_counting_starts_from_the_launch_table():
    s = state("red", 1)
    s.apply_action("move red1 1")
    assert where(s, "red1") == "table1"
    s = state("red", 3)
    s.apply_action("move red2 3")
    assert where(s, "red2") == "r2"  # home -> table -> r1 -> r2


def test_ARMA_3_4_a_stop_on_the_launch_table_ends_the_turn():
    s = state("red", 2, {"red2": "r12", "red3": "out", "red4": "out"})
    assert "move red1 1" in legal(s)  # the seed never refuses the stop: the turn passes, red2's point is lost
    s.apply_action("move red1 1")
    assert where(s, "red1") == "table1" and where(s, "red2") == "r12" and s.seat_name == "green"
    s = state("red", 1, {"red2": "r1", "red3": "out", "red4": "out"})
    s.apply_action("move red1 1")  # red2 could move too, but the turn is over
    assert where(s, "red1") == "table1" and s.seat_name == "green"


def test_ARMA_3_5_one_chip_per_circle():
    s = state("red", 1, {"red1": "r2", "red2": "r1", "red3": "out", "red4": "out"})
    assert refused(s, "move red2 1") == "ARMA-3.5"
    with pytest.raises(IllegalPositionError) as info:
        state("red", None, {"red1": "r2", "red2": "r2"})
    assert info.value.clause == "ARMA-3.5"


def test_ARMA_3_6_overtaking_own_chips_and_stopping_behind():
    s = state("red", 2, {"red1": "r2", "red2": "r1", "red3": "out", "red4": "out"})
    assert "move red2 2" in legal(s)  # over red1 to r3
    s.apply_action("move red2 2")
    assert where(s, "red2") == "r3"
    s = state("red", 2, {"red1": "r3", "red2": "r1", "red3": "out", "red4": "out"})
    # red2 cannot land on red1: it stops behind (1 point) and the other point goes to red1
    assert "move red2 2" not in legal(s) and "move red2 1" in legal(s)
    s.apply_action("move red2 1")
    s.apply_action("move red1 1")
    assert (where(s, "red2"), where(s, "red1")) == ("r2", "r4")


def test_ARMA_3_7_moves_follow_the_arrows_of_each_side():
    g = boardkit.load_game("armageddon")
    assert g.board.successors("s4", "earth") == ["s5"] and g.board.successors("s5", "aliens") == ["s4"]
    s = state("aliens", 2, {"w1": "s5", "red1": "s1"})
    s.apply_action("move w1 2")
    assert where(s, "w1") == "s3"  # against Earth's arrows


def test_ARMA_4_1_each_colour_flies_its_own_trajectory():
    for colour, first in (("red", "r2"), ("green", "g2"), ("yellow", "y2")):
        s = state(colour, 3)
        s.apply_action(f"move {colour}1 3")
        assert where(s, f"{colour}1") == first


def test_ARMA_4_2_laser_shoots_a_chip_ending_on_its_crossing():
    s = state("red", 1, {"red1": "r7"})
    s.apply_action("move red1 1")
    assert where(s, "red1") == "out"
    s = state("red", 1, {"red1": "r7", "yellow1": "s5"})  # laser off while yellow holds the control circle
    s.apply_action("move red1 1")
    assert where(s, "red1") == "r8"
    s = state("red", 2, {"red1": "r7"})
    s.apply_action("move red1 2")  # passing over the crossing is safe
    assert where(s, "red1") == "r9"


def test_ARMA_4_3_laser_on_again_when_the_control_chip_leaves_or_is_displaced():
    s = state("yellow", 1, {"yellow1": "s5", "red1": "r8", "green1": "g8"})
    assert s.observation(None)["laser"] == "off"
    s.apply_action("move yellow1 1")
    assert where(s, "red1") == "out" and where(s, "green1") == "out" and s.observation(None)["laser"] == "on"
    s = state("aliens", 1, {"yellow1": "s5", "red1": "r8", "w1": "s6"})
    s.apply_action("move w1 1")  # displaces yellow1 from the control circle
    assert (where(s, "w1"), where(s, "red1"), where(s, "yellow1")) == ("s5", "out", "h1_yellow_1")


def test_ARMA_4_4_landing_makes_the_colour_skip_its_next_turn():
    s = state("red", 1, {"red1": "r12"})
    s.apply_action("move red1 1")
    assert where(s, "red1") == "landing" and s.observation(None)["skip"] == ["red"]
    s = state("aliens", None, skip=["red"])
    s.apply_action("roll 1")
    s.apply_action("move officer 1")
    assert s.seat_name == "green" and s.is_chance_node() and s.observation(None)["skip"] == []


def test_ARMA_4_5_on_the_surface_earth_walks_circle_to_circle_toward_gk():
    s = state("red", 3, {"red1": "landing"})
    s.apply_action("move red1 3")
    assert where(s, "red1") == "s3"


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


def test_ARMA_9_default_board_has_section_9_counts():
    from boardkit.games.armageddon.board import board_counts

    g = boardkit.load_game("armageddon")
    c = board_counts(g.arma, g.chips_per_colour, g.mines)
    assert (c["compartments"], c["home_circles"], c["table"], c["surface"], c["exit"], c["blue"]) == (3, 12, 3, 10, 6, 12)
    assert c["trajectory"] == {"red": 12, "green": 12, "yellow": 12} and c["laser_at"] == {"red": 8, "green": 8, "yellow": 8}
    assert c["crossings"] == {"red": 5, "green": 7, "yellow": 9} and c["warriors"] == 3 and c["mines"] == 3
    assert c["far"] == 5 and c["arc"] == 4  # the ring's far side and the officer's arc home (ARMA-D6, ARMA-5.3)


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
