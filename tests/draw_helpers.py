"""A stand-in rng for the tests of the rollout draws (Armageddon's shares, gridhunt's orders):
it answers a chosen index, so a test can reach every candidate a draw has."""

from __future__ import annotations


class OneIndex:
    """An rng whose ``randrange(n)`` answers ``index`` (which must be below ``n``)."""

    def __init__(self, index: int) -> None:
        self.index, self.n = index, None

    def randrange(self, n: int) -> int:
        self.n = n
        assert 0 <= self.index < n
        return self.index
