"""Gridhunt clause tests: GRID-4 shooting.

Clauses of data/rules/gridhunt.yaml; the positions and checks are in gridhunt_clause_support.py.
"""

from __future__ import annotations

from boardkit.games.gridhunt.rules import cell_index

from gridhunt_clause_support import act, err, position


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


def test_GRID_4_3_walls_stop_shots():
    s = position({0: "b2", 1: "b5"}, cells={"wall": ["b4"]}, phase="shot")
    s.enhanced[0] = True
    act(s, "shoot b5")  # hidden wall: the shot is stopped, silently
    assert s.alive[1]
    s = position({0: "b2", 1: "b5"}, cells={"wall": ["b4"]}, phase="shot")
    s.enhanced[0] = True
    s.know[0].walls.add(cell_index(12, "b4"))
    assert err(s, "shoot b5").clause == "GRID-4.3" and "the wall you know of on b4 stands between" in str(err(s, "shoot b5"))
    e = err(s, "shoot b4")  # the wall itself, not something between
    assert e.clause == "GRID-4.3" and "b4 is a wall you know of" in str(e) and "between" not in str(e)
