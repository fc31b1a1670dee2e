"""Several dice at once: sums, pools (one outcome per multiset), ordered rolls and counts.

Built on :class:`~boardkit.core.dist.Dist`; see :mod:`boardkit.core.dice` for when to ask a
pool rather than ordered rolls.

>>> from boardkit.core.dist import Dist
>>> pool(2, Dist.uniform(["hit", "miss"]))
Dist({('hit', 'hit'): 1/4, ('hit', 'miss'): 1/2, ('miss', 'miss'): 1/4})
"""

from __future__ import annotations

import itertools
import math
from typing import (Any, Callable, Hashable, Sequence,
                    TypeVar, cast)

from boardkit.core.dist import MAX_OUTCOMES, Dist, Number, _convolve, _dense_ints, _pack, _slot_bytes, _unpack

__all__ = ["sum_of", "pool", "ordered_rolls", "count_faces", "count_where"]

T = TypeVar("T", bound=Hashable)


def sum_of(n: int, die: Dist[Any]) -> Dist[Any]:
    """The sum of ``n`` independent rolls of ``die`` (``n`` d6 summed: ``sum_of(n, d6)``).

    Integer faces: one big-integer power (Kronecker substitution), exact and fast.
    Other numeric faces (Fractions, sparse ints): convolution by repeated squaring.
    Counts stay integers; probabilities are divided out only when read.

    Args:
        n: number of dice, ``n >= 0`` (``n = 0`` gives the certain sum 0).
        die: a ``Dist`` with int or Fraction outcomes.

    Returns:
        A ``Dist`` over the possible sums.

    Raises:
        ValueError: ``n`` is negative.
        TypeError: ``n`` is not an int, or a face is not a number (map faces to numbers
            first, e.g. ``die.map(lambda f: f if isinstance(f, int) else 0)``).

    >>> d6 = Dist.uniform(range(1, 7))
    >>> ten = sum_of(10, d6)
    >>> ten.weight(35), ten.total  # 4,395,456 of the 6^10 ordered rolls sum to 35
    (4395456, 60466176)
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"sum_of(n, die): n must be an int number of dice, got {n!r}")
    if n < 0:
        raise ValueError(f"sum_of(n, die): n must be >= 0, got {n}")
    die._require_numbers("sum")
    if n == 0:
        return Dist.certain(0)
    w = cast(dict[Number, int], die._weights)
    if _dense_ints(w):
        iw = cast(dict[int, int], w)
        lo = min(iw)
        span = max(iw) - lo
        slot = _slot_bytes(die.total ** n)
        big = _pack(iw, lo, span, slot) ** n
        return Dist._from_ints(_unpack(big, lo * n, span * n, slot))
    result: dict[Number, int] | None = None
    base: dict[Number, int] = dict(w)
    k = n
    while k:
        if k & 1:
            result = base if result is None else _convolve(result, base)
        k >>= 1
        if k:
            base = _convolve(base, base)
    assert result is not None
    return Dist._from_ints(result)


# --------------------------------------------------------------------- several dice

def pool(n: int, die: Dist[T], max_outcomes: int = MAX_OUTCOMES) -> Dist[tuple[T, ...]]:
    """``n`` identical dice rolled together, as multisets: sorted tuples with multinomial weights.

    One outcome per multiset (six d6: 462 sorted tuples, weights summing to 6^6 = 46,656),
    instead of one per ordered roll. Use it whenever the question does not care which die
    showed which face (how many crates, the sum, the highest face...). The tuple is sorted in
    the die's outcome order (``die.outcomes()``).

    Args:
        n: number of dice, ``n >= 0`` (0 gives the empty tuple).
        die: the distribution of one die.
        max_outcomes: refuse to build more multisets than this.

    Returns:
        A ``Dist`` over tuples of length ``n``; the weight of a multiset with counts
        ``c_1..c_k`` of faces with weights ``w_1..w_k`` is ``n! / prod(c_i!) * prod(w_i^c_i)``.

    Raises:
        ValueError: ``n`` is negative, or there are more than ``max_outcomes`` multisets.
        TypeError: ``n`` is not an int.

    >>> crates = pool(6, Dist.uniform([0, 1, 2, 3, "circle", "crate"]))
    >>> len(crates)
    462
    >>> crates.where(lambda roll: roll.count("crate") >= 2)
    Fraction(12281, 46656)
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"pool(n, die): n must be an int number of dice, got {n!r}")
    if n < 0:
        raise ValueError(f"pool(n, die): n must be >= 0, got {n}")
    faces = die.outcomes()
    k = len(faces)
    size = math.comb(n + k - 1, k - 1)
    if size > max_outcomes:
        raise ValueError(
            f"pool({n}, die) has {size} multisets, more than max_outcomes={max_outcomes}: "
            f"ask a smaller question (count_faces, sum_of, or .map each die to fewer outcomes "
            f"first, e.g. crate/not crate), or raise max_outcomes")
    fw = [die.weight(f) for f in faces]
    fact = [math.factorial(i) for i in range(n + 1)]
    out: dict[tuple[T, ...], int] = {}

    # Multinomial with integer arithmetic only: carry the product of c! and divide once.
    def rec_int(i: int, left: int, prefix: tuple[T, ...], wprod: int, cfact: int) -> None:
        if i == k - 1:
            out[prefix + (faces[i],) * left] = (
                wprod * fw[i] ** left * fact[n] // (cfact * fact[left]))
            return
        for c in range(left, -1, -1):
            rec_int(i + 1, left - c, prefix + (faces[i],) * c, wprod * fw[i] ** c, cfact * fact[c])

    rec_int(0, n, (), 1, 1)  # more of an earlier face first: lexicographic in die order
    return Dist._from_ints(out, presorted=True)


def ordered_rolls(dice: Sequence[Dist[Any]],
                  max_outcomes: int = MAX_OUTCOMES) -> Dist[tuple[Any, ...]]:
    """Dice that differ (in colour or faces) rolled together: one tuple entry per die, in order.

    Exact but slow: six d6 give 6^6 = 46,656 tuples. When the question does not care which
    die showed what, use :func:`pool` (multisets, 462 outcomes for six d6, about 70x faster);
    for "how many dice show X" over mixed dice use :func:`count_faces`; for numeric totals
    use ``+`` or :func:`sum_of`.

    Args:
        dice: one ``Dist`` per die, e.g. one per region colour.
        max_outcomes: refuse to enumerate more ordered rolls than this.

    Returns:
        A ``Dist`` over tuples ``(face of dice[0], face of dice[1], ...)``, listed in
        lexicographic order of each die's ``outcomes()`` order.

    Raises:
        ValueError: more than ``max_outcomes`` ordered rolls (the message suggests
            :func:`pool` or :func:`count_faces`).

    >>> d2 = Dist.uniform([1, 2])
    >>> ordered_rolls([d2, Dist.uniform("ab")]).probability((2, "a"))
    Fraction(1, 4)
    """
    size = math.prod(len(d) for d in dice)
    if size > max_outcomes:
        raise ValueError(
            f"ordered_rolls of {len(dice)} dice has {size} outcomes, more than "
            f"max_outcomes={max_outcomes}: for identical dice use pool(n, die) (multisets), "
            f"for counts of a face use count_faces(dice, face), or raise max_outcomes")
    faces = [d.outcomes() for d in dice]
    weights = [[d.weight(f) for f in fs] for d, fs in zip(dice, faces)]
    # itertools.product yields rolls in lexicographic order of each die's outcome order.
    acc = dict(zip(itertools.product(*faces), map(math.prod, itertools.product(*weights))))
    return Dist._from_ints(acc, presorted=True)


def count_where(dice: Sequence[Dist[Any]], predicate: Callable[[Any], bool]) -> Dist[int]:
    """How many of the ``dice`` show a face satisfying ``predicate`` (0..len(dice)).

    Each die is reduced to hit/miss first, so the cost is O(len(dice)^2) whatever the faces:
    no roll is enumerated. The dice may differ.

    Args:
        dice: one ``Dist`` per die.
        predicate: a test on one face.

    Returns:
        A ``Dist`` over ints ``0..len(dice)`` (impossible counts omitted).

    >>> d6 = Dist.uniform(range(1, 7))
    >>> count_where([d6] * 3, lambda f: f >= 5).probability(0)
    Fraction(8, 27)
    """
    acc: Dist[int] = Dist.certain(0)
    for d in dice:
        acc = acc + d.map(lambda f: 1 if predicate(f) else 0)
    return acc


def count_faces(dice: Sequence[Dist[Any]], face: Hashable) -> Dist[int]:
    """How many of the ``dice`` show ``face`` (0..len(dice)); the dice may differ.

    Args:
        dice: one ``Dist`` per die (``[die] * 6`` for six identical dice).
        face: the face to count, e.g. ``"crate"``.

    Returns:
        A ``Dist`` over ints ``0..len(dice)``.

    >>> region = Dist.uniform([0, 1, 2, 3, "circle", "crate"])
    >>> count_faces([region] * 6, "crate").probability(0)
    Fraction(15625, 46656)
    """
    return count_where(dice, lambda f: f == face)
