"""The Battle Royale arena as a graph: names, setup layouts and their symmetries (BR-1).

Works on the arena model of ``docs/battle-royale-contract.md``, not on the engine's states: an
arena is a set of present tile names of the game's board (``load_game("battle_royale").board``,
the 5x5 frame of ``data/boards/arena5.yaml``: files ``a``..``e`` left to right, ranks ``1``..``5``
bottom to top, goal tile from the board's ``goal`` set); holes are the other positions. Figures
are ``{tile: {colour: count}}``. Everything is exact and plain data out (sets, dicts, ints);
graphs are ``networkx.Graph`` on tile names, sub-graphs of the board's graph.

What it answers (source: seed ``data/seeds/000_c2cb631045ea0dc6.txt``, clauses of
``shared/rules/battle_royale.md``):

- BR-1.1, BR-1.5: which arenas are valid (goal present, every tile orthogonally connected to
  the goal), how many ways there are to remove four tiles (:func:`count_layouts`), and how many
  up to the 8 symmetries of the square (:func:`count_layouts_up_to_symmetry`, canonical forms
  checked against Burnside's lemma).

Explosions, Doom rolls and reach are in :mod:`boardkit.analysis.battle_royale.doom`.

>>> len(first_layout())
21
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import networkx as nx

import boardkit
from boardkit.core.boards import SquareBoard
from boardkit.core.checks import check_file_name
from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import shorten
from boardkit.core.validate import parse_yaml, read_user_file
from boardkit.games.battle_royale.actions import COLOURS as _SEAT_COLOURS
from boardkit.games.battle_royale.actions import NEUTRAL
from boardkit.games.battle_royale.game import BattleRoyaleGame

__all__ = [
    "BOARD", "GOAL", "POSITIONS", "NON_GOAL", "COLOURS", "SYMMETRIES", "DOOM_FACES", "POLICIES",
    "coords", "name", "frame", "arena_graph", "is_valid_arena", "layout_from_removed", "load_arena_data",
    "first_layout", "starting_figures", "valid_layouts", "count_layouts", "apply_symmetry",
    "canonical_layout", "layout_orbits", "burnside_fixed_counts", "count_layouts_up_to_symmetry",
]


def _game_board() -> SquareBoard:
    game = boardkit.load_game("battle_royale")
    assert isinstance(game, BattleRoyaleGame)
    return game.board


#: The game's board: the frame of tile positions (BR-1.1), with its ``goal`` set.
BOARD: SquareBoard = _game_board()
#: The goal tile (flag), centre of the frame (BR-1.1); never removed (BR-4.2).
GOAL: str = BOARD.sets["goal"][0]
#: All positions of the frame in the board's order, rank by rank from the bottom (a1, b1, ..., e5).
POSITIONS: tuple[str, ...] = BOARD.names
#: The positions that hold a removable tile (BR-1.1).
NON_GOAL: tuple[str, ...] = tuple(p for p in POSITIONS if p != GOAL)
#: Colours in seat order (players 0..3), then the neutral colour (contract, BR-1.3, BR-1.6).
COLOURS: tuple[str, ...] = tuple(_SEAT_COLOURS) + (NEUTRAL,)
#: Faces the Doom die may show (BR-4).
DOOM_FACES = ("move", "explosion", "battle")
#: Eliminator policies of :func:`doom_tiles_lost` (BR-4.1 leaves the choice to the active player).
POLICIES = ("max_damage", "min_damage", "uniform")

_DEFAULT_DATA = DATA_DIR / "battle_royale" / "default.yaml"


# --------------------------------------------------------------------- names and geometry

def coords(position: str) -> tuple[int, int]:
    """Column and row of a position name.

    Args:
        position: a name like ``"c3"`` (file a..e, rank 1..5).

    Returns:
        ``(col, row)``, each 0..4; row 0 is rank 1 (bottom) (the board's node attributes).

    Raises:
        ValueError: not a position of the frame (BR-1.1).

    >>> coords("a1"), coords("e5")
    ((0, 0), (4, 4))
    """
    node = BOARD.graph.nodes.get(position) if isinstance(position, str) else None
    if node is None:
        raise ValueError(f"{position!r} is not a position of the {BOARD.columns}x{BOARD.rows} frame (BR-1.1): "
                         f"names are {POSITIONS[0]}..{POSITIONS[-1]}, goal {GOAL}")
    return node["col"], node["row"]


def name(col: int, row: int) -> str:
    """Position name of ``(col, row)``, each 0..4 (row 0 = rank 1).

    Raises:
        ValueError: ``col`` or ``row`` is not a whole number, or is outside the frame.

    >>> name(2, 2)
    'c3'
    """
    for label, value in (("col", col), ("row", row)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{label}: a whole number 0 .. {BOARD.columns - 1}, not {shorten(value)}")
    return BOARD.cell_at(col, row)


def _tile_set(tiles: Iterable[str]) -> frozenset[str]:
    """Validated set of tile names (every name a frame position); ValueError naming ``tiles``
    for text, for anything that is not a collection, or for a name off the frame."""
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Iterable):
        raise ValueError(f"tiles: a collection of tile names, not {shorten(tiles)}")
    names = list(tiles)
    for t in names:
        coords(t)
    return frozenset(names)


@cache
def _frame() -> nx.Graph:
    g = nx.Graph(BOARD.graph)
    g.graph["name"] = "battle_royale frame"
    for p, data in g.nodes(data=True):
        data["goal"] = p == GOAL
    return nx.freeze(g)


def frame() -> nx.Graph:
    """The full frame: the board's graph, 25 positions, orthogonal adjacency (BR-1.1).

    Returns:
        A frozen ``networkx.Graph``: nodes are position names with the board's attributes
        (``col``, ``row`` 0..4, ``index``, ``pos``, ``sets``) and ``goal`` (True for ``c3``
        only); 40 edges, one per orthogonal neighbour pair.

    >>> g = frame()
    >>> g.number_of_nodes(), g.number_of_edges(), g.nodes["c3"]["goal"]
    (25, 40, True)
    """
    return _frame()


def arena_graph(tiles: Iterable[str]) -> nx.Graph:
    """The arena as a graph: present tiles, linked when orthogonally adjacent (BR-1.1, BR-2.2).

    Args:
        tiles: names of the present tiles (holes are the other positions).

    Returns:
        A new ``networkx.Graph`` (a copy, free to modify) with the node attributes of
        :func:`frame` (``col``, ``row``, ``goal``).

    Raises:
        ValueError: a name is not a position of the frame.

    >>> arena_graph(["c3", "c4", "a1"]).number_of_edges()
    1
    """
    return frame().subgraph(_tile_set(tiles)).copy()


def _goal_component(tiles: frozenset[str]) -> frozenset[str]:
    if GOAL not in tiles:
        return frozenset()
    return frozenset(nx.node_connected_component(frame().subgraph(tiles), GOAL))


def is_valid_arena(tiles: Iterable[str]) -> bool:
    """Whether the tiles form a valid arena: the goal present and every tile connected to it
    by orthogonally adjacent tiles (BR-1.1; also holds after every explosion, BR-4.2).

    Args:
        tiles: names of the present tiles.

    Returns:
        True or False. Any number of tiles is allowed here (BR-1.1's "four removed" is checked
        by :func:`layout_from_removed`).

    Raises:
        ValueError: a name is not a position of the frame.

    >>> is_valid_arena(POSITIONS), is_valid_arena(["c3", "a1"])
    (True, False)
    """
    ts = _tile_set(tiles)
    return GOAL in ts and _goal_component(ts) == ts


def layout_from_removed(removed: Sequence[str], n_removed: int | None = 4) -> frozenset[str]:
    """The arena left after removing tiles at setup (BR-1.1).

    Args:
        removed: names of the removed tiles, e.g. ``["b5", "e4", "a2", "d1"]``.
        n_removed: how many must be removed (BR-1.1: four), a whole number 0 .. 24; ``None``
            accepts any number.

    Returns:
        The frozenset of present tile names (21 with four removed).

    Raises:
        ValueError: ``removed`` is text or not a list, ``n_removed`` is no whole number 0 .. 24
            nor None; naming the tile and the clause: an
            unknown name, a name given twice, the goal tile removed, the wrong number of
            tiles, or a tile left without an orthogonal path to the goal (all BR-1.1).

    >>> sorted(set(POSITIONS) - layout_from_removed(["b5", "e4", "a2", "d1"]))
    ['a2', 'b5', 'd1', 'e4']
    >>> layout_from_removed(["a2", "b1", "d5", "e5"])
    Traceback (most recent call last):
    ...
    ValueError: BR-1.1: removing a2 b1 d5 e5 cuts a1 off from the goal tile c3 (every tile must stay connected to c3 orthogonally)
    """
    if isinstance(removed, (str, bytes)) or not isinstance(removed, Iterable):
        raise ValueError(f"removed: a list of tile names, not {shorten(removed)}")
    if n_removed is not None and (not isinstance(n_removed, int) or isinstance(n_removed, bool)
                                  or not 0 <= n_removed < len(POSITIONS)):
        raise ValueError(f"n_removed: a whole number of tiles 0 .. {len(POSITIONS) - 1} (every tile but the goal "
                         f"{GOAL}; BR-1.1 removes 4) or None for any number, not {shorten(n_removed)}")
    seen: set[str] = set()
    for t in removed:
        try:
            coords(t)
        except ValueError:
            raise ValueError(f"BR-1.1: removed tile {t!r} is not a position of the 5x5 frame (names a1..e5)") from None
        if t in seen:
            raise ValueError(f"BR-1.1: tile {t} is named twice among the removed tiles {' '.join(removed)}")
        if t == GOAL:
            raise ValueError(f"BR-1.1: the goal tile {GOAL} can never be removed")
        seen.add(t)
    if n_removed is not None and len(seen) != n_removed:
        raise ValueError(f"BR-1.1: exactly {n_removed} tiles are removed at setup, got {len(seen)}: {' '.join(removed)}")
    tiles = frozenset(POSITIONS) - seen
    lost = sorted(tiles - _goal_component(tiles), key=POSITIONS.index)
    if lost:
        raise ValueError(f"BR-1.1: removing {' '.join(removed)} cuts {' '.join(lost)} off from the goal tile {GOAL} "
                         f"(every tile must stay connected to {GOAL} orthogonally)")
    return tiles


# --------------------------------------------------------------------- data

def load_arena_data(path: str | Path | None = None) -> dict[str, Any]:
    """The parts of a Battle Royale data file the arena analyses use (BR-1.5, BR-1.6, BR-4, BR-6).

    Args:
        path: a YAML file like ``data/battle_royale/default.yaml``; default that file.

    Returns:
        ``{"doom_die": [face, ...], "first_layout": [removed tile, ...], "neutral": [tile, ...]}``.

    Raises:
        ValueError: ``path`` is no file name (naming it and the value); a Doom face other than
            move/explosion/battle (BR-4), or a key missing.
        BoardkitDataError: the file is missing, unreadable or not YAML (naming the file).

    >>> load_arena_data()["doom_die"]
    ['move', 'move', 'explosion', 'explosion', 'battle', 'battle']
    """
    p = check_file_name(path, "path") if path is not None else _DEFAULT_DATA
    doc = parse_yaml(read_user_file(p, "data"), p)
    for key in ("doom_die", "first_layout"):
        if key not in doc:
            raise ValueError(f"{p}: no {key!r} (BR-6 asks the data file for it)")
    bad = [f for f in doc["doom_die"] if f not in DOOM_FACES]
    if bad:
        raise ValueError(f"{p}: Doom die face(s) {bad} not one of {', '.join(DOOM_FACES)} (BR-4)")
    return {"doom_die": list(doc["doom_die"]), "first_layout": list(doc["first_layout"]),
            "neutral": list(doc.get("neutral", []))}


def first_layout(path: str | Path | None = None) -> frozenset[str]:
    """The recommended first-game arena of the data file (BR-1.5; default removes b5 e4 a2 d1).

    Returns:
        The frozenset of the 21 present tile names.

    Raises:
        ValueError: the file's layout breaks BR-1.1 (see :func:`layout_from_removed`).

    >>> sorted(set(POSITIONS) - first_layout())
    ['a2', 'b5', 'd1', 'e4']
    """
    return layout_from_removed(load_arena_data(path)["first_layout"])


def starting_figures(tiles: Iterable[str], players: int = 2, neutral: Sequence[str] | None = None) -> dict[str, dict[str, int]]:
    """The figures at setup: one figure of every player colour on every tile (BR-1.3), and with
    two players one neutral ``grey`` figure on each ``neutral`` tile (BR-1.6, default from the
    data file: c4 and c2).

    Args:
        tiles: present tile names.
        players: 2..4 (BR-1.6); colours are the first ``players`` of :data:`COLOURS`.
        neutral: tiles for the neutral figures (2 players only); default the data file's.

    Returns:
        ``{tile: {colour: count}}`` for every present tile, colours in seat order.

    Raises:
        ValueError: ``tiles`` or ``neutral`` is not a collection of tile names, ``players`` is
            not a whole number 2..4 (``2.0`` too), ``neutral`` given with 3 or 4 players (they
            play without neutral figures, BR-1.6), or a neutral tile not present or named twice
            (each message names the argument and the value).

    >>> starting_figures(["c3", "c4"], 2, neutral=["c4"])
    {'c3': {'red': 1, 'blue': 1}, 'c4': {'red': 1, 'blue': 1, 'grey': 1}}
    """
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise ValueError(f"players: 2 to 4 players (BR-1.6), not {shorten(players)}")
    if neutral is not None and (isinstance(neutral, (str, bytes)) or not isinstance(neutral, Iterable)):
        raise ValueError(f"neutral: a list of tile names, not {shorten(neutral)}")
    if neutral is not None and players != 2:
        raise ValueError(f"neutral: neutral figures are used only with 2 players, not with players={players} "
                         f"(BR-1.6); give neutral=None")
    ts = sorted(_tile_set(tiles), key=POSITIONS.index)
    out = {t: {c: 1 for c in COLOURS[:players]} for t in ts}
    if players == 2:
        for t in (load_arena_data()["neutral"] if neutral is None else neutral):
            if not isinstance(t, str) or t not in out:
                raise ValueError(f"neutral: {shorten(t)} is not a present tile (BR-1.6)")
            if "grey" in out[t]:
                raise ValueError(f"neutral: {t} is named twice; a neutral tile holds one neutral figure (BR-1.6)")
            out[t]["grey"] = 1
    return out


# --------------------------------------------------------------------- layouts (BR-1.1, BR-1.5)

@cache
def _valid_layouts() -> tuple[tuple[str, ...], ...]:
    everything = frozenset(POSITIONS)
    out = []
    for removed in itertools.combinations(NON_GOAL, 4):
        tiles = everything.difference(removed)
        if _goal_component(tiles) == tiles:
            out.append(removed)
    return tuple(out)


def valid_layouts() -> list[tuple[str, ...]]:
    """Every valid setup (BR-1.1): the sets of 4 removed tiles (of the 24 non-goal tiles) that
    leave every remaining tile connected to the goal. Brute force over all C(24, 4) = 10,626
    subsets, connectivity by networkx.

    Returns:
        Removed-tile tuples, each in frame order (a1, b1, ..., e5), the list in
        lexicographic order of those positions.

    >>> ("b5", "e4", "a2", "d1") in valid_layouts(), ("d1", "a2", "e4", "b5") in valid_layouts()
    (False, True)
    """
    return list(_valid_layouts())


def count_layouts() -> int:
    """Number of valid setups: ways to remove four tiles keeping all tiles connected to the
    goal (BR-1.1, BR-1.5). Layouts that differ by a rotation or reflection count separately.

    Returns:
        The count (an int).

    >>> count_layouts()
    9283
    """
    return len(_valid_layouts())


def _sym_maps() -> dict[str, Callable[[int, int], tuple[int, int]]]:
    # (x, y) relative to the centre of the (square, odd-sized) frame; y grows upwards (rank).
    return {
        "identity": lambda x, y: (x, y),
        "rot90": lambda x, y: (-y, x),        # quarter turn anticlockwise
        "rot180": lambda x, y: (-x, -y),
        "rot270": lambda x, y: (y, -x),
        "flip_files": lambda x, y: (-x, y),   # mirror left-right (a <-> e)
        "flip_ranks": lambda x, y: (x, -y),   # mirror top-bottom (1 <-> 5)
        "flip_diag": lambda x, y: (y, x),     # mirror in the a1-e5 diagonal
        "flip_anti": lambda x, y: (-y, -x),   # mirror in the a5-e1 diagonal
    }


def _sym_tables() -> dict[str, dict[str, str]]:
    if BOARD.columns != BOARD.rows or BOARD.columns % 2 == 0:
        raise ValueError(f"board {BOARD.name}: the symmetries of the square need an odd square frame, "
                         f"not {BOARD.columns}x{BOARD.rows}")
    mid = BOARD.columns // 2
    out = {}
    for label, f in _sym_maps().items():
        table = {}
        for p in POSITIONS:
            c, r = coords(p)
            x, y = f(c - mid, r - mid)
            table[p] = name(x + mid, y + mid)
        out[label] = table
    return out


#: The 8 symmetries of the square (dihedral group D4) on the frame: ``{label: {position: image}}``.
#: All fix the goal c3.
SYMMETRIES: dict[str, dict[str, str]] = _sym_tables()


def apply_symmetry(symmetry: str, positions: Iterable[str]) -> tuple[str, ...]:
    """Image of positions under one of the 8 :data:`SYMMETRIES`.

    Args:
        symmetry: a label: identity, rot90, rot180, rot270, flip_files, flip_ranks, flip_diag,
            flip_anti.
        positions: position names.

    Returns:
        The images, in frame order.

    Raises:
        ValueError: unknown label or position.

    >>> apply_symmetry("rot90", ["a1", "c3"])
    ('e1', 'c3')
    """
    if not isinstance(symmetry, str) or symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {shorten(symmetry)}: one of {', '.join(SYMMETRIES)}")
    table = SYMMETRIES[symmetry]
    return tuple(sorted((table[p] for p in _tile_set(positions)), key=POSITIONS.index))


def canonical_layout(removed: Iterable[str], n_removed: int | None = 4) -> tuple[str, ...]:
    """Canonical form of a set of removed tiles under D4: the least (by frame order) of its 8
    images. Two layouts are the same up to rotation and reflection iff their forms are equal.

    Args:
        removed: the removed tiles of a setup (BR-1.1), checked as :func:`layout_from_removed`
            checks them.
        n_removed: how many must be removed (BR-1.1: four); ``None`` accepts any number.

    Returns:
        The canonical removed tiles, in frame order.

    Raises:
        ValueError: ``removed`` is text or not a collection, names a position off the frame,
            or is no layout (BR-1.1, as :func:`layout_from_removed`: the goal removed, a tile
            named twice, not ``n_removed`` tiles, a tile cut off from the goal); ``n_removed``
            is no whole number 0 .. 24 nor None.

    >>> canonical_layout(["e5", "e4", "d5", "a1"]) == canonical_layout(["a1", "a2", "b1", "e5"])
    True
    >>> canonical_layout(["e5"], n_removed=None) == canonical_layout(["a1"], n_removed=None) == ("a1",)
    True
    """
    if isinstance(removed, (str, bytes)) or not isinstance(removed, Iterable):
        _tile_set(removed)  # the ValueError naming a bad collection
    names = list(removed)
    _tile_set(names)  # a position off the frame
    layout_from_removed(names, n_removed)  # BR-1.1: a layout, or a ValueError naming the tile
    return _canonical(tuple(names))


def _canonical(removed: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`canonical_layout` of removed tiles already checked."""
    idx = POSITIONS.index
    return min((apply_symmetry(s, removed) for s in SYMMETRIES), key=lambda t: [idx(p) for p in t])


def layout_orbits() -> dict[tuple[str, ...], int]:
    """The valid setups grouped up to the 8 symmetries of the square (BR-1.1, BR-1.5).

    Returns:
        ``{canonical removed tuple: number of valid setups in its orbit}`` (orbit sizes 1, 2, 4
        or 8; they sum to :func:`count_layouts`).

    >>> sum(layout_orbits().values()) == count_layouts()
    True
    """
    out: dict[tuple[str, ...], int] = {}
    for removed in _valid_layouts():
        key = _canonical(tuple(removed))
        out[key] = out.get(key, 0) + 1
    return out


def burnside_fixed_counts() -> dict[str, int]:
    """For each symmetry g, the number of valid setups g maps to themselves (BR-1.1).

    Built independently of :func:`valid_layouts`: a removed set fixed by g is a union of
    cycles of g on the 24 non-goal positions with 4 positions in all; each such union is
    tested for connectivity.

    Returns:
        ``{symmetry label: fixed valid setups}``; identity gives :func:`count_layouts`.

    >>> burnside_fixed_counts()["rot90"]
    5
    """
    out = {}
    for label, table in SYMMETRIES.items():
        cycles: list[tuple[str, ...]] = []
        seen: set[str] = set()
        for p in NON_GOAL:
            if p in seen:
                continue
            cyc = [p]
            q = table[p]
            while q != p:
                cyc.append(q)
                q = table[q]
            seen.update(cyc)
            cycles.append(tuple(cyc))
        fixed = 0
        for k in range(1, 5):
            for choice in itertools.combinations(cycles, k):
                removed = [p for cyc in choice for p in cyc]
                if len(removed) == 4 and is_valid_arena(set(POSITIONS) - set(removed)):
                    fixed += 1
        out[label] = fixed
    return out


def count_layouts_up_to_symmetry() -> int:
    """Number of valid setups up to rotation and reflection of the arena (BR-1.1, BR-1.5).

    Computed twice: by canonical forms (:func:`layout_orbits`) and by Burnside's lemma (the
    average of :func:`burnside_fixed_counts` over the 8 symmetries of D4).

    Returns:
        The number of orbits.

    Raises:
        RuntimeError: the two methods disagree, or Burnside's average is not an integer
            (either would be a bug).

    >>> count_layouts_up_to_symmetry()
    1212
    """
    by_forms = len(layout_orbits())
    burnside = Fraction(sum(burnside_fixed_counts().values()), len(SYMMETRIES))
    if burnside.denominator != 1 or burnside != by_forms:
        raise RuntimeError(f"orbit count mismatch: canonical forms {by_forms}, Burnside {burnside}")
    return by_forms
