"""Determinization: a full state consistent with what one seat knows, never the truth itself.

A seat of a game with hidden information knows its own history (``state.history(player)``:
the actions it saw, and the verb only of those hidden from it) and its observation. A
*determinization* is a state drawn from the games that give the seat exactly that knowledge:
the same history as the seat saw it and the same observation. Search agents (MCTS, greedy)
play from such states, so they never use what the seat cannot know.

The generic method replays the game from its start: an action the seat saw is applied as it
was; an action hidden from it is replaced by one drawn among those the game allowed at that
point that the seat would have seen the same way (same verb; chance outcomes by their exact
probabilities, a player's actions uniformly), and the seat's observation is compared with the
true one after every step. A choice that later contradicts what the seat saw (a card played
that the drawn hand lacks, a wall the drawn layout does not have) is undone and another tried
(depth-first, in random order), so every state returned is consistent. The draw is not exactly
the posterior over consistent worlds (backtracking favours early consistent choices); it is the
usual approximation of determinized search.

Games with perfect information need no draw: their state is a clone. A game may provide a
faster method of its own as ``State.determinize(player, rng)``.
"""

from __future__ import annotations

import random
from typing import Any

from boardkit.core.game import State


class DeterminizationError(RuntimeError):
    """No state consistent with the seat's knowledge was found within the search budget."""


def _start_of(state: State) -> State:
    """The state the game started from (the initial state, or its set-up position)."""
    game = state.game
    if state._start is not None:
        return game.state_from_position(state._start, study=state._study)
    return game.new_initial_state()


def _weighted_order(options: list[tuple[Any, Any]], rng: random.Random) -> list[Any]:
    """The actions of ``(action, weight)`` pairs in a random order drawn by weight (a
    weighted shuffle: each next action with probability proportional to its weight)."""
    keyed = []
    for action, weight in options:
        w = float(weight)
        keyed.append((rng.random() ** (1.0 / w) if w > 0 else 0.0, action))
    keyed.sort(key=lambda kv: -kv[0])
    return [a for _, a in keyed]


def determinize(state: State, player: int, rng: random.Random, max_steps: int = 50_000) -> State:
    """A state that seat ``player`` cannot tell from ``state`` (see the module docstring).

    Args:
        state: the true state (read only; not changed).
        player: the seat whose knowledge is kept (0-based).
        rng: random source for the hidden choices.
        max_steps: budget of replayed actions (backtracking included).

    Returns:
        A new State with ``history(player)`` and ``observation(player)`` equal to the true
        ones; a clone for games with perfect information.

    Raises:
        DeterminizationError: no consistent state found within ``max_steps``.
        ValueError: ``player`` is not a seat.
    """
    state.check_seat(player)
    custom = getattr(state, "determinize", None)
    if callable(custom):
        return custom(player, rng)  # type: ignore[no-any-return]
    if state.game.spec.information == "perfect" or all(s is None or player in s for s in state._seen):
        return state.clone()
    truth: list[Any] = state.history(None)
    seen = state._seen
    # The true observations along the game, to prune a drawn world as soon as it differs.
    true_obs: list[Any] = []
    replay = _start_of(state)
    true_obs.append(replay.observation(player))
    for action in truth:
        replay.apply_unchecked(action)
        true_obs.append(replay.observation(player))
    steps = 0
    # Depth-first over the hidden choices: frame k holds the state before step k and the
    # candidates for step k still untried.
    start = _start_of(state)
    stack: list[tuple[State, list[Any]]] = []

    def candidates(s: State, k: int) -> list[Any]:
        who = seen[k]
        if who is None or player in who:
            return [truth[k]]
        verb = str(truth[k]).split()[0]
        opts: list[tuple[Any, Any]]
        if s.is_chance_node():
            opts = [(a, p) for a, p in s.chance_outcomes() if str(a).split()[0] == verb]
        else:
            opts = [(a, 1) for a in s.legal_actions() if str(a).split()[0] == verb]
        return _weighted_order(opts, rng)

    stack.append((start, candidates(start, 0) if truth else []))
    while stack:
        k = len(stack) - 1
        if k == len(truth):
            return stack[-1][0]
        here, todo = stack[-1]
        if not todo:
            stack.pop()
            continue
        action = todo.pop(0)
        steps += 1
        if steps > max_steps:
            break
        nxt = here.clone()
        try:
            nxt.apply_action(action)  # refuses what the drawn world does not allow
        except ValueError:
            continue
        if nxt.observation(player) != true_obs[k + 1]:
            continue
        stack.append((nxt, candidates(nxt, k + 1) if k + 1 < len(truth) else []))
    raise DeterminizationError(
        f"{state.game.name}: no state consistent with what seat {player} knows was found in {max_steps} replayed actions")


__all__ = ["DeterminizationError", "determinize"]
