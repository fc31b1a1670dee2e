"""The Battle Royale engine and the arena analyses (boardkit.analysis.battle_royale) agree: two
independent codings of the layout rule (BR-1.1) and of explosions (BR-4.2)."""

from __future__ import annotations

import itertools
import random

import pytest

import boardkit
from boardkit import OptionError
from boardkit.analysis import battle_royale as arena
from boardkit.games.battle_royale.game import BattleRoyaleGame

NON_GOAL = [n for n in (f"{f}{r}" for r in range(1, 6) for f in "abcde") if n != "c3"]


def test_BR_1_1_engine_accepts_exactly_the_valid_layouts_sample():
    """BR-1.1: on 400 random four-tile removals the engine's layout option accepts exactly the
    layouts the analysis counts as valid (9283 of the 10626)."""
    rng = random.Random(1)
    combos = list(itertools.combinations(NON_GOAL, 4))
    valid = {frozenset(v) for v in arena.valid_layouts()}
    assert len(valid) == arena.count_layouts() == 9283
    for removed in rng.sample(combos, 400):
        try:
            BattleRoyaleGame(layout=" ".join(removed), players=3)  # no neutral figures to place
            accepted = True
        except OptionError:
            accepted = False
        assert accepted == (frozenset(removed) in valid), removed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_BR_4_2_engine_explosions_match_the_analysis(players):
    """BR-4.2: every Explosion in seeded random games removes exactly the tiles and figures
    boardkit.analysis.battle_royale.explosion predicts from the position before it."""
    game = boardkit.load_game("battle_royale", players=players, max_turns=40)
    seen = 0
    for seed in range(25):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = boardkit.sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            if str(action) == "roll explosion":
                obs = state.observation(None)
                figures = {t: {c: k for c, k in per.items() if k} for t, per in obs["tiles"].items()}
                predicted = arena.explosion(set(obs["tiles"]), figures, obs["eliminator"])
                state.apply_action(action)
                after = state.observation(None)
                if predicted.exploded:
                    seen += 1
                    assert set(after["tiles"]) == set(predicted.tiles)
                    gained = {c: after["out"].get(c, 0) - obs["out"].get(c, 0) for c in after["out"]}
                    assert {c: k for c, k in gained.items() if k} == predicted.figures_removed
                else:
                    assert set(after["tiles"]) == set(obs["tiles"])  # a Move instead
                continue
            state.apply_action(action)
    assert seen > 0
