"""Marabunta clause tests: MARA-8 end and scoring.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations

import pytest

import boardkit
from boardkit import IllegalPositionError, TERMINAL

from marabunta_clause_support import (
    FIELDS_OF, GAME, GROUPS, REGIONS, _last_cupcake, carrying, crossed_except, finish_round, legal, obs,
    play, player, position, refused,
)


def test_MARA_8_1_full_region_triggers_the_end_after_the_round() -> None:
    """MARA-8.1: all fields of a region filled or crossed trigger the end; the round is
    finished (the splitter still carries out its pool), then the game is over."""
    s = position(roll={"yellow": "1"}, fields=crossed_except("h6", among=FIELDS_OF["yellow"]))
    play(s, "split yellow", "take yellow", "yellow 1 h6")
    assert obs(s, "triggers") == ["blue: every field of the yellow region is filled or crossed"]
    assert obs(s, "triggered_by") == "blue" and not s.is_terminal() and s.returns() == [0, 0]
    assert s.current_player() == 0 and obs(s, "remaining") == ["orange", "green", "teal", "purple", "brown", "tile"]
    while s.current_player() == 0:
        s.apply_action(s.legal_actions()[0])
    assert s.is_terminal() and s.current_player() == TERMINAL and obs(s, "round") == 8
    assert obs(s, "remaining") == [] and s.legal_actions() == []
    assert sorted(s.returns()) == [-1, 1]
    refused(s, "yellow 1 h7", "MARA-8.1", "the game is over")


def test_MARA_8_1_trigger_in_the_splitter_pool_ends_at_once() -> None:
    """MARA-8.1: a trigger in the splitter's pool (the second) ends the game after it."""
    s = position(roll={"yellow": "1"}, fields=crossed_except("h6", among=FIELDS_OF["yellow"]))
    play(s, "split yellow", "take orange green teal purple brown tile")
    while s.current_player() == 1:
        s.apply_action(s.legal_actions()[0])
    assert not s.is_terminal() and obs(s, "triggers") == [] and legal(s) == {"yellow 1 h6"}
    s.apply_action("yellow 1 h6")
    assert s.is_terminal() and obs(s, "triggered_by") == "red"


def test_MARA_8_1_last_circle_of_a_sheet_triggers_the_end() -> None:
    """MARA-8.1: filling the last circle of a scoring sheet triggers the end."""
    s = carrying("yellow", roll={"yellow": "circle"}, sheets={"yellow": [5, 4]})
    s.apply_action("yellow circle")
    assert obs(s, "triggers") == ["blue: the last circle of the yellow sheet was filled"]
    finish_round(s)
    assert s.is_terminal()
    with pytest.raises(IllegalPositionError) as info:
        position(sheets={"yellow": [5, 5]})
    assert info.value.clause == "MARA-8.1"


def test_MARA_8_1_all_cupcake_fields_trigger_the_end() -> None:
    """MARA-8.1: all 12 cupcake fields filled or crossed trigger the end (here by writing
    in the last one)."""
    s = carrying("yellow", roll={"yellow": "2"}, fields=crossed_except("i7"))
    s.apply_action("yellow 2 i7")
    assert obs(s, "triggers") == ["blue: every cupcake field is filled or crossed"]
    finish_round(s)
    assert s.is_terminal() and obs(s, "winner") in ("red", "blue")


def test_MARA_8_2_region_scoring() -> None:
    """MARA-8.2: the higher sum of own numbers wins a region and scores the winner's circles
    on its sheet; equal sums (0 = 0 too) score nobody."""
    fields = {"h6": "red 3", "h7": "blue 2",  # yellow: red 3 > 2
              "h8": "red 2", "g8": "blue 1", "g9": "blue 1",  # orange: 2 = 2
              "f8": "blue 1",  # green: blue alone
              "d6": "red 0"}  # teal: 0 = 0
    sheets = {"yellow": [5, 3], "orange": [4, 4], "green": [2, 6], "teal": [3, 2]}
    s = carrying("green", roll={"green": "circle"}, fields=fields, sheets=sheets)
    assert s.region_sums()[:4] == [[3, 2], [2, 2], [0, 1], [0, 0]]
    red, blue = (player(s, p)["score"] for p in (0, 1))
    assert red["regions"] == {"yellow": 5, "orange": 0, "green": 0, "teal": 0, "purple": 0, "brown": 0}
    assert blue["regions"] == {"yellow": 0, "orange": 0, "green": 6, "teal": 0, "purple": 0, "brown": 0}
    assert red["region_points"] == 5 and blue["region_points"] == 6
    s.apply_action("green circle")
    assert player(s, 1)["score"]["regions"]["green"] == 7 and player(s, 1)["score"]["total"] == 7


def test_MARA_8_3_totals_above_25_are_the_true_sum() -> None:
    """MARA-8.3 (decision): the total is region + cupcake + power points, kept as the true
    sum above 25."""
    fields = {"h6": "red 1", "h8": "red 1", "f8": "red 1", "d6": "red 1", "d4": "red 1", "f4": "red 1"}
    fields.update(crossed_except("i7"))
    s = carrying("tile", fields=fields, sheets={r: [7, 2] for r in REGIONS})
    assert player(s, 0)["score"]["total"] == 42
    s.apply_action("tile cross i7")
    finish_round(s)  # red fills a circle on every sheet
    assert s.is_terminal()
    red = player(s, 0)["score"]
    assert red["region_points"] == 48 and red["total"] == 48 and s.scores()[0]["total"] == 48
    assert s.outcome().winners == (0,) and s.returns() == [1, -1]
    assert s.outcome().clause == "MARA-8.4" and "48 to" in s.outcome().reason


def _both_above_25(game):
    """The end of a game where red's true total (33) beats blue's (26), both above 25, and
    blue crossed more cupcakes (5 to 2): the reading of MARA-8.3 decides the winner."""
    fields = {**crossed_except("i7"), "h6": "red 1", "h8": "red 1", "f8": "red 1", "d6": "red 1",
              "d4": "blue 1", "f4": "blue 1", "a3": "blue 0", "c5": "blue 0", "c8": "blue 0"}
    sheets = {r: ([7, 2] if k < 4 else [2, 7]) for k, r in enumerate(REGIONS)}
    s = position(roll={c: "crate" for c in REGIONS}, fields=fields, sheets=sheets, game=game,
                 players={"red": {"crates": GROUPS}, "blue": {"crates": GROUPS}})
    for a in ("split tile", "take tile", "tile cross i7"):
        s.apply_action(a)
    assert s.is_terminal()
    return s


def test_MARA_8_3_above_25_continue_is_the_default() -> None:
    """MARA-8.3, above_25="continue" (the seed's "über 25 Punkte beginnt man neu bei 25": a new
    lap of the track): both totals above 25 count in full, so red's 33 beats blue's 26."""
    assert boardkit.load_game("marabunta").options["above_25"] == "continue"
    s = _both_above_25(GAME)
    assert [x["total"] for x in s.scores()] == [33, 26] and s.totals() == [33, 26]
    assert s.outcome().winners == (0,) and s.outcome().clause == "MARA-8.4" and "33 to 26" in s.outcome().reason


def test_MARA_8_3_above_25_cap_counts_25() -> None:
    """MARA-8.3, above_25="cap" (the variant: "beginnt neu bei 25" read as set back to 25):
    a total above 25 counts as 25, so 25 against 25 goes to the tie-break of MARA-8.4 and blue,
    with more cupcakes, wins; a total of 25 or less is unchanged."""
    s = _both_above_25(boardkit.load_game("marabunta", first_number="free", above_25="cap"))
    assert [x["total"] for x in s.scores()] == [25, 25] and s.totals() == [25, 25]
    assert [x["region_points"] for x in s.scores()] == [28, 14]  # the parts are not capped
    assert s.outcome().winners == (1,) and s.returns() == [-1, 1]
    assert s.outcome().clause == "MARA-8.4" and "5 to 2" in s.outcome().reason
    low = carrying("green", roll={"green": "circle"}, fields={"f8": "blue 1"}, sheets={"green": [2, 6]},
                   game=boardkit.load_game("marabunta", first_number="free", above_25="cap"))
    assert low.scores()[1]["total"] == 6
    with pytest.raises(boardkit.OptionError):
        boardkit.load_game("marabunta", above_25="wrap")


def test_MARA_8_4_total_decides_first() -> None:
    """MARA-8.4: the higher total wins, whatever the cupcakes."""
    s = _last_cupcake({"h9": "red 1", "g8": "blue 1", "b4": "blue 1", "f8": "blue 1"})
    red, blue = s.scores()
    assert (red["total"], red["cupcakes"]) == (7, 3) and (blue["total"], blue["cupcakes"]) == (9, 2)
    assert s.outcome().winners == (1,) and s.returns() == [-1, 1] and obs(s, "winner") == "blue"
    assert s.outcome().clause == "MARA-8.4" and s.outcome().reason == "blue has more points (9 to 7)"


def test_MARA_8_4_equal_totals_more_cupcakes_wins() -> None:
    """MARA-8.4: equal totals: more cupcakes crossed wins (even against the trigger player)."""
    s = _last_cupcake({"h9": "red 1", "g8": "blue 1", "b4": "blue 1"})
    red, blue = s.scores()
    assert red["total"] == blue["total"] == 7 and (red["cupcakes"], blue["cupcakes"]) == (3, 2)
    assert obs(s, "triggered_by") == "blue"
    assert s.outcome().winners == (0,) and s.returns() == [1, -1]
    assert s.outcome().clause == "MARA-8.4" and "red crossed more cupcakes (3 to 2)" in s.outcome().reason


@pytest.mark.parametrize("blue_triggers", [True, False])
def test_MARA_8_4_then_the_trigger_player_wins(blue_triggers: bool) -> None:
    """MARA-8.4, MARA-D11: equal totals and cupcakes: the player who triggered the end wins."""
    s = _last_cupcake({"h8": "red 1", "g8": "blue 1", "b4": "blue 1", "d4": "red 1"}, blue_triggers)
    red, blue = s.scores()
    assert red["total"] == blue["total"] == 7 and red["cupcakes"] == blue["cupcakes"] == 2
    trigger = 1 if blue_triggers else 0
    assert obs(s, "triggered_by") == ["red", "blue"][trigger]
    assert s.outcome().winners == (trigger,) and s.returns()[trigger] == 1 and s.winners() == [trigger]
    assert s.outcome().clause == "MARA-D11" and s.outcome().reason.endswith(f"{obs(s, 'triggered_by')} triggered the end")
