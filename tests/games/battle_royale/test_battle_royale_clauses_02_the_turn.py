"""Battle Royale clause tests: BR-2 the turn.

Clauses of data/rules/battle_royale.yaml; the positions and checks are in battle_royale_clause_support.py.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

import boardkit
from boardkit.core.game import CHANCE
from boardkit.core.rules import IllegalPositionError

from battle_royale_clause_support import (
    DEFAULT_DATA, G3, GAME, GPUB, GROUND, assert_over, assert_running, legal, obs, play, pos, refused, tiles,
    variant,
)


#: Movement position: red on c2 and c3 among blue figures; the middle nine plus c1 and e3.
MOVE = """
tiles:
  c1: blue 1
  b2: blue 1
  c2: red 1
  d2: blue 1
  b3: blue 1
  c3: red 1, blue 1
  d3: blue 1
  e3: red 1
  b4: blue 1
  c4: blue 1, grey 1
  d4: blue 1
hands: {0: [1x2o, 1x3, 1x3d, 3x1], 1: [2x2]}
piles: {0: [], 1: []}
"""


def test_BR_2_1_the_active_player_plays_a_card_from_its_hand() -> None:
    """BR-2.1: the active player chooses one card of its hand; it starts the movement phase
    with that card; a card not in the hand is refused."""
    s = pos(MOVE)
    assert s.current_player() == 0 and obs(s, "phase") == "card" and obs(s, "turn") == 4
    assert legal(s) == {"play 1x2o", "play 1x3", "play 1x3d", "play 3x1"}
    refused(s, "play 2x2", "BR-2.1")
    refused(s, "pick c3 red", "BR-2.1")
    refused(s, "done", "BR-2.1")
    s.apply_action("play 1x3")
    assert obs(s, "phase") == "move" and obs(s, "card") == "1x3"
    assert obs(s, "hands")[0] == ["1x2o", "1x3d", "3x1"]
    assert legal(s) == {"done", "pick c2 red", "pick c3 red", "pick e3 red"}


def test_BR_2_2_steps_are_orthogonal_not_into_holes_nor_back() -> None:
    """BR-2.2: a step goes to an edge-adjacent tile, never diagonally (without a diagonal card),
    never into a hole; under the published profile (BR-D10, revisit=False) never to a tile the
    figure already entered in this move; a figure needs one step before it may stop."""
    s = play(pos(MOVE, game=GPUB), "play 1x3", "pick c2 red")
    assert legal(s) == {"step b2", "step c1", "step c3", "step d2"}
    refused(s, "stop", "BR-2.2")
    refused(s, "step b3", "BR-2.2")  # diagonal
    refused(s, "step c4", "BR-2.2")  # two away
    refused(s, "done", "BR-2.2")
    refused(s, "pick c3 red", "BR-2.2")  # one figure after another
    s.apply_action("step c3")
    assert legal(s) == {"step b3", "step c4", "step d3", "stop"}
    refused(s, "step c2", "BR-D10")  # where the move started
    s.apply_action("step d3")
    assert legal(s) == {"step d2", "step d4", "step e3", "stop"}
    refused(s, "step e2", "BR-2.2")  # a hole
    refused(s, "step c3", "BR-D10")  # entered before in this move
    s.apply_action("step e3")  # third step: the move ends by itself
    assert tiles(s)["c2"] == {} and tiles(s)["e3"] == {"red": 2}
    assert tiles(s)["c3"] == {"red": 1, "blue": 1}
    # the card's one figure has moved: the Doom die follows
    assert s.current_player() == CHANCE and obs(s, "phase") == "doom"


def test_BR_2_2_not_off_the_frame() -> None:
    """BR-2.2: a figure on the edge has only steps within the frame."""
    s = play(pos(MOVE), "play 1x3", "pick e3 red")
    assert legal(s) == {"step d3"}  # e2 and e4 are holes, f3 is off the frame
    s = play(pos(MOVE), "play 1x3", "pick c2 red", "step c1")
    assert legal(s) == {"step c2", "stop"}  # b1, d1 holes; c0 off the frame; back to c2 (BR-D10)
    s = play(pos(MOVE, game=GPUB), "play 1x3", "pick c2 red", "step c1")
    assert legal(s) == {"stop"}  # c2 entered (published, BR-D10)


def test_BR_2_2_fewer_steps_with_stop_and_fewer_figures_with_done() -> None:
    """BR-2.2: a figure may make fewer steps ('stop') and the player may move fewer figures
    than the card allows ('done'), even none."""
    s = play(pos(MOVE), "play 3x1", "pick c2 red", "step b2")
    assert obs(s, "phase") == "move" and legal(s) == {"done", "pick c3 red", "pick e3 red"}
    s.apply_action("done")
    assert obs(s, "phase") == "doom" and tiles(s)["b2"] == {"red": 1, "blue": 1}
    s = play(pos(MOVE), "play 1x3", "pick c3 red", "step c2", "stop")
    assert tiles(s)["c2"] == {"red": 2} and obs(s, "phase") == "doom"
    s = play(pos(MOVE), "play 3x1", "done")
    assert obs(s, "phase") == "doom" and tiles(s) == tiles(pos(MOVE))


def test_BR_2_2_a_figure_moves_once_a_turn() -> None:
    """BR-2.2: figures move one after another and the same figure may not move twice; an
    unmoved figure of the same colour on the tile still may."""
    s = play(pos(MOVE), "play 3x1", "pick c2 red", "step c3")
    assert tiles(s)["c3"] == {"red": 2, "blue": 1}
    assert legal(s) == {"done", "pick c3 red", "pick e3 red"}  # the figure that did not move yet
    s.apply_action("pick c3 red")
    assert legal(s) == {"step b3", "step c2", "step c4", "step d3"}
    refused(s, "pick e3 red", "BR-2.2")  # one figure after another
    s.apply_action("step c4")
    assert legal(s) == {"done", "pick e3 red"}
    refused(s, "pick c3 red", "BR-2.2")  # the red on c3 has moved this turn
    refused(s, "pick c4 red", "BR-2.2")
    refused(s, "pick c2 red", "BR-2.2")  # no red there any more
    refused(s, "pick a1 red", "BR-2.2")  # a hole
    refused(s, "pick c3 blue", "BR-2.2")  # not an own figure


def test_BR_2_2_diagonal_card() -> None:
    """BR-2.2: the diagonal card 1x3d - "eine Karte, die genau diese Fortbewegung fordert" -
    steps diagonally only (its data says ``directions: diagonal``); an orthogonal step is
    refused naming the card."""
    s = play(pos(MOVE), "play 1x3d", "pick c2 red")
    assert legal(s) == {"step b3", "step d3"}
    err = refused(s, "step c3", "BR-2.2")
    assert "1x3d" in err.reason and "diagonal" in err.reason
    s.apply_action("step b3")
    assert legal(s) == {"step c2", "step c4", "stop"}  # a2 is a hole; back to c2 (BR-D10)
    s.apply_action("step c4")
    assert legal(s) == {"step b3", "step d3", "stop"}  # b5 is a hole, d5 not in this arena
    s.apply_action("step d3")
    assert tiles(s)["d3"] == {"red": 1, "blue": 1} and obs(s, "phase") == "doom"
    # published profile: no tile entered twice (BR-D10)
    s = play(pos(MOVE, game=GPUB), "play 1x3d", "pick c2 red", "step b3")
    assert legal(s) == {"step c4", "stop"}


def test_BR_2_2_a_card_stepping_both_ways(tmp_path: Path) -> None:
    """BR-2.2, BR-6: a card of another data file may step both ways (``directions: any``)."""
    doc = yaml.safe_load(DEFAULT_DATA.read_text(encoding="utf-8"))
    doc["cards"][1]["directions"] = "any"
    path = tmp_path / "any.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    g = boardkit.load_game("battle_royale", data=str(path), neutral="data")
    s = play(pos(MOVE, game=g), "play 1x3d", "pick c2 red")
    assert legal(s) == {"step b2", "step b3", "step c1", "step c3", "step d2", "step d3"}


def test_BR_2_2_opponents_only_card_moves_other_players_figures() -> None:
    """BR-2.2: the opponents-only card 1x2o moves only other players' figures, never own ones."""
    s = play(pos(MOVE), "play 1x2o")
    assert legal(s) == {"done"} | {f"pick {t} blue" for t in ("b2", "b3", "b4", "c1", "c3", "c4", "d2", "d3", "d4")}
    refused(s, "pick c3 red", "BR-2.2")
    play(s, "pick c3 blue", "step c2", "stop")
    assert tiles(s)["c2"] == {"red": 1, "blue": 1} and tiles(s)["c3"] == {"red": 1}
    assert obs(s, "phase") == "doom"
    # three players: both opponents' colours
    s3 = pos("""
        tiles: {c3: red 1; blue 1; green 1, c4: green 1}
        hands: {0: [1x2o]}
    """, game=G3)
    s3.apply_action("play 1x2o")
    assert legal(s3) == {"done", "pick c3 blue", "pick c3 green", "pick c4 green"}


def test_BR_D1_cards_never_move_neutral_figures() -> None:
    """BR-D1: neutral figures belong to nobody - no card moves them, the opponents-only card
    neither; they move only when pushed."""
    s = play(pos(MOVE), "play 1x2o")
    assert not any("grey" in a for a in legal(s))
    err = refused(s, "pick c4 grey", "BR-D1")
    assert "neutral" in err.reason
    s = play(pos(MOVE), "play 1x3")
    refused(s, "pick c4 grey", "BR-D1")


#: Push column: red on c2 moves north into the full goal c3; c4 and c5 above.
PUSH = """
tiles:
  c2: red 1
  c3: red 1, blue 4
  c4: blue {c4}
  c5: {c5}
hands: {{0: [1x3, 3x1], 1: [2x2]}}
piles: {{0: [], 1: []}}
"""


def push_state(c4: str = "1", c5: str = "red 1", game=GAME):
    return pos(PUSH.format(c4=c4, c5=c5), game=game)


def test_BR_2_3_overfull_tile_pushes_in_the_arrival_direction() -> None:
    """BR-2.3: a move ending on a tile that then holds more than 5 figures (2 players) pushes a
    figure of the active player's choice one tile on, in the direction the mover came from."""
    s = play(push_state(), "play 1x3", "pick c2 red", "step c3", "stop")
    assert obs(s, "phase") == "push" and obs(s, "push") == {"tile": "c3", "colour": "red"}
    assert tiles(s)["c3"] == {"red": 2, "blue": 4}
    assert legal(s) == {"push blue", "push red", "push red moved"}  # 'moved': the red that arrived (BR-D2)
    refused(s, "done", "BR-2.3")
    refused(s, "step c4", "BR-2.3")
    refused(s, "push green", "BR-2.3")
    refused(s, "push grey", "BR-2.3")
    s.apply_action("push blue")
    assert tiles(s) == {"c2": {}, "c3": {"red": 2, "blue": 3}, "c4": {"blue": 2}, "c5": {"red": 1}}
    assert obs(s, "push") is None and obs(s, "phase") == "doom"
    # pushing the red figure that had not moved instead
    s = play(push_state(), "play 1x3", "pick c2 red", "step c3", "stop", "push red")
    assert tiles(s) == {"c2": {}, "c3": {"red": 1, "blue": 4}, "c4": {"red": 1, "blue": 1}, "c5": {"red": 1}}


def test_BR_2_3_chain_reaction_and_push_off_the_frame() -> None:
    """BR-2.3: a pushed figure that overfills the next tile pushes again in the same direction
    (chain reaction); here up to the edge, where the last figure is pushed off the frame."""
    s = play(push_state(c4="5", c5="red 1, blue 4"), "play 1x3", "pick c2 red", "step c3", "stop")
    s.apply_action("push blue")
    assert obs(s, "phase") == "push" and obs(s, "push") == {"tile": "c4", "colour": "blue"}
    assert tiles(s)["c4"] == {"blue": 6}
    assert legal(s) == {"push blue"}  # any of the six blue figures, the one just arrived included
    s.apply_action("push blue")
    assert obs(s, "push") == {"tile": "c5", "colour": "blue"} and tiles(s)["c5"] == {"red": 1, "blue": 5}
    assert legal(s) == {"push blue", "push red"}
    s.apply_action("push red")  # off the frame, north of c5: red's own figure
    assert tiles(s) == {"c2": {}, "c3": {"red": 2, "blue": 3}, "c4": {"blue": 5}, "c5": {"blue": 5}}
    assert obs(s, "prisoners") == [{"red": 1}, {}]
    assert obs(s, "phase") == "doom"
    assert s.figure_totals() == {"red": 21, "blue": 21}


@pytest.mark.parametrize(("players", "capacity"), [(2, 5), (3, 5), (4, 6)])
def test_BR_2_3_capacity_by_number_of_players(players: int, capacity: int) -> None:
    """BR-2.3: capacity C = 5 with 2 or 3 players and 6 with 4; a position above C is
    impossible; a move onto a tile with C figures pushes, onto one with C-1 does not."""
    g = boardkit.load_game("battle_royale", players=players)
    assert obs(g.new_initial_state(), "capacity") == capacity
    with pytest.raises(IllegalPositionError) as info:
        pos(f"tiles: {{c3: blue {capacity + 1}, c2: red 1}}\nhands: {{}}\n", game=g)
    assert info.value.clause == "BR-2.3"
    full = pos(f"tiles: {{c3: blue {capacity}, c2: red 1}}\nhands: {{0: [1x3]}}\npiles: {{0: []}}\n", game=g)
    play(full, "play 1x3", "pick c2 red", "step c3", "stop")
    assert obs(full, "phase") == "push" and legal(full) == {"push blue", "push red moved"}
    room = pos(f"tiles: {{c3: blue {capacity - 1}, c2: red 1}}\nhands: {{0: [1x3]}}\npiles: {{0: []}}\n", game=g)
    play(room, "play 1x3", "pick c2 red", "step c3", "stop")
    assert obs(room, "phase") == "doom" and tiles(room)["c3"] == {"red": 1, "blue": capacity - 1}


def test_BR_2_4_pushed_into_a_hole_becomes_a_prisoner() -> None:
    """BR-2.4: a figure pushed into a hole is taken by the active player as a prisoner; the hole
    stays a hole."""
    s = pos("""
        tiles:
          b3: red 1
          c3: blue 5
          c4: red 1
        hands: {0: [1x3], 1: [2x2]}
        piles: {0: [], 1: []}
    """)
    play(s, "play 1x3", "pick b3 red", "step c3", "stop")
    assert legal(s) == {"push blue", "push red moved"}
    s.apply_action("push blue")  # east of c3 is d3, a hole
    assert tiles(s) == {"b3": {}, "c3": {"red": 1, "blue": 4}, "c4": {"red": 1}}
    assert "d3" in obs(s, "holes") and obs(s, "prisoners") == [{"blue": 1}, {}]
    assert obs(s, "out") == {"blue": 16, "red": 19}


def test_BR_2_4_own_figure_prisoner_or_out_with_option() -> None:
    """BR-2.4: an own figure pushed out is a prisoner too by default; with own_prisoners=False
    it leaves the game (an opponent's figure still becomes a prisoner)."""
    text = """
        tiles:
          b3: red 1
          c3: red 2, blue 3
          c4: blue 1
        hands: {0: [1x3, 3x1], 1: [2x2]}
        piles: {0: [], 1: []}
    """
    s = play(pos(text), "play 1x3", "pick b3 red", "step c3", "stop")
    assert legal(s) == {"push blue", "push red", "push red moved"}
    s.apply_action("push red")
    assert obs(s, "prisoners") == [{"red": 1}, {}] and obs(s, "out")["red"] == 18
    g = boardkit.load_game("battle_royale", own_prisoners=False)
    s = play(pos(text, game=g), "play 1x3", "pick b3 red", "step c3", "stop", "push red")
    assert obs(s, "prisoners") == [{}, {}] and obs(s, "out")["red"] == 19
    assert tiles(s)["c3"] == {"red": 2, "blue": 3}
    s = play(pos(text, game=g), "play 1x3", "pick b3 red", "step c3", "stop", "push blue")
    assert obs(s, "prisoners") == [{"blue": 1}, {}]


def test_BR_2_4_neutral_figure_pushed_out_is_a_prisoner() -> None:
    """BR-2.4 / BR-1.6: neutral figures can be pushed and captured."""
    s = pos("""
        tiles:
          b3: red 1
          c3: blue 3, grey 2
          c4: red 1
        hands: {0: [1x3], 1: [2x2]}
        piles: {0: [], 1: []}
    """)
    play(s, "play 1x3", "pick b3 red", "step c3", "stop")
    assert legal(s) == {"push blue", "push grey", "push red moved"}
    s.apply_action("push grey")
    assert obs(s, "prisoners") == [{"grey": 1}, {}] and tiles(s)["c3"] == {"red": 1, "blue": 3, "grey": 1}


def test_BR_D2_the_arriving_figure_may_be_pushed_on() -> None:
    """BR-D2: "Die aktive Person entscheidet, welche Figur geschubst wird" - the figure that
    just arrived may be the one pushed on (it goes one tile further the same way); with the
    option push_arriving=False it is never the one pushed."""
    text = """
        tiles:
          c2: red 1
          c3: blue 5
          c4: blue 1
        hands: {0: [1x3]}
        piles: {0: []}
    """
    s = play(pos(text), "play 1x3", "pick c2 red", "step c3", "stop")
    assert legal(s) == {"push blue", "push red moved"}
    refused(s, "push red", "BR-2.3")  # no red there that has not moved
    s.apply_action("push red moved")
    assert tiles(s) == {"c2": {}, "c3": {"blue": 5}, "c4": {"red": 1, "blue": 1}} and obs(s, "phase") == "doom"
    g = boardkit.load_game("battle_royale", push_arriving=False)
    s = play(pos(text, game=g), "play 1x3", "pick c2 red", "step c3", "stop")
    assert legal(s) == {"push blue"}
    err = refused(s, "push red", "BR-D2")
    assert "just arrived" in err.reason
    refused(s, "push red moved", "BR-D2")


def test_BR_D2_choice_between_a_moved_and_an_unmoved_figure() -> None:
    """BR-D2: with both kinds on the tile the player chooses a figure that moved this turn
    ('push red moved', it may not move again) or one that has not (it may still move later)."""
    text = """
        tiles:
          c2: red 1
          b3: red 1
          c3: red 1, blue 3
          d3: blue 1
          d2: blue 1
        hands: {0: [3x1]}
        piles: {0: []}
    """
    s = play(pos(text), "play 3x1", "pick c2 red", "step c3")  # c3: 5 figures, no push
    assert obs(s, "phase") == "move"
    s.apply_action("pick b3 red")
    s.apply_action("step c3")  # 6 figures: push east
    assert obs(s, "phase") == "push" and tiles(s)["c3"] == {"red": 3, "blue": 3}
    assert legal(s) == {"push blue", "push red", "push red moved"}
    moved = s.child("push red moved")
    assert tiles(moved)["d3"] == {"red": 1, "blue": 1}
    assert legal(moved) == {"done", "pick c3 red"}  # the pushed red has moved; c3's first red has not
    unmoved = s.child("push red")
    assert tiles(unmoved)["d3"] == {"red": 1, "blue": 1}
    assert legal(unmoved) == {"done", "pick d3 red"}  # the pushed red had not moved: it still may
    assert tiles(unmoved)["c3"] == {"red": 2, "blue": 3}  # both reds left on c3 have moved
    play(unmoved, "pick d3 red", "step d2")
    assert tiles(unmoved)["d2"] == {"red": 1, "blue": 1} and obs(unmoved, "phase") == "doom"


def test_BR_D8_capacity_is_checked_where_the_move_ends() -> None:
    """BR-D8: a figure may pass through a full tile; capacity is checked where its move ends."""
    s = play(push_state(c4="1"), "play 1x3", "pick c2 red", "step c3")
    assert obs(s, "phase") == "move" and tiles(s)["c3"] == {"red": 2, "blue": 4}
    assert legal(s) == {"step c2", "step c4", "stop"}
    s.apply_action("step c4")
    assert tiles(s) == {"c2": {}, "c3": {"red": 1, "blue": 4}, "c4": {"red": 1, "blue": 1}, "c5": {"red": 1}}
    assert obs(s, "phase") == "move"
    s.apply_action("stop")
    assert obs(s, "phase") == "doom"


def test_BR_D8_the_push_follows_the_last_step_even_diagonal() -> None:
    """BR-D8: the push goes in the direction of the mover's last step - diagonal after a
    diagonal step; the chain continues in that direction."""
    s = pos("""
        tiles:
          b2: red 1
          c2: blue 1
          c3: red 1, blue 4
          c4: blue 1
          d4: blue 5
        hands: {0: [1x3d]}
        piles: {0: []}
    """)
    play(s, "play 1x3d", "pick b2 red", "step c3", "stop")  # north-east
    assert legal(s) == {"push blue", "push red", "push red moved"}
    s.apply_action("push blue")  # to d4 (north-east), which overflows: on to e5, a hole
    assert obs(s, "push") == {"tile": "d4", "colour": "blue"} and tiles(s)["d4"] == {"blue": 6}
    s.apply_action("push blue")
    assert tiles(s) == {"b2": {}, "c2": {"blue": 1}, "c3": {"red": 2, "blue": 3}, "c4": {"blue": 1}, "d4": {"blue": 5}}
    assert obs(s, "prisoners") == [{"blue": 1}, {}]
    # the direction of the last step, not of the first
    s = pos("""
        tiles:
          b2: red 1
          b3: blue 1
          c3: blue 5
          c2: blue 1
          c4: blue 1
        hands: {0: [1x3]}
        piles: {0: []}
    """)
    play(s, "play 1x3", "pick b2 red", "step b3", "step c3", "stop")  # north, then east
    s.apply_action("push blue")  # east of c3: d3, a hole
    assert obs(s, "prisoners") == [{"blue": 1}, {}] and tiles(s)["c4"] == {"blue": 1}


def test_BR_2_5_special_after_movement_then_doom_then_draw() -> None:
    """BR-2.5: after all movement the card's special action (here Move of 2x1m) is carried out,
    then the Doom die is rolled and its event done, then the player draws one card ("Am Ende
    wird eine Karte nachgezogen")."""
    s = pos("""
        tiles:
          c2: red 1
          c3: red 1, blue 1
          c4: blue 1
        hands: {0: [1x1e, 1x3, 2x1b, 2x1m], 1: [2x2]}
        piles: {0: [3x1, 3x1], 1: []}
    """)
    play(s, "play 2x1m", "pick c2 red", "step c3")
    assert obs(s, "phase") == "move"
    refused(s, "eliminator c4", "BR-2.5")  # the special comes after the movement
    s.apply_action("done")
    assert obs(s, "phase") == "event" and obs(s, "event") == "move" and s.current_player() == 0
    assert legal(s) == {"eliminator c2", "eliminator c4"}  # c2 is empty but still a tile
    refused(s, "roll battle", "BR-2.5")  # the Doom die comes after the special
    s.apply_action("eliminator c4")
    assert obs(s, "eliminator") == "c4"
    assert s.current_player() == CHANCE and obs(s, "phase") == "doom"
    assert s.chance_outcomes() == [(s.parse_action("roll battle"), Fraction(1, 3)),
                                   (s.parse_action("roll explosion"), Fraction(1, 3)),
                                   (s.parse_action("roll move"), Fraction(1, 3))]
    s.apply_action("roll battle")  # c3 is the goal; c4 holds blue alone: nothing happens
    assert obs(s, "phase") == "draw" and s.current_player() == CHANCE
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("draw 3x1", Fraction(1))]
    refused(s, "play 1x3", "BR-1.4")
    s.apply_action("draw 3x1")
    assert obs(s, "hands")[0] == ["1x1e", "1x3", "2x1b", "3x1"] and obs(s, "piles")[0] == ["3x1"]
    assert s.current_player() == 1 and obs(s, "phase") == "card" and obs(s, "turn") == 5


def test_BR_2_5_explosion_and_battle_specials_come_before_the_doom_die() -> None:
    """BR-2.5: the specials Explosion (1x1e) and Battle (2x1b) happen before the Doom roll."""
    text = """
        tiles:
          c2: red 2, blue 1
          c3: red 1, blue 1
          c4: blue 1
          d3: red 1
        eliminator: c4
        hands: {0: [1x1e, 2x1b], 1: [2x2]}
        piles: {0: [], 1: []}
    """
    s = play(pos(text), "play 1x1e", "done")
    assert "c4" in obs(s, "holes") and tiles(s).keys() == {"c2", "c3", "d3"}
    assert obs(s, "out")["blue"] == 21 - 2
    assert obs(s, "phase") == "doom"
    s = play(pos(text), "play 2x1b", "done")
    assert obs(s, "phase") == "event" and obs(s, "event") == "battle" and legal(s) == {"take c2 blue", "decline"}
    s.apply_action("take c2 blue")
    assert obs(s, "prisoners") == [{"blue": 1}, {}] and obs(s, "phase") == "doom"


def test_BR_2_5_one_card_is_drawn_at_the_end_of_the_turn() -> None:
    """BR-2.5: "Am Ende wird eine Karte nachgezogen": one card, even with a hand of fewer
    than four (a study position)."""
    s = pos("""
        tiles: {c3: red 1; blue 1, c2: red 1}
        hands: {0: [2x2, 3x1], 1: [1x3]}
        piles: {0: [1x3, 1x3d], 1: [2x2]}
    """)
    play(s, "play 2x2", "done", "roll battle")
    assert obs(s, "phase") == "draw" and obs(s, "pile_sizes") == [2, 1]
    s.apply_action("draw 1x3")
    assert s.current_player() == 1 and obs(s, "phase") == "card"
    assert obs(s, "hands") == [["1x3", "3x1"], ["1x3"]] and obs(s, "pile_sizes") == [1, 1]


EMPTY_PILE = """
    tiles: {c3: red 1; blue 1, c2: red 1}
    hands: {0: [2x2, 3x1], 1: [1x3]}
    piles: {0: [], 1: [2x2]}
"""


def test_BR_D13_an_empty_pile_draws_nothing_by_default() -> None:
    """BR-D13 (default no_cards='no_draw'): the seed names no discard pile and no reshuffle, so
    a player whose pile is empty draws nothing; a player with no card only rolls the Doom die
    (BR-2.6), and the game goes on until BR-3.1 ends it - no third end."""
    assert GAME.options["no_cards"] == "no_draw"
    s = play(pos(EMPTY_PILE), "play 2x2", "done", "roll battle")
    assert s.current_player() == 1 and obs(s, "phase") == "card"
    assert obs(s, "hands") == [["3x1"], ["1x3"]] and obs(s, "pile_sizes") == [0, 1]
    play(s, "play 1x3", "done", "roll battle", "draw 2x2", "play 3x1", "done", "roll battle")
    assert obs(s, "hands") == [[], ["2x2"]] and obs(s, "pile_sizes") == [0, 0]  # red drew nothing
    play(s, "play 2x2", "done", "roll battle")
    assert obs(s, "phase") == "doom" and s.current_player() == CHANCE and obs(s, "turn") == 8
    for _ in range(2 * 3):  # three rounds with no card anywhere: Doom rolls only, no end
        s.apply_action("roll battle")
        assert_running(s)
    assert obs(s, "phase") == "doom" and obs(s, "hands") == [[], []]
    s.apply_action("roll explosion")  # the Eliminator is under the goal: a Move instead (BR-4.2)
    s.apply_action("eliminator c2")
    s.apply_action("roll explosion")  # c2 goes with its red figure: only the goal is left (BR-3.1)
    assert_over(s, [0, 1], "only the goal tile is left")  # red 1, blue 1 there, no prisoners: both win


def test_BR_D13_an_empty_pile_is_refilled_from_the_played_cards() -> None:
    """BR-D13 (option no_cards="reshuffle"): a player drawing from an empty pile shuffles its
    played cards - every card of its colour not in its hand - into a new pile and draws one,
    uniformly; the game goes on."""
    s = play(pos(EMPTY_PILE, game=variant(GAME, no_cards="reshuffle")), "play 2x2", "done", "roll battle")
    assert obs(s, "phase") == "draw" and s.current_player() == CHANCE
    assert obs(s, "piles")[0] == ["1x1e", "1x2o", "1x3", "1x3d", "2x1b", "2x1m", "2x2", "2x2", "3x1"]
    odds = dict((str(a), p) for a, p in s.chance_outcomes())
    assert odds["draw 2x2"] == Fraction(2, 9) and odds["draw 3x1"] == Fraction(1, 9) and sum(odds.values()) == 1
    s.apply_action("draw 2x2")
    assert s.current_player() == 1 and obs(s, "hands") == [["2x2", "3x1"], ["1x3"]] and obs(s, "pile_sizes") == [8, 1]


def test_BR_D13_round_an_empty_pile_draws_nothing() -> None:
    """BR-D13: with no_cards="round" a player whose pile is empty draws nothing; the next
    player's turn starts."""
    s = pos("""
        tiles: {c3: red 1; blue 1, c2: red 1}
        hands: {0: [2x2, 3x1], 1: [1x3]}
        piles: {0: [], 1: [2x2]}
    """, game=GROUND)
    play(s, "play 2x2", "done", "roll battle")
    assert s.current_player() == 1 and obs(s, "phase") == "card"
    assert obs(s, "hands") == [["3x1"], ["1x3"]] and obs(s, "pile_sizes") == [0, 1]
    play(s, "play 1x3", "done", "roll battle")
    assert s.current_player() == CHANCE and obs(s, "phase") == "draw"
    s.apply_action("draw 2x2")
    assert s.current_player() == 0 and obs(s, "hands") == [["3x1"], ["2x2"]]


def test_BR_2_6_no_card_in_hand_goes_straight_to_the_doom_die() -> None:
    """BR-2.6: a player with no card skips the card part but still rolls the Doom die (and
    then draws, if its pile holds cards)."""
    s = pos("""
        tiles: {c3: red 1; blue 1, c2: red 2; blue 1}
        hands: {0: [], 1: [1x3]}
        piles: {0: [3x1], 1: []}
    """)
    assert s.current_player() == CHANCE and obs(s, "phase") == "doom"
    assert legal(s) == {"roll battle", "roll explosion", "roll move"}
    refused(s, "play 3x1", "BR-2.5")
    s.apply_action("roll battle")
    assert legal(s) == {"take c2 blue", "decline"}
    s.apply_action("take c2 blue")
    assert obs(s, "phase") == "draw" and legal(s) == {"draw 3x1"}
    s.apply_action("draw 3x1")
    assert s.current_player() == 1 and obs(s, "hands") == [["3x1"], ["1x3"]]
