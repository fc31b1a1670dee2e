"""The Battle Royale board widget: a :class:`~boardkit.viz.widgets.BoardWidget` on a square grid.

:class:`SquareBoardWidget` draws the arena of ``docs/battle-royale-contract.md`` (tiles with
their figure counts, holes, the goal, the Eliminator) with
:func:`~boardkit.viz.battle_royale.arena_svg` under it; it is :data:`BOARD_WIDGET`, the class
that :func:`~boardkit.viz.widgets.board_widget` finds for a Battle Royale state.

In a notebook::

    from boardkit.viz.widgets import board_widget
    board_widget(state)            # the game master's view: every hand
    board_widget(state, seat=1)    # blue's view: its own hand, the others' as counts
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from boardkit.viz import battle_royale as sq
from boardkit.viz.layout import HIGHLIGHT_FILL, SELECTED_STROKE, CellLayout
from boardkit.viz.widgets import BoardWidget


class SquareBoardWidget(BoardWidget):
    """A clickable square arena (Battle Royale): a :class:`BoardWidget` with a plain grid.

    Reads the observation of ``docs/battle-royale-contract.md``: ``tiles`` (present tiles:
    figures per colour), ``holes``, ``goal``, ``eliminator``, and for the status line
    ``to_move``, ``card``, ``moving``, ``hands``, ``pile_sizes``, ``prisoners``, ``out``.
    Each tile's button is labelled with its figure counts (``R2 B1 G0``: red, blue, green,
    yellow, N = neutral grey); the goal tile starts with ⚑ and is gold; the Eliminator's
    position starts with ⊗ and has a thick purple border; holes are dark, disabled buttons
    (enabled only if an action is made by clicking them). The tile of the moving figure is
    drawn selected. Actions without cells (``play 2x2``, ``done``, ``stop``, ``push red``,
    chance outcomes) are buttons; the colour of ``pick c3 red`` is chosen with the chooser or
    from the buttons offered after the click.

    Args:
        state_or_game: the starting State (copied) or a Game.
        seed: seed for 'Roll chance'.
        cell_width, cell_height: button size in pixels.
        zeros: show colours with no figure on a tile (``G0``) when the observation lists them.
        show_names: write the position name on tiles (before the counts) and on holes.
        show_svg: show :func:`~boardkit.viz.battle_royale.arena_svg` under the board.
        layout: the cell layout; None: a grid of the frame: ``game.board``'s ``columns`` x
            ``rows`` (or ``width`` x ``height``, or ``size``; else 5x5), enlarged to hold every
            position of the observation.
        seat: the seat whose view the board draws (its own hand; the others' as counts) and
            whose actions it offers; None: the full truth (every hand).

    Raises:
        TypeError: a state or game of another game (``game_id``): use
            :func:`~boardkit.viz.widgets.board_widget`, which picks the board of its game.
    """

    game_id = "battle_royale"

    def __init__(self, state_or_game: Any, seed: int | str | None = None, cell_width: int = 104,
                 cell_height: int = 44, zeros: bool = True, show_names: bool = False, show_svg: bool = True,
                 layout: CellLayout | None = None, seat: int | None = None) -> None:
        self.zeros = zeros
        super().__init__(state_or_game, layout=layout, seed=seed, cell_width=cell_width, cell_height=cell_height,
                         show_names=show_names, show_svg=show_svg, seat=seat)

    def make_layout(self) -> CellLayout:
        board = self._board

        def dim(*attrs: str) -> int:
            for a in attrs:
                v = getattr(board, a, None)
                if isinstance(v, int) and not isinstance(v, bool) and v > 0:
                    return v
            return 5

        cols, rows = dim("columns", "width", "size"), dim("rows", "height", "size")
        obs = sq.observation_of(self.controller.observation())
        cols, rows = sq.frame_size(obs, (int(cols), int(rows)))
        return CellLayout.grid(cols, rows)

    def selected_cells(self, obs: dict[str, Any]) -> set[str]:
        sel = set(self.controller.selected())
        moving = obs.get("moving") or {}
        if moving.get("tile"):
            sel.add(moving["tile"])
        return sel

    def draw_cell(self, name: str, b: widgets.Button, obs: dict[str, Any], hl: set[str], sel: set[str]) -> None:
        tiles = obs.get("tiles", {})
        present = name in tiles
        goal, elim = obs.get("goal"), obs.get("eliminator")
        marks = (sq.GOAL_MARK if present and name == goal else "") + (sq.ELIMINATOR_MARK if name == elim else "")
        if present:
            label = sq.tile_label(tiles[name], zeros=self.zeros)
            if self.show_names or not label:
                label = f"{name} {label}".strip()
            tip = f"{name}: {'goal tile' if name == goal else 'tile'}; {sq.tile_text(tiles[name])}"
            colour = sq.GOAL_FILL if name == goal else sq.TILE_FILL
            text_colour = "#222222"
        else:
            label = name if self.show_names else ""
            tip = f"{name}: hole"
            colour, text_colour = sq.HOLE_FILL, "#bbbbbb"
        if name == elim:
            tip += "; Eliminator under it"
        moving = obs.get("moving") or {}
        if moving.get("tile") == name:
            tip += f"; moving {moving.get('colour', '')} figure"
        if name in hl:
            colour, text_colour = HIGHLIGHT_FILL, "#222222"
        if name in sel:
            colour, text_colour = SELECTED_STROKE, "white"
        b.description = f"{marks} {label}".strip()
        b.tooltip = tip
        b.disabled = not present and name not in hl
        b.style.button_color = colour
        b.style.text_color = text_colour
        b.style.font_weight = "bold" if name == goal else "normal"
        b.style.font_size = "12px"
        if name == elim:
            b.layout.border = f"3px solid {sq.ELIMINATOR_COLOUR}"
        elif present:
            b.layout.border = "1px solid #b8ad94"
        else:
            b.layout.border = "1px solid #111111"

    def svg(self) -> str:
        ctl = self.controller
        obs = ctl.observation()
        return sq.arena_svg(obs, highlights=ctl.highlights(), selected=self.selected_cells(obs), size=44)

    def player_name(self, player: int) -> str:
        return f"{sq.colour_of_player(player)} (player {player})"

    def player_colour(self, player: int) -> str:
        return sq.FIGURE_FILL[sq.colour_of_player(player)]

    def status_extras(self, st: dict[str, Any], obs: dict[str, Any]) -> list[str]:
        parts = []
        if obs.get("card"):
            parts.append(f"card: <b>{escape(str(obs['card']))}</b>")
        moving = obs.get("moving") or {}
        if moving:
            path = " → ".join(map(str, moving.get("path") or [moving.get("tile", "")]))
            parts.append(f"moving {escape(str(moving.get('colour', '')))}: {escape(path)}")
        hands = obs.get("hands")
        if hands:
            shown = []
            for p, hand in enumerate(hands):
                text = ", ".join(map(str, hand)) if isinstance(hand, (list, tuple)) else f"{hand} cards"
                shown.append(f'<span style="color:{self.player_colour(p)}">{escape(sq.colour_of_player(p))}</span>: '
                             f"{escape(text) or '—'}")
            parts.append("hands: " + " | ".join(shown))
        if obs.get("pile_sizes"):
            parts.append("piles: " + "/".join(map(str, obs["pile_sizes"])))
        prisoners = obs.get("prisoners")
        if prisoners and any(prisoners):
            parts.append("prisoners: " + " | ".join(
                f"{escape(sq.colour_of_player(p))}: {escape(sq.tile_text(pr))}" for p, pr in enumerate(prisoners) if pr))
        if obs.get("out") and any(obs["out"].values()):
            parts.append("out: " + escape(sq.tile_text(obs["out"])))
        return parts


#: The widget :func:`~boardkit.viz.widgets.board_widget` makes for a Battle Royale state.
BOARD_WIDGET = SquareBoardWidget

__all__ = ["SquareBoardWidget", "BOARD_WIDGET"]
