"""A clock for tests of time budgets: it moves a fixed step at each reading, so a budget is
spent without real waiting."""

from __future__ import annotations


class FakeClock:
    """A monotonic clock that moves ``step`` seconds at each reading (no real waiting)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now
