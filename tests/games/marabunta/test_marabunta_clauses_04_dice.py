"""Marabunta clause tests: MARA-4 dice.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations

import pytest

import boardkit

from marabunta_clause_support import (
    FIELDS_OF, GROUPS, NAMES, PUBLISHED, SEED, TERRITORY, ant_writes, carrying, field, legal, obs, pending,
    play, player, refused, writes,
)


def test_MARA_4_1_circle_face_fills_the_die_region_sheet() -> None:
    """MARA-4.1: the circle face fills one empty circle of the die's region sheet with one's
    colour; another sheet is refused."""
    s = carrying("teal", roll={"teal": "circle"})
    assert legal(s) == {"teal circle"}
    refused(s, "teal circle orange", "MARA-4.1", "teal sheet")
    s.apply_action("teal circle")
    assert obs(s, "sheets")["teal"] == [2, 3]


def test_MARA_4_1_circle_die_on_a_full_sheet_is_lost() -> None:
    """MARA-4.1, MARA-4.6: with no empty circle on its sheet the circle die cannot be used."""
    s = carrying("tile", tile="circles2", sheets={"yellow": [5, 4]})
    play(s, "tile circle yellow", "circle orange")
    assert obs(s, "sheets")["yellow"] == [5, 5] and s.current_player() == 0
    assert not any(a.startswith("yellow") for a in legal(s))
    refused(s, "yellow circle", "MARA-4.1", "no empty circle")
    while s.current_player() == 0:
        s.apply_action(s.legal_actions()[0])
    assert "red lost yellow" in obs(s, "lost")


def test_MARA_4_2_crate_face_crosses_a_crate_and_unlocks_power() -> None:
    """MARA-4.2: the crate face crosses one crate of any group with a crate left; the last
    crate of a group unlocks its power, used at once."""
    s = carrying("purple", roll={"purple": "crate"}, players={"blue": {"crates": {"ones": 2, "cross": 2}}})
    assert legal(s) == {f"purple crate {g}" for g in GROUPS if g != "cross"}
    refused(s, "purple crate cross", "MARA-4.2", "no crate left")
    s.apply_action("purple crate ones")
    assert player(s, 1)["crates"]["ones"] == 3 and "ones3" in player(s, 1)["powers"]
    assert pending(s) == ["number"] and s.current_player() == 1
    assert all(a.startswith("1 ") for a in legal(s))
    s2 = carrying("purple", roll={"purple": "crate"})
    s2.apply_action("purple crate points")
    assert player(s2, 1)["crates"]["points"] == 1 and player(s2, 1)["powers"] == []


def test_MARA_4_3_numbers_go_in_the_die_region() -> None:
    """MARA-4.3: a 1, 2 or 3 is written in an available field of the die's region."""
    s = carrying("yellow", roll={"yellow": "2"})
    assert legal(s) == {f"yellow 2 {f}" for f in FIELDS_OF["yellow"]}
    refused(s, "yellow 2 h8", "MARA-4.3", "h8 is in the orange region")
    refused(s, "yellow 3 h6", "MARA-4.3", "the number to write is 2, not 3")
    s.apply_action("yellow 2 h6")
    assert field(s, "h6") == "blue 2"
    assert player(s, 1)["numbers"] == 1


def test_MARA_4_4_a_zero_goes_in_any_region() -> None:
    """MARA-4.4: the 0 face writes 0 in an available field of any region."""
    s = carrying("green", roll={"green": "0"})
    assert writes(s, "green 0") == set(NAMES)
    refused(s, "green 1 h6", "MARA-4.4", "the number to write is 0")
    s.apply_action("green 0 h6")
    assert field(s, "h6") == "blue 0" and TERRITORY["h6"]["region"] == "yellow"


def test_MARA_4_5_adjacency_and_ant_hills() -> None:
    """MARA-4.5: a number goes next to one of one's own numbers (across region borders too);
    an ant hill lifts this for one number in the die's region."""
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h6": "blue 1", "k6": "red 1"})
    assert writes(s, "yellow 2") == {"i6", "i7", "h7"}
    assert ant_writes(s, "yellow 2") == set(FIELDS_OF["yellow"]) - {"h6", "i6", "i7", "h7", "k6"}
    refused(s, "yellow 2 k10", "MARA-4.5", "no number of blue's is next to k10; add 'ant'")
    refused(s, "yellow 2 h8 ant", "MARA-4.3", "orange region")  # an ant hill keeps the die's region
    s.apply_action("yellow 2 k10 ant")
    assert player(s, 1)["ant_hills"] == 1 and field(s, "k10") == "blue 2"
    # across the border: brown h5 is next to yellow h6
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h5": "blue 1"})
    assert "yellow 2 h6" in legal(s) and "yellow 2 i6" in legal(s)
    # no ant hill left
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h6": "blue 1"}, players={"blue": {"ant_hills": 0}})
    assert legal(s) == {"yellow 2 i6", "yellow 2 i7", "yellow 2 h7"}
    refused(s, "yellow 2 k10 ant", "MARA-4.5", "no ant hill left")
    refused(s, "yellow 2 k10", "MARA-4.5", "no ant hill is left")


def test_MARA_4_5_first_number_free_variant() -> None:
    """MARA-4.5, the variant first_number="free": a player's first number needs no neighbour
    and no ant hill; the second does."""
    s = carrying("yellow green", roll={"yellow": "2", "green": "3"})
    assert writes(s, "yellow 2") == set(FIELDS_OF["yellow"]) and not ant_writes(s)
    s.apply_action("yellow 2 k10")
    assert player(s, 1)["ant_hills"] == 2
    assert writes(s, "green 3") == set()  # no green field next to k10
    refused(s, "green 3 f8", "MARA-4.5", "no number of blue's is next to f8")


@pytest.mark.parametrize("g", [SEED, PUBLISHED], ids=["seed", "published"])
def test_MARA_4_5_first_number_needs_an_ant_hill(g) -> None:
    """MARA-4.5 (seed: "Jede Zahl muss in einem Feld angrenzend zu einem Feld mit eigener Zahl
    stehen. Mit einem Ameisenhügel ... darf man das ignorieren"; the default in both profiles):
    the first number needs an ant hill."""
    assert g.options["first_number"] == "ant_hill"
    s = carrying("yellow", roll={"yellow": "2"}, game=g)
    assert writes(s, "yellow 2") == set() and ant_writes(s, "yellow 2") == set(FIELDS_OF["yellow"])
    err = refused(s, "yellow 2 h6", "MARA-4.5", "no number of blue's is next to h6")
    assert "first number needs an ant hill" in err.reason
    s.apply_action("yellow 2 h6 ant")
    assert player(s, 1)["ant_hills"] == 1
    # without ant hills the first number cannot be written: the die is lost
    s = carrying("yellow", roll={"yellow": "2"}, game=g, players={"blue": {"ant_hills": 0}})
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow"]


def test_MARA_4_6_a_usable_die_must_be_used() -> None:
    """MARA-4.6 (decision, decline=False): a die that can be used must be used; a die that
    cannot is lost."""
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"})
    assert "skip yellow" not in legal(s)
    refused(s, "skip yellow", "MARA-4.6", "must be used")
    refused(s, "skip teal", "MARA-4.6", "decline=True")
    # blue has a number far away and no ant hill: the yellow die is lost
    s = carrying("yellow", roll={"yellow": "2"}, fields={"a1": "blue 1"}, players={"blue": {"ant_hills": 0}})
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow"]
    assert all(field(s, f) is None for f in FIELDS_OF["yellow"])


def test_MARA_4_6_skipping_an_unusable_die_gives_a_true_reason() -> None:
    """MARA-4.6, MARA-D4: a die that cannot be used is not skipped either (it is lost with
    the rest); the refusal must not claim that it can be used."""
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"}, fields={"a1": "blue 1"},
                 players={"blue": {"ant_hills": 0}})
    assert legal(s) == {"teal circle"}
    err = refused(s, "skip yellow", "MARA-4.6")
    assert "the yellow die can be used" not in err.reason, err.reason


def test_MARA_4_6_option_decline_lets_a_die_be_skipped() -> None:
    """MARA-4.6 option decline=True: any die may be left unused."""
    g = boardkit.load_game("marabunta", decline=True)
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"}, game=g)
    assert {"skip yellow", "skip teal"} <= legal(s)
    s.apply_action("skip yellow")
    assert obs(s, "remaining") == ["teal"] and obs(s, "lost") == ["blue skipped yellow"]
    refused(s, "yellow 2 h6", "MARA-3.3", "was skipped")
    s.apply_action("skip teal")
    assert s.current_player() == 0 and obs(s, "sheets")["teal"] == [2, 2]
