"""Simulation runs (seeded, split-independent), Wilson intervals, exact chance enumeration
cross-checked by a closed form (sympy) and by Monte Carlo within its interval."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

import boardkit
from boardkit.analysis.stats import wilson
from boardkit.core.chance import probability, resolve_chance, to_sympy
from boardkit.sim import play_many, play_one


def test_wilson_interval_known_values():
    e = wilson(0, 10)
    assert e.low == 0.0 and abs(e.high - 0.2775327998628892) < 1e-12
    e = wilson(50, 100)
    assert abs(e.low - 0.4038315) < 1e-6 and abs(e.high - 0.5961685) < 1e-6
    assert e.point == Fraction(1, 2) and e.contains(Fraction(1, 2))
    assert wilson(60, 60).high == 1.0 and wilson(60, 60).contains(1)
    with pytest.raises(ValueError, match="0 <= k <= n"):
        wilson(5, 3)
    with pytest.raises(ValueError, match="level must be"):
        wilson(1, 3, level=0.5)


def test_play_many_is_reproducible_and_split_independent():
    game = boardkit.load_game("leaders", max_turns=20)
    run = play_many(game, 6, seed=7, progress=False)
    assert run.equals(play_many(game, 6, seed=7, progress=False))
    one = play_one(game, "7:4", 4)
    row = run.iloc[4]
    assert (row["seed"], tuple(row["winners"]), row["actions"], row["turns"]) == (one.seed, one.winners, one.actions, one.turns)
    assert run["terminal"].all()
    assert list(run["seed"]) == [f"7:{i}" for i in range(6)]


def test_same_200_games_on_serial_process_and_dask_backends(tmp_path):
    """The same 200 seeded games give identical tables in one process, on two local processes,
    on a Dask LocalCluster with two workers, and streamed to parquet."""
    game = boardkit.load_game("battle_royale")
    one = play_many(game, 200, seed=3, progress=False)
    assert len(one) == 200 and one["terminal"].all()
    assert play_many(game, 200, seed=3, progress=False, workers=2, chunk=23).equals(one)
    assert play_many(game, 200, seed=3, progress=False, out=tmp_path / "run.parquet", chunk=17).equals(one)
    distributed = pytest.importorskip("distributed", reason="dask[distributed] is in the notebook extra")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None,
                                  processes=True) as cluster, distributed.Client(cluster) as client:
        assert play_many(game, 200, seed=3, progress=False, client=client, chunk=29).equals(one)
        # an existing cluster's address works with no other change
        assert play_many(game, 40, seed=3, progress=False, client=cluster.scheduler_address).equals(one.iloc[:40])
    with pytest.raises(ValueError, match="workers must be a whole number >= 1"):
        play_many(game, 3, workers=0)


def test_LEAD_1_3_opening_market_exact_vs_closed_form_vs_monte_carlo():
    """LEAD-1.3: P(a given card is in the opening market of three from 16) is 3/16, by exact
    enumeration of the chance tree, by the closed form 1 - C(15,3)/C(16,3) in sympy, and by
    Monte Carlo within its 99% interval."""
    state = boardkit.load_game("leaders", first_player=0).new_initial_state()
    dist = resolve_chance(state, key=lambda s: frozenset(s.market))
    assert len(dist) == 560 and sum(dist.values()) == 1  # C(16, 3) markets
    exact = probability(dist, lambda market: "Archer" in market)
    closed = 1 - sympy.binomial(15, 3) / sympy.binomial(16, 3)
    assert exact == Fraction(3, 16) and to_sympy(exact) == closed
    rng = random.Random(11)
    hits = 0
    n = 4000
    for _ in range(n):
        s = state.clone()
        while s.is_chance_node():
            s.apply_action(boardkit.sample_chance(s, rng))
        hits += "Archer" in s.market
    assert wilson(hits, n, level=0.99).contains(exact)


def test_resolve_chance_guard():
    state = boardkit.load_game("leaders").new_initial_state()
    with pytest.raises(ValueError, match="too large"):
        resolve_chance(state, key=lambda s: 0, max_nodes=10)


def test_resolve_chance_stops_in_bounded_time():
    """A tree too large to enumerate is refused once ``seconds`` have passed (Battle Royale's
    deal took 8 minutes to reach the node bound); the bound is checked every 64 nodes, and a
    tree that fits answers the same with or without it."""
    deal = boardkit.load_game("battle_royale").new_initial_state()
    with pytest.raises(ValueError, match=r"^1e-09 s passed after 64 chance nodes with more to expand"):
        resolve_chance(deal, key=lambda s: 0, seconds=1e-9)
    for bad in (0, -1, float("nan"), "30", True):
        with pytest.raises(ValueError, match="^seconds must be a finite number > 0"):
            resolve_chance(deal, key=lambda s: 0, seconds=bad)
    start = boardkit.load_game("leaders").new_initial_state()
    key = lambda s: frozenset(s.market)  # noqa: E731
    assert resolve_chance(start, key, seconds=None) == resolve_chance(start, key)
