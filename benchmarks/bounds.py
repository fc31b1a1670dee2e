"""Long inputs are answered in bounded time: the time of each public entry on inputs at and
past its bound (notation words and characters, a saved state's history entry, a search with
a huge iteration count and its time budget, the largest accepted gridhunt wall count, perft and
divide at the deepest depth with a time budget and past their position bound), each checked
against a generous limit; exits 1 when one is over it.

    .venv/bin/python benchmarks/bounds.py [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any, Callable

import boardkit
from boardkit.agents import MCTSAgent
from boardkit.core.notation import MAX_CHARS, MAX_WORDS
from boardkit.core.perft import MAX_DEPTH, divide, perft


def timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    try:
        call()
    except (ValueError, RuntimeError):  # refusals are answers too
        pass
    return time.perf_counter() - start


def cases() -> list[tuple[str, Callable[[], Any], float]]:
    grid = boardkit.load_game("gridhunt").new_initial_state()
    mara = boardkit.load_game("marabunta").new_initial_state()
    doc = json.loads(grid.to_json())
    doc["history"] = ["move " + " ".join(["a1"] * 33_333)] * 80  # some 8 MB
    saved = json.dumps(doc)
    leaders = boardkit.load_game("leaders").new_initial_state()
    while leaders.is_chance_node():
        leaders.apply_action(leaders.legal_actions()[0])

    def layout() -> None:
        state = boardkit.load_game("gridhunt", walls=41).new_initial_state()
        rng = random.Random(0)
        while state.is_chance_node() and state.to_position()["phase"] == "setup":
            boardkit.random_playout(state, rng, max_actions=1)

    def words(verb: str, word: str) -> str:
        return verb + " " + " ".join([word] * (MAX_WORDS - 2)) + " zz"

    def search() -> None:
        MCTSAgent(iterations=10**12, seconds=2).act(leaders, leaders.current_player(), random.Random(0))

    start = boardkit.load_game("leaders").new_initial_state()

    return [
        (f"gridhunt move, {MAX_WORDS - 1} words (at the bound)", lambda: grid.parse_action(words("move", "a1")), 0.05),
        ("gridhunt move, 33,333 words (100 KB, refused)", lambda: grid.parse_action("move " + " ".join(["a1"] * 33_333)), 0.05),
        (f"marabunta split, {MAX_WORDS - 1} words", lambda: mara.parse_action(words("split", "yellow")), 0.05),
        (f"notation of {MAX_CHARS} characters", lambda: mara.parse_action("split " + "y" * (MAX_CHARS - 6)), 0.05),
        ("saved gridhunt state of 8 MB with 100 KB history entries", lambda: boardkit.state_from_json(saved), 5.0),
        ("gridhunt random layout, walls=41 on 12x12 (the bound)", layout, 30.0),
        ("MCTSAgent(iterations=10**12, seconds=2) on leaders", search, 4.0),
        (f"perft(leaders, {MAX_DEPTH}, seconds=2) (refused at its time budget)", lambda: perft(start, MAX_DEPTH, seconds=2), 4.0),
        (f"divide(leaders, {MAX_DEPTH}, seconds=2) (refused at its time budget)", lambda: divide(start, MAX_DEPTH, seconds=2), 4.0),
        ("perft(leaders, 9, max_nodes=20_000) (refused past its position bound)",
         lambda: perft(start, 9, max_nodes=20_000, seconds=None), 10.0),
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", help="write the figures as JSON")
    args = p.parse_args(argv)
    rows, over = [], 0
    for label, call, limit in cases():
        took = timed(call)
        ok = took <= limit
        over += not ok
        rows.append({"case": label, "seconds": round(took, 4), "limit": limit, "ok": ok})
        print(f"{'ok ' if ok else 'OVER'} {took:8.4f} s  (limit {limit:g} s)  {label}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"python": sys.version, "rows": rows}, f, indent=1)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
