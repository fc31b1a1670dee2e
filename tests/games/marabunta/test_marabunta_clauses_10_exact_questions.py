"""Marabunta clause tests: MARA-10 exact questions.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations



from marabunta_clause_support import REGIONS, position


def test_MARA_10_the_engine_offers_63_splits() -> None:
    """MARA-10: the number of distinct splits (unordered, both pools non-empty) is 63 =
    2^7/2 - 1, the engine's split count, and boardkit.analysis.splits.count_splits(7)."""
    s = position("zeros2", roll={"yellow": "3", "orange": "crate", "green": "0", "teal": "2", "purple": "1"})
    assert len(s.legal_actions()) == 63 == 2 ** 7 // 2 - 1
    pools = {frozenset(a.pool) for a in s.legal_actions()}
    everything = frozenset(REGIONS + ["tile"])
    assert all(p and everything - p for p in pools)
    assert len({frozenset([p, everything - p]) for p in pools}) == 63  # unordered pairs, all distinct


def test_MARA_10_count_splits_matches_the_engine() -> None:
    """MARA-10: boardkit.analysis.splits.count_splits(7) == 63."""
    from boardkit.analysis.splits import count_splits

    assert count_splits(7) == 63
