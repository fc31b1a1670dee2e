"""Marabunta's "I split, you choose": roll odds, split counts and the splitter's best split.

Source: seed ``003_a24625b41ad3ab46.txt`` (German), rendered in ``shared/rules/marabunta.md``.
Each round the splitter rolls six dice, one per region colour, and reveals a tile (MARA-3.1);
it divides the seven elements into two non-empty pools (MARA-3.2); the chooser takes one pool
and the splitter gets the other (MARA-3.3). This module answers the exact questions of
MARA-10 without the rules engine: the distribution of a roll, how many splits there are and
how many differ in effect, and, for a valuation of the pools, the splitter's max-min split
(full enumeration of the splits and the chooser's best response) and its expected value over
all 6^6 rolls. Numbers are exact (:class:`fractions.Fraction`; sympy ``Rational`` on request).

Vocabulary:

- a *roll* is a tuple of 6 faces in :data:`REGIONS` order, faces from :data:`FACES` (strings);
- an *element* is ``(colour, face)`` for a die or the string ``"tile"`` for the round's tile
  (its name, one of :data:`TILES`, is passed separately where needed);
- a *pool* is a tuple of elements, dice in :data:`REGIONS` order, then the tile;
- a *valuation* gives each role (``"chooser"``, ``"splitter"``) a value for a pool: an
  :class:`AdditiveValuation` (a value per element, summed), a :class:`FaceValuation` (a value
  per face, whatever the colour), or any callable ``value(role, pool) -> Fraction``.

>>> roll = ("3", "crate", "0", "2", "circle", "1")
>>> count_splits(7), len(splits(roll_elements(roll)))
(63, 63)
>>> distinct_effect_splits(roll)
63
>>> face_values = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
>>> result = analyse_split(roll, face_values, objective="own")
>>> result.value, result.ties
(Fraction(5, 1), 20)
>>> format_pool(result.best.splitter_pool)
'yellow 3, teal 2'
>>> roll_distribution("crates").probability(0)
Fraction(15625, 46656)
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence, TypeVar, Union

from boardkit.core.chance import to_sympy
from boardkit.core.dice import Dist, count_faces, ordered_rolls, pool, sum_of

__all__ = [
    "REGIONS", "FACES", "TILES", "ROLES", "OBJECTIVES", "TILE",
    "Element", "Pool", "Roll", "Valuation",
    "roll_distribution", "roll_elements", "format_pool",
    "splits", "count_splits", "effect_key", "distinct_effect_splits",
    "AdditiveValuation", "FaceValuation",
    "SplitRow", "SplitAnalysis", "choose", "analyse_split", "max_min_value", "rows_to_dicts",
    "splitter_expected_value",
]

#: Region colours in die order (MARA-1.1); a roll lists one face per colour in this order.
REGIONS: tuple[str, ...] = ("yellow", "orange", "green", "teal", "purple", "brown")
#: The six faces of every die (MARA-1.1), as strings; "circle" is the empty circle (flag).
FACES: tuple[str, ...] = ("0", "1", "2", "3", "circle", "crate")
#: Tile names (MARA-5.1; data/marabunta/default.yaml): the seven shuffled tiles, then the
#: crossed-cupcake tile.
TILES: tuple[str, ...] = ("crates2", "circles2", "one", "zeros2", "zero", "cross2", "again", "cupcake")
#: The two roles of a round (MARA-3.2, MARA-3.3).
ROLES: tuple[str, ...] = ("chooser", "splitter")
#: What the chooser maximises (see :func:`analyse_split`).
OBJECTIVES: tuple[str, ...] = ("difference", "own")
#: The element standing for the round's tile; also the tile name meaning "unnamed tile".
TILE = "tile"

#: Faces whose effect does not depend on the die's colour: a 0 goes in any region (MARA-4.4),
#: a crate is crossed on one's own player board (MARA-4.2).
COLOURLESS_FACES: frozenset[str] = frozenset({"0", "crate"})

Element = Union[tuple[str, str], str]
Pool = tuple[Element, ...]
Roll = tuple[str, ...]
Number = Union[int, Fraction]
Valuation = Union["AdditiveValuation", Callable[[str, Pool], Number]]

H = TypeVar("H", bound=Hashable)

_NUMBER_OF_FACE = {"0": 0, "1": 1, "2": 2, "3": 3, "circle": 0, "crate": 0}
#: Interned die elements: _DIE[colour index][face] is the tuple (colour, face).
_DIE: tuple[dict[str, tuple[str, str]], ...] = tuple({f: (c, f) for f in FACES} for c in REGIONS)


# --------------------------------------------------------------------------- validation

def _check_face(face: object, where: str = "") -> str:
    if not isinstance(face, str) or face not in FACES:
        raise ValueError(f"unknown face {face!r}{where}: faces are {', '.join(map(repr, FACES))} (strings; MARA-1.1)")
    return face


def _check_colour(colour: object) -> str:
    if not isinstance(colour, str) or colour not in REGIONS:
        raise ValueError(f"unknown colour {colour!r}: region colours are {', '.join(REGIONS)} (MARA-1.1)")
    return colour


def _check_roll(roll: Sequence[str]) -> Roll:
    if isinstance(roll, str) or not isinstance(roll, Sequence):
        raise ValueError(f"a roll is a sequence of 6 faces in REGIONS order, got {roll!r}")
    if len(roll) != len(REGIONS):
        raise ValueError(f"a roll has {len(REGIONS)} faces (one per die, MARA-3.1), got {len(roll)}: {tuple(roll)!r}")
    for colour, face in zip(REGIONS, roll):
        _check_face(face, f" on the {colour} die")
    return tuple(roll)


def _check_tile(tile: object) -> str:
    if tile != TILE and tile not in TILES:
        raise ValueError(f"unknown tile {tile!r}: tiles are {', '.join(TILES)}, or {TILE!r} for an unnamed tile (MARA-5.1)")
    return str(tile)


def _check_objective(objective: object) -> str:
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}: objectives are {', '.join(map(repr, OBJECTIVES))}")
    return str(objective)


def _check_role(role: object) -> str:
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}: roles are {', '.join(map(repr, ROLES))}")
    return str(role)


def _check_element(element: object) -> Element:
    if element == TILE:
        return TILE
    if isinstance(element, tuple) and len(element) == 2:
        return (_check_colour(element[0]), _check_face(element[1]))
    raise ValueError(f"unknown element {element!r}: an element is (colour, face) for a die or {TILE!r} for the tile")


def _exact(value: object, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise TypeError(f"{what} is {value!r} ({type(value).__name__}): values must be ints or Fractions "
                        f"(floats are not exact; write Fraction(1, 3), not 0.333)")
    return Fraction(value)


# --------------------------------------------------------------------------- rolls

_WHATS = ("faces", "multiset", "crates", "circles", "zeros", "sum", "count:<face>", "face:<colour>")


def roll_distribution(what: str) -> Dist[Any]:
    """Exact distribution of a statistic of one roll of the six dice (MARA-3.1, MARA-1.1).

    Every die is fair with faces :data:`FACES`. Built with :mod:`boardkit.core.dice`
    (``ordered_rolls``, ``pool``, ``count_faces``, ``sum_of``), never by hand.

    Args:
        what: the statistic:

            - ``"faces"``: the ordered roll, a tuple of 6 faces in :data:`REGIONS` order
              (46,656 outcomes, each 1/46,656);
            - ``"multiset"``: the sorted tuple of faces, ignoring colours (462 outcomes with
              multinomial weights);
            - ``"crates"``, ``"circles"``, ``"zeros"``: how many dice show that face (int 0..6);
              ``"count:<face>"`` the same for any face, e.g. ``"count:3"``;
            - ``"sum"``: the sum of the numbers shown (int 0..18; circle and crate count 0);
            - ``"face:<colour>"``: the face of one die, e.g. ``"face:yellow"``.

    Returns:
        A :class:`~boardkit.core.dice.Dist` (probabilities exact Fractions summing to 1).

    Raises:
        ValueError: unknown ``what`` (the message lists the valid ones), or an unknown face
            or colour after ``count:`` / ``face:``.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-1.1, MARA-3.1, MARA-10.

    >>> roll_distribution("sum").probability(18)
    Fraction(1, 46656)
    >>> len(roll_distribution("multiset"))
    462
    """
    die = Dist.uniform(FACES)
    dice = [die] * len(REGIONS)
    if not isinstance(what, str):
        raise ValueError(f"unknown statistic {what!r}: valid ones are {', '.join(_WHATS)}")
    if what == "faces":
        return ordered_rolls(dice)
    if what == "multiset":
        return pool(len(REGIONS), die)
    named = {"crates": "crate", "circles": "circle", "zeros": "0"}
    if what in named:
        return count_faces(dice, named[what])
    if what.startswith("count:"):
        return count_faces(dice, _check_face(what[len("count:"):], f" in {what!r}"))
    if what == "sum":
        return sum_of(len(REGIONS), die.map(_NUMBER_OF_FACE.__getitem__))
    if what.startswith("face:"):
        _check_colour(what[len("face:"):])
        return die
    raise ValueError(f"unknown statistic {what!r}: valid ones are {', '.join(_WHATS)}")


def roll_elements(roll: Sequence[str]) -> Pool:
    """The seven elements of a round: the six dice in :data:`REGIONS` order, then the tile.

    Args:
        roll: 6 faces in :data:`REGIONS` order.

    Returns:
        ``((colour, face), ..., "tile")``, length 7.

    Raises:
        ValueError: a roll of the wrong length, or an unknown face (naming it).

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.1, MARA-3.2.

    >>> roll_elements(("0", "1", "2", "3", "circle", "crate"))[-2:]
    (('brown', 'crate'), 'tile')
    """
    roll = _check_roll(roll)
    return tuple(_DIE[i][f] for i, f in enumerate(roll)) + (TILE,)


def format_pool(pool_: Iterable[Element], tile: str = TILE) -> str:
    """A pool in words, e.g. ``"yellow 3, brown crate, tile again"``.

    Args:
        pool_: elements.
        tile: the round's tile name, shown after the word "tile" (``"tile"``: unnamed).

    Returns:
        The elements joined by ``", "``.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2.

    >>> format_pool((("yellow", "3"), "tile"), tile="again")
    'yellow 3, tile again'
    """
    parts = []
    for e in pool_:
        if e == TILE:
            parts.append(TILE if tile == TILE else f"{TILE} {tile}")
        else:
            parts.append(f"{e[0]} {e[1]}")
    return ", ".join(parts)


# --------------------------------------------------------------------------- splits

def count_splits(n: int) -> int:
    """How many unordered splits ``n`` distinct elements have into two non-empty pools.

    Each element goes to one of two pools (2^n), minus the two splits with an empty pool,
    halved because the pools are unordered: ``2**(n-1) - 1`` (63 for the seven elements of a
    round, MARA-3.2).

    Args:
        n: number of distinct elements, ``n >= 2``.

    Returns:
        ``2**(n - 1) - 1``.

    Raises:
        TypeError: ``n`` is not an int.
        ValueError: ``n < 2`` (one element cannot fill two non-empty pools).

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2, MARA-10.

    >>> count_splits(7)
    63
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"count_splits(n): n must be an int number of elements, got {n!r}")
    if n < 2:
        raise ValueError(f"count_splits(n): n must be >= 2 (two non-empty pools, MARA-3.2), got {n}")
    return 2 ** (n - 1) - 1


def _split_index_sets(n: int, anchor: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(indices of pool a, indices of pool b) for every split; pool a holds ``anchor``.

    Order: by size of pool b, then pool b in ``itertools.combinations`` order."""
    others = [i for i in range(n) if i != anchor]
    out = []
    for k in range(1, n):
        for b in itertools.combinations(others, k):
            bs = set(b)
            out.append((tuple(i for i in range(n) if i not in bs), b))
    return out


def splits(elements: Sequence[H]) -> list[tuple[tuple[H, ...], tuple[H, ...]]]:
    """Every unordered split of distinct elements into two non-empty pools (MARA-3.2).

    Canonical form: ``pool_a`` holds the tile (the element ``"tile"``) when it is present,
    otherwise the first element; each pool keeps the input order. Splits come by the size of
    ``pool_b`` (1, 2, ...), then ``pool_b`` in :func:`itertools.combinations` order, so the
    first splits put one element against the rest.

    Args:
        elements: distinct hashable elements (for a round: :func:`roll_elements`), at least 2.

    Returns:
        A list of ``count_splits(len(elements))`` pairs ``(pool_a, pool_b)`` of tuples.

    Raises:
        ValueError: fewer than 2 elements, or a repeated element (naming it).

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2, MARA-10.

    >>> splits(["a", "b", "c"])
    [(('a', 'c'), ('b',)), (('a', 'b'), ('c',)), (('a',), ('b', 'c'))]
    """
    elems = tuple(elements)
    if len(elems) < 2:
        raise ValueError(f"splitting needs at least 2 elements (two non-empty pools, MARA-3.2), got {elems!r}")
    repeated = [e for e, k in Counter(elems).items() if k > 1]
    if repeated:
        raise ValueError(f"elements must be distinct, {repeated[0]!r} appears {elems.count(repeated[0])} times")
    anchor = elems.index(TILE) if TILE in elems else 0
    return [(tuple(elems[i] for i in a), tuple(elems[i] for i in b)) for a, b in _split_index_sets(len(elems), anchor)]


def effect_key(element: Element) -> Element:
    """The element up to effect: a die showing 0 or a crate does the same whatever its colour
    (MARA-4.4, MARA-4.2), so its colour is replaced by ``"any"``; other elements are kept.

    Args:
        element: ``(colour, face)`` or ``"tile"``.

    Returns:
        ``("any", face)`` for a 0 or crate die, else ``element``.

    Raises:
        ValueError: an unknown element, colour or face.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-4.2, MARA-4.4, MARA-10.

    >>> effect_key(("teal", "crate")), effect_key(("teal", "2"))
    (('any', 'crate'), ('teal', '2'))
    """
    e = _check_element(element)
    if e != TILE and e[1] in COLOURLESS_FACES:
        return ("any", e[1])
    return e


def distinct_effect_splits(roll: Sequence[str], tile: str = TILE) -> int:
    """How many splits of a round differ in what the pools can do (MARA-3.2, MARA-10).

    Two dice both showing 0, or both showing a crate, are interchangeable (MARA-4.4,
    MARA-4.2); dice showing 1, 2, 3 or a circle act on their own region and the tile is one of
    a kind. Counting unordered pairs of pools up to that equivalence (Burnside over the swap of
    the pools): with ``m`` distinct elements and classes of ``k_0`` zeros and ``k_c`` crates,
    the ordered assignments are ``T = 2^m (k_0 + 1)(k_c + 1)``; minus the two with an empty
    pool; plus the one assignment equal to its swap when there is one (``m = 0`` and even
    ``k_0``, ``k_c``; never with a tile); halved.

    Args:
        roll: 6 faces in :data:`REGIONS` order.
        tile: the tile's name (any tile is one distinct element; validated only).

    Returns:
        The number of splits distinct in effect, 1..63 (63 when no two dice are
        interchangeable; 6 for six zeros).

    Raises:
        ValueError: a bad roll or tile (naming the value).

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2, MARA-4.2, MARA-4.4, MARA-10.

    >>> distinct_effect_splits(("0",) * 6), distinct_effect_splits(("0", "0", "crate", "1", "2", "3"))
    (6, 47)
    """
    roll = _check_roll(roll)
    _check_tile(tile)
    counts = Counter(f for f in roll if f in COLOURLESS_FACES)
    m = len(roll) - sum(counts.values()) + 1  # colour-dependent dice + the tile
    total = 2 ** m * math.prod(k + 1 for k in counts.values())
    fixed = 1 if m == 0 and all(k % 2 == 0 for k in counts.values()) else 0
    return (total - 2 + fixed) // 2


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

    Raises:
        ValueError: a key is not an element (unknown colour or face, naming it).
        TypeError: a value is a float or bool (not exact).
        KeyError: (when valuing) an element has no value for that role; the message names it.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.3 (each player carries out its own pool).

    >>> v = AdditiveValuation({("yellow", "3"): 3, "tile": 1}, {("yellow", "3"): 2, "tile": Fraction(1, 2)})
    >>> v("splitter", (("yellow", "3"), "tile"))
    Fraction(5, 2)
    """

    __slots__ = ("_tables",)

    _tables: dict[str, Mapping[Element, Fraction]]

    def __init__(self, chooser: Mapping[Element, Number], splitter: Mapping[Element, Number]) -> None:
        tables: dict[str, Mapping[Element, Fraction]] = {}
        for role, table in (("chooser", chooser), ("splitter", splitter)):
            if not isinstance(table, Mapping):
                raise TypeError(f"the {role}'s values must be a mapping {{element: value}}, got {table!r}")
            tables[role] = MappingProxyType(
                {_check_element(k): _exact(v, f"the {role}'s value of {k!r}") for k, v in table.items()})
        object.__setattr__(self, "_tables", tables)

    @classmethod
    def from_function(cls, value: Callable[[str, Element], Number]) -> AdditiveValuation:
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
        elements: list[Element] = [(c, f) for c in REGIONS for f in FACES] + [TILE]
        return cls(*({e: value(role, e) for e in elements} for role in ROLES))

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

    def __init__(self, table: Mapping[str, Number], splitter: Mapping[str, Number] | None = None) -> None:
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
            tab: dict[Element, Fraction] = {(c, f): ft[f] for c in REGIONS for f in FACES if f in ft}
            if TILE in ft:
                tab[TILE] = ft[TILE]
            full.append(tab)
        super().__init__(full[0], full[1])
        object.__setattr__(self, "_faces", faces)

    def face_table(self, role: str) -> Mapping[str, Fraction]:
        """The (read-only) ``{face or "tile": Fraction}`` table of one role."""
        return self._faces[_check_role(role)]

    def colour_independent(self) -> bool:
        return True

    def __repr__(self) -> str:
        c, s = self._faces["chooser"], self._faces["splitter"]
        return f"FaceValuation({_show_table(c)})" if c == s else f"FaceValuation({_show_table(c)}, splitter={_show_table(s)})"


# --------------------------------------------------------------------------- one split

@dataclass(frozen=True)
class SplitRow:
    """One split and the chooser's answer to it.

    Attributes:
        pool_a, pool_b: the two pools (``pool_a`` holds the tile; see :func:`splits`).
        pick: ``"a"`` or ``"b"``, the pool the chooser takes.
        chooser_value: the chooser's value of the pool it takes (Fraction).
        splitter_value: the splitter's value of the pool left to it (Fraction).
        value: the split's value to the splitter: ``splitter_value - chooser_value`` for the
            ``"difference"`` objective, ``splitter_value`` for ``"own"`` (Fraction).

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2, MARA-3.3.
    """

    pool_a: Pool
    pool_b: Pool
    pick: str
    chooser_value: Fraction
    splitter_value: Fraction
    value: Fraction

    @property
    def chooser_pool(self) -> Pool:
        """The pool the chooser takes (MARA-3.3)."""
        return self.pool_a if self.pick == "a" else self.pool_b

    @property
    def splitter_pool(self) -> Pool:
        """The pool left to the splitter (MARA-3.3)."""
        return self.pool_b if self.pick == "a" else self.pool_a


def _respond(ca: Any, sa: Any, cb: Any, sb: Any, objective: str) -> tuple[str, Any, Any, Any]:
    """The chooser's pick for pools a, b with values (chooser ca/cb, splitter sa/sb):
    (pick, chooser's value of its pool, splitter's value of the other, value to the splitter)."""
    if objective == "difference":
        ga, gb = ca - sb, cb - sa  # the chooser's gain: its pool minus the splitter's
    else:
        ga, gb = ca, cb
    if ga > gb or (ga == gb and sb <= sa):  # ties: against the splitter, then pool a
        pick, cv, sv = "a", ca, sb
    else:
        pick, cv, sv = "b", cb, sa
    return pick, cv, sv, (sv - cv if objective == "difference" else sv)


def choose(pool_a: Pool, pool_b: Pool, valuation: Valuation, objective: str = "difference") -> SplitRow:
    """The chooser's best response to one split, and what the split is worth to the splitter.

    Objective ``"difference"``: the chooser takes the pool maximising (its value of that pool
    minus the splitter's value of the other); zero-sum, so the split's value to the splitter
    is minus that. Objective ``"own"``: the chooser maximises its own pool's value; the
    split's value to the splitter is its value of the pool left. In both, ties go against the
    splitter (the pick leaving the splitter the lower value), then to ``pool_a``.

    Args:
        pool_a, pool_b: the two pools, tuples of elements (both non-empty).
        valuation: an :class:`AdditiveValuation` or a callable ``value(role, pool)``.
        objective: ``"difference"`` or ``"own"``.

    Returns:
        A :class:`SplitRow`.

    Raises:
        ValueError: an unknown objective or an empty pool.
        TypeError: the valuation returns a float or bool.
        KeyError: an additive valuation has no value for an element.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.3.

    >>> v = FaceValuation({"3": 3, "0": 0, "tile": 1})
    >>> choose((("yellow", "3"),), (("orange", "0"), "tile"), v).pick
    'a'
    """
    objective = _check_objective(objective)
    if not pool_a or not pool_b:
        raise ValueError(f"both pools must be non-empty (MARA-3.2), got {pool_a!r} and {pool_b!r}")
    pool_a, pool_b = tuple(pool_a), tuple(pool_b)
    vals = [_exact(valuation(role, p), f"the {role}'s value of pool {p!r}") for p in (pool_a, pool_b) for role in ROLES]
    pick, cv, sv, value = _respond(vals[0], vals[1], vals[2], vals[3], objective)
    return SplitRow(pool_a, pool_b, pick, cv, sv, value)


@dataclass(frozen=True)
class SplitAnalysis:
    """Every split of one round with the chooser's best response, and the splitter's best.

    Attributes:
        roll: the 6 faces (REGIONS order).
        tile: the tile's name (``"tile"``: unnamed).
        objective: ``"difference"`` or ``"own"``.
        rows: one :class:`SplitRow` per split, in :func:`splits` order (63 rows).
        best: the splitter's max-min split (the first row reaching ``value``).
        value: its value to the splitter (Fraction).
        runner_up: the second-best row's value (equal to ``value`` when tied).
        margin: ``value - runner_up`` (0 when several splits are best).
        ties: how many splits reach ``value``.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2, MARA-3.3, MARA-10.
    """

    roll: Roll
    tile: str
    objective: str
    rows: tuple[SplitRow, ...]
    best: SplitRow
    value: Fraction
    runner_up: Fraction
    margin: Fraction
    ties: int

    @property
    def best_rows(self) -> tuple[SplitRow, ...]:
        """Every split reaching the best value, in :func:`splits` order."""
        return tuple(r for r in self.rows if r.value == self.value)

    def to_dicts(self, numbers: str = "fraction") -> list[dict[str, Any]]:
        """The rows as plain dicts (see :func:`rows_to_dicts`), pools written with the tile's name."""
        return rows_to_dicts(self.rows, numbers=numbers, tile=self.tile)

    def table(self) -> list[dict[str, Any]]:
        """The rows as dicts with sympy ``Rational`` values, for display in a notebook."""
        return self.to_dicts(numbers="sympy")


def rows_to_dicts(rows: Iterable[SplitRow], numbers: str = "fraction", tile: str = TILE) -> list[dict[str, Any]]:
    """Split rows as plain dicts (for display or plotting without pandas).

    Args:
        rows: :class:`SplitRow` objects.
        numbers: ``"fraction"`` (exact Fractions), ``"sympy"`` (sympy ``Rational``), or
            ``"float"`` (for plotting only: floats are not exact).
        tile: the tile's name, used when writing pools.

    Returns:
        One dict per row with keys ``split`` (1-based index), ``pool_a``, ``pool_b``,
        ``chooser_takes``, ``splitter_gets`` (pools in words, :func:`format_pool`), ``pick``,
        ``chooser_value``, ``splitter_value``, ``value``.

    Raises:
        ValueError: unknown ``numbers``.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-10.
    """
    conv: Callable[[Fraction], Any]
    if numbers == "fraction":
        conv = Fraction
    elif numbers == "sympy":
        conv = to_sympy
    elif numbers == "float":
        conv = float
    else:
        raise ValueError(f"unknown numbers {numbers!r}: use 'fraction', 'sympy' or 'float' (plots only)")
    return [{"split": i, "pool_a": format_pool(r.pool_a, tile), "pool_b": format_pool(r.pool_b, tile),
             "chooser_takes": format_pool(r.chooser_pool, tile), "splitter_gets": format_pool(r.splitter_pool, tile),
             "pick": r.pick, "chooser_value": conv(r.chooser_value), "splitter_value": conv(r.splitter_value),
             "value": conv(r.value)} for i, r in enumerate(rows, 1)]


def _scaled_pairs(valuation: AdditiveValuation, elements: Iterable[Element]) -> tuple[list[int], list[int], int]:
    """Chooser and splitter values of the elements as ints over a common denominator."""
    pairs = [valuation.pair(e) for e in elements]
    scale = math.lcm(*(v.denominator for p in pairs for v in p))
    return ([int(c * scale) for c, _ in pairs], [int(s * scale) for _, s in pairs], scale)


def _subset_sums(values: Sequence[Any]) -> list[Any]:
    """sums[mask] = sum of values[i] for the bits i of mask (2^len entries)."""
    sums = [0 * values[0]] if values else [0]
    for v in values:
        sums += [x + v for x in sums]
    return sums


def analyse_split(roll: Sequence[str], valuation: Valuation, tile: str = TILE,
                  objective: str = "difference") -> SplitAnalysis:
    """The splitter's best split of one round by full enumeration (MARA-3.2, MARA-3.3, MARA-10).

    All 63 splits of the six dice and the tile are enumerated; for each, the chooser's best
    response (:func:`choose`); the splitter's split is the one with the highest value to it
    (max-min). Exact Fractions throughout. A callable valuation is called once per pool and
    role (126 pools, results cached within the call); an additive one is summed over integer
    subset sums (about 1 ms per call).

    Args:
        roll: 6 faces in :data:`REGIONS` order.
        valuation: an :class:`AdditiveValuation` (or :class:`FaceValuation`), or a callable
            ``value(role, pool) -> int | Fraction`` with role ``"chooser"``/``"splitter"``
            and pool a tuple of elements (dice in REGIONS order, then ``"tile"``).
        tile: the tile's name (one of :data:`TILES`, or ``"tile"`` for an unnamed one); it is
            recorded in the result; the valuation values the element ``"tile"``.
        objective: ``"difference"`` (zero-sum: the chooser maximises its pool minus the
            splitter's) or ``"own"`` (the chooser maximises its own pool; ties against the
            splitter).

    Returns:
        A :class:`SplitAnalysis`.

    Raises:
        ValueError: a roll of the wrong length, an unknown face, tile or objective (naming it).
        KeyError: an additive valuation has no value for an element of the round.
        TypeError: a callable valuation returns a float or bool.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-1.1, MARA-3.1, MARA-3.2, MARA-3.3, MARA-10.

    >>> v = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
    >>> a = analyse_split(("3", "3", "3", "3", "3", "3"), v)
    >>> a.value, a.ties, format_pool(a.best.pool_b)
    (Fraction(-2, 1), 20, 'yellow 3, orange 3, green 3')
    """
    elements = roll_elements(roll)
    roll = tuple(roll)
    tile = _check_tile(tile)
    objective = _check_objective(objective)
    n = len(elements)
    full = 2 ** n - 1
    index = _split_index_sets(n, n - 1)
    masks = [(sum(1 << i for i in a), sum(1 << i for i in b)) for a, b in index]
    conv: Callable[[Any], Fraction]
    if isinstance(valuation, AdditiveValuation):
        cs, ss, scale = _scaled_pairs(valuation, elements)
        csum, ssum = _subset_sums(cs), _subset_sums(ss)

        def conv(x: Any) -> Fraction:
            return Fraction(x, scale)
    else:
        cache: dict[int, tuple[Fraction, Fraction]] = {}
        for ma, mb in masks:
            for m in (ma, mb):
                p = tuple(elements[i] for i in range(n) if m >> i & 1)
                cache[m] = (_exact(valuation("chooser", p), f"the chooser's value of pool {p!r}"),
                            _exact(valuation("splitter", p), f"the splitter's value of pool {p!r}"))
        csum = [cache[m][0] if m in cache else None for m in range(full + 1)]
        ssum = [cache[m][1] if m in cache else None for m in range(full + 1)]
        conv = Fraction
    rows = []
    for (ia, ib), (ma, mb) in zip(index, masks):
        pick, cv, sv, value = _respond(csum[ma], ssum[ma], csum[mb], ssum[mb], objective)
        rows.append(SplitRow(tuple(elements[i] for i in ia), tuple(elements[i] for i in ib), pick,
                             conv(cv), conv(sv), conv(value)))
    ranked = sorted((r.value for r in rows), reverse=True)
    best_value = ranked[0]
    best = next(r for r in rows if r.value == best_value)
    ties = ranked.count(best_value)
    return SplitAnalysis(roll, tile, objective, tuple(rows), best, best_value, ranked[1], best_value - ranked[1], ties)


# --------------------------------------------------------------------------- max-min value only

def _best_scaled(cs: Sequence[int], ss: Sequence[int], objective: str) -> int:
    """Max over splits of the split's value to the splitter, in the integers' scale.

    Elements are indexed 0..n-1 with the anchor (the tile) last: masks 2^(n-1)..2^n - 2 are
    exactly the splits (pool a = mask holds the anchor, pool b = the complement)."""
    n = len(cs)
    lo, hi = 1 << (n - 1), (1 << n) - 1
    C, S = sum(cs), sum(ss)
    if objective == "difference":
        # value = min(S(b) - C(a), S(a) - C(b)) = min(S - x, x - C) with x = C(a) + S(a)
        x = _subset_sums([c + s for c, s in zip(cs, ss)])[lo:hi]
        return max(min(S - v, v - C) for v in x)
    csum, ssum = _subset_sums(cs)[lo:hi], _subset_sums(ss)[lo:hi]
    best = None
    for ca, sa in zip(csum, ssum):
        cb = C - ca
        if ca > cb:
            v = S - sa
        elif ca < cb:
            v = sa
        else:
            v = min(sa, S - sa)
        if best is None or v > best:
            best = v
    assert best is not None
    return best


def max_min_value(roll: Sequence[str], valuation: AdditiveValuation, tile: str = TILE,
                  objective: str = "difference") -> Fraction:
    """The value of the splitter's best split of one round, without the rows (fast: ~30 us).

    The same number as ``analyse_split(roll, valuation, tile, objective).value``, computed
    over integer subset sums (the kernel of :func:`splitter_expected_value`).

    Args:
        roll: 6 faces in :data:`REGIONS` order.
        valuation: an :class:`AdditiveValuation` (or :class:`FaceValuation`).
        tile: the tile's name (validated only).
        objective: ``"difference"`` or ``"own"``.

    Returns:
        A Fraction.

    Raises:
        ValueError: a bad roll, tile or objective (naming it).
        TypeError: the valuation is not additive.
        KeyError: the valuation has no value for an element of the round.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2, MARA-3.3, MARA-10.

    >>> v = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
    >>> max_min_value(("3",) * 6, v)
    Fraction(-2, 1)
    """
    elements = roll_elements(roll)
    _check_tile(tile)
    objective = _check_objective(objective)
    if not isinstance(valuation, AdditiveValuation):
        raise TypeError(f"max_min_value needs an AdditiveValuation, got {valuation!r}: use analyse_split(...).value")
    cs, ss, scale = _scaled_pairs(valuation, elements)
    return Fraction(_best_scaled(cs, ss, objective), scale)


# --------------------------------------------------------------------------- expected value

def _ev_callable(valuation: Callable[[str, Pool], Number], objective: str, rolls: Iterable[Roll], pbar: Any) -> Fraction:
    """Sum over ``rolls`` of the best split's value for a callable valuation.

    Each distinct pool (a face or nothing per colour, with or without the tile: under
    2 * 7^6 of them) is valued once per role for the whole run, keyed by a base-7 code."""
    n = len(REGIONS) + 1
    lo, full = 1 << (n - 1), (1 << n) - 1
    face_index = {f: k for k, f in enumerate(FACES)}
    tile_code = (len(FACES) + 1) ** len(REGIONS)
    cache: dict[int, tuple[Fraction, Fraction]] = {}
    acc = Fraction(0)
    for r in rolls:
        elements = [_DIE[i][f] for i, f in enumerate(r)] + [TILE]
        codes = _subset_sums([(face_index[f] + 1) * (len(FACES) + 1) ** i for i, f in enumerate(r)] + [tile_code])
        vals: list[tuple[Fraction, Fraction] | None] = [None] * (full + 1)
        for m in range(1, full):
            cv = cache.get(codes[m])
            if cv is None:
                p = tuple(elements[i] for i in range(n) if m >> i & 1)
                cv = cache[codes[m]] = (_exact(valuation("chooser", p), f"the chooser's value of pool {p!r}"),
                                        _exact(valuation("splitter", p), f"the splitter's value of pool {p!r}"))
            vals[m] = cv
        best: Fraction | None = None
        for m in range(lo, full):
            a, b = vals[m], vals[full - m]
            assert a is not None and b is not None
            v = _respond(a[0], a[1], b[0], b[1], objective)[3]
            if best is None or v > best:
                best = v
        assert best is not None
        acc += best
        if pbar is not None:
            pbar.update(1)
    return acc


def _insert_sorted(ms: tuple[Any, ...], x: Any) -> tuple[Any, ...]:
    return tuple(sorted(ms + (x,)))


def splitter_expected_value(valuation: Valuation, tile: str = TILE, objective: str = "difference",
                            method: str = "auto", progress: bool = False) -> Fraction:
    """Expected value to the splitter of its best split, over all 6^6 rolls (MARA-3.1, MARA-10).

    For each roll the splitter plays its max-min split (:func:`analyse_split`); the rolls are
    equally likely (MARA-3.1), the tile is given.

    Methods:

    - ``"fast"`` (additive valuations): the value of a roll depends only on the multiset of
      the dice's (chooser value, splitter value) pairs, so rolls are grouped by it and each
      group is solved once over integer subset sums. A :class:`FaceValuation` groups the 462
      face multisets of :func:`boardkit.core.dice.pool` (multinomial weights); any other
      additive valuation builds the pair multisets die by die with ``Dist.combine`` (at most
      46,656 groups, fewer when values repeat). Well under 10 s for any additive valuation.
    - ``"brute"``: all 46,656 ordered rolls of :func:`boardkit.core.dice.ordered_rolls`, one by
      one (additive: the integer kernel; callable: :func:`analyse_split` per roll, slow). For
      cross-checks.
    - ``"auto"``: ``"fast"`` for additive valuations, ``"brute"`` for callables.

    Args:
        valuation: an :class:`AdditiveValuation`, :class:`FaceValuation` or callable
            ``value(role, pool)``.
        tile: the tile's name (``"tile"``: unnamed); the valuation values the element ``"tile"``.
        objective: ``"difference"`` or ``"own"`` (see :func:`analyse_split`).
        method: ``"auto"``, ``"fast"`` or ``"brute"``.
        progress: show a ``tqdm.auto`` progress bar.

    Returns:
        The expected value to the splitter, an exact Fraction (the valuation's unit).

    Raises:
        ValueError: unknown tile, objective or method, or ``"fast"`` with a callable valuation.
        KeyError: an additive valuation misses one of the 37 elements.
        TypeError: a callable valuation returns a float or bool.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-1.1, MARA-3.1, MARA-3.2, MARA-3.3, MARA-10.

    >>> v = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
    >>> splitter_expected_value(v, objective="own")
    Fraction(6793, 1296)
    """
    tile = _check_tile(tile)
    objective = _check_objective(objective)
    if method not in ("auto", "fast", "brute"):
        raise ValueError(f"unknown method {method!r}: methods are 'auto', 'fast', 'brute'")
    additive = isinstance(valuation, AdditiveValuation)
    if method == "fast" and not additive:
        raise ValueError(f"method 'fast' needs an AdditiveValuation or FaceValuation, got {valuation!r}: "
                         f"use method='brute' for a callable valuation")
    if method == "auto":
        method = "fast" if additive else "brute"
    die = Dist.uniform(FACES)
    rolls_total = len(FACES) ** len(REGIONS)

    def bar(total: int, desc: str) -> Any:
        if not progress:
            return None
        from tqdm.auto import tqdm

        return tqdm(total=total, desc=desc, unit="roll" if method == "brute" else "group")

    if not isinstance(valuation, AdditiveValuation):  # callable: every roll, pools cached across rolls
        pbar = bar(rolls_total, "rolls")
        acc = _ev_callable(valuation, objective, ordered_rolls([die] * len(REGIONS)).outcomes(), pbar)
        if pbar is not None:
            pbar.close()
        return acc / rolls_total

    elements: list[Element] = [(c, f) for c in REGIONS for f in FACES] + [TILE]
    cs, ss, scale = _scaled_pairs(valuation, elements)
    pair = {e: (c, s) for e, c, s in zip(elements, cs, ss)}
    tile_pair = pair[TILE]
    if method == "brute":  # every ordered roll, one at a time
        rolls = ordered_rolls([die] * len(REGIONS))
        pbar = bar(len(rolls), "rolls")
        acc_int = 0
        for r, w in rolls.weights():
            dice = [pair[_DIE[i][f]] for i, f in enumerate(r)] + [tile_pair]
            acc_int += w * _best_scaled([p[0] for p in dice], [p[1] for p in dice], objective)
            if pbar is not None:
                pbar.update(1)
        if pbar is not None:
            pbar.close()
        return Fraction(acc_int, rolls.total * scale)
    groups: Dist[Any]
    if isinstance(valuation, FaceValuation):
        face_pair = {f: pair[_DIE[0][f]] for f in FACES}
        groups = pool(len(REGIONS), die).map(lambda ms: tuple(sorted(face_pair[f] for f in ms)))
    else:
        groups = Dist.certain(())
        for i in range(len(REGIONS)):
            colour_pairs = die.map(lambda f, i=i: pair[_DIE[i][f]])  # type: ignore[misc]
            groups = groups.combine(colour_pairs, _insert_sorted)
    pbar = bar(len(groups), "groups")
    acc_int = 0
    for ms, w in groups.weights():
        dice_c = [p[0] for p in ms] + [tile_pair[0]]
        dice_s = [p[1] for p in ms] + [tile_pair[1]]
        acc_int += w * _best_scaled(dice_c, dice_s, objective)
        if pbar is not None:
            pbar.update(1)
    if pbar is not None:
        pbar.close()
    return Fraction(acc_int, groups.total * scale)
