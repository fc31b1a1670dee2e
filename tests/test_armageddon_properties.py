"""Armageddon properties over random seeded games (hypothesis), and seeded random games that
finish.

Checked after every action, from the observation alone: one chip per circle (ARMA-3.5);
chips conserved: on the board + out + pending = the initial count (ARMA-1.1, ARMA-1.2);
mines never more than the game's (ARMA-1.2, ARMA-5.4); warriors never on the dot circle
(ARMA-5.6); chance probabilities exact.

Size: ``BOARDKIT_CONFORMANCE_GAMES`` (default 200, the README's variable for larger sizes)
seeded random games must each end with a winner, or be cut off by the stated action cap;
``BOARDKIT_CONFORMANCE_GAMES=1000`` runs the 10^3 games.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit
from boardkit import sample_chance

COLOUR_OPTIONS = ("red green yellow", "green red", "yellow", "red yellow green")
N_GAMES = int(os.environ.get("BOARDKIT_CONFORMANCE_GAMES", "200"))
ACTION_CAP = 5000  # the stated cap: no game of the default size comes near it
_GAMES: dict[str, boardkit.Game] = {}


def game(colours: str) -> boardkit.Game:
    if colours not in _GAMES:
        _GAMES[colours] = boardkit.load_game("armageddon", colours=colours)
    return _GAMES[colours]


def check(obs: dict, total: int, mines: int) -> None:
    chips = obs["chips"]
    placed = [n for n in chips.values() if n not in ("out", "pending")]
    assert len(placed) == len(set(placed)), f"two chips on one circle: {Counter(placed).most_common(1)}"  # ARMA-3.5
    assert len(chips) == total  # conserved: on board + out + pending
    assert sum(1 for n in chips.values() if n == "pending") == len(obs["pending"])
    assert all(n != "dot" for c, n in chips.items() if c.startswith("w"))  # ARMA-5.6
    used = obs["depot"] + int(obs["officer_mine"]) + sum(obs["trophies"].values()) + obs["destroyed"]
    assert used <= mines
    assert obs["earth_in_play"] == sum(1 for c, n in chips.items() if c[0] in "rgy" and n != "out")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), colours=st.sampled_from(COLOUR_OPTIONS))
def test_one_chip_per_circle_and_chips_conserved(seed, colours):
    g = game(colours)
    rng = random.Random(seed)
    s = g.new_initial_state()
    total = len(s.observation(None)["chips"])
    assert total == 4 * len(colours.split()) + len(g.alien_chips)
    steps = 0
    while not s.is_terminal() and steps < ACTION_CAP:
        check(s.observation(None), total, g.mines)
        if s.is_chance_node():
            outs = s.chance_outcomes()
            assert sum(p for _, p in outs) == 1 and all(p == Fraction(1, 6) for _, p in outs)
            s.apply_action(sample_chance(s, rng))
        else:
            acts = s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])
        steps += 1
    check(s.observation(None), total, g.mines)
    assert s.is_terminal()


def test_seeded_random_games_finish_with_a_winner():
    """N_GAMES seeded games (game i: random.Random(i)) of the default game end with a winner
    (ARMA-1.3 or ARMA-1.4) well within ACTION_CAP actions."""
    g = boardkit.load_game("armageddon")
    ends: Counter[str] = Counter()
    longest = 0
    for i in range(N_GAMES):
        s = g.new_initial_state()
        boardkit.random_playout(s, random.Random(i), max_actions=ACTION_CAP)
        assert s.is_terminal(), f"game {i} not over after {ACTION_CAP} actions"
        o = s.outcome()
        assert o.winners and o.clause in ("ARMA-1.3", "ARMA-1.4", "ARMA-6.3")
        ends[o.clause] += 1
        longest = max(longest, len(s.history()))
    assert sum(ends.values()) == N_GAMES and longest < ACTION_CAP
