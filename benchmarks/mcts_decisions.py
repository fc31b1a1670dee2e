"""MCTS decisions of the seeded benchmark game, for counting their machine instructions.

Plays the first ``DECISIONS`` searched decisions of the game ``simulation.py`` times (seed 0,
``MCTSAgent(iterations=100, rollout_max=2000)``, full rollouts, no time bound) and prints the
iterations run. Under callgrind the instructions of a run with 0 decisions (imports, tables)
subtracted from a run with N give instructions per iteration: a figure that does not move with
the machine's load, unlike the clock (every version draws the same numbers from the same seed;
a version whose rules differ may search other positions)::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/mcts_decisions.py gridhunt 2
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/mcts_decisions.py gridhunt 0

(``Collected`` in valgrind's summary is the count; valgrind is ``apt install valgrind``.)
Versions from before the time bound (``seconds``) or ``last_iterations`` are run as they were.
"""

from __future__ import annotations

import argparse
import random

import boardkit
from boardkit import sample_chance
from boardkit.agents.mcts import MCTSAgent


def decisions(name: str, n: int, iterations: int = 100) -> int:
    """Play the first ``n`` searched decisions of the seeded game ``name``; return the MCTS
    iterations they ran (a decision with one legal action, or the rest of a whole turn planned
    before, is not searched and not counted)."""
    game = boardkit.load_game(name)
    try:
        agent = MCTSAgent(iterations=iterations, rollout_max=2000, seconds=None)
    except TypeError:  # a version without the time bound
        agent = MCTSAgent(iterations=iterations, rollout_max=2000)
    rng = random.Random(0)
    state = game.new_initial_state()
    done = runs = 0
    while not state.is_terminal() and done < n:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        p = state.current_players()[0]
        if len(state.legal_actions(p)) > 1:
            action = agent.act(state, p, rng)
            if getattr(agent, "last_stop", "") != "plan":
                done += 1
                runs += getattr(agent, "last_iterations", None) or sum(agent.last_root_visits.values())
        else:
            action = state.legal_actions(p)[0]
        state.apply_action(action, player=p if len(state.current_players()) > 1 else None)
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a registered game")
    parser.add_argument("decisions", type=int, help="searched decisions to play (0: none, for the baseline count)")
    args = parser.parse_args(argv)
    if args.game not in boardkit.list_games():
        parser.error(f"unknown game {args.game!r}; registered: {', '.join(boardkit.list_games())}")
    if args.decisions < 0:
        parser.error("decisions is a whole number >= 0")
    print(f"iterations {decisions(args.game, args.decisions)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
