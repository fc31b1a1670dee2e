"""Uniform random and greedy one-ply agents."""

from __future__ import annotations

import random
from typing import Callable

from boardkit.agents.base import Agent, check_heuristic
from boardkit.agents.determinize import determinize
from boardkit.agents.heuristics import heuristic_for
from boardkit.core.actions import Action
from boardkit.core.game import State


class RandomAgent(Agent):
    """Each legal action of the seat with equal probability."""

    name = "random"

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        actions = state.legal_actions(player)
        return actions[rng.randrange(len(actions))]


def _step(state: State, action: Action, player: int | None) -> None:
    """Apply a legal action fast (no history); by ``player`` in a turn where several act."""
    if player is None:
        state.apply_unchecked(action)
    else:
        state.apply_action(action, player=player)


def terminal_value(state: State, player: int) -> float:
    """The value of a finished game for ``player``: 1 for a sole win, 1/k for a win shared by
    k seats, 0 for a loss (or a game with no winner)."""
    won = state.winners()
    return 1.0 / len(won) if player in won else 0.0


class GreedyAgent(Agent):
    """One ply: the action whose resulting state scores best for the seat.

    A finished game scores its :func:`terminal_value` plus 10 (a win is always taken and a loss
    avoided when another action exists); an unfinished one the heuristic, a number in
    ``[-1, 1]`` from the seat's point of view. Ties are broken at random. With hidden
    information the actions are tried on one determinization per decision, never on the truth.

    Args:
        heuristic: ``h(state, player) -> float``; default the game's registered heuristic
            (:mod:`boardkit.agents.heuristics`), or 0 for a game that has none (then the agent
            plays a win when it sees one, else at random).
        name: the name in tables.
    """

    def __init__(self, heuristic: Callable[[State, int], float] | None = None, name: str = "greedy") -> None:
        self.heuristic = check_heuristic("GreedyAgent: heuristic", heuristic)
        self.name = name

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        h = self.heuristic or heuristic_for(state.game.name)
        world = determinize(state, player, rng)
        simultaneous = len(state.current_players()) > 1
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            child = world.clone()
            _step(child, action, player if simultaneous else None)  # legal: listed just above
            if child.is_terminal():
                won = terminal_value(child, player)
                value = 10 + won if won > 0 else -10.0
            else:
                value = h(child, player)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[rng.randrange(len(best))]


__all__ = ["RandomAgent", "GreedyAgent", "terminal_value"]
