"""The game tree a board controller explores: states joined by actions, lines and branches.

Stepping back and playing another action makes a new branch; the old line stays reachable.
:class:`GameTree` is the navigation half of :class:`~boardkit.viz.controller.BoardController`
(back, forward, goto, the lines explored and the switch between them); what a click means
stays in the controller. Pure Python: no ipywidgets.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boardkit.core.actions import Action
from boardkit.core.state import State
from boardkit.core.validate import shorten
from boardkit.viz.results import Branch


@dataclass(eq=False)
class Node:
    """One state of the tree: the action that led to it from ``parent`` and the lines that go on
    from it (``children``; ``active`` is the one ``forward`` follows)."""

    state: State
    action: Action | None = None
    parent: "Node | None" = None
    children: list["Node"] = field(default_factory=list)
    active: int = 0  # index of the child that "forward" follows

    @property
    def depth(self) -> int:
        """Number of actions from the root to this state."""
        d, n = 0, self
        while n.parent is not None:
            d, n = d + 1, n.parent
        return d


def rng_from(rng_or_seed: Any) -> Any:
    """A ``random.Random`` for a seed (int or str), the generator itself, or None for None.

    Raises:
        ValueError: anything else (naming the argument, ``rng_or_seed``, and the value).
    """
    if rng_or_seed is None:
        return None
    if isinstance(rng_or_seed, (int, str)) and not isinstance(rng_or_seed, bool):
        return random.Random(rng_or_seed)
    if callable(getattr(rng_or_seed, "randrange", None)):
        return rng_or_seed
    raise ValueError(f"rng_or_seed: a seed (a whole number or a text), a random.Random or None, not "
                     f"{shorten(rng_or_seed)} ({type(rng_or_seed).__name__})")


class GameTree:
    """Navigation over a tree of states (a base of :class:`BoardController`).

    The class that uses it sets ``_root`` and ``_node`` (:class:`Node`), ``seat`` (None or a
    seat: the log is what that seat saw), ``_root_length`` (actions before the tree's root, as
    the seat saw them) and ``message``, and defines ``_after_move(message)``, called after
    every step with a message for the user.
    """

    _root: Node
    _node: Node
    seat: int | None
    _root_length: int
    message: str

    def _after_move(self, message: str) -> None:
        raise NotImplementedError

    @property
    def state(self) -> State:
        """The current state (do not change it in place; use ``apply``)."""
        return self._node.state

    @property
    def game(self) -> Any:
        """The game of the states."""
        return self._root.state.game

    @property
    def index(self) -> int:
        """Number of actions from the start to the current state."""
        return self._node.depth

    def _texts(self, node: Node) -> list[str]:
        """Notation of the actions from the start to ``node`` as the seat saw them."""
        if self.seat is None:
            out: list[str] = []
            n: Node | None = node
            while n is not None and n.action is not None:
                out.append(str(n.action))
                n = n.parent
            return out[::-1]
        return [str(a) for a in node.state.history(self.seat)[self._root_length:]]

    def _line_nodes(self) -> list[Node]:
        """Nodes of the current line: root .. current .. end of the active children."""
        back: list[Node] = []
        n: Node | None = self._node
        while n is not None:
            back.append(n)
            n = n.parent
        nodes = back[::-1]
        n = self._node
        while n.children:
            n = n.children[n.active]
            nodes.append(n)
        return nodes

    def log(self) -> list[str]:
        """Notation of the actions from the start to the current state (as the seat saw
        them: an action hidden from it reads ``draw ?``)."""
        return self._texts(self._node)

    def line(self) -> list[str]:
        """Notation of the whole current line, including the actions after the current state
        that ``forward()`` replays (as the seat saw them)."""
        return self._texts(self._line_nodes()[-1])

    def can_back(self) -> bool:
        """True if there is an earlier state on the line."""
        return self._node.parent is not None

    def can_forward(self) -> bool:
        """True if the line continues after the current state."""
        return bool(self._node.children)

    def back(self) -> bool:
        """Step one action back (the line is kept for ``forward``). Returns False at the start."""
        if self._node.parent is None:
            self.message = "at the start: nothing to step back to"
            return False
        self._node = self._node.parent
        self._after_move(f"back to move {self.index}")
        return True

    def forward(self) -> bool:
        """Replay the next action of the current line. Returns False at its end."""
        if not self._node.children:
            self.message = "at the end of this line"
            return False
        self._node = self._node.children[self._node.active]
        self._after_move(f"forward: {self._texts(self._node)[-1]}")
        return True

    def goto(self, index: int) -> None:
        """Go to the state after ``index`` actions of the current line (0: the start;
        negative counts from the end, -1 being the last state).

        Raises:
            IndexError: the line has fewer actions.
        """
        nodes = self._line_nodes()
        if index < 0:
            index += len(nodes)
        if not 0 <= index < len(nodes):
            raise IndexError(f"the line has {len(nodes) - 1} actions; no state {index}")
        self._node = nodes[index]
        self._after_move(f"at move {index}" + (f": {self._texts(self._node)[-1]}" if self._node.action else " (start)"))

    def _leaves(self) -> list[tuple[Node, int]]:
        """Leaves in creation order with the depth at which each leaves its parent line."""
        out: list[tuple[Node, int]] = []

        def walk(n: Node, fork: int) -> None:
            if not n.children:
                out.append((n, fork))
            for i, c in enumerate(n.children):
                walk(c, fork if i == 0 else n.depth)

        walk(self._root, 0)
        return out

    def branches(self) -> list[Branch]:
        """Every line of play explored in this session, the first one played first."""
        current_leaf = self._line_nodes()[-1]
        out = []
        for i, (leaf, fork) in enumerate(self._leaves()):
            acts = self._texts(leaf)
            last = acts[-1] if acts else "start"
            label = (f"line {i + 1}: {len(acts)} actions, ends '{last}'" if i == 0
                     else f"line {i + 1}: from move {fork} '{acts[fork]}', {len(acts)} actions")
            out.append(Branch(i, tuple(acts), fork, leaf is current_leaf, label))
        return out

    def switch_branch(self, i: int) -> None:
        """Make line ``i`` of :meth:`branches` the current line. The current state stays if it
        is on that line; otherwise the controller goes to where the two lines part.

        Raises:
            ValueError: ``i`` is not a whole number.
            IndexError: no line ``i``.
        """
        if isinstance(i, bool) or not isinstance(i, int):
            raise ValueError(f"switch_branch: i is a line number, a whole number 0 .. {len(self._leaves()) - 1} "
                             f"(see branches()), not {str(i)[:60]!r}")
        leaves = self._leaves()
        if not 0 <= i < len(leaves):
            there = "there is 1 line (line 0)" if len(leaves) == 1 else f"there are {len(leaves)} lines (0 .. {len(leaves) - 1})"
            raise IndexError(f"switch_branch: no line {i}: {there}; see branches()")
        leaf = leaves[i][0]
        path: list[Node] = []
        n: Node | None = leaf
        while n is not None:
            path.append(n)
            n = n.parent
        on_path = set(map(id, path))
        for child in path[:-1]:
            assert child.parent is not None
            child.parent.active = child.parent.children.index(child)
        cur: Node | None = self._node
        while cur is not None and id(cur) not in on_path:
            cur = cur.parent
        self._node = cur if cur is not None else self._root
        self._after_move(f"line {i + 1}, at move {self.index}")
