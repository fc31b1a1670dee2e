"""Board click handling per registered game, Python side (no browser): milliseconds per click.

For each game, seeded random positions at a decision (a random number of random actions from
the start, chance by its exact probabilities); at each one a board is made with
``board_widget(state)`` (the GM's view; ``--seat`` for a seat's) and, timed one by one:

- the clicks of one legal action made with cells, chosen at random, cell by cell (each click
  runs the controller and redraws the board: cell buttons, action buttons, log, status line,
  picture), and the confirm button where the board has one (a gridhunt path);
- one click on a random cell of the board (legal or not: an illegal one is explained).

Making the board is not timed. Figures: clicks timed, median and max milliseconds per click.

Usage::

    python benchmarks/board_clicks.py                       # every game, 8 positions each
    python benchmarks/board_clicks.py gridhunt --positions 20 --json clicks.json
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from typing import Any

import boardkit
from boardkit import sample_chance


def position(game: boardkit.Game, rng: random.Random, max_depth: int) -> Any:
    """A seeded random position where one player is to decide (None if the games found end first)."""
    for _ in range(20):
        state = game.new_initial_state()
        depth = rng.randrange(max_depth + 1)
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            elif n >= depth and len(state.current_players()) == 1:
                return state
            else:
                players = state.current_players()
                seat = players[rng.randrange(len(players))] if len(players) > 1 else None
                legal = state.legal_actions(seat)
                state.apply_action(legal[rng.randrange(len(legal))], player=seat)
            n += 1
    return None


def _timed(fn: Any, *args: Any) -> float:
    start = time.perf_counter()
    fn(*args)
    return (time.perf_counter() - start) * 1000


def bench_game(name: str, positions: int, seed: int, max_depth: int, seat_view: bool) -> dict[str, Any]:
    """Milliseconds per click on ``positions`` random positions of one game."""
    from boardkit.viz.widgets import board_widget

    specs = {o.name for o in boardkit.game_class(name).option_specs}
    game = boardkit.load_game(name, **({"max_turns": 30} if "max_turns" in specs else {}))
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(positions):
        state = position(game, rng, max_depth)
        if state is None:
            continue
        mover = state.current_players()[0]
        board = board_widget(state, seed=seed, show_svg=True, seat=mover if seat_view else None)
        ctl = board.controller
        clickable = [a for a in ctl._legal() if a.cells]
        if clickable:
            action = clickable[rng.randrange(len(clickable))]
            for cell in action.cells:
                if cell in board.cell_buttons:
                    times.append(_timed(board.click, cell))
            confirm = getattr(board, "confirm_button", None)
            if confirm is not None and not confirm.disabled:
                times.append(_timed(confirm.click))
            ctl.back() if ctl.can_back() else None
        cells = sorted(board.cell_buttons)
        times.append(_timed(board.click, cells[rng.randrange(len(cells))]))
    return {"game": name, "view": "seat" if seat_view else "GM", "clicks": len(times),
            "median_ms": round(statistics.median(times), 2) if times else None,
            "max_ms": round(max(times), 2) if times else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME", help="game ids (default: every registered game)")
    parser.add_argument("--positions", type=int, default=8, help="random positions per game (default 8)")
    parser.add_argument("--max-depth", type=int, default=120, help="most random actions before a position (default 120)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the positions and picks (default 0)")
    parser.add_argument("--seat", action="store_true", help="boards bound to the mover's seat instead of the GM's view")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    names = args.names or boardkit.list_games()
    unknown = sorted(set(names) - set(boardkit.list_games()))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; registered: {', '.join(boardkit.list_games())}")
    rows = []
    print(f"{'game':<15}{'view':<6}{'clicks':>8}{'median ms':>11}{'max ms':>9}")
    for name in names:
        r = bench_game(name, args.positions, args.seed, args.max_depth, args.seat)
        rows.append(r)
        print(f"{name:<15}{r['view']:<6}{r['clicks']:>8}{r['median_ms']!s:>11}{r['max_ms']!s:>9}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"python": platform.python_version(), "args": vars(args), "clicks": rows}, fh, indent=1)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
