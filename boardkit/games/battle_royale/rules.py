"""Battle Royale's pure rules: the phases of a turn, the tasks pending inside a turn, and the
geometry of steps, explosions and battles (BR-2, BR-4), as functions of plain values.

Tiles are board cell indices (0 .. 24, see ``data/boards/arena5.yaml``); the arena is a dict
``{tile: Counter(colour -> figures)}`` holding the tiles still present.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Mapping, Sequence

import networkx as nx


class Phase(str, Enum):
    """Where a turn stands (the observation's ``phase``, its value)."""

    SETUP = "setup"  # hands dealt and the start player drawn (BR-1.4, BR-1.7)
    CARD = "card"  # the active player plays a card (BR-2.1)
    MOVE = "move"  # figures are picked and stepped (BR-2.2)
    PUSH = "push"  # a tile is overfull: a figure is pushed on (BR-2.3)
    EVENT = "event"  # a Move or a Battle awaits the players' choices (BR-4.1, BR-4.3)
    DOOM = "doom"  # the Doom die is rolled (BR-2.5)
    DRAW = "draw"  # the active player draws back up (BR-2.5)
    OVER = "over"  # the game has ended (BR-3.1)

    def __str__(self) -> str:
        return self.value


class Event(str, Enum):
    """A Doom event awaiting choices (BR-4.1 Move, BR-4.3 Battle)."""

    MOVE = "move"
    BATTLE = "battle"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Moving:
    """The figure being moved (BR-2.2).

    Attributes:
        colour: its colour.
        path: the tiles it entered, the start first (BR-D10: the start counts as entered).
        steps_left: steps it may still make (the card's steps minus those made).
        direction: index into ``board.step`` of its last step (-1 before the first).
        moved: whether it has stepped (it then counts as moved this turn).
    """

    colour: str
    path: tuple[int, ...]
    steps_left: int
    direction: int = -1
    moved: bool = False

    @property
    def tile(self) -> int:
        """Where the figure stands now."""
        return self.path[-1]


@dataclass(frozen=True)
class PushTask:
    """An overfull tile waiting for a push (BR-2.3).

    Attributes:
        tile: the overfull tile.
        direction: index into ``board.step``: the way the arriving figure came, and the way
            the pushed figure goes.
        colour: the arriving figure's colour (it is not pushed, BR-D2).
        moved: whether the arriving figure counts as moved this turn.
    """

    tile: int
    direction: int
    colour: str
    moved: bool


@dataclass(frozen=True)
class BattleTake:
    """One taking in a Battle (BR-4.3, BR-4.4): ``taker`` takes one figure of ``colours`` on
    ``tile``."""

    tile: int
    taker: int
    colours: frozenset[str]


@dataclass(frozen=True)
class Queued:
    """An event still to resolve this turn (BR-2.5): the card's special ``face`` (``"move"``,
    ``"explosion"``, ``"battle"``), or the Doom roll when ``face`` is None."""

    face: str | None = None

    @property
    def is_doom(self) -> bool:
        """True for the Doom roll."""
        return self.face is None


#: Which of ``board.step``'s 8 neighbours (4 orthogonal first, then 4 diagonal) a card's
#: ``directions`` allows (BR-2.2: orthogonal; the diagonal card diagonal only).
DIRECTIONS: dict[str, slice] = {"orthogonal": slice(0, 4), "diagonal": slice(4, 8), "any": slice(0, 8)}


def step_targets(step: Sequence[int], tiles: Mapping[int, object], visited: Sequence[int], directions: str) -> list[int]:
    """BR-2.2: the tiles a figure may step to: edge-adjacent ("nicht diagonal"), or with the
    diagonal card diagonal only ("eine Karte, die genau diese Fortbewegung fordert"), or both
    (``"any"``, a card of another data file); present (not holes); not entered before in
    this move (BR-D10).

    Args:
        step: ``board.step[tile]``: the 8 neighbours (4 orthogonal first), -1 off the frame.
        tiles: the present tiles.
        visited: the tiles entered in this move, the start included.
        directions: the card's ``directions``: ``"orthogonal"``, ``"diagonal"`` or ``"any"``.
    """
    out = []
    for j in step[DIRECTIONS[directions]]:
        if j >= 0 and j in tiles and j not in visited:
            out.append(j)
    return out


def cut_off(graph: nx.Graph, names: Sequence[str], present: Sequence[int], goal: int) -> set[int]:
    """BR-1.1, BR-4.2: of the ``present`` tiles, those with no orthogonal path of present tiles
    to the ``goal`` tile (``names``: the board's cell names by index)."""
    kept = [names[i] for i in present]
    comp = nx.node_connected_component(graph.subgraph(kept), names[goal])
    return {i for i in present if names[i] not in comp}


def battle_order(tiles: Mapping[int, Counter[str]], goal: int, order: Sequence[int],
                 colour_of: Sequence[str], tied_take: str = "others") -> list[BattleTake]:
    """BR-4.3: per tile but the goal, who may take, in order (tiles in name order a1, b1, ..
    e5, BR-D5). The majorities are checked once, before any take (BR-D15).

    On a tile the player colours at the top count hold the majority (neutral figures count but
    never take, BR-D3). They take only if some figure there is not of a top colour ("es sind
    noch andere Personen ebenfalls auf dem Feld"; "Gibt es nur einen Gleichstand ohne weitere
    Figuren, darf keine Figur entfernt werden"). A lone holder may take "eine andere Figur":
    any figure not of its own colour. Several players holding the majority take, in turn order
    from the active player on (BR-D4), "zuerst" from the figures of the "andere Personen":
    under ``tied_take="others"`` (the seed, BR-D3) any figure not of a holding player's colour,
    so a limited supply goes to the earlier takers; under ``"any"`` a tied rival's figure too.

    Args:
        tiles: the arena.
        goal: the goal tile (never battled).
        order: the seats from the active player on, in turn order.
        colour_of: the seats' colours.
        tied_take: the option ``tied_take``: ``"others"`` or ``"any"``.

    Returns:
        One :class:`BattleTake` per taker and tile; its ``colours`` are the colours it may take
        there (which of them are still there is looked up when it takes).
    """
    out = []
    for t in sorted(tiles):
        if t == goal:
            continue
        counts = {c: k for c, k in tiles[t].items() if k > 0}
        if not counts:
            continue
        top = max(counts.values())
        holders = {c for c, k in counts.items() if k == top}
        if all(c in holders for c in counts):
            continue  # a lone colour, or a tie with no other figures
        takers = [p for p in order if colour_of[p] in holders]
        spared = {colour_of[p] for p in takers} if tied_take == "others" else set()  # BR-D3
        out += [BattleTake(t, p, frozenset(counts) - spared - {colour_of[p]}) for p in takers]
    return out
