"""Exact distributions: :class:`Dist`, immutable integer weights over hashable outcomes.

Probabilities come out as :class:`fractions.Fraction`, computed with one division at the end;
every operation returns a new ``Dist``. Sums of dice with integer faces convolve by
Kronecker substitution (one big-integer multiplication). The front door is
:mod:`boardkit.core.dice`, which also holds the functions over several dice
(:mod:`boardkit.core.pools`).

>>> d6 = Dist.uniform(range(1, 7))
>>> (d6 + d6).probability(7)
Fraction(1, 6)
"""

from __future__ import annotations

import math
import numbers
from collections import Counter, defaultdict
from fractions import Fraction
from typing import (Any, Callable, Generic, Hashable, Iterable, Iterator, Mapping, TypeVar, Union, cast)

__all__ = ["Dist", "MAX_OUTCOMES", "Number"]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

#: Default bound on the number of outcomes :func:`ordered_rolls` and :func:`pool` build.
MAX_OUTCOMES = 2_000_000

Number = Union[int, Fraction]


def _is_exact_number(x: object) -> bool:
    """Int or Fraction, but not bool (True + True is a trap) and not float (not exact)."""
    return isinstance(x, (int, Fraction)) and not isinstance(x, bool)


def _mixed_key(x: Any) -> tuple[Any, ...]:
    """A total order for outcomes of mixed types: numbers, then strings, then tuples
    (element by element), then anything else by type name and repr."""
    if isinstance(x, (int, Fraction, float)):
        return (0, x)
    if isinstance(x, str):
        return (1, x)
    if isinstance(x, tuple):
        return (2, tuple(_mixed_key(e) for e in x))
    return (3, type(x).__qualname__, repr(x))


def _sorted_outcomes(outcomes: Iterable[T]) -> list[T]:
    """Natural order when the outcomes allow it (numbers, strings, tuples of one kind),
    otherwise the mixed order of :func:`_mixed_key` (e.g. faces ``0, 1, 2, 3, 'circle'``)."""
    items = list(outcomes)
    try:
        return sorted(items)  # type: ignore[type-var]
    except TypeError:
        return sorted(items, key=_mixed_key)


def _kind(x: object) -> type | str:
    """What kind of outcome ``x`` is: "number" for any number (1 == 1.0 == True), else its type."""
    return "number" if isinstance(x, numbers.Number) else type(x)


def _describe(outcome: object) -> str:
    return f"{outcome!r} ({type(outcome).__name__})"


class Dist(Generic[T]):
    """An exact, immutable probability distribution over hashable outcomes.

    Held as integer weights with gcd 1 (so equal distributions have equal weights, and
    ``==`` and ``hash`` compare distributions, not representations). Probabilities are
    ``weight / total`` as :class:`~fractions.Fraction`. Outcomes with weight 0 are dropped.

    Build one with :meth:`uniform` (a die), :meth:`from_weights` (any weights) or
    :meth:`certain`; ``Dist(mapping)`` is the same as ``Dist.from_weights(mapping)``.

    Args:
        weights: ``{outcome: weight}`` or an iterable of ``(outcome, weight)`` pairs (repeated
            outcomes add up). Weights are non-negative ints or Fractions (e.g. probabilities),
            at least one positive.

    Raises:
        TypeError: a weight is a float or bool (not exact), or an outcome is unhashable.
        ValueError: a weight is negative, or no weight is positive.

    >>> coin = Dist({"heads": 1, "tails": 1})
    >>> coin.probability("heads")
    Fraction(1, 2)
    >>> coin == Dist.uniform(["tails", "heads"])
    True
    """

    __slots__ = ("_weights", "_order", "_total", "_hash")

    _weights: dict[T, int]
    _order: tuple[T, ...]
    _total: int
    _hash: int

    def __init__(self, weights: Mapping[T, Number] | Iterable[tuple[T, Number]]) -> None:
        pairs: Iterable[tuple[T, Number]] = (
            weights.items() if isinstance(weights, Mapping) else weights)
        raw: dict[T, Fraction | int] = {}
        for outcome, w in pairs:
            try:
                hash(outcome)
            except TypeError:
                raise TypeError(
                    f"outcome {outcome!r} is unhashable: outcomes must be hashable values "
                    f"(use a tuple instead of a list, a frozenset instead of a set)") from None
            if not _is_exact_number(w):
                raise TypeError(
                    f"weight {w!r} for outcome {outcome!r} is a {type(w).__name__}: weights must "
                    f"be ints or Fractions (floats are not exact; write Fraction(1, 3), not 0.333)")
            if w < 0:
                raise ValueError(f"weight {w} for outcome {outcome!r} is negative")
            raw[outcome] = raw.get(outcome, 0) + w
        raw = {o: w for o, w in raw.items() if w}
        if not raw:
            raise ValueError(
                "a distribution needs at least one outcome with a positive weight "
                "(got none): Dist({'heads': 1, 'tails': 1}) or Dist.uniform(faces)")
        denominators = [w.denominator for w in raw.values() if isinstance(w, Fraction)]
        scale = math.lcm(*denominators) if denominators else 1
        ints = {o: int(w * scale) for o, w in raw.items()}
        self._init(ints)

    def _init(self, ints: dict[T, int], presorted: bool = False) -> None:
        """Set the fields from positive integer weights (private fast path: no checks).
        ``presorted``: the caller built ``ints`` in outcome order already (skip the sort)."""
        g = math.gcd(*ints.values())
        order = tuple(ints) if presorted else tuple(_sorted_outcomes(ints))
        weights = {o: ints[o] // g for o in order} if g > 1 or not presorted else ints
        object.__setattr__(self, "_weights", weights)
        object.__setattr__(self, "_order", order)
        object.__setattr__(self, "_total", sum(weights.values()))
        # Order-independent, so equal distributions hash alike however they were built.
        object.__setattr__(self, "_hash", hash(frozenset(weights.items())))

    @staticmethod
    def _from_ints(ints: Mapping[U, int], presorted: bool = False) -> Dist[U]:
        """A Dist from non-negative integer weights, without validation (internal use)."""
        d: Dist[U] = object.__new__(Dist)
        d._init({o: w for o, w in ints.items() if w}, presorted)
        return d

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"Dist is immutable (cannot set {name!r}): build a new one with .map, .then, "
            f"+ or Dist.from_weights")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Dist is immutable (cannot delete {name!r})")

    # ----------------------------------------------------------------- constructors

    @classmethod
    def uniform(cls, faces: Iterable[T]) -> Dist[T]:
        """A fair die: each listed face equally likely; a face listed k times has weight k.

        Args:
            faces: the faces of the die, e.g. ``range(1, 7)`` or
                ``["move", "move", "explosion", "explosion", "battle", "battle"]``.

        Returns:
            A ``Dist`` over the distinct faces.

        Raises:
            ValueError: no faces.
            TypeError: a face is unhashable.

        >>> doom = Dist.uniform(["move", "move", "explosion", "explosion", "battle", "battle"])
        >>> doom.probability("battle")
        Fraction(1, 3)
        """
        counts: Counter[T] = Counter()
        for face in faces:
            try:
                counts[face] += 1
            except TypeError:
                raise TypeError(f"face {face!r} is unhashable: faces must be hashable "
                                f"(use a tuple instead of a list)") from None
        if not counts:
            raise ValueError("a die needs at least one face: Dist.uniform(range(1, 7))")
        return cls._from_ints(counts)

    @classmethod
    def from_weights(cls, weights: Mapping[T, Number] | Iterable[tuple[T, Number]]) -> Dist[T]:
        """A distribution from weights or probabilities (the same as ``Dist(weights)``).

        Args:
            weights: ``{outcome: weight}`` or ``(outcome, weight)`` pairs, weights non-negative
                ints or Fractions; they need not sum to 1 (they are normalised). A list of
                ``(Action, Fraction)`` from ``state.chance_outcomes()`` fits.

        Returns:
            The normalised ``Dist``.

        Raises:
            TypeError: a float or bool weight, or an unhashable outcome.
            ValueError: a negative weight, or no positive weight.

        >>> Dist.from_weights({"rain": Fraction(1, 3), "sun": Fraction(2, 3)}).probability("sun")
        Fraction(2, 3)
        """
        return cls(weights)

    @classmethod
    def certain(cls, outcome: T) -> Dist[T]:
        """The distribution that always gives ``outcome`` (probability 1).

        >>> Dist.certain(0).probability(0)
        Fraction(1, 1)
        """
        return cls({outcome: 1})

    # ----------------------------------------------------------------- reading

    @property
    def total(self) -> int:
        """Sum of the integer weights (the common denominator of all probabilities).

        >>> Dist.uniform([1, 1, 2]).total
        3
        """
        return self._total

    def outcomes(self) -> tuple[T, ...]:
        """The outcomes with positive probability, sorted.

        >>> Dist.uniform([3, 1, 2, 1]).outcomes()
        (1, 2, 3)
        """
        return self._order

    def weight(self, outcome: T) -> int:
        """Integer weight of ``outcome`` (0 if impossible); probability is ``weight / total``.

        >>> Dist.uniform([1, 1, 2]).weight(1)
        2
        """
        return self._weights.get(outcome, 0)

    def weights(self) -> list[tuple[T, int]]:
        """``[(outcome, integer weight)]`` sorted by outcome; weights have gcd 1.

        >>> Dist.uniform("aab").weights()
        [('a', 2), ('b', 1)]
        """
        return list(self._weights.items())

    def probability(self, outcome: T) -> Fraction:
        """Exact probability of one outcome (0 if it cannot happen).

        Args:
            outcome: an outcome (any hashable value) of the kind the outcomes are (a number
                for numbers, a tuple for tuples...).

        Returns:
            A Fraction in [0, 1].

        Raises:
            ValueError: ``outcome`` is not hashable, or of no kind of the outcomes (``"x"``
                where they are counts: a misspelt outcome, not an impossible one); the
                message names it and shows some outcomes.

        >>> Dist.uniform(range(1, 7)).probability(6)
        Fraction(1, 6)
        """
        try:
            weight = self._weights.get(outcome, 0)
        except TypeError:
            raise ValueError(f"outcome: {_describe(outcome)} is not hashable, so no outcome of this distribution") from None
        if not weight and _kind(outcome) not in {_kind(o) for o in self._weights}:
            some = ", ".join(repr(o) for o in list(self._order)[:6])
            raise ValueError(f"outcome: {_describe(outcome)} is of no kind of this distribution's outcomes "
                             f"({some}{', ...' if len(self._order) > 6 else ''})")
        return Fraction(weight, self._total)

    def items(self) -> list[tuple[T, Fraction]]:
        """``[(outcome, probability)]`` sorted by outcome, probabilities summing to exactly 1.

        >>> Dist.uniform("ab").items()
        [('a', Fraction(1, 2)), ('b', Fraction(1, 2))]
        """
        t = self._total
        return [(o, Fraction(w, t)) for o, w in self._weights.items()]

    def where(self, predicate: Callable[[T], bool]) -> Fraction:
        """Exact probability that ``predicate(outcome)`` is true.

        Args:
            predicate: a test on one outcome.

        Returns:
            A Fraction in [0, 1].

        >>> Dist.uniform(range(1, 7)).where(lambda x: x >= 5)
        Fraction(1, 3)
        """
        return Fraction(sum(w for o, w in self._weights.items() if predicate(o)), self._total)

    def mean(self) -> Fraction:
        """Exact expected value of numeric outcomes.

        Returns:
            A Fraction.

        Raises:
            TypeError: an outcome is not an int or Fraction; ``.map`` outcomes to numbers first.

        >>> Dist.uniform(range(1, 7)).mean()
        Fraction(7, 2)
        """
        self._require_numbers("mean")
        s = sum((cast(Number, o) * w for o, w in self._weights.items()), Fraction(0))
        return Fraction(s) / self._total

    def to_sympy(self) -> dict[T, Any]:
        """``{outcome: sympy.Rational}`` for display in notebooks (sympy imported lazily).

        >>> Dist.uniform("ab").to_sympy()
        {'a': 1/2, 'b': 1/2}
        """
        import sympy

        t = self._total
        return {o: sympy.Rational(w, t) for o, w in self._weights.items()}

    # ----------------------------------------------------------------- transforming

    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """The distribution of ``f(outcome)``; outcomes mapped to the same value merge.

        Args:
            f: a function from an outcome to a hashable value.

        Returns:
            A new ``Dist``; its probabilities still sum to 1.

        >>> Dist.uniform(range(1, 7)).map(lambda x: x % 2 == 0)
        Dist({False: 1/2, True: 1/2})
        """
        out: dict[U, int] = defaultdict(int)
        for o, w in self._weights.items():
            out[f(o)] += w
        return Dist._from_ints(out)

    def then(self, f: Callable[[T], Dist[U] | U]) -> Dist[U]:
        """Chain a second random step that depends on this one's outcome.

        ``f(outcome)`` returns a ``Dist`` (what happens next, given this outcome) or a plain
        outcome (certain); the result is the exact mixture. Use it to combine non-numeric
        rolls too: ``a.then(lambda x: b.map(lambda y: (x, y)))`` is the pair of independent
        rolls (see also :meth:`combine`).

        Args:
            f: a function from an outcome to a ``Dist`` or to a hashable outcome.

        Returns:
            A new ``Dist`` over the outcomes of the second step.

        >>> coin = Dist.uniform(["heads", "tails"])
        >>> d6 = Dist.uniform(range(1, 7))
        >>> coin.then(lambda c: d6 if c == "heads" else 0).probability(0)
        Fraction(1, 2)
        """
        steps: list[tuple[int, Dist[U]]] = []
        for o, w in self._weights.items():
            nxt = f(o)
            steps.append((w, nxt if isinstance(nxt, Dist) else Dist._from_ints({nxt: 1})))
        scale = math.lcm(*(d._total for _, d in steps))
        out: dict[U, int] = defaultdict(int)
        for w, d in steps:
            k = w * (scale // d._total)
            for o2, w2 in d._weights.items():
                out[o2] += k * w2
        return Dist._from_ints(out)

    def combine(self, other: Dist[U], f: Callable[[T, U], Any]) -> Dist[Any]:
        """The distribution of ``f(a, b)`` for independent ``a`` from this and ``b`` from other.

        Args:
            other: an independent distribution.
            f: combines one outcome of each into a hashable outcome.

        Returns:
            A new ``Dist``.

        >>> colour = Dist.uniform(["red", "blue"])
        >>> colour.combine(Dist.uniform(["circle", "crate"]), lambda c, f: f"{c} {f}").items()[0]
        ('blue circle', Fraction(1, 4))
        """
        out: dict[Any, int] = defaultdict(int)
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                out[f(a, b)] += wa * wb
        return Dist._from_ints(out)

    def _require_numbers(self, what: str) -> None:
        for o in self._order:
            if not _is_exact_number(o):
                hint = (" (floats are not exact: use Fraction)" if isinstance(o, float) else "")
                raise TypeError(
                    f"cannot {what}: outcome {_describe(o)} is not an int or Fraction{hint}. "
                    f"Map outcomes to numbers first (e.g. .map(lambda f: f if isinstance(f, int) "
                    f"else 0)), or combine them your own way with .then / .combine, e.g. "
                    f"a.combine(b, lambda x, y: (x, y))")

    def __add__(self, other: Dist[Any] | int | Fraction) -> Dist[Any]:
        """Sum of independent numeric outcomes (convolution), or a shift by a number.

        Raises:
            TypeError: an outcome is not an int or Fraction (the message says to use ``.then``
                or ``.combine``), or ``other`` is neither a Dist nor a number.

        >>> d6 = Dist.uniform(range(1, 7))
        >>> (d6 + d6 + 1).probability(8)
        Fraction(1, 6)
        """
        if isinstance(other, Dist):
            self._require_numbers("add")
            other._require_numbers("add")
            return Dist._from_ints(_convolve(cast(dict[Number, int], self._weights),
                                             cast(dict[Number, int], other._weights)))
        if _is_exact_number(other):
            self._require_numbers("add")
            return Dist._from_ints({cast(Number, o) + other: w for o, w in self._weights.items()})
        return NotImplemented

    def __radd__(self, other: int | Fraction) -> Dist[Any]:
        """``number + dist`` (so ``sum([d1, d2])`` works)."""
        return self.__add__(other)

    # ----------------------------------------------------------------- protocol

    def __len__(self) -> int:
        """Number of distinct outcomes."""
        return len(self._order)

    def __iter__(self) -> Iterator[T]:
        """The outcomes, sorted."""
        return iter(self._order)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._weights

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._hash == other._hash and self._weights == other._weights

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        """``Dist({outcome: probability, ...})`` with probabilities as fractions; past 20
        outcomes, the first 20 and a count of the rest."""
        t = self._total
        shown = list(self._weights.items())[:20]
        parts = [f"{o!r}: {Fraction(w, t)}" for o, w in shown]
        if len(self._order) > len(shown):
            parts.append(f"... {len(self._order) - len(shown)} more")
        return "Dist({" + ", ".join(parts) + "})"


# --------------------------------------------------------------------- convolution

def _dense_ints(weights: Mapping[Any, int]) -> bool:
    """Outcomes are ints (not bools) spread densely enough for Kronecker substitution."""
    if not all(type(o) is int for o in weights):
        return False
    lo, hi = min(weights), max(weights)
    return hi - lo <= 4 * len(weights) + 64


def _pack(weights: Mapping[int, int], lo: int, span: int, slot: int) -> int:
    """Polynomial sum(w * X^(o - lo)) evaluated at X = 2^(8*slot), as one big int."""
    buf = bytearray((span + 1) * slot)
    for o, w in weights.items():
        i = (o - lo) * slot
        buf[i:i + slot] = w.to_bytes(slot, "little")
    return int.from_bytes(buf, "little")


def _unpack(big: int, lo: int, span: int, slot: int) -> dict[int, int]:
    buf = big.to_bytes((span + 1) * slot, "little")
    out = {}
    for i in range(span + 1):
        w = int.from_bytes(buf[i * slot:(i + 1) * slot], "little")
        if w:
            out[lo + i] = w
    return out


def _slot_bytes(bound: int) -> int:
    """Bytes per coefficient when every coefficient is at most ``bound``."""
    return bound.bit_length() // 8 + 1


def _convolve(a: Mapping[Number, int], b: Mapping[Number, int]) -> dict[Number, int]:
    """Integer weights of the sum of two independent numeric outcomes."""
    if _dense_ints(a) and _dense_ints(b):
        ia, ib = cast(Mapping[int, int], a), cast(Mapping[int, int], b)
        la, lb = min(ia), min(ib)
        sa, sb = max(ia) - la, max(ib) - lb
        slot = _slot_bytes(sum(ia.values()) * sum(ib.values()))
        big = _pack(ia, la, sa, slot) * _pack(ib, lb, sb, slot)
        return cast(dict[Number, int], _unpack(big, la + lb, sa + sb, slot))
    out: dict[Number, int] = defaultdict(int)
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] += wx * wy
    return out
