"""Phase-level refusals of Battle Royale: the game is over, chance acts, or the action belongs
to another part of the turn. The refusals of an action of the right kind come from the rule
path itself (:mod:`.legality`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from boardkit.core.actions import Draw, FirstPlayer, Roll
from boardkit.core.rules import Refusal
from boardkit.games.battle_royale.actions import Decline, Done, MoveEliminator, Pick, Play, Push, Step, Stop, Take
from boardkit.games.battle_royale.rules import Event, Phase

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.core.actions import Action
    from boardkit.games.battle_royale.state import BattleRoyaleState


def refuse_out_of_phase(state: "BattleRoyaleState", action: "Action") -> NoReturn:
    """Refuse ``action``, which is not of the kind the current phase asks for.

    Raises:
        Refusal: always - BR-3.1 (over), BR-1.4, BR-1.7, BR-2.5 (chance acts, or a chance
            outcome named by a player), BR-2.1, BR-2.2, BR-2.3, BR-4.1, BR-4.3 (another part
            of the turn comes first).
    """
    phase = state.phase
    if phase is Phase.OVER:
        o = state._outcome()
        raise Refusal("BR-3.1", f"the game is over ({o.reason}, {o.clause}); no action can follow")
    if state.deal or state.first is None or phase in (Phase.DOOM, Phase.DRAW):
        _refuse_at_chance(state, action)
    if isinstance(action, (Draw, FirstPlayer, Roll)):
        raise Refusal("BR-2.5", f"'{action}' is chance's to decide, not a player's")
    if phase is Phase.CARD:
        raise Refusal("BR-2.1", "first play a card from your hand ('play CARD')")
    if phase is Phase.PUSH:
        p = state.push
        assert p is not None
        raise Refusal("BR-2.3", f"{state.game.board.names[p.tile]} holds more than {state.game.capacity} figures: "
                                "push one on first ('push COLOUR')")
    if phase is Phase.EVENT and state.event is Event.MOVE:
        raise Refusal("BR-4.1", "the Eliminator must be moved first ('eliminator CELL')")
    if phase is Phase.EVENT:
        task = state.takes[0]
        raise Refusal("BR-4.3", f"battle: player {task.taker} takes a prisoner on {state.game.board.names[task.tile]} "
                                "first ('take CELL COLOUR')")
    if isinstance(action, (Play, MoveEliminator, Take, Decline)):
        raise Refusal("BR-2.5", "the movement phase comes first; the card's special and the Doom die follow it ('done')")
    if isinstance(action, Push):
        raise Refusal("BR-2.3", "no tile holds more figures than allowed: there is nothing to push")
    if state.moving is None and isinstance(action, (Step, Stop)):
        raise Refusal("BR-2.2", "pick a figure to move first ('pick CELL COLOUR')")
    if state.moving is not None and isinstance(action, (Pick, Done)):
        raise Refusal("BR-2.2", "figures move one after another: finish this figure's move first ('stop')")
    raise Refusal("BR-2.2", f"'{action}' is not a move")  # pragma: no cover


def _refuse_at_chance(state: "BattleRoyaleState", action: "Action") -> NoReturn:
    """Chance acts: a card is drawn (BR-1.4, BR-2.5), the start player drawn (BR-1.7) or the
    Doom die rolled (BR-2.5)."""
    if state.deal or state.phase is Phase.DRAW:
        p = state._drawer()
        if isinstance(action, Draw):
            raise Refusal("BR-1.4", f"player {p}'s pile holds no {action.card} card (pile: {', '.join(sorted(state.piles[p]))})")
        raise Refusal("BR-1.4", f"chance acts now: player {p} draws a card; '{action}' is not a chance outcome here")
    if state.first is None:
        raise Refusal("BR-1.7", f"chance acts now: the start player is drawn (first 0 .. first {state.n - 1})")
    raise Refusal("BR-2.5", f"chance acts now: the Doom die is rolled; '{action}' is not a face of it")


__all__ = ["refuse_out_of_phase"]
