"""Exact distributions over a game's chance nodes (fractions.Fraction), and a sympy bridge.

Dice on their own (sums, pools of dice as multisets, coloured dice) are in
:mod:`boardkit.core.dice`.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from time import monotonic
from typing import Any, Callable, Hashable, Mapping

from boardkit.core.checks import check_callable, check_size, check_whole
from boardkit.core.game import State
from boardkit.core.validate import shorten


#: Default time bound of :func:`resolve_chance`, in seconds.
SECONDS = 30.0


def resolve_chance(state: State, key: Callable[[State], Hashable],
                   max_nodes: int = 1_000_000, seconds: float | None = SECONDS) -> dict[Hashable, Fraction]:
    """Expand every chance node from ``state`` until a player decides (or the game ends) and
    group the resulting states by ``key``, with exact probabilities.

    Args:
        state: the starting state (not changed).
        key: maps a reached state to a hashable label (e.g. the market as a frozenset).
        max_nodes: stop with an error past this many chance nodes (a guard against trees
            too large to enumerate).
        seconds: stop with an error once this many seconds of work have passed with chance
            nodes still to expand (default :data:`SECONDS`; None: no time bound). A tree too
            large to enumerate then answers in bounded time, not after minutes (Battle Royale's
            deal reached a million nodes in 8 minutes). An answer given never depends on it.

    Returns:
        ``{label: probability}``, probabilities Fractions summing to exactly 1.

    Raises:
        ValueError: ``state`` is not a State, ``key`` is not callable, ``max_nodes`` is not a
            whole number >= 1, ``key`` returns a value that is not hashable (a list, a dict:
            the message names the argument and the value); more than ``max_nodes`` chance
            nodes; ``seconds`` passed (or ``seconds`` is no finite number > 0 nor None).
    """
    if not isinstance(state, State):
        raise ValueError(f"state: a boardkit State, not {shorten(state)} ({type(state).__name__})")
    check_callable(key, "key")
    check_whole("max_nodes", max_nodes)
    deadline = None if seconds is None else monotonic() + check_size(seconds, "seconds")
    out: dict[Hashable, Fraction] = defaultdict(Fraction)
    stack: list[tuple[State, Fraction]] = [(state.clone(), Fraction(1))]
    nodes = 0
    while stack:
        s, p = stack.pop()
        if not s.is_chance_node():
            out[_label(key, s)] += p
            continue
        nodes += 1
        if nodes > max_nodes:
            raise ValueError(f"more than {max_nodes} chance nodes: too large to enumerate exactly")
        if deadline is not None and nodes % 64 == 0 and monotonic() > deadline:
            raise ValueError(f"{seconds} s passed after {nodes} chance nodes with more to expand: too large to "
                             f"enumerate exactly in that time (seconds=None lifts the bound)")
        for action, q in s.chance_outcomes():
            child = s.clone()
            child._apply(action)
            stack.append((child, p * q))
    return dict(out)


def _label(key: Callable[[State], Hashable], state: State) -> Hashable:
    """``key(state)``, refused by name when it cannot be a dict key (a list, a dict, a set)."""
    label = key(state)
    try:
        hash(label)
    except TypeError:
        raise ValueError(f"key: returned {shorten(label)} ({type(label).__name__}), which cannot label a group "
                         f"(not hashable); return a tuple, a frozenset or text instead") from None
    return label


def probability(dist: Mapping[Hashable, Fraction], event: Callable[[Any], bool]) -> Fraction:
    """Exact probability of ``event`` (a predicate on labels) under ``dist``.

    Args:
        dist: ``{label: probability}``, as :func:`resolve_chance` returns.
        event: a predicate on labels.

    Returns:
        The sum of the probabilities of the labels ``event`` holds for (a Fraction).

    Raises:
        ValueError: ``dist`` is not a mapping, or ``event`` is not callable (the message
            names the argument).
    """
    if not isinstance(dist, Mapping):
        raise ValueError(f"dist: a mapping {{label: probability}} (as resolve_chance returns), not {shorten(dist)} "
                         f"({type(dist).__name__})")
    check_callable(event, "event")
    return sum((p for label, p in dist.items() if event(label)), Fraction(0))


def to_sympy(p: Fraction) -> Any:
    """The same number as a sympy Rational (for display in notebooks).

    Raises:
        TypeError: ``p`` is not a Fraction or an int (floats are not exact).
    """
    import sympy

    if isinstance(p, bool) or not isinstance(p, (Fraction, int)):
        raise TypeError(f"to_sympy takes an exact Fraction or int, got {p!r}")
    p = Fraction(p)
    return sympy.Rational(p.numerator, p.denominator)
