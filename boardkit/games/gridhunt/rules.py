"""Gridhunt grid geometry, as pure functions on cell indices (GRID-2.1, GRID-3.1, GRID-4).

A grid of ``size`` x ``size`` cells; cell ``i`` is column ``i % size`` (letters ``a``...) and
row ``i // size`` (numbers from 1), so ``d4`` is column 3, row 3. Movement and the basic shot
use the 4 orthogonal neighbours; sight uses the Chebyshev distance (GRID-2.1).

>>> cell_name(12, 0), cell_name(12, 13), cell_index(12, "b2")
('a1', 'b2', 13)
>>> len(paths_from(5, 12, frozenset(), 1))
4
"""

from __future__ import annotations

from functools import lru_cache
from typing import Container, Iterable

import networkx as nx

LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: The sides a grid may have (GRID-7): at least 4 cells, at most one per letter (26).
MIN_SIZE, MAX_SIZE = 4, 26
#: The longest declared path (GRID-3.1) and the longest line shot (GRID-4.2).
MAX_STEPS = 6
#: Orthogonal directions as (column, row) deltas: north, east, south, west.
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
#: Diagonal directions as (column, row) deltas: north-east, south-east, south-west, north-west
#: (an enhanced line shot's other 4 directions, GRID-D18).
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))


def cell_name(size: int, i: int) -> str:
    """The name of cell ``i`` (``"d4"``)."""
    return f"{LETTERS[i % size]}{i // size + 1}"


def cell_index(size: int, name: str) -> int:
    """The index of the cell named ``name``.

    Raises:
        KeyError: not a cell of a ``size`` x ``size`` grid.
    """
    names = cell_names(size)
    try:
        return names.index(name.lower())
    except ValueError:
        raise KeyError(name) from None


@lru_cache(maxsize=None)
def cell_names(size: int) -> tuple[str, ...]:
    """Every cell name, by index."""
    return tuple(cell_name(size, i) for i in range(size * size))


@lru_cache(maxsize=None)
def cells_by_name(size: int) -> tuple[int, ...]:
    """The cells of a ``size`` x ``size`` grid in the order of their names as text (``a1``,
    ``a10``, ``a11``, ``a12``, ``a2`` ...): the notation order of actions that differ by a cell."""
    names = cell_names(size)
    return tuple(sorted(range(size * size), key=names.__getitem__))


@lru_cache(maxsize=None)
def neighbours4(size: int, i: int) -> tuple[int, ...]:
    """The orthogonal neighbours of ``i`` inside the grid (GRID-2.1)."""
    c, r = i % size, i // size
    return tuple((r + dr) * size + c + dc for dc, dr in ORTHOGONAL if 0 <= c + dc < size and 0 <= r + dr < size)


@lru_cache(maxsize=None)
def around(size: int, i: int, radius: int) -> tuple[int, ...]:
    """The cells at Chebyshev distance 1 .. ``radius`` of ``i`` inside the grid (8 cells at
    radius 1, 24 at radius 2 away from the edges; GRID-2.1, GRID-2.5, GRID-5.2)."""
    c, r = i % size, i // size
    return tuple(rr * size + cc for rr in range(max(0, r - radius), min(size, r + radius + 1))
                 for cc in range(max(0, c - radius), min(size, c + radius + 1)) if (cc, rr) != (c, r))


@lru_cache(maxsize=None)
def lines(size: int, i: int, directions: int = 4) -> tuple[tuple[int, ...], ...]:
    """From ``i``, the cells 1 .. 6 away in each direction, nearest first (GRID-4.2): the 4
    orthogonal directions, then with ``directions=8`` the 4 diagonal ones (GRID-D18). A ray
    stops at the grid's edge."""
    c, r = i % size, i // size
    out = []
    for dc, dr in ORTHOGONAL + (DIAGONAL if directions == 8 else ()):
        ray = []
        for k in range(1, MAX_STEPS + 1):
            cc, rr = c + dc * k, r + dr * k
            if not (0 <= cc < size and 0 <= rr < size):
                break
            ray.append(rr * size + cc)
        out.append(tuple(ray))
    return tuple(out)


@lru_cache(maxsize=None)
def line_to(size: int, i: int, target: int, directions: int = 4) -> tuple[int, ...] | None:
    """The cells from ``i`` (excluded) to ``target`` (included) when ``target`` is 1 .. 6 away in
    a straight line of one of ``directions`` (4: orthogonal; 8: orthogonal or diagonal, GRID-D18)
    directions, else None (GRID-4.2)."""
    for ray in lines(size, i, directions):
        if target in ray:
            return ray[: ray.index(target) + 1]
    return None


def corner_cells(size: int, a: int, b: int) -> tuple[int, int] | None:
    """For a diagonal step from cell ``a`` to cell ``b``: the two cells that touch both of
    them at a corner (walls there close the step under ``corner_walls='block'``, GRID-D22);
    None for an orthogonal step."""
    ca, ra, cb, rb = a % size, a // size, b % size, b // size
    if ca == cb or ra == rb:
        return None
    return ra * size + cb, rb * size + ca


def corner_closed(size: int, line: Iterable[int], start: int, walls: Container[int]) -> int:
    """GRID-D22 (``corner_walls='block'``): how many cells of ``line`` (the cells of a line shot
    from ``start``, nearest first) the shot reaches before a diagonal step between two
    ``walls`` that touch at a corner; ``len(line)`` when no such step closes it."""
    prev = start
    n = 0
    for c in line:
        pair = corner_cells(size, prev, c)
        if pair is not None and pair[0] in walls and pair[1] in walls:
            return n
        n += 1
        prev = c
    return n


def paths_from(size: int, start: int, blocked: frozenset[int], max_steps: int = MAX_STEPS) -> list[tuple[int, ...]]:
    """Every path of 1 .. ``max_steps`` orthogonal steps from ``start`` that stays in the grid,
    never enters a ``blocked`` cell and never visits a cell twice (the start included)
    (GRID-3.1, GRID-3.3). Paths are the cells after the start.

    Args:
        size: the grid's side.
        start: the cell the path starts from.
        blocked: cells the path may not enter (the walls the mover knows).
        max_steps: the longest path.

    Returns:
        The paths, as tuples of cell indices, depth first.
    """
    out: list[tuple[int, ...]] = []

    def go(cell: int, path: tuple[int, ...], seen: frozenset[int]) -> None:
        for j in neighbours4(size, cell):
            if j in seen or j in blocked:
                continue
            p = path + (j,)
            out.append(p)
            if len(p) < max_steps:
                go(j, p, seen | {j})

    go(start, (), frozenset((start,)))
    return out


def grid_graph(size: int, walls: Iterable[int] = ()) -> nx.Graph:
    """The grid as a networkx graph of its non-wall cells, orthogonal edges (GRID-2.1)."""
    walls = set(walls)
    g = nx.Graph()
    g.add_nodes_from(i for i in range(size * size) if i not in walls)
    for i in g.nodes:
        for j in neighbours4(size, i):
            if j > i and j not in walls:
                g.add_edge(i, j)
    return g


def connected(size: int, walls: Iterable[int]) -> bool:
    """True when the non-wall cells are orthogonally connected (GRID-7), by a flood fill."""
    walls = set(walls)
    free = [i for i in range(size * size) if i not in walls]
    if not free:
        return False
    seen = {free[0]}
    todo = [free[0]]
    while todo:
        i = todo.pop()
        for j in neighbours4(size, i):
            if j not in walls and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(free)


__all__ = ["LETTERS", "MIN_SIZE", "MAX_SIZE", "MAX_STEPS", "ORTHOGONAL", "DIAGONAL", "cell_name", "cell_index", "cell_names", "cells_by_name", "neighbours4", "around", "lines", "line_to", "corner_cells",
           "corner_closed", "paths_from", "grid_graph", "connected"]
