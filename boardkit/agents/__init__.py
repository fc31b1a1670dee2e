"""Agents that play any registered game through the State API.

* :class:`RandomAgent`: uniform over the legal actions.
* :class:`GreedyAgent`: one ply with a per-game heuristic (:mod:`boardkit.agents.heuristics`).
* Whole turns (:mod:`boardkit.agents.plans`): in a game whose turn is several actions of one
  seat (Armageddon's split of a roll), greedy and MCTS compare whole turns, not first actions.
* :class:`MCTSAgent`: UCT with chance nodes; with hidden information it searches
  determinizations of its own seat's knowledge, never the truth.
* :class:`SolverAgent` and :func:`solve`: exact expectiminimax over a short horizon (turns),
  with a transposition table: "can the seat force a win within N turns, with what probability
  at best", and the best line of the current turn.

An agent that returns an illegal action is stopped by :func:`checked_action` with an
:class:`AgentError` naming the clause; so is an agent that applies actions to the state it is
handed (it returns its action and looks ahead on ``state.clone()``). :func:`make_agent` builds agents from short names
(``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts500"``, ``"solver2"``) for the command line and
:func:`boardkit.sim.play_many`.
"""

from __future__ import annotations

import re
from typing import Any

from boardkit.agents.base import Agent, AgentError, check_turn, checked_action
from boardkit.agents.determinize import DeterminizationError, determinize
from boardkit.agents.heuristics import heuristic_for, register_heuristic
from boardkit.agents.mcts import MCTSAgent, check_seconds
from boardkit.agents.simple import GreedyAgent, RandomAgent, terminal_value
from boardkit.agents.solver import Solution, SolverAgent, SolverBudgetError, solve

#: Short names :func:`make_agent` reads, with what they build.
AGENT_NAMES = {
    "random": "uniform random",
    "greedy": "one ply with the game's heuristic",
    "mcts[N]": "UCT with N iterations per decision (default 200)",
    "solver[N]": "exact expectiminimax over N turns (default 1)",
}


def make_agent(name: str, seconds: float | None = None) -> Agent:
    """An agent from its short name (:data:`AGENT_NAMES`), e.g. ``"mcts500"``.

    Args:
        name: the short name.
        seconds: time budget per decision of a search agent (mcts, solver), in seconds;
            None keeps the agent's default (:data:`boardkit.agents.mcts.SECONDS`, 30 s; the
            solver agent's 10 s). Ignored by random and greedy.

    Raises:
        ValueError: an unknown name (the message lists the names), or ``seconds`` not a
            number > 0.
    """
    if isinstance(name, Agent):
        return name
    if not isinstance(name, str):
        raise ValueError(f"an agent is a short name ({', '.join(AGENT_NAMES)}) or an Agent, not {type(name).__name__}")
    n_match = re.fullmatch(r"(mcts|solver)(-?\d+)", name.strip().lower())
    if n_match and len(n_match.group(2)) > 18:  # checked before int(): no digit-limit error
        raise ValueError(f"agent {name.strip()[:40]!r}: N in {n_match.group(1)}N has at most 18 digits")
    if n_match and int(n_match.group(2)) < 1:
        raise ValueError(f"agent {name.strip()!r}: N in {n_match.group(1)}N must be at least 1")
    m = re.fullmatch(r"(random|greedy|mcts|solver)(\d*)", name.strip().lower())
    if not m or (m.group(1) in ("random", "greedy") and m.group(2)) or m.group(2).startswith("0"):
        raise ValueError(f"unknown agent {str(name)[:40]!r}; agents: " + ", ".join(f"{k} ({v})" for k, v in AGENT_NAMES.items()))
    kind, n = m.group(1), m.group(2)
    budget: dict[str, Any] = {} if seconds is None else {"seconds": check_seconds("seconds", seconds)}
    if kind == "random":
        return RandomAgent()
    if kind == "greedy":
        return GreedyAgent()
    if kind == "mcts":
        return MCTSAgent(iterations=int(n or 200), **budget)
    return SolverAgent(turns=int(n or 1), **budget)


__all__ = ["Agent", "AgentError", "check_turn", "checked_action", "DeterminizationError", "determinize", "RandomAgent",
           "GreedyAgent", "MCTSAgent", "SolverAgent", "Solution", "SolverBudgetError", "solve", "make_agent",
           "AGENT_NAMES", "heuristic_for", "register_heuristic", "terminal_value"]
