"""Boards as data: hex grids, square grids and directed graphs read from YAML.

One interface, three kinds (:class:`Board`; ``board.kind`` is ``"hex"``, ``"square"`` or
``"graph"``). Cells are named everywhere in the public interface:

- ``board.graph`` is a frozen networkx graph whose nodes are cell names, with typed node
  attributes: ``kind`` (the board kind), ``index``, ``pos`` (drawing coordinates), ``sets``
  (names of the data file's cell sets holding the cell), plus the grid coordinates of the
  kind (``q``, ``r`` on hex boards; ``col``, ``row`` on square boards);
- ``board.neighbours(name)``, ``board.line(name, direction)``, ``board.successors(name,
  side)`` take and return names; ``board.position(name)`` gives the drawing coordinates;
  ``board.sets`` maps each named set of the file to cell names.

The rules engines work on integer indices for speed, through explicit methods and tables:
``board.index(name)`` and ``board.names[i]`` convert, ``board.adjacent[i]`` lists neighbour
indices, ``board.step[i][k]`` is the neighbour in direction ``k`` (grids),
``board.side_step[side][i]`` the successors along one side's edges (graphs), and
``board.set_indices`` holds the sets as indices. Indices follow the order of the file.

Loading a malformed file raises :class:`~boardkit.core.validate.BoardkitDataError` naming the
file, the entry and the problem.

>>> board = load_board("leaders")
>>> board.kind, board.neighbours("d7"), board.index("d7")
('hex', ['e7', 'c6', 'd6'], 0)
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import networkx as nx

from boardkit.core.board_kinds import HEX_DIRECTIONS, SQUARE_DIRECTIONS, Board, GraphBoard, HexBoard, SquareBoard
from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError, check_schema, read_yaml, read_yaml_file, shorten

#: The kinds of board file this module reads.
BOARD_KINDS: tuple[str, ...] = ("hex", "square", "graph")

_COORD = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
_NUMBER = {"type": "number"}
_POINT = {"type": "array", "items": _NUMBER, "minItems": 2, "maxItems": 2}
_CELL_NAME = {"type": "string", "pattern": r"^[a-z][a-z0-9_]*$"}
_COMMON: dict[str, Any] = {
    "name": {"type": "string"},
    "source": {"type": "string"},
    "assumptions": {"type": "array", "items": {"type": "string"}},
}
_HEX_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "kind", "cells", "sets"],
    "additionalProperties": False,
    "properties": {
        **_COMMON,
        "kind": {"const": "hex"},
        "cells": {"type": "array", "minItems": 1, "items": _COORD},
        "sets": {"type": "object", "additionalProperties": {"type": "array", "items": _COORD}},
    },
}
_SQUARE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "kind", "columns", "rows"],
    "additionalProperties": False,
    "properties": {
        **_COMMON,
        "kind": {"const": "square"},
        "columns": {"type": "integer", "minimum": 1, "maximum": 26},
        "rows": {"type": "integer", "minimum": 1, "maximum": 99},
        "sets": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    },
}
_GRAPH_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "kind", "nodes", "edges"],
    "additionalProperties": False,
    "properties": {
        **_COMMON,
        "kind": {"const": "graph"},
        "nodes": {"type": "object", "minProperties": 1, "propertyNames": _CELL_NAME, "additionalProperties": _POINT},
        "edges": {
            "type": "object",
            "minProperties": 1,
            "propertyNames": _CELL_NAME,
            "additionalProperties": {
                "type": "array",
                "items": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
            },
        },
        "sets": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    },
}


def _node_sets(names: tuple[str, ...], sets: dict[str, tuple[int, ...]]) -> list[tuple[str, ...]]:
    out: list[list[str]] = [[] for _ in names]
    for set_name, members in sets.items():
        for i in members:
            out[i].append(set_name)
    return [tuple(s) for s in out]


def _read_sets(p: Path, doc: dict[str, Any], lookup: Any, show: Any) -> dict[str, tuple[int, ...]]:
    """Sets of the file as indices; ``lookup(entry)`` -> index or None, ``show(entry)`` for messages."""
    sets: dict[str, tuple[int, ...]] = {}
    for set_name, cells in (doc.get("sets") or {}).items():
        members: list[int] = []
        for j, cell in enumerate(cells):
            i = lookup(cell)
            if i is None:
                raise BoardkitDataError(f"{p}: sets.{set_name}[{j}]: cell {show(cell)} is not on the board")
            if i in members:
                raise BoardkitDataError(f"{p}: sets.{set_name}[{j}]: cell {show(cell)} is listed twice")
            members.append(i)
        sets[set_name] = tuple(members)
    return sets


def _hex_cell_name(q: int, r: int, q_min: int, r_max: int) -> str:
    """Notation of cell (q, r): file letter from q (a = q_min), rank from r (1 = r_max)."""
    return f"{chr(ord('a') + q - q_min)}{r_max - r + 1}"


def hex_position(q: int, r: int) -> tuple[float, float]:
    """Drawing centre (x, y), y upwards, of axial cell (q, r): pointy-top hexagons of
    circumradius 1."""
    return math.sqrt(3) * (q + r / 2), 0.0 - 1.5 * r + 0.0


def _read(path: str | Path, kind: str, schema: dict[str, Any]) -> tuple[dict[str, Any], Path, str]:
    doc, p, digest = read_yaml_file(path, DATA_DIR / "boards", "board")
    other = doc.get("kind") if isinstance(doc, dict) else None
    if other != kind and other in BOARD_KINDS:
        raise BoardkitDataError(f"{p}: kind: {kind!r} was expected, the file is a {other} board "
                                f"(load_board reads any kind)")
    check_schema(doc, schema, p)
    return doc, p, digest


def load_hex_board(path: str | Path) -> HexBoard:
    """Read a hex board file (YAML): ``cells`` as axial [q, r], ``sets`` of cells.

    Args:
        path: a file path, or a board name looked up as ``data/boards/<name>.yaml``.

    Returns:
        HexBoard with its frozen networkx graph and lookup tables. Cell names: file letter
        from q (a = smallest q), rank from r (1 = largest r).

    Raises:
        BoardkitDataError: the file is missing, not YAML, breaks the schema, repeats a cell,
            names a set cell that is not on the board, or is not connected (the message
            names the file, the entry and the problem).
    """
    doc, p, digest = _read(path, "hex", _HEX_SCHEMA)
    coords: list[tuple[int, int]] = []
    at: dict[tuple[int, int], int] = {}
    for i, (q, r) in enumerate(doc["cells"]):
        if (q, r) in at:
            raise BoardkitDataError(f"{p}: cells[{i}]: cell {[q, r]} is listed twice (first at cells[{at[(q, r)]}])")
        at[(q, r)] = len(coords)
        coords.append((q, r))
    q_min = min(q for q, _ in coords)
    r_max = max(r for _, r in coords)
    if max(q for q, _ in coords) - q_min >= 26:
        raise BoardkitDataError(f"{p}: cells: more than 26 files cannot be written as letters")
    names = tuple(_hex_cell_name(q, r, q_min, r_max) for q, r in coords)
    step = tuple(tuple(at.get((q + dq, r + dr), -1) for dq, dr in HEX_DIRECTIONS) for q, r in coords)
    sets = _read_sets(p, doc, lambda c: at.get((c[0], c[1])), lambda c: list(c))
    positions = tuple(hex_position(q, r) for q, r in coords)
    member_of = _node_sets(names, sets)
    g = nx.DiGraph(name=doc["name"], kind="hex")
    for i, (q, r) in enumerate(coords):
        g.add_node(names[i], kind="hex", index=i, q=q, r=r, pos=positions[i], sets=member_of[i])
    for i in range(len(coords)):
        for k, j in enumerate(step[i]):
            if j >= 0:
                g.add_edge(names[i], names[j], direction=k)
    if not nx.is_weakly_connected(g):
        parts = sorted(len(c) for c in nx.weakly_connected_components(g))
        raise BoardkitDataError(f"{p}: cells: the board is not connected (parts of sizes {parts})")
    nx.freeze(g)
    return HexBoard(
        name=doc["name"], source=str(p), sha256=digest, graph=g, names=names, positions=positions,
        adjacent=tuple(tuple(j for j in row if j >= 0) for row in step),
        sets={k: tuple(names[i] for i in v) for k, v in sets.items()}, set_indices=sets,
        coords=tuple(coords), step=step,
    )


def load_square_board(path: str | Path) -> SquareBoard:
    """Read a square board file (YAML): ``columns``, ``rows`` and named ``sets`` of cells.

    Args:
        path: a file path, or a board name looked up as ``data/boards/<name>.yaml``.

    Returns:
        SquareBoard with its frozen networkx graph and step table.

    Raises:
        BoardkitDataError: missing file, bad YAML, schema error, or a set naming a cell that
            is not on the board or naming one twice (the message names file, entry, problem).
    """
    doc, p, digest = _read(path, "square", _SQUARE_SCHEMA)
    cols, rows = doc["columns"], doc["rows"]
    coords = tuple((i % cols, i // cols) for i in range(cols * rows))
    names = tuple(f"{chr(ord('a') + c)}{r + 1}" for c, r in coords)
    by_name = {n: i for i, n in enumerate(names)}
    step = tuple(
        tuple((r + dr) * cols + (c + dc) if 0 <= c + dc < cols and 0 <= r + dr < rows else -1 for dc, dr in SQUARE_DIRECTIONS)
        for c, r in coords
    )
    try:
        sets = _read_sets(p, doc, by_name.get, repr)
    except BoardkitDataError as exc:
        raise BoardkitDataError(str(exc).replace("is not on the board", f"is not a cell of a {cols}x{rows} board")) from None
    positions = tuple((float(c), float(r)) for c, r in coords)
    member_of = _node_sets(names, sets)
    g = nx.Graph(name=doc["name"], kind="square")
    for i, (c, r) in enumerate(coords):
        g.add_node(names[i], kind="square", index=i, col=c, row=r, pos=positions[i], sets=member_of[i])
    for i in range(cols * rows):
        for k in range(4):
            j = step[i][k]
            if j >= 0:
                g.add_edge(names[i], names[j])
    nx.freeze(g)
    return SquareBoard(
        name=doc["name"], source=str(p), sha256=digest, graph=g, names=names, positions=positions,
        adjacent=tuple(tuple(j for j in row[:4] if j >= 0) for row in step),
        sets={k: tuple(names[i] for i in v) for k, v in sets.items()}, set_indices=sets,
        columns=cols, rows=rows, coords=coords, step=step,
    )


def load_graph_board(path: str | Path) -> GraphBoard:
    """Read a directed-graph board file (YAML).

    The file gives ``nodes`` (name -> [x, y] drawing position, y upwards), ``edges`` (side ->
    list of [from, to] pairs, one edge set per side's direction of travel) and optional
    ``sets`` (set name -> node names)::

        name: tiny
        kind: graph
        nodes: {base: [0, 0], ridge: [1, 0], crater: [2, 0]}
        edges:
          earth: [[base, ridge], [ridge, crater]]
          aliens: [[crater, ridge], [ridge, base]]

    Args:
        path: a file path, or a board name looked up as ``data/boards/<name>.yaml``.

    Returns:
        GraphBoard: a frozen ``networkx.DiGraph`` on node names plus per-side index tables.

    Raises:
        BoardkitDataError: missing file, bad YAML, schema error (bad node name, position not
            two numbers, edge not a pair), an edge naming an unknown node, a loop (a node to
            itself), an edge listed twice for one side, a node on no edge, or a set naming an
            unknown node or one twice; the message names the file, the entry and the problem.
    """
    doc, p, digest = _read(path, "graph", _GRAPH_SCHEMA)
    return graph_board(doc, str(p), digest)


def graph_board(doc: dict[str, Any], where: str, digest: str, sides: tuple[str, ...] | None = None) -> GraphBoard:
    """The GraphBoard of a parsed graph document (``nodes`` name -> [x, y], ``edges`` side ->
    [[from, to], ...], optional ``sets``), with the checks of :func:`load_graph_board`; for
    games that build or validate their own layout documents (schema already checked).

    Args:
        doc: the document.
        where: the file (or other source) named in messages and recorded as ``source``.
        digest: SHA-256 of the source, recorded as ``sha256``.
        sides: the sides in their order (default: the document's ``edges`` keys).

    Raises:
        BoardkitDataError: a dangling edge (naming a node not on the board), a loop, an edge
            listed twice for one side, a node on no edge, or a set naming an unknown node or
            one twice; the message names ``where``, the entry and the problem.
    """
    names = tuple(doc["nodes"])
    by_name = {n: i for i, n in enumerate(names)}
    pos_list: list[tuple[float, float]] = []
    for name, (x, y) in doc["nodes"].items():
        try:
            xy = (float(x), float(y))
        except OverflowError:
            xy = (math.inf, math.inf)
        if not all(math.isfinite(v) and abs(v) <= 1e9 for v in xy):
            raise BoardkitDataError(f"{where}: nodes: {shorten(name)}: a drawing position of two numbers within "
                                    f"+-1e9, not {shorten([x, y])}")
        pos_list.append(xy)
    positions = tuple(pos_list)
    sides = tuple(doc["edges"]) if sides is None else sides
    side_step: dict[str, tuple[tuple[int, ...], ...]] = {}
    edge_sides: dict[tuple[int, int], list[str]] = {}
    for side in sides:
        out: list[list[int]] = [[] for _ in names]
        for j, (a, b) in enumerate(doc["edges"][side]):
            for end in (a, b):
                if end not in by_name:
                    raise BoardkitDataError(f"{where}: edges.{side}[{j}]: dangling edge {shorten(a)} -> {shorten(b)}: "
                                            f"{shorten(end)} is not a node of the board")
            ia, ib = by_name[a], by_name[b]
            if ia == ib:
                raise BoardkitDataError(f"{where}: edges.{side}[{j}]: edge from {a!r} to itself")
            if ib in out[ia]:
                raise BoardkitDataError(f"{where}: edges.{side}[{j}]: edge {a} -> {b} is listed twice for {side}")
            out[ia].append(ib)
            edge_sides.setdefault((ia, ib), []).append(side)
        side_step[side] = tuple(tuple(row) for row in out)
    touched = {i for e in edge_sides for i in e}
    loose = [n for i, n in enumerate(names) if i not in touched]
    if loose:
        raise BoardkitDataError(f"{where}: nodes.{loose[0]}: node is on no edge of any side")
    sets = _read_sets(Path(where), doc, by_name.get, repr)
    member_of = _node_sets(names, sets)
    g = nx.DiGraph(name=doc["name"], kind="graph", sides=sides)
    for i, n in enumerate(names):
        g.add_node(n, kind="graph", index=i, pos=positions[i], sets=member_of[i])
    for (ia, ib), on in edge_sides.items():
        g.add_edge(names[ia], names[ib], sides=tuple(on))
    nx.freeze(g)
    adjacent = tuple(
        tuple(sorted({b for (a, b) in edge_sides if a == i} | {a for (a, b) in edge_sides if b == i})) for i in range(len(names))
    )
    return GraphBoard(
        name=doc["name"], source=where, sha256=digest, graph=g, names=names, positions=positions, adjacent=adjacent,
        sets={k: tuple(names[i] for i in v) for k, v in sets.items()}, set_indices=sets,
        sides=sides, side_step=side_step,
    )


_LOADERS = {"hex": load_hex_board, "square": load_square_board, "graph": load_graph_board}


def load_board(path: str | Path) -> Board:
    """Read a board file of any kind, chosen by its ``kind`` entry (hex, square or graph).

    Args:
        path: a file path, or a board name looked up as ``data/boards/<name>.yaml``.

    Returns:
        A :class:`HexBoard`, :class:`SquareBoard` or :class:`GraphBoard`.

    Raises:
        BoardkitDataError: as the loader of the kind, or a file that is not a mapping or has
            no known ``kind`` (the message names the file and the entry).

    >>> load_board("arena5").kind
    'square'
    """
    doc, p = read_yaml(path, DATA_DIR / "boards", "board")
    if not isinstance(doc, dict):
        raise BoardkitDataError(f"{p}: (top level): expected a mapping, got {type(doc).__name__}")
    kind = doc.get("kind")
    if kind not in _LOADERS:
        raise BoardkitDataError(f"{p}: kind: {kind!r} is not a board kind; kinds are {', '.join(BOARD_KINDS)}")
    board: Board = _LOADERS[kind](p)
    return board


__all__ = [
    "BOARD_KINDS", "HEX_DIRECTIONS", "SQUARE_DIRECTIONS", "Board", "HexBoard", "SquareBoard", "GraphBoard",
    "hex_position", "load_board", "load_hex_board", "load_square_board", "load_graph_board", "graph_board",
]
