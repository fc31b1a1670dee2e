"""Armageddon clause tests: ARMA-9 the board.

Clauses of data/rules/armageddon.yaml; the positions and checks are in armageddon_clause_support.py.
"""

from __future__ import annotations

import boardkit


def test_ARMA_9_default_board_has_section_9_counts():
    from boardkit.games.armageddon.board import board_counts

    g = boardkit.load_game("armageddon")
    c = board_counts(g.arma, g.chips_per_colour, g.mines)
    assert (c["compartments"], c["home_circles"], c["table"], c["surface"], c["exit"], c["blue"]) == (3, 12, 3, 10, 6, 12)
    assert c["trajectory"] == {"red": 12, "green": 12, "yellow": 12} and c["laser_at"] == {"red": 8, "green": 8, "yellow": 8}
    assert c["crossings"] == {"red": 5, "green": 7, "yellow": 9} and c["warriors"] == 3 and c["mines"] == 3
    assert c["far"] == 5 and c["arc"] == 4  # the ring's far side and the officer's arc home (ARMA-D6, ARMA-5.3)
