"""Marabunta split analysis speed: one round's max-min split, and the expected value over 6^6 rolls.

Cases (``boardkit.analysis.splits``):

- ``analyse_split``: all 63 splits of one roll with the chooser's best response, for a
  FaceValuation, a colour-dependent AdditiveValuation and a callable valuation (best of
  ``--repeat`` timing loops); ``max_min_value``, the same max-min value without the rows.
- ``splitter_expected_value``: the exact expected value over all 46,656 rolls; fast path with
  a FaceValuation (462 face multisets), with a colour-dependent valuation whose 0 and crate
  values do not depend on the colour (the realistic case), and with a fully random
  colour-dependent one (the worst case: 46,656 groups); ``method="brute"`` (every ordered roll)
  for the FaceValuation; and a callable valuation (brute force, skipped with
  ``--skip-callable``). Fast and brute answers are checked to agree before timings are shown.

Usage::

    python benchmarks/marabunta_splits.py
    python benchmarks/marabunta_splits.py --repeat 7 --json marabunta_splits.json
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import random
import sys
import time
import timeit
from fractions import Fraction
from typing import Any, Callable

from boardkit.analysis.splits import (FACES, REGIONS, AdditiveValuation, FaceValuation, analyse_split, max_min_value,
                                      splitter_expected_value)

ROLL = ("3", "crate", "0", "2", "circle", "1")
FACE_VALUES = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})


def region_valuation() -> AdditiveValuation:
    """Numbers and circles weighted by region (yellow 1 .. brown 6, the chooser and the
    splitter weighting regions in opposite orders); 0 and crate the same on every die."""
    weight = {"chooser": dict(zip(REGIONS, range(1, 7))), "splitter": dict(zip(REGIONS, range(6, 0, -1)))}
    base = {"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1}

    def value(role: str, e: Any) -> Fraction:
        if e == "tile":
            return Fraction(2)
        colour, face = e
        if face in ("0", "crate"):
            return Fraction(base[face])
        return Fraction(base[face] * weight[role][colour], 3)

    return AdditiveValuation.from_function(value)


def random_valuation(seed: int = 1) -> AdditiveValuation:
    """Every element and role a random Fraction: no two dice alike (46,656 groups)."""
    rng = random.Random(seed)
    return AdditiveValuation.from_function(lambda role, e: Fraction(rng.randint(-5, 9), rng.randint(1, 4)))


def best_seconds(fn: Callable[[], Any], repeat: int, min_time: float) -> float:
    """Best time of one call, over ``repeat`` timing loops of about ``min_time`` seconds."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(1, int(number * min_time / 0.2))
    return min(timer.repeat(repeat=repeat, number=number)) / number


def once(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Best wall time of ``repeat`` calls, and the last answer."""
    best, answer = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        answer = fn()
        best = min(best, time.perf_counter() - t)
    return best, answer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timing loops per case (best is kept)")
    parser.add_argument("--min-time", type=float, default=0.2, help="seconds per timing loop (per-roll cases)")
    parser.add_argument("--ev-repeat", type=int, default=3, help="runs per expected-value case (best is kept)")
    parser.add_argument("--skip-callable", action="store_true", help="skip the callable expected value (about 20 s)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)

    region, rand = region_valuation(), random_valuation()
    callable_value = FACE_VALUES.__call__  # a plain callable: no fast path applies

    def plain(role: str, pool: Any) -> Fraction:
        return callable_value(role, pool)

    figures: dict[str, Any] = {"one roll (ms)": {}, "expected value (s)": {}, "answers": {}}
    print(f"one roll {ROLL}, objective 'difference'")
    per_roll = {
        "analyse_split, FaceValuation": lambda: analyse_split(ROLL, FACE_VALUES),
        "analyse_split, colour-dependent": lambda: analyse_split(ROLL, rand),
        "analyse_split, callable": lambda: analyse_split(ROLL, plain),
        "max_min_value, FaceValuation": lambda: max_min_value(ROLL, FACE_VALUES),
    }
    for label, work in per_roll.items():
        t = best_seconds(work, args.repeat, args.min_time)
        figures["one roll (ms)"][label] = t * 1e3
        print(f"  {label:<44} {t * 1e3:10.3f} ms")

    for objective in ("difference", "own"):
        print(f"\nsplitter_expected_value over 6^6 rolls, objective {objective!r}")
        ev = functools.partial(splitter_expected_value, objective=objective)
        cases: dict[str, tuple[Callable[[], Fraction], int]] = {
            "fast, FaceValuation (462 multisets)": (functools.partial(ev, FACE_VALUES), args.ev_repeat),
            "brute, FaceValuation (46,656 rolls)": (functools.partial(ev, FACE_VALUES, method="brute"), 1),
            "fast, colour-dependent (by region)": (functools.partial(ev, region), args.ev_repeat),
            "brute, colour-dependent (by region)": (functools.partial(ev, region, method="brute"), 1),
            "fast, colour-dependent (random: worst case)": (functools.partial(ev, rand), args.ev_repeat),
        }
        if not args.skip_callable and objective == "difference":
            cases["callable (brute force)"] = (functools.partial(ev, plain), 1)
        results = {label: once(work, n) for label, (work, n) in cases.items()}
        answers = {label: a for label, (_, a) in results.items()}
        face = {answers[k] for k in answers if "FaceValuation" in k or "callable" in k}
        by_region = {answers[k] for k in answers if "by region" in k}
        if len(face) != 1 or len(by_region) != 1:
            print(f"answers differ: {answers}", file=sys.stderr)
            return 1
        figures["answers"][objective] = {k: str(v) for k, v in answers.items()}
        for label, (t, answer) in results.items():
            figures["expected value (s)"][f"{label}, {objective}"] = t
            print(f"  {label:<44} {t:8.3f} s   {answer} (~{float(answer):.4f})")
    print(f"\nfaces {', '.join(FACES)}; {FACE_VALUES!r}")
    if args.json:
        doc = {"python": platform.python_version(), "machine": platform.machine(),
               "args": {k: v for k, v in vars(args).items() if k != "json"}, "figures": figures}
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
