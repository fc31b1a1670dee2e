"""What the search keeps of Armageddon's walks, and the shortcuts the state takes with it, give
what the whole walk gives: a walk's verdict over empty circles kept per game (usable._path,
``game.look_memo``), a quiet share played by its arrival alone (rules.arrive), and the end of
the game looked for only when a chip has left it (rules._arrive, ARMA-1.4)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import boardkit
from boardkit.core.paths import DATA_DIR
from boardkit.core.playout import random_steps
from boardkit.games.armageddon import rules, usable
from boardkit.games.armageddon.actions import VERB_OF
from boardkit.games.armageddon.state import MOVE
from arma_helpers import decisions

OPTIONS = [{}, {"back": "none"}, {"displace": "forced"}, {"two_on_one": "penalty"}, {"mine": "always"},
           {"colours": "red green", "empty_gk_wins": True, "aliens_win": "count"}]
IDS = ["seed", "back-none", "displace-forced", "two-on-one-penalty", "mine-always", "two-colours-count"]


def _verdict(g, p, c, k, verb, bounds):
    """The verdict of the whole walk, as usable._look gives it (nothing kept)."""
    try:
        p1, stop = rules.walk(g, p, c, k, False, verb, bounds, False)
    except rules.Refusal as refusal:
        return refusal.clause, refusal.reason
    return usable._ENDS if stop == rules.TABLE else usable._LOUD if p1 is not p or verb == "spare" else stop


def _positions(game, seeds, steps=37):
    """Moves of seeded random games, every ``steps`` random actions (played by the rollout's
    random_steps, so the game's memo fills as in a search)."""
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_initial_state()
        while random_steps(s, rng, steps) == steps:
            if s.phase == MOVE:
                yield s


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_ARMA_D4_the_search_keeps_a_walks_verdict_over_empty_circles(options):
    """A forward or back walk over empty circles is refused or stops for reasons of the board
    alone (ARMA-D4: past the landing point; ARMA-5.6: a warrior onto the dot circle; ARMA-5.1:
    the officer past the pad), so the search keeps its verdict per game by the chip, its circle,
    the points, the verb and the officer's mine, and reads it whenever those circles are empty
    again. At moves of seeded games, for every chip of the side to move, verb and points within
    its span, the verdict read is the whole walk's, refusal text and all; the kept verdicts were
    read hundreds of times and include refusals of ARMA-D4."""
    game = boardkit.load_game("armageddon", **options)
    g = game
    told = Counter()
    for _ in range(2):  # the second pass reads what the first kept
        for n, s in enumerate(_positions(game, range(1000))):
            if n == 300:  # moves of a dozen games with the seed's rules; more where games are short
                break
            p, r = s.pos, s.left
            for c in s.movable():
                for verb in g.verbs:
                    bounds = rules.span(g, p, c, verb, r, False)
                    for k in range(max(bounds[0], 1), min(r, bounds[1]) + 1):
                        kept = g.look_memo.get((c, k, verb, p.at[c], p.mine), (None, None))[1]
                        got = usable._look(g, p, {}, c, k, verb, bounds)
                        assert got == _verdict(g, p, c, k, verb, bounds), (s.to_position(), c, k, verb)
                        if kept is not None and got == kept:
                            told["kept refusal" if type(got) is tuple else "kept stop"] += 1
                            if type(got) is tuple and got[0] == "ARMA-D4":
                                told["ARMA-D4"] += 1
    assert told["kept stop"] > 300 and told["kept refusal"] > 30 and told["ARMA-D4"] > 0, told


def test_ARMA_D4_a_walk_with_a_chip_on_its_way_is_walked():
    """The verdict over empty circles is read only when they are empty: with a chip on one of
    them the walk decides (here an own chip on the last circle refuses the share, ARMA-3.5,
    where the kept verdict over empty circles is a stop)."""
    game = boardkit.load_game("armageddon")
    g = game
    for s in _positions(game, range(40), steps=11):
        p, r = s.pos, s.left
        for c in s.movable():
            bounds = rules.span(g, p, c, "move", r, False)
            for k in range(max(bounds[0], 1), min(r, bounds[1]) + 1):
                nodes = g.look_memo.get((c, k, "move", p.at[c], p.mine), (None, None))[0]
                if not nodes or p.occ[nodes[-1]] < 0 or any(p.occ[n] >= 0 for n in nodes[:-1]):
                    continue
                if (rules.EARTH == g.kind[p.occ[nodes[-1]]]) != (rules.EARTH == g.kind[c]):
                    continue  # an enemy chip: a displacement
                got = usable._look(g, p, {}, c, k, "move", bounds)
                assert got == _verdict(g, p, c, k, "move", bounds)
                assert type(got) is tuple and got[0] == "ARMA-3.5", got
                return
    pytest.fail("no share ending on an own chip over otherwise empty circles was found")


def _decisions(game, seeds):
    """Each decision of seeded games, drawn by the rollout draw (sample_legal_action) and played
    unchecked, chance drawn by sample_chance: yields ``(state, action, share)`` before the
    action is applied (``share``: its ``(chip, points, verb)`` when it is one, else None), and
    ``(state, None, None)`` once each game is over."""
    g = game
    for s, rng in decisions(game, seeds, ends=True):
        if rng is None:
            yield s, None, None
            continue
        action = s.sample_legal_action(rng)
        share = None
        if s.phase == MOVE and type(action) in VERB_OF:
            share = g.chip[action.chip], action.points, VERB_OF[type(action)]
        yield s, action, share
        s.apply_unchecked(action)


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_ARMA_3_1_a_quiet_share_is_played_by_its_arrival_alone(options):
    """A share whose walk the search found quiet (no chip met, nothing changed on the way:
    usable.quiet_stop) is played by its arrival alone (rules.arrive): at every such share of
    seeded games the position is the whole walk's in every field, the events included, and the
    arrival's own rules fired among them (ARMA-4.2 the laser, ARMA-4.4 the landing)."""
    game = boardkit.load_game("armageddon", **options)
    g = game
    told = Counter()
    for s, action, share in _decisions(game, range(10)):
        if share is None:
            continue
        c, k, verb = share
        stop = usable.quiet_stop(usable.found(s.pos, s.left, s.memo), c, k, verb)
        if stop is not None:
            whole, ends = rules.walk(g, s.pos, c, k, True, verb)
            short = rules.arrive(g, s.pos, c, stop, verb)
            assert not ends
            for slot in rules.Pos.__slots__:
                assert getattr(short, slot) == getattr(whole, slot), (slot, str(action), s.to_position())
            told["quiet"] += 1
            told["laser"] += any("laser" in e for e in whole.events)
            told["landing"] += whole.skip != s.pos.skip
    assert told["quiet"] > 300, told
    if options.get("colours") is None:
        assert told["landing"] > 0, told


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_ARMA_1_4_the_end_is_looked_for_as_a_chip_leaves_the_game(options):
    """A walk looks for the aliens' win (ARMA-1.4) only when a chip left the game on it; at
    every share of seeded games, the game's end test run on the walk's position anyway finds
    nothing more, and games end by ARMA-1.4."""
    game = boardkit.load_game("armageddon", **options)
    g = game
    ends = Counter()
    for s, action, share in _decisions(game, range(12)):
        if action is None:
            ends[s.pos.clause] += 1
        elif share is not None:
            p, _ = rules.walk(g, s.pos, *share[:2], True, share[2])
            again = p.copy()
            rules._check_end(g, again)
            assert (again.winner, again.clause) == (p.winner, p.clause), (str(action), s.to_position())
    assert ends["ARMA-1.4"] > 0, ends


def test_ARMA_7_2_a_position_changed_in_place_is_searched_by_its_new_key():
    """The search keeps its tables by the position's key, which the position keeps once asked;
    a displaced chip placed on its circle (ARMA-7.2, the owner's choice or the one free
    circle) changes the position in place, and its key follows: at every decision of seeded
    games (and at their ends) the key kept is the one the position's fields give."""
    game = boardkit.load_game("armageddon")
    placed = 0
    for s, action, _ in _decisions(game, range(12)):
        p = s.pos
        assert p.key() == (tuple(p.at), p.mine, p.depot, p.destroyed, p.winner), s.to_position()
        if action is not None:
            placed += str(action).startswith("home")
            s.legal_actions()  # the listing asks the key
    assert placed > 5, placed


def test_ARMA_9_games_of_the_same_options_and_data_share_the_walk_tables(tmp_path):
    """The walk tables (spans, verdicts over empty circles) follow from the options and the data
    file alone (ARMA-9): games loaded with the same ones share them, and a game of other
    options or of a data file of other content has its own. What a shared table holds is what
    the whole walk gives (test_ARMA_D4_the_search_keeps_a_walks_verdict_over_empty_circles)."""
    a, b = boardkit.load_game("armageddon", max_turns=40), boardkit.load_game("armageddon", max_turns=40)
    assert a is not b and a.look_memo is b.look_memo and a.span_memo is b.span_memo
    for other in (boardkit.load_game("armageddon", max_turns=41), boardkit.load_game("armageddon", back="none"),
                  boardkit.load_game("armageddon", max_turns=40, data="v1")):
        assert other.look_memo is not a.look_memo and other.span_memo is not a.span_memo
    text = (DATA_DIR / "armageddon" / "default.yaml").read_text()
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    one.write_text(text)
    two.write_text(text)
    same = [boardkit.load_game("armageddon", data=str(f)) for f in (one, two)]
    assert same[0].look_memo is not a.look_memo  # named by its path and content, not as the packaged file
    assert "\nmines: 3\n" in text
    two.write_text(text.replace("\nmines: 3\n", "\nmines: 2\n"))
    changed = boardkit.load_game("armageddon", data=str(two))
    assert changed.look_memo is not same[0].look_memo
