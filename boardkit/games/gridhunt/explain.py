"""Phase-level refusals of gridhunt: an action that is not of the kind the game waits for now
(GRID-1.1 the game is over, GRID-6 chance or a player acts now, GRID-7 / GRID-5.1 a setup draw
not possible, GRID-6 a turn draw). Orders of a seat are judged by the rule path of
:mod:`boardkit.games.gridhunt.legality`; nothing here reads a seat's cell or knowledge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.actions import Action
from boardkit.core.rules import Refusal
from boardkit.games.gridhunt.actions import Layout, Start, Turn

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.state import GridhuntState


def phase_refusal(state: "GridhuntState", action: Action) -> Refusal | None:
    """The phase-level Refusal for ``action`` (not legal here), or None when the action is of
    the kind the game waits for (a seat's order, to be judged by the rule path).

    Args:
        state: the position.
        action: an action of the game (in its own form).

    Returns:
        Refusal naming GRID-1.1 (game over), GRID-7 / GRID-5.1 (setup draws), GRID-6 (turn
        draws; chance acts now), or None.
    """
    if state.is_terminal():
        return Refusal("GRID-1.1", f"the game is over ({state._outcome().reason}); no action can follow")
    ph = state.phase
    if isinstance(action, Layout):
        if ph != "setup" or not state.setup:
            return Refusal("GRID-7", "the layout is not being drawn now")
        if action.kind != state.setup[0]:
            return Refusal("GRID-7", f"the GM draws a {state.setup[0]} cell now, not a {action.kind} cell")
        return Refusal("GRID-7", f"{action.cell} is not an empty cell of the grid")
    if isinstance(action, Start):
        if ph != "setup" or state.setup or state.placing >= state.n:
            return Refusal("GRID-5.1", "players are not being placed now")
        if action.player != state.placing:
            return Refusal("GRID-5.1", f"player {state.placing} is placed now, not player {action.player}")
        return Refusal("GRID-5.1", f"{action.cell} is not an empty non-wall cell of the grid")
    if isinstance(action, Turn):
        if ph not in ("next", "resolve"):
            return Refusal("GRID-6", "no turn is drawn now")
        if action.player < state.n and action.player in state.acted:
            return Refusal("GRID-6", f"player {action.player} has already acted in this round")
        return Refusal("GRID-6", f"player {action.player} is not a living player still to act in this round")
    if state.is_chance_node():
        return Refusal("GRID-6", "chance acts now, not a player")
    return None


__all__ = ["phase_refusal"]
