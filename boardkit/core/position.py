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

A game declares its description once, as a :class:`PositionFormat`: its :class:`Field` s (each
with its JSON schema: type, bounds, choices; whether it is required; its default; and the game's
small ``read`` hook doing what only the game knows: pieces, cards, the rules' checks of that
field) and its named :class:`Check` s across fields, in the order they are read. The reader
runs them (:meth:`PositionReader.run`), reading cells with :meth:`PositionReader.cell`, and the
game ends with :meth:`PositionReader.finish` (the state's start is the description, its
history empty, its automatic steps taken).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterable, Sequence, TypeVar

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


C = TypeVar("C")


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


#: The default of a :class:`Field` whose ``read`` hook is not called when the field is absent.
ABSENT: Any = _Absent()


@dataclass(frozen=True)
class Field(Generic[C]):
    """One top-level field of a game's position description.

    Attributes:
        name: the field's key.
        schema: its JSON schema (type, bounds, choices); a whole number without a maximum
            gets :data:`MAX_COUNT` (:func:`bounded`).
        read: the game's hook ``read(reader, ctx, value)``: the rule checks only the game
            knows, storing what it reads in ``ctx`` (the game's reading context); it raises
            :meth:`PositionReader.error` naming the field (``BoardkitDataError``) or
            ``IllegalPositionError`` naming the clause. None: the field is read by a
            :class:`Check` (a section read from several fields).
        default: the value handed to ``read`` when the field is absent; a callable computes
            it as ``default(ctx)`` from what is read so far; :data:`ABSENT`: ``read`` is not
            called then.
        required: the description must give the field.
    """

    name: str
    schema: Any
    read: Callable[["PositionReader", C, Any], None] | None = None
    default: Any = ABSENT
    required: bool = False


@dataclass(frozen=True)
class Check(Generic[C]):
    """A named step of reading across fields: a check of the rules between fields, or a
    section read from several of them; ``run(reader, ctx)`` raises as a :class:`Field`'s
    ``read`` does."""

    name: str
    run: Callable[["PositionReader", C], None]


class PositionFormat(Generic[C]):
    """A game's position description: its fields and the order they are read in.

    Args:
        fields: every field the description may hold, in the order of its JSON schema.
        steps: the reading order: a field's name (its ``read`` hook) or a :class:`Check`;
            by default every field with a ``read`` hook, in the order given.

    Attributes:
        schema: the JSON schema of the description (no unknown key, the required fields),
            bounded once by :func:`bounded`.

    Raises:
        ValueError: a step names no field with a ``read`` hook.
    """

    def __init__(self, fields: Sequence[Field[C]], steps: Sequence[str | Check[C]] | None = None) -> None:
        self.fields = {f.name: f for f in fields}
        self.steps: tuple[str | Check[C], ...] = tuple(steps if steps is not None else
                                                      [f.name for f in fields if f.read is not None])
        self.schema: dict[str, Any] = bounded({
            "type": "object",
            **({"required": [f.name for f in fields if f.required]} if any(f.required for f in fields) else {}),
            "additionalProperties": False, "properties": {f.name: f.schema for f in fields}})
        wrong = [s for s in self.steps if isinstance(s, str) and (s not in self.fields or self.fields[s].read is None)]
        if wrong:
            raise ValueError(f"position format: the steps {wrong} name no field with a read hook")


class PositionReader:
    """A position description, read and checked once (module docstring).

    Args:
        game: the game the position is for (its ``num_players`` and ``options``).
        description: YAML text or a mapping (copied: the caller's is never kept).
        schema: the game's :class:`PositionFormat`, or a JSON schema of the description
            (bounded by :func:`bounded`).
        source: the name of the input in messages.

    Attributes:
        doc: the checked description, a new dict (keys of mappings one level down as text).

    Raises:
        BoardkitDataError: not YAML or not a mapping, an unknown or missing field, a key
            given twice, a value of the wrong type or out of its bounds (names the field).
    """

    def __init__(self, game: Any, description: Any, schema: "dict[str, Any] | PositionFormat[Any]",
                 source: str = "position") -> None:
        if not isinstance(description, str):
            description = copy.deepcopy(description)
        self.game = game
        self.source = source
        self.format = schema if isinstance(schema, PositionFormat) else None
        checked = schema.schema if isinstance(schema, PositionFormat) else bounded(schema)
        self.doc: dict[str, Any] = load_description(description, checked, source)

    def run(self, ctx: Any, steps: "Sequence[str | Check[Any]] | None" = None) -> None:
        """Read the description into ``ctx``: each step of the format (or ``steps``) in turn,
        a field's ``read`` hook with its value (or its default), a check's ``run``.

        Raises:
            BoardkitDataError, IllegalPositionError: what the hooks raise (naming the field).
        """
        assert self.format is not None, "a reader built from a PositionFormat runs its steps"
        for step in self.format.steps if steps is None else steps:
            if isinstance(step, Check):
                step.run(self, ctx)
                continue
            field = self.format.fields[step]
            if step in self.doc:
                value = self.doc[step]
            elif field.default is ABSENT:
                continue
            else:
                value = field.default(ctx) if callable(field.default) else field.default
            assert field.read is not None
            field.read(self, ctx, value)

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


__all__ = ["ABSENT", "MAX_COUNT", "Check", "Field", "PositionFormat", "PositionReader", "bounded"]
