"""Valuations of the pools of a split: a value per element (or per face) and role.

Part of :mod:`boardkit.analysis.splits`. An :class:`AdditiveValuation` sums a value per element;
a :class:`FaceValuation` values a die by its face whatever the colour. Each carries the
:class:`~boardkit.analysis.splits.rolls.RoundNames` its elements are named in.

>>> AdditiveValuation.from_function(lambda role, e: 1)("chooser", (("yellow", "3"), "tile"))
Fraction(2, 1)
"""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType
from typing import Any, Callable, Mapping, Union

from boardkit.analysis.splits.rolls import (
    FACES, ROLES, TILE, Element, Number, Pool, RoundNames, _check_element, _check_face, _check_role, _exact,
    _names,
)

__all__ = [
    "AdditiveValuation", "FaceValuation", "Valuation",
]


# --------------------------------------------------------------------------- valuations

def _show_table(table: Mapping[Any, Fraction]) -> str:
    """``{key: value}`` with whole values as ints and the others as ``Fraction(n, d)``."""
    def show(v: Fraction) -> str:
        return str(v.numerator) if v.denominator == 1 else repr(v)
    return "{" + ", ".join(f"{k!r}: {show(v)}" for k, v in table.items()) + "}"


class AdditiveValuation:
    """A value per element and role; a pool is worth the sum of its elements' values.

    Args:
        chooser: ``{element_key: value}`` for the chooser, element keys ``(colour, face)`` for a
            die and ``"tile"`` for the round's tile; values ints or Fractions (e.g. victory
            points). Keys may be missing; a missing key raises when the element is valued.
        splitter: the same for the splitter.
        names: the colours of the elements (default :data:`DEFAULT_NAMES`); the
            analyses of this valuation use it.

    Raises:
        ValueError: a key is not an element (unknown colour or face, naming it).
        TypeError: a value is a float or bool (not exact).
        KeyError: (when valuing) an element has no value for that role; the message names it.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.3 (each player carries out its own pool).

    >>> from fractions import Fraction
    >>> v = AdditiveValuation({("yellow", "3"): 3, "tile": 1}, {("yellow", "3"): 2, "tile": Fraction(1, 2)})
    >>> v("splitter", (("yellow", "3"), "tile"))
    Fraction(5, 2)
    """

    __slots__ = ("_tables", "names")

    _tables: dict[str, Mapping[Element, Fraction]]
    names: RoundNames

    def __init__(self, chooser: Mapping[Element, Number], splitter: Mapping[Element, Number],
                 names: RoundNames | None = None) -> None:
        voc = _names(names)
        tables: dict[str, Mapping[Element, Fraction]] = {}
        for role, table in (("chooser", chooser), ("splitter", splitter)):
            if not isinstance(table, Mapping):
                raise TypeError(f"the {role}'s values must be a mapping {{element: value}}, got {table!r}")
            tables[role] = MappingProxyType(
                {_check_element(k, voc): _exact(v, f"the {role}'s value of {k!r}") for k, v in table.items()})
        object.__setattr__(self, "_tables", tables)
        object.__setattr__(self, "names", voc)

    @classmethod
    def from_function(cls, value: Callable[[str, Element], Number], names: RoundNames | None = None) -> AdditiveValuation:
        """An additive valuation with ``value(role, element)`` for all 37 elements and both roles.

        Args:
            value: ``value(role, element) -> int | Fraction`` for role ``"chooser"`` or
                ``"splitter"`` and element ``(colour, face)`` or ``"tile"``.

        Returns:
            The complete :class:`AdditiveValuation`.

        >>> v = AdditiveValuation.from_function(lambda role, e: 1)
        >>> v.element_value("chooser", ("brown", "0"))
        Fraction(1, 1)
        """
        voc = _names(names)
        elements: list[Element] = [(c, f) for c in voc.colours for f in FACES] + [TILE]
        chooser, splitter = ({e: value(role, e) for e in elements} for role in ROLES)
        return cls(chooser, splitter, names=voc)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable (cannot set {name!r})")

    def table(self, role: str) -> Mapping[Element, Fraction]:
        """The (read-only) ``{element: Fraction}`` table of one role."""
        return self._tables[_check_role(role)]

    def element_value(self, role: str, element: Element) -> Fraction:
        """The value of one element to ``role``.

        Raises:
            ValueError: unknown role.
            KeyError: no value for this element (the message names it and the role).
        """
        try:
            return self._tables[role][element]
        except KeyError:
            _check_role(role)
            raise KeyError(f"{type(self).__name__} gives the {role} no value for element {element!r}") from None

    def pair(self, element: Element) -> tuple[Fraction, Fraction]:
        """``(chooser's value, splitter's value)`` of one element."""
        return self.element_value("chooser", element), self.element_value("splitter", element)

    def __call__(self, role: str, pool_: Pool) -> Fraction:
        """The value of a pool to ``role``: the sum of its elements' values (a Fraction)."""
        return sum((self.element_value(role, e) for e in pool_), Fraction(0))

    def colour_independent(self) -> bool:
        """Whether every face has the same value on every die (for both roles), as far as given."""
        for table in self._tables.values():
            by_face: dict[str, set[Fraction]] = {}
            for e, v in table.items():
                if e != TILE:
                    by_face.setdefault(e[1], set()).add(v)
            if any(len(vs) > 1 for vs in by_face.values()):
                return False
        return True

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AdditiveValuation):
            return NotImplemented
        return all(dict(self.table(r)) == dict(other.table(r)) for r in ROLES)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(chooser={_show_table(self._tables['chooser'])}, "
                f"splitter={_show_table(self._tables['splitter'])})")


class FaceValuation(AdditiveValuation):
    """An additive valuation that depends on the face only, not on the die's colour.

    The fast path of :func:`splitter_expected_value` for it runs over the 462 face multisets
    of :func:`boardkit.core.dice.pool` (multinomial weights) instead of the 46,656 rolls.

    Args:
        table: ``{face: value}`` for faces in :data:`FACES`, and ``"tile"`` for the tile;
            values ints or Fractions. Missing keys raise when such an element is valued.
        splitter: the splitter's table when it differs from the chooser's (default: the same
            table for both roles).
        names: the colours of the dice (default :data:`DEFAULT_NAMES`).

    Raises:
        ValueError: a key is neither a face nor ``"tile"`` (naming it).
        TypeError: a float or bool value.
        KeyError: (when valuing) a face or the tile has no value.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-1.1, MARA-3.3.

    >>> v = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
    >>> v("chooser", (("teal", "3"), ("brown", "crate"), "tile"))
    Fraction(6, 1)
    """

    __slots__ = ("_faces",)

    _faces: dict[str, Mapping[str, Fraction]]

    def __init__(self, table: Mapping[str, Number], splitter: Mapping[str, Number] | None = None,
                 names: RoundNames | None = None) -> None:
        voc = _names(names)
        faces: dict[str, Mapping[str, Fraction]] = {}
        for role, t in (("chooser", table), ("splitter", table if splitter is None else splitter)):
            if not isinstance(t, Mapping):
                raise TypeError(f"the {role}'s face values must be a mapping {{face: value}}, got {t!r}")
            for k in t:
                if k != TILE:
                    _check_face(k, " in a FaceValuation table (keys are faces or 'tile')")
            faces[role] = MappingProxyType({k: _exact(v, f"the {role}'s value of face {k!r}") for k, v in t.items()})
        full = []
        for role in ROLES:
            ft = faces[role]
            tab: dict[Element, Fraction] = {(c, f): ft[f] for c in voc.colours for f in FACES if f in ft}
            if TILE in ft:
                tab[TILE] = ft[TILE]
            full.append(tab)
        super().__init__(full[0], full[1], names=voc)
        object.__setattr__(self, "_faces", faces)

    def face_table(self, role: str) -> Mapping[str, Fraction]:
        """The (read-only) ``{face or "tile": Fraction}`` table of one role."""
        return self._faces[_check_role(role)]

    def colour_independent(self) -> bool:
        return True

    def __repr__(self) -> str:
        c, s = self._faces["chooser"], self._faces["splitter"]
        return f"FaceValuation({_show_table(c)})" if c == s else f"FaceValuation({_show_table(c)}, splitter={_show_table(s)})"


#: A valuation of pools: additive, or any callable ``value(role, pool) -> int | Fraction``.
Valuation = Union[AdditiveValuation, Callable[[str, Pool], Number]]
