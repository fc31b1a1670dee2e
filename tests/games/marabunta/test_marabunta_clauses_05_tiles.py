"""Marabunta clause tests: MARA-5 tiles.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations



from marabunta_clause_support import (
    CUPCAKES, GROUPS, NAMES, REGIONS, TERRITORY, ant_writes, carrying, field, legal, obs, pending, player,
    refused, writes,
)


def test_MARA_5_1_crates2_tile_crosses_two_crates() -> None:
    """MARA-5.1: crates2 crosses 2 crates (any groups)."""
    s = carrying("tile", tile="crates2")
    assert legal(s) == {f"tile crate {g}" for g in GROUPS}
    s.apply_action("tile crate ones")
    assert pending(s) == ["crate"] and legal(s) == {f"crate {g}" for g in GROUPS}
    refused(s, "skip tile", "MARA-D2", "first finish")
    s.apply_action("crate ones")
    assert player(s, 1)["crates"]["ones"] == 2 and s.current_player() == 0


def test_MARA_5_1_circles2_tile_fills_circles_on_two_sheets() -> None:
    """MARA-5.1, MARA-D6: circles2 fills one circle on each of two different sheets."""
    s = carrying("tile", tile="circles2")
    assert legal(s) == {f"tile circle {r}" for r in REGIONS}
    s.apply_action("tile circle yellow")
    assert legal(s) == {f"circle {r}" for r in REGIONS if r != "yellow"}
    refused(s, "circle yellow", "MARA-D6", "another sheet")
    s.apply_action("circle brown")
    assert obs(s, "sheets")["yellow"] == [2, 3] and obs(s, "sheets")["brown"] == [2, 3]


def test_MARA_5_1_one_tile_writes_a_one() -> None:
    """MARA-5.1, MARA-D1: the one tile writes a 1 next to an own number, in any region."""
    s = carrying("tile", tile="one", fields={"h7": "blue 2"})
    assert writes(s, "tile 1") == {"i7", "i8", "h8", "h6"}
    refused(s, "tile 2 h8", "MARA-5.1", "the number to write is 1, not 2")
    refused(s, "tile 1 a1", "MARA-4.5", "no number of blue's")
    s.apply_action("tile 1 h8")
    assert field(s, "h8") == "blue 1" and TERRITORY["h8"]["region"] == "orange"


def test_MARA_5_1_zeros2_tile_second_zero_next_to_the_first() -> None:
    """MARA-5.1: zeros2 writes two 0s, the second adjacent to the first."""
    s = carrying("tile", tile="zeros2")
    assert writes(s, "tile 0") == set(NAMES)  # the first number is free
    s.apply_action("tile 0 h6")
    assert legal(s) == {"0 i6", "0 i7", "0 h7", "0 g5", "0 h5"}
    refused(s, "0 k10", "MARA-D2", "next to h6")
    s.apply_action("0 g5")
    assert field(s, "g5") == "blue 0" and player(s, 1)["numbers"] == 2


def test_MARA_5_1_zero_tile_writes_a_zero_freely() -> None:
    """MARA-5.1: the zero tile writes a 0 anywhere, without adjacency or ant hill."""
    s = carrying("tile", tile="zero", fields={"h6": "blue 1"})
    assert writes(s, "tile 0") == set(NAMES) - {"h6"} and not ant_writes(s)
    refused(s, "tile 0 a1 ant", "MARA-D3", "no ant hill is needed")
    s.apply_action("tile 0 a1")
    assert field(s, "a1") == "blue 0" and player(s, 1)["ant_hills"] == 2


def test_MARA_5_1_cross2_tile_crosses_two_adjacent_fields() -> None:
    """MARA-5.1, MARA-D7: cross2 crosses 2 adjacent fields."""
    s = carrying("tile", tile="cross2", fields={"h6": "red 1"})
    assert {a.split()[-1] for a in legal(s) if a.startswith("tile cross")} == set(NAMES) - {"h6"}
    s.apply_action("tile cross c5")
    assert legal(s) == {"cross d5", "cross d6", "cross c6", "cross b5", "cross b4", "cross c4"}
    refused(s, "cross a1", "MARA-D2", "next to c5")
    s.apply_action("cross c4")
    assert field(s, "c5") == field(s, "c4") == "x"


def test_MARA_5_1_again_tile_repeats_a_die() -> None:
    """MARA-5.1, MARA-D5: the again tile uses a die of the same pool a second time."""
    s = carrying("yellow tile", tile="again", roll={"yellow": "2"})
    assert not any(a.startswith("tile") for a in legal(s) - {"skip tile"})
    s.apply_action("yellow 2 h6")
    assert writes(s, "tile again yellow 2") == {"i6", "i7", "h7"}
    s.apply_action("tile again yellow 2 h7")
    assert field(s, "h7") == "blue 2" and s.current_player() == 0


def test_MARA_5_1_crossed_cupcake_tile_crosses_a_cupcake_field() -> None:
    """MARA-5.1: the crossed-cupcake tile crosses one cupcake field (mandatory, MARA-3.6)."""
    s = carrying("tile", fields={"i7": "x", "h9": "red 1"}, players={"red": {"cupcakes": 1}})
    assert legal(s) == {f"tile cross {f}" for f in CUPCAKES if f not in ("i7", "h9")}
    refused(s, "tile cross h6", "MARA-5.1", "h6 is not one")
    refused(s, "tile cross h9", "MARA-1.2", "never erased")
    s.apply_action("tile cross k9")
    assert field(s, "k9") == "x" and player(s, 1)["cupcakes"] == 0


def test_MARA_5_1_again_notation_with_another_tile() -> None:
    """MARA-5.1: 'tile again ...' only with the again tile."""
    s = carrying("yellow tile", tile="zeros2", roll={"yellow": "2"})
    s.apply_action("yellow 2 h6")
    refused(s, "tile again yellow 2 h7", "MARA-5.1", "the tile is zeros2, not again")
