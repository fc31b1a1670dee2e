"""Gridhunt clause tests: GRID-5 knowledge (fog of war).

Clauses of data/rules/gridhunt.yaml; the positions and checks are in gridhunt_clause_support.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardkit
from boardkit import IllegalPositionError

from gridhunt_clause_support import act, position


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


@pytest.mark.parametrize("deaths,named", [
    ([[1, 1], [2, 1]], r"deaths\[1\]: seat 2 is listed dead, but players\.2\.alive is true"),
    ([[1, 2]], r"deaths\[0\]: round 2 is not a round played so far \(1 \.\. 1\)"),
    ([[1, 1], [1, 1]], r"deaths\[1\]: seat 1 is listed dead twice"),
    ([], r"deaths: seat 1 is dead \(players\.1\.alive is false\) but its death is not listed"),
])
def test_GRID_5_3_public_deaths_are_the_dead_each_once_in_a_round_played(deaths, named):
    """Who has died is public (GRID-5.3): a position whose public.deaths lists a living seat, a
    round not played yet, a seat twice, or leaves a dead seat out is refused, with study=True
    too (a seat is told alive from the alive flags, so the list is no belief of its own)."""
    g = boardkit.load_game("gridhunt")
    doc = position({0: "b2", 1: None}).to_position()
    assert doc["public"]["deaths"] == [[1, 1]] and g.state_from_position(doc).told_deaths() == [(1, 1)]
    bad = {**doc, "public": {**doc["public"], "deaths": deaths}}
    for study in (False, True):
        with pytest.raises(IllegalPositionError, match=r"GRID-5\.3.*position: public\." + named):
            g.state_from_position(bad, study=study)


def test_GRID_5_4_traps_and_bonuses_unseen_until_landed_on():
    s = position({0: "b2"}, cells={"mine": ["c3"], "shield": ["b4"]})
    act(s, "move b3")
    obs = s.observation(0)
    assert "c3" not in str(obs["you"]["cells"]) and obs["you"]["cells"] == {"b3": "free"}
    s = position({0: "b2"}, cells={"mine": ["b3"]})
    act(s, "move b3")
    assert s.observation(0)["you"]["cells"] == {"b3": "mine"}
