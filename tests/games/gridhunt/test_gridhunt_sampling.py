"""Gridhunt's rollout draw (``sample_legal_action``, legality.draw_order): every legal order is
drawn with the same chance, judged by the same predicates as ``legal_actions`` (GRID-1.4,
GRID-3.1, GRID-3.3, GRID-3.5, GRID-4.1, GRID-4.2, GRID-D13, GRID-D19 .. GRID-D21).

A move is drawn as one index among every path from the seat's cell (walls ignored), plus
``move none`` with ``may_stay``; the index is kept when its order is legal, else another is
drawn. A fixed "rng" that answers one index shows what each index gives: every legal order must
be given by exactly one index and no index may give an illegal one. Then each draw gives each
legal order with the same chance, so the order kept is uniform. A shot is one index among the
shot orders themselves, so the same check applies with no index refused.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import scipy.stats

import boardkit
from boardkit.core.playout import random_step, sample_chance
from boardkit.games.gridhunt import legality

from draw_helpers import OneIndex
from gridhunt_clause_support import position

#: Option sets that reach every branch of the draw: teammates known (GRID-1.4, shared vision and
#: beacons), staying allowed (GRID-D20), known walls accepted (GRID-D21), shots closed at wall
#: corners (GRID-D22), a blocked seat's lost shot (GRID-D19), orders given at once (GRID-D6), and a
#: crowded small grid where seats are boxed in (GRID-D13).
OPTIONS = {
    "seed": {},
    "teams": {"teams": 2},
    "teams-no-sharing": {"teams": 4, "team_shares_vision": False, "beacon": 12},
    "may-stay": {"may_stay": True, "teams": 2},
    "walls-stopped": {"wall_orders": "stopped"},
    "corner-walls": {"corner_walls": "block", "walls": 24, "attack": 16},
    "mine-blocks-shot": {"mine_blocks_shot": True, "mines": 20},
    "simultaneous": {"turn_order": "simultaneous", "teams": 2},
    "crowded": {"size": 4, "walls": 7, "mines": 1, "vision": 0, "attack": 1, "beacon": 0, "shield": 0, "teams": 2,
                "line_directions": 4},
}


def _decisions(game: boardkit.Game, seed: int, games: int):
    """``(state, seat)`` at each order of seeded random games (every seat to act, at once too)."""
    rng = random.Random(seed)
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
                continue
            movers = s.current_players()
            for p in movers:
                yield s, p
            p = movers[rng.randrange(len(movers))]
            acts = s.legal_actions(p)
            s.apply_action(acts[rng.randrange(len(acts))], player=p if len(movers) > 1 else None)


def _each_index(s, p) -> tuple[Counter, int | None]:
    """What each index of one draw gives: a Counter of the orders kept, and the number of
    indices (None when the seat has one order, given without a draw)."""
    probe = OneIndex(0)
    first = legality.draw_order(s, p, probe, tries=1)
    if probe.n is None:
        return Counter([str(first)]), None
    got: Counter = Counter()
    for i in range(probe.n):
        out = legality.draw_order(s, p, OneIndex(i), tries=1)
        if out is not None:
            got[str(out)] += 1
    return got, probe.n


@pytest.mark.parametrize("name", OPTIONS)
def test_GRID_3_1_rollout_draw_gives_each_legal_order_by_exactly_one_index(name):
    game = boardkit.load_game("gridhunt", **OPTIONS[name])
    seen: Counter = Counter()
    games = 20 if name == "crowded" else 1 if name == "simultaneous" else 2
    for k, (s, p) in enumerate(_decisions(game, seed=3, games=games)):
        if k % 3 and legality.shooting(s):
            continue  # every move, a third of the shots: the run stays short
        got, n = _each_index(s, p)
        legal = [str(a) for a in s.legal_actions(p)]
        if n is not None and not got:  # boxed in (GRID-D13): every path refused, the list's one order
            assert legal == ["move none"], (name, s.to_position(), p)
            seen["boxed in"] += 1
            continue
        assert got == Counter(legal), (name, s.to_position(), p)
        seen["shot" if legality.shooting(s) else "move"] += 1
        seen["one order"] += n is None
        seen["refused"] += (n or 0) > len(legal)
    assert seen["move"] > 50 and seen["shot"] > 20, seen
    if game.teams is not None or game.options.wall_orders == "refused":
        assert seen["refused"] > 10, seen  # paths into known walls (GRID-3.3) or onto known teammates (GRID-1.4)
    if name in ("mine-blocks-shot", "crowded"):
        assert seen["one order"] > 0, seen  # GRID-3.5 / GRID-D19: a blocked seat's one order


@pytest.mark.parametrize("name", OPTIONS)
def test_GRID_3_1_every_order_drawn_is_legal_and_the_games_own(name):
    game = boardkit.load_game("gridhunt", **OPTIONS[name])
    rng = random.Random(5)
    n = 0
    for s, p in _decisions(game, seed=9, games=20 if name == "crowded" else 2):
        legal = s.legal_actions(p)
        for _ in range(3):
            a = s.sample_legal_action(rng, p)
            assert any(a is b for b in legal), (name, str(a), s.to_position(), p)
            n += 1
    assert n > 300
    # rollouts: every action random_step applies is legal where it is applied
    for seed in range(3):
        s, r = game.new_initial_state(), random.Random(seed)
        while not s.is_terminal():
            if s.current_players() and len(s.current_players()) > 1:
                p = s.current_players()[0]
                a = s.sample_legal_action(r, p)
                assert a in s.legal_actions(p)
                s.apply_action(a, player=p)
                continue
            before = s.clone()
            a = random_step(s, r)
            assert a in before.legal_actions(), (name, str(a))


def test_GRID_D13_refused_draws_fall_back_to_the_list(monkeypatch):
    """With every draw refused (no tries), a move is drawn from the whole list with one randrange."""
    game = boardkit.load_game("gridhunt")
    s, p = next((s, p) for s, p in _decisions(game, seed=11, games=1) if s.phase == "move" and not s.idle[p])
    monkeypatch.setattr(legality, "TRIES", 0)
    legal = s.legal_actions(p)
    r1, r2 = random.Random(5), random.Random(5)
    assert s.sample_legal_action(r1, p) is legal[r2.randrange(len(legal))]
    assert r1.getstate() == r2.getstate()


def test_GRID_D13_a_boxed_in_seat_refuses_every_index_and_stays():
    walled = position({0: "a1"}, cells={"wall": ["a2", "b1"]}, public={"walls": ["a2", "b1"]})
    got, n = _each_index(walled, 0)
    assert not got and n == len(walled.game.all_moves(0))  # every path enters a known wall (GRID-3.3)
    assert str(walled.sample_legal_action(random.Random(0))) == "move none"
    # GRID-1.4: a pocket whose one other cell holds a teammate the seat knows of
    mate = position({0: "a1", 2: "b1"}, cells={"wall": ["a2", "c1", "b2"]}, public={"walls": ["a2", "c1", "b2"]},
                    options={"teams": 2})
    got, n = _each_index(mate, 0)
    assert not got and n and [str(a) for a in mate.legal_actions()] == ["move none"]
    assert str(mate.sample_legal_action(random.Random(0))) == "move none"


def _uniform(s, p, draws: int, seed: int) -> None:
    """Draw ``draws`` orders and compare their counts with the uniform law: a chi-square test at
    the 0.999 level (seeded: the same figure every run, it cannot flake)."""
    legal = [str(a) for a in s.legal_actions(p)]
    rng = random.Random(seed)
    counts = Counter(str(s.sample_legal_action(rng, p)) for _ in range(draws))
    assert set(counts) == set(legal)
    expected = draws / len(legal)
    chi2 = sum((counts[a] - expected) ** 2 / expected for a in legal)
    assert chi2 < scipy.stats.chi2.ppf(0.999, len(legal) - 1), (chi2, len(legal))


@pytest.mark.parametrize("name", ["seed", "teams", "may-stay"])
def test_GRID_3_1_rollout_draw_is_uniform_in_frequency(name):
    # a second view of the same property: many draws at a move with refused paths, and at a shot
    game = boardkit.load_game("gridhunt", **OPTIONS[name])
    move = shot = None
    for s, p in _decisions(game, seed=2, games=1):
        if move is None and s.phase == "move" and not s.idle[p]:
            got, n = _each_index(s, p)
            if n is not None and n > sum(got.values()) and len(got) < 300:
                move = s.clone(), p
        if shot is None and s.phase == "shot" and len(s.legal_actions(p)) >= 4:
            shot = s.clone(), p
        if move and shot:
            break
    assert move and shot
    _uniform(*move, draws=40 * len(move[0].legal_actions(move[1])), seed=1)
    _uniform(*shot, draws=4000, seed=1)
