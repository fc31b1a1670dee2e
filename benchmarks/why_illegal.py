"""Why-illegal speed at a gridhunt simultaneous turn: ``why_illegal(order, seat)`` asked of every
legal order of every seat (GRID-D6: each seat gives its own order), on one core, with
python-chess's ``Board.is_legal`` on every legal move of a middlegame position as a reference
line.

Each sweep starts from a fresh clone of the position (nothing asked before), so it counts what
the first questions of a seat cost as well. Figures: the best sweep of ``--repeat`` (timeit),
the number of questions, and microseconds per question.

Usage::

    python benchmarks/why_illegal.py                # seed 1, best of 5
    python benchmarks/why_illegal.py --seed 3 --repeat 9
"""

from __future__ import annotations

import argparse
import random
import timeit
from typing import Any

import boardkit
from boardkit import SIMULTANEOUS, sample_chance

CHESS_FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def simultaneous_turn(seed: int) -> Any:
    """A gridhunt game (8 seats, default grid, turn_order='simultaneous') at its first turn
    where every seat gives its order at once."""
    state = boardkit.load_game("gridhunt", turn_order="simultaneous").new_initial_state()
    rng = random.Random(seed)
    while state.current_player() != SIMULTANEOUS:
        state.apply_action(sample_chance(state, rng))
    return state


def sweep(state: Any) -> int:
    """``why_illegal`` of every legal order of every seat to act, in a fresh clone; the count."""
    s = state.clone()
    n = 0
    for seat in s.current_players():
        for order in s.legal_actions(seat):
            assert s.why_illegal(order, seat) is None
            n += 1
    return n


def chess_us(repeat: int) -> float | None:
    """Microseconds per ``Board.is_legal`` over the legal moves of :data:`CHESS_FEN`, or None
    without python-chess."""
    try:
        import chess
    except ImportError:
        return None
    board = chess.Board(CHESS_FEN)
    moves = list(board.legal_moves)
    best = min(timeit.repeat(lambda: [board.is_legal(m) for m in moves], number=200, repeat=repeat))
    return best / (200 * len(moves)) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the chance draws (layout, start cells)")
    parser.add_argument("--repeat", type=int, default=5, help="sweeps timed; the best is given")
    args = parser.parse_args(argv)
    state = simultaneous_turn(args.seed)
    n = sweep(state)  # tables of the process made once, out of the clock
    best = min(timeit.repeat(lambda: sweep(state), number=1, repeat=args.repeat))
    us = best / n * 1e6
    print(f"gridhunt simultaneous turn, seed {args.seed}: {len(state.current_players())} seats, {n} legal orders; "
          f"why_illegal on all: {best:.3f} s, {us:.1f} us per question")
    ref = chess_us(args.repeat)
    if ref is not None:
        print(f"python-chess Board.is_legal: {ref:.2f} us per move; why_illegal / is_legal = {us / ref:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
