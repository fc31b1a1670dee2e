"""Armageddon clause tests: ARMA-2 setup.

Clauses of data/rules/armageddon.yaml; the positions and checks are in armageddon_clause_support.py.
"""

from __future__ import annotations

import boardkit
from boardkit import IllegalActionError

from armageddon_clause_support import legal, state, where


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
