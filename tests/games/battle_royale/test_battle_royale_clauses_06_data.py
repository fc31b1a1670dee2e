"""Battle Royale clause tests: BR-6 data.

Clauses of data/rules/battle_royale.yaml; the positions and checks are in battle_royale_clause_support.py.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

import boardkit
from boardkit.core.validate import BoardkitDataError

from battle_royale_clause_support import DECK, DEFAULT_DATA, GAME, legal, obs, play


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
        doc["doom_die"] = ["battle", "battle", "explosion", "move"]  # the three events (BR-4), in other numbers
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
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("roll battle", Fraction(1, 2)), ("roll explosion", Fraction(1, 4)),
                                                             ("roll move", Fraction(1, 4))]
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


@pytest.mark.parametrize("die", [["move"], ["move", "battle"], ["explosion", "explosion"], ["battle", "move", "move"]])
def test_BR_6_BR_4_a_doom_die_without_one_of_the_three_events_is_refused(tmp_path: Path, die: list[str]) -> None:
    """BR-4, BR-6: the Doom die shows three events ("Drei mögliche Ereignisse können dabei
    eintreten": move, explosion, battle). A data file whose die lacked one was accepted; with
    doom_die: [move] a game never ended (no tile falls, BR-3.1: 50,000 actions, turn ~24,934).
    It is refused naming the file, the field and the missing face."""
    path = _write_data(tmp_path, "die", lambda d: d.update(doom_die=die))
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game("battle_royale", data=str(path))
    message = str(info.value)
    assert "die.yaml" in message and "doom_die" in message and "BR-4" in message
    assert all(face in message for face in ("move", "explosion", "battle") if face not in die)
