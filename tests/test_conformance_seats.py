"""Generic conformance of Core v2, on every registered game (seeded random games):

- positions both ways: ``game.state_from_position(state.to_position())`` gives the same
  position (full observation, player to move, legal actions or chance outcomes), and the
  description is copied (editing it afterwards changes nothing);
- stored actions are in the game's own form: every history entry's notation parses back to
  it, and a saved game reloads to the same position;
- one outcome shape: ``outcome()`` is None while the game runs, an :class:`Outcome` at the end
  whose returns are ``returns()``, whose winners have the top return, and whose clause is a
  clause of the game;
- seats: ``legal_actions(seat)`` is the mover's list for the mover and empty for the others;
  a seat not to move is refused with the turn clause; ``str(state)`` is the public
  observation;
- no leak: for every game with hidden information and every seat, two truths that differ only
  in an entry hidden from that seat (a chance outcome, or another player's order: the same
  history as the seat saw it; for gridhunt also the same record of what the seat is told,
  tests/gridhunt_told.py) give equal ``observation(seat)``, ``history(seat)``, saved seat view
  and ``public_observation()``.

Environment: ``BOARDKIT_CONFORMANCE_GAMES`` scales the number of games (default 200 -> 12
games per check here).
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
from typing import Any

import pytest

import boardkit
from boardkit import IllegalActionError, Outcome, State, random_playout

N_GAMES = max(4, int(os.environ.get("BOARDKIT_CONFORMANCE_GAMES", "200")) // 16)
GAMES = boardkit.list_games()


def _game(name: str) -> boardkit.Game:
    opts = {"max_turns": 40} if any(o.name == "max_turns" for o in boardkit.get_spec(name).options) else {}
    return boardkit.load_game(name, **opts)


def _view(state: State) -> str:
    if state.is_chance_node():
        moves: Any = [(str(a), str(p)) for a, p in state.chance_outcomes()]
    else:
        moves = [str(a) for a in state.legal_actions()]
    return json.dumps([state.observation(None), state.current_player(), moves], sort_keys=True, default=str)


def _random_states(name: str, seed: int, every: int = 7) -> list[State]:
    """Snapshots (clones) along one seeded random game, every ``every`` actions and at the end."""
    rng = random.Random(seed)
    state = _game(name).new_initial_state()
    out = []
    while not state.is_terminal() and len(state.history()) < 5000:
        out.append(state.clone())
        random_playout(state, rng, max_actions=every)
    out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_position_round_trip_and_copy(name: str) -> None:
    checked = 0
    for seed in range(N_GAMES):
        for state in _random_states(name, seed):
            if state.is_terminal():
                continue  # a finished game is no position to play from
            desc = state.to_position()
            json.dumps(desc)  # JSON-ready
            kept = copy.deepcopy(desc)
            again = state.game.state_from_position(desc, study=True)
            assert _view(again) == _view(state), f"{name} seed {seed}: position round trip differs"
            assert desc == kept, "state_from_position changed the description it was given"
            before = _view(again)
            for value in desc.values():  # the caller edits its description afterwards
                if isinstance(value, (dict, list)):
                    value.clear()
            assert _view(again) == before, "the position shares data with the description it was made from"
            checked += 1
    assert checked > N_GAMES


@pytest.mark.parametrize("name", GAMES)
def test_stored_actions_reload_and_outcome_shape(name: str) -> None:
    clauses = set(_game(name).clauses)
    ended = 0
    for seed in range(N_GAMES):
        state = _random_states(name, 1000 + seed, every=10_000)[-1]
        for action in state.history():
            assert not isinstance(action, str)
            assert state.parse_action(str(action)) == action and str(state.parse_action(str(action))) == str(action)
        reloaded = boardkit.state_from_json(state.to_json())
        assert _view(reloaded) == _view(state)
        if not state.is_terminal():
            assert state.outcome() is None
            continue
        ended += 1
        o = state.outcome()
        assert isinstance(o, Outcome) and o.clause in clauses
        assert o.returns == tuple(state.returns())
        top = max(o.returns)
        assert o.winners == tuple(p for p, r in enumerate(o.returns) if r == top and top > 0)
        assert state.winners() == list(o.winners)
    assert ended > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_is_worded_as_its_outcome(name: str) -> None:
    """After the end, an action refused (its clause the game's) and to_position say how the game
    ended in the outcome's own words, a cut-off included: one reason, not two wordings."""
    ended = 0
    for seed in range(N_GAMES):
        state = _random_states(name, 1000 + seed, every=10_000)[-1]
        if not state.is_terminal():
            continue
        ended += 1
        reason = state.outcome().reason
        why = state.why_illegal(state.history()[-1])
        assert why is not None and why.reason.startswith(f"the game is over ({reason}"), (reason, why)
        with pytest.raises(ValueError, match=re.escape(f"the game is over ({reason});")):
            state.to_position()
    assert ended > 0


@pytest.mark.parametrize("name", GAMES)
def test_seats_and_public_text(name: str) -> None:
    game = _game(name)
    turn_clause = game.spec.turn_clause
    assert turn_clause in game.clauses
    for state in _random_states(name, 77, every=3)[:60]:
        assert json.loads(str(state)) == json.loads(json.dumps(state.public_observation(), default=str))
        if state.is_terminal() or state.is_chance_node():
            assert all(state.legal_actions(p) == [] for p in range(game.num_players))
            continue
        mover = state.current_player()
        some = state.legal_actions()[0]
        assert state.legal_actions(mover) == state.legal_actions()
        for p in range(game.num_players):
            if p == mover:
                assert state.why_illegal(some, p) is None
                continue
            assert state.legal_actions(p) == []
            err = state.why_illegal(some, p)
            assert isinstance(err, IllegalActionError) and err.clause == turn_clause
            with pytest.raises(IllegalActionError):
                state.apply_action(some, player=p)



@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bad", [99, -1, 1.0, True, "0", 0.5])
def test_a_value_that_is_not_a_seat_is_refused_naming_it(name: str, bad: Any) -> None:
    """Every seat-facing door refuses a value that is not a seat number (a float equal to a
    seat and True included) with a ValueError that names the value, and changes nothing."""
    state = _game(name).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = _view(state)
    some = state.legal_actions()[0]
    doors = (state.legal_actions, state.observation, state.history, lambda p: state.why_illegal(some, p),
             lambda p: state.apply_action(some, player=p))
    for door in doors:
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            door(bad)
    assert _view(state) == before


def _replay(game: boardkit.Game, actions: list[Any]) -> State | None:
    state = game.new_initial_state()
    for a in actions:
        if state.why_illegal(a) is not None:
            return None
        state.apply_action(a)
    return state


def _told(name: str, state: State, seat: int) -> Any:
    """An independent record of what ``seat`` is told from now on, for games where the hidden
    part of the truth can show later through public events (gridhunt: a hidden wall stops a
    move, and everyone is told, GRID-3.3): :class:`gridhunt_told.Told`; None for the others,
    whose hidden outcomes show only through the actions that follow."""
    if name == "gridhunt":
        import gridhunt_told

        return gridhunt_told.Told(state, seat)
    return None


def _step(state: State, action: Any, told: Any) -> None:
    before = state.clone() if told is not None else None
    state.apply_action(action)
    if told is not None:
        told.step(before, action, None, state)


def _seat_view(state: State, seat: int) -> tuple[Any, ...]:
    saved = getattr(state, "player_view_json", None)
    return (state.observation(seat), state.history(seat), saved(seat) if saved is not None else None,
            state.public_observation(), str(state))


@pytest.mark.parametrize("name", [g for g in GAMES if boardkit.get_spec(g).information == "imperfect"])
def test_no_leak_between_truths_a_seat_cannot_tell_apart(name: str) -> None:
    """Take an entry hidden from a seat (``history(seat)`` shows it as text: a chance outcome, or
    another player's order), put another outcome of the same node (or another legal order of the
    same player) in its place, and play on both truths with the actions that followed for as
    long as they stay legal in both and, where the game has one (gridhunt), the independent
    record of what the seat is told (``_told``) stays equal: the seat's observation, history
    and saved view (``player_view_json``, gridhunt) and the public view must never differ."""
    game = _game(name)
    pairs = 0
    differing = 0
    for seed in range(N_GAMES):
        rng = random.Random(seed)
        state = _random_states(name, 500 + seed, every=10_000)[-1]
        history = state.history()
        for seat in range(game.num_players):
            seen = state.history(seat)
            hidden = [i for i, entry in enumerate(seen) if isinstance(entry, str)]
            rng.shuffle(hidden)
            for i in hidden[:2]:
                prefix = _replay(game, history[:i])
                assert prefix is not None
                if prefix.is_chance_node():
                    others = [a for a, _ in prefix.chance_outcomes() if a != history[i]]
                else:
                    others = [a for a in prefix.legal_actions() if a != history[i]]
                for other in rng.sample(others, min(3, len(others))):
                    truth, alt = prefix.clone(), prefix.clone()
                    t_told, a_told = _told(name, truth, seat), _told(name, alt, seat)
                    _step(truth, history[i], t_told)
                    _step(alt, other, a_told)
                    if t_told is not None and t_told.events != a_told.events:
                        continue  # the seat is told something that tells the truths apart
                    for nxt in history[i + 1:i + 40]:
                        if truth.why_illegal(nxt) is not None or alt.why_illegal(nxt) is not None:
                            break
                        kept = (truth.clone(), alt.clone())
                        _step(truth, nxt, t_told)
                        _step(alt, nxt, a_told)
                        if t_told is not None and t_told.events != a_told.events:
                            truth, alt = kept  # from here on the seat may tell them apart
                            break
                        assert _seat_view(alt, seat) == _seat_view(truth, seat), f"{name}: seat {seat} sees a hidden entry"
                    pairs += 1
                    differing += alt.observation(None) != truth.observation(None)
                    assert alt.history(seat) == truth.history(seat)
                    assert alt.observation(seat) == truth.observation(seat), f"{name}: seat {seat} sees a hidden outcome"
                    assert _seat_view(alt, seat) == _seat_view(truth, seat)
                    assert alt.public_observation() == truth.public_observation()
                    assert str(alt) == str(truth)
    assert pairs > 0 and differing > 0, "no two different truths a seat cannot tell apart were found: the check saw nothing"
