"""Generic conformance: seeded random games on every registered game check the State API.

After every step: legal actions sorted by notation and unique; chance outcomes exact Fractions
summing to exactly 1; notation round trip for every legal action; JSON round trip (at the
start, every k-th step from an offset that moves with the seed, so that the games together
cover every step modulo k, and at the end) to a state with the same observation and legal
actions; observations JSON-serialisable for every player; a few illegal actions (legal elsewhere) raise
IllegalActionError with a known clause and leave the state unchanged; at the end, one return
per player.

Clone independence (fewer games, every step): a clone and a ``child()`` played on for a few
actions (chance included) never change the original, and a clone kept aside is not changed by
the original's next action.

Environment: ``BOARDKIT_CONFORMANCE_GAMES`` (games per registered game, default 40),
``BOARDKIT_CONFORMANCE_JSON_EVERY`` (k, default 20: a round trip replays the game so far), ``BOARDKIT_CONFORMANCE_MAX_TURNS``
(value for a ``max_turns`` option, default 40), ``BOARDKIT_CONFORMANCE_CLONE_GAMES`` (games per
registered game for clone independence, default 6). The toy game (tests/toygame.py) runs too.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
from fractions import Fraction
from typing import Any

import pytest

import boardkit
from boardkit import OptionError
from boardkit import SIMULTANEOUS, Game, IllegalActionError, State, sample_chance

import toygame

N_GAMES = int(os.environ.get("BOARDKIT_CONFORMANCE_GAMES", "40"))
JSON_EVERY = int(os.environ.get("BOARDKIT_CONFORMANCE_JSON_EVERY", "20"))
MAX_TURNS = int(os.environ.get("BOARDKIT_CONFORMANCE_MAX_TURNS", "40"))
CLONE_GAMES = int(os.environ.get("BOARDKIT_CONFORMANCE_CLONE_GAMES", "6"))
CLONE_PLIES = 3  # actions played on a clone or child before the original is compared
MAX_ACTIONS = 20_000  # safety net for a game without max_turns that never ends
ILLEGAL_TRIES = 3
POOL_LIMIT = 2_000


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.register(monkeypatch)


@functools.lru_cache(maxsize=None, typed=True)
def _accepted(game_cls: type[Game], drawn: tuple[tuple[str, Any], ...], name: str, value: Any) -> bool:
    """Whether ``game_cls`` accepts ``value`` for option ``name`` next to the options ``drawn``
    before it (an unavailable variant is refused alone; a value that needs an earlier option,
    such as Leaders' exile_count='cards' expert=True, with it). Asked once per class, options
    and value: seeds draw their options from the same choices."""
    try:
        game_cls(**dict(drawn), **{name: value})
    except OptionError:
        return False
    return True


def game_options(game_cls: type[Game], rng: random.Random) -> dict[str, Any]:
    """Options for one game: ``max_turns`` fixed, other enumerable options drawn at random."""
    options: dict[str, Any] = {}
    for spec in game_cls.option_specs:
        if spec.name == "max_turns":
            options["max_turns"] = MAX_TURNS
            continue
        values: list[Any] = list(spec.choices) if spec.choices is not None else [False, True] if spec.kind is bool else []
        if values and spec.allow_none and None not in values:
            values.append(None)
        drawn = tuple(options.items())
        values = [v for v in values if _accepted(game_cls, drawn, spec.name, v)]  # e.g. an unavailable variant
        if values:
            options[spec.name] = rng.choice(values)
    return options


def snapshot(state: State) -> tuple[str, str, list[str]]:
    return state.to_json(), json.dumps(state.observation(None), sort_keys=True, default=repr), [str(a) for a in state.legal_actions()]


def glance(state: State) -> tuple[int, str, list[str]]:
    """The cheap part of :func:`snapshot` (without the saved text, which grows with the game):
    the history's length, the full observation and the legal actions."""
    return len(state.history()), json.dumps(state.observation(None), sort_keys=True, default=repr), [str(a) for a in state.legal_actions()]


def acting_seat(state: State) -> int | None:
    """The seat whose actions are checked: None (the player or chance to move), or at a turn
    where several seats act at once (``SIMULTANEOUS``) the first of ``current_players()``."""
    return state.current_players()[0] if state.current_player() == SIMULTANEOUS else None


def legal_of(state: State, seat: int | None) -> list[Any]:
    """``legal_actions()`` (seat None), or the seat's own list at a simultaneous turn."""
    return state.legal_actions() if seat is None else state.legal_actions(seat)


def check_illegal(state: State, candidates: list[Any], where: Any) -> None:
    """Each candidate not legal here must raise with a known clause and change nothing: the
    observation, legal actions and history length after each refusal, and the whole
    :func:`snapshot` (saved text included) after the last one."""
    seat = acting_seat(state)
    legal = set(legal_of(state, seat))
    refused = [a for a in candidates if a not in legal]
    if not refused:
        return
    before = snapshot(state)
    seen = (len(state.history()), *before[1:])
    for action in refused:
        with pytest.raises(IllegalActionError) as info:
            state.apply_action(action, player=seat)
        err = info.value
        assert err.clause in state.game.clauses, f"{where}: {action} raised unknown clause {err.clause!r}"
        assert err.reason, f"{where}: {action} raised without a reason"
        assert glance(state) == seen, f"{where}: refused action {action} changed the state"
        why = state.why_illegal(action, seat)
        assert isinstance(why, IllegalActionError) and why.clause == err.clause, f"{where}: why_illegal({action}) disagrees"
    assert snapshot(state) == before, f"{where}: refused actions {refused} changed the state"


def check_step(state: State, step: int, where: Any, pool: dict[str, Any], rng: random.Random) -> None:
    game = state.game
    if state.current_player() == SIMULTANEOUS:  # several seats act at once: each seat's own list
        waiting = state.current_players()
        assert len(waiting) > 1 and state.legal_actions() == [], f"{where}: SIMULTANEOUS with {waiting}"
        for seat in waiting[1:]:
            names = [str(a) for a in state.legal_actions(seat)]
            assert names and names == sorted(names) and len(set(names)) == len(names), f"{where}: seat {seat}: {names}"
    legal = legal_of(state, acting_seat(state))
    names = [str(a) for a in legal]
    assert names == sorted(names), f"{where}: legal_actions not sorted by notation: {names}"
    assert len(set(names)) == len(names) and len(set(legal)) == len(legal), f"{where}: repeated actions {names}"
    assert legal, f"{where}: a non-terminal state without legal actions"
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal, f"{where}: chance_outcomes and legal_actions differ"
        for a, p in outcomes:
            assert isinstance(p, Fraction), f"{where}: probability of {a} is {type(p).__name__}, not Fraction"
            assert 0 < p <= 1, f"{where}: probability of {a} is {p}"
        assert sum(p for _, p in outcomes) == 1, f"{where}: chance probabilities sum to {sum(p for _, p in outcomes)}"
    elif state.current_player() != SIMULTANEOUS:
        assert state.current_player() in range(game.num_players), f"{where}: current_player {state.current_player()}"
    for a in legal:
        assert state.parse_action(str(a)) == a, f"{where}: parse_action({str(a)!r}) != {a!r}"
    for p in [None, *range(game.num_players)]:
        json.dumps(state.observation(p))
    # illegal actions: legal elsewhere in this game, and what the same clicks denote here
    if pool:
        candidates = [pool[k] for k in rng.sample(sorted(pool), min(ILLEGAL_TRIES, len(pool)))]
        from_cells = getattr(state, "actions_from_cells", None)
        if from_cells is not None:
            for c in list(candidates):
                if c.cells:
                    candidates.extend(from_cells(c.cells)[:2])
        check_illegal(state, candidates, where)
    for a in legal:
        if len(pool) < POOL_LIMIT:
            pool.setdefault(str(a), a)


def check_json_round_trip(state: State, where: Any) -> None:
    again = state.game.state_from_json(state.to_json())
    assert again.observation(None) == state.observation(None), f"{where}: JSON round trip changed the observation"
    assert again.legal_actions() == state.legal_actions(), f"{where}: JSON round trip changed the legal actions"
    assert [again.legal_actions(p) for p in state.current_players()] == [state.legal_actions(p) for p in state.current_players()]
    assert again.current_player() == state.current_player(), f"{where}: JSON round trip changed the player"


def truth(state: State) -> tuple[str, str, Any, list[str]]:
    """What a copy must not disturb: full observation, legal actions, player to move, history."""
    return (
        json.dumps(state.observation(None), sort_keys=True, default=repr),
        json.dumps([str(a) for a in state.legal_actions()]),
        state.current_player(),
        [str(a) for a in state.history()],
    )


def random_action(state: State, rng: random.Random) -> Any:
    """A chance outcome drawn by its probability, or a uniformly drawn legal action (at a turn
    where several seats act at once, of a seat drawn among them: see :func:`random_step`)."""
    return random_step(state, rng)[0]


def random_step(state: State, rng: random.Random) -> tuple[Any, int | None]:
    """``(action, seat)``: a chance outcome (seat None), the mover's uniformly drawn legal action
    (seat None), or at a ``SIMULTANEOUS`` turn a seat drawn among ``current_players()`` with one
    of its legal actions."""
    if state.is_chance_node():
        return sample_chance(state, rng), None
    seat = None
    if state.current_player() == SIMULTANEOUS:
        waiting = state.current_players()
        seat = waiting[rng.randrange(len(waiting))]
    legal = legal_of(state, seat)
    return legal[rng.randrange(len(legal))], seat


def apply_random(state: State, rng: random.Random) -> None:
    """Apply one :func:`random_step`."""
    action, seat = random_step(state, rng)
    state.apply_action(action, player=seat)


def play_on(state: State, rng: random.Random, plies: int) -> None:
    """Apply up to ``plies`` random actions (chance included) to ``state``."""
    for _ in range(plies):
        if state.is_terminal():
            return
        apply_random(state, rng)


def check_clone_independence(state: State, rng: random.Random, where: Any) -> None:
    """A clone and a child, played on, leave ``state`` exactly as it was."""
    before = truth(state)
    twin = state.clone()
    assert truth(twin) == before, f"{where}: clone differs from its original"
    play_on(twin, rng, CLONE_PLIES)
    assert truth(state) == before, f"{where}: playing on a clone changed the original"
    child = state.clone()
    apply_random(child, rng)
    play_on(child, rng, CLONE_PLIES - 1)
    assert truth(state) == before, f"{where}: playing on a child changed the original"


def run_clone_independence(game_name: str, n_games: int) -> None:
    """Seeded random games; at every step the original is checked against its copies, and a
    clone kept aside is checked after the original moves on."""
    cls = boardkit.game_class(game_name)
    for seed in range(n_games):
        rng = random.Random(f"clone:{seed}")
        game = boardkit.load_game(game_name, **game_options(cls, rng))
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and step < MAX_ACTIONS:
            where = Where(game, seed, step, state)
            check_clone_independence(state, rng, where)
            aside, aside_truth = state.clone(), truth(state)
            apply_random(state, rng)
            assert truth(aside) == aside_truth, f"{where}: the original's next action changed a clone"
            step += 1


class Where:
    """Where a check runs (formatted only when an assertion fails)."""

    def __init__(self, game: Game, seed: int, step: int, state: State) -> None:
        self.game, self.seed, self.step, self.state = game, seed, step, state

    def __str__(self) -> str:
        history = [str(a) for a in self.state.history()]
        return f"{self.game!r} seed {self.seed} step {self.step} history {history}"

    def __format__(self, spec: str) -> str:
        return str(self)


def run_conformance(game_name: str, n_games: int) -> None:
    cls = boardkit.game_class(game_name)
    pool: dict[str, Any] = {}
    for seed in range(n_games):
        rng = random.Random(seed)
        game = boardkit.load_game(game_name, **game_options(cls, rng))
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and step < MAX_ACTIONS:
            where = Where(game, seed, step, state)
            check_step(state, step, where, pool, rng)
            if step == 0 or (step + seed) % JSON_EVERY == 0:
                check_json_round_trip(state, where)
            apply_random(state, rng)
            step += 1
        where = f"{game!r} seed {seed} end after {step} actions"
        if not state.is_terminal():
            continue  # cut off by MAX_ACTIONS (only when the game has no max_turns)
        assert state.legal_actions() == [], f"{where}: legal actions at the end"
        returns = state.returns()
        assert len(returns) == game.num_players, f"{where}: returns {returns} for {game.num_players} players"
        assert all(isinstance(r, (int, Fraction)) and not isinstance(r, bool) for r in returns), f"{where}: returns {returns}"
        assert set(state.winners()) <= set(range(game.num_players)), f"{where}: winners {state.winners()}"
        check_json_round_trip(state, where)
        for p in [None, *range(game.num_players)]:
            json.dumps(state.observation(p))
        if pool:
            check_illegal(state, [pool[k] for k in rng.sample(sorted(pool), min(ILLEGAL_TRIES, len(pool)))], where)


@pytest.mark.parametrize("game_name", boardkit.list_games())
def test_conformance(game_name: str) -> None:
    """Random seeded games on a registered game satisfy the State API invariants."""
    run_conformance(game_name, N_GAMES)


def test_conformance_toy() -> None:
    """The conformance checks themselves, on the private toy game (TOY-1 .. TOY-5 in play)."""
    run_conformance("toy", N_GAMES)


@pytest.mark.parametrize("game_name", [*boardkit.list_games(), "toy"])
def test_clone_independence(game_name: str) -> None:
    """Along seeded random games, clones and children are independent of their original."""
    run_clone_independence(game_name, CLONE_GAMES)


def test_clone_independence_catches_a_shallow_clone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone that shares its containers (market, pieces, ...) with the original is caught."""
    from boardkit.games.leaders.game import LeadersState

    def shallow(self: LeadersState) -> LeadersState:
        new = copy.copy(self)
        new._history = list(self._history)
        new._legal_cache = None
        return new

    monkeypatch.setattr(LeadersState, "clone", shallow)
    with pytest.raises(AssertionError, match="changed the original"):
        run_clone_independence("leaders", 1)


def test_conformance_catches_unsorted_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken game (legal actions out of order) is caught: the checks are not vacuous."""
    monkeypatch.setattr(State, "legal_actions", lambda self: list(reversed(self._legal_actions())) if not self.is_chance_node() else [a for a, _ in self.chance_outcomes()])
    with pytest.raises(AssertionError, match="not sorted"):
        run_conformance("toy", 3)


def test_conformance_catches_state_change_on_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that changes the state before refusing an action is caught."""
    original = toygame.ToyState._explain

    def leaky(self: toygame.ToyState, action: Any) -> IllegalActionError:
        self.turns += 1
        return original(self, action)

    monkeypatch.setattr(toygame.ToyState, "_explain", leaky)
    with pytest.raises(AssertionError, match="changed the state"):
        run_conformance("toy", 3)
