"""The position reader every game shares: the common work of ``state_from_position`` done once.

A game's reader (``games/<game>/position.py``) describes its fields as a JSON schema and
reads its positions through a :class:`PositionReader`, which does the work that is the same
in every game, each error naming the field and the value:

- the description as YAML text or a mapping (copied), checked to be a mapping, with no
  unknown key (:func:`boardkit.core.validate.load_description`: a key given twice, also as
  ``0`` and ``"0"``, is refused), with its required fields and the right types;
- every whole number bounded: a schema integer without a maximum gets :data:`MAX_COUNT`
  (``turn: 10**40`` is refused naming ``turn`` and the bound, never kept);
- seats (``to_move: 99``, a seat key ``'07'``), named choices and game-dependent ranges
  (:meth:`PositionReader.seat`, :meth:`PositionReader.whole`, :meth:`PositionReader.choice`);
- the turn counter against the game's ``max_turns`` cut-off (:meth:`PositionReader.turns`):
  a position past it cannot arise in that game and is refused naming the field.

The game's hook then does what only it knows (pieces, cards, the rules' checks), reading cells
with :meth:`PositionReader.cell` and ending with :meth:`PositionReader.finish` (the state's
start is the description, its history empty, its automatic steps taken).
"""

from __future__ import annotations

import copy
from typing import Any, Iterable

from boardkit.core.rules import IllegalPositionError
from boardkit.core.validate import BoardkitDataError, load_description, shorten

#: The largest whole number a position may hold in a field without a tighter bound of its
#: own (turn and round counters, radii, looks' rounds): far beyond any game played, small
#: enough that nothing built from it grows without bound.
MAX_COUNT = 10**9


def bounded(schema: Any) -> Any:
    """A copy of a JSON schema in which every ``integer`` without a ``maximum`` has
    :data:`MAX_COUNT` as its maximum (and ``-MAX_COUNT`` as its minimum when it has none)."""
    if isinstance(schema, list):
        return [bounded(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: bounded(v) for k, v in schema.items()}
    types = out.get("type")
    if types == "integer" or (isinstance(types, list) and "integer" in types):
        out.setdefault("maximum", MAX_COUNT)
        out.setdefault("minimum", -MAX_COUNT)
    return out


class PositionReader:
    """A position description, read and checked once (module docstring).

    Args:
        game: the game the position is for (its ``num_players`` and ``options``).
        description: YAML text or a mapping (copied: the caller's is never kept).
        schema: the game's JSON schema of the description (bounded by :func:`bounded`).
        source: the name of the input in messages.

    Attributes:
        doc: the checked description, a new dict (keys of mappings one level down as text).

    Raises:
        BoardkitDataError: not YAML or not a mapping, an unknown or missing field, a key
            given twice, a value of the wrong type or out of its bounds (names the field).
    """

    def __init__(self, game: Any, description: Any, schema: dict[str, Any], source: str = "position") -> None:
        if not isinstance(description, str):
            description = copy.deepcopy(description)
        self.game = game
        self.source = source
        self.doc: dict[str, Any] = load_description(description, bounded(schema), source)

    def error(self, field: str, message: str) -> BoardkitDataError:
        """``BoardkitDataError("position: <field>: <message>")``."""
        return BoardkitDataError(f"{self.source}: {field}: {message}")

    def get(self, field: str, default: Any = None) -> Any:
        """The value of a top-level field, or ``default`` when it is not given."""
        return self.doc.get(field, default)

    def whole(self, field: str, value: Any, low: int, high: int, why: str = "") -> int:
        """``value`` as a whole number in ``low .. high`` (a bound the game knows: the
        players, a card's figures...), else an error naming the field and the bound."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(field, f"expected a whole number, got {shorten(value)}")
        if not low <= value <= high:
            raise self.error(field, f"{shorten(value)} is out of range: {low} .. {high}" + (f" ({why})" if why else ""))
        return value

    def seat(self, field: str, value: Any) -> int:
        """A seat, given as a whole number or as text (a mapping's key) of one, ``0 .. n-1``;
        text with leading zeros or signs (``'07'``, ``'+1'``) is refused: it would stand for
        another key's seat."""
        n = self.game.num_players
        if isinstance(value, str):
            if not value.isascii() or not value.isdigit() or len(value) > 4:
                raise self.error(field, f"{shorten(value)} is not a seat (0 .. {n - 1})")
            if value != str(int(value)) and int(value) < n:  # '07' would silently stand for seat 7
                raise self.error(field, f"{shorten(value)}: write a seat without leading zeros ({int(value)})")
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            raise self.error(field, f"{shorten(value)} is not a seat (0 .. {n - 1})")
        return value

    def seat_keys(self, field: str) -> dict[int, Any]:
        """A mapping field keyed by seats, as ``{seat: value}``; each seat once (``7`` and
        ``'7'`` are one seat)."""
        out: dict[int, Any] = {}
        for key, value in (self.doc.get(field) or {}).items():
            p = self.seat(field, key)
            if p in out:
                raise self.error(field, f"seat {p} is given twice")
            out[p] = value
        return out

    def choice(self, field: str, value: Any, choices: Iterable[Any], what: str = "one of") -> Any:
        """``value`` if it is among ``choices``, else an error listing them."""
        options = list(choices)
        if value not in options:
            raise self.error(field, f"{shorten(value)} is not {what} ({', '.join(str(c) for c in options)})")
        return value

    def cell(self, field: str, name: Any) -> int:
        """The index of the cell written ``name`` on the game's ``board``, else an error
        naming the field, the value and the board."""
        try:
            return int(self.game.board.index(name))
        except KeyError as exc:
            raise self.error(field, str(exc.args[0])) from None

    def finish(self, state: Any, settle: bool = True) -> Any:
        """``state`` as read from this description: its start is (a copy of) the description,
        its history empty, and (with ``settle``) its automatic steps taken; returns it."""
        state._start = copy.deepcopy(self.doc)
        state._history = []
        state._seen = []
        if settle:
            state._settle()
        return state

    def turns(self, field: str, value: int, clause: str, slack: int = 0) -> int:
        """A count of turns begun, checked against the game's ``max_turns`` cut-off: a game
        with ``max_turns=m`` begins no turn after its m-th (plus ``slack`` turns begun
        together, as a simultaneous round begins one for every seat), so a position past it
        cannot arise in that game.

        Raises:
            IllegalPositionError: ``value`` past the cut-off (names the field and ``clause``,
                the clause of the game's ``max_turns`` option).
        """
        limit = self.game.options.get("max_turns")
        if limit is not None and value > limit + slack:
            raise IllegalPositionError(clause, f"{self.source}: {field}: {value} turns begun, but this game is cut "
                                               f"off after {limit} (max_turns={limit})")
        return value


__all__ = ["MAX_COUNT", "PositionReader", "bounded"]
