"""Statistics for simulated outcomes: every Monte Carlo estimate comes with its interval."""

from __future__ import annotations

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


#: Confidence levels offered (the ones the notebooks and tests use).
LEVELS: tuple[float, ...] = (0.90, 0.95, 0.99)


def wilson(k: int, n: int, level: float = 0.95) -> Estimate:
    """Wilson score interval for a binomial proportion
    (``scipy.stats.binomtest(k, n).proportion_ci(method="wilson")``).

    Args:
        k: successes (0 <= k <= n).
        n: trials (n >= 1).
        level: 0.90, 0.95 or 0.99.

    Returns:
        Estimate with the exact point value and the interval.

    Raises:
        ValueError: ``k`` or ``n`` is not a whole number, counts out of range, or an
            unsupported level.
    """
    from scipy.stats import binomtest

    from boardkit.core.checks import check_whole

    check_whole("k", k, 0)
    check_whole("n", n, 1)
    if not (n >= 1 and 0 <= k <= n):
        raise ValueError(f"need 0 <= k <= n and n >= 1, got k={k}, n={n}")
    if level not in LEVELS:
        raise ValueError(f"level must be one of {sorted(LEVELS)}, got {level}")
    ci = binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    low = 0.0 if k == 0 else float(ci.low)
    high = 1.0 if k == n else float(ci.high)  # exact at the ends, not 0.9999999
    return Estimate(k, n, Fraction(k, n), low, high, level)
