"""boardkit.core.dice: exact values, brute-force and icepool cross-checks, properties."""

from __future__ import annotations

import doctest
import itertools
import math
from collections import Counter
from fractions import Fraction
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.core import dice, dist, pools
from boardkit.core.dice import Dist, count_faces, count_where, ordered_rolls, pool, sum_of

D6 = Dist.uniform(range(1, 7))
#: One regional die (one per region colour): numbers 0-3 and two symbols.
REGION_FACES: list[Any] = [0, 1, 2, 3, "circle", "crate"]
REGION = Dist.uniform(REGION_FACES)
#: The "Doom" die: Move x2, Explosion x2, Battle x2.
DOOM = Dist.uniform(["move", "move", "explosion", "explosion", "battle", "battle"])


def brute(faces: list[Any], n: int, question: Callable[[tuple[Any, ...]], Any]) -> dict[Any, Fraction]:
    """Independent oracle: every ordered roll from itertools.product, counted."""
    counts = Counter(question(roll) for roll in itertools.product(faces, repeat=n))
    total = len(faces) ** n
    return {k: Fraction(v, total) for k, v in counts.items()}


def numbers_sum(roll: tuple[Any, ...]) -> int:
    """Sum of the numbers shown; circle and crate count as no number."""
    return sum(f for f in roll if isinstance(f, int))


# ------------------------------------------------------------------ exact values

def test_module_doctests_pass() -> None:
    """The examples of boardkit.core.dice and of the two modules behind it (dist, pools)."""
    results = [doctest.testmod(m) for m in (dice, dist, pools)]
    assert sum(r.attempted for r in results) > 20 and sum(r.failed for r in results) == 0


def test_2d6_sum_of_7_is_one_sixth() -> None:
    assert (D6 + D6).probability(7) == Fraction(1, 6)
    assert sum_of(2, D6).probability(7) == Fraction(1, 6)
    assert (D6 + D6).probability(2) == Fraction(1, 36)
    assert (D6 + D6).probability(13) == 0


def test_10d6_sum_totals_one_and_35_matches_known_count() -> None:
    ten = sum_of(10, D6)
    assert sum(p for _, p in ten.items()) == 1
    assert ten.outcomes() == tuple(range(10, 61))
    # 4,395,456 of the 6^10 ordered rolls sum to 35 (the most likely total).
    assert ten.probability(35) == Fraction(4395456, 60466176)
    assert ten.total == 6 ** 10
    assert ten.mean() == 35
    assert max(ten.outcomes(), key=ten.weight) == 35


def test_doom_die() -> None:
    assert DOOM.outcomes() == ("battle", "explosion", "move")
    assert all(p == Fraction(1, 3) for _, p in DOOM.items())
    # At least one battle in two rolls: 1 - (2/3)^2.
    assert count_faces([DOOM, DOOM], "battle").where(lambda k: k >= 1) == Fraction(5, 9)


def test_pool_of_six_d6_has_462_multisets_with_weights_summing_to_6_pow_6() -> None:
    six = pool(6, D6)
    assert len(six) == math.comb(11, 5) == 462
    assert six.total == 6 ** 6
    assert sum(w for _, w in six.weights()) == 46656
    assert six.weight((1, 1, 1, 1, 1, 1)) == 1
    assert six.weight((1, 2, 3, 4, 5, 6)) == math.factorial(6)
    assert all(list(t) == sorted(t) for t in six.outcomes())


def test_pool_of_region_dice_sorted_in_die_order() -> None:
    six = pool(6, REGION)
    assert len(six) == 462 and six.total == 6 ** 6
    assert (0, 3, "circle", "circle", "crate", "crate") in six


@pytest.mark.parametrize("question, name", [
    (lambda r: r.count("crate") >= 2, "at least two crates"),
    (lambda r: r.count(0), "number of zeros"),
    (numbers_sum, "sum of numbers (circle/crate are not numbers)"),
    (lambda r: ("circle" in r, "crate" in r), "some circle, some crate"),
])
def test_pool_agrees_with_brute_force(question: Callable[[tuple[Any, ...]], Any], name: str) -> None:
    expected = brute(REGION_FACES, 6, question)
    got = dict(pool(6, REGION).map(question).items())
    assert got == expected, name


def test_named_answers_for_region_dice() -> None:
    six = pool(6, REGION)
    # P(at least two crates) = 1 - (5/6)^6 - 6 (1/6)(5/6)^5.
    assert six.where(lambda r: r.count("crate") >= 2) == 1 - Fraction(5, 6) ** 6 - 6 * Fraction(5 ** 5, 6 ** 6)
    assert count_faces([REGION] * 6, "crate").where(lambda k: k >= 2) == six.where(
        lambda r: r.count("crate") >= 2)
    numbers = REGION.map(lambda f: f if isinstance(f, int) else 0)
    assert six.map(numbers_sum) == sum_of(6, numbers)
    assert sum_of(6, numbers).mean() == 6 * Fraction(6, 6)


def test_ordered_rolls_agree_with_pool_and_brute_force() -> None:
    rolls = ordered_rolls([REGION] * 6)
    assert len(rolls) == 6 ** 6 and rolls.total == 6 ** 6
    assert rolls.map(lambda r: tuple(sorted(r, key=REGION_FACES.index))) == pool(6, REGION)
    # Different colours matter only with ordered rolls: the first die (red, say) shows a crate.
    assert rolls.where(lambda r: r[0] == "crate") == Fraction(1, 6)
    assert dict(rolls.map(numbers_sum).items()) == brute(REGION_FACES, 6, numbers_sum)


def test_presorted_outcomes_match_a_fresh_sort() -> None:
    for d in (pool(4, REGION), ordered_rolls([REGION, DOOM, D6]), pool(3, DOOM)):
        rebuilt = Dist(d.weights())
        assert d.outcomes() == rebuilt.outcomes()
        assert d == rebuilt and hash(d) == hash(rebuilt)


def test_count_where_over_differing_dice() -> None:
    coin = Dist.uniform(["crate", "blank"])
    got = count_where([REGION, coin, DOOM], lambda f: f in ("crate", "battle"))
    expected = ordered_rolls([REGION, coin, DOOM]).map(
        lambda r: sum(f in ("crate", "battle") for f in r))
    assert got == expected


# ------------------------------------------------------------------ the Dist value

def test_weights_are_normalised_by_gcd_and_equality_is_by_distribution() -> None:
    a = Dist({"x": 2, "y": 4})
    assert a.weights() == [("x", 1), ("y", 2)]
    assert a == Dist.from_weights({"x": Fraction(1, 3), "y": Fraction(2, 3)})
    assert hash(a) == hash(Dist([("y", 2), ("x", 1)]))
    assert a != Dist({"x": 1, "y": 1})
    assert Dist.uniform([1, 1, 2]) == Dist({1: 2, 2: 1})


def test_from_chance_outcome_pairs_adds_repeats() -> None:
    assert Dist([("a", Fraction(1, 4)), ("a", Fraction(1, 4)), ("b", Fraction(1, 2))]) == Dist.uniform("ab")


def test_repr_shows_fractions_and_truncates() -> None:
    assert repr(Dist({1: 1, 2: 2})) == "Dist({1: 1/3, 2: 2/3})"
    assert "... 31 more" in repr(sum_of(10, D6))


def test_to_sympy_gives_rationals() -> None:
    import sympy

    s = (D6 + D6).to_sympy()
    assert s[7] == sympy.Rational(1, 6) and isinstance(s[7], sympy.Rational)
    assert sum(s.values()) == 1


def test_then_mixes_dependent_steps() -> None:
    # Roll the doom die; on battle roll a d6, on explosion lose 1, on move nothing.
    step = DOOM.then(lambda f: D6 if f == "battle" else (-1 if f == "explosion" else 0))
    assert step.probability(-1) == Fraction(1, 3)
    assert step.probability(6) == Fraction(1, 18)
    assert step.mean() == Fraction(1, 3) * Fraction(7, 2) - Fraction(1, 3)


def test_combine_pairs_independent_rolls() -> None:
    pair = REGION.combine(DOOM, lambda r, d: (r, d))
    assert len(pair) == 18 and pair.probability(("crate", "battle")) == Fraction(1, 18)


def test_shift_and_builtin_sum() -> None:
    assert (D6 + 1).outcomes() == tuple(range(2, 8))
    assert sum([D6, D6, D6]) == sum_of(3, D6)


def test_sum_of_zero_dice_is_certain_zero() -> None:
    assert sum_of(0, D6) == Dist.certain(0)
    assert pool(0, D6) == Dist.certain(())


def test_sum_of_fractions_and_sparse_ints_use_the_exact_fallback() -> None:
    half = Dist.uniform([Fraction(1, 2), 1])
    assert sum_of(3, half) == half + half + half
    assert sum_of(3, half).probability(Fraction(3, 2)) == Fraction(1, 8)
    sparse = Dist.uniform([0, 10 ** 9])
    assert sum_of(4, sparse).probability(2 * 10 ** 9) == Fraction(6, 16)


# ------------------------------------------------------------------ errors that teach

def test_adding_non_numbers_says_to_map_or_use_then() -> None:
    with pytest.raises(TypeError, match=r"'circle'.*\.map.*\.then"):
        REGION + REGION
    with pytest.raises(TypeError, match="not an int or Fraction"):
        sum_of(2, DOOM)
    with pytest.raises(TypeError, match="not an int or Fraction"):
        DOOM.mean()


def test_float_and_bad_weights_are_refused() -> None:
    with pytest.raises(TypeError, match="floats are not exact"):
        Dist({"a": 0.5, "b": 0.5})
    with pytest.raises(TypeError, match="floats are not exact"):
        Dist.uniform([0.5, 1.5]).mean()
    with pytest.raises(ValueError, match="negative"):
        Dist({"a": -1, "b": 2})
    with pytest.raises(ValueError, match="at least one"):
        Dist({"a": 0})
    with pytest.raises(ValueError, match="at least one face"):
        Dist.uniform([])
    with pytest.raises(TypeError, match="unhashable.*tuple"):
        Dist.uniform([[1, 2]])
    with pytest.raises(TypeError, match="bool"):
        Dist({"a": True})


def test_dist_is_immutable() -> None:
    with pytest.raises(AttributeError, match="immutable"):
        D6._total = 3  # type: ignore[misc]
    items = D6.items()
    items.clear()
    assert len(D6.items()) == 6


def test_enumeration_guards_point_to_cheaper_calls() -> None:
    with pytest.raises(ValueError, match=r"pool\(n, die\).*count_faces"):
        ordered_rolls([D6] * 12)
    with pytest.raises(ValueError, match="count_faces"):
        pool(60, D6, max_outcomes=1000)
    with pytest.raises(ValueError, match=">= 0"):
        sum_of(-1, D6)
    with pytest.raises(TypeError, match="int number of dice"):
        pool(2.0, D6)  # type: ignore[arg-type]


# ------------------------------------------------------------------ icepool cross-checks

def test_sums_agree_with_icepool() -> None:
    icepool = pytest.importorskip("icepool", reason="icepool is in the dev extra: pip install -e '.[dev]'")
    for n in (1, 2, 5, 10):
        theirs = n @ icepool.d6
        ours = sum_of(n, D6)
        assert ours.outcomes() == tuple(theirs.outcomes())
        assert all(ours.probability(o) == theirs.probability(o) for o in theirs.outcomes())
    loaded = Dist({1: 1, 2: 2, 5: 3})
    theirs = 4 @ icepool.Die({1: 1, 2: 2, 5: 3})
    assert dict(sum_of(4, loaded).items()) == {o: theirs.probability(o) for o in theirs.outcomes()}


def test_pools_agree_with_icepool() -> None:
    icepool = pytest.importorskip("icepool", reason="icepool is in the dev extra: pip install -e '.[dev]'")
    # icepool sorts outcomes, so use all-string faces (same order as ours: '0' < ... < 'crate').
    faces = ["0", "1", "2", "3", "circle", "crate"]
    theirs = icepool.Die(faces).pool(6).expand()
    ours = pool(6, Dist.uniform(faces))
    assert theirs.denominator() == ours.total == 6 ** 6
    assert dict(ours.weights()) == {o: q for o, q in theirs.items()}
    numbers = icepool.Die([0, 1, 2, 3, 0, 0])
    assert dict(pool(6, REGION).map(numbers_sum).items()) == {
        o: (6 @ numbers).probability(o) for o in (6 @ numbers).outcomes()}


# ------------------------------------------------------------------ properties

small_weights = st.integers(min_value=1, max_value=20)
numeric_dists = st.dictionaries(st.integers(-5, 12), small_weights, min_size=1, max_size=6).map(Dist)
any_dists = st.dictionaries(st.one_of(st.integers(-3, 3), st.sampled_from(["circle", "crate"])),
                            st.integers(0, 9), min_size=1, max_size=6).filter(
    lambda m: any(m.values())).map(Dist)


@given(any_dists)
def test_any_dist_sums_to_one(d: Dist[Any]) -> None:
    assert sum(p for _, p in d.items()) == 1
    assert all(0 < p <= 1 for _, p in d.items())
    assert math.gcd(*(w for _, w in d.weights())) == 1


@given(numeric_dists, numeric_dists)
def test_convolution_is_commutative(a: Dist[int], b: Dist[int]) -> None:
    assert a + b == b + a
    assert sum((p for _, p in (a + b).items()), Fraction(0)) == 1


@given(numeric_dists, numeric_dists)
def test_fast_convolution_matches_plain_loops(a: Dist[int], b: Dist[int]) -> None:
    plain: Counter[int] = Counter()
    for x, px in a.items():
        for y, py in b.items():
            plain[x + y] += px * py  # type: ignore[assignment]
    assert dict((a + b).items()) == dict(plain)
    assert (a + b).mean() == a.mean() + b.mean()


@given(any_dists, st.sampled_from([str, lambda o: isinstance(o, int), lambda o: 0]))
def test_map_preserves_total(d: Dist[Any], f: Callable[[Any], Any]) -> None:
    m = d.map(f)
    assert sum(p for _, p in m.items()) == 1
    assert d.then(lambda o: f(o)) == m


@settings(max_examples=40)
@given(numeric_dists, st.integers(0, 6))
def test_sum_of_is_repeated_addition(d: Dist[int], n: int) -> None:
    expected: Dist[Any] = Dist.certain(0)
    for _ in range(n):
        expected = expected + d
    assert sum_of(n, d) == expected


@settings(max_examples=30)
@given(st.dictionaries(st.sampled_from(["a", "b", "c", 0, 1]), small_weights, min_size=1, max_size=4),
       st.integers(0, 4))
def test_pool_is_sorted_ordered_rolls(weights: dict[Any, int], n: int) -> None:
    die = Dist(weights)
    order = die.outcomes()
    by_sorting = ordered_rolls([die] * n).map(lambda r: tuple(sorted(r, key=order.index)))
    assert pool(n, die) == by_sorting
