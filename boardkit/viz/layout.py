"""Where cells go: hexagon geometry for pictures, and rows of cell buttons for widgets.

Shared by every game's drawing: :func:`hex_corners` (pointy-top hexagons around the
centres given by ``board.position``) and the highlight and selection colours.

A :class:`CellLayout` is plain data (no ipywidgets): the widget makes one HBox per row, shifted
right by ``indent`` half-cells, with one button per name. Hex boards get rows with offsets
(:meth:`CellLayout.hex`), square boards a plain grid (:meth:`CellLayout.grid`).

>>> lay = CellLayout.grid(3, 2)
>>> lay.rows, lay.indents
((('a2', 'b2', 'c2'), ('a1', 'b1', 'c1')), (0, 0))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterable

from boardkit.core.checks import check_state_or_observation, with_article
from boardkit.core.validate import shorten

#: Fill of a cell the player may click next (every board widget and picture; the browser tests
#: compare the colour).
HIGHLIGHT_FILL = "#9be28f"
#: Fill or outline of a selected cell.
SELECTED_STROKE = "#ff8c00"
#: Fill of a plain cell (no piece, not highlighted).
CELL_FILL = "#f5f0e1"
#: CSS colour of each seat (index -> colour; more seats cycle) where a game names none.
SEAT_COLOURS = ("#2f6db5", "#c0392b", "#2e8b57", "#8e44ad")


def picture_context(state_or_obs: Any, game: Any, name: str, keys: Collection[str],
                    default_game: Callable[[], Any]) -> tuple[dict[str, Any], Any]:
    """``(observation, game)`` for a picture of the game ``name`` drawn from a state of it, or
    from an observation (a dict with ``keys``) and ``game`` (default: ``default_game()``).

    Raises:
        ValueError: ``state_or_obs`` is neither a state of that game nor an observation of one,
            or ``game`` is not that game (the message names the argument and what it is).
    """
    check_state_or_observation(state_or_obs, name, keys)
    if game is not None and getattr(game, "name", None) != name:
        raise ValueError(f"game: {with_article(name)} game, not {shorten(game)} ({type(game).__name__})")
    if isinstance(state_or_obs, dict):
        game = game or default_game()
        _check_shape(state_or_obs, game.new_initial_state().observation(None), name)
        return state_or_obs, game
    return state_or_obs.observation(None), game or state_or_obs.game


#: The kinds of value an observation holds, as a picture reads them.
_KINDS = ((dict, "a mapping"), ((list, tuple), "a list"), (str, "text"), ((int, float), "a number"))


def _check_shape(obs: dict[str, Any], like: dict[str, Any], name: str) -> None:
    """Refuse a hand-made observation whose entries are not of the kind the game's own
    observation ``like`` has (a number where a mapping belongs), naming the first such key;
    None is taken for any kind."""
    for key, ref in like.items():
        got = obs.get(key)
        for kinds, words in _KINDS:
            if isinstance(ref, kinds) and got is not None and (not isinstance(got, kinds) or isinstance(got, bool)
                                                              and not isinstance(ref, bool)):
                raise ValueError(f"state_or_obs: {key!r} is {shorten(got)} ({type(got).__name__}); an observation "
                                 f"of {name} has {words} there")


def cell_set(cells: str | Iterable[str] | None) -> set[str]:
    """Cell names as a set: None -> empty, one name -> that name, an iterable -> its names."""
    if cells is None:
        return set()
    return {cells} if isinstance(cells, str) else set(cells)


def hex_corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """The six corners of the pointy-top hexagon centred on (x, y)."""
    return [(x + size * math.cos(math.radians(60 * k - 30)), y + size * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]



@dataclass(frozen=True)
class CellLayout:
    """Rows of cell buttons, top row first.

    Attributes:
        kind: ``"hex"`` or ``"square"`` (what the rows stand for).
        rows: cell names of each row, left to right.
        indents: left offset of each row in half cell pitches (same length as ``rows``).
    """

    kind: str
    rows: tuple[tuple[str, ...], ...]
    indents: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.rows) != len(self.indents):
            raise ValueError(f"{len(self.rows)} rows but {len(self.indents)} indents")
        names = [n for row in self.rows for n in row]
        if len(names) != len(set(names)):
            raise ValueError("a cell name appears twice in the layout")

    @property
    def names(self) -> tuple[str, ...]:
        """Every cell name, row by row."""
        return tuple(n for row in self.rows for n in row)

    @classmethod
    def hex(cls, board: Any) -> "CellLayout":
        """Hex rows of a HexBoard (axial ``coords`` and ``names``): one row per r, cells in
        order of q, each row shifted right by half a cell per step of ``2q + r``
        (pointy-top hexagons)."""
        coords = board.coords
        c0 = min(2 * q + r for q, r in coords)
        by_row: dict[int, list[tuple[int, str]]] = {}
        for (q, r), name in zip(coords, board.names):
            by_row.setdefault(r, []).append((q, name))
        rows, indents = [], []
        for r in sorted(by_row):
            cells = sorted(by_row[r])
            rows.append(tuple(name for _q, name in cells))
            indents.append(2 * cells[0][0] + r - c0)
        return cls("hex", tuple(rows), tuple(indents))

    @classmethod
    def grid(cls, cols: int, rows: int) -> "CellLayout":
        """A square grid named like chess: file ``a``.. left to right, rank ``1`` at the bottom
        (so the top row is rank ``rows``)."""
        if not (1 <= cols <= 26 and rows >= 1):
            raise ValueError(f"a grid needs 1..26 columns and at least 1 row, got {cols}x{rows}")
        out = tuple(tuple(f"{chr(ord('a') + c)}{r + 1}" for c in range(cols)) for r in range(rows - 1, -1, -1))
        return cls("square", out, (0,) * rows)


__all__ = ["CellLayout", "CELL_FILL", "HIGHLIGHT_FILL", "SEAT_COLOURS", "SELECTED_STROKE", "hex_corners", "picture_context"]
