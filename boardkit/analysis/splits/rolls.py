"""Marabunta's rolls and splits: the names, roll odds and the enumeration of splits.

Part of :mod:`boardkit.analysis.splits` (read its docstring for the names): the names a
round is written in (:class:`RoundNames`), the distribution of a roll
(:func:`roll_distribution`), the seven elements of a round (:func:`roll_elements`), the 63
splits (:func:`splits`, :func:`count_splits`) and how many differ in effect
(:func:`distinct_effect_splits`).

>>> count_splits(7)
63
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Hashable, Iterable, Sequence, TypeVar, Union

import boardkit
from boardkit.core.dice import Dist, count_faces, ordered_rolls, pool, sum_of
from boardkit.core.validate import shorten

__all__ = [
    "RoundNames", "DEFAULT_NAMES", "REGIONS", "FACES", "TILES", "ROLES", "OBJECTIVES", "TILE", "MAX_SPLIT_ELEMENTS", "MAX_COUNT_ELEMENTS", "COLOURLESS_FACES", "Element", "Pool", "Roll", "Number", "roll_distribution", "roll_elements", "format_pool", "splits", "count_splits", "effect_key", "distinct_effect_splits",
]

#: The six faces of every die (MARA-1.1), as strings; "circle" is the empty circle (flag).
FACES: tuple[str, ...] = ("0", "1", "2", "3", "circle", "crate")


@dataclass(frozen=True)
class RoundNames:
    """The names a round is written in: region colours (one die per colour, in roll order)
    and tile names.

    Attributes:
        colours: region colours in die order (MARA-1.1), e.g. ``("yellow", ..., "brown")``.
        tiles: tile names (MARA-5.1): the shuffled tiles, then the last tile.

    >>> import boardkit
    >>> RoundNames.of_game(boardkit.load_game("marabunta")).colours[:2]
    ('yellow', 'orange')
    """

    colours: tuple[str, ...]
    tiles: tuple[str, ...]

    @classmethod
    def of_game(cls, game: Any) -> "RoundNames":
        """The names of a Marabunta game: its ``regions`` and ``tiles`` + ``last_tile``.

        Raises:
            TypeError: ``game`` has no ``regions`` / ``tiles`` / ``last_tile``.
        """
        try:
            return cls(tuple(game.regions), tuple(game.tiles) + (game.last_tile,))
        except AttributeError as exc:
            raise TypeError(f"expected a Marabunta game (regions, tiles, last_tile), got {type(game).__name__}") from exc


#: The names of the default game data (``data/marabunta/default.yaml``).
DEFAULT_NAMES: RoundNames = RoundNames.of_game(boardkit.load_game("marabunta"))
#: Region colours in die order (MARA-1.1) of the default data; a roll lists one face per colour.
REGIONS: tuple[str, ...] = DEFAULT_NAMES.colours
#: Tile names of the default data (MARA-5.1): the seven shuffled tiles, then the crossed-cupcake tile.
TILES: tuple[str, ...] = DEFAULT_NAMES.tiles
#: The two roles of a round (MARA-3.2, MARA-3.3).
ROLES: tuple[str, ...] = ("chooser", "splitter")
#: What the chooser maximises (see :func:`analyse_split`).
OBJECTIVES: tuple[str, ...] = ("difference", "own")
#: The element standing for the round's tile; also the tile name meaning "unnamed tile".
TILE = "tile"
#: The most elements :func:`splits` lists the splits of: 2^19 - 1 = 524,287 splits of 20
#: elements take 3 to 4 s, and each element more doubles it (a round has 7, MARA-3.2).
MAX_SPLIT_ELEMENTS = 20
#: The most elements :func:`count_splits` counts the splits of: 2^(10^6 - 1) - 1 has about
#: 300,000 digits and is made at once; 10^9 elements took 6 s and 125 MB for one number.
MAX_COUNT_ELEMENTS = 10**6

#: Faces whose effect does not depend on the die's colour: a 0 goes in any region (MARA-4.4),
#: a crate is crossed on one's own player board (MARA-4.2).
COLOURLESS_FACES: frozenset[str] = frozenset({"0", "crate"})

Element = Union[tuple[str, str], str]
Pool = tuple[Element, ...]
Roll = tuple[str, ...]
Number = Union[int, Fraction]

H = TypeVar("H", bound=Hashable)

_NUMBER_OF_FACE = {"0": 0, "1": 1, "2": 2, "3": 3, "circle": 0, "crate": 0}


@functools.cache
def _dice(colours: tuple[str, ...]) -> tuple[dict[str, tuple[str, str]], ...]:
    """Interned die elements: _dice(colours)[colour index][face] is the tuple (colour, face)."""
    return tuple({f: (c, f) for f in FACES} for c in colours)


def _names(names: RoundNames | None, valuation: object = None) -> RoundNames:
    if names is not None:
        if not isinstance(names, RoundNames):
            raise TypeError(f"names must be a RoundNames, got {names!r}")
        return names
    own = getattr(valuation, "names", None)  # an AdditiveValuation carries its names
    if isinstance(own, RoundNames):
        return own
    return DEFAULT_NAMES


# --------------------------------------------------------------------------- validation

def _check_face(face: object, where: str = "") -> str:
    if not isinstance(face, str) or face not in FACES:
        raise ValueError(f"unknown face {face!r}{where}: faces are {', '.join(map(repr, FACES))} (strings; MARA-1.1)")
    return face


def _check_colour(colour: object, names: RoundNames = DEFAULT_NAMES) -> str:
    colours = names.colours
    if not isinstance(colour, str) or colour not in colours:
        raise ValueError(f"unknown colour {colour!r}: region colours are {', '.join(colours)} (MARA-1.1)")
    return colour


def _check_roll(roll: Sequence[str], names: RoundNames = DEFAULT_NAMES) -> Roll:
    colours = names.colours
    if isinstance(roll, str) or not isinstance(roll, Sequence):
        raise ValueError(f"a roll is a sequence of {len(colours)} faces in REGIONS order, got {roll!r}")
    if len(roll) != len(colours):
        raise ValueError(f"a roll has {len(colours)} faces (one per die, MARA-3.1), got {len(roll)}: {tuple(roll)!r}")
    for colour, face in zip(colours, roll):
        _check_face(face, f" on the {colour} die")
    return tuple(roll)


def _check_tile(tile: object, names: RoundNames = DEFAULT_NAMES) -> str:
    tiles = names.tiles
    if tile != TILE and tile not in tiles:
        raise ValueError(f"unknown tile {tile!r}: tiles are {', '.join(tiles)}, or {TILE!r} for an unnamed tile (MARA-5.1)")
    return str(tile)


def _check_objective(objective: object) -> str:
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}: objectives are {', '.join(map(repr, OBJECTIVES))}")
    return str(objective)


def _check_role(role: object) -> str:
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}: roles are {', '.join(map(repr, ROLES))}")
    return str(role)


def _check_element(element: object, names: RoundNames = DEFAULT_NAMES) -> Element:
    if element == TILE:
        return TILE
    if isinstance(element, tuple) and len(element) == 2:
        return (_check_colour(element[0], names), _check_face(element[1]))
    raise ValueError(f"unknown element {element!r}: an element is (colour, face) for a die or {TILE!r} for the tile")


def _exact(value: object, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise TypeError(f"{what} is {value!r} ({type(value).__name__}): values must be ints or Fractions "
                        f"(floats are not exact; write Fraction(1, 3), not 0.333)")
    return Fraction(value)


# --------------------------------------------------------------------------- rolls

_WHATS = ("faces", "multiset", "crates", "circles", "zeros", "sum", "count:<face>", "face:<colour>")


def roll_distribution(what: str, names: RoundNames | None = None) -> Dist[Any]:
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

    ``names`` (default :data:`DEFAULT_NAMES`) names the colours of ``face:``.

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
        _check_colour(what[len("face:"):], _names(names))
        return die
    raise ValueError(f"unknown statistic {what!r}: valid ones are {', '.join(_WHATS)}")


def roll_elements(roll: Sequence[str], names: RoundNames | None = None) -> Pool:
    """The seven elements of a round: the six dice in :data:`REGIONS` order, then the tile.

    Args:
        roll: 6 faces in :data:`REGIONS` order.
        names: the colours of the dice (default :data:`DEFAULT_NAMES`).

    Returns:
        ``((colour, face), ..., "tile")``, length 7.

    Raises:
        ValueError: a roll of the wrong length, or an unknown face (naming it).

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.1, MARA-3.2.

    >>> roll_elements(("0", "1", "2", "3", "circle", "crate"))[-2:]
    (('brown', 'crate'), 'tile')
    """
    voc = _names(names)
    roll = _check_roll(roll, voc)
    return tuple(_dice(voc.colours)[i][f] for i, f in enumerate(roll)) + (TILE,)


def format_pool(pool_: Iterable[Element], tile: str = TILE) -> str:
    """A pool in words, e.g. ``"yellow 3, brown crate, tile again"``.

    Args:
        pool_: elements.
        tile: the round's tile name, shown after the word "tile" (``"tile"``: unnamed).

    Returns:
        The elements joined by ``", "``.

    Raises:
        ValueError: ``pool_`` is text or not a collection, an element is neither
            ``(colour, face)`` (two strings) nor ``"tile"``, or ``tile`` is not text (the
            message names the argument and the value).

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2.

    >>> format_pool((("yellow", "3"), "tile"), tile="again")
    'yellow 3, tile again'
    """
    if isinstance(pool_, (str, bytes)) or not isinstance(pool_, Iterable):
        raise ValueError(f"pool_: a collection of elements ((colour, face) or {TILE!r}), not {shorten(pool_)}")
    if not isinstance(tile, str):
        raise ValueError(f"tile: a tile name (text), not {shorten(tile)}")
    parts = []
    for e in pool_:
        if e != TILE and not (isinstance(e, tuple) and len(e) == 2 and all(isinstance(x, str) for x in e)):
            raise ValueError(f"pool_: an element is (colour, face) or {TILE!r}, not {shorten(e)}")
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
        ValueError: ``n < 2`` (one element cannot fill two non-empty pools), or ``n`` over
            :data:`MAX_COUNT_ELEMENTS`.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2, MARA-10.

    >>> count_splits(7)
    63
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"count_splits(n): n must be an int number of elements, got {n!r}")
    if n < 2:
        raise ValueError(f"count_splits(n): n must be >= 2 (two non-empty pools, MARA-3.2), got {n}")
    if n > MAX_COUNT_ELEMENTS:
        raise ValueError(f"count_splits(n): n={n}: at most {MAX_COUNT_ELEMENTS} (rolls.MAX_COUNT_ELEMENTS)")
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
        ValueError: ``elements`` is not a collection, an element is unhashable,
            fewer than 2 elements or more than :data:`MAX_SPLIT_ELEMENTS` (20; the message
            names the count and the bound), or a repeated element (naming it).

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.2, MARA-10.

    >>> splits(["a", "b", "c"])
    [(('a', 'c'), ('b',)), (('a', 'b'), ('c',)), (('a',), ('b', 'c'))]
    """
    if not isinstance(elements, Iterable):
        raise ValueError(f"elements: a sequence of distinct elements, not {shorten(elements)}")
    elems = tuple(itertools.islice(elements, MAX_SPLIT_ELEMENTS + 1))
    if len(elems) > MAX_SPLIT_ELEMENTS:
        size = f"{len(elements)}" if hasattr(elements, "__len__") else f"more than {MAX_SPLIT_ELEMENTS}"
        raise ValueError(f"elements: {size} elements ({shorten(elements)}): at most {MAX_SPLIT_ELEMENTS} "
                         f"(rolls.MAX_SPLIT_ELEMENTS; their 2^(n-1) - 1 splits are listed)")
    unhashable = next((e for e in elems if not isinstance(e, Hashable)), None)
    if unhashable is not None:
        raise ValueError(f"elements: each element is hashable (a tuple, a string...), not {shorten(unhashable)}")
    if len(elems) < 2:
        raise ValueError(f"splitting needs at least 2 elements (two non-empty pools, MARA-3.2), got {elems!r}")
    repeated = [e for e, k in Counter(elems).items() if k > 1]
    if repeated:
        raise ValueError(f"elements must be distinct, {repeated[0]!r} appears {elems.count(repeated[0])} times")
    anchor = elems.index(TILE) if TILE in elems else 0
    return [(tuple(elems[i] for i in a), tuple(elems[i] for i in b)) for a, b in _split_index_sets(len(elems), anchor)]


def effect_key(element: Element, names: RoundNames | None = None) -> Element:
    """The element up to effect: a die showing 0 or a crate does the same whatever its colour
    (MARA-4.4, MARA-4.2), so its colour is replaced by ``"any"``; other elements are kept.

    Args:
        element: ``(colour, face)`` or ``"tile"``.
        names: the colours (default :data:`DEFAULT_NAMES`).

    Returns:
        ``("any", face)`` for a 0 or crate die, else ``element``.

    Raises:
        ValueError: an unknown element, colour or face.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-4.2, MARA-4.4, MARA-10.

    >>> effect_key(("teal", "crate")), effect_key(("teal", "2"))
    (('any', 'crate'), ('teal', '2'))
    """
    e = _check_element(element, _names(names))
    if e != TILE and e[1] in COLOURLESS_FACES:
        return ("any", e[1])
    return e


def distinct_effect_splits(roll: Sequence[str], tile: str = TILE, names: RoundNames | None = None) -> int:
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
    voc = _names(names)
    roll = _check_roll(roll, voc)
    _check_tile(tile, voc)
    counts = Counter(f for f in roll if f in COLOURLESS_FACES)
    m = len(roll) - sum(counts.values()) + 1  # colour-dependent dice + the tile
    total = 2 ** m * math.prod(k + 1 for k in counts.values())
    fixed = 1 if m == 0 and all(k % 2 == 0 for k in counts.values()) else 0
    return (total - 2 + fixed) // 2
