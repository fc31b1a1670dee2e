"""Why an Armageddon action is illegal: the clause that forbids it and the reason in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.actions import Action, Roll
from boardkit.core.rules import IllegalActionError
from boardkit.games.armageddon import rules
from boardkit.games.armageddon.actions import Home, Move
from boardkit.games.armageddon.rules import LIMBO, OUT, Refusal

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.armageddon.state import ArmageddonState


def explain(state: "ArmageddonState", action: Action) -> IllegalActionError:
    """The IllegalActionError for ``action``, which is not legal in ``state``: its clause
    names the rule (ARMA-*) and its reason says why in plain words."""
    g = state.game

    def err(clause: str, reason: str) -> IllegalActionError:
        return g.clauses.error(clause, reason, action)

    phase = state.phase
    if phase == "over":
        if state.cut:
            return err("ARMA-D12", f"the game was cut off after {state.turns} turns; no action can follow")
        return err(state.pos.clause, f"the game is over ({state.pos.reason}); no action can follow")
    if phase == "roll":
        if isinstance(action, Roll):
            return err("ARMA-3.1", f"{action.face} is not a face of the six-sided die")
        return err("ARMA-3.1", f"chance acts now: {state.seat_name} rolls the die ('roll 1' .. 'roll 6')")
    if isinstance(action, Roll):
        return err("ARMA-3.1", "the die was rolled already this turn; a side rolls once per turn")
    if phase == "home":
        c = state.pos.pending[0]
        name = g.chip_names[c]
        options = [g.names[n] for n in rules.home_options(g, state.pos, c)]
        if not isinstance(action, Home) or action.chip != name:
            return err("ARMA-7.2", f"{name} was displaced: its owner first puts it on a free circle "
                                   f"({', '.join(options)}), e.g. 'home {name} {options[0]}'")
        return err("ARMA-7.1", f"{action.cell} is not a free circle {name} may go to; free: {', '.join(options)}")
    if isinstance(action, Home):
        return err("ARMA-7.2", "no displaced chip waits for a circle now")
    assert isinstance(action, Move)
    who = state.seat_name
    c = g.chip.get(action.chip, -1)
    if c < 0 or g.chip_seat[c] != state.seat:
        return err("ARMA-3.1", f"the roll is split among the chips of {who}; {action.chip} is not one of them")
    if state.pos.at[c] == OUT:
        return err("ARMA-3.1", f"{action.chip} has left the game")
    if state.pos.at[c] == LIMBO:  # pragma: no cover - a pending chip is placed before any share
        return err("ARMA-7.2", f"{action.chip} waits for its owner to choose a circle")
    k = action.points
    if k < 1:
        return err("ARMA-3.1", f"a share is at least 1 point, not {k}")
    if k > state.left:
        return err("ARMA-3.1", f"only {state.left} point(s) of the roll of {state.roll} are left to give, not {k}")
    if c in state.moved:
        return err("ARMA-D3", f"{action.chip} has taken its share of this roll already; each chip takes one share")
    try:
        p2, ends = rules.walk(g, state.pos, c, k, choose=False)
    except Refusal as r:
        return err(r.clause, r.reason)
    top = state.usable()
    got = k if ends or p2.winner is not None else k + rules.best(g, p2, state.left - k, state.movable() - {c}, state._memo())
    if ends and got < top:
        return err("ARMA-3.4", f"stopping {action.chip} on the launch table ends the turn and loses the rest; "
                               f"{top} point(s) can be used (ARMA-3.2)")
    return err("ARMA-3.2", f"after this share only {got} of the {top} usable point(s) could be used; all points "
                           f"must be used, as many as possible")


__all__ = ["explain"]
