"""Marabunta split analysis of real positions: time per position and roll, and per position
over all rolls (``boardkit.analysis.marabunta``, MARA-10).

For each named position at the split (the three of ``notebooks/marabunta_split_odds.ipynb``
and a midgame with crate groups about to unlock powers):

- ``analyse_position``: the engine values the roll's 6 dice and the tile for both players
  (margin gains, see the module docstring), then all 63 splits with the chooser's best response
  and the splitter's max-min split. Best of ``--repeat`` runs.
- ``position_expected_value``: all 36 die faces and the tile valued for both players, then the
  exact expected max-min value over the 46,656 rolls (fast path). One run per position.

Usage::

    python benchmarks/marabunta_positions.py
    python benchmarks/marabunta_positions.py --repeat 9 --json marabunta_positions.json
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

import boardkit
from boardkit.analysis.marabunta import analyse_position, position_expected_value

ROLLS = {
    "opening": "2 3 crate 0 circle 1",
    "midgame": "3 2 crate 2 0 circle",
    "late": "0 circle 3 2 3 circle",
    "powers": "1 2 3 2 circle crate",
}
POSITIONS: dict[str, dict[str, Any]] = {
    "opening": {"round": 1, "splitter": "red", "tile": "zeros2"},
    "midgame": {"round": 4, "splitter": "red", "tile": "crates2", "tiles_left": ["circles2", "one", "cross2"],
                "fields": {"h6": "red 3", "i6": "red 1", "g5": "blue 2", "h5": "blue 2", "g8": "blue 3",
                           "h8": "red 1", "c5": "blue 2", "c4": "blue 1", "d4": "red 2", "e4": "red 0"},
                "sheets": {"yellow": [3, 2], "brown": [2, 4], "teal": [2, 3]},
                "players": {"red": {"crates": {"points": 2}}, "blue": {"crates": {"cupcakes": 2}}}},
    "late": {"round": 11, "splitter": "blue", "tile": "cupcake",
             "fields": {"f4": "red 2", "g5": "red 3", "f3": "x", "g4": "blue 1", "h5": "blue 3", "f2": "x",
                        "g3": "red 1", "h4": "blue 2", "i5": "red 0", "f1": "x", "g2": "x", "i4": "x",
                        "j5": "blue 1", "d4": "red 2", "e4": "red 1", "d3": "red 3", "c3": "blue 3",
                        "c2": "blue 2", "e3": "blue 0", "h6": "red 3", "i6": "red 2", "h7": "blue 3",
                        "i7": "blue 1", "g8": "blue 2", "h8": "blue 3", "g9": "red 3", "h9": "red 0",
                        "c5": "blue 2", "c4": "blue 1", "d5": "red 1", "e7": "red 2", "d7": "red 1", "e8": "x",
                        "c8": "x"},
             "sheets": {"yellow": [5, 3], "orange": [3, 5], "brown": [4, 4], "purple": [4, 5], "teal": [2, 4],
                        "green": [4, 2]},
             "players": {"red": {"ant_hills": 0, "crates": {"points": 2, "cross": 2}},
                         "blue": {"ant_hills": 1, "crates": {"ones": 3, "circles": 1}}}},
    "powers": {"round": 4, "splitter": "red", "tiles_left": ["zero", "cross2", "again"], "tile": "one",
               "fields": {"b4": "red 3", "b5": "red 1", "c4": "blue 2", "h6": "blue 2", "i6": "red 1",
                          "d7": "blue 3", "e7": "red 2"},
               "sheets": {"teal": [3, 2], "yellow": [2, 4]},
               "players": {"red": {"crates": {"points": 2}}, "blue": {"crates": {"onetwo": 1, "ones": 2}}}},
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of analyse_position per position (best kept)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    game = boardkit.load_game("marabunta")
    regions = game.regions
    rows = []
    print(f"{'position':10} {'analyse_position ms':>20} {'value':>6} {'ties':>5} {'EV s':>7}  expected value")
    for name, desc in POSITIONS.items():
        state = game.state_from_position({**desc, "roll": dict(zip(regions, ROLLS[name].split()))})
        times = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            result = analyse_position(state)
            times.append(time.perf_counter() - t)
        before_roll = game.state_from_position(desc)
        t = time.perf_counter()
        ev = position_expected_value(before_roll)
        ev_s = time.perf_counter() - t
        rows.append({"position": name, "analyse_position_ms": min(times) * 1000, "value": str(result.value),
                     "ties": result.ties, "expected_value": str(ev), "expected_value_s": ev_s})
        print(f"{name:10} {min(times) * 1000:20.1f} {str(result.value):>6} {result.ties:5} {ev_s:7.2f}  {ev}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"python": sys.version.split()[0], "machine": platform.machine(), "args": vars(args),
                       "rows": rows}, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
