"""The Battle Royale arena as a graph: layouts, explosions, Doom rolls and reach (BR-1, BR-2, BR-4).

Works on the arena model of ``docs/battle-royale-contract.md``, not on the engine: an arena is
a set of present tile names of the 5x5 frame (files ``a``..``e`` left to right, ranks ``1``..``5``
bottom to top, goal tile ``c3``); holes are the other positions. Figures are
``{tile: {colour: count}}``. Everything is exact and plain data out (sets, dicts, ints,
:class:`~boardkit.core.dice.Dist`); graphs are ``networkx.Graph`` on tile names.

What it answers (source: seed ``shared/seeds/000_c2cb631045ea0dc6.txt``, clauses of
``shared/rules/battle_royale.md``):

- BR-1.1, BR-1.5: which arenas are valid (goal present, every tile orthogonally connected to
  the goal), how many ways there are to remove four tiles (:func:`count_layouts`), and how many
  up to the 8 symmetries of the square (:func:`count_layouts_up_to_symmetry`, canonical forms
  checked against Burnside's lemma).
- BR-4.2: what one explosion removes (:func:`explosion`, :func:`explosion_table`), and which
  tiles hold others to the goal (:func:`articulation_tiles`).
- BR-4, BR-4.1: the exact distribution of tiles lost over k Doom rolls under a stated
  Eliminator policy (:func:`doom_tiles_lost`).
- BR-2.2: where one figure can walk in at most n steps (:func:`reachable_tiles`).

>>> len(first_layout())
21
>>> explosion(first_layout(), {}, "b1").removed
('a1', 'b1')
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import networkx as nx
import yaml

from boardkit.core.dice import Dist
from boardkit.core.paths import DATA_DIR

__all__ = [
    "FILES", "RANKS", "GOAL", "POSITIONS", "NON_GOAL", "COLOURS", "SYMMETRIES", "DOOM_FACES", "POLICIES",
    "coords", "name", "frame", "arena_graph", "is_valid_arena", "layout_from_removed", "load_arena_data",
    "first_layout", "starting_figures", "valid_layouts", "count_layouts", "apply_symmetry",
    "canonical_layout", "layout_orbits", "burnside_fixed_counts", "count_layouts_up_to_symmetry",
    "cut_off", "articulation_tiles", "ExplosionResult", "explosion", "explosion_table",
    "eliminator_moves", "doom_tiles_lost", "reachable_tiles", "ascii_arena",
]

#: Files (columns 0..4, left to right) and ranks (rows 0..4, bottom to top) of the frame.
FILES = "abcde"
RANKS = "12345"
#: The goal tile (flag), centre of the frame (BR-1.1); never removed (BR-4.2).
GOAL = "c3"
#: All 25 positions of the frame, rank by rank from the bottom (a1, b1, ..., e5).
POSITIONS: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)
#: The 24 positions that hold a removable tile (BR-1.1).
NON_GOAL: tuple[str, ...] = tuple(p for p in POSITIONS if p != GOAL)
#: Colours in seat order (players 0..3), then the neutral colour (contract, BR-1.3, BR-1.6).
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "grey")
#: Faces the Doom die may show (BR-4).
DOOM_FACES = ("move", "explosion", "battle")
#: Eliminator policies of :func:`doom_tiles_lost` (BR-4.1 leaves the choice to the active player).
POLICIES = ("max_damage", "min_damage", "uniform")

_ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_DEFAULT_DATA = DATA_DIR / "battle_royale" / "default.yaml"


# --------------------------------------------------------------------- names and geometry

def coords(position: str) -> tuple[int, int]:
    """Column and row of a position name.

    Args:
        position: a name like ``"c3"`` (file a..e, rank 1..5).

    Returns:
        ``(col, row)``, each 0..4; row 0 is rank 1 (bottom).

    Raises:
        ValueError: not a position of the 5x5 frame (BR-1.1).

    >>> coords("a1"), coords("e5")
    ((0, 0), (4, 4))
    """
    if not isinstance(position, str) or len(position) != 2 or position[0] not in FILES or position[1] not in RANKS:
        raise ValueError(f"{position!r} is not a position of the 5x5 frame (BR-1.1): names are a1..e5, goal c3")
    return FILES.index(position[0]), RANKS.index(position[1])


def name(col: int, row: int) -> str:
    """Position name of ``(col, row)``, each 0..4 (row 0 = rank 1).

    Raises:
        ValueError: outside the frame.

    >>> name(2, 2)
    'c3'
    """
    if not (0 <= col < 5 and 0 <= row < 5):
        raise ValueError(f"({col}, {row}) is outside the 5x5 frame (BR-1.1)")
    return FILES[col] + RANKS[row]


def _around(position: str, deltas: Iterable[tuple[int, int]]) -> list[str]:
    c, r = coords(position)
    return [name(c + dc, r + dr) for dc, dr in deltas if 0 <= c + dc < 5 and 0 <= r + dr < 5]


def _tile_set(tiles: Iterable[str]) -> frozenset[str]:
    """Validated set of tile names (every name a frame position)."""
    if isinstance(tiles, str):
        raise TypeError(f"tiles must be a collection of names, not the string {tiles!r}")
    out = frozenset(tiles)
    for t in out:
        coords(t)
    return out


@cache
def _frame() -> nx.Graph:
    g = nx.Graph(name="battle_royale frame")
    for p in POSITIONS:
        c, r = coords(p)
        g.add_node(p, col=c, row=r, goal=(p == GOAL))
    for p in POSITIONS:
        for q in _around(p, ((1, 0), (0, 1))):
            g.add_edge(p, q)
    return nx.freeze(g)


def frame() -> nx.Graph:
    """The full 5x5 frame: 25 positions, orthogonal adjacency (BR-1.1).

    Returns:
        A frozen ``networkx.Graph``: nodes are position names with attributes ``col``, ``row``
        (0..4) and ``goal`` (True for ``c3`` only); 40 edges, one per orthogonal neighbour pair.

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
        n_removed: how many must be removed (BR-1.1: four); ``None`` accepts any number.

    Returns:
        The frozenset of present tile names (21 with four removed).

    Raises:
        ValueError: naming the tile and the clause: an unknown name, a name given twice, the
            goal tile removed, the wrong number of tiles, or a tile left without an orthogonal
            path to the goal (all BR-1.1).

    >>> sorted(set(POSITIONS) - layout_from_removed(["b5", "e4", "a2", "d1"]))
    ['a2', 'b5', 'd1', 'e4']
    >>> layout_from_removed(["a2", "b1", "d5", "e5"])
    Traceback (most recent call last):
    ...
    ValueError: BR-1.1: removing a2 b1 d5 e5 cuts a1 off from the goal tile c3 (every tile must stay connected to c3 orthogonally)
    """
    if isinstance(removed, str):
        raise TypeError(f"removed must be a list of tile names, not the string {removed!r}")
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
        ValueError: a Doom face other than move/explosion/battle (BR-4), or a key missing.

    >>> load_arena_data()["doom_die"]
    ['move', 'move', 'explosion', 'explosion', 'battle', 'battle']
    """
    p = Path(path) if path is not None else _DEFAULT_DATA
    doc = yaml.safe_load(p.read_text(encoding="utf-8"))
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
        ValueError: ``players`` outside 2..4, or a neutral tile not present.

    >>> starting_figures(["c3", "c4"], 2, neutral=["c4"])
    {'c3': {'red': 1, 'blue': 1}, 'c4': {'red': 1, 'blue': 1, 'grey': 1}}
    """
    if players not in (2, 3, 4):
        raise ValueError(f"BR-1.6: 2 to 4 players, got {players}")
    ts = sorted(_tile_set(tiles), key=POSITIONS.index)
    out = {t: {c: 1 for c in COLOURS[:players]} for t in ts}
    if players == 2:
        for t in (load_arena_data()["neutral"] if neutral is None else neutral):
            if t not in out:
                raise ValueError(f"BR-1.6: neutral figure tile {t} is not a present tile")
            out[t]["grey"] = out[t].get("grey", 0) + 1
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
    # (x, y) relative to the centre (2, 2); y grows upwards (rank).
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
    out = {}
    for label, f in _sym_maps().items():
        table = {}
        for p in POSITIONS:
            c, r = coords(p)
            x, y = f(c - 2, r - 2)
            table[p] = name(x + 2, y + 2)
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
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}: one of {', '.join(SYMMETRIES)}")
    table = SYMMETRIES[symmetry]
    return tuple(sorted((table[p] for p in _tile_set(positions)), key=POSITIONS.index))


def canonical_layout(removed: Iterable[str]) -> tuple[str, ...]:
    """Canonical form of a set of removed tiles under D4: the least (by frame order) of its 8
    images. Two layouts are the same up to rotation and reflection iff their forms are equal.

    >>> canonical_layout(["e5"]) == canonical_layout(["a1"]) == ("a1",)
    True
    """
    idx = POSITIONS.index
    removed = tuple(removed)
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
        key = canonical_layout(removed)
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


# --------------------------------------------------------------------- explosions (BR-4.2)

def cut_off(tiles: Iterable[str], removed_tile: str) -> frozenset[str]:
    """Tiles lost when ``removed_tile`` is taken out: itself and every tile then without an
    orthogonal path to the goal (BR-4.2). Tiles already cut off before are not counted.

    Args:
        tiles: present tile names (containing the goal).
        removed_tile: a present tile other than the goal.

    Returns:
        The lost tiles, ``removed_tile`` included.

    Raises:
        ValueError: goal missing from ``tiles``, ``removed_tile`` is the goal or not present.

    >>> sorted(cut_off(first_layout(), "b1"))
    ['a1', 'b1']
    """
    ts = _tile_set(tiles)
    if GOAL not in ts:
        raise ValueError(f"BR-1.1: the goal tile {GOAL} must be present")
    if removed_tile == GOAL:
        raise ValueError(f"BR-4.2: the goal tile {GOAL} is never removed")
    if removed_tile not in ts:
        raise ValueError(f"BR-4.2: {removed_tile!r} is not a present tile")
    before = _goal_component(ts)
    after = _goal_component(ts - {removed_tile})
    return (before - after) | {removed_tile}


def articulation_tiles(tiles: Iterable[str]) -> list[str]:
    """Tiles whose removal cuts some other tile off from the goal (BR-4.2, BR-1.1).

    These are the articulation points of the goal's connected component, the goal excluded
    (the goal is never removed). A tile not connected to the goal (impossible in a valid
    arena) cuts nothing further off and is never listed.

    Args:
        tiles: present tile names (containing the goal).

    Returns:
        Tile names in frame order.

    Raises:
        ValueError: goal missing, or an unknown name.

    >>> articulation_tiles(first_layout())
    ['b1', 'e2', 'a4', 'd5']
    """
    ts = _tile_set(tiles)
    if GOAL not in ts:
        raise ValueError(f"BR-1.1: the goal tile {GOAL} must be present")
    comp = frame().subgraph(_goal_component(ts))
    return sorted((t for t in nx.articulation_points(comp) if t != GOAL), key=POSITIONS.index)


@dataclass(frozen=True)
class ExplosionResult:
    """What one Explosion event does (BR-4.2).

    Attributes:
        eliminator: the Eliminator's position.
        exploded: True when a tile was blasted; False when the Eliminator is under a hole or
            the goal tile, and a Move (BR-4.1) happens instead (``move_instead``).
        move_instead: ``not exploded``.
        removed: the removed tiles in frame order (the blasted tile and every tile then cut
            off from the goal); empty without explosion.
        figures_removed: ``{colour: figures leaving the game}`` (they are not prisoners),
            colours in :data:`COLOURS` order then by name, zero counts left out.
        tiles: the arena afterwards (frozenset of present tile names).
    """

    eliminator: str
    exploded: bool
    removed: tuple[str, ...]
    figures_removed: dict[str, int] = field(hash=False)
    tiles: frozenset[str]

    @property
    def move_instead(self) -> bool:
        return not self.exploded

    @property
    def tiles_lost(self) -> int:
        """Number of tiles removed."""
        return len(self.removed)

    @property
    def figures_lost(self) -> int:
        """Number of figures removed, all colours."""
        return sum(self.figures_removed.values())


def _colour_key(c: str) -> tuple[int, str]:
    return (COLOURS.index(c) if c in COLOURS else len(COLOURS), c)


def _check_figures(ts: frozenset[str], figures: Mapping[str, Mapping[str, int]]) -> None:
    for t, per in figures.items():
        if t not in ts and any(per.values()):
            raise ValueError(f"figures stand on {t!r}, which is not a present tile")
        for c, n in per.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ValueError(f"figure count {n!r} for {c} on {t} is not a non-negative int")


def explosion(tiles: Iterable[str], figures: Mapping[str, Mapping[str, int]], eliminator: str) -> ExplosionResult:
    """One Explosion with the Eliminator at ``eliminator`` (BR-4.2).

    If a non-goal tile is above the Eliminator, that tile and every tile then cut off from the
    goal are removed with their figures. Under a hole or the goal nothing explodes and the
    result says a Move (BR-4.1) happens instead.

    Args:
        tiles: present tile names (containing the goal).
        figures: ``{tile: {colour: count}}``; tiles missing from it hold no figures.
        eliminator: the Eliminator's position (any of the 25).

    Returns:
        An :class:`ExplosionResult`.

    Raises:
        ValueError: unknown position, goal missing, or figures on a hole.

    >>> r = explosion(first_layout(), starting_figures(first_layout()), "e2")
    >>> r.removed, r.figures_removed
    (('e1', 'e2'), {'red': 2, 'blue': 2})
    >>> explosion(first_layout(), {}, "c3").move_instead
    True
    """
    ts = _tile_set(tiles)
    coords(eliminator)
    if GOAL not in ts:
        raise ValueError(f"BR-1.1: the goal tile {GOAL} must be present")
    _check_figures(ts, figures)
    if eliminator == GOAL or eliminator not in ts:
        return ExplosionResult(eliminator, False, (), {}, ts)
    lost = cut_off(ts, eliminator)
    per: dict[str, int] = {}
    for t in lost:
        for c, n in figures.get(t, {}).items():
            if n:
                per[c] = per.get(c, 0) + n
    return ExplosionResult(eliminator, True, tuple(sorted(lost, key=POSITIONS.index)),
                           dict(sorted(per.items(), key=lambda kv: _colour_key(kv[0]))), ts - lost)


def explosion_table(tiles: Iterable[str], figures: Mapping[str, Mapping[str, int]] | None = None) -> dict[str, dict[str, Any]]:
    """What an Explosion would do with the Eliminator at each of the 25 positions (BR-4.2),
    for heat maps.

    Args:
        tiles: present tile names (containing the goal).
        figures: ``{tile: {colour: count}}``; default none.

    Returns:
        ``{position: {"explodes": bool, "tiles": [removed tiles], "tiles_lost": int,
        "figures": {colour: count}, "figures_lost": int}}`` in frame order (a1 .. e5); holes
        and the goal have ``explodes`` False (a Move happens instead) and zero losses.

    >>> explosion_table(first_layout())["a4"]["tiles_lost"]
    2
    """
    figs = figures or {}
    out = {}
    for p in POSITIONS:
        r = explosion(tiles, figs, p)
        out[p] = {"explodes": r.exploded, "tiles": list(r.removed), "tiles_lost": r.tiles_lost,
                  "figures": dict(r.figures_removed), "figures_lost": r.figures_lost}
    return out


# --------------------------------------------------------------------- Doom rolls (BR-4)

def eliminator_moves(tiles: Iterable[str], eliminator: str) -> list[str]:
    """Where the Eliminator may move (BR-4.1): the up to 8 surrounding positions (orthogonal
    or diagonal) within the frame that are not holes (the goal tile counts as a tile).

    Returns:
        Position names in frame order; empty when all surrounding positions are holes (then,
        in :func:`doom_tiles_lost`, the Eliminator stays).

    >>> eliminator_moves(first_layout(), "a1")
    ['b1', 'b2']
    """
    ts = _tile_set(tiles)
    return sorted((q for q in _around(eliminator, _ORTHO + _DIAG) if q in ts), key=POSITIONS.index)


def _damage(ts: frozenset[str], pos: str) -> int:
    return 0 if pos == GOAL or pos not in ts else len(cut_off(ts, pos))


def _move(ts: frozenset[str], elim: str, policy: str) -> dict[str, Fraction]:
    """Distribution of the Eliminator's position after a Move under ``policy``."""
    moves = eliminator_moves(ts, elim)
    if not moves:
        return {elim: Fraction(1)}
    if policy == "uniform":
        return {m: Fraction(1, len(moves)) for m in moves}
    sign = -1 if policy == "max_damage" else 1
    best = min(moves, key=lambda m: (sign * _damage(ts, m), m))
    return {best: Fraction(1)}


@cache
def _doom_step(ts: frozenset[str], elim: str, face: str, policy: str) -> tuple[tuple[tuple[frozenset[str], str], Fraction], ...]:
    if face == "battle":
        return (((ts, elim), Fraction(1)),)
    if face == "explosion" and elim != GOAL and elim in ts:
        return (((ts - cut_off(ts, elim), elim), Fraction(1)),)
    return tuple(((ts, m), p) for m, p in _move(ts, elim, policy).items())


def doom_tiles_lost(tiles: Iterable[str], eliminator: str = GOAL, die: Sequence[str] | Dist[str] | None = None,
                    k: int = 1, policy: str = "max_damage") -> Dist[int]:
    """Exact distribution of the number of tiles lost over the next ``k`` Doom rolls (BR-4).

    Each roll shows a face of the Doom die (default the data file's ``doom_die``: Move x2,
    Explosion x2, Battle x2, BR-6):

    - ``move`` (BR-4.1): the Eliminator moves to one of the 8 surrounding positions within the
      frame that is not a hole (the goal counts as a tile); with none, it stays.
    - ``explosion`` (BR-4.2): the tile above the Eliminator and every tile then cut off from the
      goal are removed; the Eliminator stays where it is (now under a hole). Under a hole or
      the goal, a Move happens instead.
    - ``battle`` (BR-4.3): figures are taken, no tile is lost.

    BR-4.1 lets the active player choose where the Eliminator moves; the choice is modelled by
    ``policy``:

    - ``"max_damage"``: the move whose position an Explosion would hurt most (most tiles
      removed, :func:`cut_off`; the goal and holes count 0), ties broken by the smallest
      position name. Greedy (looks one Explosion ahead, not at later rolls) and deterministic.
    - ``"min_damage"``: the same with the fewest tiles, ties by the smallest name.
    - ``"uniform"``: each legal move equally likely; the result is the exact mixture.

    Only Doom rolls are modelled: no card specials, no figure movement in between.

    Args:
        tiles: present tile names (containing the goal).
        eliminator: the Eliminator's position before the first roll (default the goal, BR-1.2).
        die: the Doom die's faces (a list, one entry per face) or a ``Dist`` over faces.
        k: number of rolls, ``k >= 0``.
        policy: one of :data:`POLICIES`.

    Returns:
        ``Dist`` over ints 0..(tiles - 1): tiles lost in all over the ``k`` rolls.

    Raises:
        ValueError: unknown policy, a face other than move/explosion/battle (BR-4), ``k < 0``,
            goal missing, or an unknown position.

    >>> doom_tiles_lost(first_layout(), "c3", k=1)
    Dist({0: 1})
    >>> doom_tiles_lost(first_layout(), "b1", k=1).probability(2)
    Fraction(1, 3)
    """
    ts = _tile_set(tiles)
    coords(eliminator)
    if GOAL not in ts:
        raise ValueError(f"BR-1.1: the goal tile {GOAL} must be present")
    if policy not in POLICIES:
        raise ValueError(f"unknown Eliminator policy {policy!r} (BR-4.1 choice): one of {', '.join(POLICIES)}")
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise ValueError(f"k must be an int number of rolls >= 0, got {k!r}")
    if die is None:
        die = load_arena_data()["doom_die"]
    dd = die if isinstance(die, Dist) else Dist.uniform(die)
    bad = [f for f in dd.outcomes() if f not in DOOM_FACES]
    if bad:
        raise ValueError(f"BR-4: Doom die face(s) {bad} not one of {', '.join(DOOM_FACES)}")
    faces = dd.items()
    states: dict[tuple[frozenset[str], str], Fraction] = {(ts, eliminator): Fraction(1)}
    for _ in range(k):
        nxt: dict[tuple[frozenset[str], str], Fraction] = {}
        for (s, e), p in states.items():
            for face, pf in faces:
                for st, pm in _doom_step(s, e, face, policy):
                    nxt[st] = nxt.get(st, Fraction(0)) + p * pf * pm
        states = nxt
    n = len(ts)
    lost: dict[int, Fraction] = {}
    for (s, _e), p in states.items():
        lost[n - len(s)] = lost.get(n - len(s), Fraction(0)) + p
    return Dist.from_weights(lost)


# --------------------------------------------------------------------- movement (BR-2.2)

def reachable_tiles(tiles: Iterable[str], start: str, steps: int, diagonal: bool = False) -> dict[str, int]:
    """Where one figure can end its move, with the fewest steps to each tile (BR-2.2).

    A step goes to an edge-adjacent tile, or also to a corner-adjacent tile when the card
    allows diagonal steps (assumed: a diagonal step needs only its target tile present);
    never into a hole or off the frame; at most ``steps`` steps; a figure may not enter the
    same tile twice in its move. Other figures do not block (capacity, BR-2.3, acts only
    where a move ends).

    "No tile twice" does not change the answer: a fewest-steps walk never repeats a tile
    (cutting out the loop would give a shorter walk), so breadth-first search over the tile
    graph gives both the reachable set and the fewest steps.

    Args:
        tiles: present tile names.
        start: the figure's tile.
        steps: the card's steps, ``>= 0`` (the figure may also take fewer).
        diagonal: the card allows diagonal steps (BR-2.1).

    Returns:
        ``{tile: fewest steps}`` including ``start`` at 0, ordered by steps then frame order.

    Raises:
        ValueError: ``start`` not a present tile, ``steps < 0``, or an unknown name.

    >>> reachable_tiles(first_layout(), "a1", 2)
    {'a1': 0, 'b1': 1, 'c1': 2, 'b2': 2}
    """
    ts = _tile_set(tiles)
    if start not in ts:
        raise ValueError(f"BR-2.2: start {start!r} is not a present tile")
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise ValueError(f"steps must be an int >= 0, got {steps!r}")
    deltas = _ORTHO + _DIAG if diagonal else _ORTHO
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        if dist[u] == steps:
            continue
        for v in _around(u, deltas):
            if v in ts and v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dict(sorted(dist.items(), key=lambda kv: (kv[1], POSITIONS.index(kv[0]))))


# --------------------------------------------------------------------- display

def ascii_arena(tiles: Iterable[str], marks: Mapping[str, str] | None = None) -> str:
    """A text picture of the arena, rank 5 at the top: ``#`` tile, ``G`` goal, ``.`` hole, or a
    one-character mark per position.

    >>> print(ascii_arena(first_layout(), {"b1": "x"}))
    5 # . # # #
    4 # # # # .
    3 # # G # #
    2 . # # # #
    1 # x # . #
      a b c d e
    """
    ts = _tile_set(tiles)
    marks = marks or {}
    lines = []
    for r in reversed(range(5)):
        cells = []
        for c in range(5):
            p = name(c, r)
            cells.append(marks.get(p, "G" if p == GOAL and p in ts else "#" if p in ts else "."))
        lines.append(f"{RANKS[r]} " + " ".join(cells))
    lines.append("  " + " ".join(FILES))
    return "\n".join(lines)
