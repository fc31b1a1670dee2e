"""Why a gridhunt action is illegal: the clause and the reason in words (GRID-2 .. GRID-7).

Legality is judged from the acting seat's own knowledge (GRID-3.3: the GM truncates at hidden
walls; only walls the seat knows make a path illegal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.actions import Action
from boardkit.core.rules import IllegalActionError
from boardkit.games.gridhunt.actions import Layout, Move, Shoot, ShootAll, ShootNone, Start, Stay, Turn
from boardkit.games.gridhunt.rules import MAX_STEPS, line_to, neighbours4

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.state import GridhuntState


def explain(state: "GridhuntState", action: Action) -> IllegalActionError:
    """The error ``apply_action`` raises for ``action`` (not legal here).

    Args:
        state: the position.
        action: an action of the game (in its own form) that is not legal here.

    Returns:
        IllegalActionError naming the clause: GRID-1.1 (game over), GRID-6 (not this kind of
        action now), GRID-7 / GRID-5.1 (a setup draw not possible), GRID-3.1 (path shape),
        GRID-2.1 (off the grid), GRID-2.3 / GRID-3.3 (a known wall), GRID-1.4 (a known teammate's
        cell), GRID-3.5 (a blocked player), GRID-4.1 / GRID-4.2 / GRID-4.3 / GRID-2.6 (shots).
    """
    def err(clause: str, reason: str) -> IllegalActionError:
        return IllegalActionError(clause, reason, action)

    if state.is_terminal():
        return err("GRID-1.1", "the game is over")
    ph = state.phase
    g = state.game
    if isinstance(action, Layout):
        if ph != "setup" or not state.setup:
            return err("GRID-7", "the layout is not being drawn now")
        if action.kind != state.setup[0]:
            return err("GRID-7", f"the GM draws a {state.setup[0]} cell now, not a {action.kind} cell")
        return err("GRID-7", f"{action.cell} is not an empty cell of the grid")
    if isinstance(action, Start):
        if ph != "setup" or state.setup or state.placing >= state.n:
            return err("GRID-5.1", "players are not being placed now")
        if action.player != state.placing:
            return err("GRID-5.1", f"player {state.placing} is placed now, not player {action.player}")
        return err("GRID-5.1", f"{action.cell} is not an empty non-wall cell of the grid")
    if isinstance(action, Turn):
        if ph not in ("next", "resolve"):
            return err("GRID-6", "no turn is drawn now")
        if action.player >= state.n or not state.alive[action.player]:
            return err("GRID-6", f"player {action.player} is not a living player")
        return err("GRID-6", f"player {action.player} has already acted in this round")
    mover = [p for p in state.current_players()]
    if not mover:
        return err("GRID-6", "chance acts now, not a player")
    p = mover[0]
    shot = ph in ("shot", "shots")
    if isinstance(action, (Move, Stay)) and shot:
        return err("GRID-6", "the move is made; a shot order (or 'shoot none') comes now")
    if isinstance(action, (Shoot, ShootAll, ShootNone)) and not shot:
        return err("GRID-6", "a move order comes first; the shot follows the move (GRID-4.1)")
    if state.idle[p]:
        return err("GRID-3.5", f"player {p} is blocked by a mine this turn: it neither moves nor shoots "
                               f"('{'shoot none' if shot else 'move none'}')")
    at = state.pos[p]
    assert at is not None
    size = state.size
    walls = state.known_walls(p)
    if isinstance(action, Stay):
        return err("GRID-3.1", "a move of 0 cells is not allowed: move 1 to 6 cells (only a player boxed in by "
                               "walls or teammates it knows of stays, GRID-D13)")
    if isinstance(action, Move):
        path = action.path
        if len(path) > MAX_STEPS:
            return err("GRID-3.1", f"a path of {len(path)} steps: a player moves 1 to 6 cells")
        cur = at
        seen = {at}
        for k, name in enumerate(path):
            c = g.index.get(name)
            if c is None:
                return err("GRID-2.1", f"{name} is off the {size}x{size} grid")
            if c not in neighbours4(size, cur):
                return err("GRID-3.1", f"step {k + 1} to {name} is not one orthogonal step from {g.names[cur]} "
                                       f"(straight or zigzag, never diagonal)")
            if c in seen:
                return err("GRID-3.1", f"the path visits {name} twice")
            if c in walls:
                return err("GRID-3.3", f"{name} is a wall the player knows of: a wall cannot be entered or passed "
                                       f"over (GRID-2.3)")
            seen.add(c)
            cur = c
        return err("GRID-1.4", f"{path[-1]} holds a teammate the player knows of: teammates never kill each other "
                               f"(GRID-3.4)")
    if isinstance(action, ShootAll):
        return err("GRID-2.6", "shooting all 8 surrounding cells needs an enhanced attack this turn")
    if isinstance(action, Shoot):
        c = g.index.get(action.cell)
        if c is None:
            return err("GRID-2.1", f"{action.cell} is off the {size}x{size} grid")
        line = line_to(size, at, c)
        if not state.enhanced[p] and c in neighbours4(size, at) and c in walls:
            return err("GRID-4.3", f"{action.cell} is a wall the player knows of: no attack passes a wall (GRID-2.3)")
        if not state.enhanced[p]:
            return err("GRID-4.1", f"{action.cell} is not one of the 4 orthogonal neighbours of {g.names[at]}")
        if line is None:
            return err("GRID-4.2", f"{action.cell} is not 1 to 6 cells away from {g.names[at]} in a straight "
                                   f"orthogonal line")
        return err("GRID-4.3", f"a wall the player knows of stands between {g.names[at]} and {action.cell}: shots "
                               f"never pass through walls")
    return err("GRID-6", "this action is not possible now")  # pragma: no cover


__all__ = ["explain"]
