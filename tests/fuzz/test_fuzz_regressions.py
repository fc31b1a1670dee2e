"""Faults the fuzz suite found, each pinned by its smallest example; they must stay fixed."""

from __future__ import annotations

import pytest
from fuzzcheck import MAX_MESSAGE, deep, sample_states

import boardkit
from boardkit.core.actions import FirstPlayer

HUGE = "x" * 10_000


def _message(call) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises((ValueError, TypeError)) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize("name", boardkit.list_games())
def test_option_error_quotes_a_huge_value_shortened(name: str) -> None:
    opt = boardkit.get_spec(name).options[0]
    message = _message(lambda: boardkit.load_game(name, **{opt.name: HUGE}))
    assert opt.name in message and "(10000 characters)" in message and len(message) < 300


def test_unknown_game_name_is_shortened() -> None:
    message = _message(lambda: boardkit.load_game(HUGE))
    assert "unknown game" in message and len(message) < 400


@pytest.mark.parametrize("name", boardkit.list_games())
@pytest.mark.parametrize("text", [HUGE, "select " + HUGE, "first " + HUGE, HUGE + " d1"])
def test_notation_error_quotes_a_huge_text_shortened(name: str, text: str) -> None:
    state = boardkit.load_game(name).new_initial_state()
    message = _message(lambda: state.parse_action(text))
    assert "xxxxxxxx" in message and len(message) < 600


# -- open, in files another change owns -----------------------------------------------------

def test_deeply_nested_position_is_refused_with_a_boardkit_error() -> None:
    game = boardkit.load_game("leaders")
    position = sample_states("leaders")[2].to_position()
    position["first_player"] = deep(2000)
    with pytest.raises(ValueError):
        game.state_from_position(position)


def test_schema_message_quotes_a_huge_value_shortened() -> None:
    game = boardkit.load_game("battle_royale")
    position = game.new_initial_state().to_position()
    position["deal"] = HUGE
    assert len(_message(lambda: game.state_from_position(position))) < MAX_MESSAGE


def test_seat_error_quotes_a_huge_value_shortened() -> None:
    state = boardkit.load_game("leaders").new_initial_state()
    assert len(_message(lambda: state.legal_actions(HUGE))) < MAX_MESSAGE  # type: ignore[arg-type]


def test_saved_history_entry_is_quoted_shortened() -> None:
    state = boardkit.load_game("leaders").new_initial_state()
    text = state.to_json().replace('"history": []', f'"history": ["{HUGE}"]')
    assert len(_message(lambda: state.game.state_from_json(text))) < MAX_MESSAGE


def test_hand_built_action_with_an_unhashable_field_is_refused_by_name() -> None:
    state = boardkit.load_game("leaders").new_initial_state()
    message = _message(lambda: state.why_illegal(FirstPlayer([])))  # type: ignore[arg-type]
    assert "'first []'" in message and "not a seat" in message


@pytest.mark.parametrize("name", boardkit.list_games())
def test_observation_of_a_huge_player_value_is_refused_shortened(name: str) -> None:
    state = boardkit.load_game(name).new_initial_state()
    message = _message(lambda: state.observation(HUGE))  # type: ignore[arg-type]
    assert "observation(player)" in message and len(message) < 300


def test_option_value_too_deep_for_repr_is_refused_by_name() -> None:
    message = _message(lambda: boardkit.load_game("leaders", expert=deep(3000)))
    assert "expert" in message and "nested too deep" in message


DEEP_YAML = "a: " + "[" * 3000 + "]" * 3000 + "\n"


def test_deeply_nested_yaml_is_refused_with_a_boardkit_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "deep.yaml"
    path.write_text(DEEP_YAML)
    with pytest.raises(ValueError):
        boardkit.load_game("marabunta", data=str(path))


def test_marabunta_data_with_a_crate_group_repeated_names_only_that_group(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import yaml

    from boardkit.core.paths import DATA_DIR

    doc = yaml.safe_load((DATA_DIR / "marabunta" / "default.yaml").read_text(encoding="utf-8"))
    doc["crate_groups"].extend([doc["crate_groups"][0]] * 2000)
    path = tmp_path / "data.yaml"
    class NoAliases(yaml.SafeDumper):
        def ignore_aliases(self, data):  # type: ignore[no-untyped-def]  # write shared lists out in full
            return True

    path.write_text(yaml.dump(doc, Dumper=NoAliases), encoding="utf-8")
    message = _message(lambda: boardkit.load_game("marabunta", data=str(path)))
    assert "used twice" in message and doc["crate_groups"][0]["name"] in message and len(message) < 500


def test_yaml_with_a_control_character_is_refused_with_a_boardkit_error() -> None:
    message = _message(lambda: boardkit.load_game("leaders").state_from_position("\x08pieces: {}"))
    assert "not valid YAML" in message and "#x0008" in message
