"""The game-agnostic board widget of boardkit (ipywidgets), and :func:`board_widget`.

:class:`BoardWidget` draws any game through a :class:`BoardController`: one small Button per
cell (CSS class ``boardkit-cell``) placed by a :class:`~boardkit.viz.layout.CellLayout`,
buttons for the actions that are not clicks (pass, ``play 2x2``, ``done``, chance outcomes), a
chooser for the non-cell part of click actions (a card, a colour), Back / Forward and a branch
dropdown, a message area (the clause id and the reason of an illegal click, in red), the log of
the current line, a status line, and a static SVG of the position (which stays readable in
exported HTML reports).

Each game draws its own board in its own package, by convention: the module
``boardkit.viz.<game id>.widget`` defines ``BOARD_WIDGET``, a :class:`BoardWidget` subclass
(``boardkit.viz.leaders.widget.LeadersBoard``, ``boardkit.viz.battle_royale.widget.
SquareBoardWidget``, ``boardkit.viz.marabunta.widget.MarabuntaBoard``). :func:`board_widget`
finds it from the game's id, so a new game adds its own module and nothing here changes; a game
without one gets a plain :class:`BoardWidget` laid out from its board (:func:`board_kind`).

In a notebook::

    import boardkit
    from boardkit.viz.widgets import board_widget
    board = board_widget(boardkit.load_game("leaders"), seed=1)
    board          # click a piece, then a highlighted cell; 'Roll chance' for draws
    board_widget(state)   # the right widget for any game's state

From Python (tests, scripted tours) the same widget is driven with ``board.click("d1")``,
``board.cell_buttons["d2"].click()`` or ``board.press("pass")``.

Every board takes ``seat=``: ``board_widget(state, seat=1)`` draws what seat 1 may know
(``observation(1)``: its own hand, the others' as counts; the log from ``history(1)``, another
seat's hidden draw as ``draw ?``) and offers only ``legal_actions(1)``; a click while another
seat is to move is refused with the turn clause. ``seat=None`` (the default) is the full truth,
for study; in a game with hidden information its status line opens with
:data:`FULL_VIEW_NOTE`, since it shows every hand and the log every draw (so does a report
saved from it). ``board.set_seat(0)`` hands the board to another seat (hot-seat play).
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from html import escape
from typing import Any, Iterator

import ipywidgets as widgets

from boardkit.core.checks import check_cell
from boardkit.viz.controller import BoardController
from boardkit.viz.layout import CELL_FILL, HIGHLIGHT_FILL, SEAT_COLOURS, SELECTED_STROKE, CellLayout

ROLL_LABEL = "Roll chance"
#: Opens the status line of the full view (``seat=None``) of a game with hidden information.
FULL_VIEW_NOTE = "full view: shows every hand and every hidden draw"
ROLL_ALL_LABEL = "Roll until decision"
BACK_LABEL = "◀ Back"
FORWARD_LABEL = "Forward ▶"


class BoardWidget(widgets.VBox):
    """A clickable board for any boardkit game, driven by a :class:`BoardController`.

    Subclasses say where the cells go (:meth:`make_layout`) and how one cell looks
    (:meth:`draw_cell`), and may add to the status line (:meth:`status_extras`) and draw a
    picture (:meth:`svg`); everything else (clicks, action buttons, chance, navigation,
    messages, the log) is shared.

    Args:
        state_or_game: the starting State (copied) or a Game (starts from its initial state).
        layout: where the cell buttons go; None: :meth:`make_layout` of the class.
        seed: seed for 'Roll chance' (see :class:`BoardController`): same seed, same draws.
        cell_width, cell_height: button size in pixels.
        show_names: write the cell name (grey) on empty cells.
        show_svg: show the static SVG picture under the board (kept up to date).
        seat: the seat whose view the board draws and whose actions it offers (0-based); None:
            the full truth (see the module docstring).

    Raises:
        TypeError: ``state_or_game`` is neither a State nor a Game, or (a game's own board,
            ``game_id``) a state or game of another game: the message names both and points
            to :func:`board_widget`, which picks the board of any game.
        ValueError: ``seat`` is not a seat of the game.

    Class attributes:
        controller_class: the controller made for the widget (a game may subclass
            :class:`BoardController`).
        game_id: the game a game's own board draws (its registry id: states and games of
            ``boardkit.game_class(game_id)``); None: any game whose board fits.

    Attributes:
        controller: the BoardController (game tree, clicks, messages).
        cell_layout: the CellLayout of the buttons.
        cell_buttons: cell name -> its Button (CSS class ``boardkit-cell``).
        action_box: HBox of the buttons for non-cell actions, pending options and chance.
        chooser: ToggleButtons of the choices (cards, colours) for click actions.
        branch_dropdown: Dropdown of the lines explored.
        message_html, log_html, status_html, svg_html: HTML widgets.
    """

    controller_class: type[BoardController] = BoardController
    game_id: str | None = None
    #: Inside :meth:`batch`, the action buttons too wait for its end (a press draws them first);
    #: a board whose action row holds controls a script sets between presses keeps drawing it.
    batch_defers_actions: bool = True

    def __init__(self, state_or_game: Any, layout: CellLayout | None = None, seed: int | str | None = None,
                 cell_width: int = 44, cell_height: int = 38, show_names: bool = True,
                 show_svg: bool = True, seat: int | None = None) -> None:
        super().__init__()
        self._check_game(state_or_game)
        self.controller = self.controller_class(state_or_game, seed=seed, seat=seat)
        self.cell_width, self.cell_height = cell_width, cell_height
        self.show_names = show_names
        self._updating = False
        self._deferred = 0  # > 0 inside batch(): cells and action buttons are redrawn once at its end
        self._actions_stale = False  # the action buttons wait for the end of a batch (or a press)
        self._board = getattr(self.controller.game, "board", None)
        self._prepare()
        self.cell_layout = layout if layout is not None else self.make_layout()
        self.cell_buttons: dict[str, widgets.Button] = {}
        self._action_buttons: dict[str, widgets.Button] = {}
        self.grid = self._make_grid()
        self.action_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.roll_button = self._button(ROLL_LABEL, lambda _: self.controller.resolve_chance(), "warning")
        self.roll_all_button = self._button(ROLL_ALL_LABEL,
                                            lambda _: self.controller.resolve_chance(until_decision=True), "warning")
        self.chooser = widgets.ToggleButtons(options=[("any", "")], value="", description="Choice:",
                                             style={"button_width": "auto"})
        self.chooser.observe(self._on_choice, names="value")
        self.back_button = self._button(BACK_LABEL, lambda _: self.controller.back())
        self.forward_button = self._button(FORWARD_LABEL, lambda _: self.controller.forward())
        self.branch_dropdown = widgets.Dropdown(options=[], description="Line:",
                                                layout=widgets.Layout(width="420px"))
        self.branch_dropdown.observe(self._on_branch, names="value")
        self.message_html = widgets.HTML()
        self.status_html = widgets.HTML()
        self.log_html = widgets.HTML(layout=widgets.Layout(max_height="160px", overflow="auto"))
        self.svg_html = widgets.HTML(layout=widgets.Layout(display="" if show_svg else "none"))
        nav = widgets.HBox([self.back_button, self.forward_button, self.branch_dropdown])
        self.children = [self.status_html, self.grid, self.message_html, self.action_box, self.chooser, nav,
                         self.log_html, self.svg_html]
        self.controller.on_change(lambda _ctl: self.refresh())
        self.refresh()

    def _check_game(self, state_or_game: Any) -> None:
        """Refuse a state or game of another game than ``game_id`` (a game's own board) before
        anything is drawn from it: a game of ``boardkit.game_class(game_id)``, or one that
        stands in for it under that ``name``, is drawn.

        Raises:
            TypeError: naming the board, the game it draws, the game given, and
                :func:`board_widget`.
        """
        game = _game_of(state_or_game)
        if self.game_id is None or game is None:  # not a State or Game: the controller says so
            return
        import boardkit

        name = str(getattr(game, "name", type(game).__name__))
        if not isinstance(game, boardkit.game_class(self.game_id)) and name != self.game_id:
            what = "game" if game is state_or_game else "state"
            article = "an" if name[:1].lower() in "aeiou" else "a"
            raise TypeError(f"{type(self).__name__} draws {self.game_id} states and games, not {article} "
                            f"{name} {what}: use board_widget(state_or_game), which picks the board of its game")

    @contextmanager
    def batch(self) -> Iterator["BoardWidget"]:
        """Scripted play: inside ``with board.batch():`` clicks and presses work as usual but
        the cell buttons and the action buttons are redrawn once, at the end (every redraw of
        every cell is a message to the browser; JupyterLab drops a cell's output past 1,000
        messages per second); a press inside the batch draws the action buttons first.

        >>> with board.batch():            # doctest: +SKIP
        ...     board.click("d1"); board.click("d2")
        """
        self._deferred += 1
        try:
            yield self
        finally:
            self._deferred -= 1
            if not self._deferred:
                self.refresh()

    @property
    def seat(self) -> int | None:
        """The seat whose view the board draws (None: the full truth)."""
        return self.controller.seat

    def set_seat(self, seat: int | None) -> None:
        """Hand the board to ``seat`` (or to the game master with None) and redraw it from
        that view (:meth:`BoardController.set_seat`).

        Raises:
            ValueError: ``seat`` is not a seat of the game.
        """
        self.controller.set_seat(seat)

    # -- to specialise ----------------------------------------------------------------------
    def _prepare(self) -> None:
        """Set up what :meth:`make_layout` and :meth:`draw_cell` need (called once, after the
        controller is made and before the buttons are)."""

    def make_layout(self) -> CellLayout:
        """The cell layout of this board (subclasses: hex rows, a grid...)."""
        raise NotImplementedError(f"{type(self).__name__} needs a layout: pass layout=CellLayout...")

    def draw_cell(self, name: str, button: widgets.Button, obs: dict[str, Any], highlights: set[str],
                  selected: set[str]) -> None:
        """Set the label, tooltip and colours of the button of cell ``name``. The default: the
        name, green when highlighted, orange when selected."""
        button.description = name if self.show_names else ""
        button.tooltip = name
        colour, text = (SELECTED_STROKE, "white") if name in selected else (
            HIGHLIGHT_FILL if name in highlights else CELL_FILL, "#555555")
        button.style.button_color, button.style.text_color = colour, text

    def selected_cells(self, obs: dict[str, Any]) -> set[str]:
        """Cells drawn as selected: the controller's clicks and the game's selection."""
        return set(self.controller.selected())

    def svg(self) -> str:
        """The static picture under the board ('' for none)."""
        return ""

    def player_name(self, player: int) -> str:
        """How the status line names a player."""
        return f"player {player}"

    def player_colour(self, player: int) -> str:
        """CSS colour of a player in the status line."""
        return SEAT_COLOURS[player % len(SEAT_COLOURS)]

    def status_extras(self, status: dict[str, Any], obs: dict[str, Any]) -> list[str]:
        """Game-specific parts of the status line (HTML, already escaped)."""
        return []

    # -- construction ---------------------------------------------------------------------
    @staticmethod
    def _button(label: str, handler: Any, style: str = "") -> widgets.Button:
        b = widgets.Button(description=label, button_style=style, tooltip=label,
                           layout=widgets.Layout(width="auto"))
        b.on_click(handler)
        return b

    def _make_grid(self) -> widgets.VBox:
        """Buttons in the layout's rows: one HBox per row, shifted right by ``indent`` half
        pitches.

        Per-row HBoxes with a left margin (rather than a GridBox with ``grid_column`` per
        button) because the offline HTML widget manager drops per-child grid placement. On a
        hex board with holes inside a row (a ring around an empty centre), the button after a
        hole gets a wider left margin."""
        pitch = self.cell_width + 2  # button width + 1px margin each side
        coords: dict[str, tuple[int, int]] = {}
        board: Any = self._board
        if self.cell_layout.kind == "hex" and hasattr(board, "coords") and hasattr(board, "names"):
            coords = dict(zip(board.names, board.coords))
        boxes = []
        for row, indent in zip(self.cell_layout.rows, self.cell_layout.indents):
            buttons = []
            prev = None
            for name in row:
                q = coords[name][0] if name in coords else None
                gap = q - prev - 1 if q is not None and prev is not None and q - prev > 1 else 0
                prev = q
                b = widgets.Button(description="", tooltip=name, layout=widgets.Layout(
                    width=f"{self.cell_width}px", height=f"{self.cell_height}px", padding="0px",
                    margin=f"1px 1px 1px {1 + gap * pitch}px" if gap else "1px"))
                b.add_class("boardkit-cell")
                b.on_click(lambda _b, cell=name: self.controller.click(cell))
                self.cell_buttons[name] = b
                buttons.append(b)
            boxes.append(widgets.HBox(buttons, layout=widgets.Layout(margin=f"0px 0px 0px {indent * pitch // 2}px")))
        return widgets.VBox(boxes, layout=widgets.Layout(margin="4px 0px"))

    # -- Python driving ---------------------------------------------------------------------
    def click(self, cell: str) -> None:
        """Click the button of ``cell`` (as a user would; ``"D1"`` and ``"d1"`` are the same).

        Raises:
            ValueError: no such cell on the board (the message names the cell and lists the
                board's cells).
        """
        cell = cell.strip().lower() if isinstance(cell, str) else cell
        where = getattr(self._board, "name", None) or getattr(self.controller.game, "name", "")
        check_cell(cell, self.cell_buttons, where=f"board {where}")
        self.cell_buttons[cell].click()

    def buttons(self) -> dict[str, widgets.Button]:
        """Every non-cell button the board shows, by its label, in the order shown: a game's
        own (gridhunt's ``Confirm path``...), actions, pending options, chance, navigation.

        Buttons hidden now (``layout.display == "none"``) are left out.
        """
        if self._actions_stale:  # inside a batch: the buttons of the position now
            self._updating = True
            try:
                self._draw_actions()
            finally:
                self._updating = False
        cells = {id(b) for b in self.cell_buttons.values()}
        out: dict[str, widgets.Button] = {}
        todo: list[Any] = list(self.children)
        while todo:
            w = todo.pop(0)
            if getattr(w.layout, "display", None) == "none":
                continue
            if isinstance(w, widgets.Box):
                todo[:0] = w.children
            elif isinstance(w, widgets.Button) and id(w) not in cells:
                out.setdefault(w.description, w)
        return out

    def press(self, label: str) -> None:
        """Press the non-cell button labelled ``label`` (``"pass"``, ``"play 2x2"``,
        ``"Roll chance"``, ``"◀ Back"`` or just ``"Back"``...).

        Raises:
            KeyError: no such button now (the message lists the buttons shown).
            ValueError: the button is shown but disabled: it cannot be pressed on the board
                either (nothing happens; the message says so).
        """
        if not isinstance(label, str):
            raise TypeError(f"a button is named by its label text, got {label!r}")
        buttons = self.buttons()
        aliases = {"back": BACK_LABEL, "forward": FORWARD_LABEL}
        key = label if label in buttons else aliases.get(label.strip().lower(), label)
        if key not in buttons:
            raise KeyError(f"no button {label!r}; buttons: {', '.join(buttons)}")
        if getattr(buttons[key], "disabled", False):
            enabled = [k for k, b in buttons.items() if not getattr(b, "disabled", False)]
            raise ValueError(f"the button {key!r} is disabled now, as on the board: it cannot be pressed; "
                             f"buttons enabled: {', '.join(enabled) or 'none'}")
        buttons[key].click()

    # -- callbacks ----------------------------------------------------------------------------
    def _on_choice(self, change: dict[str, Any]) -> None:
        if not self._updating:
            self.controller.choose(change["new"] or "")

    def _on_branch(self, change: dict[str, Any]) -> None:
        if not self._updating and change["new"] is not None:
            self.controller.switch_branch(change["new"])

    # -- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw every part from the controller (called after each change)."""
        self._updating = True
        try:
            self._draw_cells()
            if self._deferred and self.batch_defers_actions:
                self._actions_stale = True
            else:
                self._draw_actions()
            self._draw_nav()
            self._draw_texts()
        finally:
            self._updating = False

    def _draw_cells(self) -> None:
        if self._deferred:
            return
        ctl = self.controller
        obs = ctl.observation()
        hl, sel = set(ctl.highlights()), self.selected_cells(obs)
        for name, b in self.cell_buttons.items():
            # one message per model for all the traits a cell changes (the border alone is four)
            with b.hold_sync(), b.style.hold_sync(), b.layout.hold_sync():
                self.draw_cell(name, b, obs, hl, sel)

    def _draw_actions(self) -> None:
        self._actions_stale = False
        ctl = self.controller
        buttons: list[widgets.Widget] = []
        for a in ctl.pending_options:
            buttons.append(self._action_button(str(a), "info", str(a)))
        chance = ctl.state.is_chance_node()
        actions = ctl.button_actions()
        probs = dict(ctl.state.chance_outcomes()) if chance and actions else {}
        for a in actions:
            tip = f"{a}: probability {probs[a]}" if chance else str(a)
            buttons.append(self._action_button(str(a), "" if chance else "primary", tip))
        if chance:
            buttons = [self.roll_button, self.roll_all_button] + buttons
        self.action_box.children = buttons
        choices = ctl.choices()
        self.chooser.options = [("any", "")] + [(c, c) for c in choices]
        self.chooser.value = ctl.choice if ctl.choice in choices else ""
        self.chooser.layout.display = "" if choices else "none"

    def _action_button(self, label: str, style: str, tooltip: str) -> widgets.Button:
        """The button for the action written ``label``, made once and reused (so that a long
        session does not pile up widget models in the kernel and the saved widget state)."""
        b = self._action_buttons.get(label)
        if b is None:
            b = self._action_buttons[label] = self._button(label, lambda _b, text=label: self.controller.apply(text))
        b.button_style, b.tooltip = style, tooltip
        return b

    def _draw_nav(self) -> None:
        ctl = self.controller
        self.back_button.disabled = not ctl.can_back()
        self.forward_button.disabled = not ctl.can_forward()
        branches = ctl.branches()
        self.branch_dropdown.options = [(b.label, b.index) for b in branches]
        self.branch_dropdown.value = next(b.index for b in branches if b.current)
        self.branch_dropdown.layout.display = "" if len(branches) > 1 else "none"

    def _draw_texts(self) -> None:
        ctl = self.controller
        res = ctl.last_result
        msg = escape(ctl.message)
        if res is not None and res.status in ("illegal", "refused"):
            self.message_html.value = f'<div style="color:#c0392b"><b>{msg}</b></div>'
        elif msg:
            self.message_html.value = f"<div>{msg}</div>"
        else:
            self.message_html.value = "<div>&nbsp;</div>"
        line, here = ctl.line(), ctl.index
        items = []
        for i, text in enumerate(line, start=1):
            t = escape(text)
            if i == here:
                t = f"<b>{t}</b>"
            elif i > here:
                t = f'<span style="color:#999">{t}</span>'
            items.append(f"<li>{t}</li>")
        self.log_html.value = (f"<ol style='margin:0;columns:3'>{''.join(items)}</ol>" if items
                               else "<i>no actions yet</i>")
        self.status_html.value = self.status_text()
        self.svg_html.value = self.svg()

    def status_text(self) -> str:
        """The status line as HTML: move, turn, who is to move, phase, and the game's extras."""
        st = self.controller.status()
        who = st["to_move"]
        if who == "chance":
            who_txt = "chance to act"
        elif who == "over":
            out = st.get("outcome")
            who_txt = "game over"
            if out is not None:
                if out.winners:
                    names = ", ".join(self.player_name(w) for w in out.winners)
                    verb = "wins" if len(out.winners) == 1 else "win"
                    who_txt += f": {escape(names)} {verb} ({escape(out.reason)}, {escape(out.clause)})"
                else:
                    who_txt += f": no winner ({escape(out.reason)}, {escape(out.clause)})"
        else:
            who_txt = (f'<span style="color:{self.player_colour(who)}"><b>{escape(self.player_name(who))}</b></span>'
                       " to move")
        parts = [f"move {st['move']}"]
        if st.get("seat") is not None:
            seat = st["seat"]
            parts.insert(0, f'seen by <span style="color:{self.player_colour(seat)}">'
                            f"<b>{escape(self.player_name(seat))}</b></span>")
        elif getattr(getattr(self.controller.state.game, "spec", None), "information", "") == "imperfect":
            parts.insert(0, f"<b>{FULL_VIEW_NOTE}</b>")
        if st.get("turn") is not None:
            parts.append(f"turn {st['turn']}")
        parts.append(who_txt)
        if st.get("phase"):
            parts.append(f"phase: {escape(str(st['phase']))}")
        parts.extend(self.status_extras(st, self.controller.observation()))
        return "<div>" + " · ".join(parts) + "</div>"


def board_kind(state_or_game: Any) -> str:
    """The board kind of a State or Game: ``game.board.kind`` if it has one, ``"hex"`` for a
    HexBoard, ``"square"`` when the observation has the arena's ``tiles`` and ``holes``.

    Args:
        state_or_game: a State or a Game.

    Returns:
        The kind (``"hex"``, ``"square"``, or the board's own ``kind``).

    Raises:
        TypeError: none of these applies.
    """
    from boardkit.core.boards import HexBoard

    game = _game_of(state_or_game)
    board = getattr(game, "board", None)
    kind = getattr(board, "kind", None)
    if isinstance(kind, str) and kind:
        return kind
    if isinstance(board, HexBoard) or (hasattr(board, "coords") and hasattr(board, "names")):
        return "hex"
    state = state_or_game if hasattr(state_or_game, "observation") else None
    if state is None and game is not None:
        state = game.new_initial_state()
    if state is not None:
        obs = state.observation(None)
        if isinstance(obs, dict) and "tiles" in obs and "holes" in obs:
            return "square"
    raise TypeError(f"cannot tell the board kind of {type(state_or_game).__name__}: its game.board has no "
                    f"'kind' and is no HexBoard, and the observation has no 'tiles' and 'holes'")


def _game_of(state_or_game: Any) -> Any:
    return state_or_game if hasattr(state_or_game, "new_initial_state") else getattr(state_or_game, "game", None)


def game_widget_class(game_id: str) -> type[BoardWidget] | None:
    """The board widget class of a game, by convention: ``BOARD_WIDGET`` of the module
    ``boardkit.viz.<game_id>.widget``.

    Args:
        game_id: the game's id (``game.name``, ``game.spec.id``).

    Returns:
        The class, or None when the game has no such module.

    Raises:
        TypeError: the module exists but its ``BOARD_WIDGET`` is no BoardWidget subclass.
    """
    if not game_id.isidentifier():
        return None
    name = f"boardkit.viz.{game_id}.widget"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):  # no such module (not a missing import inside it)
            return None
        raise
    cls = getattr(module, "BOARD_WIDGET", None)
    if not (isinstance(cls, type) and issubclass(cls, BoardWidget)):
        raise TypeError(f"{name}.BOARD_WIDGET must be a BoardWidget subclass, got {cls!r}")
    return cls


def board_widget(state_or_game: Any, **kwargs: Any) -> BoardWidget:
    """The board widget for a State or Game: the game's own widget (:func:`game_widget_class`:
    ``BOARD_WIDGET`` of ``boardkit.viz.<game id>.widget``), else a plain :class:`BoardWidget`
    laid out from the board (hex rows for a hex board, a grid of ``columns`` x ``rows`` for a
    square board).

    Args:
        state_or_game: a State (copied) or a Game (starts from its initial state).
        **kwargs: passed to the widget class (``seed=``, ``seat=``, ``show_svg=``...).

    Returns:
        The widget.

    Raises:
        TypeError: ``state_or_game`` is neither a State nor a Game; the game has no widget and
            its board is neither hex nor square.
    """
    game = _game_of(state_or_game)
    if game is None:  # neither a game nor anything with one
        raise TypeError(f"board_widget: state_or_game is a boardkit State or Game, not "
                        f"{type(state_or_game).__name__}")
    own = game_widget_class(str(getattr(game, "name", "")))
    if own is not None:
        return own(state_or_game, **kwargs)
    kind = board_kind(state_or_game)
    board = getattr(game, "board", None)
    if kind == "hex":
        return BoardWidget(state_or_game, layout=CellLayout.hex(board), **kwargs)
    if kind == "square":
        cols, rows = getattr(board, "columns", None), getattr(board, "rows", None)
        if isinstance(cols, int) and isinstance(rows, int):
            return BoardWidget(state_or_game, layout=CellLayout.grid(cols, rows), **kwargs)
    raise TypeError(f"no widget for {getattr(game, 'name', type(state_or_game).__name__)!r}: no module "
                    f"boardkit.viz.<game id>.widget, and its {kind!r} board is neither hex nor a square grid")


__all__ = ["BoardWidget", "board_widget", "board_kind", "game_widget_class", "CellLayout",
           "ROLL_LABEL", "ROLL_ALL_LABEL", "BACK_LABEL", "FORWARD_LABEL"]
