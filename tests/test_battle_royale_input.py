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
