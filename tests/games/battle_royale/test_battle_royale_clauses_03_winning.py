"""Battle Royale clause tests: BR-3 winning.

Clauses of data/rules/battle_royale.yaml; the positions and checks are in battle_royale_clause_support.py.
"""

from __future__ import annotations

import pytest

import boardkit
from boardkit.core.game import CHANCE

from battle_royale_clause_support import (
    G3, GAME, GROUND, assert_over, assert_running, legal, no_cards_position, obs, play, pos, refused, tiles,
    variant,
)


def test_BR_3_1_game_ends_when_one_colour_is_left() -> None:
    """BR-3.1: the game ends at once when figures of only one colour remain in the arena - here
    the last blue figure is pushed into a hole in the middle of the movement phase."""
    s = pos("""
        tiles:
          b3: red 1
          c3: red 4, blue 1
          c4: red 1, grey 1
        hands: {0: [3x1], 1: [2x2]}
        piles: {0: [], 1: []}
        prisoners: {1: red 2}
    """)
    play(s, "play 3x1", "pick b3 red", "step c3")
    assert legal(s) == {"push blue", "push red", "push red moved"}
    s.apply_action("push blue")
    assert_over(s, [0], "only one colour left in the arena")
    assert s.winners() == [0]
    assert obs(s, "prisoners") == [{"blue": 1}, {"red": 2}]
    refused(s, "pick c4 red", "BR-3.1")
    refused(s, "roll move", "BR-3.1")
    again = boardkit.state_from_json(s.to_json())
    assert again.observation(None) == s.observation(None)


def test_BR_3_1_game_ends_when_only_the_goal_is_left() -> None:
    """BR-3.1: the game ends when every tile but the goal is gone."""
    s = pos(no_cards_position("""
        tiles:
          c3: red 2, blue 1
          c4: blue 3
          c5: red 1
        eliminator: c4
    """))
    s.apply_action("roll explosion")  # c4 blasted, c5 cut off
    assert tiles(s) == {"c3": {"red": 2, "blue": 1}}
    assert_over(s, [0], "only the goal tile is left")


def test_BR_D13_round_game_ends_after_a_full_round_without_cards() -> None:
    """BR-D13: with no_cards="round", once no player can play (hands and piles empty) one full
    round of Doom rolls is played, then the game ends (BR-D13 names the end)."""
    s = pos(no_cards_position("""
        tiles:
          c3: red 1, blue 2
          c4: red 1
    """))
    assert obs(s, "phase") == "doom" and obs(s, "turn") == 4
    s.apply_action("roll battle")
    assert s.current_player() == CHANCE and obs(s, "phase") == "doom" and obs(s, "turn") == 5
    assert_running(s)
    s.apply_action("roll battle")
    assert_over(s, [1], "no cards left and a full round played", "BR-D13")
    # the round starts with the first turn in which nobody holds a card
    s = pos("""
        tiles: {c3: red 1; blue 2, c4: red 1}
        hands: {0: [2x2], 1: []}
        piles: {0: [], 1: []}
    """, game=GROUND)
    play(s, "play 2x2", "done", "roll battle")  # player 0 plays the last card (turn 4)
    assert_running(s)
    s.apply_action("roll battle")  # turn 5: player 1 only rolls
    assert_running(s)
    assert obs(s, "turn") == 6 and obs(s, "phase") == "doom"
    s.apply_action("roll battle")  # turn 6: player 0's roll completes the round without cards
    assert_over(s, [1], "no cards left and a full round played", "BR-D13")
    # with no_cards="reshuffle" the same position goes on: the played card is drawn again
    s = pos("""
        tiles: {c3: red 1; blue 2, c4: red 1}
        hands: {0: [2x2], 1: []}
        piles: {0: [], 1: []}
    """, game=variant(GAME, no_cards="reshuffle"))
    play(s, "play 2x2", "done", "roll battle")
    assert obs(s, "phase") == "draw" and len(obs(s, "piles")[0]) == 10
    assert_running(s)


@pytest.mark.parametrize(
    ("goal", "prisoners", "winners"),
    [
        ("red 2, blue 1", "{1: red 3}", [0]),  # majority wins, prisoners do not matter
        ("red 1, blue 1", "{1: red 1}", [1]),  # tie on the goal: most prisoners
        ("red 1, blue 1", "{0: blue 1, 1: grey 1}", [0, 1]),  # still tied: both win
        ("red 1, blue 1", "{}", [0, 1]),
        ("red 1, blue 2", "{0: blue 5}", [1]),
    ],
)
def test_BR_3_2_majority_on_the_goal_then_prisoners_then_all(goal: str, prisoners: str, winners: list[int]) -> None:
    """BR-3.2: the majority on the goal tile wins; tied majorities - most prisoners; still tied -
    all of them win (returns 1 each, -1 for the others)."""
    s = pos(no_cards_position(f"""
        tiles:
          c3: {goal}
          c4: red 1, blue 1
        eliminator: c4
        prisoners: {prisoners}
    """))
    s.apply_action("roll explosion")
    assert_over(s, winners, "only the goal tile is left")
    assert s.winners() == winners


def test_BR_3_2_three_players_two_winners() -> None:
    """BR-3.2: with three players two can share the win; the third gets -1."""
    s = pos(no_cards_position("""
        tiles:
          c3: red 2, blue 2, green 1
          c4: green 1
        eliminator: c4
        prisoners: {0: green 1, 1: green 1, 2: red 4}
    """, game=G3), game=G3)
    s.apply_action("roll explosion")
    assert_over(s, [0, 1], "only the goal tile is left")
    assert s.returns() == [1, 1, -1] and s.winners() == [0, 1]
