"""The fuzz property can fail: each planted fault is reported by check_call (or by the
property functions the fuzz tests use), so a passing fuzz run means something."""

from __future__ import annotations

import time

import pytest
from fuzzcheck import check_call, known_open, sample_states
from test_fuzz_inputs import check_parse_action

import boardkit
from boardkit.core.notation import Notation


def test_a_parser_raising_keyerror_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    state = sample_states("leaders")[0].clone()

    def broken(self: Notation, text: str, ctx: object) -> None:
        raise KeyError(text)

    check_parse_action(state, "first 0")  # sound before the fault is planted
    monkeypatch.setattr(Notation, "parse", broken)
    with pytest.raises(AssertionError, match="raised KeyError"):
        check_parse_action(state, "first 0")


def test_a_refusal_that_changes_the_state_is_reported() -> None:
    state = sample_states("leaders")[0].clone()

    def apply_then_refuse() -> None:
        state.apply_action(state.legal_actions()[0])
        raise ValueError("refused")

    with pytest.raises(AssertionError, match=r"changed observation\(None\)"):
        check_call(apply_then_refuse, "planted", state=state)


def test_an_overlong_or_empty_or_anonymous_message_is_reported() -> None:
    with pytest.raises(AssertionError, match="message of 5000 characters"):
        check_call(lambda: (_ for _ in ()).throw(boardkit.NotationError("x" * 5000)), "planted")
    with pytest.raises(AssertionError, match="empty message"):
        check_call(lambda: (_ for _ in ()).throw(ValueError("")), "planted")
    with pytest.raises(AssertionError, match="names none of"):
        check_call(lambda: (_ for _ in ()).throw(TypeError("unhashable")), "planted", names=("action",))


def test_a_hang_is_reported() -> None:
    start = time.perf_counter()
    with pytest.raises(AssertionError, match="no answer within 0.2 s"):
        check_call(lambda: time.sleep(5), "planted", seconds=0.2)
    assert time.perf_counter() - start < 2


def test_known_open_faults_are_only_those_of_the_named_files() -> None:
    def unhashable() -> None:
        {}[[]]  # type: ignore[index]  # an unhashable TypeError raised here, not in core/game.py

    with pytest.raises(TypeError) as info:
        unhashable()
    assert not known_open(info.value)
    with pytest.raises(AssertionError, match="names none of"):
        check_call(unhashable, "planted", names=("action",))


def test_a_position_accepted_but_unplayable_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: gridhunt's playability check switched off; a resolve phase with nothing
    pending is then accepted and fails on the first step (ZeroDivisionError)."""
    import json
    import random as _random

    from test_fuzz_positions import check_position

    from boardkit.games.gridhunt import position

    game = boardkit.load_game("gridhunt", turn_order="simultaneous")
    state = game.new_initial_state()
    rng = _random.Random(5)
    while state.to_position()["phase"] != "resolve":
        boardkit.random_playout(state, rng, max_actions=1)
    pos = json.loads(json.dumps(state.to_position()))
    pos["pending"] = []
    check_position(game, pos, "sound")  # refused while the check is in place
    monkeypatch.setattr(position, "_check_playable", lambda state: None)
    with pytest.raises(AssertionError, match="ZeroDivisionError|playing on"):
        check_position(game, pos, "planted")
