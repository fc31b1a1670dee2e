"""Gridhunt clause tests: GRID-2 the grid and its cells.

Clauses of data/rules/gridhunt.yaml; the positions and checks are in gridhunt_clause_support.py.
"""

from __future__ import annotations

import random
from collections import Counter

import boardkit
from boardkit import sample_chance
from boardkit.games.gridhunt.rules import cell_index

from gridhunt_clause_support import act, err, position


def test_GRID_2_1_orthogonal_moves_chebyshev_sight():
    s = position({0: "b2", 1: "d4"})
    assert err(s, "move c3").clause == "GRID-3.1"  # diagonal
    act(s, "move c2")
    look = s.observation(0)["you"]["looks"][-1]
    assert look["players"] == {} and look["radius"] == 1  # d4 is 2 cells (Chebyshev) from c2: not seen
    s = position({0: "b2", 1: "d3"})
    act(s, "move c2")
    assert s.observation(0)["you"]["looks"][-1]["players"] == {"1": "d3"}  # diagonal neighbour seen
    assert err(position({0: "l2"}), "move m2").clause == "GRID-2.1"  # off the 12x12 grid


def test_GRID_2_2_random_layout_has_every_kind_in_its_count():
    g = boardkit.load_game("gridhunt")
    s = g.new_initial_state()
    rng = random.Random(3)
    while s.setup:
        s.apply_action(sample_chance(s, rng))
    assert Counter(s.cells) == {"free": 110, "wall": 12, "mine": 6, "vision": 4, "attack": 4, "beacon": 4, "teleport": 2,
                                "shield": 2}


def test_GRID_2_3_wall_cannot_be_entered_and_stops_attacks():
    s = position({0: "b2"}, cells={"wall": ["b3"]})
    s.know[0].walls.add(cell_index(12, "b3"))
    assert err(s, "move b3 b4").clause == "GRID-D21"
    s = position({0: "b2", 1: "b4"}, cells={"wall": ["b3"]}, phase="shot")
    s.enhanced[0] = True
    act(s, "shoot b4")
    assert s.alive[1]


def test_GRID_2_4_mine_blocks_the_next_turn_and_stays():
    s = position({0: "b2"}, cells={"mine": ["b3"]}, options={"turn_order": "fixed"})
    act(s, "move b3")
    assert s.blocked[0] and s.cells[cell_index(12, "b3")] == "mine"
    act(s, "shoot none")
    for _ in range(7):  # seats 1 .. 7 stay put
        act(s, s.legal_actions()[0])
        act(s, "shoot none")
    assert s.current_player() == 0 and [str(a) for a in s.legal_actions()] == ["move none"]


def test_GRID_2_5_vision_radius_two_then_free():
    s = position({0: "b2", 1: "d5"}, cells={"vision": ["b3"]})
    act(s, "move b3")
    look = s.observation(0)["you"]["looks"][-1]
    assert look["radius"] == 2 and look["players"] == {"1": "d5"}
    assert s.cells[cell_index(12, "b3")] == "free"


def test_GRID_2_6_enhanced_attack_then_free():
    s = position({0: "b2", 1: "b7", 2: "d4"}, cells={"attack": ["b3"]})
    act(s, "move b3")
    legal = {str(a) for a in s.legal_actions()}
    assert {"shoot all", "shoot b7", "shoot b9", "shoot h3"} <= legal and s.cells[cell_index(12, "b3")] == "free"
    act(s, "shoot b7")
    assert not s.alive[1]


def test_GRID_2_7_beacon_position_public():
    s = position({0: "b2"}, cells={"beacon": ["b3"]})
    act(s, "move b3 c3")
    assert s.observation(5)["beacons"] == {}  # passed over, not landed (GRID-2.11)
    s = position({0: "b2"}, cells={"beacon": ["b3"]})
    act(s, "move b3")
    assert s.observation(5)["beacons"] == {"0": "b3"} and s.cells[cell_index(12, "b3")] == "free"


def test_GRID_2_8_teleport_moves_and_becomes_public():
    s = position({0: "b2"}, cells={"teleport": ["b3", "h8"]})
    act(s, "move b3")
    assert s.game.names[s.pos[0]] == "h8" and s.observation(4)["public_teleports"] == ["b3", "h8"]
    s = position({0: "b2", 1: "h8"}, cells={"teleport": ["b3", "h8"]})
    act(s, "move b3")
    assert s.game.names[s.pos[0]] == "b3" and s.observation(4)["public_teleports"] == ["b3"]  # arrival occupied


def test_GRID_2_9_arrival_never_kills_departure_occupant_does_die():
    s = position({0: "b2", 1: "b3"}, cells={"teleport": ["b3", "h8"]})
    act(s, "move b3")
    assert not s.alive[1] and s.game.names[s.pos[0]] == "h8"


def test_GRID_2_10_shield_absorbs_a_shot_and_a_mine_and_stays():
    s = position({0: "b2"}, cells={"shield": ["b3"]})
    act(s, "move b3")
    assert s.shield[0] and s.cells[cell_index(12, "b3")] == "shield"
    s = position({0: "b2", 1: {"at": "b3", "shield": True}}, phase="shot")
    act(s, "shoot b3")
    assert s.alive[1] and not s.shield[1]
    s = position({0: {"at": "b2", "shield": True}}, cells={"mine": ["b3"]})
    act(s, "move b3")
    assert not s.blocked[0] and not s.shield[0]


def test_GRID_2_10_landing_kills_a_shielded_player_unless_the_option():
    s = position({0: "b2", 1: {"at": "b3", "shield": True}})
    act(s, "move b3")
    assert not s.alive[1]
    s = position({0: "b2", 1: {"at": "b3", "shield": True}}, options={"shield_stops_landing": True})
    act(s, "move b3")
    assert s.alive[1] and not s.shield[1] and s.game.names[s.pos[0]] == "b2"


def test_GRID_2_11_cells_passed_over_do_nothing():
    s = position({0: "b2"}, cells={"mine": ["b3"], "vision": ["b4"]})
    act(s, "move b3 b4 b5")
    assert not s.blocked[0] and s.cells[cell_index(12, "b4")] == "vision"
