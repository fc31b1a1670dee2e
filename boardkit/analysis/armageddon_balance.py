"""Armageddon's balance, measured: Earth's win rate for each pair of agents, and each rule
option's effect on it, with 95% Wilson intervals (floats for display; the counts are exact).

Earth wins by capturing GK (ARMA-1.3), the aliens when every colour is down to one chip
(ARMA-1.4). The Earth colours (seats 0 .. k-1) share one agent, the aliens (the last seat)
another. Game ``i`` of every run uses the seed ``f"{seed}:{i}"`` (:func:`boardkit.sim.play_many`),
so two runs with the same seed see the same dice as long as their agents ask the same questions
(a paired A/B).

Used by ``benchmarks/armageddon_balance.py`` (the figures of the balance note),
``notebooks/armageddon_tour.ipynb`` and ``notebooks/outcomes.ipynb``.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from boardkit.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent
from boardkit.analysis.stats import wilson

#: The options of the default game that read a sentence of the seed one way (each names its
#: clause in the game's spec), each with its other value.
OPTION_ALTERNATIVES: dict[str, Any] = {
    "displace": "forced", "mine": "always", "back": "none", "aliens_win": "count",
    "two_on_one": "penalty", "empty_gk_wins": True,
}


def agent(kind: str, mcts_iterations: int = 10, mcts_rollout: int = 20) -> Agent:
    """A fresh agent by kind: ``"random"``, ``"greedy"`` (whole splits of a roll, ARMA-3.1) or
    ``"mcts"`` (UCT over whole splits with ``mcts_iterations`` iterations per turn and rollouts
    of ``mcts_rollout`` actions scored by the heuristic; no time bound, so runs replay exactly).

    Raises:
        ValueError: an unknown kind, or MCTS settings out of range.
    """
    if kind == "random":
        return RandomAgent()
    if kind == "greedy":
        return GreedyAgent()
    if kind == "mcts":
        return MCTSAgent(iterations=mcts_iterations, rollout_max=mcts_rollout, seconds=None,
                         name=f"mcts{mcts_iterations}")
    raise ValueError(f"agent kind is random, greedy or mcts, not {str(kind)[:40]!r}")


def earth_wins(earth: Any, aliens: Any, games: int, seed: int | str = 0, progress: bool = False,
               **options: Any) -> dict[str, Any]:
    """Earth's wins in ``games`` seeded games of Armageddon with ``options``.

    Args:
        earth: the agent of every Earth colour (an Agent or a kind for :func:`agent`).
        aliens: the aliens' agent (likewise).
        games: number of games (>= 1).
        seed: the run seed (game ``i`` uses ``f"{seed}:{i}"``).
        progress: show a tqdm bar.
        options: options of the game (``boardkit.load_game("armageddon", **options)``).

    Returns:
        ``{"earth", "aliens", "games", "earth_wins", "rate", "low", "high", "seat_turns",
        "timeouts", "wins"}``: counts, the rate with its 95% Wilson interval (floats), the
        mean game length in seat turns, games cut off, and the per-game 0/1 Earth wins (a list,
        for paired comparisons).

    Raises:
        ValueError: ``games`` < 1, an unknown agent kind or option.
    """
    import boardkit
    from boardkit.sim import play_many

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"earth_wins: games must be a whole number >= 1, not {str(games)[:40]!r}")
    game = boardkit.load_game("armageddon", **options)
    e = agent(earth) if isinstance(earth, str) else earth
    a = agent(aliens) if isinstance(aliens, str) else aliens
    seats = [e] * (game.num_players - 1) + [a]
    df = play_many(game, games, seed=seed, agents=seats, progress=progress)
    wins = [int(w > 0) for w in df["win_0"]]
    k = sum(wins)
    est = wilson(k, games)
    return {"earth": getattr(e, "name", str(earth)), "aliens": getattr(a, "name", str(aliens)), "games": games,
            "earth_wins": k, "rate": k / games, "low": float(est.low), "high": float(est.high),
            "seat_turns": float(df["seat_turns"].mean()), "timeouts": int(df["timeout"].sum()), "wins": wins}


def pair_table(kinds: Iterable[str], games: Mapping[tuple[str, str], int] | int, seed: int | str = 0,
               progress: bool = False, mcts_iterations: int = 10, mcts_rollout: int = 20) -> Any:
    """Earth's win rate for every pair (Earth's kind, the aliens' kind) of ``kinds``.

    Args:
        kinds: agent kinds (:func:`agent`), e.g. ``["random", "greedy", "mcts"]``.
        games: games per pair, or ``{(earth, aliens): games}`` (a pair missing or at 0 is skipped).
        seed: the run seed, the same for every pair.
        progress: a tqdm bar per pair.
        mcts_iterations, mcts_rollout: the MCTS agent's settings.

    Returns:
        pandas DataFrame, one row per pair played: ``earth``, ``aliens``, ``games``,
        ``earth_wins``, ``rate``, ``low``, ``high`` (95% Wilson), ``seat_turns``, ``timeouts``.
    """
    import pandas as pd

    kinds = list(kinds)
    rows = []
    for e in kinds:
        for a in kinds:
            n = games if isinstance(games, int) else games.get((e, a), 0)
            if n <= 0:
                continue
            r = earth_wins(agent(e, mcts_iterations, mcts_rollout), agent(a, mcts_iterations, mcts_rollout), n,
                           seed=seed, progress=progress)
            r.pop("wins")
            rows.append(r | {"earth": e, "aliens": a})
    return pd.DataFrame(rows)


def option_ab(games: int, seed: int | str = 0, alternatives: Mapping[str, Any] | None = None,
              earth: str = "random", aliens: str = "random", progress: bool = False) -> Any:
    """Each option's effect on Earth's win rate: the default game (A) against the game with
    one option changed (B), on the same seeds.

    Args:
        games: games per side (>= 2).
        seed: the run seed.
        alternatives: ``{option: other value}``; default :data:`OPTION_ALTERNATIVES`.
        earth, aliens: the agents' kinds.
        progress: tqdm bars.

    Returns:
        pandas DataFrame, one row per option: ``option``, ``value``, ``clause``, ``games``, the
        rates ``a`` and ``b`` with their Wilson intervals (``a_low`` .. ``b_high``), ``diff`` =
        b - a with its 95% interval (``low``, ``high``: the paired Student t interval of the
        per-game differences, :func:`boardkit.analysis.outcomes.mean_interval`).
    """
    import boardkit
    import pandas as pd
    from boardkit.analysis.outcomes import mean_interval

    alternatives = dict(OPTION_ALTERNATIVES if alternatives is None else alternatives)
    spec = boardkit.get_spec("armageddon")
    clause_of = {o.name: o.clause for o in spec.options}
    base = earth_wins(earth, aliens, games, seed=seed, progress=progress)
    rows = []
    for option, value in alternatives.items():
        other = earth_wins(earth, aliens, games, seed=seed, progress=progress, **{option: value})
        diff = mean_interval([b - a for a, b in zip(base["wins"], other["wins"])])
        rows.append({"option": option, "value": value, "clause": clause_of.get(option, ""), "games": games,
                     "a": base["rate"], "a_low": base["low"], "a_high": base["high"],
                     "b": other["rate"], "b_low": other["low"], "b_high": other["high"],
                     "diff": diff.mean, "low": diff.low, "high": diff.high})
    return pd.DataFrame(rows)


__all__ = ["OPTION_ALTERNATIVES", "agent", "earth_wins", "pair_table", "option_ab"]
