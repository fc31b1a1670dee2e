"""The end of a game, in one shape for every game."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    Attributes:
        winners: the winning seats (empty for a game cut off or drawn), ascending.
        reason: what ended the game, in words (``"Queen captured"``).
        clause: the id of the clause that ended the game (``"LEAD-3.4"``).
        returns: one number per seat (1 win, -1 loss, 0 draw or cut off), as ``returns()``.

    >>> o = Outcome((0,), "Queen captured", "LEAD-3.4", (1, -1))
    >>> str(o)
    'player 0 wins: Queen captured (LEAD-3.4)'
    """

    winners: tuple[int, ...]
    reason: str
    clause: str
    returns: tuple[Fraction | int, ...]

    def __post_init__(self) -> None:
        if tuple(sorted(set(self.winners))) != tuple(self.winners):
            raise ValueError(f"Outcome.winners must be ascending without repeats, got {self.winners!r}")
        if not self.clause:
            raise ValueError("Outcome.clause must name the clause that ended the game")

    @property
    def winner(self) -> int | None:
        """The single winner, or None when no one or several won."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"winners": [...], "reason", "clause", "returns": [...]}`` (returns as
        ints where whole, else ``"n/d"`` strings)."""
        def num(x: Fraction | int) -> int | str:
            return int(x) if Fraction(x).denominator == 1 else str(x)
        return {"winners": list(self.winners), "reason": self.reason, "clause": self.clause,
                "returns": [num(r) for r in self.returns]}

    def __str__(self) -> str:
        if not self.winners:
            return f"no winner: {self.reason} ({self.clause})"
        who = "player " + ", ".join(map(str, self.winners))
        verb = "wins" if len(self.winners) == 1 else "win"
        return f"{who} {verb}: {self.reason} ({self.clause})"


__all__ = ["Outcome"]
