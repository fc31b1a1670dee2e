"""Uniform random and greedy one-ply agents."""

from __future__ import annotations

import random
from typing import Callable

from boardkit.agents.base import Agent, check_heuristic, check_turn
from boardkit.agents.determinize import determinize
from boardkit.agents.heuristics import heuristic_for
from boardkit.agents.plans import PLAN_BOUND, PlanMemo, turn_plan_for, whole_turns
from boardkit.core.actions import Action
from boardkit.core.game import State


class RandomAgent(Agent):
    """Each legal action of the seat with equal probability."""

    name = "random"

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        check_turn(state, player, rng)
        actions = state.legal_actions(player)
        return actions[rng.randrange(len(actions))]


def _step(state: State, action: Action, player: int | None) -> None:
    """Apply a legal action fast (no history); by ``player`` in a turn where several act."""
    if player is None:
        state.apply_unchecked(action)
    else:
        state.apply_action(action, player=player)


def plan_bound(whole_turn: bool | None, game: str) -> int:
    """States a whole-turn plan may expand for ``game``: 0 (one action at a time) when
    ``whole_turn`` is False, or None and the game plans no whole turns
    (:func:`boardkit.agents.plans.turn_plan_for`)."""
    if whole_turn is None:
        return turn_plan_for(game)
    return (turn_plan_for(game) or PLAN_BOUND) if whole_turn else 0


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

    In a game that plans whole turns (:mod:`boardkit.agents.plans`; Armageddon, where a roll is
    split in several shares, ARMA-3.1) the "ply" is the seat's whole turn: every sequence of its
    own actions until chance or another seat acts is scored, the first action of the best
    sequence is played and the rest of it follows at the next decisions (while the state is
    the one the plan expected; else the agent plans again).

    Args:
        heuristic: ``h(state, player) -> float``; default the game's registered heuristic
            (:mod:`boardkit.agents.heuristics`), or 0 for a game that has none (then the agent
            plays a win when it sees one, else at random).
        name: the name in tables.
        whole_turn: plan whole turns (True), one action at a time (False), or as the game
            says (None, the default; :func:`boardkit.agents.plans.turn_plan_for`).
    """

    def __init__(self, heuristic: Callable[[State, int], float] | None = None, name: str = "greedy",
                 whole_turn: bool | None = None) -> None:
        self.heuristic = check_heuristic("GreedyAgent: heuristic", heuristic)
        self.check_name("GreedyAgent", name)
        self.name = name
        if whole_turn is not None and not isinstance(whole_turn, bool):
            raise ValueError(f"GreedyAgent: whole_turn is True, False or None, not {str(whole_turn)[:60]!r}")
        self.whole_turn = whole_turn
        self.memo = PlanMemo()

    def _value(self, child: State, player: int, h: Callable[[State, int], float]) -> float:
        if child.is_terminal():
            won = terminal_value(child, player)
            return 10 + won if won > 0 else -10.0
        return h(child, player)

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        check_turn(state, player, rng)
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        h = self.heuristic or heuristic_for(state.game.name)
        bound = plan_bound(self.whole_turn, state.game.name)
        if bound and state.game.spec.information == "perfect" and len(state.current_players()) == 1:
            planned = self.memo.next(state, player)
            if planned is not None:
                return planned
            turns = whole_turns(state, player, bound)
            values = [self._value(end, player, h) for _, end in turns]
            top = max(values)
            best_turns = [seq for seq, v in zip(turns, values) if v == top]
            seq = best_turns[rng.randrange(len(best_turns))][0]
            self.memo.keep(state, player, seq)
            return seq[0]
        world = determinize(state, player, rng)
        simultaneous = len(state.current_players()) > 1
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            child = world.clone()
            _step(child, action, player if simultaneous else None)  # legal: listed just above
            value = self._value(child, player, h)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[rng.randrange(len(best))]


__all__ = ["RandomAgent", "GreedyAgent", "terminal_value", "plan_bound"]
