"""Why a Battle Royale action is illegal: the clause that forbids it and the reason in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from boardkit.core.game import CHANCE
from boardkit.core.rules import IllegalActionError
from boardkit.core.actions import Draw, FirstPlayer, Roll
from boardkit.games.battle_royale.actions import NEUTRAL, Decline, Done, MoveEliminator, Pick, Play, Push, Step, Stop, Take
from boardkit.games.battle_royale.rules import DIRECTIONS
from boardkit.games.battle_royale.rules import Event, Phase

if TYPE_CHECKING:
    from boardkit.core.actions import Action
    from boardkit.games.battle_royale.state import BattleRoyaleState


def explain(state: "BattleRoyaleState", action: "Action") -> IllegalActionError:
    """The IllegalActionError for ``action``, which is not legal in ``state``."""

    def err(clause: str, reason: str) -> IllegalActionError:
        return state.game.clauses.error(clause, reason, action)

    if state.phase is Phase.OVER:
        o = state._outcome()
        return err("BR-3.1", f"the game is over ({o.reason}, {o.clause}); no action can follow")
    if state.current_player() == CHANCE:
        if state.deal or state.phase is Phase.DRAW:
            p = state._drawer()
            if isinstance(action, Draw):
                return err("BR-1.4", f"player {p}'s pile holds no {action.card} card (pile: {', '.join(sorted(state.piles[p]))})")
            return err("BR-1.4", f"chance acts now: player {p} draws a card; '{action}' is not a chance outcome here")
        if state.first is None:
            return err("BR-1.7", f"chance acts now: the start player is drawn (first 0 .. first {state.n - 1})")
        return err("BR-2.5", f"chance acts now: the Doom die is rolled; '{action}' is not a face of it")
    if isinstance(action, (Draw, FirstPlayer, Roll)):
        return err("BR-2.5", f"'{action}' is chance's to decide, not a player's")
    p = state.to_move
    if state.phase is Phase.CARD:
        if isinstance(action, Play):
            return err("BR-2.1", f"player {p} has no {action.card} card in hand (hand: {', '.join(state.hands[p])})")
        return err("BR-2.1", "first play a card from your hand ('play CARD')")
    if state.phase is Phase.PUSH:
        return _explain_push(state, action, err)
    if state.phase is Phase.EVENT:
        return _explain_event(state, action, err)
    return _explain_move(state, action, err)


def _explain_move(state: "BattleRoyaleState", action: "Action", err: Callable[[str, str], IllegalActionError]) -> IllegalActionError:
    names = state.game.board.names
    m = state.moving
    if isinstance(action, (Play, MoveEliminator, Take, Decline)):
        return err("BR-2.5", "the movement phase comes first; the card's special and the Doom die follow it ('done')")
    if isinstance(action, Push):
        return err("BR-2.3", "no tile holds more figures than allowed: there is nothing to push")
    if m is None:
        if isinstance(action, (Step, Stop)):
            return err("BR-2.2", "pick a figure to move first ('pick CELL COLOUR')")
        if isinstance(action, Pick):
            t = state.game.board.index(action.tile)
            if t not in state.tiles:
                return err("BR-2.2", f"{action.tile} is a hole: there is no figure on it")
            movable = state._movable_colours()
            if action.colour == NEUTRAL:
                return err("BR-D1", "neutral figures belong to nobody: cards never move them, they are only pushed")
            if action.colour not in movable:
                if state.card and state.game.cards[state.card].get("opponents_only"):
                    return err("BR-2.2", f"the {state.card} card moves only opponents' figures, not {action.colour}")
                return err("BR-2.2", f"player {state.to_move} moves only its own figures ({movable[0]}), not {action.colour}")
            counts = state.tiles[t][action.colour]
            moved = state.moved[t][action.colour] if t in state.moved else 0
            if counts == 0:
                return err("BR-2.2", f"there is no {action.colour} figure on {action.tile}")
            if counts - moved == 0:
                return err("BR-2.2", f"every {action.colour} figure on {action.tile} has moved this turn: a figure moves once a turn")
            if state._steps_from(t, (t,)):
                return err("BR-D14", f"every move of the {action.colour} figure on {action.tile} would end on a full tile, "
                                     f"and only a move of one's own figure pushes (option opponent_push)")
            return err("BR-2.2", f"the {action.colour} figure on {action.tile} has no tile to step to")
        return err("BR-2.2", f"'{action}' is not a move")  # pragma: no cover
    here = m.tile
    if isinstance(action, (Pick, Done)):
        return err("BR-2.2", "figures move one after another: finish this figure's move first ('stop')")
    if isinstance(action, Stop):
        if len(m.path) > 1:
            return err("BR-D14", f"{names[here]} is full: a figure of another player may not end its move there, since "
                                 f"only a move of one's own figure pushes (option opponent_push)")
        return err("BR-2.2", "the picked figure has not moved yet: step at least once")
    if isinstance(action, Step):
        b = state.game.board.index(action.tile)
        step = state.game.board.step[here]
        directions = state.game.cards[state.card].get("directions", "orthogonal") if state.card else "orthogonal"
        if b not in step[DIRECTIONS[directions]]:
            how = {"orthogonal": "an edge-adjacent tile (diagonal only with the diagonal card)",
                   "diagonal": f"a diagonally adjacent tile with the {state.card} card (it steps diagonally only)",
                   "any": "an adjacent tile"}[directions]
            return err("BR-2.2", f"a step goes to {how}; {action.tile} is not such a neighbour of {names[here]}")
        if b not in state.tiles:
            return err("BR-2.2", f"{action.tile} is a hole: figures fall in only when pushed")
        revisit = state.game.options["revisit"]
        if b == m.path[0] and not revisit:
            return err("BR-D10", f"{action.tile} is where this move started, which counts as entered: "
                                 "a figure may not enter the same tile twice in its move")
        if b in m.path and not revisit:
            return err("BR-D10", f"a figure may not enter the same tile twice in its move ({action.tile}; option revisit)")
        return err("BR-D14", f"every way on from {action.tile} ends on a full tile: a figure of another player may not end "
                             f"its move there, since only a move of one's own figure pushes (option opponent_push)")
    return err("BR-2.2", f"'{action}' is not a step of this move")  # pragma: no cover


def _explain_push(state: "BattleRoyaleState", action: "Action", err: Callable[[str, str], IllegalActionError]) -> IllegalActionError:
    names = state.game.board.names
    p = state.push
    assert p is not None
    tile = names[p.tile]
    if not isinstance(action, Push):
        return err("BR-2.3", f"{tile} holds more than {state.game.capacity} figures: push one on first ('push COLOUR')")
    have = state.tiles[p.tile][action.colour]
    if have == 0:
        return err("BR-2.3", f"there is no {action.colour} figure on {tile}")
    arriving = not state.game.options["push_arriving"]
    if arriving and action.colour == p.colour and (have == 1 or action.moved == p.moved):
        return err("BR-D2", f"the {action.colour} figure on {tile} that just arrived is not pushed on (option "
                            f"push_arriving=False); "
                            f"choose another ({', '.join(str(a) for a in state.legal_actions())})")
    kind = "moved" if action.moved else "not moved"
    besides = ", besides the one that just arrived" if arriving else ""
    return err("BR-2.3", f"no {action.colour} figure on {tile} that has {kind} this turn{besides}")


def _explain_event(state: "BattleRoyaleState", action: "Action", err: Callable[[str, str], IllegalActionError]) -> IllegalActionError:
    names = state.game.board.names
    if state.event is Event.MOVE:
        if isinstance(action, MoveEliminator):
            b = state.game.board.index(action.tile)
            if b not in [j for j in state.game.board.step[state.eliminator] if j >= 0]:
                return err("BR-4.1", f"the Eliminator moves one position (also diagonally); {action.tile} is not next to "
                                     f"{names[state.eliminator]}")
            return err("BR-4.1", f"the Eliminator never goes under an empty position: {action.tile} is a hole")
        return err("BR-4.1", "the Eliminator must be moved first ('eliminator CELL')")
    task = state.takes[0]
    if isinstance(action, Take):
        return err("BR-4.4", f"on {names[task.tile]} player {task.taker} takes one figure of "
                             f"{', '.join(sorted(task.colours))} (not {action.tile} {action.colour})")
    return err("BR-4.3", f"battle: player {task.taker} takes a prisoner on {names[task.tile]} first "
                         "('take CELL COLOUR')")
