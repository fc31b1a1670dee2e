"""Marabunta clause tests: MARA-6 special fields.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations

import pytest

from boardkit import IllegalPositionError

from marabunta_clause_support import GROUPS, carrying, legal, pending, player, position, refused


def test_MARA_6_1_cupcake_field_crosses_the_next_cupcake() -> None:
    """MARA-6.1: writing in a cupcake field crosses the next cupcake of one's track and
    scores its printed points."""
    s = carrying("yellow", roll={"yellow": "2"})
    s.apply_action("yellow 2 i7")
    assert player(s, 1)["cupcakes"] == 1 and player(s, 1)["score"]["cupcake_points"] == 1
    fields = {"a3": "blue 0", "c5": "blue 0", "c8": "blue 0", "h6": "blue 1"}
    s = carrying("yellow", roll={"yellow": "2"}, fields=fields)
    assert player(s, 1)["cupcakes"] == 3 and player(s, 1)["score"]["cupcake_points"] == 1 + 1 + 2
    s.apply_action("yellow 2 i7")
    assert player(s, 1)["cupcakes"] == 4 and player(s, 1)["score"]["cupcake_points"] == 1 + 1 + 2 + 2
    assert player(s, 0)["cupcakes"] == 0
    with pytest.raises(IllegalPositionError) as info:
        position(fields=fields, players={"blue": {"cupcakes": 2}})
    assert info.value.clause == "MARA-6.1" and "players.blue.cupcakes" in str(info.value)


def test_MARA_6_1_crate_field_crosses_a_crate_first() -> None:
    """MARA-6.1: writing in a crate field crosses a crate at once, before anything else."""
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"})
    s.apply_action("yellow 2 j6")
    assert pending(s) == ["crate"] and legal(s) == {f"crate {g}" for g in GROUPS}
    refused(s, "teal circle", "MARA-D2", "first finish the part in progress")
    s.apply_action("crate cross")
    assert player(s, 1)["crates"]["cross"] == 1 and legal(s) == {"teal circle"}
    with pytest.raises(IllegalPositionError) as info:
        position(fields={"j6": "blue 2"})
    assert info.value.clause == "MARA-6.1" and "crate field" in str(info.value)


def test_MARA_6_1_crate_field_in_a_zeros2_chain_resolves_before_the_second_zero() -> None:
    """MARA-6.1, MARA-D2: a 0 of zeros2 written in a crate field: the crate (and a power it
    unlocks) comes first, then the second 0 next to the first."""
    s = carrying("tile", tile="zeros2", fields={"j7": "blue 1"}, players={"blue": {"crates": {"onetwo": 1}}})
    s.apply_action("tile 0 j6")
    assert pending(s) == ["crate", "number"]  # the next part first
    assert legal(s) == {f"crate {g}" for g in GROUPS}
    refused(s, "0 k6", "MARA-D2", "not to write a number")
    s.apply_action("crate onetwo")  # unlocks write12, used at once
    assert pending(s) == ["number", "number"] and "write12" in player(s, 1)["powers"]
    assert {"1 k6", "2 k6", "1 i5", "2 i5"} <= legal(s) and "0 k6" not in legal(s)
    s.apply_action("2 i5")
    assert legal(s) == {"0 k6", "0 k7", "0 i6", "0 j5"}  # next to j6, the first 0
    s.apply_action("0 k7")  # another crate field: another crate
    assert pending(s) == ["crate"]
    s.apply_action("crate ones")
    assert player(s, 1)["crates"] == {**{g: 0 for g in GROUPS}, "onetwo": 2, "ones": 1}
    assert s.current_player() == 0
