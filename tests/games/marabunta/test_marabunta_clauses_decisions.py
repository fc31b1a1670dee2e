"""Marabunta clause tests: decisions MARA-D*.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations

from pathlib import Path

import yaml

import boardkit

from marabunta_clause_support import (
    DEFAULT_DATA, FIELDS_OF, GAME, GROUPS, REGIONS, TERRITORY, _DONE, _last_cupcake, _power, carrying,
    crossed_except, data_copy, field, legal, lost_parts, obs, play, player, position, refused,
)


def test_MARA_D1_numbers_without_a_die_colour_go_in_any_region() -> None:
    """MARA-D1: a number from a tile or power goes in any region; a die's 1-3 stays in its
    region (MARA-4.3)."""
    s = carrying("yellow tile", tile="one", roll={"yellow": "1"}, fields={"h7": "blue 2"})
    assert {"tile 1 h8", "tile 1 i8", "tile 1 h6"} <= legal(s)  # orange and yellow
    refused(s, "yellow 1 h8", "MARA-4.3", "h8 is in the orange region")
    s.apply_action("tile 1 h8")
    assert field(s, "h8") == "blue 1" and TERRITORY["h8"]["region"] == "orange"


def test_MARA_D2_a_part_that_cannot_be_done_is_lost() -> None:
    """MARA-D2: the parts of a tile are done in turn; a part with no legal place is lost."""
    s = carrying("tile teal", tile="zeros2", fields={"k7": "x", "j6": "x", "j5": "x"})
    s.apply_action("tile 0 k6")  # k6's neighbours k7, j6, j5 are all crossed
    assert lost_parts(s) == [("blue", "number")]
    assert obs(s, "pending") == [] and legal(s) == {"teal circle"}


def test_MARA_D2_parts_come_before_other_elements() -> None:
    """MARA-D2: while a part is in progress no other element may be used or skipped."""
    s = carrying("tile teal", tile="cross2")
    s.apply_action("tile cross a1")
    refused(s, "teal circle", "MARA-D2", "first finish the part in progress")
    refused(s, "skip tile", "MARA-D2", "first finish")
    refused(s, "circle teal", "MARA-D2", "not to fill a circle")
    s.apply_action("cross a2")
    refused(s, "cross b1", "MARA-3.3", "nothing is in progress")
    assert legal(s) == {"teal circle"}


def test_MARA_D3_ant_hills_only_where_needed() -> None:
    """MARA-D3: an ant hill is crossed only for a number the adjacency rule would refuse; it
    never lifts 'next to the one before' and free writes need none."""
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h6": "blue 1"})
    refused(s, "yellow 2 i6 ant", "MARA-D3", "i6 is next to your number on h6")
    s = carrying("yellow", roll={"yellow": "2"})
    refused(s, "yellow 2 k10 ant", "MARA-D3", "your first number is free")
    s = carrying("tile", tile="zeros2", fields={"h6": "blue 1"})
    s.apply_action("tile 0 h7")
    refused(s, "0 i8 ant", "MARA-D3", "does not lift")
    refused(s, "0 a1 ant", "MARA-D2", "not next to it")  # far away: the ant hill is not the problem
    refused(s, "0 a1", "MARA-D2", "next to h7")
    s.apply_action("0 i8")
    assert player(s, 1)["ant_hills"] == 2


def test_MARA_D4_elements_that_cannot_be_used_are_lost_together() -> None:
    """MARA-D4: when no element left can be used, they are all lost together."""
    s = carrying("yellow orange", roll={"yellow": "2", "orange": "3"}, fields={"a1": "blue 1"},
                 players={"blue": {"ant_hills": 0}})
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow, orange"]
    assert player(s, 1)["numbers"] == 1


def test_MARA_D4_a_usable_element_must_be_used_and_order_may_spoil_a_die() -> None:
    """MARA-D4: while some element can be used one must be used; a player may order the pool
    so that a die becomes unusable (then it is lost)."""
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"}, fields={"a1": "blue 1"},
                 players={"blue": {"ant_hills": 0}})
    assert legal(s) == {"teal circle"}
    refused(s, "yellow 2 h6", "MARA-4.5", "no ant hill is left")
    s.apply_action("teal circle")
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow"]
    # two crate dice, one crate left: the first spoils the second
    crates = {**GROUPS, "points": 2}
    s = carrying("yellow orange", roll={"yellow": "crate", "orange": "crate"}, players={"blue": {"crates": crates}})
    assert legal(s) == {"yellow crate points", "orange crate points"}
    s.apply_action("yellow crate points")
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost orange"]
    assert player(s, 1)["score"]["power_points"] == 3


def test_MARA_D5_again_tile_repeats_a_used_die_not_a_lost_one() -> None:
    """MARA-D5: the again tile repeats the face of a die of its pool already carried out, as a
    new use with its own placement; never a die not used (nor one of the other pool)."""
    s = carrying("yellow orange tile", tile="again", roll={"yellow": "2", "orange": "crate"})
    refused(s, "tile again yellow 2 h6", "MARA-D5", "has not been used yet")
    refused(s, "tile 2 h6", "MARA-D5", "names the die it repeats")
    refused(s, "tile again green circle", "MARA-D5", "not in this pool")
    s.apply_action("orange crate ones")
    assert {a for a in legal(s) if a.startswith("tile")} == {f"tile again orange crate {g}" for g in GROUPS}
    s.apply_action("tile again orange crate ones")
    assert player(s, 1)["crates"]["ones"] == 2
    s.apply_action("yellow 2 h6")
    assert s.current_player() == 0
    # a die that could not be used cannot be repeated
    s = carrying("yellow orange tile", tile="again", roll={"yellow": "2", "orange": "circle"},
                 fields={"a1": "blue 1"}, players={"blue": {"ant_hills": 0}})
    s.apply_action("orange circle")
    assert {a for a in legal(s) if a.startswith("tile")} == {"tile again orange circle"}
    refused(s, "tile again yellow 2 h6", "MARA-D5")
    s.apply_action("tile again orange circle")
    assert obs(s, "sheets")["orange"] == [2, 4] and obs(s, "lost") == ["blue lost yellow"]


def test_MARA_D5_again_tile_cannot_repeat_a_skipped_die_true_reason() -> None:
    """MARA-D5, MARA-4.6: with decline=True a skipped die was not carried out, so the again
    tile cannot repeat it; the reason must not say the die is not in the pool."""
    g = boardkit.load_game("marabunta", decline=True)
    s = carrying("yellow teal tile", tile="again", roll={"yellow": "2", "teal": "circle"}, game=g)
    s.apply_action("skip yellow")
    assert not any(a.startswith("tile again yellow") for a in legal(s))
    err = refused(s, "tile again yellow 2 h6", "MARA-D5")
    assert "not in this pool" not in err.reason, err.reason


def test_MARA_D6_circles2_tile_needs_two_sheets_power_may_use_one() -> None:
    """MARA-D6: the circles2 tile fills circles on two different sheets; the circles2 power
    may fill both on one sheet."""
    s = carrying("tile", tile="circles2")
    s.apply_action("tile circle teal")
    refused(s, "circle teal", "MARA-D6", "another sheet")
    s = _power("circles")
    play(s, "circle teal", "circle teal")
    assert obs(s, "sheets")["teal"] == [2, 4]


def test_MARA_D7_crossing_needs_no_neighbour_gives_nothing_counts_as_filled() -> None:
    """MARA-D7: crossing fields needs no own number nearby, gives nothing on a cupcake or
    crate field, and a crossed field counts as filled for the end."""
    s = carrying("tile", tile="cross2", fields={"a1": "blue 1"})
    s.apply_action("tile cross j6")  # far from a1, a crate field
    s.apply_action("cross k7")  # a crate field
    assert player(s, 1)["crates"] == {g: 0 for g in GROUPS} and obs(s, "pending") == []
    s = carrying("tile")  # the crossed-cupcake tile on a cupcake field
    s.apply_action("tile cross i7")
    assert player(s, 1)["cupcakes"] == 0 and player(s, 1)["score"]["total"] == 0
    s = carrying("tile", tile="cross2", fields=crossed_except("h6", "h7", among=FIELDS_OF["yellow"]))
    play(s, "tile cross h6", "cross h7")
    assert obs(s, "triggers") == ["blue: every field of the yellow region is filled or crossed"]


def test_MARA_D8_exhausted_track_scores_nothing_more() -> None:
    """MARA-D8: a cupcake when the track is fully crossed scores nothing."""
    own = ["a3", "c5", "c8", "d1", "d3", "e8", "g4", "h11", "h9", "i4"]
    s = carrying("yellow", roll={"yellow": "2"}, fields={f: "blue 0" for f in own},
                 players={"blue": {"crates": {"cupcakes": 3}, "cupcakes": 12}})
    assert player(s, 1)["score"]["cupcake_points"] == 42
    s.apply_action("yellow 2 i7 ant")
    assert player(s, 1)["cupcakes"] == 12 and player(s, 1)["score"]["cupcake_points"] == 42


def test_MARA_D8_no_crate_left_the_crate_die_is_lost() -> None:
    """MARA-D8: with every crate group complete the crate die cannot be used (MARA-4.6)."""
    s = carrying("yellow", roll={"yellow": "crate"}, players={"blue": _DONE})
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow"]
    s = carrying("yellow teal", roll={"yellow": "crate", "teal": "circle"}, players={"blue": _DONE})
    assert legal(s) == {"teal circle"}
    refused(s, "yellow crate ones", "MARA-4.2", "no crate left")
    # the crate of a crate field is lost too
    s = carrying("yellow", roll={"yellow": "2"}, players={"blue": _DONE})
    s.apply_action("yellow 2 j6")
    assert lost_parts(s) == [("blue", "crate")] and s.current_player() == 0


def test_MARA_D9_the_first_trigger_names_the_trigger_player() -> None:
    """MARA-D9: the player whose element first meets an end condition triggered the end;
    later triggers in the same round change nothing."""
    fields = {**crossed_except("h9"), **crossed_except("h6", among=FIELDS_OF["yellow"])}
    s = position(roll={"yellow": "1", **{c: "crate" for c in REGIONS[1:]}}, fields=fields,
                 players={"red": _DONE, "blue": _DONE})
    play(s, "split yellow", "take yellow", "yellow 1 h6")
    assert obs(s, "triggered_by") == "blue"
    s.apply_action("tile cross h9")
    assert s.is_terminal()
    assert obs(s, "triggers") == ["blue: every field of the yellow region is filled or crossed",
                                  "red: every cupcake field is filled or crossed"]
    assert obs(s, "triggered_by") == "blue"


def test_MARA_D10_points_power_value_from_the_data_file(tmp_path: Path) -> None:
    """MARA-D10: the points power scores the value printed in the data file (default 3)."""
    assert GAME.group_points[GAME.groups.index("points")] == 3
    doc = yaml.safe_load(DEFAULT_DATA.read_text(encoding="utf-8"))
    groups = [dict(g, points=2) if g["name"] == "points" else g for g in doc["crate_groups"]]
    g2 = boardkit.load_game("marabunta", data=data_copy(tmp_path, crate_groups=groups))
    s = _power("points", game=g2)
    assert player(s, 1)["score"]["power_points"] == 2


def test_MARA_D11_always_a_winner() -> None:
    """MARA-D11: equal totals and cupcakes: the trigger player wins; returns are never a draw."""
    s = _last_cupcake({"h8": "red 1", "g8": "blue 1", "b4": "blue 1", "d4": "red 1"})
    assert s.scores()[0]["total"] == s.scores()[1]["total"]
    assert s.returns() == [-1, 1] and s.winners() == [1]
