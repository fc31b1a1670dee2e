"""ipywidgets boards for hex games (Leaders first).

:class:`HexBoardWidget` draws any hex-board game through a :class:`BoardController`: one small
Button per cell laid out in hex rows, buttons for the actions that are not clicks (pass,
exile, chance outcomes), a card chooser, Back / Forward and a branch dropdown, a message area
(the clause id and the reason of an illegal click, in red), the log of the current line, a
status line, and a static SVG of the position (which stays readable in exported HTML reports).

In a notebook::

    import boardkit
    from boardkit.viz.widgets import LeadersBoard
    board = LeadersBoard(boardkit.load_game("leaders"), seed=1)
    board          # click a piece, then a highlighted cell; 'Roll chance' for draws

From Python (tests, scripted tours) the same widget is driven with ``board.click("d1")``,
``board.cell_buttons["d2"].click()`` or ``board.press("pass")``.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from boardkit.viz.controller import BoardController
from boardkit.viz.hexboard import (
    CELL_FILL,
    HIGHLIGHT_FILL,
    RECRUIT_RING,
    SELECTED_STROKE,
    abbreviation,
    hex_svg,
    owner_colour,
    recruit_cells,
)

ROLL_LABEL = "Roll chance"
ROLL_ALL_LABEL = "Roll until decision"
BACK_LABEL = "◀ Back"
FORWARD_LABEL = "Forward ▶"


class HexBoardWidget(widgets.VBox):
    """A clickable board for a hex game, driven by a :class:`BoardController`.

    Args:
        state_or_game: the starting State (copied) or a Game (starts from its initial state).
        seed: seed for 'Roll chance' (see :class:`BoardController`): same seed, same draws.
        cell_size: button width and height in pixels.
        show_names: write the cell name (grey) on empty cells.
        show_svg: show the static SVG picture under the board (kept up to date).

    Attributes:
        controller: the BoardController (game tree, clicks, messages).
        cell_buttons: cell name -> its Button.
        action_box: HBox of the buttons for non-cell actions, pending options and chance.
        chooser: ToggleButtons of the choices (cards) for click actions.
        branch_dropdown: Dropdown of the lines explored.
        message_html, log_html, status_html, svg_html: HTML widgets.
    """

    def __init__(self, state_or_game: Any, seed: int | str | None = None, cell_size: int = 44,
                 show_names: bool = True, show_svg: bool = True) -> None:
        super().__init__()
        self.controller = BoardController(state_or_game, seed=seed)
        self.cell_size = cell_size
        self.show_names = show_names
        self._updating = False
        board = self.controller.game.board
        self._board = board
        self._recruit = recruit_cells(board)
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

    # -- construction ---------------------------------------------------------------------
    @staticmethod
    def _button(label: str, handler: Any, style: str = "") -> widgets.Button:
        b = widgets.Button(description=label, button_style=style, tooltip=label,
                           layout=widgets.Layout(width="auto"))
        b.on_click(handler)
        return b

    def _make_grid(self) -> widgets.VBox:
        """Buttons in hex rows: one HBox per row r, cells in order of q, each row shifted right
        by half a cell per step of ``2q + r`` (pointy-top hexagons, axial coordinates).

        Per-row HBoxes with a left margin (rather than a GridBox with ``grid_column`` per
        button) because the offline HTML widget manager drops per-child grid placement."""
        coords = self._board.coords
        c0 = min(2 * q + r for q, r in coords)
        pitch = self.cell_size + 2  # button width + 1px margin each side
        rows: dict[int, list[tuple[int, str]]] = {}
        for (q, r), name in zip(coords, self._board.names):
            rows.setdefault(r, []).append((q, name))
        boxes = []
        for r in sorted(rows):
            cells = sorted(rows[r])
            indent = (2 * cells[0][0] + r - c0) * pitch // 2
            buttons = []
            for _q, name in cells:
                b = widgets.Button(description="", tooltip=name, layout=widgets.Layout(
                    width=f"{self.cell_size}px", height=f"{self.cell_size - 6}px", padding="0px", margin="1px"))
                b.add_class("boardkit-cell")
                b.on_click(lambda _b, cell=name: self.controller.click(cell))
                self.cell_buttons[name] = b
                buttons.append(b)
            boxes.append(widgets.HBox(buttons, layout=widgets.Layout(margin=f"0px 0px 0px {indent}px")))
        return widgets.VBox(boxes, layout=widgets.Layout(margin="4px 0px"))

    # -- Python driving ---------------------------------------------------------------------
    def click(self, cell: str) -> None:
        """Click the button of ``cell`` (as a user would; ``"D1"`` and ``"d1"`` are the same).

        Raises:
            KeyError: no such cell on the board.
        """
        cell = cell.strip().lower() if isinstance(cell, str) else cell
        if cell not in self.cell_buttons:
            raise KeyError(f"{cell!r} is not a cell of board {self._board.name}")
        self.cell_buttons[cell].click()

    def buttons(self) -> dict[str, widgets.Button]:
        """Every non-cell button by its label: actions, pending options, chance, navigation."""
        out: dict[str, widgets.Button] = {}
        for b in [*self.action_box.children, self.back_button, self.forward_button]:
            if isinstance(b, widgets.Button):
                out[b.description] = b
        return out

    def press(self, label: str) -> None:
        """Press the non-cell button labelled ``label`` (``"pass"``, ``"exile Archer"``,
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
        ctl = self.controller
        pieces = ctl.state.observation(None).get("pieces", {})
        hl, sel = set(ctl.highlights()), set(ctl.selected())
        for name, b in self.cell_buttons.items():
            pc = pieces.get(name)
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
        self.svg_html.value = hex_svg(ctl.state, highlights=ctl.highlights(), selected=ctl.selected(), size=20)

    def status_text(self) -> str:
        """The status line as HTML: move, turn, who is to move, phase, market, cards."""
        st = self.controller.status()
        who = st["to_move"]
        if who == "chance":
            who_txt = "chance to act"
        elif who == "over":
            out = st.get("outcome") or {}
            winner = out.get("winner") if isinstance(out, dict) else None
            who_txt = "game over" + (f": player {winner} wins ({out.get('reason', '')})" if winner is not None else "")
        else:
            who_txt = f'<span style="color:{owner_colour(who)}"><b>player {who}</b></span> to move'
        parts = [f"move {st['move']}"]
        if st.get("turn") is not None:
            parts.append(f"turn {st['turn']}")
        parts.append(who_txt)
        if st.get("phase"):
            parts.append(f"phase: {escape(str(st['phase']))}")
        if st.get("market"):
            parts.append("market: " + escape(", ".join(st["market"])))
        if st.get("cards"):
            parts.append("cards: " + " | ".join(f"P{p}: {escape(', '.join(c))}" for p, c in enumerate(st["cards"])))
        if st.get("exiled"):
            parts.append("exiled: " + escape(", ".join(st["exiled"])))
        return "<div>" + " · ".join(parts) + "</div>"


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


__all__ = ["HexBoardWidget", "LeadersBoard"]
