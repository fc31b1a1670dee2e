"""Pictures of the Leaders board: a static SVG (for reports) and a plotly figure (for heat maps).

Both read the board from ``state.game.board`` (a :class:`boardkit.core.boards.HexBoard`:
``names``, drawing ``positions``, named ``sets``) and the pieces from
``state.observation(None)["pieces"]`` (``{cell: {"kind": ..., "owner": ...}}``). Cells are
pointy-top hexagons centred on the board's drawing positions (``board.position(name)``, y up,
so Leaders' rank 1 is at the bottom).

>>> import boardkit
>>> svg = hex_svg(boardkit.load_game("leaders", first_player=0).new_initial_state())
>>> svg.count("<polygon"), "Kg" in svg
(37, True)

plotly is imported inside :func:`hex_figure` and its helpers only; importing this module pulls in neither
plotly nor ipywidgets.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable, Mapping

from boardkit.core.checks import check_size, check_state
from boardkit.core.validate import shorten
from boardkit.viz.layout import (CELL_FILL, HIGHLIGHT_FILL, SEAT_COLOURS, SELECTED_STROKE, hex_corners, cell_set, check_colorscale,
                                 check_title, check_values)

#: Fill colour of each player's pieces (player index -> CSS colour); more players cycle.
OWNER_COLOURS = SEAT_COLOURS
#: Lighter tints for the cell under a piece (widgets use them as button colours).
OWNER_TINTS = ("#b9d3f0", "#f2c0b9", "#bfe3cc", "#dcc6e8")
RECRUIT_RING = "#d4a017"

#: Abbreviations that the generic rule (CamelCase initials, else three letters) gets wrong.
ABBREVIATIONS = {"King": "Kg", "Queen": "Qn", "Assassin": "Asn", "Brewmaster": "Brw"}


def abbreviation(kind: str) -> str:
    """A 2-3 letter label for a piece kind: ``"ClawLauncher"`` -> ``"CL"``, ``"Archer"`` ->
    ``"Arc"`` (exceptions in :data:`ABBREVIATIONS`)."""
    if kind in ABBREVIATIONS:
        return ABBREVIATIONS[kind]
    caps = [c for c in kind if c.isupper()]
    if len(caps) >= 2:
        return "".join(caps[:3])
    return kind[:3]


def owner_colour(owner: int) -> str:
    """CSS colour of ``owner``'s pieces."""
    return OWNER_COLOURS[owner % len(OWNER_COLOURS)]


#: The games on a hex board, for messages (a state of another game is refused by name).
HEX_GAMES = "leaders, marabunta"


def _board_and_pieces(obj: Any, seat: int | None = None) -> tuple[Any, dict[str, dict[str, Any]]]:
    """(HexBoard, pieces) from a State (the pieces that ``seat`` sees), a Game or a HexBoard.

    Raises:
        ValueError: a State or Game of a game whose board is no hex board (gridhunt's grid,
            Armageddon's graph, Battle Royale's squares), or anything else; the message names
            the argument, the game and the hex-board games.
    """
    game = obj.game if hasattr(obj, "observation") and hasattr(obj, "game") else obj
    if hasattr(game, "board") and not hasattr(obj, "coords"):
        if getattr(game.board, "kind", None) != "hex":
            what = "a state" if game is not obj else "a game"
            raise ValueError(f"state: a state or game on a hex board ({HEX_GAMES}), not {what} of "
                             f"{getattr(game, 'name', type(game).__name__)}, whose board is no hex board")
        if game is not obj:
            return game.board, dict(obj.observation(seat).get("pieces", {}))
        return game.board, {}
    if hasattr(obj, "coords") and hasattr(obj, "names"):
        return obj, {}
    raise ValueError(f"state: a hex-board State, Game or HexBoard ({HEX_GAMES}), not {shorten(obj)} "
                     f"({type(obj).__name__})")


def recruit_cells(board: Any) -> dict[str, str]:
    """Cell name -> set name for the board's recruitment sets (sets named ``recruit*``)."""
    out: dict[str, str] = {}
    for set_name, members in board.sets.items():
        if set_name.startswith("recruit"):
            for name in members:
                out.setdefault(name, set_name)
    return out



def hex_svg(state: Any, highlights: Iterable[str] = (), selected: str | Iterable[str] | None = None,
            size: float = 24.0, show_names: bool = True, seat: int | None = None) -> str:
    """A static SVG picture of a hex board position.

    Args:
        state: a State of a hex game (a Game or HexBoard draws the empty board).
        highlights: cell names to tint (legal targets).
        selected: a cell name, or several, to outline (the acting piece, the clicks so far).
        size: hexagon circumradius in pixels.
        show_names: write each cell's name in small type.
        seat: draw the pieces of ``state.observation(seat)`` (None: the full truth).

    Returns:
        SVG text: one ``<polygon>`` per cell, a gold ring on recruitment cells, each piece as
        a circle in its owner's colour with the kind's abbreviation; every cell has a
        ``<title>`` tooltip.
    """
    check_size(size, "size")
    board, pieces = _board_and_pieces(state, seat)
    hl = cell_set(highlights, "highlights", board.names, f"board {board.name}")
    sel = cell_set(selected, "selected", board.names, f"board {board.name}")
    recruit = recruit_cells(board)
    centres = [(size * x, -size * y) for x, y in board.positions]  # drawing positions of the data file, y down
    pad = size * 1.2
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    x0, y0 = min(xs) - pad, min(ys) - pad
    w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    fs_name, fs_piece = max(6.0, size * 0.32), max(7.0, size * 0.45)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="boardkit-hex" width="{w:.0f}" height="{h:.0f}" '
        f'viewBox="{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}" font-family="sans-serif">'
    ]
    for i, name in enumerate(board.names):
        x, y = centres[i]
        pts = " ".join(f"{px:.1f},{py:.1f}" for px, py in hex_corners(x, y, size * 0.97))
        fill = HIGHLIGHT_FILL if name in hl else CELL_FILL
        stroke, sw = (SELECTED_STROKE, 3.0) if name in sel else ("#7a6f5a", 1.0)
        pc = pieces.get(name)
        tip = name + (f": {pc['kind']} (player {pc['owner']})" if pc else "")
        if name in recruit:
            tip += f"; {recruit[name]} cell"
        out.append(f'<g class="cell" data-cell="{escape(name)}"><title>{escape(tip)}</title>'
                   f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>')
        if name in recruit:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.78:.1f}" fill="none" '
                       f'stroke="{RECRUIT_RING}" stroke-width="2"/>')
        if pc:
            colour = owner_colour(int(pc["owner"]))
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.48:.1f}" fill="{colour}" '
                       f'stroke="{"#ff8c00" if name in sel else "#222"}" stroke-width="{2.5 if name in sel else 1}"/>')
            out.append(f'<text x="{x:.1f}" y="{y + fs_piece * 0.35:.1f}" font-size="{fs_piece:.1f}" '
                       f'font-weight="bold" text-anchor="middle" fill="white">{escape(abbreviation(pc["kind"]))}</text>')
        if show_names:
            out.append(f'<text x="{x:.1f}" y="{y - size * 0.6:.1f}" font-size="{fs_name:.1f}" '
                       f'text-anchor="middle" fill="#555">{escape(name)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def hex_figure(state: Any, values: Mapping[str, float] | None = None, title: str = "",
               colorscale: str = "Viridis", show_pieces: bool = True) -> Any:
    """A plotly Figure of a hex board, optionally coloured by a number per cell.

    Args:
        state: a State of a hex game (pieces drawn), or a Game / HexBoard (empty board).
        values: cell name -> number (a reachability count, a probability...); cells without
            a value stay neutral. None: plain board.
        title: figure title.
        colorscale: a plotly colour scale name for ``values``.
        show_pieces: draw the pieces as labelled markers.

    Returns:
        ``plotly.graph_objects.Figure`` (hexagons as shapes; hovering a cell shows its name,
        its value and its piece).

    Raises:
        ValueError: a key of ``values`` is not a cell of the board, or a value is not a
            number (each named); ``state`` is not a hex board's state, game or board; ``title``
            is not text; ``colorscale`` is no plotly colour scale whose colours can be sampled.
    """
    import plotly.graph_objects as go

    check_title(title)
    check_colorscale(colorscale, sampled=True)
    board, pieces = _board_and_pieces(state)
    values = check_values(values, board.names, f"board {board.name}")
    # plotly's y grows upwards: negate it so that the picture matches hex_svg.
    centres = list(board.positions)  # the data file's drawing positions (y up)
    lo = min(values.values()) if values else 0.0
    hi = max(values.values()) if values else 1.0
    shapes, hover = _hex_cells(board, pieces, values, colorscale, lo, hi)
    fig = go.Figure()
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    marker: dict[str, Any] = dict(size=2, opacity=0)
    if values:
        marker = dict(size=0.1, color=[values.get(n, lo) for n in board.names], colorscale=colorscale,
                      cmin=lo, cmax=hi, showscale=True, opacity=1)
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="markers+text", marker=marker, text=list(board.names),
                             textposition="top center", textfont=dict(size=9, color="#555"),
                             hovertext=hover, hoverinfo="text", name="cells", showlegend=False))
    if show_pieces and pieces:
        _hex_pieces(fig, board, pieces, xs, ys)
    fig.update_layout(
        title=title or None, shapes=shapes, plot_bgcolor="white", width=560, height=520,
        margin=dict(l=10, r=10, t=40 if title else 10, b=10),
        xaxis=dict(visible=False, range=[min(xs) - 1.3, max(xs) + 1.3]),
        yaxis=dict(visible=False, scaleanchor="x", scaleratio=1, range=[min(ys) - 1.3, max(ys) + 1.3]),
    )
    return fig


def _hex_cells(board: Any, pieces: Mapping[str, Mapping[str, Any]], values: Mapping[str, float], colorscale: str,
               lo: float, hi: float) -> tuple[list[dict[str, Any]], list[str]]:
    """:func:`hex_figure`'s hexagon shapes (filled from ``colorscale`` between ``lo`` and ``hi``
    where a cell has a value, recruitment cells ringed gold) and each cell's hover text (name,
    value, piece, recruitment set)."""
    from plotly.colors import sample_colorscale

    span = (hi - lo) or 1.0
    recruit = recruit_cells(board)
    shapes = []
    hover = []
    for (x, y), name in zip(board.positions, board.names):
        corners = hex_corners(x, y, 0.97)
        path = "M " + " L ".join(f"{px:.3f},{py:.3f}" for px, py in corners) + " Z"
        if name in values:
            fill = sample_colorscale(colorscale, [(float(values[name]) - lo) / span])[0]
        else:
            fill = CELL_FILL
        shapes.append(dict(type="path", path=path, fillcolor=fill, layer="below",
                           line=dict(color=RECRUIT_RING if name in recruit else "#7a6f5a",
                                     width=2.5 if name in recruit else 1)))
        pc = pieces.get(name)
        text = f"{name}"
        if name in values:
            text += f"<br>value: {values[name]}"
        if pc:
            text += f"<br>{pc['kind']} (player {pc['owner']})"
        if name in recruit:
            text += f"<br>{recruit[name]}"
        hover.append(text)
    return shapes, hover


def _hex_pieces(fig: Any, board: Any, pieces: Mapping[str, Mapping[str, Any]], xs: list[float], ys: list[float]) -> None:
    """:func:`hex_figure`'s pieces: one trace ``player <owner>`` per owner, a marker in the
    owner's colour with the kind's abbreviation on each of its cells."""
    import plotly.graph_objects as go

    owners = sorted({int(p["owner"]) for p in pieces.values()})
    for owner in owners:
        cells = [n for n in board.names if n in pieces and int(pieces[n]["owner"]) == owner]
        idx = [board.names.index(n) for n in cells]
        fig.add_trace(go.Scatter(
            x=[xs[i] for i in idx], y=[ys[i] for i in idx], mode="markers+text",
            marker=dict(size=26, color=owner_colour(owner), line=dict(color="#222", width=1)),
            text=[abbreviation(pieces[n]["kind"]) for n in cells], textfont=dict(color="white", size=11),
            hovertext=[f"{n}: {pieces[n]['kind']} (player {owner})" for n in cells], hoverinfo="text",
            name=f"player {owner}"))


def state_svg(state: Any) -> str:
    """The picture a notebook shows for a State of this game (the full truth): a hex board with each piece in its owner's colour (:func:`hex_svg`).
    Found by :func:`boardkit.viz.pictures.state_picture` when a cell evaluates to a State.

    Args:
        state: a State of this game.

    Returns:
        SVG text.

    Raises:
        ValueError: ``state`` is no leaders state (names the argument).
    """
    return hex_svg(check_state(state, "leaders"))
