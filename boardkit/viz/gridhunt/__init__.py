"""Gridhunt pictures and click logic (the board widget is in :mod:`boardkit.viz.gridhunt.widget`).

Every picture is drawn from one *view* of the grid, never from the state itself:

* :func:`grid_view`: per cell a code, a label and a tooltip, from ``observation(None)`` (the
  GM's truth: every cell kind by colour, every living player) or from ``observation(seat)``
  (fog of war: the seat's own cell, the walls and teleports it has seen or that are public, the
  cells it landed on with the kind it found, the cells its looks covered, the players seen in
  its looks with the round, beaconed players; every other cell is unknown, grey). A seat's
  drawing reads only its observation, so two truths the seat cannot tell apart draw alike.
* :func:`grid_figure`: that view as a plotly heat map (rank 1 at the bottom, as the cell
  names go); :func:`grid_svg`: the same as static SVG text (for the widget and reports).
* :func:`reachable_figure`: the cells a declared path of 1 .. 6 steps can end on from a cell,
  with the walls known (:func:`boardkit.analysis.gridhunt.reachable_cells`, GRID-3.1, GRID-3.3),
  coloured by the number of steps.
* :func:`value_figure`: any number per cell as a heat map (the notebooks draw the expected
  cells revealed per move with it, :func:`boardkit.analysis.gridhunt.expected_revealed`).
* :func:`belief_figure`: the cells where a player may be as far as public knowledge goes
  (:func:`boardkit.analysis.gridhunt.belief_set`, GRID-5.3); :func:`belief_sizes_figure`: the
  size of that set along a game (a plotly line).

:class:`GridhuntController` is the :class:`~boardkit.viz.controller.BoardController` of the
widget: in a move phase the clicked cells build a path (``move c1 c2 ...``) that
:meth:`GridhuntController.confirm` sends (a seat's bound controller only plans it for the GM); a click that cannot continue a legal path is
explained with the clause (GRID-3.1 not an orthogonal step, GRID-3.3 a known wall, GRID-2.1 off
the grid...). In a shot phase a click on a cell shoots it (a neighbour, or a cell in line after
an enhanced-attack cell), and an illegal one is explained (GRID-4.1, GRID-4.2, GRID-4.3).
Nothing here imports plotly or ipywidgets at module level.

>>> import boardkit
>>> g = boardkit.load_game("gridhunt", layout="small")
>>> s = g.state_from_position({"size": 5, "cells": {"wall": ["c3", "d2"], "teleport": ["a1", "e5"]},
...     "phase": "move", "to_move": 0, "round": 1, "turns": 1, "acted": [0],
...     "players": {str(p): {"at": c} for p, c in enumerate(["b1", "b3", "b5", "c1", "c2", "c4", "d1", "d3"])}})
>>> ctl = GridhuntController(s, seat=0)
>>> ctl.click("b2").status, ctl.click("a2").status, ctl.clicks
('collecting', 'collecting', ('b2', 'a2'))
>>> ctl.click("c5").message
'Illegal: move b2 a2 c5 [GRID-3.1] step 3 to c5 is not one orthogonal step from a2 (straight or zigzag, never diagonal)'
>>> ctl.click("b2").status, ctl.confirm().message    # a seat's controller plans, the GM resolves
('collecting', 'order planned: move b2 (for the GM to resolve; nothing is resolved on this board, GRID-5)')
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Iterable

from boardkit.core.actions import Action
from boardkit.core.checks import check_counts, check_size, check_state, check_state_or_observation, check_whole
from boardkit.core.rules import NotationError
from boardkit.games.gridhunt.rules import around, cell_index, cell_names
from boardkit.viz.controller import BoardController
from boardkit.viz.gridhunt.observation import check_grid_observation, check_heat_map, is_truth
from boardkit.viz.layout import cell_set, check_colorscale, check_title
from boardkit.viz.results import ClickResult

#: Codes of the drawn cells, in colour-scale order.
CODES = ("unknown", "looked", "free", "wall", "teleport", "mine", "vision", "attack", "beacon", "shield")
#: Fill of each code (the GM's kinds, GRID-2.2; a seat's unknown cells grey).
COLOURS = {
    "unknown": "#9e9e9e", "looked": "#e8eef5", "free": "#ffffff", "wall": "#2c3e50", "teleport": "#8e44ad",
    "mine": "#e74c3c", "vision": "#5dade2", "attack": "#f39c12", "beacon": "#f7dc6f", "shield": "#27ae60",
}
#: Text colour on each fill.
TEXT_COLOURS = {code: ("#ffffff" if code in ("wall", "teleport", "mine", "shield", "unknown") else "#1b1b1b")
                for code in CODES}
#: Outline of the seat's own cell, of the clicked path, and fill of the cells a click may go to next.
OWN_STROKE, PATH_STROKE, TARGET_FILL = "#1f4e9e", "#ff8c00", "#9be28f"


@dataclass(frozen=True)
class CellView:
    """One drawn cell: ``code`` (one of :data:`CODES`), ``label`` (players on it: ``P3``, with
    the round of the look for a seat's sighting: ``P3@r2``; ``*`` marks the seat's own cell),
    ``tip`` (a tooltip) and ``own`` (the seat's own cell)."""

    code: str
    label: str
    tip: str
    own: bool = False


def grid_view(obs: dict[str, Any]) -> dict[str, CellView]:
    """Cell name -> :class:`CellView` of an observation: ``observation(None)`` (the GM's truth)
    or ``observation(seat)`` (what the seat knows, GRID-5); nothing else is read.

    Raises:
        ValueError: ``obs`` is no gridhunt observation (names the argument).
    """
    return _grid_view(obs, check_grid_observation(obs, "grid_view"))


def _grid_view(obs: dict[str, Any], size: int) -> dict[str, CellView]:
    """:func:`grid_view` of an observation already checked, of the grid's ``size``."""
    names = cell_names(size)
    codes: dict[str, str] = {}
    tips: dict[str, list[str]] = {n: [n] for n in names}
    labels: dict[str, list[str]] = {n: [] for n in names}
    own: set[str] = set()
    if is_truth(obs):
        for n in names:
            codes[n] = "free"
        for kind, cells in obs["cells"].items():
            for c in cells:
                codes[c] = kind
                tips[c].append(kind)
        for seat, pl in sorted(obs.get("players", {}).items(), key=lambda kv: int(kv[0])):
            if pl.get("at") is not None and pl.get("alive", True):
                labels[pl["at"]].append(f"P{seat}")
                extra = [w for w in ("shield", "blocked", "beaconed", "enhanced") if pl.get(w)]
                tips[pl["at"]].append(f"player {seat}" + (f" ({', '.join(extra)})" if extra else ""))
        for c in obs.get("public", {}).get("walls", []):
            tips[c].append("public wall")
        for c in obs.get("public", {}).get("teleports", []):
            tips[c].append("public teleport")
    else:
        for n in names:
            codes[n] = "unknown"
        mine = [obs["you"], *obs.get("team_views", {}).values()]
        for v in mine:
            for look in v.get("looks", []):
                i = cell_index(size, look["at"])
                for c in (look["at"], *(names[j] for j in around(size, i, look["radius"]))):
                    if codes[c] == "unknown":
                        codes[c] = "looked"
        for v in mine:
            for c, kind in v.get("cells", {}).items():
                codes[c] = kind
                tips[c].append(f"landed: {kind}")
            for r, c, kind in v.get("found", []):
                tips[c].append(f"found {kind} in round {r}")
        for c in obs.get("known_walls", []):
            codes[c] = "wall"
            tips[c].append("wall" + (" (public)" if c in obs.get("public_walls", []) else " (seen)"))
        for c in obs.get("known_teleports", []):
            codes[c] = "teleport"
            tips[c].append("teleport" + (" (public)" if c in obs.get("public_teleports", []) else " (seen)"))
        latest: dict[str, tuple[int, str]] = {}
        for v in mine:
            for look in v.get("looks", []):
                for q, c in look["players"].items():
                    if q not in latest or look["round"] >= latest[q][0]:
                        latest[q] = (look["round"], c)
        for q, (r, c) in sorted(latest.items(), key=lambda kv: int(kv[0])):
            if obs.get("alive", [True] * (int(q) + 1))[int(q)]:
                labels[c].append(f"P{q}@r{r}")
                tips[c].append(f"player {q} seen here in round {r}")
        for q, c in sorted(obs.get("beacons", {}).items(), key=lambda kv: int(kv[0])):
            labels[c] = [x for x in labels[c] if not x.startswith(f"P{q}@")] + [f"P{q}!"]
            tips[c].append(f"player {q} beaconed (public)")
        seat = obs.get("seat")
        for q, v in [(str(seat), obs["you"]), *obs.get("team_views", {}).items()]:
            at = v.get("position")
            if at is None:
                continue
            labels[at] = [x for x in labels[at] if not x.startswith(f"P{q}")] + [f"P{q}*" if q == str(seat) else f"P{q}"]
            state = [w for w in ("shield", "blocked", "enhanced", "beaconed") if v.get(w)]
            tips[at].append(("you" if q == str(seat) else f"teammate {q}") + (f" ({', '.join(state)})" if state else ""))
            if q == str(seat):
                own.add(at)
    return {n: CellView(codes[n], " ".join(labels[n]), "; ".join(tips[n]), n in own) for n in names}


def _view_of(state_or_obs: Any, seat: int | None) -> dict[str, Any]:
    """The observation to draw: ``state_or_obs`` itself, or the state's view for ``seat``.

    Raises:
        ValueError: neither a gridhunt state nor an observation of one (naming the argument).
    """
    check_state_or_observation(state_or_obs, "gridhunt", ("size",))
    if isinstance(state_or_obs, dict):
        check_grid_observation(state_or_obs, "grid_figure", "state_or_obs")
        return state_or_obs
    return state_or_obs.observation(seat)


def _matrix(size: int, values: dict[str, Any], fill: Any) -> list[list[Any]]:
    """Rows bottom (rank 1) first, columns a .. : what ``go.Heatmap`` draws bottom-up."""
    names = cell_names(size)
    return [[values.get(names[r * size + c], fill) for c in range(size)] for r in range(size)]


def _axes(fig: Any, size: int) -> None:
    letters = [cell_names(size)[c][0] for c in range(size)]
    fig.update_xaxes(tickmode="array", tickvals=list(range(size)), ticktext=letters, side="bottom",
                     showgrid=False, zeroline=False, constrain="domain")
    fig.update_yaxes(tickmode="array", tickvals=list(range(size)), ticktext=[str(r + 1) for r in range(size)],
                     showgrid=False, zeroline=False, scaleanchor="x", scaleratio=1)
    fig.update_layout(width=80 + 42 * size, height=80 + 42 * size, margin=dict(l=30, r=20, t=50, b=30),
                      plot_bgcolor="#ffffff")


def _discrete_scale(codes: Iterable[str]) -> list[list[Any]]:
    codes = list(codes)
    k = len(codes)
    out: list[list[Any]] = []
    for i, code in enumerate(codes):
        out += [[i / k, COLOURS[code]], [(i + 1) / k, COLOURS[code]]]
    return out


def grid_figure(state_or_obs: Any, seat: int | None = None, title: str | None = None,
                path: Iterable[str] = ()) -> Any:
    """The grid as a plotly heat map: the GM's truth (``seat=None``) or seat ``seat``'s view
    (fog of war), with the players as labels and ``path`` (clicked cells) outlined.

    Args:
        state_or_obs: a GridhuntState, or an observation: the truth (``observation(None)``) or
            a seat's (``observation(seat)``, fog of war); then ``seat`` is not used.
        seat: the seat whose view to draw; None: the GM's truth.
        title: the figure title (default: whose view, round and phase).
        path: cells to outline (a path being entered).

    Returns:
        A ``plotly.graph_objects.Figure``.

    Raises:
        ValueError: ``state_or_obs`` is no gridhunt state or observation (or an entry of it is
            of the wrong kind), or ``path`` is not names of the grid's cells (each names the
            argument).
    """
    import plotly.graph_objects as go

    check_title(title)
    obs = _view_of(state_or_obs, seat)
    size = int(obs["size"])
    view = _grid_view(obs, size)
    path = cell_set(path, "path", cell_names(size), f"the {size}x{size} grid")
    index = {c: i for i, c in enumerate(CODES)}
    z = _matrix(size, {n: index[v.code] for n, v in view.items()}, 0)
    text = _matrix(size, {n: v.label for n, v in view.items()}, "")
    tips = _matrix(size, {n: v.tip for n, v in view.items()}, "")
    fig = go.Figure(go.Heatmap(z=z, text=text, customdata=tips, texttemplate="%{text}", zmin=-0.5,
                               zmax=len(CODES) - 0.5, colorscale=_discrete_scale(CODES), xgap=2, ygap=2,
                               hovertemplate="%{customdata}<extra></extra>",
                               colorbar=dict(tickvals=list(range(len(CODES))), ticktext=list(CODES), title="cell")))
    shapes = []
    for n, v in view.items():
        if v.own or n in path:
            i = cell_index(size, n)
            c, r = i % size, i // size
            shapes.append(dict(type="rect", x0=c - 0.5, x1=c + 0.5, y0=r - 0.5, y1=r + 0.5,
                               line=dict(color=OWN_STROKE if v.own else PATH_STROKE, width=3)))
    fig.update_layout(shapes=shapes)
    if title is None:
        who = "GM's truth" if is_truth(obs) else f"seat {obs.get('seat')}'s view"
        title = f"{who}: round {obs.get('round')}, phase {obs.get('phase')}"
    fig.update_layout(title=title)
    _axes(fig, size)
    return fig


def grid_svg(obs: dict[str, Any], highlights: Iterable[str] = (), path: Iterable[str] = (), cell: int = 26,
             label: str | None = None) -> str:
    """The view of ``obs`` (see :func:`grid_view`) as static SVG text: one square per cell,
    players written on their cells, the seat's own cell outlined blue, ``path`` orange,
    ``highlights`` green; ``label`` (whose view it is) written above the grid when given.

    Raises:
        ValueError: ``obs`` is no gridhunt observation, ``cell`` no number > 0, or
            ``highlights`` or ``path`` not names of the grid's cells (each names the argument).
    """
    check_size(cell, "cell")
    size = check_grid_observation(obs, "grid_svg")
    view = _grid_view(obs, size)
    names = cell_names(size)
    hl = cell_set(highlights, "highlights", names, f"the {size}x{size} grid")
    pa = cell_set(path, "path", names, f"the {size}x{size} grid")
    w = cell * size
    top = 16 if label else 0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 20}" height="{w + 20 + top}" font-family="sans-serif">']
    if label:
        out.append(f'<text x="16" y="12" font-size="11" font-weight="bold">{escape(label)}</text>')
        out.append(f'<g transform="translate(0,{top})">')
    for i, n in enumerate(names):
        c, r = i % size, i // size
        x, y = 16 + c * cell, 2 + (size - 1 - r) * cell
        v = view[n]
        fill = TARGET_FILL if n in hl and v.code in ("unknown", "looked", "free") else COLOURS[v.code]
        stroke, sw = ("#bbbbbb", 1)
        if n in pa:
            stroke, sw = PATH_STROKE, 3
        elif v.own:
            stroke, sw = OWN_STROKE, 3
        elif n in hl:
            stroke, sw = "#1e8449", 2
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" stroke="{stroke}" '
                   f'stroke-width="{sw}"><title>{escape(v.tip)}</title></rect>')
        if v.label:
            out.append(f'<text x="{x + cell / 2}" y="{y + cell / 2 + 3}" font-size="8" text-anchor="middle" '
                       f'fill="{TEXT_COLOURS[v.code]}">{escape(v.label)}</text>')
    for c in range(size):
        out.append(f'<text x="{16 + c * cell + cell / 2}" y="{w + 14}" font-size="9" text-anchor="middle">'
                   f'{names[c][0]}</text>')
    for r in range(size):
        out.append(f'<text x="2" y="{2 + (size - 1 - r) * cell + cell / 2 + 3}" font-size="9">{r + 1}</text>')
    if label:
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def value_figure(size: int, values: dict[str, float], title: str, colorbar: str, marks: dict[str, str],
                  colorscale: Any = "Viridis") -> Any:
    """A heat map of one number per cell (``values``; cells left out are blank) with ``marks``
    written on cells, titled ``title``, the colour bar named ``colorbar``.

    Raises:
        ValueError: ``size`` is no whole number 1 .. 26, ``values`` no mapping of cell of the
            grid -> finite number, ``marks`` no mapping of cell -> text
            (:func:`~boardkit.viz.gridhunt.observation.check_heat_map`), ``title`` not text, or
            ``colorscale`` no plotly colour scale (each named).
    """
    import plotly.graph_objects as go

    size, values, marks = check_heat_map(size, values, marks)
    check_title(title)
    check_colorscale(colorscale)
    z = _matrix(size, values, None)
    text = _matrix(size, marks, "")
    fig = go.Figure(go.Heatmap(z=z, text=text, texttemplate="%{text}", colorscale=colorscale, xgap=2, ygap=2,
                               colorbar=dict(title=colorbar), hoverongaps=False))
    fig.update_layout(title=title)
    _axes(fig, size)
    return fig


def reachable_steps(size: int, start: str, known_walls: Iterable[str] = ()) -> dict[str, int]:
    """Cell -> the fewest steps of a declared path from ``start`` to it (1 .. 6), avoiding the
    known walls: :func:`boardkit.analysis.gridhunt.reachable_steps` (GRID-3.1, GRID-3.3).

    Raises:
        ValueError: as :func:`boardkit.analysis.gridhunt.reachable_steps` (a size the game does
            not allow, a cell off the grid, ``start`` on a known wall).
    """
    from boardkit.analysis.gridhunt import reachable_steps as steps

    return steps(size, start, known_walls)


def reachable_figure(size: int, start: str, known_walls: Iterable[str] = (), title: str | None = None) -> Any:
    """Heat map of the cells one declared path of 1 .. 6 steps from ``start`` can end on, by
    the fewest steps (GRID-3.1), the known walls marked ``#`` and ``start`` ``@``.

    Raises:
        ValueError: as :func:`reachable_steps`, or ``title`` is not text, before anything is drawn.
    """
    check_title(title)
    as_given = isinstance(known_walls, (str, bytes)) or not isinstance(known_walls, Iterable)
    walls: list[str] = [] if as_given else list(known_walls)
    steps = reachable_steps(size, start, known_walls if as_given else walls)  # text or a non-collection: refused
    marks = {w.lower(): "#" for w in walls} | {start.lower(): "@"} | {c: str(d) for c, d in steps.items()}
    return value_figure(size, {c: float(d) for c, d in steps.items()},
                         title or f"{len(steps)} cells reachable from {start} ({len(walls)} known walls)", "steps",
                         marks, colorscale="Blues_r")


def belief_figure(state: Any, target: int, title: str | None = None) -> Any:
    """Heat map of :func:`~boardkit.analysis.gridhunt.belief_set` of seat ``target`` (1 where
    it may be as far as public knowledge goes, GRID-5.3; 0 elsewhere), with the public walls
    marked ``#``, its true cell ``P<target>``, and a beaconed player's cell ``!``.

    Raises:
        ValueError: ``state`` is no gridhunt state, ``target`` no seat of it, or ``title`` not
            text (names the argument).
    """
    from boardkit.analysis.gridhunt import belief_set

    check_title(title)
    check_state(state, "gridhunt")
    check_whole("target", target, 0, state.game.num_players - 1)
    size = state.size
    cells = belief_set(state, target)
    names = cell_names(size)
    pub = state.public_observation()
    marks = {w: "#" for w in pub["public_walls"]}
    at = state.pos[target]
    if at is not None:
        marks[names[at]] = f"P{target}" + ("!" if state.beaconed[target] else "")
    values = {n: (1.0 if n in cells else 0.0) for n in names}
    return value_figure(size, values, title or f"where player {target} may be: {len(cells)} cells", "in the set",
                         marks, colorscale=[[0, "#f2f2f2"], [1, "#c0392b"]])


def belief_sizes_figure(sizes: list[int], target: int, title: str | None = None) -> Any:
    """The belief-set size of seat ``target`` after each action of a game (a plotly line).

    Args:
        sizes: the size after each action: whole numbers >= 0.
        target: the seat, a whole number >= 0 (named in the line's legend).
        title: the figure title (default: names ``target``).

    Raises:
        ValueError: ``sizes`` is not a list of whole numbers >= 0, ``target`` no whole number
            >= 0 or ``title`` not text (each named, with the value).
    """
    import plotly.graph_objects as go

    check_title(title)
    check_whole("target", target, 0)
    sizes = check_counts(sizes, "sizes")

    fig = go.Figure(go.Scatter(x=list(range(1, len(sizes) + 1)), y=sizes, mode="lines", name=f"player {target}"))
    fig.update_layout(title=title or f"cells where player {target} may be, along the game",
                      xaxis_title="action", yaxis_title="cells in the belief set", width=700, height=350)
    return fig


class GridhuntController(BoardController):
    """The gridhunt board's controller (module docstring): paths are built click by click and
    sent with :meth:`confirm`; shots are sent on the click.

    A controller made for a seat (``seat=k``) is *bound* to it (GRID-5, GRID-D9): an order it
    sends is only planned (:attr:`planned`, for the GM to resolve), never resolved on the truth,
    and it draws no chance outcome; so trying an order and stepping back reveals nothing the
    seat does not know. :meth:`back` withdraws a planned order first. The GM's controller
    (``seat=None``, its view switched to any seat) plays on the truth.

    The binding holds for good: :meth:`set_seat`, setting :attr:`seat` and setting
    :attr:`bound` to False all refuse another view (the message names the bound seat), so a
    seat's board never shows the truth or another seat's view.

    Args:
        state, seed, seat: as :class:`~boardkit.viz.controller.BoardController`.
        bound: bind to ``seat`` (default: when a seat is given).

    Attributes:
        planned: the order this seat has planned and not withdrawn (None: none).

    Raises:
        ValueError: ``bound`` is true without a seat (a binding is to one seat).
    """

    def __init__(self, state: Any, seed: int | str | None = None, seat: int | None = None,
                 bound: bool | None = None) -> None:
        super().__init__(state, seed=seed, seat=seat)
        self.bound = (seat is not None) if bound is None else bool(bound)
        self.planned: Action | None = None
        self._seen: tuple[Any, int | None, dict[str, Any]] | None = None

    @property
    def bound(self) -> bool:
        """True when the controller is bound to its seat (:attr:`bound_seat`). Binding an
        unbound controller with a seat is allowed; unbinding is refused."""
        return self._bound_seat is not None

    @bound.setter
    def bound(self, value: bool) -> None:
        if value and self._bound_seat is None:
            if self.seat is None:
                raise ValueError("bound: a controller is bound to a seat, and this one has none (seat=None is "
                                 "the game master's truth)")
            self._bound_seat = self.seat
        elif not value and self._bound_seat is not None:
            self._check_binding(None)

    @property
    def bound_seat(self) -> int | None:
        """The seat the controller is bound to (None: not bound)."""
        return self._bound_seat

    def observation(self) -> dict[str, Any]:
        """The current position as the seat sees it (see the base class), made once per state
        and seat: a click redraws the board from it several times (do not change it)."""
        s, seat = self.state, self.seat
        kept = self._seen
        if kept is not None and kept[0] is s and kept[1] == seat:
            return kept[2]
        obs = s.observation(seat)
        self._seen = (s, seat, obs)
        return obs

    def _apply_legal(self, action: Action) -> ClickResult:
        if not self.bound:
            return super()._apply_legal(action)
        if self.state.is_chance_node():
            return self._result(ClickResult("refused", message="the GM draws chance; a seat's board never does"))
        self.planned = action
        self._clicks, self._pending = (), ()
        return self._result(ClickResult(
            "collecting", action=action, message=f"order planned: {action} (for the GM to resolve; nothing is "
                                                 f"resolved on this board, GRID-5)"))

    def resolve_chance(self, rng_or_seed: Any = None, until_decision: bool = False) -> ClickResult:
        """Draw chance (see the base class); a seat's bound board refuses: the GM draws."""
        if self.bound:
            return self._result(ClickResult("refused", message="the GM draws chance; a seat's board never does"))
        return super().resolve_chance(rng_or_seed, until_decision)

    def back(self) -> bool:
        """Withdraw the planned order (a bound board), else step one action back."""
        if self.planned is not None:
            self.planned = None
            self._after_move("planned order withdrawn")
            return True
        return super().back()

    def can_back(self) -> bool:
        """True when there is a planned order to withdraw or an earlier state on the line."""
        return self.planned is not None or super().can_back()

    def _move_phase(self) -> bool:
        s = self.state
        return not s.is_terminal() and not s.is_chance_node() and getattr(s, "phase", "") in ("move", "orders")

    def click(self, cell: str) -> ClickResult:
        """A click: in the move phase, the cells of a move order's path; otherwise as
        :meth:`BoardController.click`.

        Raises:
            ValueError: ``cell`` is not text (the message names it).
        """
        self._check_cell_text(cell)
        if not self._move_phase() or self._refusal() or (self.seat is not None and
                                                          self.seat not in self.state.current_players()):
            return super().click(cell)
        if self._clicks and cell == self._clicks[-1]:
            return super().click(cell)
        seq = self._clicks + (cell,)
        k = len(seq)
        cands = self._candidates()
        if any(a.cells[:k] == seq for a in cands):
            self._clicks, self._pending = seq, ()
            hl = tuple(self.highlights())
            whole = any(a.cells == seq for a in cands)
            msg = f"path: move {' '.join(seq)}" + ("; confirm it" if whole else "")
            if hl:
                msg += f"{' or' if whole else ';'} click on: {', '.join(hl)}"
            return self._result(ClickResult("collecting", clicks=seq, highlights=hl, message=msg))
        return self._illegal(seq)

    def _intended(self, seq: tuple[str, ...]) -> list[Action]:
        s = self.state
        verb = "move" if self._move_phase() else "shoot"
        try:
            return [s.parse_action(f"{verb} {' '.join(seq)}")]
        except NotationError:
            return []

    def path_action(self) -> Action | None:
        """The legal move order the clicked path makes, if it is one."""
        for a in self._candidates():
            if self._clicks and a.cells == self._clicks:
                return a
        return None

    def confirm(self) -> ClickResult:
        """Send the clicked path as the move order (``move c1 c2 ...``); with no legal path
        clicked, explain why."""
        a = self.path_action()
        if a is not None:
            return self._apply_legal(a)
        if not self._clicks:
            return self._result(ClickResult("refused", message="no path clicked: click the cells of the path first"))
        return self._illegal(self._clicks)

    def clear(self) -> ClickResult:
        """Drop the clicked path."""
        self._clicks, self._pending = (), ()
        return self._result(ClickResult("cancelled", message="path cleared"))

    def status(self) -> dict[str, Any]:
        out = super().status()
        obs = self.observation()
        out["turn"] = obs.get("round")
        if self.bound:
            out["planned"] = None if self.planned is None else str(self.planned)
        return out

#: The label of the picture of a State (the truth, not a seat's view).
FULL_VIEW_LABEL = "full view (game master)"


def state_svg(state: Any) -> str:
    """The picture a notebook shows for a State of this game (the full truth): the grid as the
    game master sees it (:func:`grid_svg` of ``observation(None)``), labelled
    :data:`FULL_VIEW_LABEL` so that it is never taken for a seat's view (GRID-5).
    Found by :func:`boardkit.viz.pictures.state_picture` when a cell evaluates to a State.

    Args:
        state: a State of this game.

    Returns:
        SVG text.

    Raises:
        ValueError: ``state`` is no gridhunt state (names the argument).
    """
    check_state(state, "gridhunt")
    return grid_svg(state.observation(None), label=f"{FULL_VIEW_LABEL}, round {state.round}")


__all__ = ["state_svg", "FULL_VIEW_LABEL", "CODES", "COLOURS", "CellView", "GridhuntController", "belief_figure", "belief_sizes_figure",
           "grid_figure", "grid_svg", "grid_view", "reachable_figure", "reachable_steps", "value_figure"]
