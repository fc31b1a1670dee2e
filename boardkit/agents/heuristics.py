"""Per-game heuristics for the greedy agent: ``h(state, player) -> float`` in ``[-1, 1]``.

A heuristic reads only what ``player`` may know (``state.observation(player)`` or, for a game
with perfect information, the state). A game added later has none until one is registered
(:func:`register_heuristic`); the greedy agent then plays a win when it sees one, else at random.
"""

from __future__ import annotations

from typing import Any, Callable

from boardkit.core.game import State

Heuristic = Callable[[State, int], float]
_HEURISTICS: dict[str, Heuristic] = {}


def register_heuristic(game: str, fn: Heuristic) -> Heuristic:
    """Make ``fn`` the heuristic of ``game`` (a registered game id); returns ``fn``."""
    _HEURISTICS[game] = fn
    return fn


def heuristic_for(game: str) -> Heuristic:
    """The heuristic of ``game``, or :func:`no_heuristic`."""
    return _HEURISTICS.get(game, no_heuristic)


def no_heuristic(state: State, player: int) -> float:
    """0 for every state."""
    return 0.0


def leaders_heuristic(state: Any, player: int) -> float:
    """Leaders (LEAD-3.2, LEAD-3.3): pressure on the enemy Leader minus pressure on one's own;
    pressure is the capture points (2 capture) plus the share of occupied neighbours."""
    from boardkit.games.leaders import rules as R

    g = state.game.geometry

    def pressure(owner: int) -> float:
        lc = state.leader_cell(owner)
        nbrs = g.nbrs[lc]
        occupied = sum(state.pieces[j] is not None for j in nbrs) / max(1, len(nbrs))
        return min(R.capture_score(g, state.pieces, lc, owner), 2) / 2 + occupied / 2

    return (pressure(1 - player) - pressure(player)) / 2


def battle_royale_heuristic(state: State, player: int) -> float:
    """Battle Royale (BR-3.2, BR-3.3): the seat's lead on the goal tile, then in prisoners,
    from its own observation."""
    obs = state.observation(player)
    colours = state.game.colours  # type: ignore[attr-defined]  # seats' colours first (BR-1.3)
    goal = obs["tiles"].get(obs["goal"], {})
    prisoners = obs["prisoners"]
    mine = colours[player]
    on_goal = goal.get(mine, 0) - max((v for k, v in goal.items() if k != mine), default=0)
    caught = [sum(p.values()) for p in prisoners]
    lead = caught[player] - max((c for i, c in enumerate(caught) if i != player), default=0)
    return max(-1.0, min(1.0, on_goal / 4 + lead / 40))


def marabunta_heuristic(state: Any, player: int) -> float:
    """Marabunta (MARA-8): the seat's points lead as the scoring counts it now, over 25."""
    from boardkit.games.marabunta.scoring import totals

    t = totals(state)
    return max(-1.0, min(1.0, (t[player] - t[1 - player]) / 25))


def gridhunt_heuristic(state: Any, player: int) -> float:
    """Gridhunt (GRID-1.1, GRID-5.3): -1 when the seat's side (itself, or its team) has no
    living player; else the share of its rivals already dead, in ``[0, 1]``. Deaths are
    public, so it reads only what every seat knows."""
    side = state.team_of(player)
    if not any(state.alive[q] for q in range(state.n) if state.team_of(q) == side):
        return -1.0
    rivals = [q for q in range(state.n) if state.team_of(q) != side]
    return sum(not state.alive[q] for q in rivals) / max(1, len(rivals))


def armageddon_heuristic(state: Any, player: int) -> float:
    """Armageddon (ARMA-1.4): the aliens win when Earth is down to its last chips, so the share
    of Earth's spare chips still in play, from -1 (none) to 1 (all), for an Earth seat, and its
    negative for the aliens. Positions are public."""
    from boardkit.games.armageddon.rules import earth_in_play

    g = state.game
    spare = len(g.earth_chips) - g.alien_win_at
    share = (earth_in_play(g, state.pos) - g.alien_win_at) / spare if spare > 0 else 0.0
    value = max(-1.0, min(1.0, 2 * share - 1))
    return -value if player == g.aliens_seat else value


Score = Callable[[State], list[float]]
_SCORES: dict[str, Score] = {}


def register_score(game: str, fn: Score) -> Score:
    """Make ``fn(state) -> [points per seat]`` the running score of ``game`` (for the lead
    changes of :func:`boardkit.sim.play_many`); returns ``fn``."""
    _SCORES[game] = fn
    return fn


def score_for(game: str) -> Score | None:
    """The running score of ``game``, or None for a game without one."""
    return _SCORES.get(game)


def marabunta_score(state: Any) -> list[float]:
    """Marabunta's points as the final scoring would count them now (MARA-8)."""
    from boardkit.games.marabunta.scoring import totals

    return [float(x) for x in totals(state)]


register_score("marabunta", marabunta_score)
register_heuristic("leaders", leaders_heuristic)
register_heuristic("battle_royale", battle_royale_heuristic)
register_heuristic("marabunta", marabunta_heuristic)
register_heuristic("gridhunt", gridhunt_heuristic)
register_heuristic("armageddon", armageddon_heuristic)

__all__ = ["Heuristic", "register_heuristic", "heuristic_for", "no_heuristic", "register_score", "score_for"]
