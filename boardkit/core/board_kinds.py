"""The kinds of board (:class:`Board`: :class:`HexBoard`, :class:`SquareBoard`,
:class:`GraphBoard`) and the grid directions; :mod:`boardkit.core.boards` reads them from
data files (and re-exports every name here).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

#: Axial unit steps in cyclic order; direction k+3 (mod 6) is the opposite of k.
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

#: Square-grid unit steps (dcol, drow): orthogonal N, E, S, W (0..3), then diagonal NE, SE,
#: SW, NW (4..7). Rank 1 is the bottom row, so north is +1 row.
SQUARE_DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))


@dataclass(frozen=True)
class Board:
    """A board read from a data file: the interface shared by every kind.

    Attributes:
        name: board name from the file.
        source: path of the file it was read from.
        graph: frozen networkx graph; nodes are cell names with attributes ``kind``, ``index``,
            ``pos`` (x, y) and ``sets`` (tuple of set names), plus the kind's coordinates.
        names: cell names in index order (the order of the file).
        positions: drawing coordinates (x, y) of each cell, in index order; x grows to the
            right, y upwards.
        adjacent: adjacent[i] = indices of the neighbours of cell i (see :meth:`neighbours`).
        sets: named cell sets from the file, as tuples of cell names in file order.
        set_indices: the same sets as tuples of cell indices.
        sha256: SHA-256 (hex) of the file's bytes as read.
    """

    name: str
    source: str
    graph: nx.Graph
    names: tuple[str, ...]
    positions: tuple[tuple[float, float], ...]
    adjacent: tuple[tuple[int, ...], ...]
    sets: dict[str, tuple[str, ...]] = field(default_factory=dict)
    set_indices: dict[str, tuple[int, ...]] = field(default_factory=dict)
    sha256: str = ""

    kind = "board"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {n: i for i, n in enumerate(self.names)})

    def __len__(self) -> int:
        return len(self.names)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.strip().lower() in self._by_name  # type: ignore[attr-defined]

    def index(self, name: str) -> int:
        """Index of the cell written ``name`` (e.g. ``"d1"``; case and surrounding blanks ignored).

        Args:
            name: a cell name.

        Returns:
            0 <= index < len(board); ``board.names[index]`` gives the name back.

        Raises:
            KeyError: no such cell on this board (the message names the board).
        """
        try:
            return self._by_name[name.strip().lower()]  # type: ignore[attr-defined,no-any-return]
        except (KeyError, AttributeError):
            raise KeyError(f"{name!r} is not a cell of board {self.name}") from None

    def neighbours(self, name: str) -> list[str]:
        """Names of the cells next to ``name``: the on-board neighbours of a hex cell, the
        orthogonal neighbours of a square, the cells joined by an edge of any side (either way)
        on a graph board.

        Raises:
            KeyError: ``name`` is not a cell of this board.
        """
        names = self.names
        return [names[j] for j in self.adjacent[self.index(name)]]

    def position(self, name: str) -> tuple[float, float]:
        """Drawing coordinates (x, y) of cell ``name`` (x to the right, y upwards).

        Hex cells: centres of pointy-top hexagons of circumradius 1; squares: (column, row);
        graph nodes: the position given in the file.

        Raises:
            KeyError: ``name`` is not a cell of this board.
        """
        return self.positions[self.index(name)]

    def in_set(self, set_name: str) -> tuple[str, ...]:
        """Cell names of the file's set ``set_name`` (empty if the file has no such set)."""
        return self.sets.get(set_name, ())


def _grid_line(board: HexBoard | SquareBoard, name: str, direction: int) -> list[str]:
    n = len(board.step[0])
    if not (isinstance(direction, int) and 0 <= direction < n):
        raise ValueError(f"direction {direction!r}: a {board.kind} board has directions 0..{n - 1}")
    out = []
    i = board.step[board.index(name)][direction]
    while i >= 0:
        out.append(board.names[i])
        i = board.step[i][direction]
    return out


@dataclass(frozen=True)
class HexBoard(Board):
    """A hex board (``kind: hex``): cells in axial coordinates (q, r), s = -q - r.

    Attributes (besides :class:`Board`'s):
        graph: a frozen ``networkx.DiGraph``; node attributes ``q``, ``r``; edge (a, b) has
            ``direction`` k with b = a + HEX_DIRECTIONS[k] (both ways present).
        coords: axial (q, r) of each cell, in index order.
        step: step[i][k] = index of the neighbour of cell i in direction k, or -1 off board.
    """

    coords: tuple[tuple[int, int], ...] = ()
    step: tuple[tuple[int, ...], ...] = ()

    kind = "hex"

    def distance(self, a: str, b: str) -> int:
        """Hex distance in cells between cells ``a`` and ``b`` (names).

        Raises:
            KeyError: a name is not a cell of this board.
        """
        (q1, r1), (q2, r2) = self.coords[self.index(a)], self.coords[self.index(b)]
        dq, dr = q1 - q2, r1 - r2
        return max(abs(dq), abs(dr), abs(dq + dr))

    def line(self, name: str, direction: int) -> list[str]:
        """Cells in a straight line from ``name`` (excluded) in direction 0..5 of
        :data:`HEX_DIRECTIONS`, nearest first, up to the edge of the board.

        Raises:
            KeyError: unknown cell. ValueError: direction outside 0..5.
        """
        return _grid_line(self, name, direction)

    def undirected(self) -> nx.Graph:
        """The adjacency graph as an undirected networkx Graph (a new, mutable copy)."""
        return nx.Graph(self.graph.to_undirected(as_view=True))


@dataclass(frozen=True)
class SquareBoard(Board):
    """A rectangular frame of squares (``kind: square``), named like chess: file letter from
    the column (a = left), rank from the row (1 = bottom).

    Attributes (besides :class:`Board`'s):
        graph: a frozen ``networkx.Graph`` of orthogonal adjacency; node attributes ``col``,
            ``row`` (0-based, row 0 at the bottom).
        columns, rows: size of the frame; index = row * columns + col.
        coords: (col, row) of each cell, in index order.
        step: step[i][k] = index of the neighbour in direction k (:data:`SQUARE_DIRECTIONS`:
            0..3 orthogonal, 4..7 diagonal), or -1 off the board.
    """

    columns: int = 0
    rows: int = 0
    coords: tuple[tuple[int, int], ...] = ()
    step: tuple[tuple[int, ...], ...] = ()

    kind = "square"

    def neighbours(self, name: str, diagonal: bool = False) -> list[str]:
        """Names of the orthogonal neighbours of ``name`` (N, E, S, W order), and with
        ``diagonal=True`` the diagonal ones after them (NE, SE, SW, NW).

        Raises:
            KeyError: ``name`` is not a cell of this board.
        """
        row = self.step[self.index(name)]
        return [self.names[j] for j in row[: 8 if diagonal else 4] if j >= 0]

    def line(self, name: str, direction: int) -> list[str]:
        """Cells in a straight line from ``name`` (excluded) in direction 0..7 of
        :data:`SQUARE_DIRECTIONS`, nearest first, up to the edge of the board.

        Raises:
            KeyError: unknown cell. ValueError: direction outside 0..7.
        """
        return _grid_line(self, name, direction)

    def cell_at(self, col: int, row: int) -> str:
        """Name of the square at (col, row), 0-based, row 0 at the bottom.

        Raises:
            ValueError: outside the frame.
        """
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            raise ValueError(f"({col}, {row}) is outside the {self.columns}x{self.rows} board {self.name}")
        return self.names[row * self.columns + col]


@dataclass(frozen=True)
class GraphBoard(Board):
    """A directed-graph board (``kind: graph``): named nodes at given positions, and one named
    edge set per side (each side moves along its own edges, e.g. ``earth`` and ``aliens``).

    Attributes (besides :class:`Board`'s):
        graph: a frozen ``networkx.DiGraph``; edge (a, b) has ``sides``, the tuple of sides
            whose edge set holds a -> b (in the file's order of sides).
        sides: the sides, in file order.
        side_step: side_step[side][i] = indices of the successors of cell i along ``side``'s
            edges, in file order.
    """

    sides: tuple[str, ...] = ()
    side_step: dict[str, tuple[tuple[int, ...], ...]] = field(default_factory=dict)

    kind = "graph"

    def successors(self, name: str, side: str) -> list[str]:
        """Names of the cells ``side`` may go to from ``name`` (its edges out of ``name``).

        Raises:
            KeyError: ``name`` is not a cell, or ``side`` is not a side of this board.
        """
        if side not in self.side_step:
            raise KeyError(f"{side!r} is not a side of board {self.name}; sides are {', '.join(self.sides)}")
        return [self.names[j] for j in self.side_step[side][self.index(name)]]

    def predecessors(self, name: str, side: str) -> list[str]:
        """Names of the cells from which ``side`` may come to ``name``.

        Raises:
            KeyError: ``name`` is not a cell, or ``side`` is not a side of this board.
        """
        if side not in self.side_step:
            raise KeyError(f"{side!r} is not a side of board {self.name}; sides are {', '.join(self.sides)}")
        i = self.index(name)
        table = self.side_step[side]
        return [self.names[j] for j in range(len(self.names)) if i in table[j]]


__all__ = ["HEX_DIRECTIONS", "SQUARE_DIRECTIONS", "Board", "HexBoard", "SquareBoard", "GraphBoard"]
