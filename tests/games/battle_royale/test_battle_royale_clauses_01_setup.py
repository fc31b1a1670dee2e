"""Battle Royale clause tests: BR-1 setup.

Clauses of data/rules/battle_royale.yaml; the positions and checks are in battle_royale_clause_support.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardkit
from boardkit.core.game import CHANCE, OptionError
from boardkit.core.rules import IllegalPositionError
from boardkit.core.validate import BoardkitDataError

from battle_royale_clause_support import DECK, G3, G4, GAME, GN, legal, obs, play, pos, refused


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


@pytest.mark.parametrize("players", [3, 4])
def test_BR_1_6_neutral_data_with_three_or_four_players_is_refused(players: int) -> None:
    """BR-1.6: neutral figures are used with 2 players only. neutral='data' with 3 or 4 players
    placed nothing and was accepted (an A/B test of it would compare two equal games); it is
    refused as two tiles are, naming the option, the value and the clause. The default 'none'
    stays accepted."""
    for value in ("data", "c4 c2"):
        with pytest.raises(OptionError) as info:
            boardkit.load_game("battle_royale", players=players, neutral=value)
        message = str(info.value)
        assert f"neutral={value!r}" in message and f"not {players}" in message and "BR-1.6" in message
    g = boardkit.load_game("battle_royale", players=players, neutral="none")
    assert g.neutral == () and g == boardkit.load_game("battle_royale", players=players)


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
