"""Battle Royale: one or more tests per clause of ``data/rules/battle_royale.yaml`` (BR-1.1 ..
BR-6, BR-D1 .. BR-D9).

Each test names its clause (``test_BR_2_3_...``) and quotes the id in its docstring. Positions
are set up with ``game.state_from_position`` (YAML text, see
``boardkit/games/battle_royale/position.py``): every tile listed is in the arena, every other
position is a hole; a position starts at the card phase of ``to_move`` (or at its Doom roll
with an empty hand). Outcomes are checked exactly: legal actions as notation, tile contents,
holes, prisoners, figures out of the game, the Eliminator, phase, outcome and returns; refused
actions name their clause and leave the state unchanged.

Arena reminder: cells a1 .. e5, file a..e from the left, rank 1..5 from the bottom; the goal is
c3. Player colours red (0), blue (1), green (2), yellow (3); neutral figures are grey.
"""

from __future__ import annotations

import random
import textwrap
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit
from boardkit.core.game import CHANCE, TERMINAL, OptionError
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError, IllegalPositionError
from boardkit.core.validate import BoardkitDataError

GAME = boardkit.load_game("battle_royale")
#: Two players with neutral figures, a variant (option neutral="data", BR-1.6).
GN = boardkit.load_game("battle_royale", neutral="data")
#: The published profile: no tile entered twice in a move (BR-D10).
GPUB = boardkit.load_game("battle_royale", rules="published")
#: An empty pile draws nothing; a round without cards ends the game (BR-D13, no_cards="round").
GROUND = boardkit.load_game("battle_royale", no_cards="round")
G3 = boardkit.load_game("battle_royale", players=3)
G4 = boardkit.load_game("battle_royale", players=4)
ALL = [f"{f}{r}" for r in range(1, 6) for f in "abcde"]
DEFAULT_DATA = Path(__file__).resolve().parents[1] / "data" / "battle_royale" / "default.yaml"
DECK = ["1x1e", "1x2o", "1x3", "1x3d", "2x1b", "2x1m", "2x2", "2x2", "3x1", "3x1"]


# -- helpers -----------------------------------------------------------------------------------
def variant(game, **options):
    """``game`` with some options changed."""
    return boardkit.load_game("battle_royale", **{**game.options, **options})


def pos(text: str, game=GAME):
    """The position ``text`` of ``game``. A two-player position naming grey figures is read by
    the game with neutral figures (option neutral="data": they are not in the seed, BR-1.6);
    a position made by :func:`no_cards_position` by the game with no_cards="round" (BR-D13),
    where turns without cards are Doom rolls only."""
    if game is GAME and "grey" in text:
        game = GN
    elif "grey" in text and not game.neutral and game.num_players == 2:
        game = variant(game, neutral="data")  # the published profile has no neutral figures (BR-1.6)
    if NO_CARDS in text:
        game = variant(game, no_cards="round")
    return game.state_from_position(textwrap.dedent(text))


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def tiles(state) -> dict[str, dict[str, int]]:
    """Tile contents without the zero counts."""
    return {t: {c: k for c, k in d.items() if k} for t, d in state.observation(None)["tiles"].items()}


def obs(state, key: str):
    return state.observation(None)[key]


def play(state, *actions: str):
    for a in actions:
        state.apply_action(a)
    return state


def snapshot(state):
    return (state.to_json(), state.observation(None), legal(state), state.current_player())


def refused(state, action: str, clause: str) -> IllegalActionError:
    """``action`` raises IllegalActionError naming ``clause`` and leaves ``state`` unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    assert info.value.clause == clause, info.value
    assert snapshot(state) == before
    assert action not in before[2]
    why = state.why_illegal(action)
    assert why is not None and why.clause == clause
    return info.value


def holes_except(*present: str) -> list[str]:
    return [c for c in ALL if c not in present]


def assert_running(state) -> None:
    assert not state.is_terminal()
    assert state.outcome() is None and state.winners() == []
    assert state.returns() == [0] * state.game.num_players


def assert_over(state, winners: list[int], reason: str, clause: str = "BR-3.1") -> None:
    n = state.game.num_players
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert obs(state, "phase") == "over"
    returns = tuple((1 if p in winners else -1) if winners else 0 for p in range(n))  # nobody wins: 0 (BR-D7)
    assert state.outcome() == Outcome(tuple(winners), reason, clause, returns)  # BR-3.1 ends it, BR-3.2 names winners
    assert state.returns() == list(returns)
    assert state.legal_actions() == []


NO_CARDS = "# no cards: no_cards=round\n"


def no_cards_position(body: str, game=GAME, to_move: int = 0) -> str:
    """A position whose players hold no cards at all: the turn goes straight to the Doom die
    (BR-2.6), and with no_cards="round" (:func:`pos` reads it so, BR-D13) every following turn
    too, with no draw in between."""
    n = game.num_players
    hands = ", ".join(f"{p}: []" for p in range(n))
    return textwrap.dedent(body) + f"hands: {{{hands}}}\npiles: {{{hands}}}\nto_move: {to_move}\n" + NO_CARDS


# -- BR-1 setup --------------------------------------------------------------------------------
def test_BR_1_1_layout_option_removes_four_tiles() -> None:
    """BR-1.1: the layout option names the four removed tiles; 21 tiles stay, the goal among
    them, every one connected to the goal."""
    g = boardkit.load_game("battle_royale", layout="b5 e4 a2 d1")
    o = g.new_initial_state().observation(None)
    assert sorted(o["holes"]) == ["a2", "b5", "d1", "e4"]
    assert len(o["tiles"]) == 21 and "c3" in o["tiles"] and o["goal"] == "c3"
    g2 = boardkit.load_game("battle_royale", layout="a1, e5, a5, e1")  # commas allowed, corners
    assert sorted(g2.new_initial_state().observation(None)["holes"]) == ["a1", "a5", "e1", "e5"]


@pytest.mark.parametrize(
    ("layout", "words"),
    [
        ("b5 e4 c3 d1", "goal tile c3 is never removed"),
        ("b5 e4 e4 d1", "listed twice"),
        ("b5 e4 a2", "exactly four tiles"),
        ("b5 e4 a2 d1 a1", "exactly four tiles"),
        ("a2 b1 e5 e1", "a1 would not be connected"),  # a1 cut off: its neighbours a2 and b1 are gone
        ("b3 c2 d3 c4", "would not be connected"),  # the goal cut off from everything
        ("b5 e4 a2 f1", "not a position"),
    ],
)
def test_BR_1_1_bad_layouts_raise_option_error(layout: str, words: str) -> None:
    """BR-1.1: four distinct tiles, never the goal, none cut off from the goal - otherwise an
    OptionError naming BR-1.1."""
    with pytest.raises(OptionError) as info:
        boardkit.load_game("battle_royale", layout=layout)
    assert "BR-1.1" in str(info.value) and words in str(info.value)


def test_BR_1_1_position_without_goal_is_refused() -> None:
    """BR-1.1: a position must keep the goal tile c3."""
    with pytest.raises(IllegalPositionError) as info:
        pos("tiles: {c4: red 1, c2: blue 1}\nhands: {}\n")
    assert info.value.clause == "BR-1.1"


def test_BR_1_2_eliminator_starts_under_the_goal() -> None:
    """BR-1.2: the Eliminator starts under the goal tile, for every number of players."""
    for g in (GAME, G3, G4):
        assert g.new_initial_state().observation(None)["eliminator"] == "c3"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_BR_1_3_one_figure_of_every_colour_on_every_tile(players: int) -> None:
    """BR-1.3: 21 tiles, one figure of each player colour on every tile; 21 figures per
    colour, none out, no prisoners; 10 cards per colour."""
    g = boardkit.load_game("battle_royale", players=players)
    s = g.new_initial_state()
    o = s.observation(None)
    colours = ["red", "blue", "green", "yellow"][:players]
    assert len(o["tiles"]) == 21
    for t, counts in o["tiles"].items():
        for c in colours:
            assert counts[c] == 1, (t, c)
    assert s.figure_totals() == {c: 21 for c in colours}  # no neutral figures in the seed (BR-1.6)
    assert o["prisoners"] == [{}] * players and o["out"] == {}
    assert o["pile_sizes"] == [10] * players and o["piles"] == [DECK] * players
    assert o["hands"] == [[]] * players


def test_BR_1_3_too_many_figures_of_a_colour_is_refused() -> None:
    """BR-1.3: a colour has 21 figures; a position with more on tiles and as prisoners is
    impossible."""
    with pytest.raises(IllegalPositionError) as info:
        pos("tiles: {c3: red 5, c4: red 5, c2: red 5, b3: red 5, d3: blue 1}\nprisoners: {1: red 2}\nhands: {}\n")
    assert info.value.clause == "BR-1.3"


def test_BR_1_4_dealing_is_chance_with_exact_fractions() -> None:
    """BR-1.4: every player draws 4 cards from its shuffled 10 as chance events; the two 2x2
    and the two 3x1 have probability 2/10 each; player 0 draws first, then player 1; the
    rest is the pile."""
    s = boardkit.load_game("battle_royale", first_player=0).new_initial_state()
    assert s.current_player() == CHANCE and obs(s, "phase") == "setup"
    first = dict((str(a), p) for a, p in s.chance_outcomes())
    assert first == {"draw 1x1e": Fraction(1, 10), "draw 1x2o": Fraction(1, 10), "draw 1x3": Fraction(1, 10),
                     "draw 1x3d": Fraction(1, 10), "draw 2x1b": Fraction(1, 10), "draw 2x1m": Fraction(1, 10),
                     "draw 2x2": Fraction(2, 10), "draw 3x1": Fraction(2, 10)}
    refused(s, "play 2x2", "BR-1.4")
    s.apply_action("draw 2x2")
    second = dict((str(a), p) for a, p in s.chance_outcomes())
    assert second["draw 2x2"] == Fraction(1, 9) and second["draw 3x1"] == Fraction(2, 9)
    assert second["draw 1x3"] == Fraction(1, 9) and sum(second.values()) == 1
    play(s, "draw 2x2", "draw 1x3")
    refused(s, "draw 2x2", "BR-1.4")  # both 2x2 are in the hand now
    refused(s, "draw 1x3", "BR-1.4")
    s.apply_action("draw 3x1")
    assert obs(s, "hands") == [["1x3", "2x2", "2x2", "3x1"], []]
    assert obs(s, "pile_sizes") == [6, 10]
    # player 1 draws from its own full pile
    assert dict((str(a), p) for a, p in s.chance_outcomes())["draw 2x2"] == Fraction(2, 10)
    play(s, "draw 1x1e", "draw 1x2o", "draw 1x3", "draw 1x3d")
    assert obs(s, "hands") == [["1x3", "2x2", "2x2", "3x1"], ["1x1e", "1x2o", "1x3", "1x3d"]]
    assert obs(s, "piles")[1] == ["2x1b", "2x1m", "2x2", "2x2", "3x1", "3x1"]
    assert s.current_player() == 0 and obs(s, "phase") == "card"
    assert legal(s) == {"play 1x3", "play 2x2", "play 3x1"}
    # the other player's hand is hidden, its size shown
    assert s.observation(0)["hands"] == [["1x3", "2x2", "2x2", "3x1"], 4]
    assert "piles" not in s.observation(0)


def test_BR_1_4_a_hand_is_at_most_four_cards() -> None:
    """BR-1.4: a position with five cards in a hand is impossible."""
    with pytest.raises(IllegalPositionError) as info:
        pos("tiles: {c3: red 1, c4: blue 1}\nhands: {0: [1x3, 2x2, 2x2, 3x1, 3x1]}\n")
    assert info.value.clause == "BR-1.4"


def test_BR_1_5_first_layout_is_the_default() -> None:
    """BR-1.5: the recommended first layout (b5, e4, a2, d1 removed, one per quadrant) is the
    default and the option layout="first"."""
    assert sorted(obs(GAME.new_initial_state(), "holes")) == ["a2", "b5", "d1", "e4"]
    g = boardkit.load_game("battle_royale", layout="first")
    assert g.options["layout"] == "first"
    assert sorted(obs(g.new_initial_state(), "holes")) == ["a2", "b5", "d1", "e4"]
    other = boardkit.load_game("battle_royale", layout="a1 b2 e5 d4")  # any valid layout
    assert sorted(obs(other.new_initial_state(), "holes")) == ["a1", "b2", "d4", "e5"]


def test_BR_1_6_neutral_figures_are_a_variant() -> None:
    """BR-1.6: the seed places one figure per colour and no others, so by default there are no
    neutral figures; no public page gives the published placement, so the published profile
    has none either; the variant (option neutral="data") adds one grey figure on each of c4
    and c2 with 2 players; with 3 and 4 players there are none."""
    seed = GAME.new_initial_state()
    assert all("grey" not in d for d in obs(seed, "tiles").values())
    assert seed.figure_totals() == {"red": 21, "blue": 21} and GAME.options["neutral"] == "none"
    pub = boardkit.load_game("battle_royale", rules="published")
    assert pub.options["neutral"] == "none" and pub.colours == ("red", "blue")
    assert pub.new_initial_state().figure_totals() == {"red": 21, "blue": 21}
    assert GN.colours == ("red", "blue", "grey")
    o = obs(GN.new_initial_state(), "tiles")
    assert {t for t, d in o.items() if d["grey"]} == {"c4", "c2"}
    assert GN.new_initial_state().figure_totals() == {"red": 21, "blue": 21, "grey": 2}
    assert o["c4"] == {"red": 1, "blue": 1, "grey": 1} and o["c3"] == {"red": 1, "blue": 1, "grey": 0}
    for g in (G3, G4, boardkit.load_game("battle_royale", rules="published", players=3)):
        o = obs(g.new_initial_state(), "tiles")
        assert all("grey" not in d for d in o.values())
        assert g.new_initial_state().figure_totals().keys() == set(["red", "blue", "green", "yellow"][:g.num_players])


def test_BR_D10_published_source_is_cited() -> None:
    """BR-D10: the one rule of the published profile, revisit=False, cites the public pages
    that state it (not this project's notes); BR-1.6's neutral figures cite none and are not
    part of the profile."""
    reg = GAME.clauses
    assert "spellendreef.be" in reg["BR-D10"].published and "geelpionneke" in reg["BR-D10"].published
    assert not reg["BR-1.6"].published
    changed = {o.name for o in GAME.option_specs if o.default_for("published") != o.default}
    assert changed == {"revisit"}


def test_BR_1_6_neutral_option_and_player_count() -> None:
    """BR-1.6: the neutral option places the two figures on the middle nine; other tiles, a
    removed tile or players outside 2..4 are refused; grey figures with 3 players are
    impossible."""
    g = boardkit.load_game("battle_royale", neutral="b2 d4")
    o = obs(g.new_initial_state(), "tiles")
    assert {t for t, d in o.items() if d["grey"]} == {"b2", "d4"}
    for bad in ("a1 c4", "c4", "c4 c2 b2", "z9 c4"):
        with pytest.raises(OptionError) as info:
            boardkit.load_game("battle_royale", neutral=bad)
        assert "BR-1.6" in str(info.value)
    with pytest.raises(OptionError):
        boardkit.load_game("battle_royale", layout="b2 e4 a2 d1", neutral="b2 c4")  # b2 is removed
    for n in (1, 5):
        with pytest.raises(OptionError):
            boardkit.load_game("battle_royale", players=n)
    with pytest.raises((IllegalPositionError, BoardkitDataError)):
        pos("tiles: {c3: red 1, c4: blue 1, c2: grey 1}\nhands: {}\n", game=G3)
    with pytest.raises(BoardkitDataError, match="grey"):  # no grey figures in the seed's game
        GAME.state_from_position("tiles: {c3: red 1, c4: blue 1, c2: grey 1}\nhands: {}\n")
    with pytest.raises(IllegalPositionError) as info:
        pos("tiles: {c3: red 1, c4: blue 1, c2: grey 3}\nhands: {}\n")
    assert info.value.clause == "BR-1.6"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_BR_1_7_first_player_drawn_by_chance(players: int) -> None:
    """BR-1.7: without the option the start player is a chance event, 1/n for each seat,
    after the hands are dealt."""
    s = boardkit.load_game("battle_royale", players=players).new_initial_state()
    for _ in range(4 * players):
        s.apply_action(s.legal_actions()[0])
    assert s.current_player() == CHANCE
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [(f"first {p}", Fraction(1, players)) for p in range(players)]
    refused(s, "roll move", "BR-1.7")
    s.apply_action(f"first {players - 1}")
    assert s.current_player() == players - 1 and obs(s, "phase") == "card" and obs(s, "turn") == 1


def test_BR_1_7_first_player_option() -> None:
    """BR-1.7: first_player fixes the start player (no chance event); an unknown seat is refused."""
    s = boardkit.load_game("battle_royale", first_player=1).new_initial_state()
    for _ in range(8):
        s.apply_action(s.legal_actions()[-1])
    assert s.current_player() == 1 and obs(s, "phase") == "card"
    with pytest.raises(OptionError):
        boardkit.load_game("battle_royale", first_player=2)
    assert boardkit.load_game("battle_royale", players=3, first_player=2).options["first_player"] == 2


# -- BR-2 the turn -----------------------------------------------------------------------------
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


# -- BR-4 Doom events ----------------------------------------------------------------------------
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


# -- BR-3 winning ------------------------------------------------------------------------------
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


# -- BR-5 variants, BR-6 data ----------------------------------------------------------------------
def test_BR_5_1_ability_cards_variant_is_refused() -> None:
    """BR-5.1: the ability cards' texts are unknown: variant="abilities" is an OptionError."""
    with pytest.raises(OptionError) as info:
        boardkit.load_game("battle_royale", variant="abilities")
    assert "BR-5.1" in str(info.value)
    assert boardkit.load_game("battle_royale", variant="none").options["variant"] == "none"
    with pytest.raises(OptionError):
        boardkit.load_game("battle_royale", variant="house")


def test_BR_5_2_special_action_cards_variant_is_refused() -> None:
    """BR-5.2: the special action cards' texts and prices are unknown: variant="special_actions"
    is an OptionError."""
    with pytest.raises(OptionError) as info:
        boardkit.load_game("battle_royale", variant="special_actions")
    assert "BR-5.2" in str(info.value)


def _write_data(tmp_path: Path, name: str, change) -> Path:
    doc = yaml.safe_load(DEFAULT_DATA.read_text(encoding="utf-8"))
    change(doc)
    p = tmp_path / f"{name}.yaml"
    p.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return p


def test_BR_6_defaults_come_from_the_data_file() -> None:
    """BR-6: the cards, the Doom die, the first layout and the neutral tiles come from
    data/battle_royale/default.yaml (option data="default")."""
    assert GAME.options["data"] == "default"
    assert GAME.deck == tuple(sorted(DECK))
    assert GAME.data["doom_die"] == ["move", "move", "explosion", "explosion", "battle", "battle"]
    assert GAME.data["first_layout"] == ["b5", "e4", "a2", "d1"] and GAME.data["neutral"] == ["c4", "c2"]
    assert GAME.cards["1x3d"] == {"name": "1x3d", "figures": 1, "steps": 3, "directions": "diagonal"}
    assert GAME.cards["1x2o"]["opponents_only"] and GAME.cards["2x1m"]["special"] == "move"


def test_BR_6_a_custom_data_file_is_loaded(tmp_path: Path) -> None:
    """BR-6: a group with printed values loads its own data file with the option data."""

    def change(doc) -> None:
        doc["name"] = "printed"
        doc["capacity"] = {2: 3, 3: 4, 4: 5}
        doc["hand_size"] = 2
        doc["cards"] = [{"name": "4x1", "figures": 4, "steps": 1}, {"name": "4x1", "figures": 4, "steps": 1},
                        {"name": "1x5", "figures": 1, "steps": 5}]
        doc["doom_die"] = ["battle", "battle", "battle", "move"]
        doc["first_layout"] = ["a1", "e1", "a5", "e5"]
        doc["neutral"] = ["b2", "d4"]

    path = _write_data(tmp_path, "printed", change)
    g = boardkit.load_game("battle_royale", data=str(path), neutral="data")
    s = g.new_initial_state()
    o = s.observation(None)
    assert o["capacity"] == 3 and sorted(o["holes"]) == ["a1", "a5", "e1", "e5"]
    assert {t for t, d in o["tiles"].items() if d["grey"]} == {"b2", "d4"}
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("draw 1x5", Fraction(1, 3)), ("draw 4x1", Fraction(2, 3))]
    play(s, "draw 4x1", "draw 1x5", "draw 4x1", "draw 4x1")  # two cards per hand
    assert obs(s, "hands") == [["1x5", "4x1"], ["4x1", "4x1"]]
    s.apply_action("first 0")
    assert legal(s) == {"play 1x5", "play 4x1"}
    play(s, "play 4x1", "done")
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("roll battle", Fraction(3, 4)), ("roll move", Fraction(1, 4))]
    assert boardkit.load_game("battle_royale", data=path).options["data"] == str(path)  # a Path works too


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.pop("doom_die"), "doom_die"),
        (lambda d: d.update(doom_die=["move", "earthquake"]), "doom_die[1]"),
        (lambda d: d["cards"][2].update(figures=0), "cards[2].figures"),
        (lambda d: d["cards"][3].update(steps=3), "cards[3]"),  # two different cards named 2x2
        (lambda d: d["capacity"].update({2: 0}), "capacity.2"),
        (lambda d: d.update(hand_size="four"), "hand_size"),
    ],
)
def test_BR_6_a_malformed_data_file_names_the_field(tmp_path: Path, change, field: str) -> None:
    """BR-6: a malformed data file is a BoardkitDataError naming the file and the field."""
    path = _write_data(tmp_path, "bad", change)
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game("battle_royale", data=str(path))
    assert field in str(info.value) and "bad.yaml" in str(info.value)
    with pytest.raises(BoardkitDataError):
        boardkit.load_game("battle_royale", data=str(tmp_path / "missing.yaml"))


# -- decisions BR-D* ---------------------------------------------------------------------------
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
    s = g.state_from_position(textwrap.dedent(no_cards_position(EMPTY_GOAL)))
    s.apply_action("roll explosion")
    assert_over(s, [1], "only one colour left in the arena")
    s = g.state_from_position(textwrap.dedent(no_cards_position(EMPTY_GOAL.replace("red 2", "red 1"))))
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


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), max_turns=st.integers(1, 10))
def test_BR_D9_property_cut_off_never_exceeds_max_turns(seed: int, max_turns: int) -> None:
    """BR-D9 (property): with max_turns no more turns are played; a cut game returns zeros."""
    g = boardkit.load_game("battle_royale", max_turns=max_turns)
    s = boardkit.random_playout(g.new_initial_state(), random.Random(seed))
    assert s.is_terminal() and obs(s, "turn") <= max_turns
    if s.outcome().clause == "BR-D9":
        assert s.returns() == [0, 0] and s.winners() == [] and s.outcome().reason == "cut off"
    else:
        assert sorted(s.returns()) in ([-1, 1], [1, 1])


# -- invariants --------------------------------------------------------------------------------
def _check_invariants(s) -> None:
    o = s.observation(None)
    n = o["players"]
    colours = ["red", "blue", "green", "yellow"][:n]
    assert s.figure_totals() == {c: 21 for c in colours} | ({"grey": 2} if "grey" in s.game.colours else {})  # BR-1.3
    if o["moving"] is None and o["push"] is None:  # BR-2.3
        assert all(sum(d.values()) <= o["capacity"] for d in o["tiles"].values()), o["tiles"]
    assert all(len(h) <= 4 for h in o["hands"])  # BR-1.4
    assert all(len(o["hands"][p]) + o["pile_sizes"][p] <= 10 for p in range(n))
    assert o["goal"] in o["tiles"] and len(o["tiles"]) + len(o["holes"]) == 25
    assert o["eliminator"] in [f"{f}{r}" for r in range(1, 6) for f in "abcde"]
    if not s.is_terminal() and o["phase"] not in ("setup",):
        # every remaining tile is connected to the goal (BR-4.2)
        import networkx as nx

        g = s.game.board.graph.subgraph(list(o["tiles"]))
        assert set(o["tiles"]) == nx.node_connected_component(g, "c3")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), rules=st.sampled_from(["seed", "published"]))
def test_BR_1_3_property_random_playouts_keep_invariants(seed: int, players: int, rules: str) -> None:
    """BR-1.3 / BR-2.3 / BR-1.4 (property): in seeded random playouts (max_turns=40, both rules
    profiles) figures are conserved after every action (21 per player colour, 2 neutral
    when the variant places them), no tile holds more than the capacity while no move or push
    is in progress, no hand holds more than 4 cards; chance probabilities sum to 1; actions
    are unique; a saved game replays to the same state."""
    g = boardkit.load_game("battle_royale", rules=rules, players=players, max_turns=40)
    s = g.new_initial_state()
    rng = random.Random(seed)
    _check_invariants(s)
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            assert sum(p for _, p in s.chance_outcomes()) == 1
            s.apply_action(boardkit.sample_chance(s, rng))
        else:
            acts = s.legal_actions()
            assert acts and len(set(map(str, acts))) == len(acts)
            s.apply_action(acts[rng.randrange(len(acts))])
        _check_invariants(s)
        steps += 1
        assert steps < 20000
    assert obs(s, "turn") <= 40
    if s.outcome().clause == "BR-D9" or not s.winners():  # cut off, or nobody on the goal (BR-D7)
        assert s.returns() == [0] * players and s.winners() == []
        assert s.outcome().clause == "BR-D9" or not any(s.observation(None)["tiles"].get("c3", {}).get(c) for c in
                                                        ("red", "blue", "green", "yellow"))
    else:
        assert 1 in s.returns() and set(s.returns()) <= {1, -1}
    again = boardkit.state_from_json(s.to_json())
    assert again.observation(None) == s.observation(None)


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
