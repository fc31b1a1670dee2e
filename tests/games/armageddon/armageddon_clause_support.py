"""Shared setup of the Armageddon clause tests (tests/games/armageddon/test_armageddon_clauses_*.py):
one or more tests per clause of ``data/rules/armageddon.yaml`` (ARMA-1.1 .. ARMA-9, the decisions
ARMA-D1 .. ARMA-D13, and the readings of rules 2.0 with their options, ARMA-D14 .. ARMA-D16).

Each test is named after its clause (``test_ARMA_3_5_...``) and plays on the default board
(data/armageddon/default.yaml) unless it loads another. Positions are START with some chips put
elsewhere, written from the board's node names (``state``, ``V1`` for the rules of 1.0:
tests/arma_helpers.py, shared with the other Armageddon tests); refused actions name their
clause and leave the state unchanged (``refused``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from boardkit import IllegalActionError

# tests/ holds arma_helpers.py, shared with the Armageddon tests there; pytest puts it on the path
# only when it collects one of those, so a run of this folder alone puts it there itself.
_TESTS = str(Path(__file__).resolve().parents[2])
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

from arma_helpers import V1, legal, state, where  # noqa: E402

__all__ = ["V1", "legal", "refused", "state", "where"]


def refused(s, action: str) -> str:
    """The clause that refuses ``action``, checking the state is left unchanged."""
    before = (s.to_json(), s.observation(None))
    with pytest.raises(IllegalActionError) as info:
        s.apply_action(action)
    assert (s.to_json(), s.observation(None)) == before
    assert info.value.reason
    return info.value.clause
