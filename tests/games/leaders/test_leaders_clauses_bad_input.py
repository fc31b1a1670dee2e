"""Leaders clause tests: bad input (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

import pytest

from boardkit.core.rules import IllegalPositionError, NotationError
from boardkit.core.validate import BoardkitDataError

from leaders_clause_support import GAME, pos


@pytest.mark.parametrize("text", ["fly d3", "move z9", "move", "move d3 d4", "recruit Dragon a1", "", "pass now",
                                  "first 2", "push d4", "select h1", "recruit HermitCub a1", "draw"])
def test_LEAD_2_2_bad_notation_raises_notation_error(text: str) -> None:
    """LEAD-2.2 (notation): text that is no Leaders action raises NotationError, state unchanged."""
    s = pos("King d1", "Queen d7")
    before = s.to_json()
    with pytest.raises(NotationError):
        s.apply_action(text)
    assert s.to_json() == before


def test_LEAD_2_2_malformed_position_raises_data_error() -> None:
    """LEAD-2.2 (positions): malformed descriptions raise BoardkitDataError; two pieces on one
    cell raise IllegalPositionError."""
    with pytest.raises(BoardkitDataError):
        GAME.state_from_position("pieces:\n  0: King d1, Dragon c3\n  1: Queen d7\n")
    with pytest.raises(BoardkitDataError):
        GAME.state_from_position("pieces:\n  0: King z9\n  1: Queen d7\n")
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Rider d4", "Queen d7, Vizier d4")
    assert info.value.clause == "LEAD-2.2"
