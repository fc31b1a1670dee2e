"""How a Battle Royale game ends and who wins (BR-3.1, BR-3.2, BR-D6, BR-D7, BR-D9, BR-D13)."""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

from boardkit.core.outcome import Outcome

#: Reasons the game ends, each with the clause that ends it.
ONE_COLOUR = ("only one colour left in the arena", "BR-3.1")
NO_COLOUR = ("no player's figure left in the arena", "BR-3.1")
GOAL_ONLY = ("only the goal tile is left", "BR-3.1")
NO_CARDS = ("no cards left and a full round played", "BR-D13")
CUT_OFF = ("cut off", "BR-D9")


def arena_end(tiles: Mapping[int, Counter[str]], goal: int, neutral: str) -> tuple[str, str] | None:
    """BR-3.1, BR-D6 (checked after every removal): ``(reason, clause)`` when figures of only
    one player colour (or none) are left in the arena, or only the goal tile; else None."""
    colours = {c for counts in tiles.values() for c, k in counts.items() if k > 0 and c != neutral}
    if len(colours) <= 1:
        return ONE_COLOUR if colours else NO_COLOUR
    if len(tiles) == 1 and goal in tiles:
        return GOAL_ONLY
    return None


def winners(goal: Counter[str], prisoners: Sequence[Counter[str]], colours: Sequence[str],
            empty_goal: str = "nobody") -> tuple[int, ...]:
    """BR-3.2, BR-D7: the seats with the majority on the goal tile, then most prisoners; all
    still tied win. With no player's figure on the goal nobody holds a majority there: under
    ``empty_goal="nobody"`` (the seed) nobody wins; under ``"prisoners"`` all players tie at
    0 and prisoners decide (BR-D7).

    Args:
        goal: the figures on the goal tile by colour.
        prisoners: per seat, its prisoners by colour.
        colours: the seats' colours.
        empty_goal: the option ``empty_goal``: ``"nobody"`` or ``"prisoners"``.

    Returns:
        The winning seats in order; ``()`` when nobody wins.
    """
    key = [(goal[colours[p]], sum(prisoners[p].values())) for p in range(len(prisoners))]
    best = max(key)
    if best[0] == 0 and empty_goal == "nobody":
        return ()  # BR-D7: "die Person, der die Mehrheit auf dem Zielfeld besitzt" - nobody does
    return tuple(p for p in range(len(prisoners)) if key[p] == best)


def outcome(reason: str, clause: str, won: tuple[int, ...], n: int) -> Outcome:
    """The Outcome: returns 1 per winner and -1 for the others; all 0 when nobody wins (a game
    cut off by ``max_turns``, BR-D9, or ended with no player's figure on the goal, BR-D7)."""
    returns = tuple((1 if p in won else -1) if won else 0 for p in range(n))
    return Outcome(won, reason, clause, returns)
