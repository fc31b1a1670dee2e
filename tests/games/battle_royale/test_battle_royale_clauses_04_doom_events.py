"""Battle Royale clause tests: BR-4 Doom events.

Clauses of data/rules/battle_royale.yaml; the positions and checks are in battle_royale_clause_support.py.
"""

from __future__ import annotations

from collections import Counter

from boardkit.core.game import CHANCE

from battle_royale_clause_support import (
    G3, G4, assert_running, holes_except, legal, no_cards_position, obs, pos, refused, tiles, variant,
)


MIDDLE = """
tiles:
  b2: red 1
  c2: blue 1
  d2: red 1
  b3: blue 1
  c3: red 1, blue 1
  d3: blue 1
  b4: red 1
  c4: blue 1
  d4: red 1
"""


def test_BR_4_1_the_eliminator_moves_one_position_in_eight_directions() -> None:
    """BR-4.1: Move - the active player moves the Eliminator one position, orthogonally or
    diagonally, within the frame."""
    s = pos(no_cards_position(MIDDLE))
    s.apply_action("roll move")
    assert obs(s, "phase") == "event" and obs(s, "event") == "move" and s.current_player() == 0
    assert legal(s) == {f"eliminator {t}" for t in ("b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4")}
    refused(s, "eliminator c3", "BR-4.1")  # it must move
    refused(s, "eliminator e5", "BR-4.1")  # two away
    refused(s, "roll move", "BR-2.5")
    refused(s, "take c2 blue", "BR-4.1")
    s.apply_action("eliminator b4")
    assert obs(s, "eliminator") == "b4"
    assert s.current_player() == CHANCE and obs(s, "phase") == "doom" and obs(s, "to_move") == CHANCE
    assert obs(s, "turn") == 5  # player 1's turn: its Doom roll
    s.apply_action("roll move")
    assert legal(s) == {"eliminator b3", "eliminator c3", "eliminator c4"}  # a3, a4, a5, b5, c5: holes


def test_BR_4_1_never_under_a_hole_and_stays_when_boxed_in() -> None:
    """BR-4.1: the Eliminator never moves under a hole; with no tile around it, it stays."""
    s = pos(no_cards_position(MIDDLE.replace("  d4: red 1\n", "").replace("  b2: red 1\n", "")))
    s.apply_action("roll move")
    assert legal(s) == {f"eliminator {t}" for t in ("c2", "d2", "b3", "d3", "b4", "c4")}
    refused(s, "eliminator d4", "BR-4.1")
    refused(s, "eliminator b2", "BR-4.1")
    # at the edge: only positions within the frame
    edge = pos(no_cards_position("tiles: {a1: red 1, b1: blue 1, a2: red 1, c1: red 1, c2: blue 1, c3: blue 1}\n"
                                 "eliminator: a1\n"))
    edge.apply_action("roll move")
    assert legal(edge) == {"eliminator a2", "eliminator b1"}  # b2 is a hole
    boxed = pos(no_cards_position("tiles: {c3: red 1; blue 1, c4: red 1, c5: blue 1}\neliminator: a1\n"))
    boxed.apply_action("roll move")  # a2, b1, b2 are holes: it stays under a1
    assert obs(boxed, "eliminator") == "a1"
    assert boxed.current_player() == CHANCE and obs(boxed, "phase") == "doom" and obs(boxed, "turn") == 5


def test_BR_4_2_explosion_removes_the_tile_and_cut_off_tiles() -> None:
    """BR-4.2: Explosion - the tile above the Eliminator is removed, its figures leave the game
    (not prisoners); every tile no longer connected to the goal is removed with its figures."""
    s = pos(no_cards_position("""
        tiles:
          c3: red 1, blue 1
          d3: red 2, blue 1
          e3: red 1, blue 1
          e2: grey 1
          c4: red 1
        eliminator: d3
        prisoners: {1: red 1}
    """))
    out_before = Counter(obs(s, "out"))
    s.apply_action("roll explosion")
    assert tiles(s) == {"c3": {"red": 1, "blue": 1}, "c4": {"red": 1}}
    assert sorted(obs(s, "holes")) == sorted(holes_except("c3", "c4"))
    assert Counter(obs(s, "out")) - out_before == Counter({"red": 3, "blue": 2, "grey": 1})
    assert obs(s, "prisoners") == [{}, {"red": 1}]
    assert obs(s, "eliminator") == "d3"  # it stays, now under a hole
    assert s.current_player() == CHANCE and obs(s, "phase") == "doom" and obs(s, "turn") == 5
    assert_running(s)
    # the next Explosion under the hole is a Move instead
    s.apply_action("roll explosion")
    assert obs(s, "event") == "move" and legal(s) == {"eliminator c3", "eliminator c4"}


def test_BR_4_2_explosion_under_the_goal_is_a_move() -> None:
    """BR-4.2: under the goal tile an Explosion is a Move instead; the goal is never blasted."""
    s = pos(no_cards_position(MIDDLE))
    s.apply_action("roll explosion")
    assert obs(s, "phase") == "event" and obs(s, "event") == "move"
    assert len(legal(s)) == 8 and "c3" in tiles(s)
    assert tiles(s) == tiles(pos(no_cards_position(MIDDLE)))


def test_BR_4_3_battle_strict_majorities_take() -> None:
    """BR-4.3: Battle - on every tile but the goal the player with the strict majority may take
    one other figure as a prisoner; a tie without other figures gives nothing; a lone colour
    takes nothing; the goal is not battled."""
    s = pos(no_cards_position("""
        tiles:
          b2: red 2, blue 1
          c2: red 1, blue 1
          b3: red 1
          c3: red 3, blue 1
          d3: blue 2, red 1
          c4: blue 3, grey 1
    """))
    s.apply_action("roll battle")
    assert obs(s, "event") == "battle" and legal(s) == {"take b2 blue", "decline"}
    refused(s, "take d3 red", "BR-4.4")  # tiles in order
    refused(s, "take c3 blue", "BR-4.4")  # the goal is not battled
    refused(s, "eliminator c4", "BR-4.3")
    s.apply_action("take b2 blue")
    assert legal(s) == {"take d3 red", "decline"}
    s.apply_action("take d3 red")
    assert legal(s) == {"take c4 grey", "decline"}
    s.apply_action("take c4 grey")
    assert tiles(s) == {"b2": {"red": 2}, "c2": {"red": 1, "blue": 1}, "b3": {"red": 1}, "c3": {"red": 3, "blue": 1},
                        "d3": {"blue": 2}, "c4": {"blue": 3}}
    assert obs(s, "prisoners") == [{"blue": 1}, {"grey": 1, "red": 1}]
    assert obs(s, "phase") == "doom" and obs(s, "turn") == 5


def test_BR_4_3_taking_is_optional() -> None:
    """BR-4.3: "Die Person mit der Mehrheit darf ... nehmen" - taking is allowed, not forced:
    'decline' leaves the tile as it is and the battle goes on with the next taker."""
    s = pos(no_cards_position("""
        tiles:
          b2: red 2, blue 1
          c2: red 1
          c3: red 1, blue 1
          d3: blue 2, red 1
    """))
    s.apply_action("roll battle")
    assert legal(s) == {"take b2 blue", "decline"} and s.current_player() == 0
    s.apply_action("decline")
    assert tiles(s)["b2"] == {"red": 2, "blue": 1} and obs(s, "prisoners") == [{}, {}]
    assert legal(s) == {"take d3 red", "decline"} and s.current_player() == 1
    s.apply_action("decline")
    assert tiles(s)["d3"] == {"red": 1, "blue": 2} and obs(s, "phase") == "doom" and obs(s, "turn") == 5
    refused(s, "decline", "BR-2.5")  # no battle now: chance rolls the Doom die


TIED4 = """
    tiles:
      b2: red 2, yellow 2, blue 1, green 1
      c2: blue 1, green 1
      c3: red 1, blue 1, green 1, yellow 1
"""


def test_BR_4_3_tied_majorities_take_the_other_players_figures() -> None:
    """BR-4.3, BR-D3 (default tied_take='others'): several players tied for the majority with
    other players' figures present may take one each, in turn order from the active player
    (4 players, capacity 6), from those other players' figures - not from each other."""
    s = pos(no_cards_position(TIED4, game=G4, to_move=0), game=G4)
    s.apply_action("roll battle")
    assert s.current_player() == 0  # red first: it is the active player
    assert legal(s) == {"take b2 blue", "take b2 green", "decline"}
    refused(s, "take b2 red", "BR-4.4")
    refused(s, "take b2 yellow", "BR-4.4")  # a tied holder's figure is not "andere Personen"'s
    s.apply_action("take b2 green")
    assert obs(s, "prisoners") == [{"green": 1}, {}, {}, {}]
    assert s.current_player() == 3 and legal(s) == {"take b2 blue", "decline"}  # then yellow
    refused(s, "take b2 red", "BR-4.4")
    s.apply_action("take b2 blue")
    assert obs(s, "prisoners") == [{"green": 1}, {}, {}, {"blue": 1}]
    assert tiles(s)["b2"] == {"red": 2, "yellow": 2} and tiles(s)["c2"] == {"blue": 1, "green": 1}
    assert obs(s, "phase") == "doom"


def test_BR_4_3_tied_majorities_take_any_figure_option() -> None:
    """BR-4.3, BR-D3, option tied_take='any' (the other reading): "eine andere Figur" is any
    figure not one's own, a tied rival's included."""
    g4 = variant(G4, tied_take="any")
    s = pos(no_cards_position(TIED4, game=g4, to_move=0), game=g4)
    s.apply_action("roll battle")
    assert s.current_player() == 0 and legal(s) == {"take b2 blue", "take b2 green", "take b2 yellow", "decline"}
    s.apply_action("take b2 green")
    assert s.current_player() == 3 and legal(s) == {"take b2 blue", "take b2 red", "decline"}
    s.apply_action("take b2 red")
    assert obs(s, "prisoners") == [{"green": 1}, {}, {}, {"red": 1}]
    assert tiles(s)["b2"] == {"red": 1, "yellow": 2, "blue": 1}


TIED3 = """
    tiles:
      b2: red 2, green 2, blue 1
      c2: blue 1, green 1
      c3: red 1, blue 1, green 1
"""


def test_BR_4_3_zuerst_a_limited_supply_goes_to_the_first_taker() -> None:
    """BR-4.3, BR-D3, BR-D15: "zuerst" orders a limited supply - red 2, green 2, blue 1 with
    blue active: green (next after blue) takes the blue figure first; then red finds no other
    player's figure and takes nothing (3 players, capacity 5)."""
    s = pos(no_cards_position(TIED3, game=G3, to_move=1), game=G3)
    s.apply_action("roll battle")
    assert s.current_player() == 2  # green sits nearer after blue than red
    assert legal(s) == {"take b2 blue", "decline"}
    s.apply_action("take b2 blue")
    assert obs(s, "prisoners") == [{}, {}, {"blue": 1}]
    assert obs(s, "phase") == "doom" and tiles(s)["b2"] == {"red": 2, "green": 2}  # red's turn skipped


def test_BR_4_3_every_tied_player_takes_even_a_rivals_figure_option() -> None:
    """BR-4.3, BR-D15, option tied_take='any': when the first tied player took the last figure
    of the others, the second still takes - a figure of its tied rival: the takers are fixed
    when the tile is checked."""
    g3 = variant(G3, tied_take="any")
    s = pos(no_cards_position(TIED3, game=g3, to_move=1), game=g3)
    s.apply_action("roll battle")
    assert s.current_player() == 2 and legal(s) == {"take b2 blue", "take b2 red", "decline"}
    s.apply_action("take b2 blue")
    assert s.current_player() == 0 and legal(s) == {"take b2 green", "decline"}
    s.apply_action("take b2 green")
    assert obs(s, "prisoners") == [{"green": 1}, {}, {"blue": 1}]
    assert obs(s, "phase") == "doom" and tiles(s)["b2"] == {"red": 2, "green": 1}


def test_BR_4_4_the_taker_chooses_the_figure() -> None:
    """BR-4.4: which figure is taken, when a choice exists, is the taking player's choice."""
    s = pos(no_cards_position("""
        tiles:
          b2: red 3, blue 1, grey 1
          c2: red 1
          c3: red 1, blue 1
    """))
    s.apply_action("roll battle")
    assert legal(s) == {"take b2 blue", "take b2 grey", "decline"}
    refused(s, "take b2 red", "BR-4.4")
    refused(s, "take c3 blue", "BR-4.4")
    grey = s.child("take b2 grey")
    assert obs(grey, "prisoners") == [{"grey": 1}, {}] and tiles(grey)["b2"] == {"red": 3, "blue": 1}
    blue = s.child("take b2 blue")
    assert obs(blue, "prisoners") == [{"blue": 1}, {}] and tiles(blue)["b2"] == {"red": 3, "grey": 1}


def test_BR_4_4_the_taking_player_is_the_one_to_act() -> None:
    """BR-4.4: when another player than the active one takes, that player chooses (to take,
    and which figure): it is the player to act."""
    s = pos(no_cards_position("""
        tiles:
          c3: red 1, blue 1
          d3: blue 2, red 1
    """))
    s.apply_action("roll battle")
    assert legal(s) == {"take d3 red", "decline"}
    assert s.current_player() == 1
