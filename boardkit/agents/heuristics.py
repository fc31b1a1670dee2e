"""Per-game heuristics for the greedy agent: ``h(state, player) -> float`` in ``[-1, 1]``.

A heuristic reads only what ``player`` may know (``state.observation(player)`` or, for a game
with perfect information, the state). A game added later has none until one is registered
(:func:`register_heuristic`) or declared by its spec (``GameSpec.heuristic``, a function in
the game's own package: ``boardkit.games.<game>.heuristics``); the greedy agent then plays a
win when it sees one, else at random.
"""

from __future__ import annotations

from typing import Any, Callable, Literal

from boardkit.core.game import State
from boardkit.core.spec import OptionError, get_spec

Heuristic = Callable[[State, int], float]
_HEURISTICS: dict[str, Heuristic] = {}


def register_heuristic(game: str, fn: Heuristic) -> Heuristic:
    """Make ``fn`` the heuristic of ``game`` (a registered game id); returns ``fn``."""
    _HEURISTICS[game] = fn
    return fn


def heuristic_for(game: str) -> Heuristic:
    """The heuristic of ``game``: the one given to :func:`register_heuristic`, else the one its
    spec declares (:attr:`~boardkit.core.spec.GameSpec.heuristic`), else :func:`no_heuristic`."""
    fn = _HEURISTICS.get(game)
    return fn if fn is not None else _declared(game, "heuristic") or no_heuristic


def _declared(game: str, name: Literal["heuristic", "score"]) -> Any:
    """The function the spec of ``game`` declares as ``name``, or None (also for a game id
    that is not registered)."""
    try:
        spec = get_spec(game)
    except OptionError:
        return None
    return spec.hook(name)


def no_heuristic(state: State, player: int) -> float:
    """0 for every state."""
    return 0.0


Score = Callable[[State], list[float]]
_SCORES: dict[str, Score] = {}


def register_score(game: str, fn: Score) -> Score:
    """Make ``fn(state) -> [points per seat]`` the running score of ``game`` (for the lead
    changes of :func:`boardkit.sim.play_many`); returns ``fn``."""
    _SCORES[game] = fn
    return fn


def score_for(game: str) -> Score | None:
    """The running score of ``game``: the one given to :func:`register_score`, else the one its
    spec declares (:attr:`~boardkit.core.spec.GameSpec.score`), or None for a game without one."""
    fn = _SCORES.get(game)
    return fn if fn is not None else _declared(game, "score")  # type: ignore[no-any-return]


__all__ = ["Heuristic", "register_heuristic", "heuristic_for", "no_heuristic", "register_score", "score_for"]
