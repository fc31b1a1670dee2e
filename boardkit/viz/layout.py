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
from typing import Any, Callable, Collection, Iterable, Mapping

from boardkit.core.checks import check_state_or_observation, unknown_cell, with_article
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
                    default_game: Callable[[], Any], arg: str = "state_or_obs",
                    contents: Callable[[dict[str, Any], Any, str], None] | None = None) -> tuple[dict[str, Any], Any]:
    """``(observation, game)`` for a picture of the game ``name`` drawn from a state of it, or
    from an observation (a dict with ``keys``, of the shape :func:`check_observation` checks)
    and ``game`` (default: ``default_game()``).

    Args:
        arg: the argument's name, for the messages.
        contents: the game's check of what is inside a hand-made observation (called
            ``contents(obs, game, arg)`` after :func:`check_observation`; raises ValueError).

    Raises:
        ValueError: ``state_or_obs`` is neither a state of that game nor an observation of one,
            ``game`` is not that game, or ``contents`` refuses the observation (the message
            names the argument and what it is).
    """
    check_state_or_observation(state_or_obs, name, keys, arg)
    if game is not None and getattr(game, "name", None) != name:
        raise ValueError(f"game: {with_article(name)} game, not {shorten(game)} ({type(game).__name__})")
    if isinstance(state_or_obs, dict):
        game = game or default_game()
        check_observation(state_or_obs, game, arg)
        if contents is not None:
            contents(state_or_obs, game, arg)
        return state_or_obs, game
    return state_or_obs.observation(None), game or state_or_obs.game


#: The kinds of value an observation holds, as a picture reads them.
_KINDS: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (dict, "a mapping"), ((list, tuple), "a list"), (str, "text"), ((int, float), "a number"))

#: Per game, the kind of the entries its first observation leaves None (or lacks) and a later
#: one fills (found by playing random games to their end); None stays accepted there.
LATER_KINDS: dict[str, dict[str, Any]] = {
    "armageddon": {"outcome": {}},
    "battle_royale": {"card": "", "moving": {}, "push": {}, "event": "", "outcome": {}},
    "gridhunt": {"to_move": 0, "outcome": {}},
    "leaders": {"first_player": 0, "selected": "", "outcome": {}},
    "marabunta": {"tile": "", "triggered_by": "", "winner": ""},
}
#: Per game, the kind of the items of the lists a picture reads item by item.
ITEM_KINDS: dict[str, dict[str, Any]] = {
    "battle_royale": {"holes": ""},
    "marabunta": {"players": {}, "tiles_left": "", "pools": [], "taken": "", "remaining": "", "pending": "",
                  "lost": "", "triggers": ""},
}


def check_observation(obs: dict[str, Any], game: Any, arg: str = "state_or_obs") -> dict[str, Any]:
    """Refuse a hand-made observation of ``game`` whose entries are not of the kind the game's
    own observations have there (:func:`_check_shape`): compared with the first state's
    ``observation(None)`` or ``observation(0)``, whichever shares more keys with ``obs`` (a
    seat's observation has other keys than the truth: gridhunt's ``you``, ``know``), and with
    :data:`LATER_KINDS` and :data:`ITEM_KINDS`.

    Returns:
        ``obs``.

    Raises:
        ValueError: ``"<arg>: 'cells' is None (NoneType); an observation of gridhunt has a
            mapping there"`` (the first such key).
    """
    like = max(_references(game), key=lambda ref: len(set(ref) & set(obs)))
    name = game.name
    later = LATER_KINDS.get(name, {})
    _check_shape(obs, {**later, **{k: v for k, v in like.items() if v is not None or k not in later}}, name, arg,
                 nullable=set(later) | {k for k, v in like.items() if v is None}, items=ITEM_KINDS.get(name, {}))
    return obs


#: The reference observations of the last games drawn (id -> (game, observations)).
_REFERENCES: dict[int, tuple[Any, list[dict[str, Any]]]] = {}


def _references(game: Any) -> list[dict[str, Any]]:
    """``observation(None)`` and ``observation(0)`` of ``game``'s first state, kept for the
    last few games (a board redraws from hand-made observations of one game many times)."""
    kept = _REFERENCES.get(id(game))
    if kept is not None and kept[0] is game:
        return kept[1]
    first = game.new_initial_state()
    refs = [first.observation(None)]
    try:
        refs.append(first.observation(0))
    except ValueError:  # pragma: no cover - a game without seats
        pass
    if len(_REFERENCES) >= 8:
        _REFERENCES.clear()
    _REFERENCES[id(game)] = (game, refs)
    return refs


def _kind_error(arg: str, where: str, got: Any, words: str, name: str) -> ValueError:
    return ValueError(f"{arg}: {where} is {shorten(got)} ({type(got).__name__}); an observation of {name} has "
                      f"{words} there")


def _check_shape(obs: dict[str, Any], like: dict[str, Any], name: str, arg: str = "state_or_obs",
                 nullable: Collection[str] = (), items: dict[str, Any] | None = None, where: str = "") -> None:
    """Refuse a hand-made observation whose entries are not of the kind the game's own
    observation ``like`` has (a number where a mapping belongs, None where the game never
    writes None: the key is not ``nullable``, an item of a list in ``items`` of another kind),
    naming the argument ``arg`` and the first such key; a key ``obs`` lacks is not checked.
    A mapping inside is checked the same way against the game's, key by key (``where`` the
    path to it: ``'cells'['wall']``), None taken where the game's is None."""
    for key, ref in like.items():
        got = obs.get(key)
        at = f"{where}[{key!r}]" if where else repr(key)
        if got is None:
            if key in obs and ref is not None and key not in nullable:
                words = next((w for kinds, w in _KINDS if isinstance(ref, kinds)), f"{type(ref).__name__}")
                raise _kind_error(arg, at, got, words, name)
            continue
        for kinds, words in _KINDS:
            if isinstance(ref, kinds) and (not isinstance(got, kinds) or isinstance(got, bool)
                                           and not isinstance(ref, bool)):
                raise _kind_error(arg, at, got, words, name)
        if key in (items or {}) and isinstance(got, (list, tuple)):
            _check_items(got, (items or {})[key], at, name, arg)
        if isinstance(ref, dict) and ref and isinstance(got, dict):
            _check_shape(got, _like_entries(got, ref), name, arg, {k for k, v in ref.items() if v is None}, where=at)


def _kind_index(value: Any) -> int:
    """The index in :data:`_KINDS` of the kind of ``value``; -1 for None, a bool or another."""
    if isinstance(value, bool):
        return -1
    return next((i for i, (kinds, _w) in enumerate(_KINDS) if isinstance(value, kinds)), -1)


def _like_entries(got: dict[str, Any], ref: dict[str, Any]) -> dict[str, Any]:
    """The game's mapping ``ref`` as a reference for ``got``: its own entries, and for a key
    only ``got`` has, the value every entry of ``ref`` has if they are all of one kind (a
    chip's place is text: so is a made-up chip's)."""
    kinds = {_kind_index(v) for v in ref.values()}
    if len(kinds) != 1 or -1 in kinds:
        return ref
    sample = next(iter(ref.values()))
    return {**{k: sample for k in got if k not in ref}, **ref}


def _check_items(got: list[Any] | tuple[Any, ...], ref: Any, where: str, name: str, arg: str) -> None:
    """Refuse an item of the list ``got`` that is not of the kind of ``ref``."""
    for i, item in enumerate(got):
        for kinds, words in _KINDS:
            if isinstance(ref, kinds) and (not isinstance(item, kinds) or isinstance(item, bool)):
                raise _kind_error(arg, f"item {i} of {where}", item, words, name)


def cell_set(cells: Any, name: str = "highlights", board: Collection[str] | None = None,
             where: str = "the board") -> set[str]:
    """Cell names as a set: None -> empty, one name -> that name, an iterable -> its names.

    Args:
        cells: the value given.
        name: the argument's name, for the messages.
        board: the cell names the picture has (None: any name is taken).
        where: what the cells are of, for the message about an unknown cell.

    Raises:
        ValueError: ``cells`` is neither text nor an iterable of text (``"<name>: a cell name or
            a list of them, not 5 (int)"``), or a name is not one of ``board``
            (:func:`~boardkit.core.checks.unknown_cell`).
    """
    if cells is None:
        return set()
    if isinstance(cells, str):
        out = {cells}
    elif not isinstance(cells, Iterable) or isinstance(cells, bytes):
        raise ValueError(f"{name}: a cell name or a list of them, not {shorten(cells)} ({type(cells).__name__})")
    else:
        out = set()
        for cell in cells:
            if not isinstance(cell, str):
                raise ValueError(f"{name}: a cell name or a list of them, not a list holding {shorten(cell)} "
                                 f"({type(cell).__name__})")
            out.add(cell)
    if board is not None:
        for cell in sorted(out - set(board)):
            raise ValueError(unknown_cell(cell, board, name, where))
    return out


def check_values(values: Any, cells: Collection[str], where: str, name: str = "values") -> dict[str, float]:
    """A heat map's ``values`` as a dict: None -> empty; else a mapping of cell name -> number.

    Args:
        values: the value given.
        cells: the cell names the picture has, in the order to list them.
        where: what the cells are of (``"board leaders-hex-3"``), for the message.
        name: the argument's name, for the messages.

    Raises:
        ValueError: ``values`` is no mapping, a key is not one of ``cells``
            (:func:`~boardkit.core.checks.unknown_cell`) or a value is not a finite number (a
            bool, text, nan, inf); each message names the argument.
    """
    if values is not None and not isinstance(values, Mapping):
        raise ValueError(f"{name}: a mapping of cell name -> number, not {shorten(values)} ({type(values).__name__})")
    out = dict(values or {})
    unknown = sorted(map(str, set(out) - set(cells)))
    if unknown:
        raise ValueError(unknown_cell(unknown[0], cells, name, where))
    bad = [k for k, v in out.items() if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)]
    if bad:
        raise ValueError(f"{name}: a number per cell, not {shorten(out[bad[0]])} for {bad[0]} (each finite: no nan "
                         f"or inf)")
    return out


def check_title(title: Any, name: str = "title") -> str | None:
    """Refuse a figure title that is neither text nor None (plotly would print ``5`` as the
    title, or refuse a list deep inside the drawing).

    Args:
        title: the value given.
        name: the argument's name, for the message.

    Returns:
        ``title``.

    Raises:
        ValueError: ``"title: text or None, not 5 (int)"``.
    """
    if title is not None and not isinstance(title, str):
        raise ValueError(f"{name}: text or None, not {shorten(title)} ({type(title).__name__})")
    return title


def check_colorscale(scale: Any, name: str = "colorscale", sampled: bool = False) -> Any:
    """Refuse what plotly does not take as a colour scale, checked by plotly itself (a heat map
    is built with it): a scale's name (``'Viridis'``, ``'Blues_r'``), a list of colours or a
    list of ``[position, colour]`` pairs.

    Args:
        scale: the value given.
        name: the argument's name, for the message.
        sampled: the picture samples the scale itself (:func:`plotly.colors.sample_colorscale`,
            which reads only a name or colours written ``'#rrggbb'`` or ``'rgb(r, g, b)'``).

    Returns:
        ``scale``.

    Raises:
        ValueError: ``"colorscale: 'nope' is not a plotly colour scale (a name such as
            'Viridis', or a list of colours)"`` (None included); with ``sampled``, a scale plotly
            takes but cannot sample (colour names such as ``'red'``) is refused saying what the
            picture reads.
    """
    import plotly.graph_objects as go
    from plotly.colors import sample_colorscale
    from plotly.exceptions import PlotlyError

    try:
        ok = scale is not None and bool(go.Heatmap(colorscale=scale).colorscale)
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, PlotlyError):
        ok = False
    if not ok:
        colours = "'#rrggbb' colours" if sampled else "colours"
        raise ValueError(f"{name}: {shorten(scale)} is not a plotly colour scale (a name such as 'Viridis', or a "
                         f"list of {colours})")
    if sampled:
        try:
            sample_colorscale(scale, [0.0, 1.0])
        except (ValueError, TypeError, AttributeError, KeyError, IndexError, PlotlyError):
            raise ValueError(f"{name}: {shorten(scale)} is a plotly colour scale, but this picture samples its "
                             f"colours itself and reads only a scale's name (such as 'Viridis') or a list of "
                             f"'#rrggbb' colours or 'rgb(r, g, b)' ones (with positions or not), not colour names "
                             f"such as 'red'") from None
    return scale


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


__all__ = ["CellLayout", "CELL_FILL", "HIGHLIGHT_FILL", "SEAT_COLOURS", "SELECTED_STROKE", "cell_set", "check_colorscale",
           "check_observation", "check_title", "check_values", "hex_corners", "picture_context"]
