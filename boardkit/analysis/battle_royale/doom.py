"""Battle Royale explosions, Doom rolls and figure reach on the arena graph (BR-2, BR-4).

Same arena model as :mod:`boardkit.analysis.battle_royale.arena` (present tile names of the
game's board, figures ``{tile: {colour: count}}``); plain data out (sets, dicts, ints,
:class:`~boardkit.core.dice.Dist`).

- BR-4.2: what one explosion removes (:func:`explosion`, :func:`explosion_table`), and which
  tiles hold others to the goal (:func:`articulation_tiles`).
- BR-4, BR-4.1: the exact distribution of tiles lost over k Doom rolls under a stated
  Eliminator policy (:func:`doom_tiles_lost`).
- BR-2.2: where one figure can walk in at most n steps (:func:`reachable_tiles`).

>>> explosion(first_layout(), {}, "b1").removed
('a1', 'b1')
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any, Iterable, Mapping, Sequence

import networkx as nx

from boardkit.analysis.battle_royale.arena import (
    BOARD, COLOURS, DOOM_FACES, GOAL, POLICIES, POSITIONS, _goal_component, _tile_set, coords, frame, load_arena_data,
    name,
)
from boardkit.analysis.battle_royale.arena import first_layout, starting_figures  # noqa: F401  (the examples use them)
from boardkit.core.checks import check_whole
from boardkit.core.dice import Dist
from boardkit.core.validate import shorten

__all__ = [
    "cut_off", "articulation_tiles", "ExplosionResult", "explosion", "explosion_table",
    "eliminator_moves", "doom_tiles_lost", "reachable_tiles", "ascii_arena",
]

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
        ValueError: ``tiles`` is not a collection of names of the frame, the goal is missing
            from it, ``removed_tile`` is the goal or not present.

    >>> sorted(cut_off(first_layout(), "b1"))
    ['a1', 'b1']
    """
    ts = _tile_set(tiles)
    if GOAL not in ts:
        raise ValueError(f"BR-1.1: the goal tile {GOAL} must be present")
    if removed_tile == GOAL:
        raise ValueError(f"BR-4.2: the goal tile {GOAL} is never removed")
    if not isinstance(removed_tile, str) or removed_tile not in ts:
        raise ValueError(f"BR-4.2: removed_tile {shorten(removed_tile)} is not a present tile")
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
    if not isinstance(figures, Mapping) or not all(isinstance(per, Mapping) for per in figures.values()):
        raise ValueError(f"figures: a mapping {{tile: {{colour: count}}}}, not {shorten(figures)}")
    for t, per in figures.items():
        if t not in ts and any(per.values()):
            raise ValueError(f"figures stand on {t!r}, which is not a present tile")
        for c, n in per.items():
            if c not in COLOURS:  # BR-1.3, BR-1.6: the players' colours and the neutral grey
                raise ValueError(f"figures: {shorten(c)} on {shorten(t)} is not a colour of the game: {', '.join(COLOURS)}")
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
        ValueError: unknown position, goal missing, ``figures`` not a mapping
            ``{tile: {colour: count}}``, a colour not of :data:`COLOURS` (naming it), or
            figures on a hole.

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

    Raises:
        ValueError: as :func:`explosion`.

    >>> explosion_table(first_layout())["a4"]["tiles_lost"]
    2
    """
    figs = {} if figures is None else figures
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

    Raises:
        ValueError: ``tiles`` is not a collection of names of the frame, or ``eliminator`` is
            not a position of the frame (the message names it).

    >>> eliminator_moves(first_layout(), "a1")
    ['b1', 'b2']
    """
    ts = _tile_set(tiles)
    coords(eliminator)
    return sorted((q for q in BOARD.neighbours(eliminator, diagonal=True) if q in ts), key=POSITIONS.index)


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


#: The most Doom rolls :func:`doom_tiles_lost` follows, by Eliminator policy: a stated policy
#: keeps one arena per history (100 rolls: about 2 s), ``uniform`` branches on every move and
#: the arenas double with each roll (9 rolls from the goal: about 2 s, 12 rolls: 15 s).
MAX_DOOM_ROLLS = {"max_damage": 100, "min_damage": 100, "uniform": 9}


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
        k: number of rolls, 0 .. :data:`MAX_DOOM_ROLLS` of the policy (100; 9 for ``uniform``).
        policy: one of :data:`POLICIES`.

    Returns:
        ``Dist`` over ints 0..(tiles - 1): tiles lost in all over the ``k`` rolls.

    Raises:
        ValueError: unknown policy, ``die`` not a list of faces or a Dist, a face other than
            move/explosion/battle (BR-4), ``k`` not a whole number >= 0 or past
            :data:`MAX_DOOM_ROLLS` of the policy (the message names it, the value and the
            bound), goal missing, or an unknown position.

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
    check_whole("k", k, 0, MAX_DOOM_ROLLS[policy], f"doom.MAX_DOOM_ROLLS[{policy!r}]")
    if die is None:
        die = load_arena_data()["doom_die"]
    if not isinstance(die, Dist) and (isinstance(die, (str, bytes)) or not isinstance(die, Sequence) or not die):
        raise ValueError(f"die: the Doom die's faces (a list, one entry per face) or a Dist, not {shorten(die)}")
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
    if not isinstance(start, str) or start not in ts:
        raise ValueError(f"BR-2.2: start {shorten(start)} is not a present tile")
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise ValueError(f"steps must be an int >= 0, got {steps!r}")
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        if dist[u] == steps:
            continue
        for v in BOARD.neighbours(u, diagonal=diagonal):
            if v in ts and v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dict(sorted(dist.items(), key=lambda kv: (kv[1], POSITIONS.index(kv[0]))))


# --------------------------------------------------------------------- display

def ascii_arena(tiles: Iterable[str], marks: Mapping[str, str] | None = None) -> str:
    """A text picture of the arena, rank 5 at the top: ``#`` tile, ``G`` goal, ``.`` hole, or a
    one-character mark per position.

    Raises:
        ValueError: ``tiles`` or a key of ``marks`` names no position of the frame, ``marks``
            is not a mapping, or a mark is not one character of text (naming its position and
            the value).

    >>> print(ascii_arena(first_layout(), {"b1": "x"}))
    5 # . # # #
    4 # # # # .
    3 # # G # #
    2 . # # # #
    1 # x # . #
      a b c d e
    """
    ts = _tile_set(tiles)
    marks = {} if marks is None else marks
    if not isinstance(marks, Mapping):
        raise ValueError(f"marks: a mapping {{position: character}}, not {shorten(marks)}")
    for p, mark in marks.items():
        coords(p)  # a mark off the frame is refused, not dropped
        if not isinstance(mark, str) or len(mark) != 1:
            raise ValueError(f"marks: the mark of {shorten(p)} is one character, not {shorten(mark)}")
    lines = []
    for r in reversed(range(BOARD.rows)):
        cells = []
        for c in range(BOARD.columns):
            p = name(c, r)
            cells.append(marks.get(p, "G" if p == GOAL and p in ts else "#" if p in ts else "."))
        lines.append(f"{p[1:]} " + " ".join(cells))
    lines.append("  " + " ".join(name(c, 0)[0] for c in range(BOARD.columns)))
    return "\n".join(lines)
