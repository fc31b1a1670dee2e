"""The Marabunta board widget: a :class:`~boardkit.viz.widgets.BoardWidget` for the territory.

:class:`MarabuntaBoard` has one button per field laid out as the hex ring (tinted by region,
the number in the writer's colour, ✕ for crossed fields, ♥ / ▣ for cupcake and crate fields;
legal targets green with a dark green border), and the shared parts of every board (chance
buttons, Back / Forward, the line dropdown, the message, the log). Marabunta adds:

* at the split: a toggle per die and for the tile, and a **Split** button that applies
  ``split <toggled elements>`` (an illegal split, e.g. all six dice with the tile, shows its
  clause, MARA-3.2); the chooser then has the two ``take ...`` buttons;
* while a pool is carried out: the **Use** selector of the element (a die, the tile, the part
  in progress) that keeps highlights, choices and buttons to it; the **Choice** selector of
  the generic board (``teal 3``, ``brown 1 ant``, ``tile 0``...); buttons for what needs no
  field (``orange circle``, ``purple crate ones``, ``skip tile``). A field click applies the
  action when it is the only one on that field, else offers the candidates as buttons; an
  illegal click names the clause (MARA-4.5, MARA-1.2...);
* the panels of :func:`boardkit.viz.marabunta.panels_html` (round, player boards, sheets) and
  the territory SVG of :func:`~boardkit.viz.marabunta.territory_svg`, redrawn after each change.

From Python::

    board = MarabuntaBoard(state)                 # or board_widget(state)
    board.split_toggles["yellow"].value = True    # the splitter's pool: yellow and the tile
    board.split_toggles["tile"].value = True
    board.press("Split")
    board.press("take orange green teal purple brown")
    board.element_selector.value = "teal"         # or board.controller.select_element("teal")
    board.click("c5")                             # teal 3 c5 if it is the only teal use there
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from boardkit.viz.layout import HIGHLIGHT_FILL, SELECTED_STROKE, CellLayout
from boardkit.viz.marabunta import (
    PLAYER_COLOURS,
    REGION_FILL,
    REGION_STROKE,
    TARGET_STROKE,
    MarabuntaController,
    face_text,
    field_mark,
    panels_html,
    territory,
    territory_svg,
)
from boardkit.viz.widgets import BoardWidget

SPLIT_LABEL = "Split"
#: Marks of special fields on the buttons (symbols that common fonts have; no emoji).
SPECIAL_MARK = {"cupcake": "♥", "crate": "▣"}


class MarabuntaBoard(BoardWidget):
    """A clickable Marabunta territory with the split toggles, the element selector and the
    panels (module docstring).

    Args:
        state_or_game: a MarabuntaState or Game; None starts ``load_game("marabunta")``.
        seed: seed for 'Roll chance' (same seed, same draws).
        cell_size: button width in pixels (height 6 less).
        show_names: write the field name on empty fields.
        show_svg: show the territory SVG under the board.
        show_panels: show the round, player boards and sheets.
        seat: the seat whose view the board draws and whose actions it offers; None: the full
            truth (see :class:`~boardkit.viz.widgets.BoardWidget`).

    Attributes:
        As :class:`BoardWidget`, and:
        controller: a :class:`~boardkit.viz.marabunta.MarabuntaController`.
        split_toggles: element (die colour, ``"tile"``) -> ToggleButton, shown at the split.
        split_button: the Split button; split_preview: HTML of the two pools as toggled.
        element_selector: ToggleButtons of the element in use (value: colour, ``"tile"``,
            ``"part"`` or '' for any).
        panels_html: HTML of :func:`~boardkit.viz.marabunta.panels_html`.
    """

    game_id = "marabunta"
    controller_class = MarabuntaController
    controller: MarabuntaController
    #: The element selector and the split toggles are drawn with the action row and set by
    #: scripts inside a batch: the row is drawn after every change, batched or not.
    batch_defers_actions = False

    def __init__(self, state_or_game: Any = None, seed: int | str | None = None, cell_size: int = 48,
                 show_names: bool = True, show_svg: bool = True, show_panels: bool = True,
                 seat: int | None = None) -> None:
        if state_or_game is None:
            import boardkit

            state_or_game = boardkit.load_game("marabunta")
        self._show_panels = show_panels
        super().__init__(state_or_game, seed=seed, cell_width=cell_size, cell_height=cell_size - 6,
                         show_names=show_names, show_svg=show_svg, seat=seat)
        nav = next(c for c in self.children if isinstance(c, widgets.HBox) and self.back_button in c.children)
        self.children = [self.status_html, self.grid, self.message_html, self.element_selector, self.action_box,
                         self.split_preview, self.chooser, nav, self.panels_html, self.log_html, self.svg_html]

    # -- construction (before the first refresh) ---------------------------------------------
    def _prepare(self) -> None:
        g = self.controller.game
        self._territory = territory(g)
        self.split_toggles: dict[str, widgets.ToggleButton] = {}
        for e in (*g.regions, "tile"):
            t = widgets.ToggleButton(value=False, description=e, tooltip=f"put {e} into the pool being made (the rest is the other pool)",
                                     layout=widgets.Layout(width="auto"))
            if e in REGION_STROKE:  # a ToggleButton's style has no button_color: the label is tinted
                t.style.text_color = REGION_STROKE[e]
            t.observe(self._on_toggle, names="value")
            self.split_toggles[e] = t
        self.split_button = self._button(SPLIT_LABEL, lambda _: self._split(), "primary")
        self.split_preview = widgets.HTML()
        self.element_selector = widgets.ToggleButtons(options=[("any", "")], value="", description="Use:",
                                                      style={"button_width": "auto"})
        self.element_selector.observe(self._on_element, names="value")
        self.panels_html = widgets.HTML(layout=widgets.Layout(display="" if self._show_panels else "none"))

    def make_layout(self) -> CellLayout:
        return CellLayout.hex(self._board)

    # -- the split ----------------------------------------------------------------------------
    def split_text(self) -> str:
        """The split the toggles make: ``"split yellow tile"`` ('split' alone if none is on)."""
        return " ".join(["split"] + [e for e, t in self.split_toggles.items() if t.value])

    def _split(self) -> None:
        text = self.split_text()
        if text == "split":  # none toggled: every element against none, the split MARA-3.2 refuses as such
            text = " ".join(["split", *self.split_toggles])
        self.controller.apply(text)

    def _on_toggle(self, _change: dict[str, Any]) -> None:
        if not self._updating:
            self._draw_preview()

    def _draw_preview(self) -> None:
        on = [e for e, t in self.split_toggles.items() if t.value]
        off = [e for e in self.split_toggles if e not in on]
        if "tile" not in on:
            on, off = off, on
        self.split_preview.value = (f"<div>pool with the tile: <b>{escape(' '.join(on) or '—')}</b> · other pool: "
                                    f"<b>{escape(' '.join(off) or '—')}</b></div>")

    # -- the element in use ---------------------------------------------------------------------
    def _on_element(self, change: dict[str, Any]) -> None:
        if not self._updating:
            self.controller.select_element(change["new"] or "")

    # -- drawing ----------------------------------------------------------------------------------
    def _draw_actions(self) -> None:
        super()._draw_actions()
        ctl = self.controller
        obs = ctl.observation()
        splitting = obs["phase"] == "split"
        if splitting:
            for e, t in self.split_toggles.items():
                face = obs["dice"].get(e)
                t.description = f"{e} {face_text(face)}" if face is not None else f"tile {obs.get('tile') or ''}"
            self.action_box.children = [*self.split_toggles.values(), self.split_button,
                                        *self.action_box.children]
            self._draw_preview()
        else:
            for t in self.split_toggles.values():
                t.value = False
        self.split_preview.layout.display = "" if splitting else "none"
        elements = ctl.elements()
        self.element_selector.options = [("any", "")] + elements
        self.element_selector.value = ctl.element if ctl.element in [k for _, k in elements] else ""
        self.element_selector.layout.display = "" if elements else "none"

    def _draw_cells(self) -> None:
        self._ants = set(self.controller.ant_fields())
        super()._draw_cells()

    def draw_cell(self, name: str, b: widgets.Button, obs: dict[str, Any], hl: set[str], sel: set[str]) -> None:
        region, special = self._territory[name]["region"], self._territory[name]["special"]
        owner, value, crossed = field_mark(obs["fields"].get(name))
        mark = SPECIAL_MARK.get(special or "", "")
        tip = f"{name}: {region} region" + (f", {special} field" if special else "")
        text_colour, weight = "#666666", "normal"
        if value is not None:
            label = f"{value}{mark}"
            text_colour, weight = PLAYER_COLOURS.get(str(owner), "#222222"), "bold"
            tip += f"; {owner} wrote {value}"
        elif crossed:
            label, text_colour = "✕", "#333333"
            tip += "; crossed out"
        else:
            label = f"{name if self.show_names else ''}{mark}"
        colour, border = REGION_FILL.get(region, "#eeeeee"), f"1px solid {REGION_STROKE.get(region, '#888888')}"
        if name in hl:
            ant = name in self._ants
            colour, border = HIGHLIGHT_FILL, f"3px {'dashed' if ant else 'solid'} {TARGET_STROKE}"
            tip += "; legal target" + (" (crosses an ant hill)" if ant else "")
        if name in sel:
            colour, border = SELECTED_STROKE, f"3px solid {SELECTED_STROKE}"
        b.description, b.tooltip = label, tip
        b.style.button_color, b.style.text_color, b.style.font_weight = colour, text_colour, weight
        b.style.font_size = "12px"
        b.layout.border = border

    def _draw_texts(self) -> None:
        super()._draw_texts()
        if self._show_panels:
            ctl = self.controller
            self.panels_html.value = panels_html(ctl.observation(), game=ctl.game)

    def svg(self) -> str:
        ctl = self.controller
        return territory_svg(ctl.observation(), game=ctl.game, highlights=ctl.highlights(), selected=ctl.selected(), size=18,
                             ant_fields=ctl.ant_fields())

    def player_name(self, player: int) -> str:
        return f"{('red', 'blue')[player]} (player {player})"

    def player_colour(self, player: int) -> str:
        return PLAYER_COLOURS[("red", "blue")[player]]

    def status_extras(self, st: dict[str, Any], obs: dict[str, Any]) -> list[str]:
        parts = [f"round {int(obs['round'])}"]
        if obs.get("tile"):
            parts.append(f"tile: <b>{escape(str(obs['tile']))}</b>")
        if obs.get("pending"):
            parts.append("in progress: " + escape(", ".join(obs["pending"])))
        return parts


#: The widget :func:`~boardkit.viz.widgets.board_widget` makes for a Marabunta state.
BOARD_WIDGET = MarabuntaBoard

__all__ = ["MarabuntaBoard", "SPLIT_LABEL", "BOARD_WIDGET"]
