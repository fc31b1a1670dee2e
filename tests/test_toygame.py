"""Clause tests of the private toy game (tests/toygame.py) that the generic machinery runs on.

They also show the naming convention the clause-coverage scan reads: ``test_TOY_3_...`` names
clause TOY-3; a docstring may name a clause literally instead.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardkit
from boardkit import CHANCE, TERMINAL, IllegalActionError, NotationError

import toygame


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.register(monkeypatch)


def test_TOY_1_first_player_is_drawn() -> None:
    state = boardkit.load_game("toy").new_initial_state()
    assert state.current_player() == CHANCE
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [("first 0", Fraction(1, 2)), ("first 1", Fraction(1, 2))]
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("take 1")
    assert info.value.clause == "TOY-1"


def test_TOY_2_take_at_most_the_pile() -> None:
    state = boardkit.load_game("toy").state_from_position({"pile": 1, "to_move": 1})
    assert [str(a) for a in state.legal_actions()] == ["roll", "take 1"]
    err = state.why_illegal("take 2")
    assert err is not None and err.clause == "TOY-2"


def test_TOY_3_roll_is_a_chance_node() -> None:
    state = boardkit.load_game("toy").state_from_position({"pile": 5, "to_move": 0})
    state.apply_action("roll")
    assert state.is_chance_node()
    state.apply_action("die 3")
    assert state.observation(None)["pile"] == 2 and state.current_player() == 1
    err = state.why_illegal("die 1")
    assert err is not None and err.clause == "TOY-3"


def test_die_distribution() -> None:
    """TOY-3: the die shows 1, 2, 3 with exact probabilities 1/2, 1/3, 1/6."""
    state = boardkit.load_game("toy").state_from_position({"pile": 5, "to_move": 0})
    state.apply_action("roll")
    assert [p for _, p in state.chance_outcomes()] == [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]


def test_TOY_4_emptying_the_pile_wins() -> None:
    state = boardkit.load_game("toy").state_from_position({"pile": 2, "to_move": 1})
    state.apply_action("take 2")
    assert state.current_player() == TERMINAL and state.returns() == [-1, 1] and state.winners() == [1]
    assert state.why_illegal("take 1").clause == "TOY-4"  # type: ignore[union-attr]


def test_TOY_5_max_turns_draws() -> None:
    game = boardkit.load_game("toy", max_turns=1)
    state = game.state_from_position({"pile": 5, "to_move": 0})
    state.apply_action("take 1")
    assert state.is_terminal() and state.returns() == [0, 0] and state.winners() == []
    with pytest.raises(IllegalActionError) as info:
        game.state_from_position({"pile": 5, "to_move": 0, "turns": 1})
    assert info.value.clause == "TOY-5"


def test_toy_notation_and_json() -> None:
    state = boardkit.load_game("toy", pile=4).new_initial_state()
    with pytest.raises(NotationError):
        state.parse_action("take")
    state.apply_action("first 1")
    state.apply_action("roll")
    again = boardkit.state_from_json(state.to_json())
    assert again.observation(None) == state.observation(None) and again.history() == state.history()
