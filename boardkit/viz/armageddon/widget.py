"""The Armageddon board widget: a :class:`~boardkit.viz.widgets.BoardWidget` with one button per
circle of the board, in rows by board part (:func:`~boardkit.viz.armageddon.part_layout`: the
cruiser's compartments, the launch table, the three Earth trajectories, the landing point with
the surface, GK, the dot circle and the depot, the numbered circles, the exit path and pad, the
blue trajectory), and the picture of the board drawn from the nodes' coordinates
(:func:`~boardkit.viz.armageddon.board_svg`) under it, redrawn after every change.

Each button shows the chip on its circle (``r2`` for red2, ``w3``, ``OF`` for the officer) in
its side's colour; a destroyed compartment's circles are dark grey, the laser crossings pink
(red text while the laser is on). At a chance node **Roll chance** (or a ``roll n`` button)
rolls the die. In the move phase click a chip (the movable ones are highlighted), then the
highlighted circle it should reach: that applies ``move <chip> <points>``; the chip's legal
shares are also buttons. A click on a circle the chip cannot reach, or on a chip that cannot
move, shows the clause and the reason in red. A displaced chip's circle is chosen by clicking a
highlighted home or launch-table circle. The status line shows the side to move, the roll and
the points left, the laser and the mines, and the outcome at the end.

In a notebook::

    import boardkit
    from boardkit.viz.armageddon.widget import ArmageddonBoard
    board = ArmageddonBoard(boardkit.load_game("armageddon"), seed=1)
    board.press("Roll chance"); board.click("h1_red_1"); board.click("r1")
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from boardkit.viz.armageddon import (
    OFFICER_COLOUR,
    SIDE_COLOURS,
    TARGET_COLOUR,
    ArmageddonController,
    board_svg,
    chip_colour,
    chip_label,
    mines_text,
    node_roles,
    part_layout,
)
from boardkit.viz.layout import HIGHLIGHT_FILL, SELECTED_STROKE, CellLayout
from boardkit.viz.widgets import BoardWidget

__all__ = ["ArmageddonBoard", "BOARD_WIDGET", "chip_colour"]


def _short(name: str, role: str) -> str:
    """A node's name short enough for its button: ``h1_red_2`` -> ``h1r2``, ``landing`` -> ``land``."""
    parts = name.split("_")
    if role == "home" and len(parts) == 3:
        return f"{parts[0]}{parts[1][0]}{parts[2]}"
    return {"landing": "land", "cruiser": "cruis"}.get(name, name)


class ArmageddonBoard(BoardWidget):
    """A clickable Armageddon board (module docstring).

    Args:
        state_or_game: an ArmageddonState or Game; None starts ``load_game("armageddon")``.
        seed: seed for 'Roll chance' (same seed, same rolls).
        cell_size: button width in pixels (height 8 less).
        show_names: write the node name on empty circles.
        show_svg: show the picture of the board under the buttons.
        seat: the seat whose view the board draws and whose actions it offers; None: the full
            truth (nothing is hidden in Armageddon, so the views differ only in who may act).
    """

    game_id = "armageddon"
    controller_class = ArmageddonController
    controller: ArmageddonController

    def __init__(self, state_or_game: Any = None, seed: int | str | None = None, cell_size: int = 46,
                 show_names: bool = True, show_svg: bool = True, seat: int | None = None,
                 layout: CellLayout | None = None) -> None:
        if state_or_game is None:
            import boardkit

            state_or_game = boardkit.load_game("armageddon")
        super().__init__(state_or_game, layout=layout, seed=seed, cell_width=cell_size, cell_height=cell_size - 8,
                         show_names=show_names, show_svg=show_svg, seat=seat)

    def _prepare(self) -> None:
        g = self.controller.game
        self._roles = node_roles(g)
        self._compartment = {n: k for k, comp in enumerate(g.arma.compartments) for n in comp}

    def make_layout(self) -> CellLayout:
        return part_layout(self.controller.game)

    def draw_cell(self, name: str, button: widgets.Button, obs: dict[str, Any], highlights: set[str],
                  selected: set[str]) -> None:
        on = {node: chip for chip, node in obs.get("chips", {}).items()}
        chip = on.get(name)
        role = self._roles.get(name, "")
        tip = f"{name}: {role}"
        destroyed = self._compartment.get(name, 99) < int(obs.get("destroyed", 0))
        if chip:
            label = chip_label(chip) + ("*" if chip == "officer" and obs.get("officer_mine") else "")
            colour, text = chip_colour(chip), "white"
            tip += f"; {chip}"
        else:
            label = _short(name, role) if self.show_names else ""
            colour, text = "#eeeeee", "#777777"
            if destroyed:
                colour, text, tip = "#7b7d7d", "#dddddd", tip + " (destroyed)"
            elif role == "laser":
                colour = "#fadbd8"
                text = "#c0392b" if obs.get("laser") == "on" else "#777777"
                tip += f"; laser {obs.get('laser')}"
            elif role in ("control", "gk", "landing", "dot", "depot", "pad"):
                colour = "#f9e79f" if role == "control" else "#d6e4f5"
                if role == "depot":
                    label = f"⛁{obs.get('depot', 0)}"
        border = "1px solid #bbbbbb"
        if name in highlights:
            colour, border = HIGHLIGHT_FILL if not chip else colour, f"3px solid {TARGET_COLOUR}"
            tip += "; legal target"
        if name in selected:
            border = f"3px solid {SELECTED_STROKE}"
        button.description, button.tooltip = label, tip
        button.style.button_color, button.style.text_color = colour, text
        button.style.font_size = "11px"
        button.layout.border = border

    def svg(self) -> str:
        ctl = self.controller
        return board_svg(ctl.observation(), game=ctl.game, highlights=ctl.highlights(), selected=ctl.selected())

    def player_name(self, player: int) -> str:
        names = getattr(self.controller.game, "seat_names", ())
        return names[player] if 0 <= player < len(names) else f"player {player}"

    def player_colour(self, player: int) -> str:
        return SIDE_COLOURS.get(self.player_name(player), OFFICER_COLOUR)

    def status_extras(self, st: dict[str, Any], obs: dict[str, Any]) -> list[str]:
        parts = []
        if st.get("roll"):
            parts.append(f"roll <b>{int(st['roll'])}</b>, {int(st.get('left', 0))} point(s) left")
        chip = self.controller.selected_chip()
        if chip:
            parts.append(f"moving <b>{escape(chip)}</b>")
        parts.append(f"laser <b>{escape(str(obs.get('laser')))}</b>")
        parts.append(escape(mines_text(obs)))
        if obs.get("destroyed"):
            parts.append(f"compartments destroyed: {int(obs['destroyed'])}")
        parts.append(f"Earth chips in play: {obs.get('earth_in_play')}")
        return parts


#: The widget :func:`~boardkit.viz.widgets.board_widget` makes for an Armageddon state.
BOARD_WIDGET = ArmageddonBoard
