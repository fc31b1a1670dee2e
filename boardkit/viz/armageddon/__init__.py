"""Armageddon pictures and click logic (the board widget is in :mod:`boardkit.viz.armageddon.widget`).

The board is drawn from the nodes' coordinates of the board data (``data/boards/armageddon.yaml``,
cruiser on the left, alien ship on the right), from an ``ArmageddonState`` or from its
``observation(None)`` (then the default game gives the board, or pass ``game=``):

* :func:`board_figure`: a plotly figure: the directed edges of each side (``earth``,
  ``aliens``, ``officer``; an arrowhead per edge), the main compartments (a destroyed one
  crossed out and greyed), the launch table, the three Earth trajectories and the blue one, the
  laser beam through its crossings (red when on, grey dashed when off), the laser-control
  circle, the landing point, GK, the alien main compartment with the numbered circles, the
  officer's dot circle and the mine depot; the chips as one trace per side (red, green,
  yellow, aliens) with their names; the mines (depot, carried, trophies) and the chips out of
  the game in the title; legal targets ringed green, the selected chip orange;
* :func:`board_svg`: the same picture as static SVG text (readable in exported reports; the
  widget shows it under its buttons).

:class:`ArmageddonController` (:mod:`boardkit.viz.armageddon.controller`) is the
:class:`~boardkit.viz.controller.BoardController` of the widget: a share of the roll (``move red2 3``) is made by clicking the chip, then the circle it
should reach (the highlighted targets); a click on a circle that the chip cannot reach with a
legal share is explained with the clause (ARMA-3.4, ARMA-5.6, ARMA-6.1, ARMA-6.2...), and so is
a click on a chip that cannot move. After the chip, its legal shares are also offered as
buttons (``move red2 3``, ``back w1 2``, ``spare red1 4``; ``take mine`` for the aliens). Both pictures and the controller import neither plotly nor
ipywidgets at module level.

>>> import boardkit
>>> s = boardkit.load_game("armageddon").new_initial_state()
>>> s.apply_action("roll 2")
>>> ctl = ArmageddonController(s)
>>> ctl.click("h1_red_1").highlights
('r1', 'table1', 'table2', 'table3')
>>> ctl.click("r1").message
'played: move red1 2'
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import Any, Iterable

from boardkit.core.checks import check_size, check_state
from boardkit.games.armageddon.board import COLOURS
from boardkit.viz.armageddon.controller import ArmageddonController, explain_text
from boardkit.viz.armageddon.observation import check_contents
from boardkit.viz.layout import picture_context, CellLayout, cell_set, check_title

#: Colour of each side's chips (ARMA-1.1, ARMA-1.2).
SIDE_COLOURS = {"red": "#c0392b", "green": "#27ae60", "yellow": "#d4ac0d", "aliens": "#2e5cb8"}
#: The officer's own shade of blue.
OFFICER_COLOUR = "#14285e"
#: Edge colour of each side's direction (the board's three edge sets).
EDGE_COLOURS = {"earth": "#95a5a6", "aliens": "#5d8fe0", "officer": "#14285e"}
#: The blue trajectory (ARMA-5.1) and the laser, on and off (ARMA-4.2, ARMA-4.3).
BLUE_PATH = "#2e5cb8"
LASER_ON, LASER_OFF = "#e74c3c", "#b0b0b0"
#: Outline of legal targets and of the selected chip.
TARGET_COLOUR, SELECTED_COLOUR = "#1e8449", "#ff8c00"
#: The sides whose chips form one trace each.
SIDES = ("red", "green", "yellow", "aliens")
#: Short labels of chips on the buttons.
_SHORT = {"officer": "OF"}


@lru_cache(maxsize=1)
def _default_game() -> Any:
    import boardkit

    return boardkit.load_game("armageddon")


def _context(state_or_obs: Any, game: Any = None, arg: str = "state_or_obs") -> tuple[dict[str, Any], Any]:
    """(observation, game) from an ArmageddonState, or an observation and a game (default:
    the default Armageddon game).

    Raises:
        ValueError: ``state_or_obs`` is neither an Armageddon state nor an observation of one
            (an unknown chip or place, laser or depot included:
            :func:`~boardkit.viz.armageddon.observation.check_contents`), or ``game`` is not an
            Armageddon game (the message names the argument and what it is).
    """
    return picture_context(state_or_obs, game, "armageddon", ("chips",), _default_game, arg, check_contents)


def chip_side(chip: str) -> str:
    """The side of a chip by its name: its colour, or ``aliens`` (warriors ``w1``.., officer)."""
    for colour in COLOURS:
        if chip.startswith(colour):
            return colour
    return "aliens"


def chip_colour(chip: str) -> str:
    """CSS colour of a chip by its name."""
    return OFFICER_COLOUR if chip == "officer" else SIDE_COLOURS[chip_side(chip)]


def chip_label(chip: str) -> str:
    """A chip's short label: ``r2`` for red2, ``w3``, ``OF`` for the officer."""
    if chip in _SHORT:
        return _SHORT[chip]
    side = chip_side(chip)
    return chip if side == "aliens" else side[0] + chip[len(side):]


def node_roles(game: Any) -> dict[str, str]:
    """Node name -> what it is on the board: ``home``, ``table``, ``trajectory``, ``laser``
    (a laser crossing), ``crossing`` (the blue trajectory crosses an Earth one), ``blue``,
    ``landing``, ``surface``, ``control``, ``gk``, ``dot``, ``numbered``, ``depot``, ``exit``,
    ``pad``, ``cruiser``."""
    b = game.arma
    roles: dict[str, str] = {}
    for colour in COLOURS:
        roles.update({n: "home" for n in b.homes[colour]})
        roles.update({n: "trajectory" for n in b.trajectories[colour]})
    roles.update({n: "table" for n in b.table})
    roles.update({n: "blue" for n in b.blue})
    roles.update({n: "crossing" for n in b.crossing_of.values()})
    roles.update({n: "laser" for n in b.laser})
    roles.update({n: "surface" for n in b.surface})
    roles.update({n: "numbered" for n in b.numbered})
    roles.update({n: "exit" for n in b.exit})
    for role in ("landing", "control", "gk", "dot", "depot", "pad", "cruiser"):
        roles[getattr(b, role)] = role
    return roles


def _positions(game: Any) -> dict[str, tuple[float, float]]:
    return {n: (float(x), float(y)) for n, (x, y) in zip(game.board.names, game.board.positions)}


def _edges(game: Any) -> dict[str, list[tuple[str, str]]]:
    return {side: [(str(a), str(b)) for a, b in pairs] for side, pairs in game.arma.doc["edges"].items()}


def _home_colour(game: Any, node: str) -> str | None:
    return next((c for c in COLOURS if node in game.arma.homes[c]), None)


def _boxes(game: Any, obs: dict[str, Any]) -> list[dict[str, Any]]:
    """Rectangles of the main compartments (``destroyed`` flag) and of the alien main compartment."""
    pos = _positions(game)
    b = game.arma
    out = []
    destroyed = int(obs.get("destroyed", 0))
    for k, comp in enumerate(b.compartments):
        xs, ys = [pos[n][0] for n in comp], [pos[n][1] for n in comp]
        if not comp:
            continue
        out.append({"label": f"compartment {k + 1}" + (" — destroyed" if k < destroyed else ""),
                    "x0": min(xs) - 0.7, "x1": max(xs) + 0.7, "y0": min(ys) - 0.7, "y1": max(ys) + 1.1,
                    "destroyed": k < destroyed, "kind": "cruiser"})
    inside = [b.dot, b.depot, *b.numbered]
    xs, ys = [pos[n][0] for n in inside], [pos[n][1] for n in inside]
    out.append({"label": "alien main compartment", "x0": min(xs) - 0.9, "x1": max(xs) + 0.9, "y0": min(ys) - 0.9,
                "y1": max(ys) + 1.2, "destroyed": False, "kind": "aliens"})
    return out


def mines_text(obs: dict[str, Any]) -> str:
    """The mines in words: depot, carried by the officer, taken as trophies (ARMA-5.1, ARMA-5.4).

    Args:
        obs: an Armageddon observation (a dict with ``chips``), or an ArmageddonState.

    Raises:
        ValueError: ``obs`` is neither (the message names the argument and the value).
    """
    return _mines(_context(obs, None, "obs")[0])


def _mines(obs: dict[str, Any]) -> str:
    parts = [f"mines in the depot: {obs.get('depot', 0)}"]
    if obs.get("officer_mine"):
        parts.append("the officer carries a mine")
    trophies = {c: n for c, n in (obs.get("trophies") or {}).items() if n}
    if trophies:
        parts.append("held by Earth: " + ", ".join(f"{c} {n}" for c, n in trophies.items()))
    return "; ".join(parts)


def _out_chips(obs: dict[str, Any]) -> list[str]:
    return [c for c, w in obs["chips"].items() if w == "out"]


def summary_text(obs: dict[str, Any]) -> str:
    """One line: laser, mines, destroyed compartments, Earth chips in play and the ones out.

    Args:
        obs: an Armageddon observation (a dict with ``chips``), or an ArmageddonState.

    Raises:
        ValueError: ``obs`` is neither (the message names the argument and the value).
    """
    return _summary(_context(obs, None, "obs")[0])


def _summary(obs: dict[str, Any]) -> str:
    out = _out_chips(obs)
    parts = [f"laser {obs.get('laser', 'on')}", _mines(obs),
             f"compartments destroyed: {obs.get('destroyed', 0)}"]
    if "earth_in_play" in obs:
        parts.append(f"Earth chips in play: {obs['earth_in_play']}")
    if out:
        parts.append("out: " + ", ".join(out))
    pending = [c for c, w in obs["chips"].items() if w == "pending"]
    if pending:
        parts.append("waiting for a circle: " + ", ".join(pending))
    return " · ".join(parts)


def _node_label(role: str, node: str, game: Any, obs: dict[str, Any]) -> str:
    if role == "numbered":
        return str(game.arma.number_of[node])
    return {"landing": "landing", "gk": "GK", "control": "laser control", "dot": "•", "pad": "pad",
            "cruiser": "cruiser", "depot": f"mines {obs.get('depot', 0)}"}.get(role, "")


def _node_fill(role: str, node: str, game: Any) -> str:
    colour = _home_colour(game, node)
    if colour is not None:
        return colour
    return {"table": "#f5f0e1", "laser": "#fadbd8", "crossing": "#d6e4f5", "blue": "#d6e4f5", "landing": "#fdebd0",
            "control": "#f9e79f", "gk": "#d5d8dc", "dot": "#ffffff", "numbered": "#d6e4f5", "depot": "#d7bde2",
            "exit": "#d6e4f5", "pad": "#aed6f1", "cruiser": "#eaecee"}.get(role, "#ffffff")


def _traj_colour(node: str, game: Any) -> str | None:
    return next((c for c in COLOURS if node in game.arma.trajectories[c]), None)


def _arrow_angle(p: tuple[float, float], q: tuple[float, float]) -> float:
    """plotly marker angle (degrees clockwise from up) of the direction p -> q (y up)."""
    return 90.0 - math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))


def _rings(game: Any, highlights: Any, selected: Any) -> tuple[set[str], set[str]]:
    """The nodes to ring green and orange; ValueError naming ``highlights`` or ``selected`` for
    anything but node names of the board (:func:`~boardkit.viz.layout.cell_set`)."""
    names, where = game.board.names, f"the board {getattr(game.board, 'name', 'of armageddon')}"
    return cell_set(highlights, "highlights", names, where), cell_set(selected, "selected", names, where)


# -- plotly --------------------------------------------------------------------------------------
def board_figure(state_or_obs: Any, highlights: Iterable[str] = (), selected: str | Iterable[str] | None = None,
                 game: Any = None, title: str | None = None, show_names: bool = False, height: int = 560) -> Any:
    """The board as a plotly Figure (module docstring), drawn from the nodes' coordinates.

    Args:
        state_or_obs: an ArmageddonState, or its ``observation(None)``.
        highlights: nodes ringed green (legal targets).
        selected: a node or several ringed orange (the chip being moved).
        game: the game whose board to draw for an observation (default: the default board).
        title: the figure's title (default: the mines, the laser, the chips out of the game).
        show_names: write every node's name in small grey type.
        height: figure height in pixels.

    Returns:
        ``plotly.graph_objects.Figure``. Traces are named: ``edges: <side>`` and ``arrows:
        <side>`` per edge set, ``blue trajectory``, ``laser (on|off)``, ``circles``, ``chips:
        <side>`` for red, green, yellow and aliens (one trace per side, always present, empty
        when a side has no chip on the board), ``targets``, ``selected``.
    """
    import plotly.graph_objects as go

    check_size(height, "height")
    check_title(title)
    obs, g = _context(state_or_obs, game)
    pos = _positions(g)
    hl, sel = _rings(g, highlights, selected)
    fig = go.Figure()
    _figure_edges(fig, g, pos)
    _figure_paths(fig, g, obs, pos)
    _figure_boxes(fig, g, obs)
    names = list(g.board.names)
    _figure_circles(fig, g, obs, pos, hl, show_names)
    _figure_chips(fig, obs, pos)
    for name, ring, colour in (("targets", hl, TARGET_COLOUR), ("selected", sel, SELECTED_COLOUR)):
        fig.add_trace(go.Scatter(x=[pos[n][0] for n in names if n in ring], y=[pos[n][1] for n in names if n in ring],
                                 mode="markers", name=name, hoverinfo="skip",
                                 marker={"size": 24, "color": "rgba(0,0,0,0)", "line": {"width": 3, "color": colour}}))
    fig.update_layout(
        title={"text": title if title is not None else escape(_summary(obs)), "font": {"size": 12}},
        height=height, plot_bgcolor="white", margin={"l": 10, "r": 10, "t": 40, "b": 10},
        legend={"orientation": "h", "y": -0.02},
        xaxis={"visible": False}, yaxis={"visible": False, "scaleanchor": "x", "scaleratio": 1})
    return fig


def _figure_edges(fig: Any, g: Any, pos: dict[str, tuple[float, float]]) -> None:
    """:func:`board_figure`'s edges: per side a line trace and a trace of arrowheads 62% of
    the way along each edge."""
    import plotly.graph_objects as go

    for side, pairs in _edges(g).items():
        xs: list[float | None] = []
        ys: list[float | None] = []
        ax, ay, ang = [], [], []
        for a, b in pairs:
            (x0, y0), (x1, y1) = pos[a], pos[b]
            xs += [x0, x1, None]
            ys += [y0, y1, None]
            ax.append(x0 + 0.62 * (x1 - x0))
            ay.append(y0 + 0.62 * (y1 - y0))
            ang.append(_arrow_angle((x0, y0), (x1, y1)))
        colour = EDGE_COLOURS[side]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name=f"edges: {side}", legendgroup=side,
                                 line={"color": colour, "width": 1.6 if side == "officer" else 1.0,
                                       "dash": "dot" if side == "aliens" else "solid"}, hoverinfo="skip"))
        fig.add_trace(go.Scatter(x=ax, y=ay, mode="markers", name=f"arrows: {side}", legendgroup=side, showlegend=False,
                                 marker={"symbol": "arrow", "size": 9, "angle": ang, "color": colour},
                                 hoverinfo="skip"))


def _figure_paths(fig: Any, g: Any, obs: dict[str, Any], pos: dict[str, tuple[float, float]]) -> None:
    """:func:`board_figure`'s blue trajectory (ARMA-5.1) and the laser beam through its
    crossings, on or off (ARMA-4.2, ARMA-4.3)."""
    import plotly.graph_objects as go

    blue = [g.arma.pad, *g.arma.blue, g.arma.cruiser]
    fig.add_trace(go.Scatter(x=[pos[n][0] for n in blue], y=[pos[n][1] for n in blue], mode="lines",
                             name="blue trajectory", line={"color": BLUE_PATH, "width": 3, "dash": "dash"},
                             opacity=0.45, hoverinfo="skip"))
    laser = sorted(g.arma.laser, key=lambda n: -pos[n][1])
    on = obs.get("laser", "on") == "on"
    lx = [pos[n][0] for n in laser]
    ly = [pos[n][1] for n in laser]
    fig.add_trace(go.Scatter(x=[lx[0]] + lx + [lx[-1]], y=[ly[0] + 3.0] + ly + [ly[-1] - 3.0], mode="lines",
                             name=f"laser ({'on' if on else 'off'})",
                             line={"color": LASER_ON if on else LASER_OFF, "width": 4 if on else 2,
                                   "dash": "solid" if on else "dash"}, hoverinfo="skip"))


def _figure_boxes(fig: Any, g: Any, obs: dict[str, Any]) -> None:
    """:func:`board_figure`'s compartments as rectangles with their labels, a destroyed one
    greyed and crossed out."""
    for box in _boxes(g, obs):
        fig.add_shape(type="rect", x0=box["x0"], x1=box["x1"], y0=box["y0"], y1=box["y1"], layer="below",
                      line={"color": "#7b7d7d" if box["kind"] == "cruiser" else BLUE_PATH, "width": 1.5},
                      fillcolor="#d0d3d4" if box["destroyed"] else "rgba(0,0,0,0)")
        if box["destroyed"]:
            for xa, xb in ((box["x0"], box["x1"]), (box["x1"], box["x0"])):
                fig.add_shape(type="line", x0=xa, x1=xb, y0=box["y0"], y1=box["y1"], line={"color": "#7b241c", "width": 2})
        fig.add_annotation(x=(box["x0"] + box["x1"]) / 2, y=box["y1"], text=box["label"], showarrow=False,
                           yanchor="bottom", font={"size": 10, "color": "#7b241c" if box["destroyed"] else "#555"})


def _figure_circles(fig: Any, g: Any, obs: dict[str, Any], pos: dict[str, tuple[float, float]], hl: set[str],
                    show_names: bool) -> None:
    """:func:`board_figure`'s trace ``circles``: every node, its symbol and outline by its role
    and colour, its label, and a tooltip (role, colour, legal target)."""
    import plotly.graph_objects as go

    roles = node_roles(g)
    names = list(g.board.names)
    symbols = {"home": "circle", "landing": "star", "gk": "diamond", "dot": "circle-dot", "depot": "square",
               "pad": "hexagon", "cruiser": "square", "control": "circle-x"}
    hover = []
    for n in names:
        role = roles.get(n, "")
        tip = f"{n}: {role}"
        tint = _home_colour(g, n) or _traj_colour(n, g)
        if tint:
            tip += f" ({tint})"
        if n in hl:
            tip += "; legal target"
        hover.append(tip)
    fig.add_trace(go.Scatter(
        x=[pos[n][0] for n in names], y=[pos[n][1] for n in names], mode="markers+text", name="circles",
        text=[n if show_names else _node_label(roles.get(n, ""), n, g, obs) for n in names],
        textposition="bottom center", textfont={"size": 9, "color": "#555"},
        marker={"size": [13 if roles.get(n) in ("home", "numbered") else 16 for n in names],
                "symbol": [symbols.get(roles.get(n, ""), "circle") for n in names],
                "color": [_node_fill(roles.get(n, ""), n, g) if roles.get(n) != "home" else "white" for n in names],
                "line": {"width": [2.5 if roles.get(n) in ("home", "laser", "control") or _traj_colour(n, g) else 1.2
                                   for n in names],
                         "color": [_home_colour(g, n) or _traj_colour(n, g) or ("#e74c3c" if roles.get(n) == "control"
                                                                                 else "#555") for n in names]}},
        hovertext=hover, hoverinfo="text", showlegend=False))


def _figure_chips(fig: Any, obs: dict[str, Any], pos: dict[str, tuple[float, float]]) -> None:
    """:func:`board_figure`'s traces ``chips: <side>``, one per side of :data:`SIDES` (empty
    when none of its chips is on the board)."""
    import plotly.graph_objects as go

    for side in SIDES:
        chips = [(c, w) for c, w in obs["chips"].items() if chip_side(c) == side and w in pos]
        fig.add_trace(go.Scatter(
            x=[pos[w][0] for _, w in chips], y=[pos[w][1] for _, w in chips], mode="markers+text", name=f"chips: {side}",
            text=[chip_label(c) + ("+mine" if c == "officer" and obs.get("officer_mine") else "") for c, _ in chips],
            textposition="top center", textfont={"size": 10, "color": SIDE_COLOURS[side]},
            marker={"size": 15, "color": [chip_colour(c) for c, _ in chips], "line": {"width": 1.5, "color": "black"},
                    "symbol": ["diamond" if c == "officer" else "circle" for c, _ in chips]},
            hovertext=[f"{c} on {w}" for c, w in chips], hoverinfo="text"))


# -- SVG --------------------------------------------------------------------------------------------
def board_svg(state_or_obs: Any, highlights: Iterable[str] = (), selected: str | Iterable[str] | None = None,
              game: Any = None, scale: float = 16.0, show_names: bool = False) -> str:
    """The picture of :func:`board_figure` as static SVG text.

    Returns:
        SVG text: ``<line class="edge <side>">`` per edge, ``<g class="node" data-node=NAME
        data-role=ROLE>`` per circle (``data-highlight="1"`` on legal targets), ``<g
        class="chip <side>" data-chip=NAME>`` per chip on the board, ``<rect class="compartment
        destroyed">`` for a destroyed compartment, ``<polyline class="laser on|off">``, and the
        summary line (:func:`summary_text`) at the bottom.
    """
    check_size(scale, "scale")
    obs, g = _context(state_or_obs, game)
    pos = {n: (x * scale, -y * scale) for n, (x, y) in _positions(g).items()}
    hl, sel = _rings(g, highlights, selected)
    boxes = _boxes(g, obs)
    xs = [p[0] for p in pos.values()] + [b[k] * scale for b in boxes for k in ("x0", "x1")]
    ys = [p[1] for p in pos.values()] + [-b[k] * scale for b in boxes for k in ("y0", "y1")]
    pad = scale * 1.8
    x0, y0 = min(xs) - pad * 2.5, min(ys) - pad
    w, h = max(xs) - min(xs) + 3.5 * pad, max(ys) - min(ys) + 2 * pad + scale * 1.5
    r = scale * 0.42
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="boardkit-armageddon" width="{w:.0f}" height="{h:.0f}" '
           f'viewBox="{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}" font-family="sans-serif">',
           '<defs>' + "".join(
               f'<marker id="arma-arrow-{s}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="5" markerHeight="5" '
               f'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{c}"/></marker>' for s, c in EDGE_COLOURS.items())
           + "</defs>"]
    out += _svg_boxes(boxes, scale)
    out += _svg_edges(g, pos, r)
    out += _svg_laser(g, obs, pos, scale)
    out += _svg_nodes(g, obs, pos, hl, sel, scale, show_names)
    out += _svg_chips(obs, pos, scale)
    out.append(f'<text class="summary" x="{x0 + scale * 0.3:.1f}" y="{y0 + h - scale * 0.5:.1f}" '
               f'font-size="{scale * 0.65:.1f}" fill="#333">{escape(_summary(obs))}</text>')
    out.append("</svg>")
    return "".join(out)


def _svg_boxes(boxes: list[dict[str, Any]], scale: float) -> list[str]:
    """:func:`board_svg`'s compartments: a rectangle each with its label (a destroyed one
    greyed and crossed out)."""
    out = []
    for box in boxes:
        bx0, bx1 = box["x0"] * scale, box["x1"] * scale
        by0, by1 = -box["y1"] * scale, -box["y0"] * scale
        cls = "compartment destroyed" if box["destroyed"] else "compartment"
        stroke = "#7b7d7d" if box["kind"] == "cruiser" else BLUE_PATH
        out.append(f'<rect class="{cls}" x="{bx0:.1f}" y="{by0:.1f}" width="{bx1 - bx0:.1f}" height="{by1 - by0:.1f}" '
                   f'fill="{"#d0d3d4" if box["destroyed"] else "none"}" stroke="{stroke}" rx="4"/>')
        if box["destroyed"]:
            out.append(f'<path d="M{bx0:.1f},{by0:.1f} L{bx1:.1f},{by1:.1f} M{bx0:.1f},{by1:.1f} L{bx1:.1f},{by0:.1f}" '
                       f'stroke="#7b241c" stroke-width="2"/>')
        out.append(f'<text x="{(bx0 + bx1) / 2:.1f}" y="{by0 - 3:.1f}" font-size="{scale * 0.55:.1f}" '
                   f'text-anchor="middle" fill="{"#7b241c" if box["destroyed"] else "#555"}">{escape(box["label"])}</text>')
    return out


def _svg_edges(g: Any, pos: dict[str, tuple[float, float]], r: float) -> list[str]:
    """:func:`board_svg`'s edges: a ``<line class="edge <side>">`` with an arrowhead each,
    from circle rim (radius ``r``) to circle rim."""
    out = []
    for side, pairs in _edges(g).items():
        for a, b in pairs:
            (xa, ya), (xb, yb) = pos[a], pos[b]
            d = math.hypot(xb - xa, yb - ya) or 1.0
            ux, uy = (xb - xa) / d, (yb - ya) / d
            dash = ' stroke-dasharray="3 2"' if side == "aliens" else ""
            out.append(f'<line class="edge {side}" x1="{xa + ux * r:.1f}" y1="{ya + uy * r:.1f}" x2="{xb - ux * r:.1f}" '
                       f'y2="{yb - uy * r:.1f}" stroke="{EDGE_COLOURS[side]}" stroke-width="1"{dash} '
                       f'marker-end="url(#arma-arrow-{side})"/>')
    return out


def _svg_laser(g: Any, obs: dict[str, Any], pos: dict[str, tuple[float, float]], scale: float) -> list[str]:
    """:func:`board_svg`'s laser beam through its crossings and its label, on or off (ARMA-4.2,
    ARMA-4.3)."""
    on = obs.get("laser", "on") == "on"
    laser = sorted(g.arma.laser, key=lambda n: pos[n][1])
    pts = [(pos[laser[0]][0], pos[laser[0]][1] - 3 * scale)] + [pos[n] for n in laser] + [
        (pos[laser[-1]][0], pos[laser[-1]][1] + 3 * scale)]
    return [f'<polyline class="laser {"on" if on else "off"}" points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in pts)}" '
            f'fill="none" stroke="{LASER_ON if on else LASER_OFF}" stroke-width="{3 if on else 2}"'
            f'{"" if on else " stroke-dasharray=" + chr(34) + "6 4" + chr(34)} opacity="0.8"/>',
            f'<text x="{pts[0][0]:.1f}" y="{pts[0][1] - 4:.1f}" font-size="{scale * 0.6:.1f}" text-anchor="middle" '
            f'fill="{LASER_ON if on else "#777"}">laser {"on" if on else "off"}</text>']


def _svg_nodes(g: Any, obs: dict[str, Any], pos: dict[str, tuple[float, float]], hl: set[str], sel: set[str],
               scale: float, show_names: bool) -> list[str]:
    """:func:`board_svg`'s circles: a ``<g class="node">`` each with its shape by role, its
    outline (colour, legal target, selected), its label and a tooltip."""
    roles = node_roles(g)
    r = scale * 0.42
    out = []
    for n in g.board.names:
        role = roles.get(n, "")
        x, y = pos[n]
        colour = _home_colour(g, n) or _traj_colour(n, g)
        stroke = colour or ("#e74c3c" if role in ("control", "laser") else "#555")
        sw = 2.0 if colour or role in ("control", "laser") else 1.0
        fill = "white" if role == "home" else _node_fill(role, n, g)
        tip = f"{n}: {role}" + (f" ({colour})" if colour else "")
        if n in hl:
            stroke, sw, tip = TARGET_COLOUR, 3.0, tip + "; legal target"
        if n in sel:
            stroke, sw = SELECTED_COLOUR, 3.0
        attr = ' data-highlight="1"' if n in hl else ""
        shape = (f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{sw}"/>' if role in ("depot", "cruiser", "pad") else
                 f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>')
        if role == "dot":
            shape += f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.25:.1f}" fill="#333"/>'
        label = n if show_names else _node_label(role, n, g, obs)
        text = (f'<text x="{x:.1f}" y="{y + r + scale * 0.55:.1f}" font-size="{scale * 0.5:.1f}" text-anchor="middle" '
                f'fill="#555">{escape(label)}</text>' if label else "")
        out.append(f'<g class="node" data-node="{escape(n)}" data-role="{escape(role)}"{attr}><title>{escape(tip)}</title>'
                   f"{shape}{text}</g>")
    return out


def _svg_chips(obs: dict[str, Any], pos: dict[str, tuple[float, float]], scale: float) -> list[str]:
    """:func:`board_svg`'s chips on the board: a ``<g class="chip <side>">`` each, the
    officer's label starred when it carries a mine."""
    r = scale * 0.42
    out = []
    for c, where in obs["chips"].items():
        if where not in pos:
            continue
        x, y = pos[where]
        side = chip_side(c)
        mine = c == "officer" and obs.get("officer_mine")
        out.append(f'<g class="chip {side}" data-chip="{escape(c)}"><title>{escape(c)} on {escape(where)}'
                   f'{" (carries a mine)" if mine else ""}</title>'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.85:.1f}" fill="{chip_colour(c)}" stroke="black"/>'
                   f'<text x="{x:.1f}" y="{y + scale * 0.2:.1f}" font-size="{scale * 0.5:.1f}" text-anchor="middle" '
                   f'fill="white" font-weight="bold">{escape(chip_label(c))}{"*" if mine else ""}</text></g>')
    return out


# -- the button layout ---------------------------------------------------------------------------
def part_layout(game: Any) -> CellLayout:
    """The widget's buttons in rows by board part: the cruiser (compartments, then the
    cruiser node), the launch table, each Earth trajectory, the landing point with the surface,
    GK, the dot circle and the mine depot, the numbered circles, the exit path with the pad,
    the blue trajectory (its crossings are on the Earth rows)."""
    b = game.arma
    rows: list[tuple[str, ...]] = [tuple(n for comp in b.compartments for n in comp) + (b.cruiser,), b.table]
    indents = [0, 2]
    for colour in COLOURS:
        rows.append(b.trajectories[colour])
        indents.append(4)
    surface = (b.landing, *b.surface, b.gk, b.dot, b.depot)
    rows.append(surface)
    indents.append(4)
    under_gk = 4 + 2 * surface.index(b.gk)  # the compartment's circles and the exit path start under GK
    rows.append(b.numbered)
    indents.append(under_gk + 2)
    rows.append((*b.exit, b.pad))
    indents.append(under_gk)
    crossings = set(b.crossing_of.values())
    rows.append(tuple(n for n in b.blue if n not in crossings))
    indents.append(4)
    placed = {n for row in rows for n in row}
    rest = tuple(n for n in game.board.names if n not in placed)
    if rest:  # a drawn layout with nodes of its own
        rows.append(rest)
        indents.append(0)
    return CellLayout("square", tuple(rows), tuple(indents))


def state_svg(state: Any) -> str:
    """The picture a notebook shows for a State of this game (the full truth): the board with
    its chips and the summary line (:func:`board_svg`). Found by
    :func:`boardkit.viz.pictures.state_picture` when a cell evaluates to a State.

    Args:
        state: a State of this game.

    Returns:
        SVG text.

    Raises:
        ValueError: ``state`` is no Armageddon state (names the argument).
    """
    return board_svg(check_state(state, "armageddon"))


__all__ = ["state_svg", "ArmageddonController", "board_figure", "board_svg", "part_layout", "node_roles", "chip_side",
           "chip_colour", "chip_label", "mines_text", "summary_text", "explain_text", "SIDE_COLOURS", "SIDES",
           "EDGE_COLOURS"]
