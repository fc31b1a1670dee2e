"""Leaders clause tests: LEAD-4 sight (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

from leaders_clause_support import GAME, legal, pos, refused


def test_LEAD_4_1_sight_blocked_by_a_character_in_between() -> None:
    """LEAD-4.1: a character sees only the first character along a straight line."""
    s = pos("King a1, Illusionist d2", "Queen d7, Rider d4, Vizier d5")
    s.apply_action("select d2")
    swaps = {a for a in legal(s) if a.startswith("swap")}
    assert swaps == {"swap d4"}
    refused(s, "swap d5", "LEAD-5.5")  # the Rider on d4 stands between
    refused(s, "swap d7", "LEAD-5.5")
    m = pos("King a1, Manipulator d2", "Queen d7, Rider d4, Vizier d5")
    m.apply_action("select d2")
    assert {a.split()[1] for a in legal(m) if a.startswith("manipulate")} == {"d4"}
    refused(m, "manipulate d5 e5", "LEAD-5.7")


def test_LEAD_4_1_sight_only_along_straight_lines() -> None:
    """LEAD-4.1: a character two cells away but not on a line of the board is not seen."""
    s = pos("King a1, Illusionist d4", "Queen d7, Rider e3")  # e3: distance 2 from d4, off-line
    assert GAME.board.distance("d4", "e3") == 2
    s.apply_action("select d4")
    assert {a for a in legal(s) if a.startswith("swap")} == {"swap d7", "swap a1"}  # up the file, down the diagonal
    refused(s, "swap e3", "LEAD-5.5")
