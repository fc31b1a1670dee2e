"""Monte Carlo tree search (UCT) with chance nodes and, for hidden information, determinization.

Each iteration walks the tree from the root by UCB1 (Kocsis and Szepesvári 2006), adds one
node, finishes the game with uniformly random actions (chance by its exact probabilities) and
backs up each seat's result (1 for a sole win, 1/k for a win shared by k seats, 0 for a loss).
A rollout still unfinished after ``rollout_max`` actions is scored by the game's heuristic
(:mod:`boardkit.agents.heuristics`, ``h`` in ``[-1, 1]`` read as ``(h + 1) / 2`` for each
seat), or 1/n each for a game without one: short rollouts with an evaluation at the cut-off
(early playout termination) cost a fraction of full ones in long games. A chance node has
one child per outcome seen, reached by sampling. At a node each seat picks by its own results
(max^n), so the search works for any number of seats. Where several seats act at once, they are searched one after
another in seat order (a simplification: later seats in the tree see the earlier choice).

With hidden information the search never starts from the truth: the agent draws
``determinizations`` states consistent with its seat's knowledge
(:func:`boardkit.agents.determinize.determinize`), searches each with an equal share of the
iterations, and plays the action with the most visits summed over the trees (determinized
UCT with an ensemble of worlds).

Bounds: a decision stops at ``iterations``, or when its trees hold ``max_nodes`` nodes, or after
``seconds`` of search (wall clock, checked between iterations and every 16 rollout actions),
whichever comes first, and plays the most visited action so far (``last_stop`` says which bound
stopped it; at least one iteration always runs). Defaults: :data:`SECONDS` = 30 s and
:data:`MAX_NODES` = 50,000 nodes (at most some 130 MB at the measured 0.5 .. 2.6 KB a node), so
``MCTSAgent(iterations=10**12)`` answers in half a minute with a bounded tree. A search stopped
by the clock depends on the machine's speed (``seconds=None`` for runs that must replay
exactly); the node and iteration bounds do not.

Whole turns: in a game that plans them (:mod:`boardkit.agents.plans`; Armageddon, where one
roll is split in several shares, ARMA-3.1) the root's children are the seat's whole turns
(every distinct state its own run of actions can reach before chance or another seat acts), not
its first actions: a first share is judged with the rest of its split, not by random
completions. Untried turns are expanded best first by the heuristic. The agent plays the first
action of the most visited turn and keeps to the rest of it at its next decisions while the
state is the one it expected (with perfect information; with hidden information each decision
is searched as before).
"""

from __future__ import annotations

import gc
import math
import random
from time import monotonic as _clock  # the search's clock (a test may replace it)
from typing import Callable

from boardkit.agents.base import Agent, check_heuristic, check_turn, check_whole
from boardkit.agents.determinize import determinize
from boardkit.agents.heuristics import heuristic_for, no_heuristic
from boardkit.agents.plans import PlanMemo, whole_turns
from boardkit.agents.simple import _step, plan_bound, terminal_value
from boardkit.core.actions import Action
from boardkit.core.game import SIMULTANEOUS, State, sample_chance
from boardkit.core.playout import random_step, random_steps


#: Default time budget of one decision, in seconds.
SECONDS = 30.0
#: Default bound on the nodes of one decision's search trees (summed over determinizations).
MAX_NODES = 50_000


def check_seconds(label: str, value: object) -> float | None:
    """``value`` if it is None (no time bound) or a finite number of seconds > 0; else
    ValueError naming ``label``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise ValueError(f"{label} must be a number of seconds > 0 (or None for no time bound), not {str(value)[:60]!r}")
    return float(value)


class _Node:
    __slots__ = ("mover", "actions", "untried", "children", "visits", "value", "turns", "best_turn")

    def __init__(self) -> None:
        self.mover = -1
        self.actions: dict[str, Action] = {}
        self.untried: list[Action] | None = None
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.value: list[float] | None = None
        #: at a root searched by whole turns: turn key -> (actions, resulting state)
        self.turns: dict[str, tuple[tuple[Action, ...], State]] | None = None
        self.best_turn = ""


def _random_step(state: State, rng: random.Random) -> None:
    """One rollout action (the state is not over): :func:`~boardkit.core.playout.random_step`,
    or where several seats act at once (which it refuses), the first of them acting (uniform
    among its legal actions)."""
    try:
        random_step(state, rng)  # chance, or one seat: uniform, drawn without listing where the game can
        return
    except ValueError as e:
        if state.current_player() != SIMULTANEOUS:  # the engine must give the seat to act an action
            raise RuntimeError(f"{state.game.name}: seat {state.current_player()} is to act but has no legal action "
                               f"in a game that is not over (a fault of the engine, not of the search)") from e
    p = state.current_players()[0]
    try:
        action = state.sample_legal_action(rng, p)
    except ValueError as e:
        raise RuntimeError(f"{state.game.name}: seat {p} is to act but has no legal action in a game that is "
                           f"not over (a fault of the engine, not of the search)") from e
    _step(state, action, p)


class MCTSAgent(Agent):
    """UCT search for the seat to move (see the module docstring).

    Args:
        iterations: search iterations per decision (a decision with one legal action is not
            searched).
        c: the UCB1 exploration constant (results are in ``[0, 1]``).
        rollout_max: atomic actions per random rollout; a rollout cut off there is scored by
            ``heuristic`` (or as a draw when the game has none).
        heuristic: ``h(state, player) -> float`` in ``[-1, 1]`` for cut-off rollouts; default
            the game's registered heuristic (:func:`boardkit.agents.heuristics.heuristic_for`).
        determinizations: worlds drawn per decision when information is hidden.
        name: the name in tables (default ``f"mcts{iterations}"``).
        seconds: time budget of one decision in seconds (default :data:`SECONDS`; None: no time
            bound); the search stops there and plays its best action so far.
        max_nodes: bound on the tree nodes of one decision (default :data:`MAX_NODES`).
        whole_turn: search whole turns at the root (True), single actions (False), or as the
            game says (None, the default; :func:`boardkit.agents.plans.turn_plan_for`).

    Attributes:
        last_root_visits: action text -> visits at the root after the last decision (with
            whole turns: the first action's text -> the visits of its most visited turn;
            empty when the last decision ran no search).
        last_plan: the whole turn chosen at the last searched decision (action texts; empty
            when turns are not planned).
        last_stop: what ended the last search: ``"iterations"``, ``"nodes"``, ``"seconds"``
            (or ``"one action"`` when there was nothing to search, ``"plan"`` when the action
            is the next of the whole turn chosen at an earlier decision: no search ran).
        last_iterations: iterations (one rollout each) the last decision ran, over all its
            determinized worlds; 0 when it ran no search. With whole turns this is not the sum
            of :attr:`last_root_visits`, which keeps one turn per first action.

    Raises:
        ValueError: ``iterations``, ``rollout_max``, ``determinizations`` or ``max_nodes`` not a
            whole number >= 1, ``c`` not a finite number >= 0, ``seconds`` not a number > 0,
            or a ``heuristic`` that is not callable, or ``whole_turn`` not True, False or None.
    """

    def __init__(self, iterations: int = 200, c: float = 1.4, rollout_max: int = 2000, determinizations: int = 4,
                 name: str | None = None, heuristic: Callable[[State, int], float] | None = None,
                 seconds: float | None = SECONDS, max_nodes: int = MAX_NODES, whole_turn: bool | None = None) -> None:
        for label, value in (("iterations", iterations), ("rollout_max", rollout_max), ("determinizations", determinizations),
                             ("max_nodes", max_nodes)):
            check_whole(f"MCTSAgent: {label}", value)
        self.seconds = check_seconds("MCTSAgent: seconds", seconds)
        self.max_nodes = max_nodes
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not math.isfinite(c) or c < 0:
            raise ValueError(f"MCTSAgent: c (the exploration constant) must be a finite number >= 0, not {str(c)[:60]!r}")
        check_heuristic("MCTSAgent: heuristic", heuristic)
        self.iterations, self.c, self.rollout_max, self.determinizations = iterations, c, rollout_max, determinizations
        self.check_name("MCTSAgent", name)
        self.name = name or f"mcts{iterations}"
        self.heuristic = heuristic
        if whole_turn is not None and not isinstance(whole_turn, bool):
            raise ValueError(f"MCTSAgent: whole_turn is True, False or None, not {str(whole_turn)[:60]!r}")
        self.whole_turn = whole_turn
        self.memo = PlanMemo()
        self.last_root_visits: dict[str, int] = {}
        self.last_plan: list[str] = []
        self.last_stop = ""
        self.last_iterations = 0

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        check_turn(state, player, rng)
        actions = state.legal_actions(player)
        self.last_iterations, self.last_root_visits = 0, {}
        if len(actions) == 1:
            self.last_stop = "one action"
            return actions[0]
        hidden = state.game.spec.information != "perfect"
        worlds = min(self.determinizations, self.iterations) if hidden else 1
        start = _clock()
        visits: dict[str, int] = {}
        self.last_stop = "iterations"
        if not hidden and plan_bound(self.whole_turn, state.game.name) and len(state.current_players()) == 1:
            planned = self.memo.next(state, player)
            if planned is not None:
                self.last_stop = "plan"  # the rest of the whole turn chosen before (last_plan)
                return planned
            deadline = None if self.seconds is None else start + self.seconds
            root = self._search(determinize(state, player, rng), player, self.iterations, rng, deadline, self.max_nodes)
            assert root.turns is not None
            # the most visited turn (the best by the heuristic when nothing was searched)
            best = max(root.children, key=lambda k: root.children[k].visits) if root.children else root.best_turn
            seq = root.turns[best][0]
            for key, child in root.children.items():
                first = str(root.turns[key][0][0])
                visits[first] = max(visits.get(first, 0), child.visits)
            self.last_root_visits, self.last_plan = visits, [str(a) for a in seq]
            self.memo.keep(state, player, seq)
            return seq[0]
        self.last_plan = []
        for w in range(worlds):
            world = determinize(state, player, rng)
            share = self.iterations // worlds + (1 if w < self.iterations % worlds else 0)
            # each world has an equal share of the time and of the nodes
            deadline = None if self.seconds is None else start + self.seconds * (w + 1) / worlds
            nodes = max(1, self.max_nodes // worlds)
            root = self._search(world, player, share, rng, deadline, nodes)
            for key, child in root.children.items():
                visits[key] = visits.get(key, 0) + child.visits
        self.last_root_visits = visits
        return max(actions, key=lambda a: visits.get(str(a), 0))

    def _search(self, world: State, player: int, iterations: int, rng: random.Random,
                deadline: float | None = None, max_nodes: int = MAX_NODES) -> _Node:
        """The search tree of ``iterations`` iterations from ``world`` for ``player`` (fewer when
        ``deadline`` passes or the tree reaches ``max_nodes``; :attr:`last_stop` says which):
        each iteration goes down the tree (:meth:`_descend`), plays a rollout
        (:meth:`_rollout`) and adds its result to every node on its path.

        Python's cyclic garbage collector is paused while it runs and set back as it was
        after, also on an error (tests/test_agents.py): a search leaves no garbage in cycles
        (none after 400-iteration searches of each game), and the collector's passes over
        the new tree nodes and states cost about 3% of a gridhunt search's instructions."""
        paused = gc.isenabled()
        gc.disable()
        try:
            return self._iterate(world, player, iterations, rng, deadline, max_nodes)
        finally:
            if paused:
                gc.enable()

    def _iterate(self, world: State, player: int, iterations: int, rng: random.Random, deadline: float | None,
                 max_nodes: int) -> _Node:
        """The loop of :meth:`_search` (its arguments as there)."""
        n_seats = world.game.num_players
        h = self.heuristic or heuristic_for(world.game.name)
        root = _Node()
        simultaneous_root = len(world.current_players()) > 1
        turn_keys = self._root_turns(root, world, player, h, rng, simultaneous_root)
        nodes = 1
        for done in range(iterations):
            if done and deadline is not None and _clock() >= deadline:
                self.last_stop = "seconds"
                break
            if done and nodes >= max_nodes:  # like the time budget: at least one iteration runs
                self.last_stop = "nodes"
                break
            s, path, added = self._descend(root, world, player, turn_keys, rng, simultaneous_root)
            nodes += added
            result = self._rollout(s, rng, deadline, h, n_seats)
            self.last_iterations += 1
            for visited in path:
                visited.visits += 1
                if visited.value is None:
                    visited.value = [0.0] * n_seats
                for i in range(n_seats):
                    visited.value[i] += result[i]
        return root

    def _root_turns(self, root: _Node, world: State, player: int, h: Callable[[State, int], float],
                    rng: random.Random, simultaneous_root: bool) -> list[str]:
        """When the search goes by whole turns (``whole_turn``), fill ``root.turns`` with
        ``player``'s whole turns from ``world`` and return their keys in the order they are
        to be tried (popped from the end: the best by the heuristic first, ties at random);
        else ``[]``."""
        bound = plan_bound(self.whole_turn, world.game.name)
        if not bound or simultaneous_root or world.is_chance_node() or world.is_terminal():
            return []
        found = whole_turns(world, player, bound)
        root.turns = {" ; ".join(str(a) for a in seq): (seq, end) for seq, end in found}
        root.mover = player
        score = {k: ((10.0 if terminal_value(end, player) > 0 else -10.0) if end.is_terminal() else h(end, player))
                 for k, (_, end) in root.turns.items()}
        turn_keys = list(root.turns)
        rng.shuffle(turn_keys)  # ties in a random order
        turn_keys.sort(key=lambda k: score[k])
        root.best_turn = turn_keys[-1]
        return turn_keys

    def _descend(self, root: _Node, world: State, player: int, turn_keys: list[str], rng: random.Random,
                 simultaneous_root: bool) -> tuple[State, list[_Node], int]:
        """One iteration's way down from ``root``: chance sampled, known children chosen by
        UCB, until a node with an untried action (or untried whole turn) adds one child.

        Returns:
            ``(s, path, added)``: the state reached (a copy), the nodes passed from the root,
            and how many nodes were added to the tree.
        """
        node, path, added = root, [root], 0
        if root.turns is not None:
            if turn_keys:  # a whole turn expanded just now: straight to its rollout
                key = turn_keys.pop()
                root.children[key] = _Node()
                path.append(root.children[key])
                return root.turns[key][1].clone(), path, 1
            log_root = math.log(root.visits)
            key = max(root.children, key=lambda k: self._ucb(root.children[k], player, log_root))
            node = root.children[key]
            path.append(node)
            s = root.turns[key][1].clone()
        else:
            s = world.clone()
        while not s.is_terminal():
            if s.is_chance_node():
                outcome = sample_chance(s, rng)
                s.apply_unchecked(outcome)
                key = str(outcome)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                    added += 1
                node = child
                path.append(node)
                continue
            movers = s.current_players()
            p = player if node is root else movers[0]
            by = p if (len(movers) > 1 or (node is root and simultaneous_root)) else None
            if node.untried is None:
                legal = s.legal_actions(p)
                node.mover, node.untried = p, list(legal)
                node.actions = {str(a): a for a in legal}
                rng.shuffle(node.untried)
            if node.untried:
                action = node.untried.pop()
                _step(s, action, by)
                child = node.children[str(action)] = _Node()
                path.append(child)
                return s, path, added + 1
            log_n = math.log(node.visits)
            key = max(node.children, key=lambda k: self._ucb(node.children[k], p, log_n))
            _step(s, node.actions[key], by)
            node = node.children[key]
            path.append(node)
        return s, path, added

    def _rollout(self, s: State, rng: random.Random, deadline: float | None, h: Callable[[State, int], float],
                 n_seats: int) -> list[float]:
        """Random play from ``s`` (changed in place) for at most ``rollout_max`` actions.

        Returns:
            Each seat's result in [0, 1]: the terminal value at the end of the game; else the
            heuristic's view (or an even share without a heuristic) where the rollout was cut
            off by ``rollout_max`` or by ``deadline``.
        """
        n, limit = 0, self.rollout_max
        while n < limit:
            if n and deadline is not None and _clock() >= deadline:
                break  # out of time inside a rollout: scored as cut off
            try:
                got = random_steps(s, rng, min(16, limit - n))  # the clock is read every 16 actions
            except ValueError as e:
                raise RuntimeError(f"{s.game.name}: {e} in a game that is not over (a fault of the engine, not of "
                                   f"the search)") from e
            n += got
            if got < 16 and n < limit:  # the end, or several seats act at once
                if s.is_terminal():
                    break
                _random_step(s, rng)
                n += 1
        if s.is_terminal():
            return [terminal_value(s, i) for i in range(n_seats)]
        if h is no_heuristic:
            return [1.0 / n_seats] * n_seats
        return [(max(-1.0, min(1.0, h(s, i))) + 1) / 2 for i in range(n_seats)]

    def _ucb(self, child: _Node, p: int, log_n: float) -> float:
        assert child.value is not None
        return child.value[p] / child.visits + self.c * math.sqrt(log_n / child.visits)


__all__ = ["MCTSAgent", "SECONDS", "MAX_NODES", "check_seconds"]
