"""Marabunta clause tests: MARA-7 crate powers.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations



from marabunta_clause_support import (
    GROUPS, NAMES, REGIONS, TERRITORY, _power, ant_writes, field, legal, obs, pending, player, refused,
    writes,
)


def test_MARA_7_1_write12_power_writes_a_one_or_two_with_adjacency() -> None:
    """MARA-7.1, MARA-D1: write12 writes a 1 or 2 next to an own number (any region), or with
    an ant hill elsewhere."""
    s = _power("onetwo")
    assert "write12" in player(s, 1)["powers"] and pending(s) == ["number"]
    near = {"i6", "i7", "h7", "g5", "h5"}
    assert writes(s, "1") == near and writes(s, "2") == near
    assert ant_writes(s, "2") == set(NAMES) - near - {"h6"}
    refused(s, "3 i6", "MARA-D2", "1 or 2, not 3")
    refused(s, "1 a1", "MARA-4.5", "no number of blue's is next to a1")
    s.apply_action("2 g5")
    assert field(s, "g5") == "blue 2" and TERRITORY["g5"]["region"] == "brown"


def test_MARA_7_1_write03_power_writes_a_zero_or_three_freely() -> None:
    """MARA-7.1: write03 writes a 0 or 3 anywhere, no adjacency, no ant hill."""
    s = _power("zerothree")
    free = set(NAMES) - {"h6"}
    assert writes(s, "0") == free and writes(s, "3") == free and not ant_writes(s)
    refused(s, "3 a1 ant", "MARA-D3", "no ant hill is needed")
    refused(s, "2 a1", "MARA-D2", "0 or 3, not 2")
    s.apply_action("3 a1")
    assert field(s, "a1") == "blue 3" and player(s, 1)["ant_hills"] == 2


def test_MARA_7_1_cupcakes2_power_crosses_two_cupcakes() -> None:
    """MARA-7.1: cupcakes2 crosses the next 2 cupcakes of the track at once."""
    s = _power("cupcakes")
    assert player(s, 1)["cupcakes"] == 2 and player(s, 1)["score"]["cupcake_points"] == 2
    assert obs(s, "pending") == [] and s.current_player() == 0


def test_MARA_7_1_points_power_scores_points() -> None:
    """MARA-7.1, MARA-D10: the points power scores its printed value (3 by default)."""
    s = _power("points")
    score = player(s, 1)["score"]
    assert score["power_points"] == 3 and score["total"] == score["region_points"] + score["cupcake_points"] + 3
    assert obs(s, "pending") == [] and s.current_player() == 0


def test_MARA_7_1_ones3_power_writes_a_chain_of_three_ones() -> None:
    """MARA-7.1, MARA-D2: ones3 writes three 1s one after another, the second next to the
    first, the third next to the second."""
    s = _power("ones")
    assert writes(s, "1") == {"i6", "i7", "h7", "g5", "h5"}
    s.apply_action("1 i6")
    assert pending(s) == ["number"] and legal(s) == {"1 j6", "1 j7", "1 i7", "1 i5", "1 h5"}
    refused(s, "1 h7", "MARA-D2", "next to i6")
    s.apply_action("1 j7")
    assert legal(s) == {"1 k7", "1 k8", "1 j8", "1 i7", "1 j6"}
    refused(s, "1 i5", "MARA-D2", "next to j7")
    s.apply_action("1 k8")
    assert [field(s, f) for f in ("i6", "j7", "k8")] == ["blue 1"] * 3 and s.current_player() == 0


def test_MARA_7_1_cross2_power_crosses_two_adjacent_fields() -> None:
    """MARA-7.1, MARA-D7: cross2 crosses 2 adjacent fields anywhere."""
    s = _power("cross")
    assert {a.split()[-1] for a in legal(s)} == set(NAMES) - {"h6"}
    s.apply_action("cross a1")
    assert legal(s) == {"cross b1", "cross b2", "cross a2"}
    refused(s, "cross c1", "MARA-D2", "next to a1")
    s.apply_action("cross b2")  # a crate field: nothing gained
    assert field(s, "b2") == "x" and player(s, 1)["crates"] == {**{g: 0 for g in GROUPS}, "cross": 2}


def test_MARA_7_1_circles2_power_fills_two_circles() -> None:
    """MARA-7.1, MARA-D6: circles2 fills 2 empty circles, possibly on the same sheet."""
    s = _power("circles")
    assert legal(s) == {f"circle {r}" for r in REGIONS}
    s.apply_action("circle teal")
    assert legal(s) == {f"circle {r}" for r in REGIONS}
    s.apply_action("circle teal")
    assert obs(s, "sheets")["teal"] == [2, 4] and s.current_player() == 0
