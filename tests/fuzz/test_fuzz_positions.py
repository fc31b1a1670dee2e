"""Positions accepted without ``study=True`` are positions the engine can play.

Real positions (``to_position()`` of states along seeded random games of every game) are
perturbed (a value replaced by another of the position's own words, seats and numbers, by a
seat far off or negative, a number past every bound or ``None``; a part dropped or repeated)
and read back without ``study``. Each must be refused (an ``IllegalPositionError`` naming its
clause, or a ``BoardkitDataError`` naming the field), or be a state that keeps the whole
numbers given (``to_position()`` gives them back), round-trips through ``to_position()``
unchanged and plays a legal step (a chance outcome or a legal action of a seat to move)
without error. Besides the random perturbations, every top-level field of every sampled
position is set, in turn, to each of :data:`NUMBERS` and to ``None``.

Size: ``BOARDKIT_FUZZ_POSITIONS`` examples per game (default 40).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from fuzzcheck import GAMES, check_call, mutate, sample_states, short, words_of
from hypothesis import given, settings
from hypothesis import strategies as st

import boardkit
from boardkit import BoardkitDataError, IllegalPositionError, State
from boardkit.core.position import MAX_COUNT

EXAMPLES = int(os.environ.get("BOARDKIT_FUZZ_POSITIONS", "40"))
POSITIONS = settings(max_examples=EXAMPLES, derandomize="BOARDKIT_FUZZ_POSITIONS" not in os.environ, deadline=None,
                     database=None, suppress_health_check=list(__import__("hypothesis").HealthCheck))


def _plain(doc: Any) -> Any:
    return json.loads(json.dumps(doc, default=str))


#: Numbers no field of any game may hold, or only some: a seat far off, a negative seat,
#: counters past any bound (``turn: 10**40``).
NUMBERS = [99, -7, 10**9 + 1, 10**40]


#: Top-level fields that hold a seat, in any game that has them.
SEAT_FIELDS = ("to_move", "first", "first_player")


def kept(desc: Any, pos: dict[str, Any], players: int, what: str) -> None:
    """What an accepted description gives at its top level is what the state holds: a whole
    number is within bounds (0 .. MAX_COUNT, a seat below the number of players) and comes
    back the same from to_position(); a null comes back null (a value ignored or replaced by
    a default is a value silently dropped)."""
    if not isinstance(desc, dict):
        return
    for key, value in desc.items():
        back = pos.get(key) if isinstance(key, str) else None
        if value is None:
            assert back is None, f"{what}: {key}: null given, {short(back)} kept"
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        assert 0 <= value <= MAX_COUNT, f"{what}: {key}: {value} accepted, past the bounds 0 .. {MAX_COUNT}"
        assert key not in SEAT_FIELDS or value < players, f"{what}: {key}: {value} accepted as a seat of {players}"
        if isinstance(back, int) and not isinstance(back, bool):
            assert back == value, f"{what}: {key}: {value} given, {back} kept"


def playable(state: State, what: str, desc: Any = None) -> None:
    """The property for an accepted position: what it gave is kept, to_position() reads back
    as itself, and one legal step plays."""
    pos = _plain(state.to_position())
    kept(desc, pos, state.game.num_players, what)
    again = state.game.state_from_position(pos)
    assert _plain(again.to_position()) == pos, f"{what}: to_position() does not read back as itself"
    if state.is_terminal():
        return
    step = state.clone()
    if step.is_chance_node():
        outcomes = step.chance_outcomes()
        assert outcomes, f"{what}: a chance node with no outcome"
        step.apply_action(outcomes[0][0])
        return
    movers = step.current_players()
    assert movers, f"{what}: not over, not chance, and no seat to act"
    p = movers[0]
    actions = step.legal_actions(p)
    assert actions, f"{what}: seat {p} is to act but has no legal action"
    step.apply_action(random.Random(0).choice(actions), player=p if len(movers) > 1 else None)


def check_position(game: boardkit.Game, desc: Any, what: str) -> None:
    """Read ``desc`` without study: refused with a clause or a field, or playable."""
    out = check_call(lambda: game.state_from_position(desc), what, names=(game.name, "position"))
    if out.error is not None:
        err = out.error
        assert isinstance(err, (IllegalPositionError, BoardkitDataError)), f"{what}: refused with {type(err).__name__}: {err}"
        if isinstance(err, IllegalPositionError):
            assert err.clause, f"{what}: refused without a clause: {err}"
        return
    check_call(lambda: playable(out.result, what, desc), f"{what}: playing on")


@pytest.mark.parametrize("name", GAMES)
@POSITIONS
@given(data=st.data())
def test_fuzzed_positions_are_refused_or_playable(name: str, data: st.DataObject) -> None:
    source = data.draw(st.sampled_from([s for s in sample_states(name) if not s.is_terminal()]))
    position = _plain(source.to_position())
    extra = words_of(source) + list(range(source.game.num_players + 1)) + NUMBERS + [True, False, None]
    desc = mutate(position, data, extra)
    check_position(source.game, desc, f"{name}.state_from_position({short(desc, 300)})")


@pytest.mark.parametrize("name", GAMES)
def test_every_field_set_to_a_number_past_its_bounds_or_none_is_refused_or_kept(name: str) -> None:
    for k, source in enumerate(s for s in sample_states(name) if not s.is_terminal()):
        position = _plain(source.to_position())
        for key in position:
            for value in [*NUMBERS, None]:
                if position[key] == value:
                    continue
                desc = {**position, key: value}
                check_position(source.game, desc, f"{name} state {k}: {key}: {value!r}")
