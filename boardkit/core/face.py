"""The notebook face of a State: what ``repr`` says, and the picture a notebook shows.

Evaluating a State in a Jupyter cell draws it (``State._repr_html_``), as python-chess draws
a board. Core knows no drawing: a *picture finder* (:func:`add_picture_finder`) maps a game id
to a function ``state -> SVG text``; the package ``boardkit`` adds the one that looks in
``boardkit.viz.<game id>`` (its ``state_svg``) on first use, so importing the rules never
imports a drawing module, and a game without pictures shows its text repr.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Callable, Optional

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.core.state import State

#: A function that draws a state: SVG (or HTML) text.
Picture = Callable[["State"], str]
#: A function that finds the picture of a game's states by game id, or None.
PictureFinder = Callable[[str], Optional[Picture]]

_FINDERS: list[PictureFinder] = []
_FOUND: dict[str, Picture | None] = {}


def add_picture_finder(finder: PictureFinder) -> None:
    """Add a way to find the picture of a game's states (looked up once per game id).

    Args:
        finder: takes a game id (``"leaders"``), returns a function ``state -> SVG text`` or
            None when it has no picture for that game. Called lazily, at the first display.
    """
    if finder not in _FINDERS:
        _FINDERS.append(finder)
        _FOUND.clear()


def picture_of(game_id: str) -> Picture | None:
    """The function that draws states of ``game_id``, from the first finder that has one;
    None when no finder has one."""
    if game_id not in _FOUND:
        _FOUND[game_id] = next((p for p in (f(game_id) for f in _FINDERS) if p is not None), None)
    return _FOUND[game_id]


def to_move(state: "State") -> str:
    """Who acts now, in words: ``"player 0 to move"``, ``"players 0, 1 to move"``,
    ``"chance to move"``, or at the end ``"over: player 1 won"`` / ``"over: no winner"``."""
    if state.is_terminal():
        winners = state.winners()
        if not winners:
            return "over: no winner"
        return f"over: player{'s' if len(winners) > 1 else ''} {', '.join(map(str, winners))} won"
    if state.is_chance_node():
        return "chance to move"
    seats = state.current_players()
    return f"player{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))} to move"


def describe(state: "State") -> str:
    """``repr(state)``: the game, how many actions were applied and who is to move, e.g.
    ``<leaders state: 12 actions, player 0 to move>``."""
    n = state.move_number()
    return f"<{state.game.name} state: {n} action{'' if n == 1 else 's'}, {to_move(state)}>"


def html(state: "State") -> str | None:
    """The HTML a notebook shows for ``state``: its picture (the full truth, as the State
    holds it) over a caption saying what it is; None when the game has no picture (the
    notebook then shows ``repr``)."""
    draw = picture_of(str(state.game.name))
    if draw is None:
        return None
    caption = escape(describe(state)[1:-1])
    return (f'<div class="boardkit-state" data-game="{escape(str(state.game.name))}">{draw(state)}'
            f'<div class="boardkit-state-caption" style="font-family:sans-serif;font-size:12px">{caption}</div></div>')


__all__ = ["add_picture_finder", "picture_of", "describe", "html", "to_move"]
