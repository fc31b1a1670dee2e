"""``State.sample_legal_action``: one legal action drawn uniformly, the step of MCTS rollouts.

Games that do not draw on their own (``_sample_legal`` returns None) draw from the legal list
with one ``rng.randrange``, the very draw rollouts made before: their seeded searches are
unchanged. Armageddon draws without listing (tests/games/armageddon/test_armageddon_sampling.py).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import boardkit
from boardkit.core.playout import sample_chance
from boardkit.core.state import State

GAMES = boardkit.list_games()


def _play(name: str, seed: int):
    """(state, seat) at each decision of a seeded random game."""
    s = boardkit.load_game(name).new_initial_state()
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
            continue
        movers = s.current_players()
        p = movers[rng.randrange(len(movers))]
        yield s, p
        acts = s.legal_actions(p)
        s.apply_action(acts[rng.randrange(len(acts))], player=p if len(movers) > 1 else None)


@pytest.mark.parametrize("name", GAMES)
def test_sample_legal_action_draws_a_legal_action_of_the_seat(name):
    own = type(boardkit.load_game(name).new_initial_state())._sample_legal is not State._sample_legal
    n = 0
    for s, p in _play(name, seed=1):
        legal = s.legal_actions(p)
        r1, r2 = random.Random(n), random.Random(n)
        a = s.sample_legal_action(r1, p)
        assert a in legal, (name, str(a))
        if not own:  # the list's draw: one randrange, as rollouts drew before
            assert a == legal[r2.randrange(len(legal))]
            assert r1.getstate() == r2.getstate()
        n += 1
    assert n > 10


@pytest.mark.parametrize("name", GAMES)
def test_sample_legal_action_refuses_where_no_seat_named_acts(name):
    game = boardkit.load_game(name)
    s = game.new_initial_state()
    rng = random.Random(0)
    while not s.is_chance_node() and not s.is_terminal():  # the first chance node, if any
        acts = s.legal_actions(s.current_players()[0])
        s.apply_action(acts[0], player=s.current_players()[0] if len(s.current_players()) > 1 else None)
    if s.is_chance_node():
        with pytest.raises(ValueError, match="needs a seat to act; chance acts here"):
            s.sample_legal_action(rng)
    with pytest.raises(ValueError, match="rng is a random.Random, not NoneType"):
        s.sample_legal_action(None)
    with pytest.raises(ValueError, match="seat"):
        s.sample_legal_action(rng, game.num_players)  # not a seat
    with pytest.raises(ValueError, match="seat"):
        s.sample_legal_action(rng, True)
    for s, _ in _play(name, seed=2):
        others = [q for q in range(game.num_players) if q not in s.current_players()]
        if others:
            with pytest.raises(ValueError, match=f"seat {others[0]} is not one of them"):
                s.sample_legal_action(rng, others[0])
            break
    end = boardkit.random_playout(game.new_initial_state(), random.Random(4))
    with pytest.raises(ValueError, match="needs a seat to act; the game is over"):
        end.sample_legal_action(rng)


def test_sample_legal_action_asks_for_a_seat_where_several_act_at_once():
    s = boardkit.load_game("gridhunt", turn_order="simultaneous").new_initial_state()
    rng = random.Random(3)
    while s.is_chance_node():
        s.apply_action(sample_chance(s, rng))
    assert len(s.current_players()) > 1
    with pytest.raises(ValueError, match="name one with player="):
        s.sample_legal_action(rng)
    p = s.current_players()[1]
    assert s.sample_legal_action(rng, p) in s.legal_actions(p)


def _chance_states(name: str, seed: int, options: dict | None = None):
    """Each chance node of a seeded random game (the state, still to be drawn)."""
    s = boardkit.load_game(name, **(options or {})).new_initial_state()
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            yield s
            s.apply_action(sample_chance(s, rng))
            continue
        movers = s.current_players()
        p = movers[rng.randrange(len(movers))]
        acts = s.legal_actions(p)
        s.apply_action(acts[rng.randrange(len(acts))], player=p if len(movers) > 1 else None)


@pytest.mark.parametrize("name", GAMES)
def test_uniform_chance_is_the_chance_outcomes_when_said_equally_likely(name):
    """``uniform_chance()`` either says nothing (None) or gives exactly the outcomes of
    ``chance_outcomes()``, in its order, each of probability 1/len; and sample_chance draws
    the same outcome with the same rng either way (one randrange)."""
    said = 0
    for seed in (1, 2):
        for n, s in enumerate(_chance_states(name, seed)):
            outcomes = s.chance_outcomes()
            uniform = s.uniform_chance()
            if uniform is None:
                continue
            said += 1
            assert list(uniform) == [a for a, _ in outcomes]
            assert all(pr == Fraction(1, len(outcomes)) for _, pr in outcomes)
            r1, r2 = random.Random(n), random.Random(n)
            assert sample_chance(s, r1) is outcomes[r2.randrange(len(outcomes))][0]
            assert r1.getstate() == r2.getstate()
    if name in ("armageddon", "gridhunt"):  # the die (ARMA-3.1); layout, start and turn draws (GRID-7, GRID-5.1, GRID-6)
        assert said > 20


def test_uniform_chance_is_none_away_from_chance_and_in_the_simultaneous_variant_too():
    for name in ("armageddon", "gridhunt"):
        for s, _ in _play(name, seed=3):
            assert s.uniform_chance() is None
            break
    said = [s.uniform_chance() for s in _chance_states("gridhunt", 4, {"turn_order": "simultaneous"})]
    assert said and all(u is not None for u in said)  # GRID-D6: who resolves next, each equally likely


@pytest.mark.parametrize("name", GAMES)
def test_random_step_draws_as_sample_legal_action_and_sample_chance(name):
    """``random_step`` applies the action ``sample_chance`` or ``sample_legal_action`` would
    draw from the same rng, unchecked and unrecorded (the rollout step of search)."""
    from boardkit.core.playout import random_step

    s = boardkit.load_game(name).new_initial_state()
    rng, twin = random.Random(7), random.Random(7)
    steps = 0
    while not s.is_terminal() and steps < 400:
        if s.current_players() and len(s.current_players()) > 1:
            break
        expect = sample_chance(s, twin) if s.is_chance_node() else s.sample_legal_action(twin)
        before = len(s.history())
        assert random_step(s, rng) == expect
        assert len(s.history()) == before  # not recorded
        steps += 1
    assert steps > 20


def test_random_step_refuses_at_the_end_and_where_several_seats_act():
    from boardkit.core.playout import random_step

    end = boardkit.random_playout(boardkit.load_game("leaders").new_initial_state(), random.Random(4))
    with pytest.raises(ValueError, match="the game is over"):
        random_step(end, random.Random(0))
    s = boardkit.load_game("gridhunt", turn_order="simultaneous").new_initial_state()
    rng = random.Random(3)
    while s.is_chance_node():
        s.apply_action(sample_chance(s, rng))
    text = s.to_json()
    with pytest.raises(ValueError, match="act at once; draw one seat's action with sample_legal_action"):
        random_step(s, rng)
    assert s.to_json() == text  # unchanged


@pytest.mark.parametrize("name", GAMES)
def test_a_state_changed_unrecorded_is_not_saved_as_if_replayable(name):
    """apply_unchecked / random_step keep no history: to_json refuses (a replay would reach
    another state), a clone too; the position is still saved by to_position."""
    from boardkit.core.playout import random_step

    game = boardkit.load_game(name)
    s = game.new_initial_state()
    s.to_json()  # nothing unrecorded yet
    rng = random.Random(1)
    for _ in range(6):
        if s.is_terminal() or len(s.current_players()) > 1:
            break
        random_step(s, rng)
    assert s.unrecorded > 0
    for t in (s, s.clone()):
        with pytest.raises(ValueError, match=r"to_json: \d+ action\(s\) were applied by apply_unchecked or random_step"):
            t.to_json()
    if not s.is_terminal():
        again = game.state_from_position(s.to_position())
        assert again.to_position() == s.to_position() and again.unrecorded == 0
        again.to_json()


def test_random_step_and_sample_chance_name_a_bad_argument():
    from boardkit.core.playout import random_step

    s = boardkit.load_game("armageddon").new_initial_state()  # a roll: chance acts
    for f in (random_step, sample_chance):
        for rng, what in ((None, "NoneType"), (5, "int")):
            with pytest.raises(ValueError, match=f"^{f.__name__}: rng is a random.Random .*not {what}"):
                f(s, rng)  # each names itself (random_step said sample_chance at a chance node)
        with pytest.raises(ValueError, match="state is a boardkit State, not ArmageddonGame"):
            f(s.game, random.Random(0))
    s.apply_action("roll 3")  # a seat acts
    text = s.to_json()
    with pytest.raises(ValueError, match="random_step: rng is a random.Random"):
        random_step(s, None)
    assert s.to_json() == text  # unchanged


def test_sample_chance_and_random_playout_name_a_bad_argument_wherever_they_draw():
    """sample_chance(state, None) at a chance node whose outcomes are not all equal (no
    uniform shortcut) was an AttributeError; random_playout('x', rng) too."""
    s = boardkit.load_game("leaders").new_initial_state()
    assert s.is_chance_node()
    for rng, what in ((None, "NoneType"), (5, "int")):
        with pytest.raises(ValueError, match=f"^sample_chance: rng is a random.Random .*not {what}"):
            sample_chance(s, rng)
    for state, rng, word in (("x", random.Random(0), "state is a boardkit State, not str"),
                             (s, None, "rng is a random.Random, not NoneType")):
        with pytest.raises(ValueError, match=f"^random_playout: {word}"):
            boardkit.random_playout(state, rng)
    assert not s.history()


@pytest.mark.parametrize("name", GAMES + ["gridhunt:simultaneous"])
def test_random_steps_makes_the_steps_of_random_step(name):
    """``random_steps(state, rng, n)`` is ``n`` calls of ``random_step`` in one loop: the same
    actions from the same rng, unrecorded, stopping early (with the count) at the end or where
    several seats act; chunks of any size reach the same states."""
    from boardkit.core.playout import random_step, random_steps

    game_name, _, variant = name.partition(":")
    game = boardkit.load_game(game_name, **({"turn_order": variant} if variant else {}))
    one, many = game.new_initial_state(), game.new_initial_state()
    rng, twin = random.Random(11), random.Random(11)
    sizes = [1, 16, 3, 0, 40]
    steps = 0
    for i in range(400):
        n = sizes[i % len(sizes)]
        done = 0
        while done < n and not one.is_terminal() and len(one.current_players()) <= 1:
            random_step(one, twin)
            done += 1
        assert random_steps(many, rng, n) == done
        assert many.position_key() == one.position_key() and many.unrecorded == one.unrecorded == steps + done
        assert many.move_number() == steps + done and repr(many) == repr(one)  # unrecorded actions count too
        assert rng.getstate() == twin.getstate()
        steps += done
        if done < n:  # the end, or several seats at once: the next call applies nothing
            assert random_steps(many, rng, 5) == 0 and (many.is_terminal() or len(many.current_players()) > 1)
            break
    assert steps > 20 and not many.history()


def test_random_steps_names_a_bad_argument_and_an_engine_fault():
    from boardkit.core.playout import random_steps

    s = boardkit.load_game("armageddon").new_initial_state()
    for rng, what in ((None, "NoneType"), (5, "int")):
        with pytest.raises(ValueError, match=f"^random_steps: rng is a random.Random .*not {what}"):
            random_steps(s, rng, 3)
    with pytest.raises(ValueError, match="^random_steps: state is a boardkit State, not str"):
        random_steps("x", random.Random(0), 3)
    for n in ("5", None, 2.5, -1, float("nan"), True):
        with pytest.raises(ValueError, match="^random_steps: n is a whole number >= 0, not"):
            random_steps(s, random.Random(0), n)
    assert s.unrecorded == 0 and s.is_chance_node()

    class Draws:  # an rng with randrange only: its randrange is used
        def __init__(self):
            self.calls = 0

        def randrange(self, n):
            self.calls += 1
            return n - 1

    draws = Draws()
    assert random_steps(s, draws, 4) == 4 and draws.calls >= 4
    s = boardkit.load_game("leaders").new_initial_state()
    while s.is_chance_node():
        random_steps(s, random.Random(0), 1)
    s._sample_legal = lambda rng, p: None  # a broken engine: the seat to act has nothing to do
    s._legal_list = lambda: []
    with pytest.raises(ValueError, match="is to act but has no legal action"):
        random_steps(s, random.Random(0), 3)


def test_getrandbits_of_draws_what_randrange_draws() -> None:
    """``getrandbits_of``: for ``random.Random`` the inline draw (``getrandbits(m.bit_length())``
    again while ``>= m``) gives the very numbers ``randrange(m)`` gives on this Python, so
    Armageddon's draw, which inlines it, plays the seeded games it played with ``randrange``;
    for a generator that draws otherwise it answers None and the caller uses ``randrange``.
    ``EXACT_RANDOM`` (the type whose rngs may skip asking) is ``random.Random`` exactly then,
    and a subclass drawing otherwise is not of that type."""
    from boardkit.core.playout import EXACT_RANDOM, getrandbits_of

    assert EXACT_RANDOM is random.Random and getrandbits_of(random.Random(1)) is not None

    a, b = random.Random(11), random.Random(11)
    bits = getrandbits_of(a)
    assert bits is not None
    for m in list(range(1, 300)) + [2**k + d for k in range(9, 70, 7) for d in (-1, 0, 1)]:
        for _ in range(5):
            width = m.bit_length()
            i = bits(width)
            while i >= m:
                i = bits(width)
            assert i == b.randrange(m), m

    class Mine(random.Random):
        def _randbelow(self, n: int) -> int:  # type: ignore[override]
            return 0

    assert getrandbits_of(Mine(1)) is None  # its own randrange: the caller must use it
    assert type(Mine(1)) is not EXACT_RANDOM
