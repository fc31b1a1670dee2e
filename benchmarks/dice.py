"""Exact dice speed: 10d6 sum (boardkit vs icepool vs plain loops) and a six-dice pool.

Every case computes the same exact answer; the script checks that the answers agree before it
prints the timings (best of ``--repeat`` runs of a loop sized to take about ``--min-time``).

- ``10d6 sum``: the whole distribution of the sum of ten d6.
  ``boardkit sum_of`` (one big-integer power), ``boardkit d6 + d6 + ...`` (nine convolutions),
  ``icepool 10 @ d6`` (a fresh die each run, and ``icepool.d6`` whose results icepool
  caches), and a plain dict convolution with Fractions
  as the naive reference.
- ``6-dice pool``: P(at least two crates) on six regional dice with faces 0, 1, 2, 3, circle,
  crate. ``pool`` (462 multisets with multinomial weights), ``ordered_rolls`` (46,656 ordered
  tuples), ``count_faces`` (how many dice show a crate, no roll enumerated), itertools.product
  brute force, and icepool's pool expanded to sorted tuples (string faces).

Usage::

    python benchmarks/dice.py
    python benchmarks/dice.py --repeat 7 --json dice.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import sys
import timeit
from collections import defaultdict
from fractions import Fraction
from typing import Any, Callable

from boardkit.core.dice import Dist, count_faces, ordered_rolls, pool, sum_of

REGION_FACES: list[Any] = [0, 1, 2, 3, "circle", "crate"]


def best_seconds(fn: Callable[[], Any], repeat: int, min_time: float) -> float:
    """Best time of one call, over ``repeat`` timing loops of about ``min_time`` seconds."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(1, int(number * min_time / 0.2))
    return min(timer.repeat(repeat=repeat, number=number)) / number


def fraction_loops_10d6() -> dict[int, Fraction]:
    """Naive reference: dict convolution with a Fraction per entry."""
    die = {f: Fraction(1, 6) for f in range(1, 7)}
    acc: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(10):
        nxt: dict[int, Fraction] = defaultdict(Fraction)
        for s, p in acc.items():
            for f, q in die.items():
                nxt[s + f] += p * q
        acc = nxt
    return acc


def brute_two_crates() -> Fraction:
    hits = sum(roll.count("crate") >= 2 for roll in itertools.product(REGION_FACES, repeat=6))
    return Fraction(hits, 6 ** 6)


def cases() -> dict[str, dict[str, tuple[Callable[[], Any], Callable[[Any], Any]]]]:
    """{section: {label: (work, answer-from-result)}}; answers in a section must agree."""
    d6 = Dist.uniform(range(1, 7))
    region = Dist.uniform(REGION_FACES)

    def chained() -> Dist[Any]:
        acc: Dist[Any] = d6
        for _ in range(9):
            acc = acc + d6
        return acc

    def two_crates(d: Dist[Any]) -> Fraction:
        return d.where(lambda r: r.count("crate") >= 2)

    def dist_answer(d: Dist[Any]) -> tuple[Any, ...]:
        return tuple(d.items())

    sums: dict[str, tuple[Callable[[], Any], Callable[[Any], Any]]] = {
        "boardkit sum_of(10, d6)": (lambda: sum_of(10, d6), dist_answer),
        "boardkit d6 + d6 + ... (9 adds)": (chained, dist_answer),
        "plain dict + Fraction loops": (fraction_loops_10d6, lambda r: tuple(sorted(r.items()))),
    }
    pools: dict[str, tuple[Callable[[], Any], Callable[[Any], Any]]] = {
        "boardkit pool (462 multisets)": (lambda: two_crates(pool(6, region)), lambda r: r),
        "boardkit ordered_rolls (46,656)": (lambda: two_crates(ordered_rolls([region] * 6)), lambda r: r),
        "boardkit count_faces": (lambda: count_faces([region] * 6, "crate").where(lambda k: k >= 2),
                                 lambda r: r),
        "itertools.product brute force": (brute_two_crates, lambda r: r),
    }
    try:
        import icepool
    except ImportError:
        print("icepool not installed: its lines are skipped (pip install -e '.[dev]')", file=sys.stderr)
    else:
        sums["icepool 10 @ d6"] = (
            lambda: 10 @ icepool.Die(range(1, 7)),
            lambda r: tuple((o, r.probability(o)) for o in r.outcomes()))
        d6_cached = icepool.d6
        sums["icepool 10 @ icepool.d6 (cached)"] = (
            lambda: 10 @ d6_cached,
            lambda r: tuple((o, r.probability(o)) for o in r.outcomes()))
        str_faces = ["0", "1", "2", "3", "circle", "crate"]

        def icepool_pool() -> Fraction:
            expanded = icepool.Die(str_faces).pool(6).expand()
            hits = sum(q for roll, q in expanded.items() if roll.count("crate") >= 2)
            return Fraction(hits, expanded.denominator())

        pools["icepool pool(6).expand()"] = (icepool_pool, lambda r: r)
    return {"10d6 sum": sums, "6-dice pool, P(>= 2 crates)": pools}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timing loops per case (best is kept)")
    parser.add_argument("--min-time", type=float, default=0.2, help="seconds per timing loop")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)

    figures: dict[str, dict[str, float]] = {}
    for section, entries in cases().items():
        answers = {label: answer(work()) for label, (work, answer) in entries.items()}
        first = next(iter(answers.values()))
        wrong = [label for label, a in answers.items() if a != first]
        if wrong:
            print(f"{section}: answers differ for {', '.join(wrong)}", file=sys.stderr)
            return 1
        print(f"\n{section}" + (f"  (answer {first})" if isinstance(first, Fraction) else ""))
        figures[section] = {}
        for label, (work, _) in entries.items():
            t = best_seconds(work, args.repeat, args.min_time)
            figures[section][label] = t
            print(f"  {label:<36} {t * 1e3:10.3f} ms")
    if args.json:
        doc = {"python": platform.python_version(), "machine": platform.machine(),
               "args": {k: v for k, v in vars(args).items() if k != "json"}, "seconds": figures}
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
