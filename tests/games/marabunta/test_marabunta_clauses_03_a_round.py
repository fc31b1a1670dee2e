"""Marabunta clause tests: MARA-3 a round.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardkit import CHANCE, IllegalPositionError
from boardkit.games.marabunta.actions import Split

from marabunta_clause_support import (
    CUPCAKES, GAME, PUBLISHED, REGIONS, SEED, SHUFFLED, carrying, finish_round, legal, obs, play, position,
    refused,
)


def test_MARA_3_1_reveal_then_roll_six_dice_one_by_one() -> None:
    """MARA-3.1: after the tile the six dice are rolled in region order, 1/6 per face: 6^6
    rolls of probability 1/46656 each."""
    s = GAME.state_from_position({"round": 2, "tiles_left": SHUFFLED[1:]})
    s.apply_action("reveal one")
    assert obs(s, "phase") == "roll" and s.current_player() == CHANCE
    refused(s, "roll orange 2", "MARA-3.1", "the yellow die is next")
    refused(s, "split tile", "MARA-3.1", "chance acts now")
    counts = {"rolls": 0}
    total = Fraction(0)

    def walk(state, prob: Fraction) -> None:
        nonlocal total
        if obs(state, "phase") != "roll":
            assert obs(state, "phase") == "split" and state.current_player() == 0
            counts["rolls"] += 1
            total += prob
            assert prob == Fraction(1, 6 ** 6)
            return
        for a, p in state.chance_outcomes():
            child = state.clone()
            child._apply(a)
            walk(child, prob * p)

    walk(s, Fraction(1))
    assert counts["rolls"] == 6 ** 6 and total == 1
    play(s, "roll yellow 3", "roll orange crate", "roll green 0", "roll teal circle", "roll purple 1", "roll brown 2")
    assert obs(s, "dice") == {"yellow": "3", "orange": "crate", "green": "0", "teal": "circle", "purple": "1",
                              "brown": "2"}


def test_MARA_3_2_sixty_three_splits_each_pool_non_empty() -> None:
    """MARA-3.2: the splitter divides the 6 dice and the tile into two pools, each with at
    least one element: 63 splits."""
    s = position("zeros2")
    acts = s.legal_actions()
    assert len(acts) == 63 and len(set(acts)) == 63 and all(isinstance(a, Split) for a in acts)
    seen = set()
    for a in acts:
        pool = set(a.pool)
        other = set(REGIONS) - pool
        assert "tile" in pool and other and pool and len(pool - {"tile"}) < 6
        seen.add(frozenset(pool))
    assert len(seen) == 63
    assert s.parse_action("split yellow") == s.parse_action("split orange green teal purple brown tile")
    refused(s, "split yellow orange green teal purple brown tile", "MARA-3.2", "at least one element")
    refused(s, "take tile", "MARA-3.2", "splits the dice")
    s.apply_action("split yellow green tile")
    assert obs(s, "pools") == [["yellow", "green", "tile"], ["orange", "teal", "purple", "brown"]]


def test_MARA_3_3_chooser_takes_a_pool_and_carries_it_out_first() -> None:
    """MARA-3.3: the chooser takes one pool and carries out its elements in any order; then
    the splitter carries out the other pool."""
    s = position(roll={"yellow": "2", "orange": "circle"})
    s.apply_action("split yellow orange")
    assert s.current_player() == 1 and legal(s) == {"take yellow orange", "take green teal purple brown tile"}
    refused(s, "take yellow", "MARA-3.3", "not one of the pools")
    refused(s, "yellow 2 h6", "MARA-3.3", "takes one of the pools")
    s.apply_action("take yellow orange")
    assert s.current_player() == 1 and obs(s, "remaining") == ["yellow", "orange"]
    assert "orange circle" in legal(s) and "yellow 2 h6" in legal(s)  # any order
    s.apply_action("orange circle")
    refused(s, "orange circle", "MARA-3.3", "already used")
    refused(s, "green circle", "MARA-3.3", "not in this pool")
    refused(s, "take green teal purple brown tile", "MARA-3.3", "made and taken")
    s.apply_action("yellow 2 h6")
    assert s.current_player() == 0 and obs(s, "remaining") == ["green", "teal", "purple", "brown", "tile"]
    other = position(roll={"yellow": "2", "orange": "circle"})
    play(other, "split yellow orange", "take yellow orange", "yellow 2 h6")
    other.apply_action("orange circle")  # the other order reaches the same table
    assert other.observation(None)["fields"] == s.observation(None)["fields"]
    assert obs(other, "sheets") == obs(s, "sheets")


def test_MARA_3_4_the_chooser_splits_next_round() -> None:
    """MARA-3.4: the chooser of this round is the splitter of the next."""
    s = position()
    assert obs(s, "splitter") == 0
    play(s, "split tile", "take tile")
    finish_round(s)
    assert obs(s, "round") == 9 and obs(s, "splitter") == 1 and s.current_player() == CHANCE
    for c in REGIONS:
        s.apply_action(f"roll {c} circle")
    assert s.current_player() == 1  # blue splits
    refused(s, "take tile", "MARA-3.2", "blue (the splitter)")
    s.apply_action("split tile")
    assert s.current_player() == 0  # red chooses


def test_MARA_3_5_from_round_eight_the_crossed_cupcake_tile_every_round() -> None:
    """MARA-3.5: from round 8 only the crossed-cupcake tile is left: revealed every round
    without chance, always in a pool, never used up."""
    s = GAME.state_from_position({"round": 7, "tiles_left": ["again"]})
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("reveal again", Fraction(1))]
    s.apply_action("reveal again")
    for c in REGIONS:
        s.apply_action(f"roll {c} circle")
    play(s, "split tile", "take tile")
    finish_round(s)
    assert obs(s, "round") == 8 and obs(s, "tile") == "cupcake" and obs(s, "phase") == "roll"
    assert all(str(a).startswith("roll yellow") for a in s.legal_actions())  # no reveal
    for c in REGIONS:
        s.apply_action(f"roll {c} circle")
    assert all("tile" in a.pool for a in s.legal_actions())
    play(s, "split tile", "take tile", "tile cross i7")
    finish_round(s)
    assert obs(s, "round") == 9 and obs(s, "tile") == "cupcake" and obs(s, "tiles_left") == []
    with pytest.raises(IllegalPositionError) as info:
        position("one", round=8, tiles_left=[])
    assert info.value.clause == "MARA-3.5"
    with pytest.raises(IllegalPositionError) as info:
        position("cupcake", round=7)
    assert info.value.clause == "MARA-3.5"
    with pytest.raises(IllegalPositionError) as info:
        GAME.state_from_position({"round": 3, "tiles_left": ["one", "zero"]})
    assert info.value.clause == "MARA-3.5" and "tiles_left" in str(info.value)


def test_MARA_3_6_tiles_are_optional_except_the_crossed_cupcake() -> None:
    """MARA-3.6 (published, optional_tile=True): a tile may be left unused ('skip tile'),
    except the crossed-cupcake tile, which must be used when it can be."""
    s = carrying("tile", tile="zeros2", game=PUBLISHED)
    assert "skip tile" in legal(s)
    s.apply_action("skip tile")
    assert obs(s, "lost") == ["blue skipped tile"] and s.current_player() == 0
    s = carrying("tile", game=PUBLISHED)
    assert "skip tile" not in legal(s)
    assert legal(s) == {f"tile cross {f}" for f in CUPCAKES}
    refused(s, "skip tile", "MARA-3.6", "must be used")
    assert PUBLISHED.options["optional_tile"] is True and SEED.options["optional_tile"] is False


def test_MARA_3_3_the_tile_is_carried_out_like_the_dice() -> None:
    """MARA-3.3 (seed: "führt alle Elemente einzeln aus"): the tile is carried out like a die,
    never skipped while it can be used (MARA-3.6 is the published rule); only what cannot be
    used is lost (MARA-D4)."""
    s = carrying("tile", tile="zeros2", game=SEED)
    assert "skip tile" not in legal(s) and all(a.startswith("tile 0 ") for a in legal(s))
    err = refused(s, "skip tile", "MARA-3.3", "every element of the pool is carried out")
    assert "optional_tile=True" in err.reason
    # the again tile with no die of the pool carried out cannot be used: it is lost
    s = carrying("tile", tile="again", game=SEED)
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost tile"]
