"""Statistics for simulated outcomes: every Monte Carlo estimate comes with its interval."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Estimate:
    """A proportion estimated from ``k`` successes in ``n`` trials.

    Attributes:
        k, n: counts.
        point: k/n as an exact Fraction.
        low, high: Wilson score interval bounds (floats, probability) at ``level``.
        level: confidence level (e.g. 0.95).
    """

    k: int
    n: int
    point: Fraction
    low: float
    high: float
    level: float

    def contains(self, p: float | Fraction) -> bool:
        """Whether ``p`` lies in the interval."""
        return self.low <= float(p) <= self.high

    def __str__(self) -> str:
        return f"{float(self.point):.3f} ({self.level:.0%} CI {self.low:.3f}-{self.high:.3f}, n={self.n})"


_Z = {0.90: 1.6448536269514722, 0.95: 1.959963984540054, 0.99: 2.5758293035489004}


def wilson(k: int, n: int, level: float = 0.95) -> Estimate:
    """Wilson score interval for a binomial proportion.

    Args:
        k: successes (0 <= k <= n).
        n: trials (n >= 1).
        level: 0.90, 0.95 or 0.99.

    Returns:
        Estimate with the exact point value and the interval.

    Raises:
        ValueError: counts out of range or an unsupported level.
    """
    if not (n >= 1 and 0 <= k <= n):
        raise ValueError(f"need 0 <= k <= n and n >= 1, got k={k}, n={n}")
    if level not in _Z:
        raise ValueError(f"level must be one of {sorted(_Z)}, got {level}")
    z = _Z[level]
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)  # exact at the ends, not 0.9999999
    return Estimate(k, n, Fraction(k, n), low, high, level)
