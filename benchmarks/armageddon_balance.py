"""Armageddon's balance: Earth's win rate with 95% Wilson intervals for every pair of agents
(random, greedy, MCTS; the Earth colours share one agent, the aliens another), and, with
``--ab N``, each rule option's effect on it as a paired A/B with random players.

Every pair plays the same seeds (game i: ``f"{seed}:{i}"``), so a run replays exactly (MCTS runs
without a time bound). The figures of the balance table in ``notebooks/armageddon_tour.ipynb``
come from these runs (about 15 minutes of CPU in all; ``--earth`` splits the work among
processes, the games are the same)::

    python benchmarks/armageddon_balance.py --earth random --random 400 --greedy 25 --mcts 4 \
        --mcts-iterations 8 --mcts-rollout 16
    python benchmarks/armageddon_balance.py --earth greedy --greedy 10 --mcts 4 --mcts-iterations 8 --mcts-rollout 16
    python benchmarks/armageddon_balance.py --earth mcts --mcts 4 --mcts-iterations 8 --mcts-rollout 16
    python benchmarks/armageddon_balance.py --random 0 --greedy 0 --mcts 0 --ab 60

Games per pair: ``--random`` for random against random, ``--greedy`` for the other pairs of
random and greedy, ``--mcts`` for the pairs with MCTS (a pair at 0 is skipped).

Usage::

    python benchmarks/armageddon_balance.py --random 100 --greedy 10 --mcts 2
    python benchmarks/armageddon_balance.py --json balance.json --markdown balance.md
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from boardkit.analysis.armageddon_balance import option_ab, pair_table

KINDS = ("random", "greedy", "mcts")


def games_per_pair(n_random: int, n_greedy: int, n_mcts: int) -> dict[tuple[str, str], int]:
    """Games for each (Earth, aliens) pair: MCTS pairs get ``n_mcts``, pairs of random and
    greedy ``n_greedy``, random against random ``n_random``."""
    out = {}
    for e in KINDS:
        for a in KINDS:
            out[e, a] = n_mcts if "mcts" in (e, a) else n_random if e == a == "random" else n_greedy
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random", type=int, default=100, help="random against random games")
    ap.add_argument("--greedy", type=int, default=10, help="games of each other pair of random and greedy")
    ap.add_argument("--mcts", type=int, default=2, help="games of each pair with MCTS")
    ap.add_argument("--mcts-iterations", type=int, default=10, help="MCTS iterations per turn")
    ap.add_argument("--mcts-rollout", type=int, default=20, help="MCTS rollout actions before the heuristic")
    ap.add_argument("--ab", type=int, default=0, help="random games per side of each option's A/B (0: none)")
    ap.add_argument("--seed", default="balance", help="run seed")
    ap.add_argument("--earth", choices=KINDS, action="append",
                    help="only the pairs with this Earth agent (repeatable; runs of different --earth split the work)")
    ap.add_argument("--aliens", choices=KINDS, action="append", help="only the pairs with this alien agent (repeatable)")
    ap.add_argument("--json", help="write the tables as JSON")
    ap.add_argument("--markdown", help="write the tables as Markdown")
    args = ap.parse_args(argv)
    t0, c0 = time.perf_counter(), time.process_time()
    sizes = {k: n for k, n in games_per_pair(args.random, args.greedy, args.mcts).items()
             if (not args.earth or k[0] in args.earth) and (not args.aliens or k[1] in args.aliens)}
    pairs = pair_table(KINDS, sizes, seed=args.seed, progress=True, mcts_iterations=args.mcts_iterations,
                       mcts_rollout=args.mcts_rollout)
    t_pairs = time.process_time() - c0
    lines = ["| Earth | aliens | games | Earth wins | rate | 95% Wilson | seat turns |", "|---|---|---|---|---|---|---|"]
    for r in pairs.itertuples():
        lines.append(f"| {r.earth} | {r.aliens} | {r.games} | {r.earth_wins} | {r.rate:.3f} | "
                     f"[{r.low:.3f}, {r.high:.3f}] | {r.seat_turns:.0f} |")
    ab = None
    if args.ab:
        ab = option_ab(args.ab, seed=args.seed, progress=True)
        lines += ["", "| option | B value | clause | games | A (default) | B | B - A, 95% paired |",
                  "|---|---|---|---|---|---|---|"]
        for r in ab.itertuples():
            lines.append(f"| {r.option} | {r.value!r} | {r.clause} | {r.games} | {r.a:.3f} [{r.a_low:.3f}, "
                         f"{r.a_high:.3f}] | {r.b:.3f} [{r.b_low:.3f}, {r.b_high:.3f}] | {r.diff:+.3f} "
                         f"[{r.low:+.3f}, {r.high:+.3f}] |")
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    lines += ["", f"MCTS: {args.mcts_iterations} iterations per turn, rollouts of {args.mcts_rollout} actions; "
                  f"seed {args.seed!r}; CPU time: pairs {t_pairs:.0f} s, total {cpu:.0f} s (wall clock {seconds:.0f} s)."]
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"args": vars(args), "python": sys.version, "seconds": seconds, "cpu_seconds": cpu,
                       "pairs": pairs.to_dict("records"), "ab": None if ab is None else ab.to_dict("records")}, f,
                      indent=1, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
