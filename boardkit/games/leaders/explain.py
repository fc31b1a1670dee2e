"""Phase-level refusals of Leaders: an action of a kind the current decision does not take.

The game is over, chance acts, an Exile round or the Nemesis's forced move is due, or the
action belongs to another phase: :func:`phase_refusal` says so, naming the clause. Whether an
action of the right kind is legal is decided by the predicates of
:mod:`boardkit.games.leaders.legality`, the ones move generation uses
(``LeadersState.refuse`` asks this module first, then those).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.actions import Action, Draw, FirstPlayer
from boardkit.core.rules import Refusal
from boardkit.games.leaders.actions import Ability, Exile, Move, NemesisMove, Pass, Recruit, Select
from boardkit.games.leaders.rules import MARKET_SIZE, Phase

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.leaders.state import LeadersState


def phase_refusal(state: "LeadersState", action: Action) -> Refusal | None:
    """The refusal of ``action`` when the current decision takes no action of its kind, or
    None when it does (then the decision's own predicates judge it).

    Returns:
        Refusal naming LEAD-3.1 (the game is over), LEAD-1.3 / LEAD-1.4 (chance acts, or a
        chance outcome asked of a player), LEAD-8.2 (Exile), LEAD-7.2 (the Nemesis), LEAD-2.1
        (another phase's action), or None.
    """
    if state.phase is Phase.OVER:
        return Refusal("LEAD-3.1", f"the game is over ({state.end_reason}); no action can follow")
    refill = len(state.market) < MARKET_SIZE and bool(state.deck)
    if refill or state.first is None:  # a chance node (LEAD-1.3 first, then LEAD-1.4)
        if isinstance(action, Draw if refill else FirstPlayer):
            return None
        what = "the next market card is drawn from the deck (LEAD-1.3)" if refill else "the first player is drawn (LEAD-1.4)"
        return Refusal("LEAD-1.3" if refill else "LEAD-1.4",
                       f"chance acts now: {what}; '{action}' is not a chance outcome here")
    if isinstance(action, Draw):
        return Refusal("LEAD-1.3", "only chance reveals cards, after a recruitment leaves fewer than three in the market")
    if isinstance(action, FirstPlayer):
        return Refusal("LEAD-1.4", "the first player is drawn once, before the first turn")
    cp = state.current_player()
    if state.exile_queue:
        if isinstance(action, Exile):
            return None
        return Refusal("LEAD-8.2", f"player {cp} must first exile one available character (Exile round)")
    if isinstance(action, Exile):
        if not state.game.options.expert:
            return Refusal("LEAD-8.2", "Exile exists only in Expert mode (option expert=True)")
        return Refusal("LEAD-8.2", "Exile rounds happen only before the first turn and when both players first have "
                                   "three characters")
    if state.nemesis_pending:
        if isinstance(action, NemesisMove):
            return None
        return Refusal("LEAD-7.2", f"the Nemesis on {state._name(state.where('Nemesis'))} must first make its forced "
                                   f"move (its owner, player {cp}, chooses where it ends)")
    if isinstance(action, NemesisMove):
        return Refusal("LEAD-7.2", "the Nemesis moves only in reaction to the enemy Leader moving; it never acts in the "
                                   "Action phase")
    if state.phase is Phase.RECRUIT:
        if isinstance(action, (Recruit, Pass)):
            return None  # a Recruitment phase takes a recruitment, or a 'pass' where it may be declined (LEAD-D4)
        return Refusal("LEAD-2.1", "the Action phase is over: now comes the Recruitment phase ('recruit CARD CELL')")
    if isinstance(action, Recruit):
        return Refusal("LEAD-2.1", "recruitment comes after the Action phase; end it with 'pass' first")
    if isinstance(action, (Pass, Select, Move, Ability)):
        return None
    return Refusal("LEAD-2.1", f"'{action}' is not a Leaders action in this phase")  # pragma: no cover


__all__ = ["phase_refusal"]
