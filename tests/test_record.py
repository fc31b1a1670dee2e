"""A clone shares its original's history lists until either records an action
(boardkit.core.history.Record): each then has its own record, in every game, saved and read
back as its own; a clone never sees its original's later actions, nor the reverse."""

from __future__ import annotations

import random

import pytest

import boardkit
from boardkit.core.game import SIMULTANEOUS, sample_chance


def _one_recorded(state: boardkit.State, rng: random.Random) -> None:
    """Apply one random action with apply_action (recorded), giving a seat where several act."""
    if state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
        return
    movers = state.current_players()
    seat = movers[rng.randrange(len(movers))]
    by = seat if state.current_player() == SIMULTANEOUS else None
    state.apply_action(state.sample_legal_action(rng, seat), player=by)


def _play(state: boardkit.State, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if state.is_terminal():
            return
        _one_recorded(state, rng)


@pytest.mark.parametrize("name", boardkit.list_games())
def test_clones_share_the_history_until_one_records_then_each_keeps_its_own(name: str) -> None:
    game = boardkit.load_game(name)
    for seed in range(4):
        rng = random.Random(seed)
        root = game.new_initial_state()
        _play(root, rng, 25)
        before = root.saved_history()
        a, b = root.clone(), root.clone()
        assert a._history is root._history and b._history is root._history  # shared, not copied
        _play(a, rng, 15)
        c = a.clone()
        _play(c, rng, 10)
        _play(root, rng, 5)
        _play(b, rng, 8)
        for s in (root, a, b, c):
            assert s.saved_history()[:len(before)] == before
            assert len(s.history()) == len(s._seen) == s.move_number()
            back = game.state_from_json(s.to_json())
            assert back.saved_history() == s.saved_history() and back.position_key() == s.position_key()
        assert b.saved_history()[len(before):] != a.saved_history()[len(before):] or a.is_terminal() or b.is_terminal()
        assert c.saved_history()[:len(a.saved_history())] == a.saved_history()


def test_a_clone_of_a_simultaneous_turn_keeps_its_own_seats_record() -> None:
    """gridhunt's simultaneous variant records which seat gave each order (``@SEAT``): a clone
    and its original giving different orders save different records, each read back."""
    game = boardkit.load_game("gridhunt", turn_order="simultaneous")
    rng = random.Random(5)
    s = game.new_initial_state()
    while s.current_player() != SIMULTANEOUS:
        _one_recorded(s, rng)
    t = s.clone()
    _play(s, rng, 3)
    _play(t, random.Random(99), 3)
    for x in (s, t):
        assert any(h.startswith("@") for h in x.saved_history())
        assert game.state_from_json(x.to_json()).saved_history() == x.saved_history()
    assert s.saved_history() != t.saved_history()
