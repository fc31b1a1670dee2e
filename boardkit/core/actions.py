"""Actions: immutable values whose ``str()`` is the game's notation, written and read through
their forms (:mod:`boardkit.core.notation`), and the chance outcomes every game shares.

A game's action is a frozen dataclass deriving from :class:`Action` with a ``forms`` tuple;
the game's spec lists its action classes in a :class:`~boardkit.core.notation.Notation`
table, from which parsing, ``str``, the clicked cells and the spec page's notation table come.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, make_dataclass
from typing import Any, ClassVar

from boardkit.core.validate import shorten
from boardkit.core.notation import Form, NotationContext, _Lit, _Opt, _Slot, fit_form, render


class Action:
    """Base of every game's actions and chance outcomes.

    Subclasses are frozen dataclasses with a class attribute ``forms`` (how the action is
    written); ``str(action)`` gives the notation that ``state.parse_action`` reads back, and
    ``repr`` can be pasted back as code. Actions compare by value and hash.

    Two properties let a board widget map clicks to actions without knowing the game:
    ``cells`` is the sequence of cell names a player clicks to make the action (the form's
    ``cell`` slots; empty for actions made with a button), and ``choice`` the non-cell part of
    the decision (a card name, ``"pass"``, a chance outcome), shown as a button or selector.
    """

    __slots__ = ()
    #: how the action is written (first form that fits is used by ``str``).
    forms: ClassVar[tuple[Form, ...]] = ()
    #: the rule clause the action follows (a form's own clause wins).
    clause: ClassVar[str] = ""
    #: made with a button: the whole notation is the choice (chance outcomes, card plays).
    button: ClassVar[bool] = False

    @classmethod
    def build(cls, ctx: NotationContext, **fields: Any) -> "Action":
        """Make the action from parsed fields (override to normalise, e.g. order a pool)."""
        return cls(**fields)

    def _words(self) -> list[tuple[str, bool]]:
        form = fit_form(self)
        if form is None:
            raise ValueError(f"{shorten(self)} fits none of the forms of {type(self).__name__}")
        return render(self, form)

    def __str__(self) -> str:
        # Written once per value and kept on it (a value that has no __dict__ is written each time).
        # Read as an attribute, not through __dict__, which would make the value's dict object.
        try:
            return self._notation  # type: ignore[attr-defined,no-any-return]
        except AttributeError:
            pass
        text = " ".join(w for w, _ in self._words())
        try:
            object.__setattr__(self, "_notation", text)
        except AttributeError:
            pass
        return text

    @property
    def cells(self) -> tuple[str, ...]:
        """Cell names clicked, in order, to make this action (``()`` if none)."""
        # Read once per value and kept on it, as the notation is (boards ask it of every legal
        # action at every click).
        try:
            return self.__dict__["_cells"]  # type: ignore[no-any-return]
        except (AttributeError, KeyError):
            pass
        out: tuple[str, ...] = () if self.button else tuple(w for w, is_cell in self._words() if is_cell)
        try:
            object.__setattr__(self, "_cells", out)
        except AttributeError:
            pass
        return out

    @property
    def choice(self) -> str:
        """The part of the decision that is not a cell ('' if none): for a button action the
        whole notation; for an action written without cells, its notation (``pass``);
        otherwise the words other than the cells and the leading verb (``recruit Archer c1``
        -> ``Archer``; ``yellow 2 i8 ant`` -> ``yellow 2 ant``; ``move d3`` -> ``''``)."""
        try:
            return self.__dict__["_choice"]  # type: ignore[no-any-return]  # kept on the value, as cells
        except (AttributeError, KeyError):
            pass
        words = self._words()
        if self.button or not any(is_cell for _, is_cell in words):
            out = " ".join(w for w, _ in words)
        else:
            form = fit_form(self)
            skip = 1 if form is not None and form.has_verb else 0
            out = " ".join(w for w, is_cell in words[skip:] if not is_cell)
        try:
            object.__setattr__(self, "_choice", out)
        except AttributeError:
            pass
        return out


class ButtonAction(Action):
    """An action made with a button rather than by clicking cells (a chance outcome, a card to
    play, a split): its ``choice`` is its whole notation."""

    __slots__ = ()
    button: ClassVar[bool] = True


_SLOT_TYPES = {"int": int, "player": int}


def action_class(name: str, pattern: str, doc: str, clause: str, example: str, *, button: bool = False,
                 summary: str = "") -> Any:
    """Declare an action class in one row of a game's verb table: the frozen dataclass whose
    fields are the slots of ``pattern`` (typed by their kind: ``int`` and ``player`` slots are
    ints, ``+`` slots tuples, other slots text; an optional literal is a bool field of its
    name) and whose one form is ``pattern``.

    Args:
        name: the class name (the module that calls this is the class's module).
        pattern: the form, e.g. ``"select {cell:cell}"`` (see :mod:`boardkit.core.notation`).
        doc: what the action does, for the notation table.
        clause: the rule clause it follows.
        example: a notation example.
        button: made with a button (its notation is the choice), not by clicking cells.
        summary: the class docstring (default: ``doc`` and ``clause``).

    Returns:
        The new Action subclass.

    >>> Select = action_class("Select", "select {cell:cell}", "choose the piece on CELL", "X-1", "select a1")
    >>> Select("a1"), str(Select("a1")), Select("a1").cells
    (Select(cell='a1'), 'select a1', ('a1',))
    """
    form = Form(pattern, doc=doc, clause=clause, example=example)
    specs: list[Any] = []
    for part in form.parts:  # type: ignore[attr-defined]
        optional = isinstance(part, _Opt)
        for piece in part.parts if optional else (part,):
            if isinstance(piece, _Slot):
                kind = tuple if piece.many == "+" else _SLOT_TYPES.get(piece.kind, str)
                default = {tuple: (), int: None, str: ""}[kind]
                specs.append((piece.name, kind, field(default=default)) if optional else (piece.name, kind))
            elif optional and isinstance(piece, _Lit):
                specs.append((piece.word, bool, field(default=False)))
    module = sys._getframe(1).f_globals.get("__name__", __name__)
    cls = make_dataclass(name, specs, bases=(ButtonAction if button else Action,), frozen=True,
                         namespace={"forms": (form,), "__doc__": summary or f"{doc[:1].upper()}{doc[1:]} ({clause}).",
                                    "__module__": module})
    return cls


# -- chance outcomes every game shares ------------------------------------------------------------

@dataclass(frozen=True)
class FirstPlayer(ButtonAction):
    """Chance outcome: seat ``player`` takes the first turn (or is the start player)."""

    player: int
    forms = (Form("first {player:player}", doc="chance: this seat takes the first turn", example="first 1"),)


@dataclass(frozen=True)
class Draw(ButtonAction):
    """Chance outcome: ``card`` (a word of the game's ``card`` vocabulary) is drawn or revealed."""

    card: str
    forms = (Form("draw {card:card...}", doc="chance: this card is drawn", example="draw Archer"),)


@dataclass(frozen=True)
class Roll(ButtonAction):
    """Chance outcome: the game's die shows ``face`` (a word of its ``face`` vocabulary)."""

    face: str
    forms = (Form("roll {face:face}", doc="chance: the die shows this face", example="roll explosion"),)


@dataclass(frozen=True)
class RollDie(ButtonAction):
    """Chance outcome: where a game rolls several dice, the die ``die`` (a word of its ``die``
    vocabulary) shows ``face``."""

    face: str
    die: str
    forms = (Form("roll {die:die} {face:face}", doc="chance: this die shows this face", example="roll yellow 2"),)


__all__ = ["Action", "ButtonAction", "FirstPlayer", "Draw", "Roll", "RollDie", "action_class"]
