"""Core API and bad input: registry, options, board files, saved states, notation.

Every bad input gets a clear error naming the file, field or value, and never leaves a
half-changed state.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import boardkit
from boardkit import BoardkitDataError, IllegalActionError, NotationError, OptionError
from boardkit.core.boards import load_hex_board
from boardkit.core.rules import load_clauses

POSITION = """
pieces:
  0: King d1, Archer c3, Bruiser e2
  1: Queen d5, Protector e5
market: [Rider, Vizier, Jailer]
"""


def test_list_games_and_unknown_game():
    assert "leaders" in boardkit.list_games()
    with pytest.raises(OptionError, match=r"unknown game 'chess'.*registered games: .*leaders"):
        boardkit.load_game("chess")


def test_unknown_option_lists_valid_ones():
    with pytest.raises(OptionError, match=r"unknown option\(s\) expret.*valid options: expert"):
        boardkit.load_game("leaders", expret=True)


@pytest.mark.parametrize("name, value", [("expert", "yes"), ("first_player", 2), ("first_player", True), ("max_turns", 0),
                                         ("max_turns", True), ("nemesis_trigger", "sometimes")])
def test_bad_option_values_name_option_and_value(name, value):
    with pytest.raises(OptionError, match=name):
        boardkit.load_game("leaders", **{name: value})


def test_options_are_read_only_and_default():
    game = boardkit.load_game("leaders")
    assert game.options["expert"] is False and game.options["first_player"] is None
    with pytest.raises(TypeError):
        game.options["expert"] = True  # type: ignore[index]
    assert {o.name for o in game.option_specs} == set(game.options)
    for o in game.option_specs:
        assert o.clause in game.clauses, o


@pytest.mark.parametrize(
    "text, message",
    [
        ("name: x\nkind: hex\ncells: [[0, 0], [0, 0]]\nsets: {}\n", r"cells\[1\]: cell \[0, 0\] is listed twice"),
        ("name: x\nkind: hex\ncells: [[0, 0], [5, 5]]\nsets: {}\n", r"not connected"),
        ("name: x\nkind: hex\ncells: [[0, 0], [1, 0]]\nsets: {a: [[3, 3]]}\n", r"sets.a\[0\]: cell \[3, 3\] is not on the board"),
        ("name: x\nkind: hex\ncells: [[0, 'a']]\nsets: {}\n", r"cells\[0\]\[1\]: 'a' is not of type 'integer'"),
        ("name: x\nkind: square\ncells: [[0, 0]]\nsets: {}\n", r"kind: 'hex' was expected"),
        ("name: x\ncells: [[0, 0]\n", r"not valid YAML"),
    ],
)
def test_malformed_board_file_names_file_entry_problem(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(BoardkitDataError, match=message) as info:
        load_hex_board(path)
    assert str(path) in str(info.value)


def test_missing_board_file_and_board_without_leaders_sets(tmp_path):
    with pytest.raises(BoardkitDataError, match="cannot read board file"):
        load_hex_board(tmp_path / "none.yaml")
    path = tmp_path / "small.yaml"
    path.write_text("name: small\nkind: hex\ncells: [[0, 0], [1, 0]]\nsets: {}\n")
    with pytest.raises(BoardkitDataError, match=r"sets.start_0: missing"):
        boardkit.load_game("leaders", board=str(path))


def test_board_graph_is_frozen_networkx():
    board = boardkit.load_game("leaders").board
    with pytest.raises(Exception, match="Frozen"):
        board.graph.add_node((9, 9))
    assert board.graph.number_of_nodes() == 37


def test_clause_file_errors(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("game: x\nseed: s\nclauses:\n  - {id: X-1, text: a}\n  - {id: X-1, text: b}\n")
    with pytest.raises(BoardkitDataError, match=r"clauses\[1\]: duplicate clause id 'X-1'"):
        load_clauses("x", path)
    path.write_text("game: x\nseed: s\nclauses:\n  - {text: a}\n")
    with pytest.raises(BoardkitDataError, match=r"clauses\[0\]: 'id' is a required property"):
        load_clauses("x", path)


def _state():
    return boardkit.load_game("leaders").state_from_position(POSITION)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty action text"),
        ("fly d4", "unknown action 'fly'"),
        ("move z9", "'z9' is not a cell"),
        ("move", "expected 'move CELL'"),
        ("push e3", "expected 'push CELL CELL'"),
        ("recruit a c1", "ambiguous: it could be Acrobat, Archer, Assassin"),
        ("recruit Dragon c1", "'Dragon' is not a Leaders card"),
        ("pass now", "'pass' takes nothing"),
    ],
)
def test_bad_notation_is_refused_and_state_unchanged(text, message):
    state = _state()
    before = state.to_json()
    with pytest.raises(NotationError, match=message):
        state.apply_action(text)
    assert state.to_json() == before


def test_illegal_action_names_clause_and_leaves_state_unchanged():
    state = _state()
    before = state.to_json(), state.observation(None)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("select d5")
    assert info.value.clause == "LEAD-1.2" and "belongs to player 1" in info.value.reason
    assert (state.to_json(), state.observation(None)) == before
    assert state.why_illegal("select d5").clause == "LEAD-1.2"
    assert state.why_illegal("select c3") is None


def test_child_leaves_parent_untouched_and_history_grows():
    state = _state()
    child = state.child("select c3")
    assert state.observation(None)["selected"] is None
    assert child.observation(None)["selected"] == "c3"
    assert [str(a) for a in child.history()] == ["select c3"]


def test_json_round_trip_and_module_level_loader():
    game = boardkit.load_game("leaders", first_player=1, max_turns=30)
    state = game.new_initial_state()
    import random

    boardkit.random_playout(state, random.Random(3), max_actions=40)
    text = state.to_json()
    again = boardkit.state_from_json(text)
    assert again.game == game
    assert again.observation(None) == state.observation(None)
    assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: "{not json", "not valid JSON"),
        (lambda d: json.dumps({**d, "game": "chess"}), "saved state is of 'chess'"),
        (lambda d: json.dumps({**d, "history": d["history"][:3] + ["fly d4"]}), r"history\[3\] 'fly d4'"),
        (lambda d: json.dumps({**d, "history": d["history"][:4] + ["draw King"]}), r"history\[4\] 'draw King'.*LEAD-1"),
        (lambda d: json.dumps({**d, "extra": 1}), "Additional properties"),
        (lambda d: json.dumps({**d, "history": "abc"}), r"history: 'abc' is not of type 'array'"),
    ],
)
def test_corrupt_saved_state_names_the_problem(mutate, message):
    import random

    game = boardkit.load_game("leaders")
    state = game.new_initial_state()
    boardkit.random_playout(state, random.Random(1), max_actions=20)
    doc = json.loads(state.to_json())
    with pytest.raises(BoardkitDataError, match=message) as info:
        game.state_from_json(mutate(doc), source="game.json")
    assert "game.json" in str(info.value)


def test_chance_outcomes_exact():
    state = boardkit.load_game("leaders").new_initial_state()
    outcomes = state.chance_outcomes()
    assert all(isinstance(p, Fraction) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    with pytest.raises(ValueError, match="only defined at a chance node"):
        _state().chance_outcomes()


def test_terminal_state_refuses_everything():
    s2 = boardkit.load_game("leaders").state_from_position(
        "pieces:\n  0: King d1, Assassin d5\n  1: Queen d7\nmarket: [Rider, Vizier, Jailer]\n"
    )
    s2.apply_action("select d5")
    s2.apply_action("move d6")  # LEAD-6.2: a lone Assassin next to the Queen on d7 captures
    assert s2.is_terminal() and s2.returns() == [1, -1] and s2.winners() == [0]
    assert s2.outcome() == {"winner": 0, "reason": "Queen captured"}
    assert s2.legal_actions() == []
    err = s2.why_illegal("pass")
    assert err is not None and err.clause == "LEAD-3.1"
