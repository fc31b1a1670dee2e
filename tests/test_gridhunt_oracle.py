"""The gridhunt engine against an independent oracle (tests/gridhunt_oracle.py, written from the
French seed and the clause file, sharing no code with the engine).

- Every case of data/perft/gridhunt.yaml: the oracle's perft equals the recorded counts, to depth
  ``BOARDKIT_ORACLE_DEPTH`` (default 3) for the counts up to ``BOARDKIT_ORACLE_LEAVES`` leaves
  (default 20,000; the deeper counts with a larger value).
- Seeded random games (``BOARDKIT_ORACLE_GAMES`` per variant, default 1, each cut off after
  ``BOARDKIT_ORACLE_TURNS`` player turns, default 40), the same action applied to both: after
  every step the legal actions, the chance outcomes with their probabilities, the end and the
  returns agree, and so does what every seat is told: ``observation(seat)`` (``outcome`` aside)
  and ``history(seat)`` (GRID-5, GRID-D9).

Clauses covered: GRID-1.1 .. GRID-7 and GRID-D1 .. GRID-D22 in the three turn orders (GRID-6,
GRID-D6), with the options that change a rule turned on in turn.
"""

from __future__ import annotations

import os
import random

import pytest

import boardkit
from boardkit.core.perft import load_perft_file

from gridhunt_oracle import Oracle

DEPTH = int(os.environ.get("BOARDKIT_ORACLE_DEPTH", "3"))
LEAVES = int(os.environ.get("BOARDKIT_ORACLE_LEAVES", "20000"))
GAMES = int(os.environ.get("BOARDKIT_ORACLE_GAMES", "1"))
TURNS = int(os.environ.get("BOARDKIT_ORACLE_TURNS", "40"))
CASES = load_perft_file("gridhunt")

#: Option sets for the lockstep games: the defaults, then every option that changes a rule.
VARIANTS = {
    "default-small": {"layout": "small"},
    "default-random": {"size": 8, "walls": 8},
    "fixed-at-once": {"layout": "small", "turn_order": "fixed", "deaths_told": "at_once"},
    "teams-talk": {"layout": "small", "teams": 2},
    "teams-silent": {"layout": "small", "teams": 4, "team_shares_vision": False},
    "rules-1.3": {"size": 6, "walls": 4, "mines": 4, "attack": 6, "line_directions": 4, "mine_blocks_shot": True,
                  "team_shares_vision": False, "teams": 2},
    "shots": {"size": 6, "walls": 3, "attack": 8, "shield": 4, "line_shot": "first", "shield_stops_enhanced": True,
              "shield_stops_landing": True},
    "corners": {"size": 7, "walls": 12, "attack": 10, "mines": 2, "corner_walls": "block", "line_shot": "first"},
    "orders": {"size": 6, "walls": 6, "mines": 5, "may_stay": True, "wall_orders": "stopped",
               "teleport_told": "used"},
    "simultaneous": {"layout": "small", "turn_order": "simultaneous"},
    "simultaneous-teams": {"size": 6, "walls": 4, "attack": 6, "shield": 4, "turn_order": "simultaneous", "teams": 2,
                           "deaths_told": "at_once", "shield_stops_enhanced": True},
}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_oracle_agrees_with_every_perft_case(case) -> None:
    """GRID-7, GRID-5.1, GRID-6, GRID-3.1, GRID-4, GRID-D9, GRID-D18, GRID-D19: the oracle's own
    tree has the recorded number of leaves."""
    o = Oracle(**case.options)
    st = o.initial() if case.position is None else o.from_position(case.position)
    for text in case.history:
        st = o.apply(st, text)
    checked = 0
    for depth, count in sorted(case.counts.items()):
        if depth <= DEPTH and count <= LEAVES:
            assert o.perft(st, depth) == count, (case.name, depth)
            checked += 1
    assert checked >= 2, f"{case.name}: fewer than two depths checked"


def _agree(state, o: Oracle, st: dict, step: int, last: list[str]) -> None:
    where = f"step {step}, after {last[-6:]}"
    assert sorted(map(str, state.legal_actions())) == sorted(o.legal(st)), where
    assert state.current_players() == o.waiting(st), where
    for seat in state.current_players():
        assert sorted(map(str, state.legal_actions(seat))) == sorted(o.legal(st, seat)), (where, seat)
    if state.is_chance_node():
        assert {str(a): p for a, p in state.chance_outcomes()} == dict(o.chances(st)), where
    assert state.is_terminal() == (st["phase"] == "over"), where
    for seat in range(o.n):
        obs = state.observation(seat)
        obs.pop("outcome")
        mine = o.view(st, seat)
        assert obs == mine, where + f", seat {seat}: " + str({k: (obs.get(k), mine.get(k)) for k in mine
                                                              if obs.get(k) != mine.get(k)})
        assert [str(a) for a in state.history(seat)] == st["hist"][seat], (where, seat)


@pytest.mark.parametrize("seed", range(GAMES))
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_oracle_and_engine_in_lockstep(variant: str, seed: int) -> None:
    """GRID-1 .. GRID-7, GRID-D1 .. GRID-D22: a seeded random game, both applying the same actions,
    agree after every step on the legal actions, the chance, the end and what each seat is told."""
    options = {**VARIANTS[variant], "max_turns": TURNS}
    state = boardkit.load_game("gridhunt", **options).new_initial_state()
    o = Oracle(**options)
    st = o.initial()
    rng = random.Random(f"gridhunt-oracle:{variant}:{seed}")
    last: list[str] = []
    step = 0
    _agree(state, o, st, step, last)
    while not state.is_terminal():
        seat = None
        if state.is_chance_node():
            action = str(boardkit.sample_chance(state, rng))
        else:
            seat = rng.choice(state.current_players())  # GRID-D6: the seats give their orders in any order
            action = rng.choice(sorted(map(str, state.legal_actions(seat))))
        state.apply_action(action, player=seat)
        st = o.apply(st, action, seat)
        last.append(action if seat is None else f"{seat}: {action}")
        step += 1
        _agree(state, o, st, step, last)
    assert state.returns() == o.returns(st)
