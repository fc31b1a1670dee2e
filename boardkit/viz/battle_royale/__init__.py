"""Pictures of the Battle Royale arena: a static SVG and a plotly heat map.

Both read the observation format of ``docs/battle-royale-contract.md`` only (never the
engine), so they work on any state whose ``observation(None)`` has that shape::

    {"tiles": {"c3": {"red": 1, "blue": 1, "grey": 0}, ...},   # present tiles: figures per colour
     "holes": ["b5", ...], "goal": "c3", "eliminator": "c3", ...}

Positions are named like chess: file ``a``.. = column 0.. (left to right), rank ``1``.. = row
from the bottom (rank 1 is drawn at the bottom). The frame is the smallest rectangle holding
every tile and hole, at least the size of the game's board (``load_game("battle_royale").board``,
5x5).

>>> obs = {"tiles": {"c3": {"red": 2, "blue": 1}, "c4": {"red": 1}}, "holes": ["b5"],
...        "goal": "c3", "eliminator": "c4"}
>>> svg = arena_svg(obs)
>>> svg.count('class="square'), 'data-eliminator="c4"' in svg
(25, True)

plotly is imported inside :func:`arena_figure` only; importing this module pulls in neither
plotly nor ipywidgets.
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any, Iterable, Mapping

from boardkit.core.validate import shorten
from boardkit.core.checks import check_size, check_state
from boardkit.viz.layout import (HIGHLIGHT_FILL, SELECTED_STROKE, cell_set, check_colorscale, check_observation, check_title,
                                 check_values)

#: Figure colours of the contract, in seat order (players 0..3), then the neutral colour.
COLOURS = ("red", "blue", "green", "yellow", "grey")
#: CSS colour of each figure colour.
FIGURE_FILL = {"red": "#d62728", "blue": "#1f6fb4", "green": "#2ca02c", "yellow": "#f1c40f", "grey": "#8c8c8c"}
#: Light tints (button colours of tiles, by majority colour if wanted).
FIGURE_TINT = {"red": "#f4c2c2", "blue": "#c3d8ef", "green": "#c7e8c7", "yellow": "#fbeeb0", "grey": "#dddddd"}
#: One-letter code of each colour in compact labels ("N" for the neutral grey figures).
COLOUR_CODE = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "grey": "N"}
TILE_FILL = "#efe6cf"
GOAL_FILL = "#f7d774"
HOLE_FILL = "#2b2b2b"
ELIMINATOR_COLOUR = "#6c3483"
GOAL_MARK = "⚑"
ELIMINATOR_MARK = "⊗"


def position_name(col: int, row: int) -> str:
    """Name of the position in column ``col`` (0 = file a) and row ``row`` (0 = rank 1)."""
    return f"{chr(ord('a') + col)}{row + 1}"


def position_coords(name: str) -> tuple[int, int]:
    """(col, row) of a position name: ``"c3"`` -> ``(2, 2)``, ``"a1"`` -> ``(0, 0)``.

    Raises:
        ValueError: not a file letter followed by a rank number.
    """
    text = str(name).strip().lower()
    if len(text) < 2 or not ("a" <= text[0] <= "z") or not text[1:].isdigit() or int(text[1:]) < 1:
        raise ValueError(f"{name!r} is not a position name like 'c3'")
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


def colour_of_player(player: int) -> str:
    """Colour name of seat ``player`` (0 red, 1 blue, 2 green, 3 yellow)."""
    return COLOURS[int(player) % 4]


def observation_of(obj: Any, arg: str = "obs") -> dict[str, Any]:
    """The arena observation from an observation dict or a State (``observation(None)``).

    A hand-made dict is checked against the Battle Royale observations
    (:func:`boardkit.viz.layout.check_observation`: an entry of another kind, None where a
    mapping or a list belongs).

    Args:
        arg: the argument's name, for the messages.

    Raises:
        ValueError: ``obj`` is neither, or its observation has no ``tiles`` mapping (a state of
            a game that is no arena, see docs/battle-royale-contract.md), an entry is of the
            wrong kind, a tile holds a colour not in play or a count that is no whole number
            >= 0, or the goal or eliminator is no tile or hole of it; the message names the
            argument.
    """
    if isinstance(obj, Mapping):
        obs, what = dict(obj), "the observation"
    elif callable(getattr(obj, "observation", None)):
        obs = dict(obj.observation(None))
        what = f"the observation of {getattr(getattr(obj, 'game', None), 'name', type(obj).__name__)}"
    else:
        raise ValueError(f"{arg}: an arena observation (a dict with tiles) or a State, not {shorten(obj)} "
                         f"({type(obj).__name__})")
    if not isinstance(obs.get("tiles"), Mapping):
        raise ValueError(f"{arg}: {what} has no 'tiles' mapping of position -> figures: not an arena "
                         f"(see docs/battle-royale-contract.md)")
    if isinstance(obj, Mapping):
        check_observation(obs, _game(), arg)
        for name in [*obs["tiles"], *obs.get("holes", ()), *filter(None, (obs.get("goal"), obs.get("eliminator")))]:
            if not _is_position(name):
                raise ValueError(f"{arg}: {shorten(name)} is not a position name like 'c3'")
        _check_arena(obs, arg)
    return obs


def _check_arena(obs: dict[str, Any], arg: str) -> None:
    """Refuse a hand-made arena whose tiles hold a colour not in play (the seats' of
    ``players``, BR-1.3, and the neutral grey, BR-1.6) or a count that is no whole number >= 0,
    or whose ``goal`` or ``eliminator`` is neither a tile nor a hole of it."""
    players = obs.get("players")
    whole = isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= len(COLOURS) - 1
    colours = (*COLOURS[:players], COLOURS[-1]) if whole else COLOURS
    for name, counts in obs["tiles"].items():
        for colour, n in (counts or {}).items():
            if colour not in colours:
                raise ValueError(f"{arg}: 'tiles'[{name!r}] holds {shorten(colour)}, not a colour in play "
                                 f"({', '.join(colours)})")
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ValueError(f"{arg}: 'tiles'[{name!r}][{colour!r}] is {shorten(n)}, not a whole number >= 0")
    cells = {*obs["tiles"], *obs.get("holes", ())}
    for key in ("goal", "eliminator"):
        if obs.get(key) is not None and obs[key] not in cells:
            raise ValueError(f"{arg}: {key!r} is {shorten(obs[key])}, not a tile or a hole of the arena")


def _is_position(name: Any) -> bool:
    try:
        position_coords(name)
    except (ValueError, TypeError):
        return False
    return True


@cache
def _game() -> Any:
    import boardkit

    return boardkit.load_game("battle_royale")


@cache
def _board_size() -> tuple[int, int]:
    import boardkit

    from boardkit.games.battle_royale.game import BattleRoyaleGame

    game = boardkit.load_game("battle_royale")
    assert isinstance(game, BattleRoyaleGame)
    board = game.board
    return board.columns, board.rows


def frame_size(obs: Mapping[str, Any], minimum: tuple[int, int] | None = None) -> tuple[int, int]:
    """(columns, rows) of the frame: enough for every tile and hole, at least ``minimum``
    (default: the size of the Battle Royale board, 5x5)."""
    cols, rows = _board_size() if minimum is None else minimum
    for name in [*obs.get("tiles", {}), *obs.get("holes", ())]:
        c, r = position_coords(name)
        cols, rows = max(cols, c + 1), max(rows, r + 1)
    return cols, rows


def figure_counts(counts: Mapping[str, int] | None) -> list[tuple[str, int]]:
    """(colour, count) pairs of a tile in contract colour order, then any other colour."""
    counts = dict(counts or {})
    order = [c for c in COLOURS if c in counts] + sorted(c for c in counts if c not in COLOURS)
    return [(c, int(counts[c])) for c in order]


def tile_label(counts: Mapping[str, int] | None, zeros: bool = True) -> str:
    """Compact text of a tile's figures: ``{"red": 2, "blue": 1, "green": 0}`` -> ``"R2 B1 G0"``
    (``zeros=False`` drops the colours with no figure; an empty tile gives ``""``)."""
    parts = [f"{COLOUR_CODE.get(c, c[:2])}{n}" for c, n in figure_counts(counts) if n or zeros]
    return " ".join(parts)


def tile_text(counts: Mapping[str, int] | None) -> str:
    """Long text of a tile's figures for tooltips: ``"red 2, blue 1"`` (``"no figures"``)."""
    parts = [f"{c} {n}" for c, n in figure_counts(counts) if n]
    return ", ".join(parts) or "no figures"



def _star(x: float, y: float, r: float) -> str:
    import math

    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * k)
        pts.append(f"{x + rad * math.cos(a):.1f},{y + rad * math.sin(a):.1f}")
    return " ".join(pts)


def arena_svg(obs: Any, highlights: Iterable[str] = (), selected: str | Iterable[str] | None = None,
              size: float = 64.0, show_names: bool = True) -> str:
    """A static SVG picture of a square arena.

    Args:
        obs: the observation dict of the contract (or a State: its ``observation(None)``).
        highlights: position names to tint (legal targets).
        selected: a position name, or several, to outline (the clicks so far, the moving
            figure's tile).
        size: side of one square in pixels.
        show_names: write each position's name in small type (top left).

    Returns:
        SVG text with one ``<rect class="square ...">`` per position of the frame
        (``square tile``, ``square tile goal`` or ``square hole``), each in a ``<g
        data-cell=...>`` with a ``<title>`` tooltip; on tiles, one chip per colour with
        figures (a dot in the colour with the count); the goal tile has a star; the
        Eliminator is a dashed ring and an "E" in the bottom-right corner of its position
        (its ``<g>`` has ``data-eliminator``).
    """
    check_size(size, "size")
    obs = observation_of(obs)
    tiles: dict[str, Mapping[str, int]] = dict(obs.get("tiles", {}))  # positions not in it are holes
    cols, rows = frame_size(obs)
    frame = [position_name(c, r) for r in range(rows) for c in range(cols)]
    hl = cell_set(highlights, "highlights", frame, f"the {cols}x{rows} arena")
    sel = cell_set(selected, "selected", frame, f"the {cols}x{rows} arena")
    pad = size * 0.15
    w, h = cols * size + 2 * pad, rows * size + 2 * pad
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="boardkit-arena" width="{w:.0f}" height="{h:.0f}" '
           f'viewBox="0 0 {w:.1f} {h:.1f}" font-family="sans-serif">',
           f'<rect x="0" y="0" width="{w:.1f}" height="{h:.1f}" fill="#d9d2c0" rx="{pad:.1f}"/>']
    for row in range(rows - 1, -1, -1):
        for col in range(cols):
            name = position_name(col, row)
            x, y = pad + col * size, pad + (rows - 1 - row) * size
            out.append(_cell_svg(obs, tiles, name, x, y, size, name in hl, name in sel, show_names))
    out.append("</svg>")
    return "".join(out)


def _cell_svg(obs: Mapping[str, Any], tiles: Mapping[str, Mapping[str, int]], name: str, x: float, y: float,
              size: float, highlighted: bool, selected: bool, show_names: bool) -> str:
    """One position of :func:`arena_svg`, its square's top left at (``x``, ``y``): its ``<g
    class="cell">`` with the tooltip, the square (tile, goal tile or hole; tinted when
    highlighted, outlined when selected), the Eliminator's ring (BR-4.1), the goal's star,
    the name and the figures on the tile."""
    goal, elim = obs.get("goal"), obs.get("eliminator")
    moving = obs.get("moving") or {}
    fs_name = max(7.0, size * 0.16)
    present = name in tiles
    counts = tiles.get(name, {})
    kind = "tile goal" if present and name == goal else "tile" if present else "hole"
    if highlighted:
        fill = HIGHLIGHT_FILL
    elif not present:
        fill = HOLE_FILL
    else:
        fill = GOAL_FILL if name == goal else TILE_FILL
    stroke, sw = (SELECTED_STROKE, 3.0) if selected else ("#7a6f5a", 1.0)
    tip = name + (": goal tile" if name == goal and present else ": tile" if present else ": hole")
    if present:
        tip += f"; {tile_text(counts)}"
    if name == elim:
        tip += "; Eliminator under it"
    if moving and moving.get("tile") == name:
        tip += f"; moving {moving.get('colour', '')}"
    extra = f' data-eliminator="{escape(name)}"' if name == elim else ""
    out = [f'<g class="cell" data-cell="{escape(name)}"{extra}><title>{escape(tip)}</title>'
           f'<rect class="square {kind}" x="{x + 1:.1f}" y="{y + 1:.1f}" width="{size - 2:.1f}" '
           f'height="{size - 2:.1f}" rx="{size * 0.06:.1f}" fill="{fill}" stroke="{stroke}" '
           f'stroke-width="{sw}"/>']
    cx, cy = x + size / 2, y + size / 2
    if name == elim:
        out.append(f'<circle class="eliminator" cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.4:.1f}" '
                   f'fill="none" stroke="{ELIMINATOR_COLOUR}" stroke-width="{max(2.0, size * 0.05):.1f}" '
                   f'stroke-dasharray="{size * 0.08:.1f},{size * 0.05:.1f}"/>'
                   f'<text x="{x + size - 4:.1f}" y="{y + size - 4:.1f}" font-size="{fs_name * 1.1:.1f}" '
                   f'font-weight="bold" text-anchor="end" fill="{ELIMINATOR_COLOUR}">E</text>')
    if present and name == goal:
        out.append(f'<polygon class="goal" points="{_star(x + size - size * 0.16, y + size * 0.16, size * 0.12)}" '
                   f'fill="#c0392b" stroke="#7a1d12" stroke-width="0.8"/>')
    if show_names:
        name_fill = "#bbbbbb" if not present and not highlighted else "#555"
        out.append(f'<text x="{x + 4:.1f}" y="{y + fs_name + 2:.1f}" font-size="{fs_name:.1f}" '
                   f'fill="{name_fill}">{escape(name)}</text>')
    out.append(_figures_svg(counts, moving.get("colour") if moving and moving.get("tile") == name else None,
                            cx, cy, size))
    out.append("</g>")
    return "".join(out)


def _figures_svg(counts: Mapping[str, int], moving_colour: Any, cx: float, cy: float, size: float) -> str:
    """The figures on one tile of :func:`arena_svg` (centre ``cx``, ``cy``): a chip per colour
    with figures, three to a row, showing the count; the moving colour's chip ringed."""
    fs_chip = max(7.0, size * 0.15)
    chip_r = size * 0.11
    chips = [(c, n) for c, n in figure_counts(counts) if n]
    per_row = 3
    out = []
    for k, (colour, n) in enumerate(chips):
        r_i, c_i = divmod(k, per_row)
        in_row = min(per_row, len(chips) - r_i * per_row)
        px = cx + (c_i - (in_row - 1) / 2) * chip_r * 2.5
        py = cy + size * 0.05 + r_i * chip_r * 2.4
        ring = SELECTED_STROKE if moving_colour is not None and moving_colour == colour else "#222"
        out.append(f'<circle class="figure" data-colour="{escape(colour)}" cx="{px:.1f}" cy="{py:.1f}" '
                   f'r="{chip_r:.1f}" fill="{FIGURE_FILL.get(colour, "#999")}" stroke="{ring}" '
                   f'stroke-width="1"/><text x="{px:.1f}" y="{py + fs_chip * 0.35:.1f}" '
                   f'font-size="{fs_chip:.1f}" font-weight="bold" text-anchor="middle" '
                   f'fill="{"#222" if colour in ("yellow", "grey") else "white"}">{n}</text>')
    return "".join(out)


def explosion_losses(obs: Any, what: str = "tiles") -> dict[str, int]:
    """For each present tile except the goal: what an Explosion there would remove (BR-4.2):
    the tile itself plus every tile no longer orthogonally connected to the goal.

    Asks :func:`boardkit.analysis.battle_royale.cut_off` (connectivity on the game's board), for
    heat maps (``arena_figure(obs, explosion_losses(obs))``); the engine's rules stay the
    authority.

    Args:
        obs: the observation (or a State).
        what: ``"tiles"`` (number of tiles removed) or ``"figures"`` (figures on them).

    Returns:
        ``{tile: tiles or figures lost}`` for every present tile but the goal.

    Raises:
        ValueError: ``what`` is neither, the observation's goal is not the board's goal tile,
            or a tile is not a position of the board.
    """
    from boardkit.analysis.battle_royale import GOAL, cut_off

    if what not in ("tiles", "figures"):
        raise ValueError(f"what must be 'tiles' or 'figures', got {what!r}")
    obs = observation_of(obs)
    tiles = dict(obs["tiles"])
    goal = obs.get("goal", GOAL)
    if goal != GOAL:
        raise ValueError(f"the observation's goal {goal!r} is not the board's goal tile {GOAL}")
    out: dict[str, int] = {}
    for blast in tiles:
        if blast == goal:
            continue
        gone = cut_off(tiles, blast) if goal in tiles else set(tiles)
        out[blast] = len(gone) if what == "tiles" else sum(sum(tiles[t].values()) for t in gone)
    return out


def _arena_cells(tiles: Mapping[str, Any], holes: set[str], goal: Any, elim: Any, values: Mapping[str, float],
                 cols: int, rows: int, show_figures: bool) -> tuple[list[list[float | None]], list[list[str]], list[list[str]]]:
    """Per position of the frame (rows from rank 1): the heat-map value (None on holes and
    positions without one), the label and the hover text of :func:`arena_figure`."""
    z: list[list[float | None]] = []
    text: list[list[str]] = []
    hover: list[list[str]] = []
    for r in range(rows):
        zr, tr, hr = [], [], []
        for c in range(cols):
            name = position_name(c, r)
            v = values.get(name)
            zr.append(None if v is None or name in holes else float(v))
            label = name
            if name in tiles and show_figures:
                label += "<br>" + tile_label(tiles[name], zeros=False)
            tr.append(label)
            tip = f"{name}: " + ("hole" if name not in tiles else "goal tile" if name == goal else "tile")
            if v is not None:
                tip += f"<br>value: {v}"
            if name in tiles:
                tip += f"<br>{tile_text(tiles[name])}"
            if name == elim:
                tip += "<br>Eliminator under it"
            hr.append(tip)
        z.append(zr)
        text.append(tr)
        hover.append(hr)
    return z, text, hover


def arena_figure(obs: Any, values: Mapping[str, float] | None = None, title: str = "",
                 colorscale: str = "Viridis", show_figures: bool = True) -> Any:
    """A plotly Figure of the arena, optionally a heat map of a number per position.

    Args:
        obs: the observation dict (or a State).
        values: position name -> number (tiles lost if the Eliminator explodes there, a
            probability...); positions without a value stay neutral. Holes are drawn dark
            over any value.
        title: figure title.
        colorscale: plotly colour scale for ``values``.
        show_figures: write the compact figure counts (``R2 B1``) on the tiles.

    Returns:
        ``plotly.graph_objects.Figure``: a Heatmap over the frame (rank 1 at the bottom), one
        dark square shape per hole, a star on the goal and a ring on the Eliminator's position;
        hovering shows the name, value and figures.

    Raises:
        ValueError: ``obs`` is no arena observation or State, ``values`` is no mapping, a key
            of it is not a position of the frame or a value is not a number, ``title`` is not
            text or ``colorscale`` no plotly colour scale (each named).
    """
    import plotly.graph_objects as go

    check_title(title)
    check_colorscale(colorscale)
    obs = observation_of(obs)
    tiles = dict(obs.get("tiles", {}))
    holes = set(obs.get("holes", ()))
    goal, elim = obs.get("goal"), obs.get("eliminator")
    cols, rows = frame_size(obs)
    frame = [position_name(c, r) for r in range(rows) for c in range(cols)]
    values = check_values(values, frame, f"the {cols}x{rows} arena")
    z, text, hover = _arena_cells(tiles, holes, goal, elim, values, cols, rows, show_figures)
    xs, ys = list(range(cols)), list(range(rows))
    have = [v for row in z for v in row if v is not None]
    fig = go.Figure(go.Heatmap(
        z=z if have else [[0.0] * cols for _ in range(rows)], x=xs, y=ys, hoverinfo="skip", xgap=3, ygap=3,
        colorscale=colorscale if have else [[0, TILE_FILL], [1, TILE_FILL]], showscale=bool(have),
        hoverongaps=False, name="values"))
    _arena_labels(fig, tiles, z, text, hover, have, xs, ys)
    shapes = _arena_shapes(set(frame), tiles, values, bool(have), goal, elim)
    if goal in tiles:
        c, r = position_coords(goal)
        fig.add_trace(go.Scatter(x=[c + 0.33], y=[r + 0.33], mode="markers", hoverinfo="skip", showlegend=False,
                                 marker=dict(symbol="star", size=14, color="#c0392b"), name="goal"))
    fig.update_layout(
        title=title or None, shapes=shapes, plot_bgcolor="#d9d2c0", width=520, height=480,
        margin=dict(l=10, r=10, t=40 if title else 10, b=10),
        xaxis=dict(tickvals=xs, ticktext=[chr(ord("a") + c) for c in xs], range=[-0.5, cols - 0.5],
                   showgrid=False, zeroline=False),
        yaxis=dict(tickvals=ys, ticktext=[str(r + 1) for r in ys], range=[-0.5, rows - 0.5],
                   scaleanchor="x", scaleratio=1, showgrid=False, zeroline=False),
    )
    return fig


def _arena_labels(fig: Any, tiles: Mapping[str, Any], z: list[list[float | None]], text: list[list[str]],
                  hover: list[list[str]], have: list[float], xs: list[int], ys: list[int]) -> None:
    """:func:`arena_figure`'s labels and hover texts as a scatter over every position (a
    heatmap shows neither on its gaps), in white over the low (dark) end of the colour scale."""
    import plotly.graph_objects as go

    lo, hi = (min(have), max(have)) if have else (0.0, 1.0)

    def label_colour(c: int, r: int) -> str:
        if position_name(c, r) not in tiles:
            return "#bbbbbb"
        v = z[r][c]
        # dark ends of the usual scales (Viridis, Plasma...) are the low values
        return "white" if v is not None and (v - lo) / ((hi - lo) or 1.0) < 0.5 else "#222"

    px = [c for r in ys for c in xs]
    py = [r for r in ys for c in xs]
    fig.add_trace(go.Scatter(
        x=px, y=py, mode="markers+text", marker=dict(size=30, opacity=0, symbol="square"),
        text=[text[r][c] for r, c in zip(py, px)], hovertext=[hover[r][c] for r, c in zip(py, px)],
        hoverinfo="text", textfont=dict(size=10, color=[label_colour(c, r) for r, c in zip(py, px)]),
        showlegend=False, name="positions"))


def _arena_shapes(frame: set[str], tiles: Mapping[str, Any], values: Mapping[str, float], have: bool, goal: Any,
                  elim: Any) -> list[dict[str, Any]]:
    """:func:`arena_figure`'s shapes: a dark square over each hole, a plain (or goal) square
    under each tile without a value, a dashed ring on the Eliminator's position (BR-4.1)."""
    shapes = []
    for name in sorted(frame):
        c, r = position_coords(name)
        if name not in tiles:
            shapes.append(dict(type="rect", x0=c - 0.5 + 0.02, x1=c + 0.5 - 0.02, y0=r - 0.5 + 0.02,
                               y1=r + 0.5 - 0.02, fillcolor=HOLE_FILL, line=dict(width=0), layer="above"))
        elif not have or values.get(name) is None:
            shapes.append(dict(type="rect", x0=c - 0.5 + 0.02, x1=c + 0.5 - 0.02, y0=r - 0.5 + 0.02,
                               y1=r + 0.5 - 0.02, fillcolor=GOAL_FILL if name == goal else TILE_FILL,
                               line=dict(width=0), layer="below"))
    if elim:
        c, r = position_coords(elim)
        shapes.append(dict(type="circle", x0=c - 0.42, x1=c + 0.42, y0=r - 0.42, y1=r + 0.42,
                           line=dict(color="#ff4500", width=3, dash="dash"), layer="above"))
    return shapes


def state_svg(state: Any) -> str:
    """The picture a notebook shows for a State of this game (the full truth): the arena with its tiles, figures and the Eliminator (:func:`arena_svg`).
    Found by :func:`boardkit.viz.pictures.state_picture` when a cell evaluates to a State.

    Args:
        state: a State of this game.

    Returns:
        SVG text.

    Raises:
        ValueError: ``state`` is no Battle Royale state (names the argument).
    """
    return arena_svg(check_state(state, "battle_royale"))


__all__ = ["state_svg", "arena_svg", "arena_figure", "explosion_losses", "tile_label", "tile_text", "frame_size",
           "position_name", "position_coords", "colour_of_player", "COLOURS", "FIGURE_FILL"]
