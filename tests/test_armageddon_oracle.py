"""The engine against an independent oracle (tests/armageddon_oracle.py, written from the seed
and the clause file, sharing no code with the engine): the same perft counts on every case of
data/perft/armageddon.yaml (to depth ``BOARDKIT_ORACLE_DEPTH``, default 3; 5 is every recorded
depth), and the same legal actions and positions in lockstep over seeded random games
(``BOARDKIT_ORACLE_GAMES``, default 2)."""

from __future__ import annotations

import os
import random

import pytest
import yaml

import boardkit

from armageddon_oracle import ROOT, Oracle

DEPTH = int(os.environ.get("BOARDKIT_ORACLE_DEPTH", "3"))
GAMES = int(os.environ.get("BOARDKIT_ORACLE_GAMES", "2"))
CASES = yaml.safe_load((ROOT / "data/perft/armageddon.yaml").read_text(encoding="utf-8"))["cases"]


def oracle_state(case):
    colours = tuple(case.get("options", {}).get("colours", "red green yellow").split())
    o = Oracle(colours)
    st = o.initial() if case["position"] is None else o.from_position(case["position"])
    return o, st


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_oracle_agrees_with_every_perft_case(case):
    o, st = oracle_state(case)
    memo: dict = {}
    for depth, count in sorted(case["counts"].items()):
        if depth <= DEPTH:
            assert o.perft(st, depth, memo) == count, (case["name"], depth)


def _same_position(o, st, s) -> None:
    obs = s.observation(None)
    chips = {c: w for c, w in obs["chips"].items()}
    assert chips == {c: st["at"][c] for c in chips}
    assert (obs["officer_mine"], obs["depot"], obs["destroyed"]) == (st["mine"], st["depot"], st["destroyed"])
    assert obs["trophies"] == st["trophies"] and set(obs["skip"]) == st["skip"]


@pytest.mark.parametrize("seed", range(GAMES))
def test_oracle_and_engine_in_lockstep_over_a_seeded_game(seed):
    game = boardkit.load_game("armageddon")
    s = game.new_initial_state()
    o = Oracle()
    st = o.initial()
    memo: dict = {}
    rng = random.Random(f"oracle:{seed}")
    steps = 0
    while not s.is_terminal() and steps < 1500:
        legal = sorted(map(str, s.legal_actions()))
        assert legal == sorted(o.legal(st, memo)), (seed, steps)
        action = rng.choice(legal)
        s.apply_action(action)
        st = o.apply(st, action, memo)
        _same_position(o, st, s)
        steps += 1
    assert s.is_terminal() == (st["winner"] is not None)
    if s.is_terminal():
        assert {"ARMA-1.3": "earth", "ARMA-1.4": "aliens"}[s.outcome().clause] == st["winner"]
