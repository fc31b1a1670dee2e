"""Shared setup of the gridhunt clause tests (tests/games/gridhunt/test_gridhunt_clauses_*.py): one
test at least per clause of ``data/rules/gridhunt.yaml`` (GRID-1.1 .. GRID-7 and the decisions
GRID-D*), each named after its clause (``test_GRID_3_4_...``).

Positions are built with ``state_from_position`` (``position``: tests/gridhunt_helpers.py, shared
with the other gridhunt tests): 8 seats on a 12x12 grid, two teleports in the far corner unless a
test places them. ``act`` plays an order, ``err`` returns the IllegalActionError of one refused.
"""

from __future__ import annotations

import sys
from pathlib import Path

from boardkit import IllegalActionError

# tests/ holds gridhunt_helpers.py, shared with the gridhunt tests there; pytest puts it on the path
# only when it collects one of those, so a run of this folder alone puts it there itself.
_TESTS = str(Path(__file__).resolve().parents[2])
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

from gridhunt_helpers import position  # noqa: E402

__all__ = ["act", "err", "position"]


def act(state, text, player=None):
    state.apply_action(text, player=player)
    return state


def err(state, text, player=None):
    e = state.why_illegal(text, player)
    assert isinstance(e, IllegalActionError), f"{text} is legal"
    return e
