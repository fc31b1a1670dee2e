"""Why a Marabunta action is illegal outside a pool being carried out: the phase-level
refusals (the end, chance's turns, the split, the take). While a pool is carried out the rule
path is :func:`boardkit.games.marabunta.rules.check`, the code that makes the legal actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.actions import FirstPlayer, RollDie
from boardkit.core.rules import Refusal
from boardkit.games.marabunta.actions import PLAYERS, Reveal, Split, Take
from boardkit.games.marabunta.tasks import Phase

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.core.actions import Action
    from boardkit.games.marabunta.state import MarabuntaState


def phase_refusal(state: "MarabuntaState", action: "Action") -> Refusal:
    """The Refusal for ``action``, which is not among the legal actions of ``state`` in a
    phase other than carrying out a pool: the game is over (MARA-8.1; the reason is the
    outcome's, as ``to_position`` gives it), chance acts (MARA-2.1, MARA-3.1), the splitter
    splits (MARA-3.2) or the chooser takes a pool (MARA-3.3).

    Returns:
        Refusal: ``.clause`` the rule, ``.reason`` why in words.
    """
    g = state.game
    phase = state.phase
    if phase == Phase.OVER:  # worded by the outcome, as to_position words the end (MARA-8.4, MARA-D11)
        return Refusal("MARA-8.1", f"the game is over ({state._outcome().reason}); no action can follow")
    if phase == Phase.FIRST:
        return Refusal("MARA-2.1", "chance acts now: the start player is drawn ('first 0' or 'first 1')")
    if phase == Phase.REVEAL:
        if isinstance(action, Reveal):
            return Refusal("MARA-2.1", f"the tile {action.tile} is not in the stack (left: {', '.join(sorted(state.stack))})")
        return Refusal("MARA-3.1", "chance acts now: the top tile is revealed ('reveal TILE')")
    if phase == Phase.ROLL:
        colour = g.regions[len(state.dice)]
        if isinstance(action, RollDie):
            return Refusal("MARA-3.1", f"the dice are rolled one by one in region order: the {colour} die is next")
        return Refusal("MARA-3.1", f"chance acts now: the {colour} die is rolled ('roll {colour} FACE')")
    if isinstance(action, (FirstPlayer, Reveal, RollDie)):
        return Refusal("MARA-3.1", f"'{action}' is chance's to decide, not a player's")
    who = PLAYERS[state.current_player()]
    if phase == Phase.SPLIT:
        if not isinstance(action, Split):
            return Refusal("MARA-3.2", f"{who} (the splitter) splits the dice and the tile into two pools now, "
                                       f"e.g. 'split yellow green tile'")
        return Refusal("MARA-3.2", "each pool needs at least one element: this split leaves the other pool empty")
    pools = f"'{' '.join(state.pool_a)}' or '{' '.join(state.pool_b)}'"
    if not isinstance(action, Take):
        return Refusal("MARA-3.3", f"{who} (the chooser) takes one of the pools now: {pools}")
    return Refusal("MARA-3.3", f"{' '.join(action.pool)!r} is not one of the pools; take {pools}")


__all__ = ["phase_refusal"]
