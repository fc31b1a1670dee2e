"""Position valuations for the Marabunta split analysis (boardkit.analysis.marabunta), checked
against a plain exhaustive search through the public State API (no deduplication of
placements) and against the slow paths of boardkit.analysis.splits. Clauses: MARA-3.2,
MARA-3.3, MARA-8.2, MARA-D5, MARA-10."""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardkit
from boardkit.analysis import marabunta as M
from boardkit.analysis.splits import TILE, AdditiveValuation, analyse_split, splitter_expected_value

GAME = boardkit.load_game("marabunta")
ROLL = {"yellow": 1, "orange": 2, "green": 3, "teal": 2, "purple": "circle", "brown": "crate"}
MIDGAME = {
    "round": 4, "splitter": "red", "tiles_left": ["zero", "cross2", "again"],
    "fields": {"b4": "red 3", "b5": "red 1", "c4": "blue 2", "h6": "blue 2", "i6": "red 1", "d7": "blue 3",
               "e7": "red 2"},
    "sheets": {"teal": [3, 2], "yellow": [2, 4]},
    "players": {"red": {"crates": {"points": 2}}, "blue": {"crates": {"onetwo": 1, "ones": 2}}},
    "tile": "one", "roll": ROLL,
}


def position(**changes):
    return GAME.state_from_position({**MIDGAME, **changes})


def margin(state, p):
    s = state.scores()
    return s[p]["total"] - s[1 - p]["total"]


def carrying(state, player, element):
    """The state with ``player`` as chooser carrying out a pool of ``element`` alone, reached
    through public split/take actions."""
    s = state.clone()
    assert s.chooser == player
    if element == TILE:
        s.apply_action("split tile")
        s.apply_action("take tile")
    else:
        s.apply_action("split " + " ".join(c for c in GAME.regions if c != element[0]) + " tile")
        s.apply_action("take " + element[0])
    assert s.face(element[0]) == element[1] if element != TILE else True
    return s


def pool_done(st, player):
    return st.current_player() != player or st.is_terminal() or st.phase != "pool"


def exhaustive_gain(state, player, element):
    """The best margin change over every action sequence (public API, no shortcut)."""
    s = carrying(state, player, element)
    base = margin(s, player)

    def best(st):
        if pool_done(st, player):
            return margin(st, player) - base
        return max(best(st.child(a)) for a in st.legal_actions())

    return best(s)


def policy_gain(state, player, element):
    """The module's stated policy, written again with the public API: every first action;
    later crate/circle choices every way; later field choices greedily (best margin right
    after, ties to the first in notation order)."""
    s = carrying(state, player, element)
    base = margin(s, player)

    def later(st):
        while not pool_done(st, player):
            acts = st.legal_actions()
            if all("crate" in str(a).split() or "circle" in str(a).split() for a in acts):
                return max(later(st.child(a)) for a in acts)
            children = [st.child(a) for a in acts]
            top = max(margin(c, player) for c in children)
            st = next(c for c in children if margin(c, player) == top)
        return margin(st, player) - base

    return max(later(s.child(a)) for a in s.legal_actions())


ELEMENTS = [("yellow", "1"), ("orange", "2"), ("green", "3"), ("teal", "2"), ("purple", "circle"),
            ("brown", "crate"), TILE]


@pytest.mark.parametrize("element", ELEMENTS)
@pytest.mark.parametrize("splitter,tile", [("red", "one"), ("blue", "zeros2"), ("red", "crates2")])
def test_MARA_10_element_gain_follows_its_stated_policy(element, splitter, tile):
    s = position(splitter=splitter, tile=tile)
    chooser = s.chooser
    assert M.element_gain(s, chooser, element) == policy_gain(s, chooser, element)


SIMPLE = {**MIDGAME, "players": {"red": {"crates": {"points": 2}}, "blue": {"crates": {"onetwo": 1}}}}


@pytest.mark.parametrize("element", ELEMENTS)
def test_MARA_10_element_gain_never_above_best_play_and_equal_here(element):
    """On a position whose later parts are short, the policy finds the best play."""
    s = GAME.state_from_position(SIMPLE)
    gain = M.element_gain(s, 1, element)
    assert gain == exhaustive_gain(s, 1, element)


def test_MARA_10_gains_see_power_unlocks_and_region_flips():
    s = position(splitter="blue")  # red chooses
    # a crate completes red's points group (2 of 3 crossed): +3 points (MARA-7.1, MARA-D10)
    assert M.element_gain(s, 0, ("brown", "crate")) == 3
    assert M.element_gain(s, 0, ("brown", "crate")) == exhaustive_gain(s, 0, ("brown", "crate"))
    # blue leads yellow 2-1 with 4 circles; red's 1 next to its i6 ties it: blue loses 4; the
    # crate field j6 then completes red's points group: 7 in all
    assert M.element_gain(s, 0, ("yellow", "1")) == 7
    # a circle on a sheet of a region nobody wins changes nothing now
    assert M.element_gain(s, 0, ("purple", "circle")) == 0


def test_MARA_D5_again_tile_repeats_the_best_die_of_its_pool():
    s = position(tile="again", tiles_left=["zero", "cross2", "one"])
    v = M.position_valuation(s, [(c, f) for c, f in zip(GAME.regions, s.dice)] + [TILE])
    assert not isinstance(v, AdditiveValuation)
    y, o = ("yellow", "1"), ("orange", "2")
    gy = M.element_gain(s, s.chooser, y)
    go = M.element_gain(s, s.chooser, o)
    assert v("chooser", (y, o, TILE)) == gy + go + max(gy, go)
    assert v("chooser", (TILE,)) == 0
    assert M.element_gain(s, s.chooser, TILE) == 0  # alone it repeats nothing
    assert M.element_gain(s, s.chooser, TILE, with_die=y) == gy


def test_MARA_3_2_analyse_position_equals_callable_enumeration():
    s = position()
    a = M.analyse_position(s)
    gains = {p: {e: M.element_gain(s, p, e) for e in [(c, f) for c, f in zip(GAME.regions, s.dice)] + [TILE]}
             for p in (0, 1)}

    def value(role, pool):
        p = s.chooser if role == "chooser" else s.splitter
        return sum((gains[p][e] for e in pool), Fraction(0))

    b = analyse_split(tuple(s.dice), value, tile="one")
    assert (a.value, a.runner_up, a.ties) == (b.value, b.runner_up, b.ties)
    assert len(a.rows) == 63
    # max-min by hand: for each split the chooser takes the better pool for it
    by_hand = []
    for row in a.rows:
        pa, pb = row.chooser_pool, row.splitter_pool
        by_hand.append(-(value("chooser", pa) - value("splitter", pb)))
    assert max(by_hand) == a.value


def test_MARA_3_3_position_expected_value_fast_equals_brute():
    s = position()
    v = M.position_valuation(s)
    assert isinstance(v, AdditiveValuation)
    fast = M.position_expected_value(s)
    assert fast == splitter_expected_value(v, tile="one", method="brute")
    assert isinstance(fast, Fraction)


def test_analysis_refuses_bad_input():
    s = position()
    with pytest.raises(ValueError, match="state: a marabunta state, not a state of leaders"):
        M.element_gain(boardkit.load_game("leaders").new_initial_state(), 0, TILE)
    with pytest.raises(ValueError, match="player is 0"):
        M.element_gain(s, 2, TILE)
    with pytest.raises(ValueError, match="not 'pink'"):
        M.element_gain(s, 0, "pink")
    with pytest.raises(ValueError, match="no tile"):
        M.element_gain(GAME.state_from_position({}), 0, TILE)
    with pytest.raises(ValueError, match="not at a split"):
        M.analyse_position(GAME.state_from_position({"tile": "one"}))
    before = s.observation(None)
    M.analyse_position(s)
    assert s.observation(None) == before  # the analysis leaves the position alone


def test_MARA_8_3_fast_totals_equal_scores_along_random_games():
    import random

    for seed in range(5):
        rng = random.Random(seed)
        s = GAME.new_initial_state()
        while not s.is_terminal():
            s.apply_action(boardkit.sample_chance(s, rng) if s.is_chance_node()
                           else rng.choice(s.legal_actions()))
            assert s.totals() == [x["total"] for x in s.scores()]
        assert s.totals() != [0, 0]


def test_MARA_9_renamed_regions_are_analysed_in_the_games_names(tmp_path):
    """A data file that renames the regions (and its map's sets) plays, and the split analysis
    speaks its names: same numbers as the default names, colours renamed."""
    import yaml

    from boardkit.core.paths import DATA_DIR

    rename = dict(zip(GAME.regions, ("sun", "fox", "moss", "sea", "plum", "bark")))
    data = yaml.safe_load((DATA_DIR / "marabunta" / "default.yaml").read_text(encoding="utf-8"))
    board = yaml.safe_load((DATA_DIR / "boards" / "marabunta.yaml").read_text(encoding="utf-8"))
    data["regions"] = [rename[r] for r in data["regions"]]
    data["map"] = "map.yaml"
    board["sets"] = {rename.get(k, k): v for k, v in board["sets"].items()}
    (tmp_path / "map.yaml").write_text(yaml.safe_dump(board, sort_keys=False), encoding="utf-8")
    (tmp_path / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    game = boardkit.load_game("marabunta", data=str(tmp_path / "data.yaml"))
    assert game.regions == ("sun", "fox", "moss", "sea", "plum", "bark")
    renamed = game.state_from_position({**MIDGAME, "sheets": {rename[c]: v for c, v in MIDGAME["sheets"].items()},
                                        "roll": {rename[c]: v for c, v in ROLL.items()}})
    a, b = M.analyse_position(position()), M.analyse_position(renamed)
    assert (b.value, b.runner_up, b.ties) == (a.value, a.runner_up, a.ties)
    assert {c for row in b.rows for e in row.chooser_pool if e != TILE for c in [e[0]]} <= set(game.regions)
    assert [len(r.chooser_pool) for r in b.rows] == [len(r.chooser_pool) for r in a.rows]
    assert M.position_expected_value(renamed) == M.position_expected_value(position())
