"""The end of a gridhunt game and its winners (GRID-1.1, GRID-D7, GRID-D10)."""

from __future__ import annotations

from typing import Sequence

from boardkit.core.outcome import Outcome

LAST_STANDING = ("last player standing", "GRID-1.1")
LAST_TEAM = ("last team with a living member", "GRID-1.1")
NOBODY_LEFT = ("the last players died at once", "GRID-D7")
CUT_OFF = ("cut off", "GRID-D10")


def cut_off(turns: int, max_turns: int) -> tuple[str, str]:
    """``(reason, clause)`` of a game cut off (GRID-D10) after ``turns`` turns begun, by the
    option ``max_turns``: ``"cut off after 40 turns (max_turns=40)"``; past it when the last
    round of the simultaneous variant began every living player's turn at once (GRID-D6)."""
    past = "; the last round began every living player's turn at once" if turns > max_turns else ""
    return f"{CUT_OFF[0]} after {turns} turns (max_turns={max_turns}{past})", CUT_OFF[1]


def end(alive: Sequence[bool], teams: Sequence[int] | None) -> tuple[str, str] | None:
    """Whether the game is over (GRID-1.1): at most one player (free-for-all) or one team with a
    living member left. Returns ``(reason, clause)`` or None."""
    if teams is None:
        count = sum(1 for a in alive if a)
        return (LAST_STANDING if count == 1 else None) if count else NOBODY_LEFT
    living = [p for p, a in enumerate(alive) if a]
    if not living:
        return NOBODY_LEFT
    return LAST_TEAM if len({teams[p] for p in living}) == 1 else None


def outcome(reason: str, clause: str, alive: Sequence[bool], teams: Sequence[int] | None, cut: bool = False) -> Outcome:
    """The outcome: the last player, or every member of the last team (dead or alive), wins
    (return 1); all others lose (-1). Nobody wins when the last players died at once (GRID-D7,
    all -1) or the game was cut off (GRID-D10, all 0)."""
    n = len(alive)
    if cut:
        return Outcome((), reason, clause, tuple([0] * n))
    living = [p for p, a in enumerate(alive) if a]
    if not living:
        winners: tuple[int, ...] = ()
    elif teams is None:
        winners = tuple(living)
    else:
        winners = tuple(p for p in range(n) if teams[p] == teams[living[0]])
    return Outcome(winners, reason, clause, tuple(1 if p in winners else -1 for p in range(n)))


__all__ = ["LAST_STANDING", "LAST_TEAM", "NOBODY_LEFT", "CUT_OFF", "cut_off", "end", "outcome"]
