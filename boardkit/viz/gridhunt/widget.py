"""The gridhunt board widget: a :class:`~boardkit.viz.widgets.BoardWidget` with one button per
cell of the grid (rank 1 at the bottom), drawn from one view (:func:`~boardkit.viz.gridhunt.grid_view`):

* a **View** switch between the GM's truth and each seat's fog of war. A board made for a seat
  (``GridhuntBoard(state, seat=3)``) is bound to it: its switch offers that seat only, and
  :meth:`GridhuntBoard.set_seat` refuses another view (a player never sees the truth);
* path entry: in a move phase click the cells of the path one by one (the cells that continue
  a legal path are green, the path orange), then **Confirm path** sends ``move c1 c2 ...``
  (**Clear path** drops it; clicking the last cell again takes it back). In a shot phase a
  click on a cell shoots it. An illegal click is explained in red with the clause (GRID-3.1,
  GRID-3.3, GRID-4.1 ...);
* the log is the view's: ``history(seat)`` for a seat (another seat's order reads ``move ?``),
  every action for the GM; **Back** / **Forward** step along it;
* the static SVG picture of the same view under the buttons (:func:`~boardkit.viz.gridhunt.grid_svg`).

In a notebook::

    import boardkit
    from boardkit.viz.gridhunt.widget import GridhuntBoard
    board = GridhuntBoard(boardkit.load_game("gridhunt", layout="small"), seed=1)
    board.press("Roll until decision"); board.view.value = 0   # seat 0's view
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from boardkit.core.validate import shorten
from boardkit.viz.gridhunt import COLOURS, OWN_STROKE, PATH_STROKE, TARGET_FILL, TEXT_COLOURS, CellView, \
    GridhuntController, grid_svg, grid_view
from boardkit.viz.controller import BoardController
from boardkit.viz.layout import CellLayout
from boardkit.viz.widgets import BoardWidget

__all__ = ["BOARD_WIDGET", "CLEAR_LABEL", "CONFIRM_LABEL", "GM_VIEW", "GridhuntBoard"]

CONFIRM_LABEL = "Confirm path"
CLEAR_LABEL = "Clear path"
#: The View switch's value for the GM's truth.
GM_VIEW = -1


class GridhuntBoard(BoardWidget):
    """A clickable gridhunt grid (module docstring).

    Args:
        state_or_game: a GridhuntState or Game; None starts ``load_game("gridhunt")``.
        seed: seed for 'Roll chance' (same seed, same draws).
        cell_size: button width in pixels (height 6 less).
        show_names: write the cell name on cells with no player.
        show_svg: show the picture of the view under the buttons.
        seat: the seat whose view the board draws and whose orders it offers, and to which the
            board is then bound; None: the GM's view, with a switch to every seat's.
    """

    game_id = "gridhunt"
    controller_class = GridhuntController

    def __init__(self, state_or_game: Any = None, seed: int | str | None = None, cell_size: int = 40,
                 show_names: bool = True, show_svg: bool = True, seat: int | None = None,
                 layout: CellLayout | None = None) -> None:
        if state_or_game is None:
            import boardkit

            state_or_game = boardkit.load_game("gridhunt")
        self._view_cache: tuple[int, dict[str, CellView]] | None = None
        self._drawn: dict[str, tuple[str, str, str, str, str]] = {}  # cell -> its look as drawn last
        self.view = widgets.Dropdown(description="View:", layout=widgets.Layout(width="220px"))
        self.confirm_button = widgets.Button(description=CONFIRM_LABEL, button_style="success", tooltip=CONFIRM_LABEL)
        self.clear_button = widgets.Button(description=CLEAR_LABEL, tooltip=CLEAR_LABEL)
        super().__init__(state_or_game, layout=layout, seed=seed, cell_width=cell_size, cell_height=cell_size - 6,
                         show_names=show_names, show_svg=show_svg, seat=seat)
        n = self.controller.game.n
        seats = [seat] if seat is not None else list(range(n))
        options = ([] if seat is not None else [("GM (truth)", GM_VIEW)]) + [(f"seat {p}", p) for p in seats]
        self.view.options = options
        self.view.value = GM_VIEW if seat is None else seat
        self.view.observe(self._on_view, names="value")
        self.confirm_button.on_click(lambda _b: self.controller.confirm())
        self.clear_button.on_click(lambda _b: self.controller.clear())
        self.children = [self.view, *self.children[:2], widgets.HBox([self.confirm_button, self.clear_button]),
                         *self.children[2:]]
        self.refresh()

    # -- views --------------------------------------------------------------------------------
    @property
    def controller(self) -> GridhuntController:
        """The board's controller (set once when the board is made; a bound board's is never
        replaced, so no other controller can draw the truth on it)."""
        return self._controller

    @controller.setter
    def controller(self, ctl: BoardController) -> None:
        if not isinstance(ctl, GridhuntController):
            raise ValueError(f"controller: a GridhuntController, not {type(ctl).__name__}")
        old = self.__dict__.get("_controller")
        if old is not None and ctl is not old and old.bound_seat is not None:
            raise ValueError(f"controller: this board is bound to seat {old.bound_seat} for good (a player sees "
                             f"only what it may know); its controller is not replaced: make another board")
        self._controller = ctl

    @property
    def bound_seat(self) -> int | None:
        """The seat the board is bound to (None: the GM's board): its controller's binding,
        which no setter undoes (:class:`~boardkit.viz.gridhunt.GridhuntController`)."""
        ctl = self.__dict__.get("_controller")
        return None if ctl is None else ctl.bound_seat

    @bound_seat.setter
    def bound_seat(self, seat: int | None) -> None:
        if seat != self.bound_seat and self.bound_seat is None:
            raise ValueError(f"bound_seat: this is the game master's board, bound to no seat; a board is bound when "
                             f"it is made: GridhuntBoard(state, seat={shorten(seat)}) shows that player's view only")
        if seat != self.bound_seat:
            raise ValueError(f"bound_seat: this board is bound to seat {self.bound_seat} for good (a player sees "
                             f"only what it may know), not {shorten(seat)}; make another board for another seat")

    def allowed_views(self) -> list[int | None]:
        """The views this board may show: the bound seat only, or the GM's (None) and every seat's."""
        if self.bound_seat is not None:
            return [self.bound_seat]
        return [None, *range(self.controller.game.n)]

    def set_seat(self, seat: int | None) -> None:
        """Show the view of ``seat`` (None: the GM's truth).

        Raises:
            ValueError: the board is bound to another seat, or ``seat`` is no seat.
        """
        if seat not in self.allowed_views():
            raise ValueError(f"this board is bound to seat {self.bound_seat}: it shows no other view "
                             f"(asked for {'the GM' if seat is None else f'seat {seat}'})")
        super().set_seat(seat)
        want = GM_VIEW if seat is None else seat
        if getattr(self, "view", None) is not None and self.view.value != want and self.view.options:
            self.view.value = want

    def _on_view(self, change: dict[str, Any]) -> None:
        seat = None if change["new"] == GM_VIEW else change["new"]
        if seat != self.controller.seat:
            self.set_seat(seat)

    # -- drawing --------------------------------------------------------------------------------
    def make_layout(self) -> CellLayout:
        size = self.controller.game.size
        return CellLayout.grid(size, size)

    def _cells(self, obs: dict[str, Any]) -> dict[str, CellView]:
        if self._view_cache is None or self._view_cache[0] != id(obs):
            self._view_cache = (id(obs), grid_view(obs))
        return self._view_cache[1]

    def draw_cell(self, name: str, button: widgets.Button, obs: dict[str, Any], highlights: set[str],
                  selected: set[str]) -> None:
        self._paint(button, self._look(name, obs, highlights, selected))

    def _look(self, name: str, obs: dict[str, Any], highlights: set[str],
              selected: set[str]) -> tuple[str, str, str, str, str]:
        """How the button of ``name`` is drawn: label, tooltip, fill, text colour, border."""
        v = self._cells(obs)[name]
        label = v.label or (name if self.show_names else "")
        colour, text = COLOURS[v.code], TEXT_COLOURS[v.code]
        border = f"3px solid {OWN_STROKE}" if v.own else "1px solid #bbbbbb"
        tip = v.tip
        if name in highlights:
            if v.code in ("unknown", "looked", "free"):
                colour, text = TARGET_FILL, "#1b1b1b"
            border = "3px solid #1e8449"
            tip += "; may be clicked next"
        if name in selected:
            border = f"3px solid {PATH_STROKE}"
        return label, tip, colour, text, border

    @staticmethod
    def _paint(button: widgets.Button, look: tuple[str, str, str, str, str]) -> None:
        label, tip, colour, text, border = look
        button.description, button.tooltip = label, tip
        button.style.button_color, button.style.text_color = colour, text
        button.style.font_size = "10px"
        button.layout.border = border

    def _draw_cells(self) -> None:
        """Redraw the cells whose look changed (a click changes a few: the path, the cells
        that may come next); the others keep their buttons as they are."""
        self._view_cache = None
        if self._deferred:
            return
        ctl = self.controller
        obs = ctl.observation()
        hl, sel = set(ctl.highlights()), self.selected_cells(obs)
        drawn = self._drawn
        for name, b in self.cell_buttons.items():
            look = self._look(name, obs, hl, sel)
            if drawn.get(name) == look:
                continue
            with b.hold_sync(), b.style.hold_sync(), b.layout.hold_sync():
                self._paint(b, look)
            drawn[name] = look

    def refresh(self) -> None:
        super().refresh()
        ctl = self.controller
        moving = ctl._move_phase()
        self.confirm_button.disabled = ctl.path_action() is None
        self.confirm_button.layout.display = "" if moving else "none"
        self.clear_button.layout.display = "" if moving else "none"

    def svg(self) -> str:
        ctl = self.controller
        return grid_svg(ctl.observation(), highlights=ctl.highlights(), path=ctl.clicks)

    def status_extras(self, st: dict[str, Any], obs: dict[str, Any]) -> list[str]:
        parts = []
        if "you" in obs:
            you = obs["you"]
            flags = [w for w in ("shield", "blocked", "enhanced", "beaconed") if you.get(w)]
            where = you.get("position") or "dead"
            parts.append(f"at <b>{escape(str(where))}</b>" + (f" ({escape(', '.join(flags))})" if flags else ""))
            if you.get("order"):
                parts.append(f"order given: {escape(you['order'])}")
        alive = obs.get("alive") or [pl.get("alive", True) for pl in obs.get("players", {}).values()]
        parts.append(f"{sum(1 for a in alive if a)} alive")
        if self.controller.clicks and self.controller._move_phase():
            parts.append(f"path: move {escape(' '.join(self.controller.clicks))}")
        return parts


#: The widget :func:`~boardkit.viz.widgets.board_widget` makes for a gridhunt state.
BOARD_WIDGET = GridhuntBoard
