"""Every public entry answers or refuses in bounded work (issue: bounded inputs).

The bounds are checked before work starts and named in the error; where work grows with the
input, the test counts the work (calls of the word reader), not the time, so it cannot be
flaky. Speed is measured in benchmarks/bounds.py.
"""

from __future__ import annotations

import json
import random

import pytest

import boardkit
from boardkit import BoardkitDataError, NotationError
from boardkit.core import notation
from boardkit.core.notation import MAX_CHARS, MAX_WORDS, Notation


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = Notation._value

    def counted(slot, words, ctx):  # type: ignore[no-untyped-def]
        calls[0] += len(words)
        return real(slot, words, ctx)

    monkeypatch.setattr(Notation, "_value", staticmethod(counted))
    return calls


# -- 1. notation: linear in its words, and bounded -------------------------------------------------

@pytest.mark.parametrize("game, verb, word", [("gridhunt", "move", "a1"), ("marabunta", "split", "yellow")])
def test_a_long_repeated_slot_is_read_once_per_word(monkeypatch: pytest.MonkeyPatch, game: str, verb: str,
                                                     word: str) -> None:
    """Each word of a ``{x:cell+}`` / ``{x:element+}`` slot is read once, not once per span
    (the parser was quadratic: 4,000 words took 1.7 s in gridhunt, 28 s in Marabunta)."""
    state = boardkit.load_game(game).new_initial_state()
    calls = _counting(monkeypatch)
    n = MAX_WORDS - 1
    with pytest.raises(NotationError):
        state.parse_action(" ".join([verb] + [word] * (n - 1) + ["zz"]))
    assert calls[0] <= 3 * n, f"{calls[0]} word reads for {n} words"


@pytest.mark.parametrize("game, verb, word", [("gridhunt", "move", "a1"), ("marabunta", "split", "yellow")])
def test_more_words_than_the_bound_are_refused_before_reading(monkeypatch: pytest.MonkeyPatch, game: str,
                                                              verb: str, word: str) -> None:
    state = boardkit.load_game(game).new_initial_state()
    calls = _counting(monkeypatch)
    with pytest.raises(NotationError, match=f"at most {MAX_WORDS} words \\(notation.MAX_WORDS\\), this one 101"):
        state.parse_action(" ".join([verb] + ["a"] * 100))
    with pytest.raises(NotationError, match=f"at most {MAX_CHARS} characters \\(notation.MAX_CHARS\\)"):
        state.parse_action(" ".join([verb] + [word] * 33_333))  # 100 KB: refused before it is split
    assert calls[0] == 0


def test_a_saved_state_with_a_long_history_entry_is_refused_naming_the_entry() -> None:
    game = boardkit.load_game("gridhunt")
    state = game.new_initial_state()
    doc = json.loads(state.to_json())
    doc["history"] = ["move " + " ".join(["a1"] * 33_333)]
    with pytest.raises(BoardkitDataError, match=r"history\[0\].*at most 1000 characters"):
        game.state_from_json(json.dumps(doc))


# -- 2. gridhunt's random layout: wall counts whose layout is practically reachable ----------------

def _kept(size: int, walls: int, samples: int, seed: int) -> float:
    from boardkit.games.gridhunt.rules import connected

    rng = random.Random(seed)
    cells = range(size * size)
    return sum(connected(size, rng.sample(cells, walls)) for _ in range(samples)) / samples


def test_too_many_walls_are_refused_before_any_draw() -> None:
    """``walls=60`` on 12x12 ran 138,000 draws without finishing: now refused by name."""
    from boardkit.games.gridhunt.game import MAX_WALLS

    with pytest.raises(boardkit.OptionError, match=r"option walls=60: on a 12x12 grid at most 41 walls"):
        boardkit.load_game("gridhunt", walls=60)
    assert MAX_WALLS[12] == 41
    boardkit.load_game("gridhunt", walls=MAX_WALLS[12])  # the bound itself is accepted


@pytest.mark.parametrize("size", [6, 12, 26])
def test_the_wall_bound_keeps_about_one_layout_in_ten(size: int) -> None:
    """MAX_WALLS is where about one uniform wall set in ten leaves the free cells connected:
    at the bound well above 1 in 20, a few walls more well below 1 in 10."""
    from boardkit.games.gridhunt.game import MAX_WALLS

    bound = MAX_WALLS[size]
    assert _kept(size, bound, 400, 7) > 0.05
    assert _kept(size, bound + max(3, size // 2), 400, 8) < 0.10


def test_a_layout_that_is_never_kept_ends_with_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardkit.games.gridhunt import state as gridhunt_state

    monkeypatch.setattr(gridhunt_state, "MAX_LAYOUT_DRAWS", 0)
    state = boardkit.load_game("gridhunt", size=6, walls=13).new_initial_state()
    rng = random.Random(3)
    with pytest.raises(boardkit.OptionError, match=r"option walls=13: 0 random wall sets drawn, none leaving"):
        for _ in range(10_000):
            before = state.to_json()
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    assert state.to_json() == before  # the refused draw changed nothing


# -- 3. search: a time budget and a node bound, exposed on the command line ---------------------------

class _Clock:
    """A monotonic clock that moves ``step`` seconds at each reading (no real waiting)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _decision(name: str) -> boardkit.State:
    state = boardkit.load_game(name).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node() or len(state.legal_actions(state.current_players()[0])) < 2:
        boardkit.random_playout(state, rng, max_actions=1)
    return state


def test_mcts_with_a_huge_iteration_count_stops_at_its_default_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardkit.agents import MCTSAgent
    from boardkit.agents import mcts

    clock = _Clock(1.0)
    monkeypatch.setattr(mcts, "_clock", clock)
    agent = MCTSAgent(iterations=10**12)
    assert agent.seconds == mcts.SECONDS == 30.0 and agent.max_nodes == mcts.MAX_NODES
    state = _decision("leaders")
    action = agent.act(state, state.current_player(), random.Random(1))
    assert action in state.legal_actions()
    assert agent.last_stop == "seconds"
    assert clock.now < 200  # about 30 readings of the clock, not 10**12 iterations


def test_mcts_stops_at_its_node_bound() -> None:
    from boardkit.agents import MCTSAgent

    state = _decision("battle_royale")
    agent = MCTSAgent(iterations=10**12, seconds=None, max_nodes=60, rollout_max=5)
    assert agent.act(state, state.current_player(), random.Random(1)) in state.legal_actions()
    assert agent.last_stop == "nodes" and sum(agent.last_root_visits.values()) < 60


def test_solve_stops_at_its_time_budget_with_a_budget_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardkit.agents import SolverBudgetError, solve, solver

    monkeypatch.setattr(solver, "_clock", _Clock(1.0))
    with pytest.raises(SolverBudgetError, match=r"no answer within 30 s \(seconds\) after 992 states"):
        solve(_decision("marabunta"), turns=50)
    with pytest.raises(ValueError, match="turns must be at most 1000"):
        solve(_decision("marabunta"), turns=10**6)


def test_the_command_line_takes_a_time_budget(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from boardkit.agents import mcts
    from boardkit.cli import main

    monkeypatch.setattr(mcts, "_clock", _Clock(1.0))
    assert main(["simulate", "battle_royale", "--agents", "mcts999999999", "--seconds", "0.5", "--n", "1",
                 "--quiet"]) == 0
    assert "wins" in capsys.readouterr().out  # it played the game: one search iteration a decision
    assert main(["simulate", "leaders", "--agents", "mcts" + "9" * 5000, "--n", "1"]) == 2
    assert "N in mctsN has at most 18 digits" in capsys.readouterr().err
    assert main(["simulate", "leaders", "--agents", "mcts", "--seconds", "nan", "--n", "1"]) == 2
    assert "seconds must be a number of seconds > 0" in capsys.readouterr().err
