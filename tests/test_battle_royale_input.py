"""Battle Royale bad input: data files, options, positions and hand-built actions get clear
errors naming the file, field or value."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import boardkit
from boardkit import BoardkitDataError, IllegalPositionError, NotationError, OptionError
from boardkit.core.paths import DATA_DIR
from boardkit.games.battle_royale.actions import MoveEliminator, Pick, Step

DEFAULT = yaml.safe_load((DATA_DIR / "battle_royale" / "default.yaml").read_text(encoding="utf-8"))


def data_file(tmp_path: Path, **changes) -> str:
    doc = {**DEFAULT, **changes}
    path = tmp_path / "copy.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"hand_size": 11}, "hand_size: 11 is more than the 10 cards"),
        ({"capacity": {2: 2, 3: 5, 4: 6}}, "capacity.2: 2 is less than the 3 figures"),
        ({"capacity": {2: 5, 3: 5, 4: 6, 5: 7}}, "capacity: only 2, 3 and 4 players exist, not 5"),
        ({"first_layout": ["b5", "e4", "a2"]}, "first_layout: .*exactly four tiles"),
        ({"neutral": ["c4", "c2", "b3"]}, "neutral: .*two neutral figures"),
        ({"doom_die": ["move", "boom"]}, r"doom_die\[1\]"),
    ],
)
def test_BR_6_malformed_data_file_names_file_and_field(tmp_path, changes, message):
    path = data_file(tmp_path, **changes)
    options = {"neutral": "data"} if "neutral" in changes else {}  # the data's neutral tiles are read only then
    with pytest.raises(BoardkitDataError, match=message) as info:
        boardkit.load_game("battle_royale", data=path, **options)
    assert path in str(info.value)


def test_BR_1_6_neutral_option_only_with_two_players():
    """BR-1.6: neutral figures only with 2 players and option neutral."""
    with pytest.raises(OptionError, match="neutral figures are used only with 2 players"):
        boardkit.load_game("battle_royale", players=3, neutral="a1 a2")
    with pytest.raises(OptionError, match="c2 is removed by the layout"):
        boardkit.load_game("battle_royale", layout="c2 a1 e5 e1", neutral="data")
    assert boardkit.load_game("battle_royale", layout="c2 a1 e5 e1").neutral == ()  # none in the seed
    assert boardkit.load_game("battle_royale", rules="published", players=3).neutral == ()


def _moving_state():
    tiles = {t: "" for t in ["a1", "b1", "c1", "e1", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
                             "a4", "b4", "c4", "d4", "a5", "c5", "d5", "e5"]}
    tiles.update({"c2": "red 1", "c3": "red 1, blue 1"})
    return boardkit.load_game("battle_royale").state_from_position({"tiles": tiles, "hands": {0: ["1x3"], 1: ["2x2"]}})


def test_hand_built_actions_are_put_in_the_game_form():
    s = _moving_state()
    s.apply_action("play 1x3")
    with pytest.raises(NotationError, match="'z9' is not a cell of the board; expected 'pick CELL COLOUR'"):
        s.why_illegal(Pick("z9", "red"))
    assert s.why_illegal(Pick("C2", "red")) is None  # upper case is the same cell
    s.apply_action(Pick("C2", "red"))
    with pytest.raises(NotationError):
        s.apply_action(Step(None))  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        s.why_illegal(MoveEliminator("z9"))
    assert [str(a) for a in s.history()] == ["play 1x3", "pick c2 red"]


@pytest.mark.parametrize(
    "field, error, message",
    [
        ({"tiles": {"c3": "red ²"}}, BoardkitDataError, "expected 'colour count"),
        ({"tiles": {"c3": "purple 1"}}, BoardkitDataError, "'purple' is not a colour"),
        ({"tiles": {"c3": "red 6"}}, IllegalPositionError, "c3 holds 6 figures; at most 5"),
        ({"tiles": {"c3": "red 1", "a1": "red 1"}}, IllegalPositionError, "a1 would already have fallen"),
        ({"prisoners": {0: "red 1"}}, IllegalPositionError, "own_prisoners=False"),
    ],
)
def test_bad_positions_are_refused(field, error, message):
    game = boardkit.load_game("battle_royale", own_prisoners=False)
    doc = {"tiles": {"c3": "red 1, blue 1"}, "hands": {0: ["2x2"], 1: ["2x2"]}, **field}
    with pytest.raises(error, match=message):
        game.state_from_position(doc)


@pytest.mark.parametrize("field", [
    {"to_move": 2}, {"to_move": 4}, {"hands": {0: ["2x2"], 1: ["2x2"], "4": []}}, {"prisoners": {"5": ""}},
    {"phase": "card", "first": 3}, {"phase": "card", "first": 4}, {"phase": "card", "deal": [7]},
])
def test_a_position_names_the_seats_of_the_game_played(field):
    """A seat past a 2-player game's seats is refused naming 0 .. 1, not the 0 .. 3 any game of
    Battle Royale may have."""
    game = boardkit.load_game("battle_royale")
    doc = {"tiles": {"c3": "red 1, blue 1"}, "hands": {0: ["2x2"], 1: ["2x2"]}, **field}
    with pytest.raises(BoardkitDataError, match=r"is not a seat \(0 \.\. 1\)$"):
        game.state_from_position(doc)


@pytest.mark.parametrize("phase, deal", [("card", []), ("setup", [0])])
def test_BR_2_1_a_played_card_before_any_is_played_is_refused(phase, deal):
    """BR-2.1: ``card`` is the card played this turn, and none is played before the card phase
    ends. A card-phase (or setup) position with a leftover ``card`` was accepted and kept; it is
    refused naming the field and the clause. card: null there, and a card in the move phase,
    are read as before."""
    game = boardkit.load_game("battle_royale")
    doc = {"layout": "first", "tiles": {}, "hands": {0: ["2x2"], 1: ["2x2"]}, "phase": phase, "deal": deal}
    with pytest.raises(IllegalPositionError, match=f"card: 2x2 is the card played this turn, but in the {phase} phase") as info:
        game.state_from_position({**doc, "card": "2x2"})
    assert info.value.clause == "BR-2.1"
    assert game.state_from_position({**doc, "card": None}).to_position()["card"] is None
    moving = game.state_from_position({**doc, "phase": "move", "deal": [], "card": "2x2", "figures_left": 2})
    assert moving.to_position()["card"] == "2x2"


def _mid_game(players: int = 2, steps: int = 20, seed: int = 5, **options) -> tuple[boardkit.Game, dict]:
    """A game and the position of a seeded random game after ``steps`` of its players' actions."""
    import random

    g = boardkit.load_game("battle_royale", players=players, **options)
    s, rng, k = g.new_initial_state(), random.Random(seed), 0
    while not s.is_terminal() and k < steps:
        if s.is_chance_node():
            s.apply_action(boardkit.sample_chance(s, rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            k += 1
    return g, s.to_position()


@pytest.mark.parametrize("turn", [21, 41, 1001, 10**9])
def test_BR_1_3_a_turn_past_the_cards_played_is_refused(turn):
    """A player holding a card plays one every turn (BR-2.1): by a given ``turn`` each seat has
    played a card in each of its turns after the 4th (a description without ``turn`` is read at
    turn 4 with any cards), all of its cards at most, so a hand and pile holding more of its
    colour's cards are refused naming turn, hands and piles (BR-1.3), but for study; with
    played cards shuffled back (no_cards="reshuffle", BR-D13) the count is not checked."""
    g, d = _mid_game()
    assert d["turn"] == 3 and d["to_move"] == 0 and d["phase"] != "card"  # player 0 has played two cards
    assert len(d["hands"]["0"]) + len(d["piles"]["0"]) == 8
    with pytest.raises(IllegalPositionError, match=r"^\[BR-1\.3\] position: turn, hands\.\d, piles\.\d: .*"
                                                   r"use study=True"):
        g.state_from_position({**d, "turn": turn})
    assert g.state_from_position({**d, "turn": turn}, study=True)
    assert g.state_from_position({k: v for k, v in d.items() if k != "turn"})
    reshuffle = boardkit.load_game("battle_royale", no_cards="reshuffle")
    assert reshuffle.state_from_position({**d, "turn": turn})


def test_BR_1_3_piles_left_out_at_a_later_turn_are_refused():
    """Leaving ``piles`` out fills each pile with every card not in the hand: at turn 21 that is
    more cards than a seat still holds after its turns (BR-1.3)."""
    g, d = _mid_game()
    with pytest.raises(IllegalPositionError, match=r"^\[BR-1\.3\] position: turn, hands\.\d, piles\.\d: player \d "
                                                   r"holds 10 of its colour's 10 cards at turn 21: 0 played"):
        g.state_from_position({**{k: v for k, v in d.items() if k != "piles"}, "turn": 21})


@pytest.mark.parametrize("no_cards", ["no_draw", "reshuffle", "round"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_BR_1_3_every_state_of_a_seeded_random_game_reads_back_without_study(players, no_cards):
    """The count of cards played by the turn never refuses a position play reaches."""
    import random

    g = boardkit.load_game("battle_royale", players=players, no_cards=no_cards)
    s, rng = g.new_initial_state(), random.Random(players)
    while True:
        d = s.to_position(finished=True) if s.is_terminal() else s.to_position()
        assert g.state_from_position(d).to_position(finished=True) == d
        if s.is_terminal():
            break
        s.apply_action(boardkit.sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
