"""Battle Royale's one rule path for a player's decision: :func:`refuse` returns for a legal
action and raises :class:`~boardkit.core.rules.Refusal` (clause, reason) otherwise.

Each refusal is read from the same predicates that generate the legal actions
(:class:`~boardkit.games.battle_royale.movement.Movement`'s ``_movable_colours``,
``_pick_refusal``, ``_step_targets``, ``_steps_from``, ``_visited``, ``_no_push``, ``_may_end``,
``_push_counts``; the state's ``_eliminator_moves`` and ``_take_options``), so
"legal" and "why not" cannot disagree; options (``revisit``, ``push_arriving``,
``opponent_push``) are read there only. Phase-level messages (the game is over, chance acts,
another phase comes first) are :mod:`.explain`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.rules import Refusal
from boardkit.games.battle_royale.actions import NEUTRAL, Decline, Done, MoveEliminator, Pick, Play, Push, Step, Stop, Take
from boardkit.games.battle_royale.explain import refuse_out_of_phase
from boardkit.games.battle_royale.rules import DIRECTIONS, Event, Phase

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.core.actions import Action
    from boardkit.games.battle_royale.state import BattleRoyaleState


def refuse(state: "BattleRoyaleState", action: "Action") -> None:
    """The rule path for ``action`` at ``state``'s current decision (the asking seat is the
    one to act: everything it is refused for is public).

    Raises:
        Refusal: the action is not legal here, naming the clause (BR-2.1 .. BR-4.4, BR-D*).
    """
    phase = state.phase
    if phase is Phase.CARD and isinstance(action, Play):
        if action.card not in state.hands[state.to_move]:
            raise Refusal("BR-2.1", f"player {state.to_move} has no {action.card} card in hand "
                                    f"(hand: {', '.join(state.hands[state.to_move])})")
        return
    if phase is Phase.MOVE and state.moving is None and isinstance(action, (Pick, Done)):
        if isinstance(action, Pick):
            _refuse_pick(state, action)
        return
    if phase is Phase.MOVE and state.moving is not None and isinstance(action, (Step, Stop)):
        _refuse_step(state, action) if isinstance(action, Step) else _refuse_stop(state)
        return
    if phase is Phase.PUSH and isinstance(action, Push):
        _refuse_push(state, action)
        return
    if phase is Phase.EVENT and state.event is Event.MOVE and isinstance(action, MoveEliminator):
        _refuse_eliminator(state, action)
        return
    if phase is Phase.EVENT and state.event is Event.BATTLE and isinstance(action, (Take, Decline)):
        if isinstance(action, Take) and action not in state._take_options():
            task = state.takes[0]
            names = state.game.board.names
            raise Refusal("BR-4.4", f"on {names[task.tile]} player {task.taker} takes one figure of "
                                    f"{', '.join(sorted(task.colours))} (not {action.tile} {action.colour})")
        return
    refuse_out_of_phase(state, action)


def _refuse_pick(state: "BattleRoyaleState", action: Pick) -> None:
    """BR-2.2, BR-D1: the figure picked must be of a colour the card moves, on a tile; the rest
    (there, unmoved, a way that may end: BR-2.2, BR-D14) is ``_pick_refusal``, which ``_picks``
    uses too."""
    t = state.game.board.index(action.tile)
    if t not in state.tiles:
        raise Refusal("BR-2.2", f"{action.tile} is a hole: there is no figure on it")
    movable = state._movable_colours()
    if action.colour == NEUTRAL:
        raise Refusal("BR-D1", "neutral figures belong to nobody: cards never move them, they are only pushed")
    if action.colour not in movable:
        if state.card and state.game.cards[state.card].get("opponents_only"):
            raise Refusal("BR-2.2", f"the {state.card} card moves only opponents' figures, not {action.colour}")
        raise Refusal("BR-2.2", f"player {state.to_move} moves only its own figures ({movable[0]}), not {action.colour}")
    why = state._pick_refusal(t, action.colour)
    if why is not None:
        raise why


def _refuse_step(state: "BattleRoyaleState", action: Step) -> None:
    """BR-2.2, BR-D10, BR-D14: a step of the moving figure (the predicates of ``_move_actions``)."""
    m = state.moving
    assert m is not None
    names = state.game.board.names
    b = state.game.board.index(action.tile)
    if b in state._step_targets():
        return
    directions = state._directions()
    if b not in state.game.board.step[m.tile][DIRECTIONS[directions]]:
        how = {"orthogonal": "an edge-adjacent tile (diagonal only with the diagonal card)",
               "diagonal": f"a diagonally adjacent tile with the {state.card} card (it steps diagonally only)",
               "any": "an adjacent tile"}[directions]
        raise Refusal("BR-2.2", f"a step goes to {how}; {action.tile} is not such a neighbour of {names[m.tile]}")
    if b not in state.tiles:
        raise Refusal("BR-2.2", f"{action.tile} is a hole: figures fall in only when pushed")
    if b not in state._steps_from(m.tile, state._visited(m.path)):  # entered before (option revisit, BR-D10)
        if b == m.path[0]:
            raise Refusal("BR-D10", f"{action.tile} is where this move started, which counts as entered: "
                                    "a figure may not enter the same tile twice in its move")
        raise Refusal("BR-D10", f"a figure may not enter the same tile twice in its move ({action.tile}; option revisit)")
    raise Refusal("BR-D14", f"every way on from {action.tile} ends on a full tile: a figure of another player may not end "
                            f"its move there, since only a move of one's own figure pushes (option opponent_push)")


def _refuse_stop(state: "BattleRoyaleState") -> None:
    """BR-2.2, BR-D14: ``stop`` once the figure has stepped, and (for another player's figure)
    not on a tile it would overfill (``_may_end``)."""
    m = state.moving
    assert m is not None
    if len(m.path) < 2:
        raise Refusal("BR-2.2", "the picked figure has not moved yet: step at least once")
    if state._no_push(m.colour) and not state._may_end(m.path, m.tile):
        raise Refusal("BR-D14", f"{state.game.board.names[m.tile]} is full: a figure of another player may not end its "
                                f"move there, since only a move of one's own figure pushes (option opponent_push)")


def _refuse_push(state: "BattleRoyaleState", action: Push) -> None:
    """BR-2.3, BR-D2: a figure of the overfull tile, moved or not as said (``_push_counts``)."""
    p = state.push
    assert p is not None
    tile = state.game.board.names[p.tile]
    kept, every = state._push_counts(spare=True), state._push_counts(spare=False)
    c = action.colour
    if kept[c, action.moved] > 0:
        return
    if state.tiles[p.tile][c] == 0:
        raise Refusal("BR-2.3", f"there is no {c} figure on {tile}")
    kind = "moved" if action.moved else "not moved"
    if every[c, action.moved] > 0 or kept[c, True] + kept[c, False] == 0:  # the arriving one is spared (BR-D2)
        choices = ", ".join(str(a) for a in state._push_options())
        raise Refusal("BR-D2", f"the {c} figure on {tile} that just arrived is not pushed on (option "
                               f"push_arriving=False); choose another ({choices})")
    raise Refusal("BR-2.3", f"no {c} figure on {tile} that has {kind} this turn")


def _refuse_eliminator(state: "BattleRoyaleState", action: MoveEliminator) -> None:
    """BR-4.1: one position in any direction, never under a hole (``_eliminator_moves``)."""
    b = state.game.board.index(action.tile)
    if b in state._eliminator_moves():
        return
    names = state.game.board.names
    if b not in state.game.board.step[state.eliminator]:
        raise Refusal("BR-4.1", f"the Eliminator moves one position (also diagonally); {action.tile} is not next to "
                                f"{names[state.eliminator]}")
    raise Refusal("BR-4.1", f"the Eliminator never goes under an empty position: {action.tile} is a hole")


__all__ = ["refuse"]
