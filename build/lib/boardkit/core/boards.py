"""Boards as data: hex grids read from YAML into frozen networkx graphs.

A hex board file lists its cells in axial coordinates (q, r) (s = -q-r), plus named cell
sets (start cells, recruitment cells per side...). The loader validates the file against a
schema and checks the geometry, then builds a ``networkx.DiGraph`` whose edges carry the
direction index 0..5 (``HEX_DIRECTIONS``), and the lookup tables the rules engines use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx

from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError, check_schema, read_yaml

#: Axial unit steps in cyclic order; direction k+3 (mod 6) is the opposite of k.
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

_COORD = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
_HEX_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "kind", "cells", "sets"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "kind": {"const": "hex"},
        "source": {"type": "string"},
        "assumptions": {"type": "array", "items": {"type": "string"}},
        "cells": {"type": "array", "minItems": 1, "items": _COORD},
        "sets": {
            "type": "object",
            "additionalProperties": {"type": "array", "items": _COORD},
        },
    },
}


@dataclass(frozen=True)
class HexBoard:
    """A hex board read from a data file.

    Attributes:
        name: board name from the file.
        source: path of the file it was read from.
        graph: frozen ``networkx.DiGraph``; nodes are (q, r) with attributes ``name`` (the
            cell's notation) and ``index``; edge (a, b) has ``direction`` k with
            b = a + HEX_DIRECTIONS[k].
        coords: cells in file order, as (q, r).
        names: notation of each cell, same order (file letter from q, rank from r).
        index: (q, r) -> position in ``coords``.
        step: step[i][k] = index of the neighbour of cell i in direction k, or -1 off board.
        sets: named cell sets from the file, as tuples of cell indices.
    """

    name: str
    source: str
    graph: nx.DiGraph
    coords: tuple[tuple[int, int], ...]
    names: tuple[str, ...]
    index: dict[tuple[int, int], int]
    step: tuple[tuple[int, ...], ...]
    sets: dict[str, tuple[int, ...]] = field(default_factory=dict)

    kind = "hex"

    def cell(self, name: str) -> int:
        """Index of the cell written ``name`` (e.g. ``"d1"``).

        Raises:
            KeyError: no such cell on this board (message names the board).
        """
        try:
            return self._by_name[name.strip().lower()]
        except KeyError:
            raise KeyError(f"{name!r} is not a cell of board {self.name}") from None

    @property
    def _by_name(self) -> dict[str, int]:
        cached = self.__dict__.get("_names_map")
        if cached is None:
            cached = {n: i for i, n in enumerate(self.names)}
            object.__setattr__(self, "_names_map", cached)
        return cached

    def neighbours(self, i: int) -> list[int]:
        """Indices of the on-board neighbours of cell ``i``."""
        return [j for j in self.step[i] if j >= 0]

    def distance(self, a: int, b: int) -> int:
        """Hex distance in cells between cells ``a`` and ``b``."""
        (q1, r1), (q2, r2) = self.coords[a], self.coords[b]
        dq, dr = q1 - q2, r1 - r2
        return max(abs(dq), abs(dr), abs(dq + dr))

    def undirected(self) -> nx.Graph:
        """The adjacency graph as an undirected networkx Graph (a new, mutable copy)."""
        return nx.Graph(self.graph.to_undirected(as_view=True))


def cell_name(q: int, r: int, q_min: int, r_max: int) -> str:
    """Notation of cell (q, r): file letter from q (a = q_min), rank from r (1 = r_max)."""
    return f"{chr(ord('a') + q - q_min)}{r_max - r + 1}"


def load_hex_board(path: str | Path) -> HexBoard:
    """Read a hex board file (YAML).

    Args:
        path: a file path, or a board name looked up as ``data/boards/<name>.yaml``.

    Returns:
        HexBoard with its frozen networkx graph and lookup tables.

    Raises:
        BoardkitDataError: the file is missing, not YAML, breaks the schema, repeats a cell,
            names a set cell that is not on the board, or is not connected (the message
            names the file, the entry and the problem).
    """
    doc, p = read_yaml(path, DATA_DIR / "boards", "board")
    check_schema(doc, _HEX_SCHEMA, p)
    coords: list[tuple[int, int]] = []
    index: dict[tuple[int, int], int] = {}
    for i, (q, r) in enumerate(doc["cells"]):
        if (q, r) in index:
            raise BoardkitDataError(f"{p}: cells[{i}]: cell {[q, r]} is listed twice (first at cells[{index[(q, r)]}])")
        index[(q, r)] = len(coords)
        coords.append((q, r))
    q_min = min(q for q, _ in coords)
    r_max = max(r for _, r in coords)
    if max(q for q, _ in coords) - q_min >= 26:
        raise BoardkitDataError(f"{p}: cells: more than 26 files cannot be written as letters")
    names = tuple(cell_name(q, r, q_min, r_max) for q, r in coords)
    step = tuple(
        tuple(index.get((q + dq, r + dr), -1) for dq, dr in HEX_DIRECTIONS) for q, r in coords
    )
    sets: dict[str, tuple[int, ...]] = {}
    for set_name, cells in doc["sets"].items():
        members: list[int] = []
        for j, (q, r) in enumerate(cells):
            if (q, r) not in index:
                raise BoardkitDataError(f"{p}: sets.{set_name}[{j}]: cell {[q, r]} is not on the board")
            if index[(q, r)] in members:
                raise BoardkitDataError(f"{p}: sets.{set_name}[{j}]: cell {[q, r]} is listed twice")
            members.append(index[(q, r)])
        sets[set_name] = tuple(members)
    g = nx.DiGraph(name=doc["name"])
    for i, (q, r) in enumerate(coords):
        g.add_node((q, r), name=names[i], index=i)
    for i, (q, r) in enumerate(coords):
        for k, j in enumerate(step[i]):
            if j >= 0:
                g.add_edge((q, r), coords[j], direction=k)
    if not nx.is_weakly_connected(g):
        parts = sorted(len(c) for c in nx.weakly_connected_components(g))
        raise BoardkitDataError(f"{p}: cells: the board is not connected (parts of sizes {parts})")
    nx.freeze(g)
    return HexBoard(
        name=doc["name"], source=str(p), graph=g, coords=tuple(coords), names=names,
        index=index, step=step, sets=sets,
    )


#: Square-grid unit steps (dcol, drow): orthogonal N, E, S, W (0..3), then diagonal NE, SE,
#: SW, NW (4..7). Rank 1 is the bottom row, so north is +1 row.
SQUARE_DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))

_SQUARE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "kind", "columns", "rows"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "kind": {"const": "square"},
        "source": {"type": "string"},
        "assumptions": {"type": "array", "items": {"type": "string"}},
        "columns": {"type": "integer", "minimum": 1, "maximum": 26},
        "rows": {"type": "integer", "minimum": 1, "maximum": 99},
        "sets": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    },
}


@dataclass(frozen=True)
class SquareBoard:
    """A rectangular frame of square positions read from a data file.

    Attributes:
        name: board name from the file.
        source: path of the file it was read from.
        columns, rows: size of the frame.
        graph: frozen ``networkx.Graph`` of orthogonal adjacency on cell names, with node
            attributes ``col``, ``row``, ``index``.
        names: cell names in index order (index = row * columns + col; file letter from the
            column, rank 1 = row 0 at the bottom).
        step: step[i][k] = index of the neighbour in direction k (SQUARE_DIRECTIONS), or -1.
        sets: named cell sets from the file, as tuples of indices.
    """

    name: str
    source: str
    columns: int
    rows: int
    graph: nx.Graph
    names: tuple[str, ...]
    step: tuple[tuple[int, ...], ...]
    sets: dict[str, tuple[int, ...]] = field(default_factory=dict)

    kind = "square"

    def cell(self, name: str) -> int:
        """Index of the cell written ``name`` (e.g. ``"c3"``).

        Raises:
            KeyError: no such cell (message names the board).
        """
        key = name.strip().lower() if isinstance(name, str) else name
        try:
            return self.names.index(key)
        except ValueError:
            raise KeyError(f"{name!r} is not a cell of board {self.name}") from None

    def coords(self, i: int) -> tuple[int, int]:
        """(column, row) of cell ``i``."""
        return i % self.columns, i // self.columns


def load_square_board(path: str | Path) -> SquareBoard:
    """Read a square board file (YAML): its size and named cell sets.

    Args:
        path: a file path, or a board name looked up as ``data/boards/<name>.yaml``.

    Returns:
        SquareBoard with its frozen networkx graph and step table.

    Raises:
        BoardkitDataError: missing file, bad YAML, schema error, or a set naming a cell that
            is not on the board or naming one twice (the message names file, entry, problem).
    """
    doc, p = read_yaml(path, DATA_DIR / "boards", "board")
    check_schema(doc, _SQUARE_SCHEMA, p)
    cols, rows = doc["columns"], doc["rows"]
    names = tuple(f"{chr(ord('a') + i % cols)}{i // cols + 1}" for i in range(cols * rows))
    step = tuple(
        tuple(
            (r + dr) * cols + (c + dc) if 0 <= c + dc < cols and 0 <= r + dr < rows else -1
            for dc, dr in SQUARE_DIRECTIONS
        )
        for c, r in ((i % cols, i // cols) for i in range(cols * rows))
    )
    sets: dict[str, tuple[int, ...]] = {}
    for set_name, cells in (doc.get("sets") or {}).items():
        members: list[int] = []
        for j, cell in enumerate(cells):
            if cell not in names:
                raise BoardkitDataError(f"{p}: sets.{set_name}[{j}]: {cell!r} is not a cell of a {cols}x{rows} board")
            if names.index(cell) in members:
                raise BoardkitDataError(f"{p}: sets.{set_name}[{j}]: {cell!r} is listed twice")
            members.append(names.index(cell))
        sets[set_name] = tuple(members)
    g = nx.Graph(name=doc["name"])
    for i, n in enumerate(names):
        g.add_node(n, col=i % cols, row=i // cols, index=i)
    for i in range(cols * rows):
        for k in range(4):
            j = step[i][k]
            if j >= 0:
                g.add_edge(names[i], names[j])
    nx.freeze(g)
    return SquareBoard(name=doc["name"], source=str(p), columns=cols, rows=rows, graph=g, names=names, step=step, sets=sets)
