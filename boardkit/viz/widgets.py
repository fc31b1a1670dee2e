"""ipywidgets boards for boardkit games: hex boards (Leaders) and square arenas (Battle Royale).

:class:`BoardWidget` is the game-agnostic part: it draws any game through a
:class:`BoardController`: one small Button per cell (CSS class ``boardkit-cell``) placed by a
:class:`~boardkit.viz.layout.CellLayout`, buttons for the actions that are not clicks (pass,
``play 2x2``, ``done``, chance outcomes), a chooser for the non-cell part of click actions
(a card, a colour), Back / Forward and a branch dropdown, a message area (the clause id and the
reason of an illegal click, in red), the log of the current line, a status line, and a static
SVG of the position (which stays readable in exported HTML reports).

:class:`HexBoardWidget` (and :class:`LeadersBoard`) lays the cells out in hex rows;
:class:`SquareBoardWidget` in a plain grid, labelled with the figure counts of the tiles.
:func:`board_widget` picks the class from the game (:data:`GAME_WIDGETS`: Leaders, Marabunta's
``boardkit.viz.marabunta_widget.MarabuntaBoard``), else from the game's board.

In a notebook::

    import boardkit
    from boardkit.viz.widgets import LeadersBoard, board_widget
    board = LeadersBoard(boardkit.load_game("leaders"), seed=1)
    board          # click a piece, then a highlighted cell; 'Roll chance' for draws
    board_widget(state)   # the right widget for any game's state (hex or square board)

From Python (tests, scripted tours) the same widget is driven with ``board.click("d1")``,
``board.cell_buttons["d2"].click()`` or ``board.press("pass")``.
"""

from __future__ import annotations

from contextlib import contextmanager
from html import escape
from typing import Any, Iterator

import ipywidgets as widgets

from boardkit.viz.controller import BoardController
from boardkit.viz.layout import HIGHLIGHT_FILL, SELECTED_STROKE, CellLayout
from boardkit.viz.leaders import (
    CELL_FILL,
    RECRUIT_RING,
    abbreviation,
    hex_svg,
    owner_colour,
    recruit_cells,
)
from boardkit.viz import battle_royale as sq

ROLL_LABEL = "Roll chance"
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

    Class attributes:
        controller_class: the controller made for the widget (a game may subclass
            :class:`BoardController`).

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

    def __init__(self, state_or_game: Any, layout: CellLayout | None = None, seed: int | str | None = None,
                 cell_width: int = 44, cell_height: int = 38, show_names: bool = True,
                 show_svg: bool = True) -> None:
        super().__init__()
        self.controller = self.controller_class(state_or_game, seed=seed)
        self.cell_width, self.cell_height = cell_width, cell_height
        self.show_names = show_names
        self._updating = False
        self._deferred = 0  # > 0 inside batch(): cells are redrawn once at its end
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

    @contextmanager
    def batch(self) -> Iterator["BoardWidget"]:
        """Scripted play: inside ``with board.batch():`` clicks and presses work as usual but
        the cell buttons are redrawn once, at the end (every redraw of every cell is a message
        to the browser; JupyterLab drops a cell's output past 1,000 messages per second).

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
        return owner_colour(player)

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
            KeyError: no such cell on the board.
        """
        cell = cell.strip().lower() if isinstance(cell, str) else cell
        if cell not in self.cell_buttons:
            where = getattr(self._board, "name", None) or getattr(self.controller.game, "name", "")
            raise KeyError(f"{cell!r} is not a cell of board {where}")
        self.cell_buttons[cell].click()

    def buttons(self) -> dict[str, widgets.Button]:
        """Every non-cell button by its label: actions, pending options, chance, navigation."""
        out: dict[str, widgets.Button] = {}
        for b in [*self.action_box.children, self.back_button, self.forward_button]:
            if isinstance(b, widgets.Button):
                out[b.description] = b
        return out

    def press(self, label: str) -> None:
        """Press the non-cell button labelled ``label`` (``"pass"``, ``"play 2x2"``,
        ``"Roll chance"``, ``"◀ Back"`` or just ``"Back"``...).

        Raises:
            KeyError: no such button now (the message lists the buttons shown).
        """
        if not isinstance(label, str):
            raise TypeError(f"a button is named by its label text, got {label!r}")
        buttons = self.buttons()
        aliases = {"back": BACK_LABEL, "forward": FORWARD_LABEL}
        key = label if label in buttons else aliases.get(label.strip().lower(), label)
        if key not in buttons:
            raise KeyError(f"no button {label!r}; buttons: {', '.join(buttons)}")
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
            self._draw_actions()
            self._draw_nav()
            self._draw_texts()
        finally:
            self._updating = False

    def _draw_cells(self) -> None:
        if self._deferred:
            return
        ctl = self.controller
        obs = ctl.state.observation(None)
        hl, sel = set(ctl.highlights()), self.selected_cells(obs)
        for name, b in self.cell_buttons.items():
            # one message per model for all the traits a cell changes (the border alone is four)
            with b.hold_sync(), b.style.hold_sync(), b.layout.hold_sync():
                self.draw_cell(name, b, obs, hl, sel)

    def _draw_actions(self) -> None:
        ctl = self.controller
        buttons: list[widgets.Widget] = []
        for a in ctl.pending_options:
            buttons.append(self._action_button(str(a), "info", str(a)))
        chance = ctl.state.is_chance_node()
        probs = dict(ctl.state.chance_outcomes()) if chance else {}
        for a in ctl.button_actions():
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
        if st.get("turn") is not None:
            parts.append(f"turn {st['turn']}")
        parts.append(who_txt)
        if st.get("phase"):
            parts.append(f"phase: {escape(str(st['phase']))}")
        parts.extend(self.status_extras(st, self.controller.state.observation(None)))
        return "<div>" + " · ".join(parts) + "</div>"


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

    Attributes:
        As :class:`BoardWidget`.
    """

    def __init__(self, state_or_game: Any, seed: int | str | None = None, cell_size: int = 44,
                 show_names: bool = True, show_svg: bool = True, layout: CellLayout | None = None) -> None:
        self.cell_size = cell_size
        super().__init__(state_or_game, layout=layout, seed=seed, cell_width=cell_size, cell_height=cell_size - 6,
                         show_names=show_names, show_svg=show_svg)

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
        return hex_svg(ctl.state, highlights=ctl.highlights(), selected=ctl.selected(), size=20)

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
        **kwargs: as :class:`HexBoardWidget`.
    """

    def __init__(self, state_or_game: Any = None, seed: int | str | None = None, **kwargs: Any) -> None:
        if state_or_game is None:
            import boardkit

            state_or_game = boardkit.load_game("leaders")
        super().__init__(state_or_game, seed=seed, **kwargs)


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
    """

    def __init__(self, state_or_game: Any, seed: int | str | None = None, cell_width: int = 104,
                 cell_height: int = 44, zeros: bool = True, show_names: bool = False, show_svg: bool = True,
                 layout: CellLayout | None = None) -> None:
        self.zeros = zeros
        super().__init__(state_or_game, layout=layout, seed=seed, cell_width=cell_width, cell_height=cell_height,
                         show_names=show_names, show_svg=show_svg)

    def make_layout(self) -> CellLayout:
        board = self._board

        def dim(*attrs: str) -> int:
            for a in attrs:
                v = getattr(board, a, None)
                if isinstance(v, int) and not isinstance(v, bool) and v > 0:
                    return v
            return 5

        cols, rows = dim("columns", "width", "size"), dim("rows", "height", "size")
        obs = sq.observation_of(self.controller.state)
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
        obs = ctl.state.observation(None)
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


#: Board kind -> widget class, for :func:`board_widget` (add your own).
BOARD_WIDGETS: dict[str, type[BoardWidget]] = {"hex": HexBoardWidget, "square": SquareBoardWidget}
#: Game name -> widget class, or ``"module:Class"`` imported on first use; checked before
#: the board kind by :func:`board_widget` (add your own).
GAME_WIDGETS: dict[str, type[BoardWidget] | str] = {
    "leaders": LeadersBoard,
    "marabunta": "boardkit.viz.marabunta_widget:MarabuntaBoard",
}


def board_kind(state_or_game: Any) -> str:
    """The board kind of a State or Game: ``game.board.kind`` if it has one, ``"hex"`` for a
    HexBoard, ``"square"`` when the observation has the arena's ``tiles`` and ``holes``.

    Raises:
        TypeError: none of these applies.
    """
    from boardkit.core.boards import HexBoard

    game = state_or_game if hasattr(state_or_game, "new_initial_state") else getattr(state_or_game, "game", None)
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


def board_widget(state_or_game: Any, **kwargs: Any) -> BoardWidget:
    """The board widget for a State or Game: the game's own widget from :data:`GAME_WIDGETS`
    (:class:`LeadersBoard`, ``MarabuntaBoard``), else by :func:`board_kind`: a
    :class:`HexBoardWidget` for hex boards, a :class:`SquareBoardWidget` for square arenas
    (keyword arguments go to the class).

    Raises:
        TypeError: the board kind is unknown (the message lists the known kinds).
    """
    game = state_or_game if hasattr(state_or_game, "new_initial_state") else getattr(state_or_game, "game", None)
    own = GAME_WIDGETS.get(getattr(game, "name", ""))
    if isinstance(own, str):
        import importlib

        module, _, name = own.partition(":")
        own = GAME_WIDGETS[getattr(game, "name", "")] = getattr(importlib.import_module(module), name)
    if own is not None:
        return own(state_or_game, **kwargs)
    kind = board_kind(state_or_game)
    if kind not in BOARD_WIDGETS:
        raise TypeError(f"no widget for board kind {kind!r}; known kinds: {', '.join(sorted(BOARD_WIDGETS))}")
    return BOARD_WIDGETS[kind](state_or_game, **kwargs)


__all__ = ["BoardWidget", "HexBoardWidget", "LeadersBoard", "SquareBoardWidget", "board_widget", "board_kind",
           "BOARD_WIDGETS", "GAME_WIDGETS", "CellLayout"]
