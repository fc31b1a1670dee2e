"""Gridhunt clause tests: GRID-1 goal and players.

Clauses of data/rules/gridhunt.yaml; the positions and checks are in gridhunt_clause_support.py.
"""

from __future__ import annotations

import pytest

import boardkit
from boardkit import OptionError

from gridhunt_clause_support import act, err, position


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
