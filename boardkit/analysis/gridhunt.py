"""Gridhunt questions on the grid's graph (networkx) and on what players know (GRID-3, GRID-5).

- :func:`reachable_cells`: the cells a player may end on with one declared path of 1 .. 6
  orthogonal steps, given the walls it knows (GRID-3.1, GRID-3.3); a path of at most 6 steps
  reaches exactly the cells at graph distance 1 .. 6 (a shortest path never revisits a cell);
  :func:`reachable_steps` gives each its distance.
- :func:`belief_set` / :func:`belief_sizes`: the cells where a player may be as far as public
  knowledge goes (GRID-5.3): the whole grid at the start, widened by each of its moves to every
  cell one declared path away through publicly known walls (a hidden wall may stop it anywhere
  on the way, even on its cell, GRID-D4), one cell while it is beaconed (GRID-2.7), none once
  dead.
- :func:`expected_revealed`: the expected number of cells a player newly sees with one move
  drawn uniformly among its orders (GRID-5.2), the GM resolving it on the truth; an exact
  Fraction.

Plain data out: sets and lists of cell names, Fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable

import networkx as nx

from boardkit.core.checks import check_cell, check_state, check_whole
from boardkit.core.validate import shorten
from boardkit.games.gridhunt.rules import (
    MAX_SIZE, MAX_STEPS, MIN_SIZE, around, cell_index, cell_name, cell_names, grid_graph,
)


def reachable_cells(size: int, start: str, known_walls: Iterable[str] = ()) -> set[str]:
    """Cells a declared path of 1 .. 6 orthogonal steps from ``start`` can end on, avoiding the
    ``known_walls`` (GRID-3.1, GRID-3.3): graph distance 1 .. 6 in the grid minus those walls.

    Args:
        size: the grid's side, :data:`~boardkit.games.gridhunt.rules.MIN_SIZE` (4) ..
            :data:`~boardkit.games.gridhunt.rules.MAX_SIZE` (26) as the game allows (GRID-7).
        start: the player's cell (``"f6"``).
        known_walls: cell names of the walls the player knows.

    Returns:
        The set of cell names (``start`` excluded: a path never returns to it).

    Raises:
        ValueError: as :func:`reachable_steps`.

    >>> len(reachable_cells(12, "f6"))   # the 6-step diamond (85 cells) minus f6 and 2 off the grid
    82
    """
    return set(reachable_steps(size, start, known_walls))


def reachable_steps(size: int, start: str, known_walls: Iterable[str] = ()) -> dict[str, int]:
    """Cell -> the fewest steps of a declared path from ``start`` to it (1 .. 6), avoiding the
    known walls: the cells of :func:`reachable_cells` with their distance (GRID-3.1, GRID-3.3).

    Args:
        size: the grid's side, 4 .. 26 (GRID-7).
        start: the player's cell (``"f6"``; either case).
        known_walls: cell names of the walls the player knows.

    Returns:
        ``{cell name: steps}``, names in lower case, ``start`` left out.

    Raises:
        ValueError: ``size`` is not a whole number 4 .. 26 (``rules.MIN_SIZE`` ..
            ``rules.MAX_SIZE``), ``start`` or a known wall is not a cell of the grid,
            ``known_walls`` is text rather than a collection of names, ``start`` is one of the
            ``known_walls`` (no player stands on a wall, GRID-2.3) (the message names the
            argument and the value).

    >>> reachable_steps(4, "a1", ["b1"])["c1"]
    4
    """
    names, where = _grid_names(size)
    if isinstance(known_walls, (str, bytes)) or not isinstance(known_walls, Iterable):
        raise ValueError(f"known_walls: a collection of cell names, not {shorten(known_walls)}")
    walls = {cell_index(size, check_cell(_lower(w), names, "known_walls", where)) for w in known_walls}
    s = cell_index(size, check_cell(_lower(start), names, "start", where))
    if s in walls:
        raise ValueError(f"start: {shorten(start)} is one of known_walls: no player stands on a wall (GRID-2.3)")
    dist = nx.single_source_shortest_path_length(grid_graph(size, walls), s, cutoff=MAX_STEPS)
    return {names[c]: d for c, d in dist.items() if d >= 1}


def _grid_names(size: Any) -> tuple[tuple[str, ...], str]:
    """The cell names of a ``size`` x ``size`` grid and the grid's name for messages, once
    ``size`` is checked to be a side the game allows (GRID-7)."""
    check_whole("size", size, MIN_SIZE, MAX_SIZE, f"a grid of {MIN_SIZE} .. {MAX_SIZE} cells a side, GRID-7")
    return cell_names(size), f"the {size}x{size} grid"


def _lower(cell: Any) -> Any:
    """A cell name in lower case (``"F6"`` is ``"f6"``); anything else as it is."""
    return cell.lower() if isinstance(cell, str) else cell


def _widen(size: int, cells: set[int], walls: set[int]) -> set[int]:
    g = grid_graph(size, walls)
    out = set(cells)
    for c in cells:
        if c in g:
            out |= set(nx.single_source_shortest_path_length(g, c, cutoff=MAX_STEPS))
    return out


def belief_sizes(state: Any, target: int) -> list[int]:
    """The size of :func:`belief_set` for ``target`` after every action of the game of ``state``
    (replayed from its start; ``state`` is not changed).

    Args:
        state: a GridhuntState started from the initial state (not from a position).
        target: the seat whose whereabouts are in question.

    Returns:
        One count per history entry.

    Raises:
        ValueError: ``state`` is not a gridhunt state; ``target`` is not a seat of the game;
            ``state`` was set up from a position (or is a drawn world): the beliefs replay
            the game from its initial state, and such a state has no past to replay.
    """
    return [len(cells) for cells in _beliefs(state, target)]


def belief_set(state: Any, target: int) -> set[str]:
    """Cells where seat ``target`` may be now as far as public knowledge goes (see the module doc).

    Raises:
        ValueError: as :func:`belief_sizes`.

    >>> import boardkit
    >>> s = boardkit.load_game("gridhunt", layout="small").new_initial_state()
    >>> len(belief_set(s, 0))
    25
    """
    beliefs = _beliefs(state, target)
    size = state.size
    cells = beliefs[-1] if beliefs else set(range(size * size))
    return {cell_name(size, c) for c in cells}


def _beliefs(state: Any, target: int) -> list[set[int]]:
    check_state(state, "gridhunt")
    state.check_seat(target)  # ValueError naming the seats for anything else
    if state._start is not None:  # its history begins at a position: replaying it would start blind
        raise ValueError("state: set up from a position (or drawn for a seat), so it has no past from the initial "
                         "state to replay; the beliefs need a game played from game.new_initial_state()")
    size = state.size
    replay = state.game.new_initial_state()
    cells: set[int] = set(range(size * size))
    out: list[set[int]] = []
    for action in state.history():
        before_phase = replay.phase
        mover = replay.current_player() if before_phase == "move" else None
        actor = state._acted_by.get(len(out)) if hasattr(state, "_acted_by") else None
        replay.apply_action(action, player=actor)
        resolving = mover if before_phase == "move" else (getattr(action, "player", None) if before_phase == "resolve" else None)
        if resolving == target:
            cells = _widen(size, cells, set(replay.public_walls))
        cells -= set(replay.public_walls)
        if not replay.alive[target]:
            cells = set()
        elif replay.beaconed[target] and replay.pos[target] is not None:
            cells = {replay.pos[target]}
        out.append(set(cells))
    return out


def expected_revealed(state: Any) -> Fraction:
    """The expected number of cells the player to move newly sees (not in any of its earlier
    looks) with one move order drawn uniformly among its orders, resolved by the GM on the truth
    (GRID-5.2; a vision cell sees 24 cells, GRID-2.5).

    Args:
        state: a GridhuntState where a player is to give its move order (phase ``move``).

    Returns:
        An exact Fraction (0 for a blocked player, whose only order is ``move none``).

    Raises:
        ValueError: ``state`` is not a gridhunt state; no move order is awaited.
    """
    check_state(state, "gridhunt")
    if state.phase != "move":
        raise ValueError(f"gridhunt: expected_revealed needs a move order to come, not phase {state.phase!r}")
    p = state.current_player()
    size = state.size
    seen: set[int] = set()
    for _r, at, radius, _players in state.know[p].looks:
        seen |= set(around(size, at, radius)) | {at}
    orders = state.legal_actions()
    total = 0
    for order in orders:
        child = state.clone()
        child.apply_unchecked(order)
        if len(child.know[p].looks) > len(state.know[p].looks):
            _r, at, radius, _players = child.know[p].looks[-1]
            total += len((set(around(size, at, radius)) | {at}) - seen)
    return Fraction(total, len(orders))


__all__ = ["reachable_cells", "reachable_steps", "belief_set", "belief_sizes", "expected_revealed"]
