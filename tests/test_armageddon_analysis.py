"""Exact Armageddon analyses (boardkit.analysis.armageddon), each cross-checked by a second
method: an independent enumeration, or Monte Carlo with the engine's own walking rules within
a 4-sigma interval (ARMA-3.1, ARMA-3.2, ARMA-4.2, ARMA-4.4, ARMA-5.1, ARMA-5.4)."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

import boardkit
from boardkit.analysis.armageddon import (
    arrival_distribution, as_sympy, raid_distribution, split_count_free, split_ways,
)
from boardkit.games.armageddon import rules, usable

from arma_helpers import state

OUT3 = {"red2": "out", "red3": "out", "red4": "out"}


@pytest.mark.parametrize("n, k", [(1, 1), (6, 1), (3, 2), (6, 4), (5, 3), (0, 2)])
def test_free_split_count_is_the_number_of_weak_compositions(n, k):
    brute = sum(1 for parts in itertools.product(range(n + 1), repeat=k) if sum(parts) == n)
    assert split_count_free(n, k) == brute


def _brute_splits(s):
    """Every ordered sequence of distinct chips' shares the walking rules allow (no split
    search), those reaching the most points used: (allotments, sequences, used)."""
    g = s.game
    chips = [c for c in g.seat_chips[s.seat] if s.pos.at[c] >= 0]
    done: list[tuple[int, tuple]] = []

    def go(p, left, free, taken, total):
        extended = False
        if left > 0 and p.winner is None:
            for c, verb, k in itertools.product(free, g.verbs, range(1, left + 1)):
                try:
                    p2, ends = rules.walk(g, p, c, k, False, verb)
                except rules.Refusal:
                    continue
                extended = True
                name = g.chip_names[c] if verb == "move" else f"{verb} {g.chip_names[c]}"
                seq = taken + ((name, k),)
                if ends or p2.winner is not None:  # the turn or the game is over: every point counts (ARMA-3.4)
                    done.append((total + left, seq))
                else:
                    go(p2, left - k, [x for x in free if x != c], seq, total + k)
        if not extended:
            done.append((total, taken))

    go(s.pos, s.left, chips, (), 0)
    top = max(t for t, _ in done)
    best = [seq for t, seq in done if t == top]
    return {tuple(sorted(seq)) for seq in best}, len(best), top


@pytest.mark.parametrize("roll", range(1, 7))
def test_split_ways_agree_with_brute_force_initial(roll):
    """ARMA-3.2: the engine's legal share sequences are exactly those using the most points."""
    s = boardkit.load_game("armageddon").new_initial_state()
    s.apply_action(f"roll {roll}")
    ways = split_ways(s)
    allot, seqs, used = _brute_splits(s)
    assert (ways.allotments, ways.sequences, ways.used) == (allot, seqs, used)
    assert ways.count <= sum(split_count_free(m, 4) for m in range(1, roll + 1))  # a table stop may leave points


@pytest.mark.parametrize("pos", [
    dict(turn="aliens", roll=5, chips={"w1": "s7", "green1": "s6", "green2": "s5", "w2": "s2", "red1": "s1",
                                       "officer": "e3"}, officer_mine=True, depot=2),
    dict(turn="red", roll=6, chips={"red1": "r12", "red2": "r1", "red3": "s1", "w1": "s2", "w2": "s3"}),
    dict(turn="red", roll=4, chips={"red1": "r2", "red2": "r1", "green1": "table1", "green2": "table2",
                                    "yellow1": "table3"}),
])
def test_split_ways_agree_with_brute_force_with_blocks(pos):
    """ARMA-6.1 blocks, ARMA-3.6 overtaking, ARMA-D4 landing stop: engine splits vs brute force."""
    s = state(pos.pop("turn"), pos.pop("roll"), pos.pop("chips"), **pos)
    ways = split_ways(s)
    assert (ways.allotments, ways.sequences, ways.used) == _brute_splits(s)


def _engine_turns(s):
    """(allotments, sequences, used) of the turn on ``s`` by the engine's own legal actions
    (``take mine`` included), each sequence played until the seat's turn ends; a displaced
    chip's owner takes the first circle offered."""
    seat = s.seat
    done: list[tuple[tuple[str, int], ...]] = []

    def go(t, taken):
        while t.phase == "home":
            t.apply_action(t.legal_actions()[0])
        if t.is_terminal() or t.phase != "move" or t.seat != seat:
            done.append(tuple(sorted(taken)))
            return
        for a in t.legal_actions():
            u = t.clone()
            u.apply_action(a)
            words = str(a).split()
            item = ("take mine", 0) if words[0] == "take" else (
                (words[1], int(words[2])) if words[0] == "move" else (f"{words[0]} {words[1]}", int(words[2])))
            go(u, taken + (item,))

    go(s.clone(), ())
    return set(done), len(done), max(sum(k for _, k in a) for a in done)


@pytest.mark.parametrize("roll", range(1, 7))
def test_ARMA_5_1_split_ways_count_the_officers_mine_as_the_engine_does(roll):
    """With mine='choice' (the default) the aliens' turn may include ``take mine`` before,
    between or after shares, and the mine changes the officer's way: split_ways gives the
    engine's turns exactly (the aliens' first turn: officer on its dot circle, 3 mines)."""
    s = state("aliens", roll, {"w1": "n1_1", "w2": "n2_1", "w3": "n3_1", "officer": "dot"}, depot=3)
    assert "take mine" in [str(a) for a in s.legal_actions()]
    ways = split_ways(s)
    allot, seqs, used = _engine_turns(s)
    assert (ways.allotments, ways.sequences, ways.used) == (allot, seqs, used)
    assert any(("take mine", 0) in a for a in ways.allotments)
    without = split_ways(state("aliens", roll, {"w1": "n1_1", "w2": "n2_1", "w3": "n3_1", "officer": "dot"},
                               depot=0))  # no mine to take
    assert not any(("take mine", 0) in a for a in without.allotments)
    assert (without.allotments, without.sequences, without.used) == _engine_turns(
        state("aliens", roll, {"w1": "n1_1", "w2": "n2_1", "w3": "n3_1", "officer": "dot"}, depot=0))


def _flight(laser_off: bool):
    chips = {**OUT3, "red1": "table1"}
    if laser_off:
        chips["yellow1"] = "s5"
    return state("red", None, chips)


def _fly(s, roll):
    """red1 alone takes the roll: as many points as it can use (ARMA-3.2), by the engine."""
    g = s.game
    c = g.chip["red1"]
    k = usable.best(g, s.pos, roll, frozenset({c}), {})
    p, _ = rules.walk(g, s.pos, c, k, choose=False)
    return p


@pytest.mark.parametrize("laser", ["on", "off"])
def test_arrival_distribution_agrees_with_enumerating_every_roll_sequence(laser):
    """ARMA-4.2, ARMA-4.4: P(landed within t) and P(shot within t), t <= 4, by enumerating the
    6^t roll sequences with the engine's walk."""
    exact = arrival_distribution(start="table", laser=laser)
    s0 = _flight(laser == "off")
    g = s0.game
    land, c = g.landing, g.chip["red1"]
    for t in range(1, 5):
        landed = shot = 0
        for rolls in itertools.product(range(1, 7), repeat=t):
            s = s0.clone()
            for r in rolls:
                s.pos = _fly(s, r)
                if s.pos.at[c] in (land, rules.OUT):
                    break
            landed += s.pos.at[c] == land
            shot += s.pos.at[c] == rules.OUT
        assert Fraction(landed, 6 ** t) == exact.within(t)
        assert Fraction(shot, 6 ** t) == sum((p for u, p in exact.shot.items() if u <= t), Fraction(0))
    assert exact.p_arrive + exact.p_shot == 1
    assert (exact.p_shot == 0) == (laser == "off")


def test_arrival_probability_of_being_shot_within_monte_carlo_interval():
    """ARMA-4.2: Monte Carlo with the engine's walk, 4000 flights from home, within 4 sigma."""
    exact = arrival_distribution(start="home", laser="on")
    chips = {**OUT3}
    s0 = state("red", None, chips)
    g = s0.game
    c = g.chip["red1"]
    rng = random.Random(7)
    n, shot, turns_sum, landed = 4000, 0, 0, 0
    for _ in range(n):
        s = s0.clone()
        t = 0
        while s.pos.at[c] not in (g.landing, rules.OUT):
            s.pos = _fly(s, rng.randint(1, 6))
            t += 1
        if s.pos.at[c] == rules.OUT:
            shot += 1
        else:
            landed += 1
            turns_sum += t
    p = float(exact.p_shot)
    assert abs(shot / n - p) <= 4 * math.sqrt(p * (1 - p) / n)
    assert abs(turns_sum / landed - float(exact.mean_turns)) < 0.2
    assert as_sympy(exact.p_shot) == exact.p_shot  # sympy Rational equals the Fraction


def _raid_brute(turns, d):
    """Enumerate alien rolls and, when the officer waits on the red crossing, Earth rolls; the
    officer walks by the engine's rules (with its mine, forward: the raid model's options); red1
    waits d circles before the crossing."""
    raid = {"mine": "always", "back": "none"}
    game = boardkit.load_game("armageddon", **raid)
    g = game
    cross = g.arma.crossing_of["red"]
    wait = g.arma.trajectories["red"][g.arma.trajectories["red"].index(cross) - d] if d else None
    chips = {"red1": wait} if wait else {}
    s0 = state("aliens", None, chips, raid)
    off, red1 = g.officer, g.chip["red1"]
    by_t = [Fraction(0)] * (turns + 1)

    def go(p, t, prob):
        if t == turns:
            return
        for r in range(1, 7):
            k = usable.best(g, p, r, frozenset({off}), {})
            p2, _ = rules.walk(g, p, off, k, choose=False)
            q = prob / 6
            if p2.at[off] == g.dot and p.at[off] != g.dot:  # reached the cruiser: back home
                if p2.destroyed > p.destroyed:
                    by_t[t + 1] += q
                continue
            if wait and g.names[p2.at[off]] == cross:
                for e in range(1, 7):
                    p3 = p2
                    if e >= d:
                        p3, _ = rules.walk(g, p2, red1, e, choose=False)
                    if p3.at[off] == g.dot:
                        continue  # intercepted
                    go(p3, t + 1, q / 6)
            else:
                go(p2, t + 1, q)

    go(s0.pos, 0, Fraction(1))
    out, acc = {}, Fraction(0)
    for t in range(1, turns + 1):
        acc += by_t[t]
        out[t] = acc
    return out


def test_raid_without_interceptor_agrees_with_enumeration():
    """ARMA-5.1: within t <= 6 alien turns (at least 5 are needed: 8 circles to the pad, 13 on)."""
    exact = raid_distribution(6)
    brute = _raid_brute(6, 0)
    assert exact.within == brute
    assert exact.within[4] == 0 and exact.within[5] > 0


def test_raid_with_interceptor_agrees_with_enumeration_and_is_lower():
    """ARMA-5.4: an Earth chip waiting 3 circles before the red crossing intercepts on a 3+."""
    exact = raid_distribution(6, interceptor=("red", 3))
    assert exact.within == _raid_brute(6, 3)
    free = raid_distribution(6)
    assert exact.within[6] < free.within[6]


def test_raid_within_monte_carlo_interval_longer_horizon():
    """ARMA-5.1, ARMA-5.4: P(raid complete within 10 turns) with an interceptor 2 before the
    green crossing, Monte Carlo (engine walks, 3000 raids) within 4 sigma of the exact value."""
    exact = raid_distribution(10, interceptor=("green", 2)).within[10]
    raid = {"mine": "always", "back": "none"}  # the raid model: with its mine, forward
    g = boardkit.load_game("armageddon", **raid)
    cross = g.arma.crossing_of["green"]
    traj = g.arma.trajectories["green"]
    s0 = state("aliens", None, {"green1": traj[traj.index(cross) - 2]}, raid)
    off = g.officer
    rng = random.Random(11)
    n, ok = 3000, 0
    for _ in range(n):
        p = s0.pos
        for _t in range(10):
            r = rng.randint(1, 6)
            k = usable.best(g, p, r, frozenset({off}), g.memo)
            before = p
            p, _ = rules.walk(g, p, off, k, choose=False)
            if p.destroyed > before.destroyed:
                ok += 1
                break
            if g.names[p.at[off]] == cross:
                e = rng.randint(1, 6)
                if e >= 2:
                    break  # intercepted
    q = float(exact)
    assert abs(ok / n - q) <= 4 * math.sqrt(q * (1 - q) / n)
