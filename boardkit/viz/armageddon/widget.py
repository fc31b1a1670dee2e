"""The Armageddon board widget: a :class:`~boardkit.viz.widgets.BoardWidget` whose buttons are
the board graph's nodes, in rows by their drawing height (data/boards/armageddon.yaml).

Each button shows the chip on its node (``r1`` for red1, ``w3``, ``OF`` for the officer) in its
colour. Shares of the roll (``move red2 3``) and die rolls are buttons of the generic board;
a displaced chip's circle is chosen by clicking a highlighted home or launch-table node.

In a notebook::

    import boardkit
    from boardkit.viz.armageddon.widget import ArmageddonBoard
    ArmageddonBoard(boardkit.load_game("armageddon"), seed=1)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from boardkit.viz.layout import HIGHLIGHT_FILL, SELECTED_STROKE, CellLayout
from boardkit.viz.widgets import BoardWidget

#: Chip colours by the chip name's start.
CHIP_COLOURS = {"red": "#c0392b", "green": "#27ae60", "yellow": "#d4ac0d", "w": "#2e5cb8", "officer": "#1b2f6b"}


def graph_layout(board: Any) -> CellLayout:
    """Rows of a graph board's nodes: one row per drawing height (top first), left to right,
    indented by x (half-pitch steps)."""
    by_row: dict[float, list[tuple[float, str]]] = {}
    for name, (x, y) in zip(board.names, board.positions):
        by_row.setdefault(round(y), []).append((x, name))
    x0 = min(x for x, _ in board.positions)
    rows, indents = [], []
    for y in sorted(by_row, reverse=True):
        cells = sorted(by_row[y])
        rows.append(tuple(n for _, n in cells))
        indents.append(max(0, int(round(cells[0][0] - x0))))
    return CellLayout("square", tuple(rows), tuple(indents))


def chip_colour(chip: str) -> str:
    """CSS colour of a chip by its name."""
    for start, colour in CHIP_COLOURS.items():
        if chip.startswith(start):
            return colour
    return "#555555"


class ArmageddonBoard(BoardWidget):
    """A clickable Armageddon board (module docstring); arguments as :class:`BoardWidget`."""

    def make_layout(self) -> CellLayout:
        return graph_layout(self._board)

    def draw_cell(self, name: str, button: widgets.Button, obs: dict[str, Any], highlights: set[str],
                  selected: set[str]) -> None:
        on = {node: chip for chip, node in obs.get("chips", {}).items()}
        chip = on.get(name)
        if chip:
            button.description = "OF" if chip == "officer" else chip[0] + chip[-1] if chip[0] in "rgy" else chip
            button.tooltip = f"{name}: {chip}"
            colour, text = chip_colour(chip), "white"
        else:
            button.description = name if self.show_names else ""
            button.tooltip = name
            colour, text = "#eeeeee", "#777777"
        if name in selected:
            colour = SELECTED_STROKE
        elif name in highlights:
            colour = HIGHLIGHT_FILL
        button.style.button_color, button.style.text_color = colour, text

    def player_name(self, player: int) -> str:
        names = getattr(self.controller.game, "seat_names", ())
        return names[player] if 0 <= player < len(names) else f"player {player}"


BOARD_WIDGET = ArmageddonBoard
