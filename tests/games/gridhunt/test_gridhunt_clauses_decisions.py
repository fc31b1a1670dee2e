"""Gridhunt clause tests: decisions GRID-D*.

Clauses of data/rules/gridhunt.yaml; the positions and checks are in gridhunt_clause_support.py.
"""

from __future__ import annotations

import random

import boardkit
from boardkit import CHANCE, SIMULTANEOUS
from boardkit.games.gridhunt.rules import cell_index

from gridhunt_clause_support import act, err, position


def test_GRID_D1_a_start_cell_does_not_act():
    s = position({0: "b2"}, cells={"mine": ["b2"]})
    assert not s.blocked[0] and s.legal_actions()[0] != s.game.stay


def test_GRID_D2_mine_then_shot_in_the_same_turn():
    s = position({0: "b2", 1: "c3"}, cells={"mine": ["b3"]})
    act(s, "move b3")
    assert "shoot c3" in {str(a) for a in s.legal_actions()}


def test_GRID_D3_a_teleport_landed_on_is_told_even_when_blocked_with_the_used_option():
    for told, public in (("landed", ["b3"]), ("used", [])):
        s = position({0: "b2", 1: "h8"}, cells={"teleport": ["b3", "h8"]}, options={"teleport_told": told})
        act(s, "move b3")
        assert s.game.names[s.pos[0]] == "b3" and s.observation(4)["public_teleports"] == public


def test_GRID_D3_blocked_teleport_told_only_to_the_mover_with_the_used_option():
    s = position({0: "b2", 1: "h8"}, cells={"teleport": ["b3", "h8"]}, options={"teleport_told": "used"})
    act(s, "move b3")
    assert s.observation(0)["known_teleports"] == ["b3"] and s.observation(2)["public_teleports"] == []


def test_GRID_D4_stopped_at_the_first_step_lands_nowhere():
    s = position({0: {"at": "b2"}}, cells={"wall": ["b3"], "shield": ["b2"]})
    act(s, "move b3 b4")
    assert s.game.names[s.pos[0]] == "b2" and not s.shield[0] and s.public_walls == {cell_index(12, "b3")}


def test_GRID_D5_old_sightings_of_a_teammate_do_not_count():
    s = position({0: "b2", 2: "b4"}, options={"teams": 2, "team_shares_vision": False})
    s.know[0].looks.append((1, cell_index(12, "b3"), 1, ((2, cell_index(12, "b4")),)))
    assert s.why_illegal("move b3 b4") is None


def test_GRID_D6_simultaneous_orders_then_resolution_order_drawn():
    g = boardkit.load_game("gridhunt", layout="small", turn_order="simultaneous")
    s = g.new_initial_state()
    for p, c in enumerate(["a2", "b1", "b3", "c1", "c4", "d3", "e2", "e4"]):
        act(s, f"start {p} {c}")
    assert s.current_player() == SIMULTANEOUS and s.current_players() == list(range(8))
    act(s, "move a3", 0)
    act(s, "move b2 a2 a3", 1)
    for p in range(2, 8):
        act(s, s.legal_actions(p)[0], p)
    assert s.current_player() == CHANCE and s.phase == "resolve"
    back = s.game.state_from_json(s.to_json())
    assert back.orders == s.orders
    act(s, "turn 0")
    act(s, "turn 1")  # seat 1 moves after seat 0, onto a3: seat 0 dies
    assert not s.alive[0]


def test_GRID_D7_nobody_left_nobody_wins():
    s = position({0: "b2", 1: "b3", **{p: None for p in range(2, 8)}}, phase="shots",
                 options={"turn_order": "simultaneous"})
    act(s, "shoot b3", 0)
    act(s, "shoot b2", 1)
    o = s.outcome()
    assert o.winners == () and o.clause == "GRID-D7" and s.returns() == [-1] * 8


def test_GRID_D8_shield_and_enhanced_attack_option():
    for stops, alive in ((True, True), (False, False)):
        s = position({0: "b2", 1: {"at": "b4", "shield": True}}, phase="shot", options={"shield_stops_enhanced": stops})
        s.enhanced[0] = True
        act(s, "shoot b4")
        assert s.alive[1] is alive


def test_GRID_D9_shooter_not_told_and_orders_hidden():
    s = position({0: "b2", 1: {"at": "b3", "shield": True}}, phase="shot")
    before = s.observation(0)
    act(s, "shoot b3")
    after = s.observation(0)
    assert before["you"] == after["you"] and s.history(1) == ["shoot ?"]


def test_GRID_D10_max_turns_cuts_the_game_off():
    g = boardkit.load_game("gridhunt", layout="small", max_turns=2)
    s = g.new_initial_state()
    boardkit.random_playout(s, random.Random(1))
    assert s.turns == 2 and s.outcome().clause == "GRID-D10" and s.returns() == [0] * 8


def test_GRID_D11_burst_hits_diagonals_directly():
    s = position({0: "b2", 1: "c3", 3: "a1"}, cells={"wall": ["b3", "c2"]}, phase="shot")
    s.enhanced[0] = True
    act(s, "shoot all")  # walls on b3 and c2 are not between b2 and c3
    assert not s.alive[1] and not s.alive[3]


def test_GRID_D12_team_of_each_seat():
    g = boardkit.load_game("gridhunt", teams=4)
    assert g.teams == (0, 1, 2, 3, 0, 1, 2, 3)


def test_GRID_D13_a_boxed_in_player_stays_then_shoots():
    s = position({0: "a1"}, cells={"wall": ["a2", "b1"]}, public={"walls": ["a2", "b1"]})
    assert not s.is_terminal() and [str(a) for a in s.legal_actions()] == ["move none"]
    act(s, "move none")
    assert s.game.names[s.pos[0]] == "a1" and s.phase == "shot"
    assert [str(a) for a in s.legal_actions()] == ["shoot none"]  # both neighbours are known walls
    # Not boxed in: staying is refused, naming GRID-3.1 and pointing to GRID-D13.
    free = position({0: "a1"}, cells={"wall": ["a2"]}, public={"walls": ["a2"]})
    e = err(free, "move none")
    assert e.clause == "GRID-3.1" and "GRID-D13" in str(e)
    # Walls it has not learned do not box it in: it declares paths and the GM stops them (GRID-3.3).
    hidden = position({0: "a1"}, cells={"wall": ["a2", "b1"]})
    assert "move none" not in [str(a) for a in hidden.legal_actions()]


def test_GRID_D18_line_shots_go_in_8_directions():
    s = position({0: "b2", 1: "e5", 2: "a1"}, phase="shot")
    s.enhanced[0] = True
    legal = {str(a) for a in s.legal_actions()}
    assert {"shoot c3", "shoot h8", "shoot a1", "shoot a3", "shoot c1"} <= legal and "shoot i9" not in legal
    act(s, "shoot e5")
    assert not s.alive[1] and s.alive[2]
    s = position({0: "b2", 1: "e5"}, phase="shot", cells={"wall": ["d4"]})
    s.enhanced[0] = True
    act(s, "shoot e5")  # a hidden wall on the diagonal stops it (GRID-4.3)
    assert s.alive[1]
    s = position({0: "b2", 1: "e5"}, phase="shot", options={"line_directions": 4})
    s.enhanced[0] = True
    e = err(s, "shoot e5")
    assert e.clause == "GRID-D18" and "diagonal" in str(e)
    assert "shoot c3" not in {str(a) for a in s.legal_actions()}


def test_GRID_D22_a_diagonal_shot_passes_a_wall_corner_unless_corner_walls_block():
    """Walls on c2 and b3 meet at a corner across the diagonal b2 -> c3 -> d4 -> e5."""
    corner = {"wall": ["c2", "b3"]}
    for rule, dies in (("pass", True), ("block", False)):  # hidden walls: legal, and at 'block' stopped silently
        s = position({0: "b2", 1: "e5"}, phase="shot", cells=corner, options={"corner_walls": rule})
        s.enhanced[0] = True
        act(s, "shoot e5")
        assert s.alive[1] is not dies
    s = position({0: "b2", 1: "e5"}, phase="shot", cells=corner, options={"corner_walls": "block"})
    s.enhanced[0] = True
    s.know[0].walls.update({cell_index(12, "c2"), cell_index(12, "b3")})  # both walls known: refused
    e = err(s, "shoot e5")
    assert e.clause == "GRID-D22" and "c2 and b3" in str(e) and "corner_walls='block'" in str(e)
    legal = {str(a) for a in s.legal_actions()}
    assert not {"shoot c3", "shoot d4", "shoot e5"} & legal and {"shoot a1", "shoot c1", "shoot a3"} <= legal
    s = position({0: "b2", 1: "e5"}, phase="shot", cells={"wall": ["c2", "b3", "d4"]}, options={"corner_walls": "block"})
    s.enhanced[0] = True
    s.know[0].walls.update({cell_index(12, "c2"), cell_index(12, "b3"), cell_index(12, "d4")})
    assert err(s, "shoot e5").clause == "GRID-D22"  # the corner comes first on the line, the wall on d4 after it
    s = position({0: "b2", 1: "e5"}, phase="shot", cells=corner, options={"corner_walls": "block"})
    s.enhanced[0] = True
    s.know[0].walls.add(cell_index(12, "c2"))  # one of the two known: open as far as the seat knows
    assert "shoot e5" in {str(a) for a in s.legal_actions()} and s.why_illegal("shoot e5") is None
    s = position({0: "b2", 1: "e5"}, phase="shot", cells=corner)  # the default passes between known walls too
    s.enhanced[0] = True
    s.know[0].walls.update({cell_index(12, "c2"), cell_index(12, "b3")})
    act(s, "shoot e5")
    assert not s.alive[1]
    s = position({0: "b2", 1: "a1"}, phase="shot", cells={"wall": ["a2", "b1"]}, options={"corner_walls": "block"})
    s.enhanced[0] = True
    act(s, "shoot all")  # a burst hits the 8 surrounding cells directly (GRID-D11), corner or not
    assert not s.alive[1]


def test_GRID_D18_a_diagonal_neighbour_shot_is_enhanced_and_passes_a_shield():
    s = position({0: "b2", 1: {"at": "c3", "shield": True}}, phase="shot")
    s.enhanced[0] = True
    act(s, "shoot c3")
    assert not s.alive[1]  # not a classic attack (GRID-D8)


def test_GRID_D19_a_blocked_player_still_shoots_unless_mine_blocks_shot():
    s = position({0: {"at": "b2", "idle": True}, 1: "b3"})
    act(s, "move none")
    assert [str(a) for a in s.legal_actions()] == ["shoot a2", "shoot b1", "shoot b3", "shoot c2", "shoot none"]
    act(s, "shoot b3")
    assert not s.alive[1] and not s.idle[0]
    s = position({0: {"at": "b2", "idle": True}, 1: "b3"}, options={"mine_blocks_shot": True})
    act(s, "move none")
    assert [str(a) for a in s.legal_actions()] == ["shoot none"]
    e = err(s, "shoot b3")
    assert e.clause == "GRID-D19" and "mine_blocks_shot" in str(e)


def test_GRID_D20_standing_still_only_with_may_stay():
    s = position({0: "b2"})
    assert err(s, "move none").clause == "GRID-3.1"
    s = position({0: "b2", 1: "c3"}, options={"may_stay": True})
    legal = [str(a) for a in s.legal_actions()]
    assert "move none" in legal and legal == sorted(legal)
    act(s, "move none")
    assert s.game.names[s.pos[0]] == "b2" and s.observation(0)["you"]["looks"][-1]["players"] == {"1": "c3"}


def test_GRID_D21_a_path_into_a_known_wall_refused_or_stopped():
    s = position({0: "b2"}, cells={"wall": ["b4"]})
    s.know[0].walls.add(cell_index(12, "b4"))
    assert err(s, "move b3 b4 b5").clause == "GRID-D21"
    s = position({0: "b2"}, cells={"wall": ["b4"]}, options={"wall_orders": "stopped"})
    s.know[0].walls.add(cell_index(12, "b4"))
    assert "move b3 b4 b5" in {str(a) for a in s.legal_actions()}
    act(s, "move b3 b4 b5")
    assert s.game.names[s.pos[0]] == "b3" and s.observation(5)["public_walls"] == ["b4"]
