"""The splitter's best split: the chooser's answer, max-min over the 63 splits, expected value.

Part of :mod:`boardkit.analysis.splits`: :func:`choose` (the chooser's best response to one
split), :func:`analyse_split` (every split of a round, the splitter's max-min choice),
:func:`max_min_value` (the value only, fast) and :func:`splitter_expected_value` (over all 6^6
rolls). Exact Fractions throughout.

>>> from boardkit.analysis.splits.valuations import FaceValuation
>>> analyse_split(("3",) * 6, FaceValuation({"3": 3, "tile": 2})).value
Fraction(-2, 1)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from boardkit.analysis.splits.rolls import (
    FACES, REGIONS, ROLES, TILE, Element, Number, Pool, Roll, RoundNames, _check_objective, _check_tile,
    _dice, _exact, _split_index_sets, _names, format_pool, roll_elements,
)
from boardkit.analysis.splits.valuations import AdditiveValuation, FaceValuation, Valuation
from boardkit.core.chance import to_sympy
from boardkit.core.dice import Dist, ordered_rolls, pool
from boardkit.core.validate import shorten

__all__ = [
    "SplitRow", "SplitAnalysis", "choose", "analyse_split", "max_min_value", "rows_to_dicts", "splitter_expected_value",
]


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


def _check_valuation(valuation: Any) -> None:
    """Refuse a valuation that is neither an :class:`AdditiveValuation` nor callable,
    naming the argument (ValueError)."""
    if not isinstance(valuation, AdditiveValuation) and not callable(valuation):
        raise ValueError(f"valuation: an AdditiveValuation (or FaceValuation) or a function value(role, pool), "
                         f"not {shorten(valuation)} ({type(valuation).__name__})")


def _check_pool(pool_: Any, name: str) -> tuple[Any, ...]:
    """``pool_`` as a tuple; ValueError naming ``name`` for text or a non-collection."""
    if isinstance(pool_, (str, bytes)) or not isinstance(pool_, Iterable):
        raise ValueError(f"{name}: a tuple of elements ((colour, face) or {TILE!r}), not {shorten(pool_)}")
    return tuple(pool_)


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
        ValueError: an unknown objective, a pool that is text, not a collection or empty, a
            valuation that is neither additive nor callable (naming the argument).
        TypeError: the valuation returns a float or bool.
        KeyError: an additive valuation has no value for an element.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-3.3.

    >>> v = FaceValuation({"3": 3, "0": 0, "tile": 1})
    >>> choose((("yellow", "3"),), (("orange", "0"), "tile"), v).pick
    'a'
    """
    objective = _check_objective(objective)
    _check_valuation(valuation)
    pool_a, pool_b = _check_pool(pool_a, "pool_a"), _check_pool(pool_b, "pool_b")
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
        ValueError: unknown ``numbers``; ``rows`` is not a collection of SplitRow.

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
        raise ValueError(f"unknown numbers {shorten(numbers)}: use 'fraction', 'sympy' or 'float' (plots only)")
    if not isinstance(rows, Iterable):
        raise ValueError(f"rows: SplitRow objects (SplitAnalysis.rows), not {shorten(rows)}")
    rows = list(rows)
    bad = next((r for r in rows if not isinstance(r, SplitRow)), None)
    if bad is not None:
        raise ValueError(f"rows: SplitRow objects (SplitAnalysis.rows), not {shorten(bad)} ({type(bad).__name__})")
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
                  objective: str = "difference", names: RoundNames | None = None) -> SplitAnalysis:
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
        ValueError: a roll of the wrong length, an unknown face, tile or objective, a
            valuation neither additive nor callable (naming it).
        KeyError: an additive valuation has no value for an element of the round.
        TypeError: a callable valuation returns a float or bool.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-1.1, MARA-3.1, MARA-3.2, MARA-3.3, MARA-10.

    >>> v = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
    >>> a = analyse_split(("3", "3", "3", "3", "3", "3"), v)
    >>> a.value, a.ties, format_pool(a.best.pool_b)
    (Fraction(-2, 1), 20, 'yellow 3, orange 3, green 3')
    """
    _check_valuation(valuation)
    voc = _names(names, valuation)
    elements = roll_elements(roll, voc)
    roll = tuple(roll)
    tile = _check_tile(tile, voc)
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
                  objective: str = "difference", names: RoundNames | None = None) -> Fraction:
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
    voc = _names(names, valuation)
    elements = roll_elements(roll, voc)
    _check_tile(tile, voc)
    objective = _check_objective(objective)
    if not isinstance(valuation, AdditiveValuation):
        raise TypeError(f"max_min_value needs an AdditiveValuation, got {valuation!r}: use analyse_split(...).value")
    cs, ss, scale = _scaled_pairs(valuation, elements)
    return Fraction(_best_scaled(cs, ss, objective), scale)


# --------------------------------------------------------------------------- expected value

def _ev_callable(valuation: Callable[[str, Pool], Number], objective: str, rolls: Iterable[Roll], pbar: Any,
                 colours: tuple[str, ...] = REGIONS) -> Fraction:
    """Sum over ``rolls`` of the best split's value for a callable valuation.

    Each distinct pool (a face or nothing per colour, with or without the tile: under
    2 * 7^6 of them) is valued once per role for the whole run, keyed by a base-7 code."""
    die_elements = _dice(colours)
    n = len(colours) + 1
    lo, full = 1 << (n - 1), (1 << n) - 1
    face_index = {f: k for k, f in enumerate(FACES)}
    tile_code = (len(FACES) + 1) ** len(colours)
    cache: dict[int, tuple[Fraction, Fraction]] = {}
    acc = Fraction(0)
    for r in rolls:
        elements = [die_elements[i][f] for i, f in enumerate(r)] + [TILE]
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
                            method: str = "auto", progress: bool = False,
                            names: RoundNames | None = None) -> Fraction:
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
        ValueError: unknown tile, objective or method, a valuation neither additive nor
            callable, or ``"fast"`` with a callable valuation.
        KeyError: an additive valuation misses one of the 37 elements.
        TypeError: a callable valuation returns a float or bool.

    Source: seed 003_a24625b41ad3ab46.txt; MARA-1.1, MARA-3.1, MARA-3.2, MARA-3.3, MARA-10.

    >>> v = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
    >>> splitter_expected_value(v, objective="own")
    Fraction(6793, 1296)
    """
    _check_valuation(valuation)
    voc = _names(names, valuation)
    die_elements = _dice(voc.colours)
    tile = _check_tile(tile, voc)
    objective = _check_objective(objective)
    method = _ev_method(valuation, method)
    die = Dist.uniform(FACES)
    rolls_total = len(FACES) ** len(voc.colours)

    def bar(total: int, desc: str) -> Any:
        if not progress:
            return None
        from tqdm.auto import tqdm

        return tqdm(total=total, desc=desc, unit="roll" if method == "brute" else "group")

    if not isinstance(valuation, AdditiveValuation):  # callable: every roll, pools cached across rolls
        pbar = bar(rolls_total, "rolls")
        acc = _ev_callable(valuation, objective, ordered_rolls([die] * len(voc.colours)).outcomes(), pbar, voc.colours)
        if pbar is not None:
            pbar.close()
        return acc / rolls_total

    elements: list[Element] = [(c, f) for c in voc.colours for f in FACES] + [TILE]
    cs, ss, scale = _scaled_pairs(valuation, elements)
    pair = {e: (c, s) for e, c, s in zip(elements, cs, ss)}
    if method == "brute":  # every ordered roll, one at a time
        rolls = ordered_rolls([die] * len(voc.colours))
        weighted = (([pair[die_elements[i][f]] for i, f in enumerate(r)], w) for r, w in rolls.weights())
        return Fraction(_ev_weighted(weighted, pair[TILE], objective, bar(len(rolls), "rolls")), rolls.total * scale)
    groups = _ev_groups(valuation, pair, die_elements, die, len(voc.colours))
    return Fraction(_ev_weighted(groups.weights(), pair[TILE], objective, bar(len(groups), "groups")),
                    groups.total * scale)


def _ev_method(valuation: Valuation, method: str) -> str:
    """The method :func:`splitter_expected_value` uses: ``method``, or for ``"auto"`` ``"fast"``
    (additive valuations) or ``"brute"`` (callables).

    Raises:
        ValueError: an unknown method, or ``"fast"`` with a callable valuation.
    """
    if method not in ("auto", "fast", "brute"):
        raise ValueError(f"unknown method {method!r}: methods are 'auto', 'fast', 'brute'")
    additive = isinstance(valuation, AdditiveValuation)
    if method == "fast" and not additive:
        raise ValueError(f"method 'fast' needs an AdditiveValuation or FaceValuation, got {valuation!r}: "
                         f"use method='brute' for a callable valuation")
    if method == "auto":
        method = "fast" if additive else "brute"
    return method


def _ev_groups(valuation: AdditiveValuation, pair: dict[Element, tuple[int, int]], die_elements: Any, die: Dist[Any],
               n_dice: int) -> Dist[Any]:
    """The rolls grouped by the sorted multiset of their dice's scaled (chooser, splitter)
    value pairs, with their weights (the ``"fast"`` method of
    :func:`splitter_expected_value`): a FaceValuation through the face multisets of
    :func:`boardkit.core.dice.pool`, any other additive valuation die by die."""
    groups: Dist[Any]
    if isinstance(valuation, FaceValuation):
        face_pair = {f: pair[die_elements[0][f]] for f in FACES}
        groups = pool(n_dice, die).map(lambda ms: tuple(sorted(face_pair[f] for f in ms)))
    else:
        groups = Dist.certain(())
        for i in range(n_dice):
            colour_pairs = die.map(lambda f, i=i: pair[die_elements[i][f]])  # type: ignore[misc]
            groups = groups.combine(colour_pairs, _insert_sorted)
    return groups


def _ev_weighted(weighted: Iterable[tuple[Sequence[tuple[int, int]], int]], tile_pair: tuple[int, int], objective: str,
                 pbar: Any) -> int:
    """Sum of ``weight * best scaled split value`` over ``(dice pairs, weight)`` (the tile's
    pair added to each); ``pbar`` (or None) is advanced once per entry, then closed."""
    acc_int = 0
    for ms, w in weighted:
        dice_c = [p[0] for p in ms] + [tile_pair[0]]
        dice_s = [p[1] for p in ms] + [tile_pair[1]]
        acc_int += w * _best_scaled(dice_c, dice_s, objective)
        if pbar is not None:
            pbar.update(1)
    if pbar is not None:
        pbar.close()
    return acc_int
