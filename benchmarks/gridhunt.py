"""Gridhunt speed: whole random playouts per second and perft time, on one core.

- playouts: seeded random games of 8 players on the default 12x12 random layout (layout and
  start cells drawn by chance, GRID-7, GRID-5.1) played to the end (GRID-1.1), in each turn
  order (GRID-6, GRID-D6), through the public API (``legal_actions`` + ``apply_action``) and
  unchecked (``apply_unchecked``, as perft and search do). Figures: games/s, atomic actions/s, and
  actions per game (a 12x12 move lists about 1,200 path orders).
- perft: every case of ``data/perft/gridhunt.yaml`` at each recorded depth (best of
  ``--repeat``), checked against its recorded count.

Usage::

    python benchmarks/gridhunt.py                  # 20 games per turn order, perft best of 3
    python benchmarks/gridhunt.py --games 100 --json gridhunt.json
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from typing import Any

import boardkit
from boardkit import SIMULTANEOUS, sample_chance
from boardkit.core.perft import load_perft_file, perft


def play(game: boardkit.Game, seed: int, checked: bool) -> int:
    """One seeded random game to its end; the number of atomic actions applied."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    n = 0
    while not s.is_terminal():
        seat = None
        if s.is_chance_node():
            a = sample_chance(s, rng)
        else:
            if s.current_player() == SIMULTANEOUS:
                waiting = s.current_players()
                seat = waiting[rng.randrange(len(waiting))]
            legal = s.legal_actions(seat)
            a = legal[rng.randrange(len(legal))]
        if checked or seat is not None:
            s.apply_action(a, player=seat)
        else:
            s.apply_unchecked(a)
        n += 1
    return n


def bench_playouts(order: str, games: int, checked: bool, seed: int) -> dict[str, Any]:
    game = boardkit.load_game("gridhunt", turn_order=order)
    start = time.perf_counter()
    actions = sum(play(game, seed + i, checked) for i in range(games))
    elapsed = time.perf_counter() - start
    return {"turn_order": order, "mode": "checked" if checked else "unchecked", "games": games, "actions": actions,
            "seconds": round(elapsed, 3), "games_per_s": round(games / elapsed, 2),
            "actions_per_s": round(actions / elapsed), "actions_per_game": round(actions / games, 1)}


def bench_perft(repeat: int) -> list[dict[str, Any]]:
    out = []
    for case in load_perft_file("gridhunt"):
        for depth, expected in case.counts.items():
            best = float("inf")
            for _ in range(repeat):
                state = case.state()
                t = time.perf_counter()
                got = perft(state, depth)
                best = min(best, time.perf_counter() - t)
                if got != expected:
                    raise SystemExit(f"perft {case.name} depth {depth}: {got}, expected {expected}")
            out.append({"case": case.name, "depth": depth, "nodes": expected, "seconds": round(best, 4),
                        "nodes_per_s": round(expected / best) if best > 0 else None})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per turn order and mode (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="perft runs per case and depth, best kept (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (game i uses seed + i)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    playouts = []
    print(f"{'turn order':<20}{'mode':<11}{'games':>6}{'games/s':>9}{'actions/s':>11}{'act/game':>10}")
    for order in ("random_each_round", "fixed", "simultaneous"):
        for checked in (True, False):
            r = bench_playouts(order, args.games, checked, args.seed)
            playouts.append(r)
            print(f"{order:<20}{r['mode']:<11}{r['games']:>6}{r['games_per_s']:>9.2f}{r['actions_per_s']:>11}"
                  f"{r['actions_per_game']:>10.1f}")
    print(f"\n{'perft case':<22}{'depth':>6}{'nodes':>10}{'seconds':>10}{'nodes/s':>10}")
    perfts = bench_perft(args.repeat)
    for r in perfts:
        print(f"{r['case']:<22}{r['depth']:>6}{r['nodes']:>10}{r['seconds']:>10.4f}{r['nodes_per_s'] or 0:>10}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"python": platform.python_version(), "machine": platform.machine(), "args": vars(args),
                       "playouts": playouts, "perft": perfts}, fh, indent=1)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
