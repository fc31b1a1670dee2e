"""Armageddon's rollout draw (``sample_legal_action``, usable.draw): every legal share is drawn
with the same chance, judged by the same ARMA-3.2 search as ``legal_actions``.

The draw picks one candidate index with ``rng.randrange(N)`` and keeps it when the search
passes it. A fixed "rng" that answers one index shows what each index gives: every legal
action must be given by exactly one index and no index may give an illegal one. Then each
draw gives each legal action with the same chance, so the action kept is uniform.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import scipy.stats

import boardkit
from boardkit.core.playout import sample_chance
from boardkit.games.armageddon import rules, usable
from boardkit.games.armageddon.actions import VERB_OF
from boardkit.games.armageddon.state import MOVE
from arma_helpers import decisions
from draw_helpers import OneIndex


def _move_states(game: boardkit.Game, seed: int, games: int):
    rng = random.Random(seed)
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
                continue
            if s.phase == MOVE:
                yield s
            acts = s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])


def _each_index(s) -> tuple[Counter, int]:
    """What each candidate index gives, drawn once with a fresh search memo: a Counter of
    action texts, and the number of indices."""
    g = s.game
    take = int("take mine" in map(str, s.legal_actions()))
    probe = OneIndex(0)
    usable.draw(g, s.pos, s.left, s.movable(), {}, probe, take, tries=1)
    n = probe.n
    got: Counter = Counter()
    for i in range(n):
        out = usable.draw(g, s.pos, s.left, s.movable(), {}, OneIndex(i), take, tries=1)
        if out is not None:
            got["take mine" if isinstance(out, int) else str(s._share_action(*out))] += 1
    return got, n


@pytest.mark.parametrize("options", [{}, {"back": "none"}, {"displace": "forced"}], ids=["seed", "back-none", "displace-forced"])
def test_ARMA_3_2_rollout_draw_gives_each_legal_share_by_exactly_one_index(options):
    game = boardkit.load_game("armageddon", **options)
    positions = refused = takes = 0
    for s in _move_states(game, seed=7, games=2 if options else 4):
        got, n = _each_index(s)
        legal = [str(a) for a in s.legal_actions()]
        assert got == Counter(legal), s.to_position()
        positions += 1
        refused += n - len(legal)
        takes += "take mine" in legal
    assert positions > 300
    assert refused > 0  # the search refuses candidates (ARMA-3.2, walk's refusals) in these games
    if not options:
        assert takes > 0  # ARMA-5.1: the officer's mine is among the candidates when he may take it


def test_ARMA_3_2_sample_legal_action_is_legal_and_falls_back_to_the_list(monkeypatch):
    game = boardkit.load_game("armageddon")
    rng = random.Random(3)
    for s in _move_states(game, seed=11, games=1):
        legal = s.legal_actions()
        a = s.sample_legal_action(rng)
        assert a in legal
        if str(a) != "take mine":
            assert any(a is b for b in legal)  # the game's own action object
    # every draw refused (tries=0): the state draws from the whole list, one randrange
    monkeypatch.setattr(usable, "TRIES", 0)
    s = next(_move_states(game, seed=11, games=1))
    legal = s.legal_actions()
    r1, r2 = random.Random(5), random.Random(5)
    assert s.sample_legal_action(r1) == legal[r2.randrange(len(legal))]


def test_ARMA_3_2_rollout_draw_is_uniform_in_frequency():
    # a second view of the same property: 3,000 draws at a position with several legal shares
    game = boardkit.load_game("armageddon")
    s = next(st for st in _move_states(game, seed=2, games=1) if len(st.legal_actions()) >= 6)
    legal = [str(a) for a in s.legal_actions()]
    rng = random.Random(0)
    counts = Counter(str(s.sample_legal_action(rng)) for _ in range(3000))
    assert set(counts) == set(legal)
    expected = 3000 / len(legal)
    chi2 = sum((counts[a] - expected) ** 2 / expected for a in legal)
    assert chi2 < scipy.stats.chi2.ppf(0.999, len(legal) - 1), (chi2, counts)  # seeded: the same figure every run


@pytest.mark.parametrize("options", [{}, {"back": "none"}, {"displace": "forced"}], ids=["seed", "back-none", "displace-forced"])
def test_ARMA_3_2_a_turn_goes_on_exactly_when_the_search_finds_a_usable_point(options):
    """The end-of-turn test (usable.any_share: some chip has a legal walk of 1 .. r points) is
    best() > 0, found by the full search, at every move of seeded games and for every set of
    chips and points a share could leave: the turn ends when, and only when, no point is usable."""
    game = boardkit.load_game("armageddon", **options)
    g = game
    seen = ends = 0
    for s in _move_states(game, seed=5, games=3):
        movable = s.movable()
        for r in range(0, s.left + 1):
            for drop in [None, *sorted(movable)]:
                chips = movable - {drop} if drop is not None else movable
                full = usable.best(g, s.pos, r, chips, {}) > 0
                assert usable.any_share(g, s.pos, r, chips, {}) == full, (s.to_position(), r, sorted(chips))
                seen += 1
                ends += not full
    assert seen > 1000 and ends > 100  # both answers met, not only the easy one


@pytest.mark.parametrize("options", [{}, {"two_on_one": "penalty"}], ids=["seed", "two-on-one-penalty"])
def test_ARMA_3_2_a_shares_value_is_what_the_rest_of_the_turn_can_use_after_it(options):
    """The value the ARMA-3.2 search gives a share (the points it and the best rest of the
    turn use) is, at every share of seeded random games, what the state reached by the share
    says: every point when the game ends or the share ends the turn (ARMA-3.4), else its points
    plus the points still usable after it (none when the turn has passed). A share that shoots
    a chip of one's own side down (ARMA-4.3) or, with two_on_one, takes it out (ARMA-3.5) leaves
    that chip no point of the rest."""
    game = boardkit.load_game("armageddon", **options)
    g = game
    checked = passed = 0
    for s, rng in decisions(game, range(12)):
        acts = s.legal_actions()
        action = acts[rng.randrange(len(acts))]
        if s.phase == MOVE and str(action) != "take mine":
            c, k, verb, r = g.chip[action.chip], action.points, VERB_OF[type(action)], s.left
            memo: dict = {}
            v = usable._value(g, s.pos, r, s.movable(), memo, c, k, verb, None, usable._table(s.pos, r, memo))
            after = s.clone()
            after.memo = {}
            after.apply_unchecked(action)
            if not after.pos.pending:  # a displaced chip's owner chooses its circle: the search took the first
                if after.pos.winner is not None or k == r or rules.walk(g, s.pos, c, k, True, verb)[1]:
                    expect = r  # the end, or no point left: the share accounts for every one (ARMA-3.4)
                elif after.seat == s.seat and after.phase == "move":
                    expect = k + after.usable()
                else:  # the turn passed: no point of the rest was usable
                    expect = k
                    passed += 1
                assert v == expect, (s.to_position(), str(action))
                checked += 1
        s.apply_unchecked(action)
    assert checked > 400 and passed > 0, (checked, passed)  # shares with a usable rest and without one


@pytest.mark.parametrize("options", [{}, {"two_on_one": "penalty"}, {"displace": "forced"}],
                         ids=["seed", "two-on-one-penalty", "displace-forced"])
def test_ARMA_3_2_after_a_share_the_turn_goes_on_exactly_as_the_shares_value_says(options):
    """After a share the turn goes on when a point of the rest is usable (ARMA-3.2). The state
    reads that from the share's value when the search found it (usable.rest_usable: the value
    is above the share's points exactly when the rest is usable) and asks usable.any_share
    otherwise. At every share of seeded games, drawn by the rollout draw or from the listing,
    the state reached is the one a state without the search's memo reaches (any_share asked),
    and the value told both answers many times."""
    game = boardkit.load_game("armageddon", **options)
    g = game
    told: Counter = Counter()
    for s, rng in decisions(game, range(16)):
        if s.phase == MOVE and rng.random() < 0.5:
            action = s.sample_legal_action(rng)  # values the shares it draws only
        else:
            acts = s.legal_actions()  # values every share
            action = acts[rng.randrange(len(acts))]
        if s.phase == MOVE and type(action) in VERB_OF:
            c, k, verb = g.chip[action.chip], action.points, VERB_OF[type(action)]
            said = usable.rest_usable(usable.found(s.pos, s.left, s.memo), s.movable(), c, k, verb)
            rest = s.left - k
            if rules.walk(g, s.pos, c, k, False, verb, None, False)[1] == rules.TABLE:
                rest = 0  # ARMA-3.4: the turn ends
            seat, turns = s.seat, s.turns
            fresh = s.clone()
            fresh.memo = {}  # nothing valued: the state asks any_share
            fresh.apply_unchecked(action)
            s.apply_unchecked(action)
            assert s.position_key() == fresh.position_key(), (str(action), said)
            if said is not None and rest > 0 and s.pos.winner is None and not s.pos.pending:
                assert said == (s.seat == seat and s.turns == turns), str(action)  # the turn goes on
                told[said] += 1
            continue
        s.apply_unchecked(action)
    assert told[True] > 200 and told[False] >= 5, told  # both answers told by the value


@pytest.mark.parametrize("options", [{}, {"back": "none"}, {"mine": "always"}], ids=["seed", "back-none", "mine-always"])
def test_ARMA_3_7_the_search_keeps_a_walks_span_by_what_decides_it(options):
    """The search keeps the span of a forward or back walk (ARMA-D6: the path's end; ARMA-3.7:
    back only on the ship's circles) per game, by the chip, its circle and the officer's mine:
    at every move of seeded games, for every chip and number of points, what it gives is what
    rules.span works out from the whole position."""
    game = boardkit.load_game("armageddon", **options)
    g = game
    kept = 0
    for s in _move_states(game, seed=4, games=3):
        for c in range(len(g.chip_names)):
            for verb in ("move", "back"):
                for r in range(1, 7):
                    assert usable._span(g, s.pos, {}, c, verb, r) == rules.span(g, s.pos, c, verb, r, False), (
                        s.to_position(), c, verb, r)
                    kept += 1
    assert len(g.span_memo) > 50 and kept > 10_000, (len(g.span_memo), kept)
