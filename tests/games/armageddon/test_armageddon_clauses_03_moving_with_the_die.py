"""Armageddon clause tests: ARMA-3 moving with the die.

Clauses of data/rules/armageddon.yaml; the positions and checks are in armageddon_clause_support.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardkit
from boardkit.core.rules import IllegalPositionError

from armageddon_clause_support import legal, refused, state, where


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


def test_ARMA_3_1_a_position_with_more_shares_than_points_given_is_refused():
    g = boardkit.load_game("armageddon")
    s = g.new_initial_state()
    s.apply_action("roll 6")
    s.apply_action("move red1 2")
    d = s.to_position()
    assert g.state_from_position(d).to_position() == d  # 2 points given, 1 chip moved
    for change in ({"left": 6}, {"roll": 1, "left": 0, "moved": ["red1", "red2"]}):
        with pytest.raises(IllegalPositionError) as info:
            g.state_from_position({**d, **change})
        assert info.value.clause == "ARMA-3.1" and "each share is at least 1 point" in str(info.value)
    without_left = {k: v for k, v in d.items() if k != "left"}  # left defaults to the roll: nothing given
    with pytest.raises(IllegalPositionError, match="moved: 1 chip"):
        g.state_from_position(without_left)
    assert g.state_from_position({**d, "left": 6}, study=True).left == 6  # a study position may set it
    with pytest.raises(boardkit.BoardkitDataError, match="moved"):
        g.state_from_position({**d, "moved": ["red1", "red1"]})


def test_ARMA_3_1_a_move_with_no_point_left_is_refused_as_a_turn_over():
    """Play moves on to the next side's roll once every point is given, so a position in the
    move phase with 0 points left is one play never reaches (it would not read back as
    written); a study position may still set it."""
    g = boardkit.load_game("armageddon")
    s = g.new_initial_state()
    s.apply_action("roll 6")
    s.apply_action("move red1 2")
    d = s.to_position()
    done = {**d, "left": 0, "moved": ["red1", "red2"]}
    with pytest.raises(IllegalPositionError) as info:
        g.state_from_position(done)
    assert info.value.clause == "ARMA-3.1" and "red's turn is over" in str(info.value)
    assert g.state_from_position(done, study=True).to_position()["turn"] == "green"  # settled into green's roll


def test_ARMA_3_2_as_many_points_as_possible_must_be_used():
    out = {c: "out" for c in ("red2", "red3", "red4")}
    s = state("red", 5, {**out, "red1": "r10"})  # r11, r12, landing: 3 of 5 usable
    assert legal(s) == ["move red1 3"] and s.usable() == 3
    assert refused(s, "move red1 2") == "ARMA-3.2"
    s.apply_action("move red1 3")
    assert s.seat_name == "green"  # the 2 points left are lost


#: A position reached in a seeded random game: green has rolled 3; green4 stands on the
#: laser-control circle s5 and green1 on the laser crossing g8 (ARMA-4.3).
LASER_RISK = {
    "turn": "green", "phase": "move", "roll": 3, "left": 3, "moved": [], "pending": [],
    "chips": {"red1": "r12", "red2": "r7", "red3": "r11", "red4": "out", "green1": "g8", "green2": "g12",
              "green3": "out", "green4": "s5", "yellow1": "out", "yellow2": "y11", "yellow3": "landing",
              "yellow4": "s3", "w1": "gk", "w2": "s8", "w3": "s7", "officer": "e2"},
    "officer_mine": False, "depot": 3, "trophies": {"red": 0, "green": 0, "yellow": 0}, "destroyed": 0,
    "skip": ["yellow"], "turns": 62,
}


def test_ARMA_3_2_a_chip_shot_down_by_the_share_uses_no_point_of_the_rest():
    """Once green4 leaves s5 the laser shoots green1 down (ARMA-4.3): the rest of the roll is
    then green2's alone, which cannot use it, so those shares use fewer than the 3 points
    green1 can use. (The search counted the shot chip as if it could still walk.)"""
    s = boardkit.load_game("armageddon").state_from_position(LASER_RISK)
    assert s.usable() == 3
    assert legal(s) == ["back green4 3", "move green1 1", "move green1 2", "move green1 3", "spare green4 3"]
    for action in ("move green4 1", "move green4 2", "back green4 1", "spare green4 2"):
        assert refused(s, action) == "ARMA-3.2", action
    assert "only 2 of the 3 usable point(s)" in s.why_illegal("spare green4 2").reason
    s.apply_action("move green1 1")  # the rest is green2's and green4's: 2 points
    assert s.left == 2 and where(s, "green1") != "out"


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
