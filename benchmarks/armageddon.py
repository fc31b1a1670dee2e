"""Armageddon speed: random playouts per second, perft times, and (when the analysis module is
there) the exact arrival distribution from the launch table.

- ``playouts``: seeded random games of the default game (game i uses ``random.Random(seed + i)``)
  played to the end, ``checked`` (public ``legal_actions`` + ``apply_action``) and ``unchecked``
  (``legal_actions`` + ``apply_unchecked`` that perft and search use); atomic actions
  (chance included) per second and games per second.
- ``perft``: each case of ``data/perft/armageddon.yaml`` at each depth, with the split search's
  cache emptied first (cold) -- seconds.
- ``arrival``: ``boardkit.analysis.armageddon.arrival_distribution`` for one chip on the launch
  table (exact, Fraction), milliseconds, best of ``--repeat``.

Usage::

    python benchmarks/armageddon.py
    python benchmarks/armageddon.py --games 200 --json armageddon.json
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

import boardkit
from boardkit.core.perft import load_perft_file, perft
from playouts import play  # benchmarks/playouts.py: one seeded random game


def playouts(games: int, seed: int, checked: bool) -> dict[str, Any]:
    """Play ``games`` random games; returns actions, games and seconds."""
    g = boardkit.load_game("armageddon")
    g.memo.clear()
    t0 = time.perf_counter()
    actions = sum(play(g, seed + i, checked, max_actions=100_000) for i in range(games))  # playouts.py's game
    dt = time.perf_counter() - t0
    return {"mode": "checked" if checked else "unchecked", "games": games, "actions": actions, "seconds": dt,
            "actions_per_s": actions / dt, "games_per_s": games / dt}


def perft_times() -> list[dict[str, Any]]:
    """Cold perft time of every case and depth of the perft file."""
    out = []
    for case in load_perft_file("armageddon"):
        for depth, expected in case.counts.items():
            state = case.state()
            state.game.memo.clear()  # type: ignore[attr-defined]
            t0 = time.perf_counter()
            got = perft(state, depth)
            out.append({"case": case.name, "depth": depth, "nodes": got, "seconds": time.perf_counter() - t0})
            assert got == expected, f"{case.name} depth {depth}: {got} != {expected}"
    return out


def arrival(repeat: int) -> dict[str, Any] | None:
    """Best time of the exact arrival distribution from the launch table, or None without the
    analysis module."""
    try:
        from boardkit.analysis.armageddon import arrival_distribution
    except ImportError:
        return None
    best = float("inf")
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = arrival_distribution(start="table", laser="on")
        best = min(best, time.perf_counter() - t0)
    assert result is not None
    return {"ms": best * 1000, "mean_turns": str(result.mean_turns), "p_shot": str(result.p_shot)}


def main(argv: list[str] | None = None) -> int:
    """Command line: print the figures (and write them as JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    rows = [playouts(args.games, args.seed, True), playouts(args.games, args.seed, False)]
    for r in rows:
        print(f"playouts {r['mode']:9s}: {r['games']} games, {r['actions']} actions in {r['seconds']:.2f} s = "
              f"{r['actions_per_s']:.0f} actions/s, {r['games_per_s']:.1f} games/s")
    pt = perft_times()
    for r in pt:
        print(f"perft {r['case']:24s} depth {r['depth']}: {r['nodes']:7d} nodes in {r['seconds'] * 1000:8.1f} ms")
    arr = arrival(args.repeat)
    if arr is not None:
        print(f"arrival distribution from the launch table (laser on): {arr['ms']:.1f} ms")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"python": platform.python_version(), "args": vars(args), "playouts": rows, "perft": pt,
                       "arrival": arr}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
