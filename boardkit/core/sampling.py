"""The draw of one legal action for a seat (:meth:`State.sample_legal_action
<boardkit.core.state.State.sample_legal_action>`): its argument checks, then the game's own
draw (``State._sample_legal``) or one ``randrange`` over the legal list. Kept apart from
:mod:`boardkit.core.state` (which calls it) and :mod:`boardkit.core.playout` (rollouts), so
that neither imports the other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.core.actions import Action
    from boardkit.core.state import State


def sample_legal(state: "State", rng: Any, player: int | None = None) -> "Action":
    """:meth:`State.sample_legal_action <boardkit.core.state.State.sample_legal_action>` (see
    there; the same Raises): its checks of the arguments, then the game's own draw or one from the list."""
    if not hasattr(rng, "randrange"):
        raise ValueError(f"{state.game.name}: sample_legal_action: rng is a random.Random, not {type(rng).__name__}")
    if player is not None:
        state._check_seat(player)
    movers = state.current_players()
    seat = movers[0] if player is None and len(movers) == 1 else player
    if seat is None or seat not in movers:
        why = ("the game is over" if state.is_terminal() else "chance acts here (sample_chance draws it)"
               if not movers else f"seats to act now: {', '.join(map(str, movers))}" +
               ("; name one with player=" if seat is None else f"; seat {seat} is not one of them"))
        raise ValueError(f"{state.game.name}: sample_legal_action needs a seat to act; {why}")
    got = state._sample_legal(rng, seat)
    if got is not None:
        return got
    acts = state._legal_actions_for(seat) if player is not None else state._legal_list()
    if not acts:
        raise ValueError(f"{state.game.name}: seat {seat} is to act but has no legal action")
    return acts[rng.randrange(len(acts))]


__all__ = ["sample_legal"]
