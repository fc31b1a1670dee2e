"""Core API and bad input: registry, options, board files, saved states, notation.

Every bad input gets a clear error naming the file, field or value, and never leaves a
half-changed state.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import boardkit
from boardkit.core.outcome import Outcome
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


def test_options_are_a_frozen_typed_value_per_game():
    """game.options (and state.options) is one frozen value per game made from its option
    specs: attributes, equality and hash by value, an unknown name refused naming the options."""
    import dataclasses
    import pickle

    game = boardkit.load_game("leaders", expert=True)
    o = game.options
    assert type(o).__name__ == "LeadersOptions" and o.names == tuple(s.name for s in game.option_specs)
    assert o.expert is True and o.first_player is None and o["expert"] is True
    assert game.new_initial_state().options is o
    assert o == boardkit.load_game("leaders", expert=True).options and o != boardkit.load_game("leaders").options
    assert hash(o) == hash(boardkit.load_game("leaders", expert=True).options)
    assert o == dict(o) and pickle.loads(pickle.dumps(o)) == o
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.expert = False  # type: ignore[misc]
    with pytest.raises(AttributeError, match="leaders: no option 'exprt'; its options are expert, first_player"):
        _ = o.exprt
    with pytest.raises(KeyError, match="no option 'exprt'"):
        o["exprt"]
    assert o.get("exprt") is None and "expert" in o and "exprt" not in o
    assert o.replace(expert=False) == boardkit.load_game("leaders").options
    with pytest.raises(OptionError, match=r"leaders: option expert='yes' is not allowed; use a value of type bool"):
        o.replace(expert="yes")
    with pytest.raises(AttributeError, match="leaders: no option 'exprt'; its options are expert, first_player"):
        o.replace(exprt=True)
    assert o.replace(first_player=None).first_player is None and o.expert is True
    assert pickle.loads(pickle.dumps(o)).replace(expert=False) == boardkit.load_game("leaders").options


def test_an_option_name_that_cannot_be_an_attribute_is_refused():
    from boardkit.core.options import options_type
    from boardkit.core.spec import Option

    with pytest.raises(ValueError, match="option name 'items' cannot be an attribute"):
        options_type("toy", (Option("items", 1, "a name the mapping uses", "TOY-1"),))
    assert options_type("toy", (Option("pile", 1, "a pile", "TOY-1"),))(pile=3).pile == 3


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
        ("recruit Dragon c1", "'Dragon' is not a card; cards: King, Queen, Acrobat"),
        ("pass now", "'now' is not expected here; expected 'pass'"),
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


def test_child_at_a_simultaneous_turn_takes_the_player():
    import random

    state = boardkit.load_game("gridhunt", turn_order="simultaneous").new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(boardkit.sample_chance(state, rng))
    order = state.legal_actions(0)[0]
    before = state.to_json()
    child = state.child(order, player=0)
    twin = state.clone()
    twin.apply_action(order, 0)
    assert child.to_json() == twin.to_json() and state.to_json() == before
    with pytest.raises(ValueError, match="GRID-6"):
        state.child(order)


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
    with pytest.raises(ValueError, match=r"sample_chance: no chance outcome to draw here: seat\(s\) 0 act"):
        boardkit.sample_chance(_state(), random.Random(0))


def test_terminal_state_refuses_everything():
    s2 = boardkit.load_game("leaders").state_from_position(
        "pieces:\n  0: King d1, Assassin d5\n  1: Queen d7\nmarket: [Rider, Vizier, Jailer]\n"
    )
    s2.apply_action("select d5")
    s2.apply_action("move d6")  # LEAD-6.2: a lone Assassin next to the Queen on d7 captures
    assert s2.is_terminal() and s2.returns() == [1, -1] and s2.winners() == [0]
    assert s2.outcome() == Outcome((0,), "Queen captured", "LEAD-3.2", (1, -1))
    assert s2.legal_actions() == []
    err = s2.why_illegal("pass")
    assert err is not None and err.clause == "LEAD-3.1"
    with pytest.raises(ValueError, match="sample_chance: the game is over; there is no chance outcome to draw"):
        boardkit.sample_chance(s2, random.Random(0))


BOARD_HEAD = "name: t\nkind: hex\ncells: [[0, 3], [0, 2], [1, 2], [-1, 3], [0, 1], [0, 0], [0, -1], [0, -2], [0, -3], [1, -3], [-1, -2]]\n"


@pytest.mark.parametrize(
    "sets, message",
    [
        ("sets: {start_0: [[0, 3]], start_1: [[0, 3]], recruit_0: [[0, 2]], recruit_1: [[0, -2]]}", "sets.start_1: the same cell as start_0"),
        ("sets: {start_0: [[0, 3]], start_1: [[0, -3]], recruit_0: [[0, 2], [0, 2]], recruit_1: [[0, -2]]}", r"sets.recruit_0\[1\]: cell \[0, 2\] is listed twice"),
        ("sets: {start_0: [[0, 3]], start_1: [[0, -3]], recruit_0: [[0, 2]], recruit_1: [[0, 2]]}", "sets.recruit_1: shares cells with recruit_0"),
    ],
)
def test_impossible_leaders_board_is_refused(tmp_path, sets, message):
    path = tmp_path / "board.yaml"
    path.write_text(BOARD_HEAD + sets + "\n")
    with pytest.raises(BoardkitDataError, match=message):
        boardkit.load_game("leaders", board=path)  # a pathlib.Path is taken too


def test_board_where_a_leader_starts_surrounded_is_refused(tmp_path):
    path = tmp_path / "tiny.yaml"
    path.write_text("name: tiny\nkind: hex\ncells: [[0, 0], [1, 0]]\n"
                    "sets: {start_0: [[0, 0]], start_1: [[1, 0]], recruit_0: [[0, 0]], recruit_1: [[1, 0]]}\n")
    with pytest.raises(BoardkitDataError, match="sets.start_0: the Leader would start surrounded"):
        boardkit.load_game("leaders", board=str(path))


def test_board_name_and_path_errors(tmp_path):
    with pytest.raises(BoardkitDataError, match=r"board .nowhere.: no such board; known names: .*leaders"):
        boardkit.load_game("leaders", board="nowhere")
    with pytest.raises(BoardkitDataError, match="cannot read board file"):
        boardkit.load_game("leaders", board=str(tmp_path / "dir" / "noext"))
    with pytest.raises(BoardkitDataError, match=r"cells\[0\]\[0\]: 3.0 is not of type 'integer'"):
        (tmp_path / "f.yaml").write_text("name: x\nkind: hex\ncells: [[3.0, 0]]\nsets: {}\n")
        load_hex_board(tmp_path / "f.yaml")


@pytest.mark.parametrize("value", [None, 5, b"pass", ["pass"], 1.5])
def test_values_that_are_not_actions_are_refused_as_notation(value):
    state = _state()
    before = state.to_json()
    with pytest.raises(NotationError, match="an action is an Action or its notation text"):
        state.apply_action(value)
    with pytest.raises(NotationError):
        state.why_illegal(value)
    assert state.to_json() == before


@pytest.mark.parametrize(
    "field, message",
    [
        ({"to_move": 1.0}, "to_move: 1.0 is not of type 'integer'"),
        ({"to_move": True}, "to_move: True is not of type 'integer'"),
        ({"turn": 2.0}, "turn: 2.0 is not of type 'integer'"),
        ({"pieces": {0: ["King d1", 5], 1: "Queen d7"}}, r"pieces.0\[1\]: 5 is not of type 'string'"),
        ({"recruits_left": 2}, "recruits_left: only meaningful with phase: recruit"),
        ({"acted": ["King", "king"]}, "listed twice"),
    ],
)
def test_position_fields_are_checked_strictly(field, message):
    doc = {"pieces": {0: "King d1", 1: "Queen d7"}, "market": ["Rider", "Vizier", "Jailer"], **field}
    with pytest.raises((BoardkitDataError, IllegalActionError), match=message):
        boardkit.load_game("leaders").state_from_position(doc)


def test_position_reads_multi_word_names_and_recruit_notation():
    state = boardkit.load_game("leaders").state_from_position(
        {"pieces": {0: "King d1, Royal Guard c2", 1: "Queen d7"}, "market": ["Rider", "Vizier", "ClawLauncher"],
         "phase": "recruit"}
    )
    assert state.observation(None)["pieces"]["c2"]["kind"] == "RoyalGuard"
    assert str(state.parse_action("recruit Claw Launcher a1")) == "recruit ClawLauncher a1"
    assert str(state.parse_action("recruit Hermit & Cub a1 b1")) == "recruit HermitCub a1 b1"


def test_saved_state_with_float_option_or_deep_nesting_is_a_data_error():
    text = _state().to_json().replace('"first_player": null', '"first_player": 1.0')
    with pytest.raises(BoardkitDataError, match="first_player=1.0 is not allowed"):
        boardkit.state_from_json(text)
    with pytest.raises(BoardkitDataError, match="not"):
        boardkit.state_from_json("[" * 100000 + "]" * 100000)


def test_observation_player_and_to_sympy_check_their_input():
    state = _state()
    with pytest.raises(ValueError, match="player is 0, 1 or None"):
        state.observation(2)
    from boardkit.core.chance import to_sympy

    with pytest.raises(TypeError, match="exact Fraction"):
        to_sympy(0.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", boardkit.list_games())
def test_a_game_pickles_as_the_arguments_of_its_repr(name: str) -> None:
    """A Game pickles as itself: ``__reduce__`` gives load_game's arguments (name, rules
    profile, the options that differ from it), so it unpickles equal, of its own class, with
    the same repr, for the seed profile, the published one and a changed option."""
    import pickle

    from boardkit.core.game import _load_pickled

    games = [boardkit.load_game(name), boardkit.load_game(name, rules="published")]
    option = next((o for o in games[0].option_specs if o.kind is bool or (o.choices and len(o.choices) > 1)), None)
    if option is not None:
        other = (not option.default) if option.kind is bool else next(c for c in option.choices if c != option.default)
        games.append(boardkit.load_game(name, **{option.name: other}))
    for game in games:
        fn, args = game.__reduce__()
        assert fn is _load_pickled and args[0] == name and args[1] == game.rules
        assert boardkit.load_game(args[0], rules=args[1], **args[2]) == eval(repr(game), {"boardkit": boardkit}) == game
        again = pickle.loads(pickle.dumps(game))
        assert type(again) is type(game) and again == game and repr(again) == repr(game)
        assert again.rules == game.rules
    if option is not None:
        assert games[-1].__reduce__()[1][2] == {option.name: other}


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3"])
def test_random_playout_refuses_a_bad_max_actions(bad: object) -> None:
    s = boardkit.load_game("leaders").new_initial_state()
    with pytest.raises(ValueError, match="max_actions is a whole number >= 0 or None"):
        boardkit.random_playout(s, random.Random(1), max_actions=bad)  # type: ignore[arg-type]
    assert not s.history()  # nothing played
    with pytest.raises(ValueError, match="rng is a random.Random, not NoneType"):
        boardkit.random_playout(s, None)
