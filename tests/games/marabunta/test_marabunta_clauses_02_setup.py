"""Marabunta clause tests: MARA-2 setup.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations

from fractions import Fraction

import boardkit
from boardkit import CHANCE

from marabunta_clause_support import GAME, SHUFFLED, obs, refused


def test_MARA_2_1_start_player_and_tile_draw_are_chance() -> None:
    """MARA-2.1: the start player is a chance event (1/2 each); each revealed tile is drawn
    uniformly from the shuffled tiles left; the crossed-cupcake tile is never drawn."""
    s = GAME.new_initial_state()
    assert s.current_player() == CHANCE
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("first 0", Fraction(1, 2)), ("first 1", Fraction(1, 2))]
    refused(s, "reveal one", "MARA-2.1", "start player is drawn")
    s.apply_action("first 1")
    assert obs(s, "splitter") == 1 and s.current_player() == CHANCE
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [(f"reveal {t}", Fraction(1, 7)) for t in sorted(SHUFFLED)]
    refused(s, "reveal cupcake", "MARA-2.1", "not in the stack")
    s.apply_action("reveal zeros2")
    assert obs(s, "tile") == "zeros2" and obs(s, "tiles_left") == sorted(t for t in SHUFFLED if t != "zeros2")
    # a later round draws from the tiles left
    s2 = GAME.state_from_position({"round": 3, "tiles_left": ["one", "zero", "cross2", "again", "crates2"]})
    assert [(str(a), p) for a, p in s2.chance_outcomes()] == [
        (f"reveal {t}", Fraction(1, 5)) for t in sorted(["one", "zero", "cross2", "again", "crates2"])]
    refused(s2, "reveal zeros2", "MARA-2.1", "not in the stack")


def test_MARA_2_1_first_player_option() -> None:
    """MARA-2.1: option first_player fixes the start player: no chance event for it."""
    for p in (0, 1):
        s = boardkit.load_game("marabunta", first_player=p).new_initial_state()
        assert obs(s, "splitter") == p and obs(s, "phase") == "reveal"
        assert all(str(a).startswith("reveal ") for a in s.legal_actions())
        refused(s, "first 0", "MARA-3.1", "top tile is revealed")
