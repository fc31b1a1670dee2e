"""Random-playout throughput per registered game on one core, with python-chess as reference.

For each game: seeded random games (chance by exact probability, players uniformly random)
played two ways:

- ``checked``: the public API, ``legal_actions()`` + ``apply_action()`` (legality re-checked);
- ``unchecked``: ``legal_actions()`` + ``apply_unchecked()`` used by search and perft.

Figures are atomic actions per second (chance outcomes included) and games per second. A
``max_turns`` option, if the game has one, is set (``--max-turns``) so games stop. The
reference line plays ``chess.Board()`` random legal moves until the game is over (plies/s).

Usage::

    python benchmarks/playouts.py                       # every registered game, 50 games each
    python benchmarks/playouts.py leaders --games 200 --seconds 30 --json out.json
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
from boardkit import sample_chance


def play(game: boardkit.Game, seed: int, checked: bool, max_actions: int) -> int:
    """Play one seeded random game; return the number of atomic actions applied."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal() and n < max_actions:
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        if checked:
            state.apply_action(action)
        elif hasattr(state, "apply_unchecked"):
            state.apply_unchecked(action)
        else:  # a version before the unchecked path had its public name (for before/after figures)
            state._apply(action)
        n += 1
    return n


def bench_game(name: str, games: int, seconds: float | None, max_turns: int, seed: int, checked: bool, max_actions: int,
               warmup: int = 0, clock: Any = time.perf_counter) -> dict[str, Any]:
    """Throughput of one game in one mode; stops after ``games`` games or ``seconds``. The
    ``warmup`` games before them (seeds below ``seed``) are not timed."""
    specs = {o.name for o in boardkit.game_class(name).option_specs}
    options = {"max_turns": max_turns} if "max_turns" in specs else {}
    game = boardkit.load_game(name, **options)
    for i in range(warmup):
        play(game, seed - 1 - i, checked, max_actions)
    actions = played = 0
    start = clock()
    while played < games:
        actions += play(game, seed + played, checked, max_actions)
        played += 1
        if seconds is not None and clock() - start >= seconds:
            break
    elapsed = clock() - start
    return {
        "game": name,
        "mode": "checked" if checked else "unchecked",
        "options": options,
        "games": played,
        "actions": actions,
        "seconds": round(elapsed, 4),
        "actions_per_s": round(actions / elapsed, 1),
        "games_per_s": round(played / elapsed, 3),
        "actions_per_game": round(actions / played, 1),
    }


def bench_chess(games: int, seconds: float | None, seed: int, clock: Any = time.perf_counter) -> dict[str, Any] | None:
    """python-chess reference: random legal moves from the initial position to game over."""
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    plies = played = 0
    start = clock()
    while played < games:
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        played += 1
        if seconds is not None and clock() - start >= seconds:
            break
    elapsed = clock() - start
    return {
        "game": "python-chess",
        "version": chess.__version__,
        "games": played,
        "plies": plies,
        "seconds": round(elapsed, 4),
        "plies_per_s": round(plies / elapsed, 1),
        "games_per_s": round(played / elapsed, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME", help="game ids (default: every registered game)")
    parser.add_argument("--games", type=int, default=50, help="seeded games per game and mode (default 50)")
    parser.add_argument("--seconds", type=float, default=None, help="time budget per game and mode (stops early)")
    parser.add_argument("--max-turns", type=int, default=40, help="value of a max_turns option (default 40)")
    parser.add_argument("--max-actions", type=int, default=100_000, help="cap per game without max_turns")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (game i uses seed + i)")
    parser.add_argument("--warmup", type=int, default=0,
                        help="untimed games first, per game and mode (seeds below --seed; default 0: the first "
                             "games also build the tables a process keeps, such as gridhunt's move tables)")
    parser.add_argument("--cpu", action="store_true",
                        help="time by the process's CPU time rather than the wall clock (steadier on a shared machine)")
    parser.add_argument("--chess-games", type=int, default=20, help="python-chess reference games (0: skip)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    names = args.names or boardkit.list_games()
    unknown = sorted(set(names) - set(boardkit.list_games()))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; registered: {', '.join(boardkit.list_games())}")

    clock = time.process_time if args.cpu else time.perf_counter
    results: list[dict[str, Any]] = []
    print(f"{'game':<14}{'mode':<11}{'games':>7}{'actions':>10}{'actions/s':>12}{'games/s':>10}{'act/game':>10}")
    for name in names:
        for checked in (True, False):
            r = bench_game(name, args.games, args.seconds, args.max_turns, args.seed, checked, args.max_actions,
                           args.warmup, clock)
            results.append(r)
            print(f"{name:<14}{r['mode']:<11}{r['games']:>7}{r['actions']:>10}{r['actions_per_s']:>12.0f}"
                  f"{r['games_per_s']:>10.2f}{r['actions_per_game']:>10.1f}")
    chess_ref = bench_chess(args.chess_games, args.seconds, args.seed, clock) if args.chess_games > 0 else None
    if chess_ref is not None:
        print(f"{'python-chess':<14}{'reference':<11}{chess_ref['games']:>7}{chess_ref['plies']:>10}"
              f"{chess_ref['plies_per_s']:>12.0f}{chess_ref['games_per_s']:>10.2f}"
              f"{chess_ref['plies'] / chess_ref['games']:>10.1f}   (plies)")
        for r in results:
            r["ratio_to_chess"] = round(r["actions_per_s"] / chess_ref["plies_per_s"], 2)
        print("actions/s / python-chess plies/s: " + ", ".join(f"{r['game']} {r['mode']} {r['ratio_to_chess']}"
                                                              for r in results))
    if args.json:
        doc = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "boardkit": boardkit.__version__,
            "args": {k: v for k, v in vars(args).items() if k != "json"},
            "results": results,
            "reference": chess_ref,
        }
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=1)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
