"""Gridhunt clause tests: GRID-7 defaults for the unsaid setup.

Clauses of data/rules/gridhunt.yaml; the positions and checks are in gridhunt_clause_support.py.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import boardkit
from boardkit import OptionError


def test_GRID_7_layout_is_uniform_over_valid_layouts():
    """On a 4x4 grid with 2 walls: every ordered pair of wall draws has probability 1/240; a
    pair cutting off a corner is drawn again, every other set is kept: each valid set twice."""
    g = boardkit.load_game("gridhunt", size=4, walls=2, mines=1, vision=0, attack=0, beacon=0, shield=0)
    kept: Counter = Counter()
    s = g.new_initial_state()
    for a, p in s.chance_outcomes():
        s1 = s.child(a)
        for b, q in s1.chance_outcomes():
            s2 = s1.child(b)
            if s2.setup[0] != "wall":
                kept[frozenset((a.cell, b.cell))] += p * q
    assert len(kept) == 120 - 4 and set(kept.values()) == {Fraction(2, 240)}


def test_GRID_7_counts_are_options_and_checked():
    with pytest.raises(OptionError, match="GRID-7"):
        boardkit.load_game("gridhunt", size=4, walls=12)
    assert boardkit.load_game("gridhunt", layout="arena12").counts["wall"] == 12
