"""Random play: a chance outcome drawn with its exact probability, a random playout."""

from __future__ import annotations

import random
from itertools import repeat
from math import lcm
from operator import is_, itemgetter
from typing import Any, Sequence

from boardkit.core.actions import Action
from boardkit.core.state import CHANCE, SIMULTANEOUS, State

_second = itemgetter(1)
#: ``random.Random``'s integer draw behind ``randrange``, as :func:`getrandbits_of` inlines it
_RANDBELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)


def sample_chance(state: State, rng: Any) -> Action:
    """Draw one chance outcome with its exact probability, using ``rng.random()``-free
    integer arithmetic: ``rng.randrange(denominator)`` over the common denominator. Where the
    game says its outcomes are equally likely (:meth:`State.uniform_chance
    <boardkit.core.state.State.uniform_chance>`), one ``rng.randrange(len(outcomes))``: the
    same draw, made without the probabilities.

    Raises:
        ValueError: ``state`` is not at a chance node; ``state`` is no State or ``rng`` has no
            ``randrange``."""
    try:  # the arguments are checked only when something fails: nothing is spent per draw
        uniform = state.uniform_chance()
        if uniform is not None:
            return uniform[rng.randrange(len(uniform))]
        try:
            outcomes = state.chance_outcomes()
        except ValueError:
            raise ValueError(f"sample_chance: {_no_chance(state)}") from None
        first = outcomes[0][1]
        if first.numerator * len(outcomes) == first.denominator and all(map(is_, map(_second, outcomes), repeat(first))):
            # one probability for all: the same draw as below, made without the sums
            return outcomes[rng.randrange(first.denominator) // first.numerator][0]
        den = 1
        for _, p in outcomes:
            den = lcm(den, p.denominator)
        pick = rng.randrange(den)
    except AttributeError:
        _check_args("sample_chance", state, rng)
        raise
    acc = 0
    for action, p in outcomes:
        acc += p.numerator * (den // p.denominator)
        if pick < acc:
            return action
    raise AssertionError("chance probabilities do not sum to 1")  # pragma: no cover


def _no_chance(state: State) -> str:
    """Why ``state`` has no chance outcome to draw, in words: the game is over, or who acts."""
    if state.is_terminal():
        return "the game is over; there is no chance outcome to draw"
    return f"no chance outcome to draw here: seat(s) {', '.join(map(str, state.current_players()))} act"


def _check_args(name: str, state: Any, rng: Any) -> None:
    """After an AttributeError in ``name``: a ValueError naming the argument when ``state`` is
    no State or ``rng`` has no ``randrange`` (else the caller re-raises the error)."""
    if not isinstance(state, State):
        raise ValueError(f"{name}: state is a boardkit State, not {type(state).__name__}") from None
    if not callable(getattr(rng, "randrange", None)):
        raise ValueError(f"{name}: rng is a random.Random (it needs randrange), not {type(rng).__name__}") from None


#: ``random.Random`` when its ``randrange`` is the draw :func:`getrandbits_of` inlines (as in
#: CPython), else None: a loop drawing from an rng of exactly this type may take
#: ``rng.getrandbits`` without asking :func:`getrandbits_of`.
EXACT_RANDOM: Any = random.Random if _RANDBELOW is not None and getattr(
    random.Random, "_randbelow", None) is _RANDBELOW else None


def getrandbits_of(rng: Any) -> Any:
    """``rng.getrandbits`` when ``rng.randrange(m)`` (for a whole ``m >= 1``) is exactly
    ``r = getrandbits(m.bit_length())``, drawn again while ``r >= m`` (the draw of
    ``random.Random``, checked against this Python's own: a test draws both side by side), so
    a loop may draw it inline; else None (draw with ``rng.randrange``)."""
    if getattr(type(rng), "_randbelow", None) is _RANDBELOW and _RANDBELOW is not None:
        return rng.getrandbits
    return None


def random_step(state: State, rng: Any) -> Action:
    """Apply one random action to ``state`` in place, unchecked and unrecorded
    (:meth:`~boardkit.core.state.State.apply_unchecked`): the step of a search's rollout. A
    chance outcome is drawn with its exact probability (:func:`sample_chance`); a seat's action
    uniformly among its legal actions, as :meth:`~boardkit.core.state.State.sample_legal_action`
    draws it (the same draws from the same ``rng``), without that method's checks of its
    arguments.

    Args:
        state: a state that is not over and where one seat (or chance) acts.
        rng: a ``random.Random`` (checked only when something fails: nothing is spent on it
            at every step).

    Returns:
        The action applied, the game's own object.

    Raises:
        ValueError: the game is over; several seats act at once (draw one seat's action with
            ``sample_legal_action(rng, player)``); the seat to act has no legal action (a
            fault of the engine); ``state`` is no State or ``rng`` has no ``randrange``. The
            state is then unchanged.
    """
    try:
        p = state.current_player()
        below = getattr(rng, "_randbelow", None) or rng.randrange
    except AttributeError:
        _check_args("random_step", state, rng)
        raise
    if p == SIMULTANEOUS:
        raise ValueError(f"{state.game.name}: random_step: seats {', '.join(map(str, state.current_players()))} act "
                         f"at once; draw one seat's action with sample_legal_action(rng, player)")
    if p < 0 and p != CHANCE:
        raise ValueError(f"{state.game.name}: random_step: the game is over")
    try:
        action = _draw(state, rng, p, below)
    except AttributeError:
        _check_args("random_step", state, rng)
        raise
    state.apply_unchecked(action)
    return action


def _draw(state: State, rng: Any, p: int, below: Any) -> Action:
    """The action of :func:`random_step` and :func:`random_steps` for ``p`` (a seat to act, or
    CHANCE): the seat's own draw (``State._sample_legal``) or one index of its legal list; a
    chance outcome by one index when the game says them equally likely, else by
    :func:`sample_chance`. ``below(k)``: the rng's draw of ``0 .. k - 1``.

    Raises:
        ValueError: the seat to act has no legal action (a fault of the engine)."""
    if p >= 0:
        action = state._sample_legal(rng, p)
        if action is None:
            acts = state._legal_list()
            if not acts:
                raise ValueError(f"{state.game.name}: seat {p} is to act but has no legal action")
            action = acts[below(len(acts))]
        return action
    faces = state.uniform_chance()
    return faces[below(len(faces))] if faces is not None else sample_chance(state, rng)


def random_steps(state: State, rng: Any, n: int) -> int:
    """Apply up to ``n`` random actions to ``state`` in place, unchecked and unrecorded: the
    steps :func:`random_step` makes one by one (the same draws from the same ``rng``: both draw
    with ``_draw``), in one loop. It stops early at the end of the game or
    where several seats act at once (``SIMULTANEOUS``, which a single draw cannot serve: see
    :func:`random_step`). The loop of a search's rollout.

    Args:
        state: the state to play from (changed in place).
        rng: a ``random.Random``; integers are drawn with its ``_randbelow`` (the draw behind
            ``randrange(n)``: the same numbers) when it has one.
        n: the most actions to apply, a whole number >= 0.

    Returns:
        The number of actions applied, ``0 .. n``.

    Raises:
        ValueError: ``n`` is not a whole number >= 0; the seat to act has no legal action (a
            fault of the engine; the state is left as the previous step made it); ``state`` is
            no State or ``rng`` has no ``randrange``.
    """
    if type(n) is not int or n < 0:  # a bool or a float is no count
        raise ValueError(f"random_steps: n is a whole number >= 0, not {str(n)[:40]!r}")
    try:
        current, apply = state.current_player, state._apply
        below = getattr(rng, "_randbelow", None) or rng.randrange
    except AttributeError:
        _check_args("random_steps", state, rng)
        raise
    done = 0
    while done < n:
        p = current()
        if p < 0 and p != CHANCE:  # over, or several seats at once
            return done
        action = _draw(state, rng, p, below)
        state.unrecorded += 1
        apply(action)
        done += 1
    return done


def random_playout(state: State, rng: Any, max_actions: int | None = None) -> State:
    """Play uniformly random legal actions (chance by its probabilities) until the end; at a
    turn where several seats act at once (``SIMULTANEOUS``), a seat drawn among them acts.

    Args:
        state: the state to play from (changed in place).
        rng: a ``random.Random``.
        max_actions: stop after this many actions (None: until terminal).

    Returns:
        The same state object.

    Raises:
        ValueError: ``max_actions`` is not None nor a whole number >= 0; ``state`` is no State
            or ``rng`` has no ``randrange`` (naming the argument).
    """
    if max_actions is not None and (isinstance(max_actions, bool) or not isinstance(max_actions, int)
                                    or max_actions < 0):
        raise ValueError(f"random_playout: max_actions is a whole number >= 0 or None, not {max_actions!r}")
    if not hasattr(rng, "randrange"):
        raise ValueError(f"random_playout: rng is a random.Random, not {type(rng).__name__}")
    try:
        return _playout(state, rng, max_actions)
    except AttributeError:
        _check_args("random_playout", state, rng)
        raise


def _playout(state: State, rng: Any, max_actions: int | None) -> State:
    """The loop of :func:`random_playout` (its arguments checked there)."""
    n = 0
    while not state.is_terminal() and (max_actions is None or n < max_actions):
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif state.current_player() == SIMULTANEOUS:  # several seats act: one of them, drawn
            waiting = state.current_players()
            seat = waiting[rng.randrange(len(waiting))]
            acts = state.legal_actions(seat)
            state.apply_action(acts[rng.randrange(len(acts))], player=seat)
        else:
            acts = state.legal_actions()
            state.apply_action(acts[rng.randrange(len(acts))])
        n += 1
    return state


__all__: Sequence[str] = ["sample_chance", "random_step", "random_steps", "random_playout"]
