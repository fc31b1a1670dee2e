"""The Leaders board widget: a :class:`~boardkit.viz.widgets.BoardWidget` in hex rows.

:class:`HexBoardWidget` draws a hex board whose observation lists ``"pieces"``
(``{cell: {"kind", "owner"}}``): one button per cell, the piece's abbreviation in its owner's
colour, recruitment cells with a gold border, and :func:`~boardkit.viz.leaders.hex_svg` under
the board. :class:`LeadersBoard` is the Leaders board (:data:`BOARD_WIDGET`, the class that
:func:`~boardkit.viz.widgets.board_widget` finds for a Leaders state).

In a notebook::

    import boardkit
    from boardkit.viz.leaders.widget import LeadersBoard
    board = LeadersBoard(boardkit.load_game("leaders"), seed=1)
    board          # click a piece, then a highlighted cell; 'Roll chance' for draws
    LeadersBoard(state, seat=0)   # what seat 0 sees and may do (hot-seat play)
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from boardkit.viz.layout import HIGHLIGHT_FILL, SELECTED_STROKE, CellLayout
from boardkit.viz.leaders import CELL_FILL, RECRUIT_RING, abbreviation, hex_svg, owner_colour, recruit_cells
from boardkit.viz.widgets import BoardWidget


class HexBoardWidget(BoardWidget):
    """A clickable board for a hex game (a :class:`BoardWidget` with hex rows).

    Pieces come from the observation's ``"pieces"`` (``{cell: {"kind", "owner"}}``); cells of
    the board's ``recruit*`` sets get a gold border.

    Args:
        state_or_game: the starting State (copied) or a Game (starts from its initial state).
        seed: seed for 'Roll chance' (see :class:`BoardController`): same seed, same draws.
        cell_size: button width and height in pixels.
        show_names: write the cell name (grey) on empty cells.
        show_svg: show the static SVG picture under the board (kept up to date).
        layout: the cell layout; None: hex rows of ``game.board``.
        seat: the seat whose view the board draws and whose actions it offers; None: the full
            truth (see :class:`~boardkit.viz.widgets.BoardWidget`).

    Attributes:
        As :class:`BoardWidget`.
    """

    def __init__(self, state_or_game: Any, seed: int | str | None = None, cell_size: int = 44,
                 show_names: bool = True, show_svg: bool = True, layout: CellLayout | None = None,
                 seat: int | None = None) -> None:
        self.cell_size = cell_size
        super().__init__(state_or_game, layout=layout, seed=seed, cell_width=cell_size, cell_height=cell_size - 6,
                         show_names=show_names, show_svg=show_svg, seat=seat)

    def _prepare(self) -> None:
        self._recruit = recruit_cells(self._board)

    def make_layout(self) -> CellLayout:
        return CellLayout.hex(self._board)

    def draw_cell(self, name: str, b: widgets.Button, obs: dict[str, Any], hl: set[str], sel: set[str]) -> None:
        pc = obs.get("pieces", {}).get(name)
        text_colour, weight = "#999999", "normal"
        if pc:
            owner = int(pc["owner"])
            b.description = abbreviation(pc["kind"])
            b.tooltip = f"{name}: {pc['kind']} (player {owner})"
            colour, text_colour, weight = owner_colour(owner), "white", "bold"
            if name in hl:  # a piece that is the target of an action
                colour, text_colour = HIGHLIGHT_FILL, owner_colour(owner)
        else:
            b.description = name if self.show_names else ""
            b.tooltip = name
            colour = HIGHLIGHT_FILL if name in hl else CELL_FILL
        if name in sel:
            colour, text_colour = SELECTED_STROKE, "white"
        b.style.button_color = colour
        b.style.text_color = text_colour
        b.style.font_weight = weight
        b.layout.border = f"2px solid {RECRUIT_RING}" if name in self._recruit else "1px solid #b8ad94"

    def svg(self) -> str:
        ctl = self.controller
        return hex_svg(ctl.state, highlights=ctl.highlights(), selected=ctl.selected(), size=20, seat=ctl.seat)

    def status_extras(self, st: dict[str, Any], obs: dict[str, Any]) -> list[str]:
        parts = []
        if st.get("market"):
            parts.append("market: " + escape(", ".join(st["market"])))
        if st.get("cards"):
            parts.append("cards: " + " | ".join(f"P{p}: {escape(', '.join(c))}" for p, c in enumerate(st["cards"])))
        if st.get("exiled"):
            parts.append("exiled: " + escape(", ".join(st["exiled"])))
        return parts


class LeadersBoard(HexBoardWidget):
    """The Leaders board widget (a :class:`HexBoardWidget`).

    Args:
        state_or_game: a Leaders State or Game; None starts a Discovery game
            (``boardkit.load_game("leaders")``).
        seed: seed for 'Roll chance'.
        **kwargs: as :class:`HexBoardWidget` (``seat=``...).
    """

    game_id = "leaders"

    def __init__(self, state_or_game: Any = None, seed: int | str | None = None, **kwargs: Any) -> None:
        if state_or_game is None:
            import boardkit

            state_or_game = boardkit.load_game("leaders")
        super().__init__(state_or_game, seed=seed, **kwargs)


#: The widget :func:`~boardkit.viz.widgets.board_widget` makes for a Leaders state.
BOARD_WIDGET = LeadersBoard

__all__ = ["HexBoardWidget", "LeadersBoard", "BOARD_WIDGET"]
