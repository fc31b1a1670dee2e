"""Whole turns ("turn plans"): the run of decisions one seat makes before anyone else acts.

In some games a seat's turn is several atomic actions in a row: in Armageddon the points of one
roll are given out share by share (ARMA-3.1, ``move red1 2`` then ``move red3 4``), and the
value of a share depends on the shares that follow it. A game opts in with
:func:`register_turn_plan`; the greedy and MCTS agents then compare *whole turns* (every
sequence of the seat's own actions until chance, another seat or the end acts) and play the
first action of the best one, keeping to that plan while the state is the one the plan
expected (:class:`PlanMemo`).

:func:`whole_turns` enumerates the turns depth first, merging sequences that reach the same
state (``to_position``; different orders of the same shares), with a bound on the states it
expands: a sequence still unfinished at the bound is kept as it is (scored as a partial turn).
"""

from __future__ import annotations

from typing import Any, Hashable

from boardkit.core.actions import Action
from boardkit.core.game import State

#: Default bound on the states :func:`whole_turns` expands for one decision.
PLAN_BOUND = 3000
_PLANS: dict[str, int] = {}


def register_turn_plan(game: str, bound: int = PLAN_BOUND) -> int:
    """Make the agents of ``game`` (a registered game id) plan whole turns, expanding at most
    ``bound`` states per decision; returns ``bound``.

    Raises:
        ValueError: ``bound`` not a whole number >= 1.
    """
    if isinstance(bound, bool) or not isinstance(bound, int) or bound < 1:
        raise ValueError(f"register_turn_plan({game!r}): bound must be a whole number >= 1, not {str(bound)[:60]!r}")
    _PLANS[game] = bound
    return bound


def turn_plan_for(game: str) -> int:
    """The plan bound of ``game`` (states per decision), or 0 when it plans one action at a time."""
    return _PLANS.get(game, 0)


def state_key(state: State) -> Hashable:
    """A value that is equal for equal positions of one game (:meth:`State.position_key
    <boardkit.core.state.State.position_key>`: equal exactly when ``to_position`` is), else
    the state's text for a game without ``to_position``."""
    try:
        return state.position_key()
    except NotImplementedError:
        return str(state)


def _own_turn(state: State, player: int) -> bool:
    return not state.is_terminal() and not state.is_chance_node() and state.current_players() == [player]


def whole_turns(state: State, player: int, bound: int = PLAN_BOUND) -> list[tuple[tuple[Action, ...], State]]:
    """Every whole turn of ``player`` from ``state``: each distinct state reached once the seat's
    own run of decisions ends (chance, another seat or the end of the game acts next), with one
    sequence of actions that reaches it.

    Args:
        state: the state (not changed); ``player`` must be its only seat to act.
        player: the seat (0-based).
        bound: at most this many states are expanded; sequences left unfinished then are
            returned as they stand.

    Returns:
        ``[(actions, resulting state)]``, each ``actions`` non-empty, in the order found
        (depth first over ``legal_actions``).

    Raises:
        ValueError: ``player`` is not the one seat to act in ``state``.
    """
    if not _own_turn(state, player):
        raise ValueError(f"whole_turns: seat {player} is not the one seat to act here")
    seen: set[Hashable] = set()
    found: dict[Hashable, tuple[tuple[Action, ...], State]] = {}
    stack: list[tuple[tuple[Action, ...], State]] = [((), state)]
    expanded = 0
    while stack:
        seq, s = stack.pop()
        if seq and (not _own_turn(s, player) or expanded >= bound):
            found.setdefault(state_key(s), (seq, s))
            continue
        expanded += 1
        for action in reversed(s.legal_actions(player)):
            child = s.clone()
            child.apply_unchecked(action)
            key = state_key(child)
            if key in seen:
                continue
            seen.add(key)
            stack.append((seq + (action,), child))
    return list(found.values())


class PlanMemo:
    """The rest of a chosen whole turn, per seat, with the state key it expects next.

    :meth:`next` gives the plan's next action when ``state`` is the state the plan expected
    (else forgets the plan); :meth:`keep` stores a new plan after its first action is played.
    """

    def __init__(self) -> None:
        self.plans: dict[int, tuple[Hashable, tuple[Action, ...]]] = {}

    def keep(self, state: State, player: int, actions: tuple[Action, ...]) -> None:
        """Remember ``actions[1:]`` for ``player``, expected after ``actions[0]`` in ``state``."""
        self.plans.pop(player, None)
        if len(actions) > 1:
            after = state.clone()
            after.apply_unchecked(actions[0])
            if _own_turn(after, player):
                self.plans[player] = (state_key(after), actions[1:])

    def next(self, state: State, player: int) -> Action | None:
        """The plan's next action for ``player`` in ``state``, or None (no plan, or the state is
        not the one the plan expected, or the action is no longer legal)."""
        plan = self.plans.pop(player, None)
        if plan is None or plan[0] != state_key(state):
            return None
        action = state.find_legal(plan[1][0])
        if action is None:
            return None
        self.keep(state, player, plan[1])
        return action

    def __getstate__(self) -> dict[str, Any]:
        return {"plans": {}}  # a plan is a cache: an agent sent elsewhere starts without one


register_turn_plan("armageddon")  # ARMA-3.1: a roll's points are split in several shares

__all__ = ["PLAN_BOUND", "register_turn_plan", "turn_plan_for", "state_key", "whole_turns", "PlanMemo"]
