"""boardkit.analysis.splits: Marabunta's split counts, roll odds and the splitter's max-min split.

Every exact number is checked against an independent method: brute force over
itertools.product or bitmasks written here with plain loops, icepool, or a closed form.
Source: seed 003_a24625b41ad3ab46.txt; clauses MARA-1.1, MARA-3.1, MARA-3.2, MARA-3.3,
MARA-4.2, MARA-4.4, MARA-10.
"""

from __future__ import annotations

import doctest
import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.analysis import splits as S
from boardkit.analysis.splits.choice import _ev_callable
from boardkit.analysis.splits import (FACES, REGIONS, TILE, AdditiveValuation, FaceValuation, analyse_split, choose,
                                      count_splits, distinct_effect_splits, effect_key, format_pool, max_min_value,
                                      roll_distribution, roll_elements, rows_to_dicts, splits, splitter_expected_value)

ALL_ROLLS = list(itertools.product(FACES, repeat=6))
ELEMENTS = [(c, f) for c in REGIONS for f in FACES] + [TILE]
SIMPLE = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
# The splitter values circles and crates more than the chooser does.
ASYMMETRIC = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2},
                           splitter={"0": 1, "1": 1, "2": 2, "3": 3, "circle": 3, "crate": 3, "tile": 1})


def colour_valuation(seed: int) -> AdditiveValuation:
    """A colour-dependent additive valuation with small random Fractions (reproducible)."""
    rng = random.Random(seed)
    return AdditiveValuation.from_function(lambda role, e: Fraction(rng.randint(-4, 9), rng.randint(1, 3)))


# ------------------------------------------------------------------ independent references

def brute_split_values(cvals: list[Fraction], svals: list[Fraction], objective: str) -> dict[frozenset[int], Fraction]:
    """{indices of the pool holding the last element: value to the splitter}, plain loops.

    Pools are index sets of 0..n-1; the chooser compares its two options directly."""
    n = len(cvals)
    out = {}
    for mask in range(1, 2 ** n - 1):
        a = [i for i in range(n) if mask & (1 << i)]
        b = [i for i in range(n) if not mask & (1 << i)]
        if n - 1 not in a:
            continue
        ca = sum((cvals[i] for i in a), Fraction(0))
        cb = sum((cvals[i] for i in b), Fraction(0))
        sa = sum((svals[i] for i in a), Fraction(0))
        sb = sum((svals[i] for i in b), Fraction(0))
        if objective == "difference":
            take_a = ca - sb  # chooser's net if it takes a
            take_b = cb - sa
            value = -max(take_a, take_b)
        else:
            if ca > cb:
                value = sb
            elif cb > ca:
                value = sa
            else:
                value = min(sa, sb)  # pessimistic: the chooser leaves the splitter the worse pool
        out[frozenset(a)] = value
    return out


def values_of(roll, valuation: AdditiveValuation) -> tuple[list[Fraction], list[Fraction]]:
    elems = [(c, f) for c, f in zip(REGIONS, roll)] + [TILE]
    return ([valuation.element_value("chooser", e) for e in elems], [valuation.element_value("splitter", e) for e in elems])


def brute_distinct(roll) -> int:
    """Unordered pairs of pools up to moving the colour of 0/crate dice (canonical pools)."""
    elems = [(c, f) for c, f in zip(REGIONS, roll)] + ["tile"]

    def canon(pool):
        return tuple(sorted(("*" if e != "tile" and e[1] in ("0", "crate") else e[0], e[1]) if e != "tile" else ("tile", "")
                            for e in pool))

    seen = set()
    for mask in range(1, 2 ** 7 - 1):
        a = canon([e for i, e in enumerate(elems) if mask >> i & 1])
        b = canon([e for i, e in enumerate(elems) if not mask >> i & 1])
        seen.add(tuple(sorted((a, b))))
    return len(seen)


# ------------------------------------------------------------------ constants, doctests

def test_MARA_1_1_constants() -> None:
    assert REGIONS == ("yellow", "orange", "green", "teal", "purple", "brown")
    assert FACES == ("0", "1", "2", "3", "circle", "crate")
    assert len(S.TILES) == 8 and S.TILES[-1] == "cupcake"


def test_module_doctests_pass() -> None:
    result = doctest.testmod(S)
    assert result.attempted >= 20 and result.failed == 0


# ------------------------------------------------------------------ split counts (MARA-3.2)

def test_MARA_3_2_seven_elements_have_63_splits() -> None:
    roll = ("0", "1", "2", "3", "circle", "crate")
    elements = roll_elements(roll)
    assert len(elements) == 7 and elements[-1] == TILE
    assert count_splits(7) == 63
    found = splits(elements)
    assert len(found) == 63
    assert len({frozenset(map(frozenset, s)) for s in found}) == 63
    for a, b in found:
        assert a and b and TILE in a and set(a) | set(b) == set(elements) and not set(a) & set(b)
        assert list(a) == [e for e in elements if e in a] and list(b) == [e for e in elements if e in b]


@pytest.mark.parametrize("n", range(2, 9))
def test_MARA_3_2_split_count_formula_vs_brute_force(n: int) -> None:
    elements = list(range(n))
    brute = set()
    for side in itertools.product((0, 1), repeat=n):  # each element to pool 0 or 1
        a = frozenset(e for e, s in zip(elements, side) if s == 0)
        b = frozenset(e for e, s in zip(elements, side) if s == 1)
        if a and b:
            brute.add(frozenset((a, b)))
    found = splits(elements)
    assert count_splits(n) == len(brute) == len(found) == 2 ** (n - 1) - 1
    assert {frozenset((frozenset(a), frozenset(b))) for a, b in found} == brute
    assert all(0 in a for a, _ in found)  # no tile: pool a holds the first element


def test_splits_canonical_rule_and_order() -> None:
    found = splits(["x", "tile", "y"])
    assert found == [(("tile", "y"), ("x",)), (("x", "tile"), ("y",)), (("tile",), ("x", "y"))]
    sizes = [len(b) for _, b in splits(list(range(6)))]
    assert sizes == sorted(sizes)
    # Reversing the input gives the same unordered splits.
    fwd = {frozenset((frozenset(a), frozenset(b))) for a, b in splits("abcde")}
    rev = {frozenset((frozenset(a), frozenset(b))) for a, b in splits("edcba")}
    assert fwd == rev


def test_count_splits_and_splits_reject_bad_input() -> None:
    for n in (1, 0, -3):
        with pytest.raises(ValueError, match=str(n)):
            count_splits(n)
    for bad in ("7", 7.0, True):
        with pytest.raises(TypeError, match=repr(bad).replace(".", r"\.")):
            count_splits(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least 2"):
        splits(["tile"])
    with pytest.raises(ValueError, match="'a' appears 2 times"):
        splits(["a", "b", "a"])


# ------------------------------------------------------------------ distinct effects (MARA-4.2, MARA-4.4)

@pytest.mark.parametrize("roll", [
    ("0",) * 6,
    ("crate",) * 6,
    ("0", "1", "2", "3", "circle", "crate"),
    ("3", "3", "3", "3", "3", "3"),
    ("0", "0", "0", "crate", "crate", "crate"),
    ("0", "crate", "0", "2", "crate", "circle"),
    ("circle", "circle", "1", "1", "0", "0"),
])
def test_MARA_4_4_distinct_effect_splits_vs_brute_force(roll) -> None:
    """MARA-4.2, MARA-4.4: 0 and crate dice are interchangeable whatever their colour."""
    assert distinct_effect_splits(roll) == brute_distinct(roll)


def test_MARA_4_2_distinct_effect_splits_known_values() -> None:
    assert distinct_effect_splits(("0",) * 6) == 6  # the tile with 0..5 zeros against the rest
    assert distinct_effect_splits(("crate",) * 6, tile="cupcake") == 6
    assert distinct_effect_splits(("0", "1", "2", "3", "circle", "crate")) == 63
    assert distinct_effect_splits(("3",) * 6) == 63  # 3s act on their own region: all distinct
    assert effect_key(("teal", "0")) == effect_key(("brown", "0")) == ("any", "0")
    assert effect_key(("teal", "circle")) != effect_key(("brown", "circle"))
    assert effect_key(TILE) == TILE


@settings(max_examples=60, deadline=None)
@given(st.tuples(*[st.sampled_from(FACES)] * 6))
def test_MARA_10_distinct_effect_splits_property(roll) -> None:
    got = distinct_effect_splits(roll)
    assert got == brute_distinct(roll)
    assert 1 <= got <= count_splits(7)


# ------------------------------------------------------------------ roll distributions (MARA-3.1)

def brute_counts(f) -> dict:
    c = Counter(f(r) for r in ALL_ROLLS)
    return {k: Fraction(v, len(ALL_ROLLS)) for k, v in c.items()}


def test_MARA_3_1_roll_distributions_vs_brute_force() -> None:
    number = {"0": 0, "1": 1, "2": 2, "3": 3, "circle": 0, "crate": 0}
    faces = roll_distribution("faces")
    assert len(faces) == 46656 == faces.total
    assert dict(faces.items()) == brute_counts(lambda r: r)
    multiset = roll_distribution("multiset")
    assert len(multiset) == 462
    assert dict(multiset.items()) == brute_counts(lambda r: tuple(sorted(r, key=FACES.index)))
    for what, face in (("crates", "crate"), ("circles", "circle"), ("zeros", "0"), ("count:3", "3")):
        assert dict(roll_distribution(what).items()) == brute_counts(lambda r, face=face: r.count(face)), what
    total = roll_distribution("sum")
    assert dict(total.items()) == brute_counts(lambda r: sum(number[f] for f in r))
    assert total.outcomes() == tuple(range(19)) and total.mean() == 6
    for colour in REGIONS:
        i = REGIONS.index(colour)
        assert dict(roll_distribution(f"face:{colour}").items()) == brute_counts(lambda r, i=i: r[i])


def test_MARA_3_1_roll_distributions_vs_icepool() -> None:
    icepool = pytest.importorskip("icepool", reason="icepool is in the dev extra: pip install -e '.[dev]'")
    die = icepool.Die(FACES)
    six = icepool.Pool([die] * 6)
    theirs = six.expand()
    assert {o: q for o, q in theirs.items()} == dict(roll_distribution("multiset").weights())
    ordered = icepool.map(lambda *fs: fs, *[die] * 6)
    ours = roll_distribution("faces")
    assert ordered.denominator() == ours.total and all(ours.weight(o) == q for o, q in ordered.items())
    for what, face in (("crates", "crate"), ("circles", "circle"), ("zeros", "0")):
        count = 6 @ die.map(lambda f, face=face: int(f == face))
        assert dict(roll_distribution(what).items()) == {o: count.probability(o) for o in count.outcomes()}
    numbers = 6 @ icepool.Die([0, 1, 2, 3, 0, 0])
    assert dict(roll_distribution("sum").items()) == {o: numbers.probability(o) for o in numbers.outcomes()}


def test_roll_distribution_rejects_unknown_statistics() -> None:
    with pytest.raises(ValueError, match="'dice'.*faces, multiset, crates, circles, zeros, sum"):
        roll_distribution("dice")
    with pytest.raises(ValueError, match="'pink'"):
        roll_distribution("face:pink")
    with pytest.raises(ValueError, match="'4'"):
        roll_distribution("count:4")


# ------------------------------------------------------------------ valuations

def test_additive_valuation_reads_and_checks_its_tables() -> None:
    v = AdditiveValuation({("yellow", "3"): 3, TILE: Fraction(1, 2)}, {("yellow", "3"): -1, TILE: 0})
    assert v("chooser", (("yellow", "3"), TILE)) == Fraction(7, 2)
    assert v("splitter", (("yellow", "3"), TILE)) == -1
    assert v.pair(("yellow", "3")) == (3, -1)
    with pytest.raises(KeyError, match=r"chooser no value for element \('orange', '2'\)"):
        v("chooser", (("orange", "2"),))
    with pytest.raises(ValueError, match="'pink'"):
        AdditiveValuation({("pink", "3"): 1}, {})
    with pytest.raises(ValueError, match="'4'"):
        AdditiveValuation({}, {("teal", "4"): 1})
    with pytest.raises(TypeError, match="0.5"):
        AdditiveValuation({TILE: 0.5}, {})
    with pytest.raises(ValueError, match="'referee'"):
        v.element_value("referee", TILE)
    with pytest.raises(AttributeError):
        v.x = 1  # type: ignore[attr-defined]
    assert not colour_valuation(1).colour_independent() and SIMPLE.colour_independent()


def test_face_valuation_is_colour_independent() -> None:
    v = FaceValuation({"3": 3, "0": 0, "tile": 1}, splitter={"3": 1, "0": 2, "tile": 5})
    assert v.element_value("chooser", ("teal", "3")) == v.element_value("chooser", ("brown", "3")) == 3
    assert v.pair(TILE) == (1, 5)
    assert v == AdditiveValuation({(c, f): x for c in REGIONS for f, x in (("3", 3), ("0", 0))} | {TILE: 1},
                                  {(c, f): x for c in REGIONS for f, x in (("3", 1), ("0", 2))} | {TILE: 5})
    with pytest.raises(KeyError, match=r"\('teal', 'crate'\)"):
        v("splitter", (("teal", "crate"),))
    with pytest.raises(ValueError, match="'flag'"):
        FaceValuation({"flag": 1})
    assert "FaceValuation" in repr(v)


# ------------------------------------------------------------------ one split (MARA-3.3, MARA-10)

ROLLS = [
    ("0", "1", "2", "3", "circle", "crate"),
    ("0",) * 6,
    ("crate",) * 6,
    ("3", "3", "2", "circle", "crate", "0"),
    ("1", "1", "1", "2", "2", "3"),
]


@pytest.mark.parametrize("objective", S.OBJECTIVES)
@pytest.mark.parametrize("roll", ROLLS)
def test_MARA_3_3_analyse_split_vs_plain_loops(roll, objective: str) -> None:
    """MARA-3.2, MARA-3.3, MARA-10: every split's value and the max-min against a brute force."""
    for valuation in (SIMPLE, colour_valuation(7)):
        got = analyse_split(roll, valuation, objective=objective)
        cvals, svals = values_of(roll, valuation)
        ref = brute_split_values(cvals, svals, objective)
        elements = roll_elements(roll)
        assert len(got.rows) == len(ref) == 63
        for row in got.rows:
            assert ref[frozenset(elements.index(e) for e in row.pool_a)] == row.value
        ranked = sorted(ref.values(), reverse=True)
        assert got.value == ranked[0] == got.best.value
        assert got.runner_up == ranked[1] and got.margin == ranked[0] - ranked[1]
        assert got.ties == ranked.count(ranked[0]) == len(got.best_rows)
        assert got.value == max_min_value(roll, valuation, objective=objective)


def test_MARA_10_analyse_split_known_answers() -> None:
    # Six 3s and a tile worth 2, same values for both: total 20; the best difference split
    # puts 3+3+3 against 3+3+3+2 (the chooser takes the 11, the splitter keeps 9): -2.
    a = analyse_split(("3",) * 6, SIMPLE)
    assert a.value == -2 and a.margin == 0 and a.runner_up == -2 and a.ties == 20
    assert a.best.chooser_value == 11 and a.best.splitter_value == 9 and TILE in a.best.chooser_pool
    # Own objective, chooser indifferent (values 0) and splitter counting elements: ties go
    # against the splitter, so it gets the smaller pool: 3 of 7 at best.
    counting = FaceValuation({f: 0 for f in FACES} | {TILE: 0}, splitter={f: 1 for f in FACES} | {TILE: 1})
    b = analyse_split(("0", "1", "2", "3", "circle", "crate"), counting, objective="own")
    assert b.value == 3 and b.ties == 35 and b.runner_up == 3
    assert all(len(r.splitter_pool) == min(len(r.pool_a), len(r.pool_b)) for r in b.rows)
    # A clear winner: one huge element; the splitter must give it away and keep the rest.
    big = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 100, "circle": 1, "crate": 1, TILE: 1})
    c = analyse_split(("3", "1", "1", "1", "1", "1"), big, objective="own")
    assert c.best.chooser_pool == (("yellow", "3"),) and c.value == 6 and c.ties == 1
    assert c.margin == 1 and c.runner_up == 5


@pytest.mark.parametrize("objective", S.OBJECTIVES)
@pytest.mark.parametrize("huge", range(7))
def test_MARA_3_2_one_huge_element_is_split_off_alone(huge: int, objective: str) -> None:
    """An element worth 100 to both players while the others are worth 1: the splitter's best
    split puts it alone against the rest (the extreme masks of the enumeration)."""
    roll = ("0", "1", "2", "3", "circle", "crate")
    big = roll_elements(roll)[huge]
    v = AdditiveValuation.from_function(lambda role, e: 100 if e == big else 1)
    got = analyse_split(roll, v, objective=objective)
    assert got.ties == 1
    assert got.best.chooser_pool == (big,)
    assert got.value == {"difference": 6 - 100, "own": 6}[objective]
    assert max_min_value(roll, v, objective=objective) == got.value


def test_MARA_3_3_choose_and_tie_breaks() -> None:
    v = FaceValuation({"3": 3, "0": 0, "tile": 1})
    a, b = (("yellow", "3"),), (("orange", "0"), TILE)
    row = choose(a, b, v)
    assert row.pick == "a" and row.chooser_value == 3 and row.splitter_value == 1 and row.value == -2
    assert row.chooser_pool == a and row.splitter_pool == b
    own = choose(a, b, v, objective="own")
    assert own.value == 1 and own.pick == "a"
    # Equal for the chooser: it leaves the splitter the worse pool.
    tied = FaceValuation({"3": 1, "0": 1, "tile": 0}, splitter={"3": 5, "0": 2, "tile": 0})
    r = choose((("yellow", "3"),), (("orange", "0"),), tied, objective="own")
    assert r.pick == "a" and r.value == 2
    r = choose((("orange", "0"),), (("yellow", "3"),), tied, objective="own")
    assert r.pick == "b" and r.value == 2
    with pytest.raises(ValueError, match="non-empty"):
        choose((), b, v)


def test_analyse_split_with_a_callable_valuation_matches_the_additive_one() -> None:
    v = colour_valuation(3)
    calls: list[tuple[str, tuple]] = []

    def value(role, pool):
        calls.append((role, pool))
        return v(role, pool)

    for roll in ROLLS[:3]:
        calls.clear()
        for objective in S.OBJECTIVES:
            assert analyse_split(roll, value, objective=objective) == analyse_split(roll, v, objective=objective)
        assert len(calls) == 2 * 2 * 126  # two objectives, once per pool and role
        assert all(p == tuple(e for e in roll_elements(roll) if e in p) for _, p in calls)

    with pytest.raises(TypeError, match="0.5"):
        analyse_split(ROLLS[0], lambda role, pool: 0.5)


def test_tables_and_dicts() -> None:
    a = analyse_split(("3", "crate", "0", "2", "circle", "1"), SIMPLE, tile="again", objective="own")
    rows = a.to_dicts()
    assert len(rows) == 63 and rows[0]["split"] == 1
    assert rows[0]["value"] == a.rows[0].value and isinstance(rows[0]["value"], Fraction)
    assert "tile again" in rows[0]["pool_a"]
    table = a.table()
    assert all(isinstance(r["value"], sympy.Rational) for r in table)
    assert table[0]["chooser_value"] == sympy.Rational(a.rows[0].chooser_value.numerator, a.rows[0].chooser_value.denominator)
    floats = rows_to_dicts(a.rows, numbers="float")
    assert floats[5]["value"] == float(a.rows[5].value)
    with pytest.raises(ValueError, match="'decimal'"):
        rows_to_dicts(a.rows, numbers="decimal")
    assert format_pool((("yellow", "3"), TILE)) == "yellow 3, tile"


# ------------------------------------------------------------------ hypothesis properties

# Small integers often (ties in the chooser's choice), Fractions otherwise.
fractions_ = st.one_of(st.integers(-2, 3).map(Fraction), st.builds(Fraction, st.integers(-6, 9), st.integers(1, 4)))
valuations = st.builds(lambda c, s: AdditiveValuation(dict(zip(ELEMENTS, c)), dict(zip(ELEMENTS, s))),
                       st.lists(fractions_, min_size=37, max_size=37), st.lists(fractions_, min_size=37, max_size=37))
rolls = st.tuples(*[st.sampled_from(FACES)] * 6)


@settings(max_examples=60, deadline=None)
@given(rolls, valuations, st.sampled_from(S.OBJECTIVES))
def test_MARA_10_value_is_max_over_splits_of_the_min(roll, valuation, objective) -> None:
    got = analyse_split(roll, valuation, objective=objective)
    assert got.value == max(r.value for r in got.rows)
    assert got.value == max(brute_split_values(*values_of(roll, valuation), objective).values())
    assert got.value == max_min_value(roll, valuation, objective=objective)
    assert got.margin >= 0 and got.ties >= 1 and (got.margin == 0) == (got.ties > 1)
    for r in got.rows:
        # The value of a split is the worse, for the splitter, of the chooser's best answers.
        c = {p: valuation("chooser", p) for p in (r.pool_a, r.pool_b)}
        s = {p: valuation("splitter", p) for p in (r.pool_a, r.pool_b)}
        if objective == "difference":
            assert r.value == min(s[r.pool_b] - c[r.pool_a], s[r.pool_a] - c[r.pool_b])
        else:
            answers = [(c[x], -s[y], s[y]) for x, y in ((r.pool_a, r.pool_b), (r.pool_b, r.pool_a))]
            assert r.value == max(answers)[2]


@settings(max_examples=60, deadline=None)
@given(rolls, valuations, st.sampled_from(S.OBJECTIVES))
def test_MARA_3_3_chooser_pick_is_optimal_and_swapping_pools_changes_nothing(roll, valuation, objective) -> None:
    got = analyse_split(roll, valuation, objective=objective)
    for r in got.rows:
        mine, other = r.chooser_pool, r.splitter_pool
        if objective == "difference":
            assert valuation("chooser", mine) - valuation("splitter", other) >= \
                valuation("chooser", other) - valuation("splitter", mine)
        else:
            assert valuation("chooser", mine) >= valuation("chooser", other)
        assert r.chooser_value == valuation("chooser", mine) and r.splitter_value == valuation("splitter", other)
        swapped = choose(r.pool_b, r.pool_a, valuation, objective)
        assert (swapped.value, swapped.chooser_value, swapped.splitter_value) == (r.value, r.chooser_value, r.splitter_value)
        fully_tied = (valuation("chooser", r.pool_a) == valuation("chooser", r.pool_b)
                      and valuation("splitter", r.pool_a) == valuation("splitter", r.pool_b))
        assert swapped.chooser_pool == r.chooser_pool or fully_tied


# ------------------------------------------------------------------ expected value over all rolls

@pytest.mark.parametrize("objective", S.OBJECTIVES)
def test_MARA_10_expected_value_fast_equals_brute_face_valuation(objective: str) -> None:
    fast = splitter_expected_value(SIMPLE, objective=objective)
    assert fast == splitter_expected_value(SIMPLE, objective=objective, method="brute")
    # Third way: the 462 multisets (icepool-checked above) through analyse_split's rows.
    ref = sum((p * analyse_split(tuple(ms), SIMPLE, objective=objective).value
               for ms, p in roll_distribution("multiset").items()), Fraction(0))
    assert fast == ref
    assert fast == {"difference": Fraction(-335, 648), "own": Fraction(6793, 1296)}[objective]
    fast = splitter_expected_value(ASYMMETRIC, objective=objective)
    assert fast == splitter_expected_value(ASYMMETRIC, objective=objective, method="brute")
    assert fast == sum((p * analyse_split(tuple(ms), ASYMMETRIC, objective=objective).value
                        for ms, p in roll_distribution("multiset").items()), Fraction(0))


@pytest.mark.parametrize("objective", S.OBJECTIVES)
def test_MARA_10_expected_value_fast_equals_brute_colour_dependent(objective: str) -> None:
    v = colour_valuation(11)
    assert not v.colour_independent()
    fast = splitter_expected_value(v, objective=objective, method="fast")
    assert fast == splitter_expected_value(v, objective=objective, method="brute")
    # Spot check a few rolls of the average against analyse_split.
    for roll in ALL_ROLLS[::9000]:
        assert analyse_split(roll, v, objective=objective).value == max_min_value(roll, v, objective=objective)


def test_expected_value_closed_forms() -> None:
    """Chooser indifferent, splitter counting elements: it always keeps 3 of the 7 elements."""
    counting = FaceValuation({f: 0 for f in FACES} | {TILE: 0}, splitter={f: 1 for f in FACES} | {TILE: 1})
    for objective in S.OBJECTIVES:
        assert splitter_expected_value(counting, objective=objective) == 3
    zero = FaceValuation({f: 0 for f in FACES} | {TILE: 0})
    assert splitter_expected_value(zero) == 0
    # Symmetric values, difference objective: the splitter can at best break even.
    assert splitter_expected_value(SIMPLE) < 0


def test_expected_value_partial_valuation_names_the_missing_element() -> None:
    with pytest.raises(KeyError, match="'circle'"):
        splitter_expected_value(FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "crate": 1, "tile": 2}))


def test_expected_value_callable_kernel_on_some_rolls() -> None:
    v = colour_valuation(5)
    some = ALL_ROLLS[::97]
    for objective in S.OBJECTIVES:
        got = _ev_callable(lambda role, pool: v(role, pool), objective, some, None)
        assert got == sum((analyse_split(r, v, objective=objective).value for r in some), Fraction(0))


# ------------------------------------------------------------------ bad inputs

def test_bad_inputs_raise_value_error_naming_the_value() -> None:
    good = ("0", "1", "2", "3", "circle", "crate")
    with pytest.raises(ValueError, match="got 5"):
        analyse_split(good[:5], SIMPLE)
    with pytest.raises(ValueError, match="'flag' on the purple die"):
        analyse_split(("0", "1", "2", "3", "flag", "crate"), SIMPLE)
    with pytest.raises(ValueError, match="unknown face 0 "):
        roll_elements((0, "1", "2", "3", "circle", "crate"))
    with pytest.raises(ValueError, match="'greedy'"):
        analyse_split(good, SIMPLE, objective="greedy")
    with pytest.raises(ValueError, match="'joker'"):
        analyse_split(good, SIMPLE, tile="joker")
    with pytest.raises(ValueError, match="'joker'"):
        distinct_effect_splits(good, tile="joker")
    with pytest.raises(ValueError, match="'greedy'"):
        splitter_expected_value(SIMPLE, objective="greedy")
    with pytest.raises(ValueError, match="'quick'"):
        splitter_expected_value(SIMPLE, method="quick")
    with pytest.raises(ValueError, match="'fast' needs an AdditiveValuation"):
        splitter_expected_value(lambda role, pool: 0, method="fast")
    with pytest.raises(ValueError, match="'pink'"):
        effect_key(("pink", "0"))
    with pytest.raises(ValueError, match="'012345'"):
        distinct_effect_splits("012345")
