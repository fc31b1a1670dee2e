"""How long ``import boardkit`` takes in a fresh interpreter, and what the time goes to.

Each run starts a new Python with ``-X importtime -c "import boardkit"`` and reads the
cumulative time of ``boardkit`` from its report; the figure is the median over the runs (the
fastest is shown too: a loaded machine only adds time). The modules with the largest own
("self") time of the median run are listed, so a new slow import is easy to find. A second
line measures the first use that needs jsonschema (reading a game's data file), which
``import boardkit`` defers.

Usage::

    python benchmarks/import_time.py                 # 7 runs
    python benchmarks/import_time.py --runs 15 --top 20 --json import.json
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
from typing import Any

#: The target of the issue ("import boardkit under 0.5 s").
TARGET_SECONDS = 0.5

_FIRST_USE = ("import time; t = time.perf_counter(); import boardkit; t1 = time.perf_counter(); "
              "boardkit.load_game('leaders').new_initial_state().legal_actions(); "
              "print(t1 - t, time.perf_counter() - t1)")


def import_report(module: str = "boardkit") -> list[tuple[str, int, int]]:
    """One fresh interpreter's ``-X importtime`` report: (module, self us, cumulative us)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"],
                          capture_output=True, text=True, check=True)
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, total, name = line[len("import time:"):].split("|")
        rows.append((name.strip(), int(own), int(total)))
    return rows


def measure(runs: int, top: int) -> dict[str, Any]:
    """The median and fastest ``import boardkit`` time in seconds over ``runs`` interpreters,
    the slowest modules (by own time) of the median run, and the first use's time."""
    reports = [import_report() for _ in range(runs)]
    totals = [next(t for n, _, t in r if n == "boardkit") / 1e6 for r in reports]
    median_run = reports[sorted(range(runs), key=totals.__getitem__)[runs // 2]]
    slowest = sorted(median_run, key=lambda r: -r[1])[:top]
    first = subprocess.run([sys.executable, "-c", _FIRST_USE], capture_output=True, text=True, check=True)
    imp, use = map(float, first.stdout.split())
    return {"median_s": statistics.median(totals), "fastest_s": min(totals), "runs": runs,
            "slowest_modules": [{"module": n, "self_ms": s / 1e3, "cumulative_ms": t / 1e3} for n, s, t in slowest],
            "first_use_s": {"import": imp, "load_game_and_legal_actions": use},
            "python": platform.python_version(), "machine": platform.machine()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh interpreters (default 7)")
    parser.add_argument("--top", type=int, default=12, help="slowest modules listed (default 12)")
    parser.add_argument("--json", help="write the figures as JSON to this path")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.top < 0:
        parser.error("--runs is at least 1 and --top at least 0")
    result = measure(args.runs, args.top)
    verdict = "under" if result["median_s"] < TARGET_SECONDS else "OVER"
    print(f"import boardkit: median {result['median_s']:.3f} s, fastest {result['fastest_s']:.3f} s over "
          f"{args.runs} runs ({verdict} the {TARGET_SECONDS} s target)")
    print(f"first use (load_game('leaders') + legal_actions, jsonschema imported then): "
          f"{result['first_use_s']['load_game_and_legal_actions']:.3f} s")
    print(f"{'module':50} {'self ms':>9} {'cumul. ms':>10}")
    for row in result["slowest_modules"]:
        print(f"{row['module'][:50]:50} {row['self_ms']:9.1f} {row['cumulative_ms']:10.1f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
