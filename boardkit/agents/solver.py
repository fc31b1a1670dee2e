"""Exact short-horizon solving: expectiminimax over the exact chance outcomes.

:func:`solve` answers "can the seat force a win within N turns, and with what probability at
best": the seat maximises its probability of winning before its horizon runs out, every other
seat minimises it (the cautious, "paranoid" reading for more than two seats), and chance
nodes average over their outcomes with their exact ``Fraction`` probabilities. A transposition
table keyed by the position (``state.to_position()``), the turns left and the seat to move
shares the work between orders of actions that reach one position.

A *turn* is a maximal run of decisions by one seat (chance nodes inside it do not end it):
the turn in progress is turn 1. The solver reads the whole truth of the state (it is the game
master's analysis): for a game with hidden information its value is that of the true deal,
not of what a seat knows.

Bounds: a search stops with :class:`SolverBudgetError` past ``max_nodes`` states (default
:data:`MAX_NODES` = 200,000) or ``seconds`` of wall clock (default :data:`SECONDS` = 30 s),
whichever comes first; an exact value has no partial answer, so the error says which bound
was hit and how many states were searched. ``turns`` is at most :data:`MAX_TURNS` (1,000).
"""

from __future__ import annotations

import json
import random
from time import monotonic as _clock  # the search's clock (a test may replace it)
from dataclasses import dataclass
from fractions import Fraction

from boardkit.agents.base import Agent, check_turn, check_whole
from boardkit.agents.mcts import check_seconds
from boardkit.agents.determinize import determinize
from boardkit.core.actions import Action
from boardkit.core.game import State


#: Default bound on the states one solve searches.
MAX_NODES = 200_000
#: Default time budget of one solve, in seconds.
SECONDS = 30.0
#: The longest horizon accepted, in turns.
MAX_TURNS = 1000


class SolverBudgetError(RuntimeError):
    """The search needed more states or time than its budget allows: ask for fewer turns, or,
    at one turn already, give a larger budget (the position may be too large to solve exactly)."""


def _advice(turns: int, budget: str) -> str:
    """What to ask instead, for a search over ``turns`` turns that ran out of ``budget`` (the
    names of the arguments that bound it)."""
    if turns > 1:
        return f"ask for fewer turns, or raise {budget}"
    return (f"turns=1 is already the shortest horizon: raise {budget}, or this position is too large "
            f"to solve exactly")


@dataclass(frozen=True)
class Solution:
    """The solver's answer.

    Attributes:
        value: the best probability (exact) that ``player`` wins within ``turns`` turns,
            against seats minimising it.
        best: the seat's first action of a best line (None at the end of the game, at a
            chance node, or when another seat is to move: ``value`` then counts that seat's
            best reply against ``player``).
        line: the seat's actions for the rest of its current turn on a best line, up to the
            turn's end or the next chance node.
        player: the seat solved for.
        turns: the horizon (turns, the current one included).
        nodes: states searched (transpositions count once).
    """

    value: Fraction
    best: Action | None
    line: tuple[Action, ...]
    player: int
    turns: int
    nodes: int


class _Search:
    def __init__(self, player: int, max_nodes: int, seconds: float | None = None, turns: int = 1) -> None:
        self.player, self.max_nodes, self.turns = player, max_nodes, turns
        self.seconds = seconds
        self.deadline = None if seconds is None else _clock() + seconds
        self.table: dict[tuple[str, int, int], tuple[Fraction, Action | None]] = {}
        self.nodes = 0

    @staticmethod
    def key(state: State) -> str:
        return json.dumps(state.to_position(finished=True), sort_keys=True, default=str)

    def value(self, state: State, turns_left: int, last: int) -> tuple[Fraction, Action | None]:
        if state.is_terminal():
            return (Fraction(1) if self.player in state.winners() else Fraction(0)), None
        mover = -1 if state.is_chance_node() else state.current_player()
        if mover >= 0 and mover != last:
            turns_left -= 1
            last = mover
        if turns_left <= 0:
            return Fraction(0), None
        k = (self.key(state), turns_left, last)
        hit = self.table.get(k)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SolverBudgetError(f"more than {self.max_nodes} states searched (max_nodes); "
                                    f"{_advice(self.turns, 'max_nodes')}")
        if self.deadline is not None and self.nodes % 32 == 0 and _clock() > self.deadline:
            raise SolverBudgetError(f"no answer within {self.seconds:g} s (seconds) after {self.nodes} states; "
                                    f"{_advice(self.turns, 'seconds (None: no time bound)')}")
        if mover < 0:
            total = Fraction(0)
            for outcome, p in state.chance_outcomes():
                child = state.clone()
                child.apply_unchecked(outcome)
                total += p * self.value(child, turns_left, last)[0]
            out: tuple[Fraction, Action | None] = (total, None)
        else:
            best_v: Fraction | None = None
            best_a: Action | None = None
            maximise = mover == self.player
            for action in state.legal_actions():
                child = state.clone()
                child.apply_unchecked(action)
                v = self.value(child, turns_left, last)[0]
                if best_v is None or (v > best_v if maximise else v < best_v):
                    best_v, best_a = v, action
                    if (maximise and v == 1) or (not maximise and v == 0):
                        break  # cannot do better
            out = (best_v if best_v is not None else Fraction(0), best_a)
        self.table[k] = out
        return out


def solve(state: State, player: int | None = None, turns: int = 1, max_nodes: int = MAX_NODES,
          seconds: float | None = SECONDS) -> Solution:
    """Solve ``state`` for ``player`` over a horizon of ``turns`` turns (see the module).

    Args:
        state: the state (not changed); a game where several seats act at once is refused.
        player: the seat (default: the seat to move).
        turns: the horizon in turns, the current one included (1: this turn only).
        max_nodes: search budget in states (default :data:`MAX_NODES`).
        seconds: time budget in seconds (default :data:`SECONDS`; None: no time bound).

    Returns:
        Solution (exact value, best action, the best line of the current turn).

    Raises:
        ValueError: ``state`` is not a boardkit State, no seat to solve for, a seat out of range, ``turns`` not a whole number
            1 .. :data:`MAX_TURNS`, ``max_nodes`` not a whole number >= 1, ``seconds`` not a
            number > 0, or a turn where several seats act at once.
        SolverBudgetError: the state or time budget was exceeded (or the search went deeper
            than Python's recursion limit); the message names the bound and what to ask
            instead (fewer turns; with ``turns=1``, a larger budget).
    """
    if not isinstance(state, State):
        raise ValueError(f"solve: state is a boardkit State (the position to solve), not {type(state).__name__}; "
                         f"a game id such as 'leaders' is no state: load_game('leaders').new_initial_state()")
    if player is None:
        player = state.current_player()
        if player < 0:
            raise ValueError(f"{state.game.name}: no seat is to move here; name the player to solve for")
    state.check_seat(player)
    check_whole("turns", turns)
    if turns > MAX_TURNS:
        raise ValueError(f"turns must be at most {MAX_TURNS}, not {turns}")
    check_whole("max_nodes", max_nodes)
    seconds = check_seconds("seconds", seconds)
    if len(state.current_players()) > 1:
        raise ValueError(f"{state.game.name}: the solver plays one seat at a time; here several act at once")
    search = _Search(player, max_nodes, seconds, turns)
    mover = state.current_player()
    last = mover if mover >= 0 else -3
    try:
        value, best = search.value(state, turns if mover >= 0 else turns + 1, last)
    except RecursionError:
        raise SolverBudgetError(f"the search went deeper than Python allows after {search.nodes} states; " + (
            "ask for fewer turns" if turns > 1 else "turns=1 is already the shortest horizon: this position's turn "
                                                    "is too long to solve exactly")) from None
    line: list[Action] = []
    s = state.clone()
    a = best = (_winning_now(s, player) or best) if mover == player else None  # another seat's move is not its best
    while a is not None and s.current_player() == player:
        line.append(a)
        s.apply_unchecked(a)
        if s.is_terminal() or s.is_chance_node() or s.current_player() != player:
            break
        a = _winning_now(s, player) or search.value(s, turns, player)[1]
    return Solution(value, best, tuple(line), player, turns, search.nodes)


def _winning_now(state: State, player: int) -> Action | None:
    """An action of ``player`` that wins at once, if any (so a best line takes the shortest win)."""
    if state.current_player() != player:
        return None
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        if child.is_terminal() and player in child.winners():
            return action
    return None


class SolverAgent(Agent):
    """Plays the solver's best action over ``turns`` turns; where no line wins within the
    horizon (value 0) it plays at random. With hidden information it solves one
    determinization of what its seat knows (so its value is not exact for the seat).

    Args:
        turns: the horizon (turns, at most :data:`MAX_TURNS`).
        max_nodes: search budget per decision in states; over it, the agent plays at random.
        seconds: time budget per decision in seconds (default 10; None: no time bound); over
            it, the agent plays at random.
    """

    def __init__(self, turns: int = 1, max_nodes: int = 20_000, name: str | None = None,
                 seconds: float | None = 10.0) -> None:
        self.turns, self.max_nodes = check_whole("SolverAgent: turns", turns), check_whole("SolverAgent: max_nodes", max_nodes)
        if turns > MAX_TURNS:
            raise ValueError(f"SolverAgent: turns must be at most {MAX_TURNS}, not {turns}")
        self.seconds = check_seconds("SolverAgent: seconds", seconds)
        self.check_name("SolverAgent", name)
        self.name = name or f"solver{turns}"

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        check_turn(state, player, rng)
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        world = determinize(state, player, rng)
        try:
            sol = solve(world, player, self.turns, self.max_nodes, self.seconds)
        except SolverBudgetError:
            sol = None
        if sol is not None and sol.best is not None and sol.value > 0:
            return sol.best
        return actions[rng.randrange(len(actions))]


__all__ = ["Solution", "SolverBudgetError", "solve", "SolverAgent", "MAX_NODES", "SECONDS", "MAX_TURNS"]
