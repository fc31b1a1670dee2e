"""Armageddon clause tests: ARMA-4 Earth's flight.

Clauses of data/rules/armageddon.yaml; the positions and checks are in armageddon_clause_support.py.
"""

from __future__ import annotations

from armageddon_clause_support import state, where


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
