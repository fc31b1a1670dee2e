"""Gridhunt clause tests: GRID-3 movement.

Clauses of data/rules/gridhunt.yaml; the positions and checks are in gridhunt_clause_support.py.
"""

from __future__ import annotations

import networkx as nx

import boardkit
from boardkit.games.gridhunt.rules import cell_index

from gridhunt_clause_support import act, err, position


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


def test_GRID_3_1_a_move_onto_ones_own_cell_or_staying_is_told_plainly():
    """'move f6' while on f6 was refused as "step 1 to f6 is not one orthogonal step from f6",
    and 'move none' as "a move of 0 cells is not allowed": both now say that a move leaves the
    player's cell, when staying is allowed (boxed in, GRID-D13; may_stay, GRID-D20) and give a
    path the player may declare instead."""
    s = position({0: "f6"})
    e = err(s, "move f6")
    assert e.clause == "GRID-3.1" and str(e).endswith(
        "f6 is your own cell (player 0): a move leaves it, 1 to 6 orthogonal steps; 'move none' (staying) is only "
        "for a player boxed in by walls or teammates it knows of (GRID-D13); you can move, e.g. 'move e6'"), str(e)
    e = err(s, "move none")
    assert e.clause == "GRID-3.1" and str(e).endswith(
        "a player moves 1 to 6 cells: 'move none' (staying) is only for a player boxed in by walls or teammates it "
        "knows of (GRID-D13); you can move, e.g. 'move e6'"), str(e)
    assert str(err(s, "move f7 f6")).endswith("the path visits f6 twice (it starts there)")
    assert "not one orthogonal step from f7" in str(err(s, "move f7 f7"))
    boxed = position({0: "a1"}, cells={"wall": ["a2", "b1"]}, public={"walls": ["a2", "b1"]})
    assert str(err(boxed, "move a1")).endswith("you are boxed in by walls or teammates you know of: order 'move none' "
                                               "(GRID-D13)")
    free = position({0: "f6"}, options={"may_stay": True})
    assert str(err(free, "move f6")).endswith("a move leaves it, 1 to 6 orthogonal steps; to stay, order 'move none' "
                                              "(GRID-D20)") and free.why_illegal("move none") is None


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
