"""Marabunta clause tests: MARA-1 components.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardkit import IllegalPositionError

from marabunta_clause_support import (
    CRATES, CUPCAKES, FIELDS_OF, GAME, GROUPS, REGIONS, SHUFFLED, TERRITORY, carrying, field, legal, obs,
    player, position, refused, writes,
)


def test_MARA_1_1_two_players_six_coloured_dice_eight_tiles() -> None:
    """MARA-1.1: two players, red (0) and blue (1); six dice, one per region colour, faces 0, 1,
    2, 3, circle, crate; eight tiles (seven shuffled and the crossed-cupcake one)."""
    assert GAME.num_players == 2
    s = GAME.new_initial_state()
    assert [p["colour"] for p in obs(s, "players")] == ["red", "blue"]
    assert REGIONS == ["yellow", "orange", "green", "teal", "purple", "brown"]
    assert len(SHUFFLED) == 7 and GAME.last_tile == "cupcake" and "cupcake" not in SHUFFLED
    assert len(set(SHUFFLED + [GAME.last_tile])) == 8
    s = GAME.state_from_position({"round": 8})  # at the roll
    for colour in REGIONS:
        outcomes = [(str(a), p) for a, p in s.chance_outcomes()]
        assert outcomes == sorted((f"roll {colour} {face}", Fraction(1, 6))
                                  for face in ("0", "1", "2", "3", "circle", "crate"))
        s.apply_action(f"roll {colour} 2")
    assert obs(s, "dice") == {c: "2" for c in REGIONS} and s.current_player() == 0


def test_MARA_1_1_the_zero_face_has_no_colour() -> None:
    """MARA-1.1: the 0 face has no colour (a 0 of the yellow die goes in orange); the coloured
    faces do (a yellow 2 in orange is refused, MARA-4.3)."""
    s = carrying("yellow", roll={"yellow": "0"})
    assert "yellow 0 h8" in legal(s)
    s.apply_action("yellow 0 h8")
    assert field(s, "h8") == "blue 0" and TERRITORY["h8"]["region"] == "orange"
    s = carrying("yellow", roll={"yellow": "2"})
    refused(s, "yellow 2 h8", "MARA-4.3", "orange region")


def test_MARA_1_2_territory_and_available_fields() -> None:
    """MARA-1.2: six regions of 14 fields, some cupcake or crate fields; a field is available
    when neither written in nor crossed out; numbers are never erased."""
    assert len(TERRITORY) == 84
    for r in REGIONS:
        assert sum(1 for f in TERRITORY.values() if f["region"] == r) == 14
    assert sorted(n for n, f in TERRITORY.items() if f["special"] == "cupcake") == CUPCAKES
    assert sorted(n for n, f in TERRITORY.items() if f["special"] == "crate") == CRATES
    assert obs(GAME.new_initial_state(), "fields") == {}  # every field available
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h6": "red 1", "h7": "x"})
    assert writes(s, "yellow 2") == set(FIELDS_OF["yellow"]) - {"h6", "h7"}  # blue's first number is free
    refused(s, "yellow 2 h6", "MARA-1.2", "already holds red's 1; numbers are never erased")
    refused(s, "yellow 2 h7", "MARA-1.2", "crossed out")
    s.apply_action("yellow 2 i6")
    assert (field(s, "h6"), field(s, "h7"), field(s, "i6")) == ("red 1", "x", "blue 2")


def test_MARA_1_2_a_written_field_cannot_be_crossed() -> None:
    """MARA-1.2: crossing (cross2 tile) needs an available field; a number stays."""
    s = carrying("tile", tile="cross2", fields={"h6": "red 1"})
    assert "tile cross h6" not in legal(s)
    refused(s, "tile cross h6", "MARA-1.2", "never erased")
    s.apply_action("tile cross h7")
    refused(s, "cross h6", "MARA-1.2", "never erased")


def test_MARA_1_3_scoring_sheets_ten_circles_two_printed_each() -> None:
    """MARA-1.3: each region's sheet has 10 circles, 2 printed red and 2 printed blue."""
    assert GAME.circles == 10 and GAME.printed == 2
    assert obs(GAME.new_initial_state(), "sheets") == {r: [2, 2] for r in REGIONS}
    s = carrying("teal", roll={"teal": "circle"})
    s.apply_action("teal circle")
    assert obs(s, "sheets")["teal"] == [2, 3]
    for bad in ([1, 2], [2, 0], [6, 5]):
        with pytest.raises(IllegalPositionError) as info:
            position(sheets={"teal": bad})
        assert info.value.clause == "MARA-1.3" and "sheets.teal" in str(info.value)


def test_MARA_1_4_player_board_crates_cupcakes_two_ant_hills() -> None:
    """MARA-1.4: each player board has the crate groups (none crossed), the cupcake track
    and 2 ant hills."""
    for p in (0, 1):
        board = player(GAME.new_initial_state(), p)
        assert board["ant_hills"] == 2 and board["cupcakes"] == 0 and board["powers"] == []
        assert board["crates"] == {g: 0 for g in GROUPS}
    assert GROUPS == {"onetwo": 2, "zerothree": 2, "cupcakes": 3, "points": 3, "ones": 3, "cross": 2, "circles": 2}
    assert GAME.track == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
    with pytest.raises(IllegalPositionError) as info:
        position(players={"blue": {"ant_hills": 3}})
    assert info.value.clause == "MARA-1.4" and "ant_hills" in str(info.value)
    with pytest.raises(IllegalPositionError) as info:
        position(players={"red": {"crates": {"ones": 4}}})
    assert info.value.clause == "MARA-1.4" and "crates.ones" in str(info.value)
