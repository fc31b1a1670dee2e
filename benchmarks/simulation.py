"""Simulation throughput per backend, and MCTS iterations per second per game.

``backends``: ``boardkit.sim.play_many`` on N seeded random games of one game (default the
fastest, Battle Royale) in one process, on two local processes, and on a Dask LocalCluster
with two single-threaded worker processes; games per second and the ratio to one process. The
tables are checked equal across backends before any figure is printed (game i uses seed
``SEED:i`` whatever the backend). Start-up (process pool, cluster) is included: it is what a
user waits for.

``mcts``: MCTS iterations per second at the first searched decisions of a seeded game of every
registered game (median of a few decisions; a decision that plays the rest of a whole turn
searched before, Armageddon's, is not searched and not counted), with full rollouts (``rollout_max=2000``, the
agent's default) and with rollouts cut off after 20 actions and scored by the game's heuristic
(the outcomes notebook's setting).

Usage::

    python benchmarks/simulation.py                     # 10^4 games, about 2 minutes on two cores
    python benchmarks/simulation.py --games 2000 --json sim.json
    python benchmarks/simulation.py --skip-backends     # MCTS only
    python benchmarks/simulation.py --skip-backends --mcts-game armageddon   # one game's MCTS only
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
from boardkit.agents import MCTSAgent
from boardkit.sim import play_many


def bench_backends(name: str, games: int, chunk: int) -> list[dict[str, Any]]:
    """Games/s of play_many on one process, two processes and Dask with two workers."""
    import distributed

    game = boardkit.load_game(name)
    rows: list[dict[str, Any]] = []
    tables = {}
    for backend in ("serial", "processes-2", "dask-2"):
        start = time.perf_counter()
        if backend == "serial":
            df = play_many(game, games, seed="bench", progress=False, chunk=chunk)
        elif backend == "processes-2":
            df = play_many(game, games, seed="bench", progress=False, workers=2, chunk=chunk)
        else:
            with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                    distributed.Client(cluster) as client:
                df = play_many(game, games, seed="bench", progress=False, client=client, chunk=chunk)
        elapsed = time.perf_counter() - start
        tables[backend] = df
        rows.append({"game": name, "backend": backend, "games": games, "seconds": round(elapsed, 2),
                     "games_per_s": round(games / elapsed, 1)})
    base = tables["serial"]
    for backend, df in tables.items():
        if not df.equals(base):
            raise SystemExit(f"{backend}: the table differs from one process: results would not be reproducible")
    for r in rows:
        r["ratio_to_serial"] = round(r["games_per_s"] / rows[0]["games_per_s"], 2)
    return rows


def bench_mcts(name: str, iterations: int, decisions: int, rollout: int = 2000, clock: Any = time.perf_counter) -> dict[str, Any]:
    """MCTS iterations per second over the first ``decisions`` decisions of a seeded game,
    rollouts cut off after ``rollout`` actions (then scored by the game's heuristic); ``clock``
    measures the time (the wall clock, or ``time.process_time`` for CPU time)."""
    game = boardkit.load_game(name)
    rng = random.Random(0)
    state = game.new_initial_state()
    agent = MCTSAgent(iterations=iterations, rollout_max=rollout)
    rates = []
    while not state.is_terminal() and len(rates) < decisions:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        p = state.current_players()[0]
        if len(state.legal_actions(p)) > 1:
            start = clock()
            action = agent.act(state, p, rng)
            if getattr(agent, "last_stop", "") != "plan":  # not the rest of a whole turn searched before (no search now)
                # the iterations run: fewer than asked when the time budget ran out. Older versions
                # without last_iterations searched single actions, whose root visits sum to them.
                done = getattr(agent, "last_iterations", None)
                if done is None:
                    done = sum(agent.last_root_visits.values())
                rates.append(done / (clock() - start))
        else:
            action = state.legal_actions(p)[0]
        state.apply_action(action, player=p if len(state.current_players()) > 1 else None)
    return {"game": name, "iterations": iterations, "rollout_max": rollout, "decisions": len(rates),
            "iterations_per_s": round(statistics.median(rates), 1) if rates else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="battle_royale", help="game for the backends (default battle_royale)")
    parser.add_argument("--games", type=int, default=10_000, help="games per backend (default 10^4)")
    parser.add_argument("--chunk", type=int, default=250, help="games per task (default 250)")
    parser.add_argument("--iterations", type=int, default=100, help="MCTS iterations per decision (default 100)")
    parser.add_argument("--decisions", type=int, default=5, help="MCTS decisions timed per game (default 5)")
    parser.add_argument("--rollout", type=int, action="append",
                        help="rollout_max of the MCTS figures; repeat for several columns (default 2000, "
                             "the agent's default, and 20, the outcomes notebook's)")
    parser.add_argument("--skip-backends", action="store_true", help="MCTS figures only")
    parser.add_argument("--mcts-game", action="append", metavar="GAME",
                        help="MCTS figures of this game only; repeat for several (default: every registered game)")
    parser.add_argument("--cpu", action="store_true",
                        help="MCTS timed by the process's CPU time rather than the wall clock (steadier on a shared machine)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {"python": platform.python_version(), "args": vars(args)}
    if not args.skip_backends:
        out["backends"] = bench_backends(args.game, args.games, args.chunk)
        print(f"{'backend':<13} {'games':>7} {'s':>8} {'games/s':>9} {'x serial':>9}")
        for r in out["backends"]:
            print(f"{r['backend']:<13} {r['games']:>7} {r['seconds']:>8} {r['games_per_s']:>9} {r['ratio_to_serial']:>9}")
    rollouts = args.rollout or [2000, 20]
    games = args.mcts_game or boardkit.list_games()
    unknown = sorted(set(games) - set(boardkit.list_games()))
    if unknown:
        parser.error(f"--mcts-game: unknown game(s) {', '.join(unknown)}; registered: {', '.join(boardkit.list_games())}")
    clock = time.process_time if args.cpu else time.perf_counter
    out["mcts"] = [bench_mcts(g, args.iterations, args.decisions, r, clock) for g in games for r in rollouts]
    print(f"\n{'game':<15} " + " ".join(f"{'it/s rollout ' + str(r):>18}" for r in rollouts))
    for g in games:
        rates = {r["rollout_max"]: r["iterations_per_s"] for r in out["mcts"] if r["game"] == g}
        print(f"{g:<15} " + " ".join(f"{rates[r]!s:>18}" for r in rollouts))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
