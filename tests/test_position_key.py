"""``State.position_key``: equal exactly when ``to_position(finished=True)`` is equal.

Whole-turn search (boardkit.agents.plans) merges the orders of play that reach one position by
this key, so a key coarser than the description would merge different positions and a finer
one would keep copies. Armageddon gives its own (a tuple of the fields it writes); every pair of
states below is checked both ways, including the orders of one roll's shares that reach the
same position and the finished games.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

import boardkit
from boardkit.agents.plans import whole_turns
from boardkit.core.playout import sample_chance


def _states(name: str, seed: int, games: int, every: int):
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = boardkit.load_game(name).new_initial_state()
        n = 0
        while True:
            if n % every == 0 or s.is_terminal():
                out.append(s.clone())
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
            else:
                movers = s.current_players()
                p = movers[0]
                acts = s.legal_actions(p)
                s.apply_action(acts[rng.randrange(len(acts))], player=p if len(movers) > 1 else None)
            n += 1
    return out


def _check_pairs(states) -> int:
    keys = [s.position_key() for s in states]
    texts = [repr(s.to_position(finished=True)) for s in states]
    equal = 0
    for i, j in combinations(range(len(states)), 2):
        assert (keys[i] == keys[j]) == (texts[i] == texts[j]), (texts[i], texts[j])
        equal += texts[i] == texts[j]
        hash(keys[i])
    return equal


@pytest.mark.parametrize("name", boardkit.list_games())
def test_position_key_is_equal_exactly_when_the_description_is(name):
    states = _states(name, seed=3, games=2, every=7)
    states += [s.clone() for s in states[:5]]  # equal copies
    assert _check_pairs(states) >= 5


def test_armageddon_position_key_merges_the_orders_of_one_roll():
    game = boardkit.load_game("armageddon")
    rng = random.Random(8)
    merged = 0
    for s in _states("armageddon", seed=5, games=1, every=1):
        if s.is_chance_node() and not s.is_terminal() and rng.random() < 0.3:
            s.apply_action(sample_chance(s, rng))
            if s.is_terminal() or s.is_chance_node():
                continue
            p = s.current_player()
            ends = []
            for a in s.legal_actions():  # every first share, then every second one
                one = s.child(a)
                ends.append(one)
                if one.current_players() == [p]:
                    ends += [one.child(b) for b in one.legal_actions()[:6]]
            merged += _check_pairs(ends)
            turns = whole_turns(s, p)
            assert len({end.position_key() for _, end in turns}) == len(turns)
    assert merged > 0 and game.name == "armageddon"
