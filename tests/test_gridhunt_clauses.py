"""One test (at least) per gridhunt clause, named after it (GRID-1.1 .. GRID-7, GRID-D1 .. GRID-D21).

Positions are built with ``state_from_position`` (tests/gridhunt_helpers.py): 8 seats on a 12x12
grid, two teleports in the far corner unless a test places them.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import networkx as nx
import pytest

import boardkit
from boardkit import CHANCE, SIMULTANEOUS, IllegalActionError, OptionError, sample_chance
from boardkit.games.gridhunt.rules import cell_index

from gridhunt_helpers import position


def act(state, text, player=None):
    state.apply_action(text, player=player)
    return state


def err(state, text, player=None):
    e = state.why_illegal(text, player)
    assert isinstance(e, IllegalActionError), f"{text} is legal"
    return e


def test_GRID_1_1_last_player_standing_wins():
    s = position({0: "b2", 1: "b4", **{p: None for p in range(2, 8)}})
    act(s, "move b3 b4")  # lands on player 1 (GRID-3.4)
    o = s.outcome()
    assert s.is_terminal() and o.winners == (0,) and o.clause == "GRID-1.1"
    assert s.returns() == [1] + [-1] * 7


def test_GRID_1_1_last_team_wins_all_its_members():
    s = position({0: "b2", 1: "b4", 2: None, 3: None, 4: None, 5: None, 6: None, 7: None}, options={"teams": 2})
    act(s, "move b3 b4")  # 0 (team 0) kills 1 (team 1); team 1 still has 3, 5, 7? dead: all but 0 and 1
    assert s.is_terminal() and s.outcome().winners == (0, 2, 4, 6)


def test_GRID_1_2_at_least_eight_players_and_teams():
    with pytest.raises(OptionError, match="GRID-1.2"):
        boardkit.load_game("gridhunt", players=7)
    g = boardkit.load_game("gridhunt", players=9, teams=2)
    assert g.teams == (0, 1, 0, 1, 0, 1, 0, 1, 0)


def test_GRID_1_3_teammates_share_what_they_see_by_default():
    assert boardkit.load_game("gridhunt").options["team_shares_vision"] is True  # they may talk (rules 1.5)
    for share in (False, True):
        s = position({0: "b2", 2: "h5"}, options={"teams": 2, "team_shares_vision": share})
        act(s, "move b3")
        obs2 = s.observation(2)
        assert ("0" in obs2["team_views"]) is share
        assert (str(s.history(2)[-1]) == "move b3") is share


def test_GRID_1_4_teammates_never_harm_each_other():
    s = position({0: "b2", 2: "b4"}, options={"teams": 2}, phase="shot")
    act(s, "shoot b3")
    s2 = position({0: "b3", 2: "b4"}, options={"teams": 2}, phase="shot")
    act(s2, "shoot b4")
    assert s2.alive[2]
    # a teammate it knows of (beaconed): the path onto it is refused
    s3 = position({0: "b2", 2: {"at": "b4", "beaconed": True}}, options={"teams": 2})
    assert err(s3, "move b3 b4").clause == "GRID-1.4"


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
    assert err(s, "move b3 b4").clause == "GRID-3.3"
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


def test_GRID_D3_a_teleport_landed_on_is_told_even_when_blocked_with_the_used_option():
    for told, public in (("landed", ["b3"]), ("used", [])):
        s = position({0: "b2", 1: "h8"}, cells={"teleport": ["b3", "h8"]}, options={"teleport_told": told})
        act(s, "move b3")
        assert s.game.names[s.pos[0]] == "b3" and s.observation(4)["public_teleports"] == public


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


def _walks(size: int, start: int) -> int:
    g = nx.grid_2d_graph(size, size)
    s = (start % size, start // size)
    count = 0

    def go(node, seen, depth):
        nonlocal count
        for nb in g.neighbors(node):
            if nb not in seen:
                count += 1
                if depth < 6:
                    go(nb, seen | {nb}, depth + 1)

    go(s, {s}, 1)
    return count


def test_GRID_3_1_paths_of_one_to_six_steps():
    s = position({0: "f6"})
    assert len(s.legal_actions()) == _walks(12, cell_index(12, "f6")) == 1214  # 1216 away from every edge
    assert err(s, "move f7 f8 f9 f10 f11 f12 e12").clause == "GRID-3.1"  # 7 steps
    assert err(s, "move none").clause == "GRID-3.1"  # 0 cells
    assert err(s, "move f7 f6").clause == "GRID-3.1"  # revisits the start
    assert err(s, "move f8").clause == "GRID-3.1"  # not one step


def test_GRID_3_1_perft_first_turn_agrees_with_an_independent_walk_count():
    case = [c for c in boardkit.core.perft.load_perft_file("gridhunt") if c.name == "small-first-turn"][0]
    starts = [h.split()[2] for h in case.history]
    assert case.counts[2] == sum(_walks(5, cell_index(5, c)) for c in starts)


def test_GRID_3_2_passing_over_a_player():
    s = position({0: "b2", 1: "b3"})
    act(s, "move b3 b4")
    assert s.alive[1] and s.game.names[s.pos[0]] == "b4"


def test_GRID_3_3_hidden_wall_truncates_and_is_told_to_all():
    s = position({0: "b2"}, cells={"wall": ["b4"]})
    assert s.why_illegal("move b3 b4 b5") is None  # the player does not know the wall
    act(s, "move b3 b4 b5")
    assert s.game.names[s.pos[0]] == "b3" and all(s.observation(p)["public_walls"] == ["b4"] for p in range(8))


def test_GRID_3_4_landing_kills_and_a_hidden_teammate_stops_the_move_earlier():
    s = position({0: "b2", 1: "b4"})
    act(s, "move b3 b4")
    assert not s.alive[1] and s.deaths == [(1, 1)]
    # A teammate it does not know of (a team that does not talk, GRID-1.3): one cell earlier.
    s = position({0: "b2", 2: "b4"}, options={"teams": 2, "team_shares_vision": False})
    act(s, "move b3 b4")
    assert s.alive[2] and s.game.names[s.pos[0]] == "b3"
    # Teammates talk by default (GRID-1.3): player 0 knows where 2 is, the path is refused.
    s = position({0: "b2", 2: "b4"}, options={"teams": 2})
    assert err(s, "move b3 b4").clause == "GRID-1.4"


def test_GRID_3_5_blocked_player_does_not_move():
    s = position({0: {"at": "b2", "idle": True}, 1: "b3"})
    assert [str(a) for a in s.legal_actions()] == ["move none"]
    assert err(s, "move b3").clause == "GRID-3.5"
    act(s, "move none")
    assert s.game.names[s.pos[0]] == "b2"


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


def test_GRID_4_1_basic_shot_at_a_neighbour():
    s = position({0: "b2", 1: "b3"}, phase="shot")
    assert sorted(str(a) for a in s.legal_actions()) == ["shoot a2", "shoot b1", "shoot b3", "shoot c2", "shoot none"]
    assert err(s, "shoot b4").clause == "GRID-4.1"
    act(s, "shoot b3")
    assert not s.alive[1]


def test_GRID_4_2_line_shot_hits_the_target_or_the_first_player():
    for mode, dead in (("target", [2]), ("first", [1])):
        s = position({0: "b2", 1: "b4", 2: "b6"}, phase="shot", options={"line_shot": mode})
        s.enhanced[0] = True
        act(s, "shoot b6")
        assert [p for p in (1, 2) if not s.alive[p]] == dead
    s = position({0: "b2"}, phase="shot")
    s.enhanced[0] = True
    assert err(s, "shoot c4").clause == "GRID-4.2"  # a knight's jump is no line


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


def test_GRID_D18_a_diagonal_neighbour_shot_is_enhanced_and_passes_a_shield():
    s = position({0: "b2", 1: {"at": "c3", "shield": True}}, phase="shot")
    s.enhanced[0] = True
    act(s, "shoot c3")
    assert not s.alive[1]  # not a classic attack (GRID-D8)


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
    assert err(s, "move b3 b4 b5").clause == "GRID-3.3"
    s = position({0: "b2"}, cells={"wall": ["b4"]}, options={"wall_orders": "stopped"})
    s.know[0].walls.add(cell_index(12, "b4"))
    assert "move b3 b4 b5" in {str(a) for a in s.legal_actions()}
    act(s, "move b3 b4 b5")
    assert s.game.names[s.pos[0]] == "b3" and s.observation(5)["public_walls"] == ["b4"]


def test_GRID_4_3_walls_stop_shots():
    s = position({0: "b2", 1: "b5"}, cells={"wall": ["b4"]}, phase="shot")
    s.enhanced[0] = True
    act(s, "shoot b5")  # hidden wall: the shot is stopped, silently
    assert s.alive[1]
    s = position({0: "b2", 1: "b5"}, cells={"wall": ["b4"]}, phase="shot")
    s.enhanced[0] = True
    s.know[0].walls.add(cell_index(12, "b4"))
    assert err(s, "shoot b5").clause == "GRID-4.3"


def test_GRID_5_1_start_cells_uniform_and_told_only_to_their_player():
    g = boardkit.load_game("gridhunt", layout="small")
    s = g.new_initial_state()
    out = s.chance_outcomes()
    assert len(out) == 23 and {p for _, p in out} == {Fraction(1, 23)}
    act(s, "start 0 b1")
    assert s.history(0) == s.history() and s.history(1) == ["start ?"]
    assert s.observation(0)["you"]["position"] == "b1" and s.observation(1)["you"]["position"] is None


def test_GRID_5_2_sight_radius_one_after_a_move():
    s = position({0: "b2", 1: "d3", 2: "e3"}, cells={"wall": ["d1", "c4"], "teleport": ["b3", "l12"]})
    act(s, "move c2")
    obs = s.observation(0)
    assert obs["you"]["looks"][-1]["players"] == {"1": "d3"}
    assert obs["known_walls"] == ["d1"] and obs["known_teleports"] == ["b3"]  # c4, e3: 2 cells away


def test_GRID_5_3_deaths_are_public():
    s = position({0: "b2", 1: "b3"}, phase="shot", options={"deaths_told": "at_once"})
    act(s, "shoot b3")
    assert all(s.observation(p)["deaths"] == [[1, 1]] for p in range(8))


def test_GRID_5_4_traps_and_bonuses_unseen_until_landed_on():
    s = position({0: "b2"}, cells={"mine": ["c3"], "shield": ["b4"]})
    act(s, "move b3")
    obs = s.observation(0)
    assert "c3" not in str(obs["you"]["cells"]) and obs["you"]["cells"] == {"b3": "free"}
    s = position({0: "b2"}, cells={"mine": ["b3"]})
    act(s, "move b3")
    assert s.observation(0)["you"]["cells"] == {"b3": "mine"}


def test_GRID_6_random_order_each_round_and_fixed_order():
    g = boardkit.load_game("gridhunt", layout="small")
    s = g.new_initial_state()
    for p, c in enumerate(["a2", "b1", "b3", "c1", "c4", "d3", "e2", "e4"]):
        act(s, f"start {p} {c}")
    assert s.current_player() == CHANCE and {p for _, p in s.chance_outcomes()} == {Fraction(1, 8)}
    act(s, "turn 5")
    assert s.current_player() == 5 and err(s, "move a3", 0).clause == "GRID-6"
    g = boardkit.load_game("gridhunt", layout="small", turn_order="fixed")
    s = g.new_initial_state()
    for p, c in enumerate(["a2", "b1", "b3", "c1", "c4", "d3", "e2", "e4"]):
        act(s, f"start {p} {c}")
    assert s.current_player() == 0


def test_GRID_6_an_order_for_a_dead_player_is_refused():
    s = position({0: "b2", 1: None})
    e = err(s, "move c10", 1)
    assert e.clause == "GRID-6" and "dead" in e.reason


def test_GRID_7_layout_is_uniform_over_valid_layouts():
    """On a 4x4 grid with 2 walls: every ordered pair of wall draws has probability 1/240; a
    pair cutting off a corner is drawn again, every other set is kept: each valid set twice."""
    g = boardkit.load_game("gridhunt", size=4, walls=2, mines=1, vision=0, attack=0, beacon=0, shield=0)
    kept: Counter = Counter()
    s = g.new_initial_state()
    for a, p in s.chance_outcomes():
        s1 = s.child(a)
        for b, q in s1.chance_outcomes():
            s2 = s1.child(b)
            if s2.setup[0] != "wall":
                kept[frozenset((a.cell, b.cell))] += p * q
    assert len(kept) == 120 - 4 and set(kept.values()) == {Fraction(2, 240)}


def test_GRID_7_counts_are_options_and_checked():
    with pytest.raises(OptionError, match="GRID-7"):
        boardkit.load_game("gridhunt", size=4, walls=12)
    assert boardkit.load_game("gridhunt", layout="arena12").counts["wall"] == 12


def test_GRID_D1_a_start_cell_does_not_act():
    s = position({0: "b2"}, cells={"mine": ["b2"]})
    assert not s.blocked[0] and s.legal_actions()[0] != s.game.stay


def test_GRID_D2_mine_then_shot_in_the_same_turn():
    s = position({0: "b2", 1: "c3"}, cells={"mine": ["b3"]})
    act(s, "move b3")
    assert "shoot c3" in {str(a) for a in s.legal_actions()}


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
