"""Perft: count the leaves of the game tree of atomic actions, as chess engines do.

Every atomic action is one ply, and so is every chance outcome: a die roll with six faces is
six branches, whatever their probabilities. The counts pin move generation (and chance
generation) exactly, so a rules change that alters what is legal shows up as a changed number.

Per-game cases live in ``data/perft/<game>.yaml``::

    game: leaders
    cases:
      - name: initial
        options: {}              # load_game options (optional, default {})
        position: null           # null: new_initial_state(); else a position description
        history: [first 0]       # optional: notations applied (checked) after the position
        counts: {1: 2, 2: 14}    # depth -> leaf count

Source: python-chess ``examples/perft`` (idea only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from time import monotonic as _clock  # perft's clock (a test may replace it)
from typing import Any

import json


from boardkit.core.checks import check_size, check_whole
from boardkit.core.spec import load_game
from boardkit.core.game import State
from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError, check_schema, parse_yaml, read_user_file

_PERFT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "cases"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string"},
        "doc": {"type": "string"},
        "cases": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["name", "position", "counts"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "doc": {"type": "string"},
                    "options": {"type": "object"},
                    "position": {"type": ["object", "string", "null"]},
                    "history": {"type": "array", "items": {"type": "string"}},
                    "study": {"type": "boolean"},
                    "counts": {
                        "type": "object",
                        "minProperties": 1,
                        "additionalProperties": {"type": "integer", "minimum": 0},
                    },
                },
            },
        },
    },
}


#: The deepest perft or divide asked (each ply is one level of recursion; real counts stop far
#: sooner: the tree grows by the branching factor at every ply).
MAX_DEPTH = 200
#: Default bound on the positions one perft or divide generates (clone and apply) below its root.
MAX_NODES = 1_000_000
#: Default time budget of one perft or divide, in seconds.
SECONDS = 30.0


class PerftBudgetError(RuntimeError):
    """A perft or divide needed more positions (``max_nodes``) or time (``seconds``) than its
    budget allows; the message names the bound and says how far the count got."""


def perft(state: State, depth: int, max_nodes: int | None = MAX_NODES, seconds: float | None = SECONDS) -> int:
    """Number of leaf nodes of the tree of all atomic actions, ``depth`` plies deep.

    Player actions and chance outcomes are both branches (chance outcomes are counted, not
    weighted). A terminal node counts as one leaf at whatever depth (<= ``depth``) it is
    reached, so ``perft(s, d)`` is the number of distinct action sequences of length ``d``
    plus those shorter ones that end the game. ``perft(s, 0) == 1``.

    Uses ``clone`` and the unchecked ``_apply``; ``state`` is not changed.

    Args:
        state: the root position.
        depth: plies to expand (>= 0).
        max_nodes: stop with :class:`PerftBudgetError` rather than generate more than this
            many positions below the root (default :data:`MAX_NODES`; None: no bound). The
            last ply is counted from ``legal_actions()``, not generated, so the positions are
            far fewer than the leaves.
        seconds: stop with :class:`PerftBudgetError` once this many seconds have passed
            (default :data:`SECONDS`; None: no time bound). Checked once per position whose
            children are generated, so a count never costs more than a clock reading per
            position. A count given never depends on either bound.

    Returns:
        The leaf count.

    Raises:
        ValueError: ``depth`` is not a whole number 0 .. :data:`MAX_DEPTH`; ``state`` is no
            boardkit State; ``max_nodes`` is no whole number >= 1 nor None; ``seconds`` is no
            finite number > 0 nor None.
        PerftBudgetError: past ``max_nodes`` or ``seconds``; the message names the bound, the
            positions generated and the leaves counted so far.

    >>> import boardkit
    >>> perft(boardkit.load_game("leaders").new_initial_state(), 0)
    1
    """
    budget = _Budget("perft", state, depth, 0, max_nodes, seconds)
    try:
        return _perft(state, depth, budget)
    except _OverBudget as stop:
        raise PerftBudgetError(budget.message(stop.leaves)) from None


def _check(name: str, state: Any, depth: Any, low: int) -> None:
    """ValueError naming the argument when ``state`` is no State or ``depth`` is not a whole
    number ``low .. MAX_DEPTH`` (a bool is no depth)."""
    if not isinstance(state, State):
        raise ValueError(f"{name}: state is a boardkit State, not {type(state).__name__}")
    if type(depth) is not int or not low <= depth <= MAX_DEPTH:
        raise ValueError(f"{name}: depth is a whole number {low} .. {MAX_DEPTH}, not {str(depth)[:40]!r}")


class _OverBudget(Exception):
    """Raised inside the count past a bound; each level adds the leaves it had counted."""

    def __init__(self) -> None:
        super().__init__()
        self.leaves = 0


class _Budget:
    """The positions generated and the deadline of one perft or divide (arguments checked)."""

    __slots__ = ("name", "depth", "max_nodes", "seconds", "deadline", "nodes", "hit", "next")

    def __init__(self, name: str, state: Any, depth: Any, low: int, max_nodes: Any, seconds: Any) -> None:
        _check(name, state, depth, low)
        self.name, self.depth = name, depth
        self.max_nodes = float("inf") if max_nodes is None else check_whole(f"{name}: max_nodes", max_nodes)
        self.seconds = None if seconds is None else check_size(seconds, f"{name}: seconds")
        self.deadline = None if seconds is None else _clock() + seconds
        self.nodes = self.next = 0
        self.hit = ""

    def spend(self, children: int) -> None:
        """Count ``children`` positions about to be generated; _OverBudget past a bound."""
        if self.nodes + children > self.max_nodes:
            self.hit, self.next = "max_nodes", children
            raise _OverBudget
        if self.deadline is not None and _clock() > self.deadline:
            self.hit = "seconds"
            raise _OverBudget
        self.nodes += children

    def message(self, leaves: int) -> str:
        """The error's text: the bound hit and how far the count got."""
        done = f"after {self.nodes:,} positions generated and {leaves:,} leaves counted"
        if self.hit == "max_nodes":  # stopped before the children that would pass the bound
            return (f"{self.name}: depth {self.depth} needs more than {self.max_nodes:,} positions (max_nodes); "
                    f"stopped {done}, before generating the next {self.next:,}, which would pass it; ask for a smaller depth, "
                    f"or a larger max_nodes (None: no bound)")
        return (f"{self.name}: depth {self.depth} not counted within {self.seconds:g} s (seconds); stopped {done}; "
                f"ask for a smaller depth, or more seconds (None: no time bound)")


def root_snapshot(state: State) -> tuple[str, ...]:
    """The whole truth of ``state`` as comparable text, to check that a search left it unchanged.

    ``to_json()`` alone is not enough: it holds only the start and the history, so a clone that
    shares a mutable container with its original would pass. The snapshot holds the full
    observation (``observation(None)``), the position (``to_position()``, when the state has
    one), the player to move, the legal actions and the history.

    Args:
        state: any state.

    Returns:
        A tuple of JSON texts; equal tuples mean the same state as far as the API can tell.

    >>> import boardkit
    >>> s = boardkit.load_game("leaders").new_initial_state()
    >>> before = root_snapshot(s)
    >>> _ = perft(s, 2)
    >>> root_snapshot(s) == before
    True
    """
    to_position = getattr(state, "to_position", None)
    position = to_position(finished=True) if callable(to_position) else None
    return (
        json.dumps(state.observation(None), sort_keys=True, default=repr),
        json.dumps(position, sort_keys=True, default=repr),
        json.dumps(state.current_player()),
        json.dumps([str(a) for a in state.legal_actions()]),
        json.dumps([str(a) for a in state.history()]),
    )


def _perft(state: State, depth: int, budget: _Budget) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    budget.spend(len(actions))
    total = 0
    try:
        for action in actions:
            child = state.clone()
            child._apply(action)
            total += _perft(child, depth - 1, budget)
    except _OverBudget as stop:
        stop.leaves += total
        raise
    return total


def divide(state: State, depth: int, max_nodes: int | None = MAX_NODES,
           seconds: float | None = SECONDS) -> dict[str, int]:
    """Perft split by first action: ``{notation: perft(child, depth - 1)}``.

    The values sum to ``perft(state, depth)``; comparing two divides finds the first action
    under which move generation differs.

    Args:
        state: the root position (not changed).
        depth: plies to expand, >= 1.
        max_nodes: as for :func:`perft`: one budget of positions for the whole divide.
        seconds: as for :func:`perft`: one time budget for the whole divide.

    Returns:
        Mapping from each legal action's notation (chance outcomes at a chance node) to the
        leaf count below it, in ``legal_actions()`` order. Empty at a terminal state.

    Raises:
        ValueError: ``depth`` is not a whole number 1 .. :data:`MAX_DEPTH`; ``state`` is no
            boardkit State; a bad ``max_nodes`` or ``seconds`` (as for :func:`perft`).
        PerftBudgetError: past ``max_nodes`` or ``seconds`` (as for :func:`perft`).
    """
    budget = _Budget("divide", state, depth, 1, max_nodes, seconds)
    out: dict[str, int] = {}
    actions = state.legal_actions()
    try:
        budget.spend(len(actions))
        for action in actions:
            child = state.clone()
            child._apply(action)
            out[str(action)] = _perft(child, depth - 1, budget)
    except _OverBudget as stop:
        raise PerftBudgetError(budget.message(stop.leaves + sum(out.values()))) from None
    return out


@dataclass(frozen=True)
class PerftCase:
    """One perft position with its expected counts.

    Attributes:
        game: game id.
        name: case name (unique within the file).
        options: ``load_game`` options.
        position: position description for ``game.state_from_position`` or None for the
            initial state.
        study: the position is read as a study position (``study=True``: a hand-made one that
            play cannot reach, e.g. cards gone that the turns do not account for).
        history: notations applied (checked) after the position.
        counts: depth -> expected leaf count.
        doc: free text (where the counts come from).
    """

    game: str
    name: str
    options: dict[str, Any] = field(default_factory=dict)
    position: Any = None
    history: tuple[str, ...] = ()
    study: bool = False
    counts: dict[int, int] = field(default_factory=dict)
    doc: str = ""

    def state(self) -> State:
        """The root state: the position (or initial state) with ``history`` applied.

        Raises:
            OptionError: bad options. BoardkitDataError / IllegalActionError: bad position.
            NotationError / IllegalActionError: a history entry does not parse or is illegal.
        """
        game = load_game(self.game, **self.options)
        if self.position is None:
            state = game.new_initial_state()
        else:
            state = game.state_from_position(self.position, study=self.study)
        for entry in self.history:
            state.apply_action(state.parse_action(entry))
        return state


def load_perft_file(game_name: str, path: Path | str | None = None) -> list[PerftCase]:
    """Read and validate the perft cases of a game.

    Args:
        game_name: game id; the file's ``game`` field must match it.
        path: the file (default ``data/perft/<game_name>.yaml``).

    Returns:
        The cases in file order.

    Raises:
        BoardkitDataError: missing or unreadable file, schema violation, another game's file,
            a depth that is not a non-negative integer, or a duplicate case name (the message
            names the file and the entry).
    """
    path = Path(path) if path is not None else DATA_DIR / "perft" / f"{game_name}.yaml"
    doc = parse_yaml(read_user_file(path, "perft"), path)
    check_schema(doc, _PERFT_SCHEMA, path)
    if doc["game"] != game_name:
        raise BoardkitDataError(f"{path}: game: file is for {doc['game']!r}, not {game_name!r}")
    cases: list[PerftCase] = []
    for i, entry in enumerate(doc["cases"]):
        counts: dict[int, int] = {}
        for key, value in entry["counts"].items():
            depth = key if isinstance(key, int) else int(key) if str(key).isdigit() else -1
            if depth < 0 or isinstance(key, bool):
                raise BoardkitDataError(f"{path}: cases[{i}].counts: depth {key!r} is not an integer >= 0")
            counts[depth] = value
        if any(c.name == entry["name"] for c in cases):
            raise BoardkitDataError(f"{path}: cases[{i}].name: duplicate case name {entry['name']!r}")
        cases.append(
            PerftCase(
                game=game_name,
                name=entry["name"],
                options=dict(entry.get("options") or {}),
                position=entry["position"],
                history=tuple(entry.get("history") or ()),
                study=bool(entry.get("study", False)),
                counts=dict(sorted(counts.items())),
                doc=entry.get("doc", ""),
            )
        )
    return cases


__all__ = ["perft", "divide", "root_snapshot", "PerftCase", "load_perft_file", "PerftBudgetError",
           "MAX_DEPTH", "MAX_NODES", "SECONDS"]
