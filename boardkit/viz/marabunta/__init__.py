"""Marabunta pictures and click logic, in pure Python (neither ipywidgets nor plotly).

Pictures (SVG / HTML text, readable in exported reports) of a Marabunta position, from a
``MarabuntaState`` or from its ``observation(None)`` (then the default game gives the map and
the player board, or pass ``game=``):

* :func:`territory_svg`: the 84 hex fields tinted by region, numbers in the writer's colour,
  crossed fields with an X, cupcake (pink dot) and crate (brown box) fields, highlighted fields
  (legal targets) outlined in green, the dice and the tile in the empty centre;
* :func:`sheets_svg`: the six scoring sheets (10 circles: red from the left, blue from the
  right) with the region sums;
* :func:`players_html`: per player ant hills, crate groups (crossed crates, power), cupcake track
  (crossed values) and the score as it stands;
* :func:`round_html`: round, splitter, tile, dice, pools, what is left, the part in progress,
  what was lost, the end triggers;
* :func:`panels_html`: the last three side by side.

:class:`MarabuntaController` is the :class:`~boardkit.viz.controller.BoardController` of the
widget (``boardkit.viz.marabunta.widget``): it adds the element in use (a die, the tile, the
part in progress) as a filter of clicks, choices and buttons, leaves splits to the widget's
toggles, and explains an illegal field click with the clause (MARA-4.5, MARA-1.2...).

>>> import boardkit
>>> svg = territory_svg(boardkit.load_game("marabunta", first_player=0).new_initial_state())
>>> svg.count("<polygon")
84
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any, Iterable

from boardkit.core.actions import Action
from boardkit.core.rules import NotationError
from boardkit.games.marabunta.actions import Place, Skip, Split
from boardkit.viz.controller import BoardController, ClickResult
from boardkit.core.checks import check_size, check_state
from boardkit.viz.layout import picture_context, SELECTED_STROKE, hex_corners, cell_set
from boardkit.viz.marabunta.observation import check_contents

#: Field tint per region (die colour).
REGION_FILL = {"yellow": "#fbeea0", "orange": "#f9c98a", "green": "#c8e6c9", "teal": "#a8e0d8",
               "purple": "#dcc6e8", "brown": "#d9c2a3"}
#: Darker shade per region: borders, die faces, labels.
REGION_STROKE = {"yellow": "#c9a300", "orange": "#d35400", "green": "#2e7d32", "teal": "#138d75",
                 "purple": "#7d3c98", "brown": "#7e5109"}
#: Player colours (MARA-1.1).
PLAYER_COLOURS = {"red": "#c0392b", "blue": "#2f6db5"}
#: Outline of highlighted fields (legal targets).
TARGET_STROKE = "#1e8449"
CUPCAKE_COLOUR = "#e75480"
CRATE_COLOUR = "#8d5524"
#: How a die face is shown.
FACE_SYMBOL = {"circle": "○", "crate": "▣"}
#: Short words for the powers of MARA-7.1.
POWER_TEXT = {"write12": "write a 1 or 2", "write03": "write a 0 or 3 freely", "cupcakes2": "cross 2 cupcakes",
              "points": "victory points", "ones3": "write three 1s", "cross2": "cross 2 adjacent fields",
              "circles2": "fill 2 circles"}
#: The element key of the part of a tile or power in progress (:meth:`MarabuntaController.elements`).
PART = "part"


@lru_cache(maxsize=1)
def _default_game() -> Any:
    import boardkit

    return boardkit.load_game("marabunta")


def _context(state_or_obs: Any, game: Any = None, keys: tuple[str, ...] = ("fields",)) -> tuple[dict[str, Any], Any]:
    """(observation, game) from a MarabuntaState, or an observation and a game (default:
    the default Marabunta game).

    Raises:
        ValueError: ``state_or_obs`` is neither a marabunta state nor an observation of one
            (:func:`~boardkit.viz.marabunta.observation.check_contents`: what is inside it
            too), or ``game`` is not a marabunta game (the message names the argument and what
            it is).
    """
    obs, g = picture_context(state_or_obs, game, "marabunta", keys, _default_game)
    if isinstance(state_or_obs, dict):
        check_contents(obs, g, territory(g), "state_or_obs")
    return obs, g



def face_text(face: str) -> str:
    """A die face as shown: ``"2"``, ``"○"`` (circle), ``"▣"`` (crate)."""
    return FACE_SYMBOL.get(face, face)


@lru_cache(maxsize=8)
def territory(game: Any) -> dict[str, dict[str, Any]]:
    """The map of ``game``: field name -> ``{"region", "special", "neighbours"}``
    (``MarabuntaGame.territory()``, computed once per game)."""
    return game.territory()


def field_mark(entry: Any) -> tuple[str | None, int | None, bool]:
    """``(owner, number, crossed)`` of a field from the observation's ``fields`` entry:
    ``"red 2"``, ``"x"`` or None (available); the older dict form is read too."""
    if entry is None:
        return None, None, False
    if isinstance(entry, dict):
        return entry.get("owner"), entry.get("value"), bool(entry.get("crossed"))
    words = str(entry).split()
    if words == ["x"]:
        return None, None, True
    return words[0], int(words[1]), False


def region_sums(state_or_obs: Any, game: Any = None) -> dict[str, list[int]]:
    """Region -> ``[red sum, blue sum]`` of the numbers written (MARA-8.2).

    Raises:
        ValueError: ``state_or_obs`` is no marabunta state or observation with ``fields`` and
            ``sheets`` (names the argument and what is wrong).
    """
    obs, g = _context(state_or_obs, game, ("fields", "sheets"))
    where = territory(g)
    sums = {r: [0, 0] for r in obs["sheets"]}
    for name, entry in obs["fields"].items():
        owner, value, _crossed = field_mark(entry)
        if value is not None and owner in PLAYER_COLOURS:
            sums.setdefault(where[name]["region"], [0, 0])[0 if owner == "red" else 1] += value
    return sums


# -- the territory ---------------------------------------------------------------------------
def territory_svg(state_or_obs: Any, highlights: Iterable[str] = (), selected: str | Iterable[str] | None = None,
                  size: float = 18.0, show_names: bool = True, game: Any = None, ant_fields: Iterable[str] = ()) -> str:
    """The territory as a static SVG.

    Args:
        state_or_obs: a MarabuntaState, or its ``observation(None)``.
        highlights: fields outlined in green (legal targets).
        selected: a field or several outlined in orange.
        size: hexagon circumradius in pixels.
        show_names: write the field names in small grey type.
        game: the game whose map to draw for an observation (default: the default map).
        ant_fields: highlighted fields reached only by crossing an ant hill (dashed outline).

    Returns:
        SVG text: one ``<polygon>`` per field inside ``<g class="field" data-field=NAME
        data-region=REGION>`` (with ``data-highlight="1"`` when highlighted) and a
        ``<title>`` tooltip; numbers in the writer's colour, crossed fields with an X, cupcake
        fields with a pink dot and crate fields with a brown box; the dice and the tile in the
        centre; a legend under the map.
    """
    check_size(size, "size")
    obs, g = _context(state_or_obs, game)
    board = g.board
    where = territory(g)
    hl, sel, ants = (cell_set(cells, arg, board.names, f"the map {board.name}")
                     for cells, arg in ((highlights, "highlights"), (selected, "selected"), (ant_fields, "ant_fields")))
    centres = [(size * x, -size * y) for x, y in board.positions]  # drawing positions of the data file, y down
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    pad = size * 1.2
    legend_h = size * 2.0
    x0, y0 = min(xs) - pad, min(ys) - pad
    w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad + legend_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="boardkit-marabunta" width="{w:.0f}" height="{h:.0f}" '
           f'viewBox="{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}" font-family="sans-serif">']
    for i, name in enumerate(board.names):
        out.append(_field_svg(name, centres[i], where[name], obs["fields"].get(name), size, show_names,
                              name in hl, name in sel, name in ants))
    out.append(_centre_svg(obs, size))
    out.append(_legend_svg(min(xs) - pad * 0.6, max(ys) + pad + legend_h * 0.35, size))
    out.append("</svg>")
    return "".join(out)


def _field_svg(name: str, centre: tuple[float, float], place: dict[str, Any], entry: Any, size: float, show_names: bool,
               highlighted: bool, selected: bool, by_ants: bool) -> str:
    """One field of :func:`territory_svg`: its ``<g class="field">`` with the tooltip, the
    hexagon in its region's colours (outlined when highlighted, dashed when reached by
    crossing an ant hill, or selected), the cupcake or crate mark, the number written or the
    cross (MARA-1.2, MARA-4), and the name on an empty field."""
    region, special = place["region"], place["special"]
    owner, value, crossed = field_mark(entry)
    x, y = centre
    fs_name, fs_num = max(6.0, size * 0.36), max(9.0, size * 0.9)
    pts = " ".join(f"{px:.1f},{py:.1f}" for px, py in hex_corners(x, y, size * 0.97))
    stroke, sw, dash = REGION_STROKE.get(region, "#555"), 1.0, ""
    if highlighted:
        stroke, sw = TARGET_STROKE, 3.0
        dash = ' stroke-dasharray="4 2"' if by_ants else ""
    if selected:
        stroke, sw = SELECTED_STROKE, 3.0
    tip = f"{name}: {region}" + (f", {special} field" if special else "")
    if value is not None:
        tip += f"; {owner} {value}"
    elif crossed:
        tip += "; crossed out"
    if highlighted:
        tip += "; legal target" + (" (crosses an ant hill)" if by_ants else "")
    out = [f'<g class="field" data-field="{escape(name)}" data-region="{escape(region)}"'
           f'{" data-highlight=" + chr(34) + "1" + chr(34) if highlighted else ""}>'
           f"<title>{escape(tip)}</title>"
           f'<polygon points="{pts}" fill="{REGION_FILL.get(region, "#eee")}" stroke="{stroke}" '
           f'stroke-width="{sw}"{dash}/>']
    if special == "cupcake":
        out.append(f'<circle cx="{x + size * 0.5:.1f}" cy="{y + size * 0.42:.1f}" r="{size * 0.17:.1f}" '
                   f'fill="{CUPCAKE_COLOUR}"/>')
    elif special == "crate":
        s = size * 0.32
        out.append(f'<rect x="{x + size * 0.5 - s / 2:.1f}" y="{y + size * 0.42 - s / 2:.1f}" width="{s:.1f}" '
                   f'height="{s:.1f}" fill="{CRATE_COLOUR}" stroke="#3e2723" stroke-width="0.6"/>')
    if value is not None:
        colour = PLAYER_COLOURS.get(str(owner), "#222")
        out.append(f'<text class="number {escape(str(owner))}" x="{x:.1f}" y="{y + fs_num * 0.36:.1f}" '
                   f'font-size="{fs_num:.1f}" font-weight="bold" text-anchor="middle" fill="{colour}">'
                   f'{int(value)}</text>')
    elif crossed:
        d = size * 0.45
        out.append(f'<path class="crossed" d="M{x - d:.1f},{y - d:.1f} L{x + d:.1f},{y + d:.1f} '
                   f'M{x - d:.1f},{y + d:.1f} L{x + d:.1f},{y - d:.1f}" stroke="#333" stroke-width="2.2"/>')
    if show_names and value is None:
        out.append(f'<text x="{x:.1f}" y="{y - size * 0.45:.1f}" font-size="{fs_name:.1f}" '
                   f'text-anchor="middle" fill="#666">{escape(name)}</text>')
    out.append("</g>")
    return "".join(out)


def _legend_svg(lx: float, ly: float, size: float) -> str:
    """The legend under :func:`territory_svg`'s map, its first line at (``lx``, ``ly``): the
    cupcake and crate marks, the cross, the players' number colours, the target outline."""
    fs = max(7.0, size * 0.5)
    return (f'<g class="legend" font-size="{fs:.1f}" fill="#333">'
            f'<circle cx="{lx + 6:.1f}" cy="{ly:.1f}" r="{size * 0.2:.1f}" fill="{CUPCAKE_COLOUR}"/>'
            f'<text x="{lx + 14:.1f}" y="{ly + fs * 0.35:.1f}">cupcake</text>'
            f'<rect x="{lx + 72:.1f}" y="{ly - size * 0.18:.1f}" width="{size * 0.36:.1f}" '
            f'height="{size * 0.36:.1f}" fill="{CRATE_COLOUR}"/>'
            f'<text x="{lx + 84:.1f}" y="{ly + fs * 0.35:.1f}">crate</text>'
            f'<text x="{lx + 130:.1f}" y="{ly + fs * 0.35:.1f}">✕ crossed · '
            f'<tspan fill="{PLAYER_COLOURS["red"]}" font-weight="bold">red</tspan> / '
            f'<tspan fill="{PLAYER_COLOURS["blue"]}" font-weight="bold">blue</tspan> numbers</text>'
            f'<text x="{lx:.1f}" y="{ly + fs * 1.6:.1f}"><tspan fill="{TARGET_STROKE}" font-weight="bold">'
            f'green outline</tspan>: legal target (dashed: crosses an ant hill)</text></g>')


def _centre_svg(obs: dict[str, Any], size: float) -> str:
    """The dice (3 x 2, in region order) and the tile in the empty centre of the map."""
    dice = obs.get("dice") or {}
    s = size * 0.85
    out = ['<g class="tray">']
    for k, (colour, face) in enumerate(dice.items()):
        cx = (k % 3 - 1) * s * 1.15
        cy = (k // 3 - 1) * s * 1.15 - size * 0.1
        out.append(f'<g class="die" data-colour="{escape(colour)}"><title>{escape(colour)} die: {escape(face)}</title>'
                   f'<rect x="{cx - s / 2:.1f}" y="{cy:.1f}" width="{s:.1f}" height="{s:.1f}" rx="3" '
                   f'fill="{REGION_FILL.get(colour, "#eee")}" stroke="{REGION_STROKE.get(colour, "#555")}" '
                   f'stroke-width="1.5"/>'
                   f'<text x="{cx:.1f}" y="{cy + s * 0.72:.1f}" font-size="{s * 0.7:.1f}" font-weight="bold" '
                   f'text-anchor="middle" fill="#222">{escape(face_text(face))}</text></g>')
    tile = obs.get("tile")
    if tile:
        out.append(f'<text class="tile" x="0" y="{size * 1.75:.1f}" font-size="{max(7.0, size * 0.5):.1f}" '
                   f'text-anchor="middle" fill="#333">tile: <tspan font-weight="bold">{escape(tile)}</tspan></text>')
    out.append(f'<text x="0" y="{-size * 1.55:.1f}" font-size="{max(7.0, size * 0.5):.1f}" text-anchor="middle" '
               f'fill="#333">round {int(obs.get("round", 1))}</text></g>')
    return "".join(out)


# -- sheets, player boards, the round ---------------------------------------------------------
def sheets_svg(state_or_obs: Any, game: Any = None, size: float = 9.0) -> str:
    """The six scoring sheets (MARA-1.3): per region 10 circles, red ones from the left, blue
    ones from the right, empty ones between, and the region sums (who leads, MARA-8.2).

    Returns:
        SVG text with one ``<g class="sheet" data-region=...>`` per region and one
        ``<circle class="sheet-circle red|blue|empty">`` per circle.
    """
    check_size(size, "size")
    obs, g = _context(state_or_obs, game, ("fields", "sheets"))
    circles = int(g.circles)
    sums = region_sums(obs, g)
    label_w, pitch = 58.0, size * 2.3
    w = label_w + circles * pitch + 120
    row_h = size * 2.6
    h = row_h * len(obs["sheets"]) + 6
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="boardkit-marabunta-sheets" width="{w:.0f}" '
           f'height="{h:.0f}" font-family="sans-serif" font-size="11">']
    for k, (region, (red, blue)) in enumerate(obs["sheets"].items()):
        y = 3 + row_h * k + row_h / 2
        out.append(f'<g class="sheet" data-region="{escape(region)}"><title>{escape(region)} sheet: red {red}, '
                   f'blue {blue}, empty {circles - red - blue}</title>'
                   f'<rect x="0" y="{y - row_h / 2 + 1:.1f}" width="{label_w - 6:.1f}" height="{row_h - 2:.1f}" rx="3" '
                   f'fill="{REGION_FILL.get(region, "#eee")}" stroke="{REGION_STROKE.get(region, "#555")}"/>'
                   f'<text x="{(label_w - 6) / 2:.1f}" y="{y + 4:.1f}" text-anchor="middle">{escape(region)}</text>')
        for i in range(circles):
            kind = "red" if i < red else "blue" if i >= circles - blue else "empty"
            fill = PLAYER_COLOURS.get(kind, "white")
            out.append(f'<circle class="sheet-circle {kind}" cx="{label_w + pitch * (i + 0.5):.1f}" cy="{y:.1f}" '
                       f'r="{size:.1f}" fill="{fill}" stroke="#555"/>')
        r_sum, b_sum = sums.get(region, [0, 0])
        lead = "red" if r_sum > b_sum else "blue" if b_sum > r_sum else ""
        pts = (red if lead == "red" else blue) if lead else 0
        note = f"→ {lead} {pts}" if lead else "tie"
        out.append(f'<text x="{label_w + circles * pitch + 8:.1f}" y="{y + 4:.1f}">'
                   f'<tspan fill="{PLAYER_COLOURS["red"]}">{r_sum}</tspan> : '
                   f'<tspan fill="{PLAYER_COLOURS["blue"]}">{b_sum}</tspan> {escape(note)}</text></g>')
    out.append("</svg>")
    return "".join(out)


def _marks(done: int, total: int, on: str, off: str) -> str:
    return on * done + off * max(0, total - done)


def players_html(state_or_obs: Any, game: Any = None) -> str:
    """The two player boards (MARA-1.4) as HTML: ant hills left, crate groups (crossed crates
    ☒, the power; bold once unlocked), the cupcake track (crossed values struck through) and
    the score as it stands (regions won, cupcakes, powers, total)."""
    obs, g = _context(state_or_obs, game, ("fields", "players"))
    boxes = []
    for p, pl in enumerate(obs["players"]):
        colour = pl.get("colour", ("red", "blue")[p])
        css = PLAYER_COLOURS.get(colour, "#333")
        sc = pl["score"]
        ants = _marks(int(pl["ant_hills"]), int(g.ant_hills), "▲", "✕")
        rows = []
        for i, name in enumerate(g.groups):
            done, size, power = int(pl["crates"].get(name, 0)), int(g.group_size[i]), g.group_power[i]
            ptext = POWER_TEXT.get(power, power) + (f" ({g.group_points[i]})" if power == "points" else "")
            ptext = escape(ptext)
            if done >= size:
                ptext = f"<b>{ptext} ✓</b>"
            rows.append(f"<tr><td>{escape(name)}</td><td>{_marks(done, size, '☒', '☐')}</td><td>{ptext}</td></tr>")
        crossed = int(pl["cupcakes"])
        track = " ".join(f"<s style='color:#999'>{v}</s>" if i < crossed else str(v) for i, v in enumerate(g.track))
        won = ", ".join(f"{escape(r)} {v}" for r, v in sc["regions"].items() if v) or "none"
        boxes.append(
            f"<div class='mara-player' data-player='{escape(colour)}' style='border:2px solid {css};border-radius:4px;"
            f"padding:4px 8px;margin:2px;min-width:250px'>"
            f"<div style='color:{css};font-weight:bold'>{escape(colour)} (player {p}) — score {sc['total']}</div>"
            f"<div>ant hills: {ants}</div>"
            f"<table style='font-size:12px;border-collapse:collapse'>{''.join(rows)}</table>"
            f"<div>cupcakes: {track}</div>"
            f"<div style='font-size:12px'>regions {sc['region_points']} ({won}) + cupcakes {sc['cupcake_points']} "
            f"+ powers {sc['power_points']} = <b>{sc['total']}</b></div></div>")
    return "<div class='mara-players' style='display:flex;flex-wrap:wrap'>" + "".join(boxes) + "</div>"


def _chip(colour: str, text: str) -> str:
    return (f"<span style='display:inline-block;min-width:18px;padding:0 3px;margin:1px;text-align:center;"
            f"background:{REGION_FILL.get(colour, '#eee')};border:1px solid {REGION_STROKE.get(colour, '#555')};"
            f"border-radius:3px' title='{escape(colour)}'>{escape(text)}</span>")


def _element_text(obs: dict[str, Any], element: str) -> str:
    if element == "tile":
        return f"tile {obs.get('tile') or ''}".strip()
    face = (obs.get("dice") or {}).get(element)
    return f"{element} {face}" if face is not None else element


def round_html(state_or_obs: Any, game: Any = None) -> str:
    """The round as HTML: round, phase, splitter and chooser, the tile and tiles left, the dice,
    the pools, the elements left, the part in progress, what was lost, the end triggers and
    the winner."""
    obs, _g = _context(state_or_obs, game)
    players = ("red", "blue")

    def who(p: Any) -> str:
        if not isinstance(p, int) or p not in (0, 1):
            return escape(str(p))
        return f"<b style='color:{PLAYER_COLOURS[players[p]]}'>{players[p]}</b>"

    splitter = obs.get("splitter", 0)
    lines = [f"<b>round {obs.get('round')}</b> · phase {escape(str(obs.get('phase')))} · splitter {who(splitter)}"
             f" · chooser {who(1 - int(splitter))}"]
    left = obs.get("tiles_left") or []
    lines.append(f"tile: <b>{escape(str(obs.get('tile') or '—'))}</b> · tiles left: {len(left)}"
                 + (f" ({escape(', '.join(left))})" if left else ""))
    dice = obs.get("dice") or {}
    lines.append("dice: " + (" ".join(_chip(c, face_text(f)) for c, f in dice.items()) if dice else "—"))
    pools = obs.get("pools") or []
    if pools:
        lines.append("pools: " + " | ".join(escape(", ".join(_element_text(obs, e) for e in pool)) for pool in pools))
    if obs.get("phase") == "pool":
        lines.append(f"{who(obs.get('to_move'))} carries out: "
                     + (escape(", ".join(_element_text(obs, e) for e in obs.get("remaining") or [])) or "—"))
    if obs.get("pending"):
        lines.append("in progress: " + escape(", ".join(obs["pending"])))
    if obs.get("lost"):
        lines.append("lost: " + escape("; ".join(obs["lost"])))
    if obs.get("triggers"):
        lines.append("<span style='color:#c0392b'>end triggered: " + escape("; ".join(obs["triggers"])) + "</span>")
    if obs.get("winner"):
        lines.append(f"<b>winner: {escape(str(obs['winner']))}</b>")
    return "<div class='mara-round'>" + "<br>".join(lines) + "</div>"


def panels_html(state_or_obs: Any, game: Any = None) -> str:
    """The round, the player boards and the scoring sheets side by side (HTML)."""
    obs, g = _context(state_or_obs, game, ("fields", "sheets", "players"))
    return ("<div class='boardkit-marabunta-panels' style='display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start'>"
            f"<div style='min-width:280px;max-width:420px'>{round_html(obs, g)}</div>"
            f"<div>{sheets_svg(obs, g)}</div>{players_html(obs, g)}</div>")


# -- clicks -----------------------------------------------------------------------------------
def _with_field(choice: str, field: str) -> str:
    """The action text of a click choice (``"teal 3"``, ``"brown 1 ant"``, ``"tile cross"``)
    with ``field`` put back after its number or ``cross``."""
    words = choice.split()
    for i, w in enumerate(words):
        if w in ("0", "1", "2", "3", "cross"):
            return " ".join(words[: i + 1] + [field] + words[i + 1 :])
    return " ".join(words + [field])


class MarabuntaController(BoardController):
    """The board controller of Marabunta: a :class:`BoardController` with an element in use.

    :meth:`select_element` picks the die (its colour), the tile (``"tile"``) or the part in
    progress (``"part"``) to use next; clicks, highlights, :meth:`choices` and
    :meth:`button_actions` then keep to that element's actions. Splits are no buttons (the
    widget makes them from toggles and applies ``split ...``). An illegal field click is
    explained by the actions it may mean (the element's or the choice's, with that field),
    so the message names the clause (MARA-4.5 adjacency, MARA-1.2 a taken field...).

    Args:
        As :class:`BoardController`.
    """

    def __init__(self, state: Any, seed: int | str | None = None, seat: int | None = None) -> None:
        self._element = ""
        super().__init__(state, seed=seed, seat=seat)

    # -- the element in use ----------------------------------------------------------------
    @property
    def element(self) -> str:
        """The element in use ('' for any)."""
        return self._element

    def elements(self) -> list[tuple[str, str]]:
        """``(label, key)`` of the elements that can be used now: the part in progress, or
        each element left in the pool with a legal use (``("yellow 2", "yellow")``,
        ``("tile zeros2", "tile")``); ``[]`` outside the carrying out."""
        if self._refusal():
            return []
        obs = self.observation()
        if obs["phase"] != "pool":
            return []
        legal = self._legal()
        if obs["pending"]:
            return [(f"next part: {obs['pending'][-1]}", PART)]
        return [(_element_text(obs, e), e) for e in obs["remaining"] if any(self._of(a, e) for a in legal)]

    @staticmethod
    def _of(action: Action, element: str) -> bool:
        """True if ``action`` uses ``element`` (a colour, ``"tile"`` or ``"part"``; '' for any)."""
        if not element:
            return True
        if isinstance(action, Skip):
            return action.element == element
        if not isinstance(action, Place):
            return False
        if element == PART:
            return action.element == ""
        if element == "tile":
            return action.element.split()[:1] == ["tile"]
        return action.element == element

    def select_element(self, element: str | None) -> None:
        """Use ``element`` next (a key of :meth:`elements`), or any with '' or None.

        Raises:
            ValueError: not one of :meth:`elements`.
        """
        element = element or ""
        keys = [k for _, k in self.elements()]
        if element and element not in keys:
            raise ValueError(f"{element!r} cannot be used here; elements: {', '.join(keys) or 'none'}")
        self._element = element
        self._clicks, self._pending, self._choice = (), (), ""
        label = dict((k, lab) for lab, k in self.elements()).get(element, element)
        hl = self.highlights()
        self.message = (f"using {label}" + (f": click a highlighted field ({len(hl)})" if hl else ": pick a button")
                        if element else "any element")
        self.last_result = None
        self._notify()

    # -- the BoardController parts it changes --------------------------------------------------
    def ant_fields(self) -> list[str]:
        """Highlighted fields where every action of the click crosses an ant hill (MARA-4.5:
        no own number next to them), sorted."""
        if self._refusal() or self._clicks:
            return []
        by_field: dict[str, list[bool]] = {}
        for a in self._candidates():
            if isinstance(a, Place) and a.field is not None:
                by_field.setdefault(a.field, []).append(a.ant)
        return sorted(f for f, ants in by_field.items() if all(ants))

    def _candidates(self) -> list[Action]:
        return [a for a in super()._candidates() if self._of(a, self._element)]

    def choices(self) -> list[str]:
        if self._refusal():
            return []
        return sorted({a.choice for a in self._legal()
                       if a.cells and a.choice and self._of(a, self._element)})

    def button_actions(self) -> list[Action]:
        """Legal actions without a field: chance outcomes, takes, circles, crates, skips (of
        the element in use); not the splits (made with the widget's toggles)."""
        return [a for a in super().button_actions() if not isinstance(a, Split) and self._of(a, self._element)]

    def _apply_legal(self, action: Action) -> ClickResult:
        self._element = ""
        return super()._apply_legal(action)

    def _after_move(self, message: str) -> None:
        self._element = ""
        super()._after_move(message)

    def _intended(self, seq: tuple[str, ...]) -> list[Action]:
        """The actions a field click may mean, to explain why it is illegal: the choice, or
        each use of the element in use (or of any element), with the clicked field."""
        s = self.state
        field = seq[-1]
        if self._choice:
            templates = [self._choice]
        else:
            templates = sorted({a.choice for a in self._legal() if a.cells and self._of(a, self._element)})
            obs = self.observation()
            if obs["phase"] == "pool" and not obs["pending"]:  # a die with no legal field left
                for e in obs["remaining"]:
                    face = (obs.get("dice") or {}).get(e)
                    if face in ("0", "1", "2", "3") and self._of(Place(e, "write"), self._element):
                        templates.append(f"{e} {face}")
            region = territory(s.game).get(field, {}).get("region")

            def rank(t: str) -> tuple[int, bool, str]:  # the field's own die first, then 0s, tile, parts
                words = t.split()
                return (0 if words[0] == region else 1 if words[0] not in obs["sheets"] or words[1] == "0" else 2,
                        t.endswith(" ant"), t)

            templates.sort(key=rank)
        out: list[Action] = []
        for t in dict.fromkeys(templates):
            try:
                out.append(s.parse_action(_with_field(t, field)))
            except NotationError:
                continue
        return out

    def _illegal(self, seq: tuple[str, ...]) -> ClickResult:
        """As :class:`BoardController`; when no field action is meant at all (the split, the
        take, a pool with field-less elements only), the phase's clause says what is to do."""
        field = seq[-1]
        if self._intended(seq) or field not in getattr(self.game, "field_names", ()):
            return super()._illegal(seq)
        err = self.state.why_illegal(Place("", "cross", field=field), self.seat)  # any field action: explained by the phase
        self._clicks, self._pending = (), ()
        if err is None:  # pragma: no cover - a field click that is legal is no illegal click
            return super()._illegal(seq)
        return self._result(ClickResult("illegal", highlights=tuple(self.highlights()), clause=err.clause,
                                        errors=(err,), message=f"Illegal: a click on {field} [{err.clause}] {err.reason}"))

def state_svg(state: Any) -> str:
    """The picture a notebook shows for a State of this game (the full truth): the territory, then the six scoring sheets (:func:`territory_svg`, :func:`sheets_svg`).
    Found by :func:`boardkit.viz.pictures.state_picture` when a cell evaluates to a State.

    Args:
        state: a State of this game.

    Returns:
        SVG text.

    Raises:
        ValueError: ``state`` is no marabunta state (names the argument).
    """
    check_state(state, "marabunta")
    return territory_svg(state) + sheets_svg(state)


__all__ = ["state_svg", "MarabuntaController", "territory_svg", "sheets_svg", "players_html", "round_html", "panels_html",
           "region_sums", "territory", "field_mark", "face_text", "REGION_FILL", "REGION_STROKE", "PLAYER_COLOURS"]
