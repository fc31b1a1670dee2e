"""Battle Royale clause tests: decisions BR-D*.

Clauses of data/rules/battle_royale.yaml; the positions and checks are in battle_royale_clause_support.py.
"""

from __future__ import annotations

import textwrap

import pytest

import boardkit
from boardkit.core.game import CHANCE, OptionError, TERMINAL
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalPositionError

from battle_royale_clause_support import (
    G4, GAME, GN, GPUB, GROUND, assert_over, legal, no_cards_position, obs, play, pos, refused, tiles,
    variant,
)


def _battle(body: str, game=GAME, to_move: int = 0):
    s = pos(no_cards_position(body, game=game, to_move=to_move), game=game)
    s.apply_action("roll battle")
    return s


def test_BR_D3_neutral_figures_count_but_never_take() -> None:
    """BR-D3: neutral figures count for majorities; players at the top count take any figure
    not of their own colour; a tile topped by neutral figures alone, or a tie with nothing
    else, gives nothing."""
    quiet = _battle("""
        tiles:
          b3: grey 2, red 1, blue 1
          c2: red 1, blue 1
          c3: red 1, blue 1
    """)
    assert obs(quiet, "phase") == "doom" and obs(quiet, "turn") == 5  # nothing to take anywhere
    assert obs(quiet, "prisoners") == [{}, {}]
    assert tiles(quiet)["b3"] == {"red": 1, "blue": 1, "grey": 2}
    tied = _battle("""
        tiles:
          b3: grey 2, red 2, blue 1
          c3: red 1, blue 1
    """)
    assert legal(tied) == {"take b3 blue", "take b3 grey", "decline"}  # red shares the top with grey
    refused(tied, "take b3 red", "BR-4.4")
    three_way = _battle("""
        tiles:
          b3: grey 1, red 1, blue 1
          c3: red 1, blue 1
    """)
    assert obs(three_way, "phase") == "doom" and obs(three_way, "prisoners") == [{}, {}]
    grey_below = _battle("""
        tiles:
          b3: red 2, grey 1, blue 1
          c3: red 1, blue 1
    """)
    assert legal(grey_below) == {"take b3 blue", "take b3 grey", "decline"}


@pytest.mark.parametrize(("to_move", "first", "second"), [(0, 0, 3), (2, 3, 0), (3, 3, 0), (1, 3, 0)])
def test_BR_D4_tied_takers_in_turn_order_from_the_active_player(to_move: int, first: int, second: int) -> None:
    """BR-D4: tied players take in turn order starting with the active player if it is among
    them, else the next one after it."""
    s = _battle("""
        tiles:
          b3: red 2, yellow 2, blue 1, green 1
          c3: red 1, blue 1, green 1, yellow 1
    """, game=G4, to_move=to_move)
    assert s.current_player() == first
    assert legal(s) == {"take b3 blue", "take b3 green", "decline"}  # not the tied rival's (BR-D3)
    s.apply_action("take b3 blue")
    expected = [{}, {}, {}, {}]
    expected[first] = {"blue": 1}
    assert obs(s, "prisoners") == expected
    assert s.current_player() == second
    assert legal(s) == {"take b3 green", "decline"}
    s.apply_action("take b3 green")
    expected[second] = {"green": 1}
    assert obs(s, "prisoners") == expected
    assert tiles(s)["b3"] == {"red": 2, "yellow": 2}


def test_BR_D5_tiles_are_battled_in_name_order() -> None:
    """BR-D5: battles go tile by tile a1, b1, .. e1, a2, ..; the game may end in the middle
    (BR-D6) and later tiles are then not battled."""
    s = _battle("""
        tiles:
          a1: blue 1
          b1: blue 2, red 1
          a2: blue 2, grey 1
          b2: blue 1
          c2: blue 1
          c3: blue 1
    """)
    assert legal(s) == {"take b1 red", "decline"}  # b1 comes before a2
    s.apply_action("take b1 red")  # red's last figure: the game ends before a2
    assert_over(s, [1], "only one colour left in the arena")
    assert tiles(s)["a2"] == {"blue": 2, "grey": 1}
    # without the early end a2 follows b1
    s = _battle("""
        tiles:
          a1: red 1
          b1: blue 2, red 1
          a2: blue 2, grey 1
          b2: blue 1
          c2: blue 1
          c3: blue 1
    """)
    play(s, "take b1 red")
    assert legal(s) == {"take a2 grey", "decline"}
    s.apply_action("take a2 grey")
    assert obs(s, "prisoners") == [{}, {"red": 1, "grey": 1}]


def test_BR_D6_no_player_colour_left_ends_the_game() -> None:
    """BR-D6: 'only one colour' counts player colours; no player colour left (neutral only)
    ends the game too; nobody is then on the goal, so nobody wins (BR-D7), or under
    empty_goal='prisoners' prisoners decide (BR-3.2)."""
    body = """
        tiles:
          c3: grey 1
          c4: red 1, blue 1
        eliminator: c4
        prisoners: {0: blue 1}
    """
    s = pos(no_cards_position(body))
    s.apply_action("roll explosion")
    assert_over(s, [], "no player's figure left in the arena")
    s = pos(no_cards_position(body), game=variant(GN, empty_goal="prisoners"))
    s.apply_action("roll explosion")
    assert_over(s, [0], "no player's figure left in the arena")
    # neutral figures do not keep a game running: red alone with grey is one colour
    s = pos(no_cards_position("""
        tiles:
          c3: grey 1, red 1
          c4: blue 1
          c2: red 1
        eliminator: c4
    """))
    s.apply_action("roll explosion")
    assert_over(s, [0], "only one colour left in the arena")


def test_BR_D6_end_is_checked_at_once_after_a_special_explosion() -> None:
    """BR-D6: the end is checked right after every removal - a special Explosion that removes
    the last blue figure ends the game before the Doom die."""
    s = pos("""
        tiles:
          c3: red 1
          c4: blue 2
          c2: red 1
        eliminator: c4
        hands: {0: [1x1e], 1: [2x2]}
        piles: {0: [3x1], 1: []}
    """)
    play(s, "play 1x1e", "pick c2 red", "step c3")
    assert_over(s, [0], "only one colour left in the arena")
    assert obs(s, "hands")[0] == [] and obs(s, "pile_sizes")[0] == 1  # no draw after the end


@pytest.mark.parametrize(
    ("goal", "winners", "reason"),
    [
        ("grey 2, red 1, blue 1", [0, 1], "only the goal tile is left"),
        ("grey 2, blue 1", [1], "only one colour left in the arena"),
    ],
)
def test_BR_D7_the_majority_is_counted_among_players(goal: str, winners: list[int], reason: str) -> None:
    """BR-D7: the goal majority counts players only - neutral figures never win; players tied at
    the top compare prisoners, still tied all win with 1 each, the others -1."""
    s = pos(no_cards_position(f"""
        tiles:
          c3: {goal}
          c4: red 1
        eliminator: c4
    """))
    s.apply_action("roll explosion")
    assert_over(s, winners, reason)


EMPTY_GOAL = """
    tiles:
      c3: ""
      c2: red 1
      c4: blue 1
    eliminator: c4
    prisoners: {0: blue 1, 1: red 2}
"""


def test_BR_D7_empty_goal_nobody_wins() -> None:
    """BR-D7 (default empty_goal='nobody'): the explosion removes blue's last figure, so only
    red is left in the arena (BR-3.1), but on c2, not on the goal: nobody "besitzt die
    Mehrheit auf dem Zielfeld", so nobody wins and every return is 0 - neither the last
    colour standing nor the player with most prisoners (who has no figure left)."""
    assert GAME.options["empty_goal"] == "nobody"
    s = pos(no_cards_position(EMPTY_GOAL))
    s.apply_action("roll explosion")
    assert_over(s, [], "only one colour left in the arena")
    assert s.returns() == [0, 0] and s.winners() == []


def test_BR_D7_empty_goal_prisoners_option() -> None:
    """BR-D7, option empty_goal='prisoners' (the other reading): all players tie at zero on
    the empty goal and prisoners decide, so blue - no figure left in the arena - beats red,
    the last colour standing; equal prisoners: both win."""
    g = variant(GROUND, empty_goal="prisoners")
    s = g.state_from_position(textwrap.dedent(no_cards_position(EMPTY_GOAL)), study=True)  # no cards at turn 4
    s.apply_action("roll explosion")
    assert_over(s, [1], "only one colour left in the arena")
    s = g.state_from_position(textwrap.dedent(no_cards_position(EMPTY_GOAL.replace("red 2", "red 1"))), study=True)
    s.apply_action("roll explosion")
    assert_over(s, [0, 1], "only one colour left in the arena")


def test_BR_D9_max_turns_cuts_the_game_off_with_zeros() -> None:
    """BR-D9: with max_turns a game still running after that many turns ends with no winner
    and returns 0 for everyone; off by default."""
    assert GAME.options["max_turns"] is None
    g = boardkit.load_game("battle_royale", max_turns=5)
    s = pos("""
        tiles: {c3: red 1; blue 1, c2: red 1}
        hands: {0: [2x2], 1: [2x2]}
        piles: {0: [3x1], 1: [3x1]}
    """, game=g)
    play(s, "play 2x2", "done", "roll battle", "draw 3x1")  # turn 4 ends
    assert obs(s, "turn") == 5 and s.current_player() == 1
    play(s, "play 2x2", "done", "roll battle", "draw 3x1")  # turn 5 ends: the cut
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.outcome() == Outcome((), "cut off", "BR-D9", (0, 0))  # the cut-off names its clause
    assert s.returns() == [0, 0] and s.winners() == [] and s.legal_actions() == []
    refused(s, "play 2x2", "BR-3.1")
    with pytest.raises(OptionError):
        boardkit.load_game("battle_royale", max_turns=0)


def test_BR_D10_entering_a_tile_twice_seed_and_published() -> None:
    """BR-D10: the seed sets no limit on the way a figure takes, so by default it may step back
    onto a tile it entered, its start included, and end its move there; under the published
    profile (revisit=False) the start counts as entered and no tile is entered twice."""
    cells = {t: "" for t in ["a1", "b1", "c1", "e1", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
                             "a4", "b4", "c4", "d4", "a5", "c5", "d5", "e5"]}
    cells.update({"c2": "red 1", "c3": "red 1, blue 1"})
    position = {"tiles": cells, "hands": {0: ["1x3"], 1: ["2x2"]}}
    s = GAME.state_from_position(position)
    play(s, "play 1x3", "pick c2 red", "step c3")
    assert "step c2" in legal(s)
    play(s, "step c2", "stop")  # back where it started: a move that changes nothing on the tiles
    assert tiles(s)["c2"] == {"red": 1} and obs(s, "phase") == "doom"
    for game in (GPUB, boardkit.load_game("battle_royale", revisit=False)):
        s = game.state_from_position(position)
        play(s, "play 1x3", "pick c2 red", "step c3")
        assert "step c2" not in legal(s)
        err = refused(s, "step c2", "BR-D10")
        assert "twice" in err.reason
        play(s, "step d3")
        refused(s, "step c3", "BR-D10")


def test_BR_D11_a_boxed_eliminator_stays() -> None:
    """BR-D11: an Eliminator that must move but has no tile around it stays where it is; no
    decision is asked."""
    s = pos("""
        tiles: {c3: red 1; blue 1, c4: red 1, c5: blue 1}
        eliminator: a1
        hands: {0: [], 1: []}
        piles: {0: [], 1: []}
    """)
    assert obs(s, "phase") == "doom"
    s.apply_action("roll move")  # a2, b1, b2 are holes
    # no decision: blue's turn starts, its Doom roll at once (empty piles draw nothing, BR-D13)
    assert obs(s, "eliminator") == "a1" and s.current_player() == CHANCE and obs(s, "phase") == "doom"
    assert obs(s, "turn") == 5
    err = s.why_illegal("eliminator b2")
    assert err is not None and err.clause == "BR-2.5"


#: BR-D14: red to move with the opponents-only card; c3 and c4 are full (5 figures).
OPPONENTS = """
tiles:
  c1: red 1
  c2: blue 1
  c3: red 3, blue 2
  b3: red 1
  c4: red 5
  d4: blue 1
hands: {0: [1x2o], 1: [2x2]}
piles: {0: [], 1: []}
"""


def test_BR_D14_a_move_of_another_players_figure_does_not_push() -> None:
    """BR-D14: only "ein Zug der eigenen Figur" pushes, and a tile holds at most the maximum:
    a figure moved by the opponents-only card may pass through a full tile but may not end
    its move there; a figure whose every way ends on a full tile cannot be picked."""
    s = play(pos(OPPONENTS, game=GPUB), "play 1x2o")  # no tile entered twice (BR-D10)
    assert legal(s) == {"done", "pick c2 blue", "pick c3 blue"}
    err = refused(s, "pick d4 blue", "BR-D14")  # its only way leads onto full tiles
    assert "own figure" in err.reason
    s = play(pos(OPPONENTS), "play 1x2o")  # seed: d4 - c4 - back to d4 is a way
    assert legal(s) == {"done", "pick c2 blue", "pick c3 blue", "pick d4 blue"}
    s.apply_action("pick d4 blue")
    assert legal(s) == {"step c4"}
    s.apply_action("step c4")
    assert legal(s) == {"step d4"}
    refused(s, "stop", "BR-D14")
    s = play(pos(OPPONENTS), "play 1x2o")
    s.apply_action("pick c2 blue")
    assert legal(s) == {"step c1", "step c3"}
    s.apply_action("step c3")  # through the full goal: 6 figures while it passes
    assert legal(s) == {"step b3", "step c2"}
    refused(s, "stop", "BR-D14")
    refused(s, "step c4", "BR-D14")
    s.apply_action("step b3")  # the last step: the move ends on b3
    assert tiles(s)["b3"] == {"red": 1, "blue": 1} and tiles(s)["c3"] == {"red": 3, "blue": 2}
    assert obs(s, "phase") == "doom" and obs(s, "push") is None
    # a position with a blue figure stuck on a full tile is refused
    with pytest.raises(IllegalPositionError) as info:
        GAME.state_from_position(textwrap.dedent(OPPONENTS).replace("hands:", "phase: move\ncard: 1x2o\nfigures_left: 1\n"
                                 "moving: {colour: blue, path: [c3, c4], steps_left: 0}\nhands:").replace("c4: red 5", "c4: red 4, blue 1"))
    assert info.value.clause in ("BR-D14", "BR-2.3")


def test_BR_D14_option_push_lets_an_opponents_move_push() -> None:
    """BR-D14: with opponent_push="push" a move of another player's figure that overfills a
    tile pushes a figure on, as an own figure's move does."""
    g = variant(GAME, opponent_push="push")
    s = play(pos(OPPONENTS, game=g), "play 1x2o")
    assert legal(s) == {"done", "pick c2 blue", "pick c3 blue", "pick d4 blue"}
    play(s, "pick c2 blue", "step c3")
    assert legal(s) == {"step b3", "step c2", "step c4", "stop"}
    s.apply_action("stop")
    assert obs(s, "phase") == "push" and obs(s, "push") == {"tile": "c3", "colour": "blue"}
    assert legal(s) == {"push blue", "push blue moved", "push red"}


def test_BR_D12_figures_of_a_blasted_tile_leave_the_game_survivors_by_hand() -> None:
    """BR-D12: the engine cannot tell which figures of a blasted tile stay lying on another
    tile ("Sollten Figuren auf anderen Plättchen liegen bleiben, dürfen sie dort aufgestellt
    werden"): all of them leave the game; a group that saw one land on c3 sets it up there
    in a study position and plays on."""
    s = pos(no_cards_position("""
        tiles:
          c3: red 1, blue 1
          d3: red 2, blue 1
          c4: red 1, blue 1
        eliminator: d3
    """))
    s.apply_action("roll explosion")
    assert "d3" in obs(s, "holes") and obs(s, "out")["red"] == 21 - 2 and obs(s, "out")["blue"] == 21 - 2
    p = s.to_position()
    assert p["phase"] == "doom"
    p["tiles"]["c3"] = "red 2, blue 1"  # one red figure of d3 stayed lying on c3
    again = s.game.state_from_position(p, study=True)
    assert tiles(again)["c3"] == {"red": 2, "blue": 1} and obs(again, "out")["red"] == 21 - 3
    assert again.figure_totals() == {"red": 21, "blue": 21}
