"""Armageddon's phase-level refusals: what no share or choice can do in this phase of a turn
(the game over, the die to roll, a displaced chip waiting for its circle). The refusals of a
share itself come from the rules (:func:`boardkit.games.armageddon.usable.judge`), the one rule
path that also generates the legal shares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.actions import Action, Roll
from boardkit.core.rules import Refusal
from boardkit.games.armageddon import rules
from boardkit.games.armageddon.actions import FACES, Home

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.armageddon.state import ArmageddonState


def phase_refusal(state: "ArmageddonState", action: Action) -> Refusal | None:
    """The Refusal for ``action`` that the phase of the turn decides, or None when the phase
    allows it (a roll at the chance node, the right circle of a displaced chip) or leaves the
    verdict to the rules (a share or ``take mine`` in the move phase).

    Source: seed 004_108ef70fbb1ba573.txt; clauses ARMA-3.1, ARMA-7.1, ARMA-7.2, ARMA-D12.
    """
    g = state.game
    phase = state.phase
    if phase == "over":
        o = state._outcome()  # worded as to_position words the end
        return Refusal("ARMA-D12" if state.cut else state.pos.clause, f"the game is over ({o.reason}); no action can follow")
    if phase == "roll":
        if isinstance(action, Roll):
            return None if action.face in FACES else Refusal("ARMA-3.1", f"{action.face} is not a face of the "
                                                                         f"six-sided die")
        return Refusal("ARMA-3.1", f"chance acts now: {state.seat_name} rolls the die ('roll 1' .. 'roll 6')")
    if isinstance(action, Roll):
        return Refusal("ARMA-3.1", "the die was rolled already this turn; a side rolls once per turn")
    if phase == "home":
        c = state.pos.pending[0]
        name = g.chip_names[c]
        options = [g.names[n] for n in rules.home_options(g, state.pos, c)]
        if not isinstance(action, Home) or action.chip != name:
            return Refusal("ARMA-7.2", f"{name} was displaced: its owner first puts it on a free circle "
                                       f"({', '.join(options)}), e.g. 'home {name} {options[0]}'")
        if action.cell not in options:
            return Refusal("ARMA-7.1", f"{action.cell} is not a free circle {name} may go to; free: {', '.join(options)}")
        return None
    if isinstance(action, Home):
        return Refusal("ARMA-7.2", "no displaced chip waits for a circle now")
    return None


__all__ = ["phase_refusal"]
